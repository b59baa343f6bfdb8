import { queryOptions } from '@tanstack/react-query';
import type { TableQRCodes } from '../../../api/contract';
import * as api from '../../../api/client';
import { tablesSettingsKey } from '../../order-board';

export type { TableQRCodes };

/**
 * The printable sheet's QR codes, drawn by the server (the same QR library
 * as the menu's code) so the page carries no encoder. Under the tables
 * settings' key: whatever refreshes the tables refreshes their codes.
 */
export const tablesQRKey = (clienteId: string) => [...tablesSettingsKey(clienteId), 'qr'] as const;

/** GET /api/clientes/{id}/mesas/qr: each active table's QR code of its secret URL, as SVG. */
export function getTablesQR(clienteId: string, signal?: AbortSignal): Promise<TableQRCodes> {
  return api.get('/api/clientes/{cliente_id}/mesas/qr', { path: { cliente_id: clienteId }, signal });
}

export function tablesQRQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: tablesQRKey(clienteId),
    queryFn: ({ signal }) => getTablesQR(clienteId, signal),
    // The codes are secrets the server does not let caches keep; no reuse here either.
    staleTime: 0,
    gcTime: 0,
  });
}

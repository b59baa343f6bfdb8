import { queryOptions } from '@tanstack/react-query';
import type { TableSetting, TablesSettings, TablesSettingsInput } from '../../../api/contract';
import * as api from '../../../api/client';

export type { TableSetting, TablesSettings, TablesSettingsInput };

/**
 * The tables settings ('Mesas y propinas', issue 31): beside the ordering
 * settings (same roles, propietario and gerente), and read by the panel's
 * printable sheet of the tables' QR codes.
 */
export const tablesSettingsKey = (clienteId: string) => ['order-board', clienteId, 'tables'] as const;

/** GET /api/clientes/{id}/mesas: the tables with their codes and URLs, the mode and the tips. */
export function getTablesSettings(clienteId: string, signal?: AbortSignal): Promise<TablesSettings> {
  return api.get('/api/clientes/{cliente_id}/mesas', { path: { cliente_id: clienteId }, signal });
}

export function tablesSettingsQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: tablesSettingsKey(clienteId),
    queryFn: ({ signal }) => getTablesSettings(clienteId, signal),
    staleTime: 0,
  });
}

/** PUT /api/clientes/{id}/mesas: replaces the whole list (a table left out is removed); the answer has each table's code. */
export function saveTablesSettings(clienteId: string, body: TablesSettingsInput): Promise<TablesSettings> {
  return api.put('/api/clientes/{cliente_id}/mesas', { path: { cliente_id: clienteId }, body });
}

/** POST /api/clientes/{id}/mesas/codigos: new secret codes for every table (the printed ones stop working). */
export function renewTableCodes(clienteId: string): Promise<TablesSettings> {
  return api.post('/api/clientes/{cliente_id}/mesas/codigos', { path: { cliente_id: clienteId } });
}

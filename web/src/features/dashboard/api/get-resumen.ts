import { queryOptions } from '@tanstack/react-query';
import type { ResponseBody } from '../../../api/contract';
import * as api from '../../../api/client';

/** The panel's summary (GET /api/clientes/{id}/resumen): amounts in cents. */
export type Resumen = ResponseBody<'/api/clientes/{cliente_id}/resumen', 'get'>;
export type ResumenDia = Resumen['serie'][number];

export const resumenKeys = {
  all: ['resumen'] as const,
  detail: (clienteId: string) => [...resumenKeys.all, clienteId] as const,
};

export function getResumen(clienteId: string, signal?: AbortSignal): Promise<Resumen> {
  return api.get('/api/clientes/{cliente_id}/resumen', { path: { cliente_id: clienteId }, signal });
}

/** Fresh on each visit to the panel (orders arrive all day). */
export function resumenQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: resumenKeys.detail(clienteId),
    queryFn: ({ signal }) => getResumen(clienteId, signal),
    staleTime: 0,
  });
}

/** The summary by day as a CSV file (GET /api/clientes/{id}/resumen.csv): orders, tips, coupons. */
export function getResumenCSV(clienteId: string): Promise<Blob> {
  return api.blob('/api/clientes/{cliente_id}/resumen.csv', { path: { cliente_id: clienteId } });
}

import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ResponseBody } from '../../../api/contract';
import * as api from '../../../api/client';

/** The panel's first-run checklist (GET /api/clientes/{id}/primeros-pasos). */
export type PrimerosPasos = ResponseBody<'/api/clientes/{cliente_id}/primeros-pasos', 'get'>;
export type Paso = PrimerosPasos['pasos'][number];

export const firstStepsKeys = {
  all: ['primeros-pasos'] as const,
  detail: (clienteId: string) => [...firstStepsKeys.all, clienteId] as const,
};

/** Fresh on each visit to the panel: the steps tick themselves from what the staff did elsewhere. */
export function firstStepsQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: firstStepsKeys.detail(clienteId),
    queryFn: ({ signal }) => api.get('/api/clientes/{cliente_id}/primeros-pasos', { path: { cliente_id: clienteId }, signal }),
    staleTime: 0,
  });
}

/**
 * Records that the staff printed or downloaded the QR codes (the one step
 * no other data shows). Best effort: a failure only leaves the step open.
 */
export function markQRPrinted(queryClient: QueryClient, clienteId: string): void {
  api.put('/api/clientes/{cliente_id}/primeros-pasos/qr', { path: { cliente_id: clienteId } }).then(
    (v) => queryClient.setQueryData(firstStepsKeys.detail(clienteId), v),
    () => undefined,
  );
}

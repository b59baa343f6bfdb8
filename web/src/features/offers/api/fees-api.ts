import { queryOptions } from '@tanstack/react-query';
import type { Fee, OutboxMessage, Refund, ResponseBody } from '../../../api/contract';
import * as api from '../../../api/client';

export type { Fee, OutboxMessage, Refund };

export const feesKeys = {
  cliente: (clienteId: string) => ['fees', 'cliente', clienteId] as const,
  failed: () => ['fees', 'failed'] as const,
  outbox: () => ['admin', 'outbox'] as const,
  refunds: () => ['admin', 'refunds'] as const,
};

/** GET /api/admin/reembolsos (super admin): payments to refund, then the latest refunded. */
export function listRefunds(signal?: AbortSignal): Promise<Refund[]> {
  return api.get('/api/admin/reembolsos', { signal });
}

/** The super admin's lists are read afresh on each visit. */
export function refundsQueryOptions() {
  return queryOptions({ queryKey: feesKeys.refunds(), queryFn: ({ signal }) => listRefunds(signal), staleTime: 0 });
}

/** POST /api/admin/reembolsos/{compra_id}/reembolsar (super admin): the restaurant's provider refunds the payment. */
export function refundPurchase(compraId: number): Promise<Refund> {
  return api.post('/api/admin/reembolsos/{compra_id}/reembolsar', { path: { compra_id: compraId } });
}

/** POST /api/admin/reembolsos/{compra_id} (super admin): the payment was refunded another way. */
export function markRefunded(compraId: number): Promise<ResponseBody<'/api/admin/reembolsos/{compra_id}', 'post'>> {
  return api.post('/api/admin/reembolsos/{compra_id}', { path: { compra_id: compraId } });
}

/** GET /api/clientes/{id}/fees (staff). */
export function listClienteFees(clienteId: string, signal?: AbortSignal): Promise<Fee[]> {
  return api.get('/api/clientes/{cliente_id}/fees', { path: { cliente_id: clienteId }, signal });
}

export function clienteFeesQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: feesKeys.cliente(clienteId),
    queryFn: ({ signal }) => listClienteFees(clienteId, signal),
  });
}

/** GET /api/admin/fees (super admin): failed fees across restaurants. */
export function listFailedFees(signal?: AbortSignal): Promise<Fee[]> {
  return api.get('/api/admin/fees', { signal });
}

export function failedFeesQueryOptions() {
  return queryOptions({ queryKey: feesKeys.failed(), queryFn: ({ signal }) => listFailedFees(signal), staleTime: 0 });
}

/** GET /api/admin/outbox (super admin): the e-mail outbox. */
export function listOutbox(signal?: AbortSignal): Promise<OutboxMessage[]> {
  return api.get('/api/admin/outbox', { signal });
}

export function outboxQueryOptions() {
  return queryOptions({ queryKey: feesKeys.outbox(), queryFn: ({ signal }) => listOutbox(signal), staleTime: 0 });
}

/** Sums of a restaurant's fees by state (cents, per currency of the first fee). */
export function feeTotals(fees: Fee[]): { cobrado: number; pendiente: number; fallido: number } {
  const totals = { cobrado: 0, pendiente: 0, fallido: 0 };
  for (const f of fees) {
    if (f.estado === 'cobrado' || f.estado === 'pendiente' || f.estado === 'fallido') totals[f.estado] += f.amount;
  }
  return totals;
}

/** POST /api/admin/outbox/{id}/reenviar (super admin): queue a failed or sent e-mail again. */
export function resendMail(id: number): Promise<ResponseBody<'/api/admin/outbox/{id}/reenviar', 'post'>> {
  return api.post('/api/admin/outbox/{id}/reenviar', { path: { id } });
}

/** POST /api/admin/fees/{id}/reintentar (super admin): queue a failed fee again. */
export function retryFee(id: number): Promise<ResponseBody<'/api/admin/fees/{id}/reintentar', 'post'>> {
  return api.post('/api/admin/fees/{id}/reintentar', { path: { id } });
}

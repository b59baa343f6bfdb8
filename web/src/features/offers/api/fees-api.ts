import { apiFetch } from '../../../lib/api-client';

/** A platform fee (the 500-cent charge per coupon sold) as the API sends it. */
export type Fee = {
  id: number;
  compra_id: number;
  cliente_id?: number;
  amount: number;
  currency: string;
  estado: 'pendiente' | 'cobrado' | 'fallido' | string;
  attempts: number;
  last_error: string;
  created_at: number;
  charged_at: number;
};

export type OutboxMessage = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string;
  created_at: number;
};

export const feesKeys = {
  cliente: (clienteId: string) => ['fees', 'cliente', clienteId] as const,
  failed: () => ['fees', 'failed'] as const,
  outbox: () => ['admin', 'outbox'] as const,
};

/** GET /api/clientes/{id}/fees (staff). */
export function listClienteFees(clienteId: string, signal?: AbortSignal): Promise<Fee[]> {
  return apiFetch<Fee[]>(`/clientes/${encodeURIComponent(clienteId)}/fees`, { signal });
}

/** GET /api/admin/fees (super admin): failed fees across restaurants. */
export function listFailedFees(signal?: AbortSignal): Promise<Fee[]> {
  return apiFetch<Fee[]>('/admin/fees', { signal });
}

/** GET /api/admin/outbox (super admin): the e-mail outbox. */
export function listOutbox(signal?: AbortSignal): Promise<OutboxMessage[]> {
  return apiFetch<OutboxMessage[]>('/admin/outbox', { signal });
}

/** Sums of a restaurant's fees by state (cents, per currency of the first fee). */
export function feeTotals(fees: Fee[]): { cobrado: number; pendiente: number; fallido: number } {
  const totals = { cobrado: 0, pendiente: 0, fallido: 0 };
  for (const f of fees) {
    if (f.estado === 'cobrado' || f.estado === 'pendiente' || f.estado === 'fallido') totals[f.estado] += f.amount;
  }
  return totals;
}

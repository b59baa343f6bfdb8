import { apiFetch } from '../../../lib/api-client';

export type RedeemedVoucher = { codigo: string; descripcion: string; estado: string; total: number; redeemed_at: number };

/** POST /api/clientes/{id}/vouchers/canjear (staff) → {message, voucher}; 404 unknown, 409 used or expired. */
export function redeemVoucher(clienteId: string, codigo: string): Promise<{ message: string; voucher: RedeemedVoucher }> {
  return apiFetch(`/clientes/${encodeURIComponent(clienteId)}/vouchers/canjear`, { method: 'POST', body: { codigo } });
}

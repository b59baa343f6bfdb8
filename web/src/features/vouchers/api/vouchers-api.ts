import type { ResponseBody, Voucher } from '../../../api/contract';
import * as api from '../../../api/client';

/** The voucher a restaurant just redeemed; the card shows `descripcion`. */
export type RedeemedVoucher = Voucher;

type RedeemAnswer = ResponseBody<'/api/clientes/{cliente_id}/vouchers/canjear', 'post'>;

/** POST /api/clientes/{id}/vouchers/canjear (staff) → {message, voucher}; 404 unknown, 409 used or expired. */
export function redeemVoucher(clienteId: string, codigo: string): Promise<RedeemAnswer> {
  return api.post('/api/clientes/{cliente_id}/vouchers/canjear', { path: { cliente_id: clienteId }, body: { codigo } });
}

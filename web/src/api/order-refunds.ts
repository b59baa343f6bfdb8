import * as api from './client';
import type { Pedido } from './contract';

/**
 * The refund of a cancelled, paid online order, as both the kitchen's board
 * (its restaurant's staff) and the super admin's list of refunds call it:
 * one definition of each endpoint for the two features.
 */

/** POST /api/pedidos/{id}/reembolsar {cliente_id}: the restaurant's provider refunds the order's payment ('Reembolsar', 'Reintentar'). */
export function refundOrder(clienteId: string | number, id: number): Promise<Pedido> {
  return api.post('/api/pedidos/{id}/reembolsar', { path: { id }, body: { cliente_id: Number(clienteId) } });
}

/** POST /api/pedidos/{id}/reembolso {cliente_id}: the order's payment was refunded another way ('Marcar como reembolsado'). */
export function markOrderRefunded(clienteId: string | number, id: number): Promise<Pedido> {
  return api.post('/api/pedidos/{id}/reembolso', { path: { id }, body: { cliente_id: Number(clienteId) } });
}

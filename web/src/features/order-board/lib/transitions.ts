import type { EstadoPedido } from '../../../api/contract';

/**
 * The kitchen's transition table, as the server has it
 * (internal/ordering/board.go `transitions`): the board offers exactly these
 * moves; the server refuses any other with 409.
 */
const NEXT: Partial<Record<EstadoPedido, EstadoPedido[]>> = {
  recibido: ['en_preparacion', 'cancelado'],
  en_preparacion: ['listo', 'cancelado'],
  listo: ['entregado', 'cancelado'],
};

/**
 * A table's order (issue 31) has no pickup step: it goes from the kitchen
 * straight to the table, en_preparacion → entregado ('Servido').
 */
const NEXT_AT_TABLE: Partial<Record<EstadoPedido, EstadoPedido[]>> = {
  ...NEXT,
  en_preparacion: ['entregado', 'cancelado'],
};

/** The moves staff may make from an order's state (cancelling is last); atTable: an order of a table. */
export function nextStates(estado: EstadoPedido, atTable = false): EstadoPedido[] {
  return (atTable ? NEXT_AT_TABLE : NEXT)[estado] ?? [];
}

/** Whether an order was placed at a table (Pedido.mesa set), not for pickup. */
export function isTableOrder(p: { mesa?: unknown }): boolean {
  return p.mesa !== null && p.mesa !== undefined;
}

/** The board's columns (open orders) and its closed list, in the order the kitchen works. */
export const OPEN_STATES = ['recibido', 'en_preparacion', 'listo'] as const satisfies readonly EstadoPedido[];
export const CLOSED_STATES = ['entregado', 'cancelado'] as const satisfies readonly EstadoPedido[];

/** An order that keeps alerting until someone presses 'Visto'. */
export function isNewOrder(p: { visto: boolean; estado: EstadoPedido }): boolean {
  return !p.visto && (OPEN_STATES as readonly EstadoPedido[]).includes(p.estado);
}

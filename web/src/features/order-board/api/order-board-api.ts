import { queryOptions } from '@tanstack/react-query';
import type { Board, EstadoPedido, OrderConfig, Pedido, RequestBody, ResponseBody } from '../../../api/contract';
import * as api from '../../../api/client';

export type { Board, EstadoPedido, OrderConfig, Pedido };

/** Query keys of the kitchen's pages. */
export const orderBoardKeys = {
  all: ['order-board'] as const,
  board: (clienteId: string) => [...orderBoardKeys.all, clienteId, 'board'] as const,
  config: (clienteId: string) => [...orderBoardKeys.all, clienteId, 'config'] as const,
};

/** GET /api/clientes/{id}/pedidos (staff): today's paid orders (and earlier open ones) with the day's totals. */
export function getBoard(clienteId: string, signal?: AbortSignal): Promise<Board> {
  return api.get('/api/clientes/{cliente_id}/pedidos', { path: { cliente_id: clienteId }, signal });
}

export function boardQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: orderBoardKeys.board(clienteId),
    queryFn: ({ signal }) => getBoard(clienteId, signal),
    // The live stream says when to read again; this is only a safety net.
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/** GET /api/clientes/{id}/pedidos/config (staff). */
export function getOrderConfig(clienteId: string, signal?: AbortSignal): Promise<OrderConfig> {
  return api.get('/api/clientes/{cliente_id}/pedidos/config', { path: { cliente_id: clienteId }, signal });
}

export function orderConfigQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: orderBoardKeys.config(clienteId),
    queryFn: ({ signal }) => getOrderConfig(clienteId, signal),
    staleTime: 0,
  });
}

type ConfigInput = RequestBody<'/api/clientes/{cliente_id}/pedidos/config', 'put'>;

/**
 * PUT /api/clientes/{id}/pedidos/config (staff): the whole settings (a field
 * left out is stored as its zero value, so callers always send them all).
 */
export function saveOrderConfig(clienteId: string, config: OrderConfig): Promise<OrderConfig> {
  const body: Required<ConfigInput> = {
    activo: config.activo,
    preparacion_min: config.preparacion_min,
    horario: config.horario,
    pedidos_por_franja: config.pedidos_por_franja,
    pausado_hasta: config.pausado_hasta,
    zona_horaria: config.zona_horaria,
    aviso_ambar_min: config.aviso_ambar_min,
    aviso_rojo_min: config.aviso_rojo_min,
    un_toque: config.un_toque,
  };
  return api.put('/api/clientes/{cliente_id}/pedidos/config', { path: { cliente_id: clienteId }, body });
}

/**
 * PUT /api/clientes/{id}/pedidos/pausa (the kitchen, a manager, the owner):
 * pauses online orders until pausadoHasta (Unix seconds; 0 takes them
 * again) and answers the whole settings. Only the pause changes.
 */
export function pauseOrders(clienteId: string, pausadoHasta: number): Promise<OrderConfig> {
  return api.put('/api/clientes/{cliente_id}/pedidos/pausa', { path: { cliente_id: clienteId }, body: { pausado_hasta: pausadoHasta } });
}

/** PUT /api/pedidos/{id}/estado (staff): a move of the transition table; cancelling needs motivo (409 for any other move). */
export function moveOrder(clienteId: string, id: number, estado: EstadoPedido, motivo?: string): Promise<Pedido> {
  const body: RequestBody<'/api/pedidos/{id}/estado', 'put'> = { cliente_id: Number(clienteId), estado };
  if (motivo !== undefined) body.motivo = motivo;
  return api.put('/api/pedidos/{id}/estado', { path: { id }, body });
}

/** POST /api/pedidos/{id}/visto (staff): stops a new order's alert on every board. */
export function acknowledgeOrder(clienteId: string, id: number): Promise<ResponseBody<'/api/pedidos/{id}/visto', 'post'>> {
  return api.post('/api/pedidos/{id}/visto', { path: { id }, body: { cliente_id: Number(clienteId) } });
}

/** POST /api/pedidos/{id}/pos (staff): sends an order that did not reach the POS again now. */
export function retryOrderPOS(clienteId: string, id: number): Promise<ResponseBody<'/api/pedidos/{id}/pos', 'post'>> {
  return api.post('/api/pedidos/{id}/pos', { path: { id }, body: { cliente_id: Number(clienteId) } });
}

/** The refund of a cancelled order's payment: shared with the super admin's refunds (api/order-refunds.ts). */
export { refundOrder, markOrderRefunded as markRefunded } from '../../../api/order-refunds';

/** PUT /api/clover/products/{id}/agotado (staff): sold out until the restaurant's midnight, or available again. */
export function setSoldOut(
  clienteId: string,
  productId: number,
  agotado: boolean,
): Promise<ResponseBody<'/api/clover/products/{id}/agotado', 'put'>> {
  return api.put('/api/clover/products/{id}/agotado', { path: { id: productId }, body: { cliente_id: Number(clienteId), agotado } });
}

/** A product of the kitchen's 'Agotados hoy' list and the menu section it is listed under. */
export type SoldOutItem = { id: number; name: string; agotadoHoy: boolean; section: string | null };
/** The menu's sections (POS categories) in the menu's order, and the restaurant's visible products. */
export type SoldOutList = { sections: string[]; items: SoldOutItem[] };

export const soldOutKey = (clienteId: string) => [...orderBoardKeys.all, clienteId, 'sold-out'] as const;

/**
 * The visible products for the board's 'Agotados hoy' panel: the owner's list
 * (GET /api/productos without category_id: any staff role), each under the
 * first menu section (GET /api/categories and their subcategories, public)
 * that holds its POS category, in the menu's order. Read only when the panel
 * opens: the board itself never loads it.
 */
export async function getSoldOutList(clienteId: string, idioma: string, signal?: AbortSignal): Promise<SoldOutList> {
  const [productos, categorias] = await Promise.all([
    api.get('/api/productos', { query: { cliente_id: clienteId, idioma }, signal }),
    api.get('/api/categories', { query: { cliente_id: clienteId, idioma }, signal }),
  ]);
  const subs = await Promise.all(
    (categorias?.categorias ?? []).map((c) =>
      api.get('/api/categories/{id}/subcategories', { path: { id: c.id }, query: { cliente_id: clienteId, idioma }, signal }),
    ),
  );
  const sectionOf = new Map<string, string>();
  const sections: string[] = [];
  for (const s of subs.flatMap((b) => b?.subcategorias ?? [])) {
    if (sectionOf.has(s.clover_category_id)) continue;
    sectionOf.set(s.clover_category_id, s.name);
    if (!sections.includes(s.name)) sections.push(s.name);
  }
  const items = (productos?.productos ?? [])
    .filter((p) => p.visible)
    .map((p) => {
      const cat = (p.categorias ?? []).find((c) => sectionOf.has(c));
      return { id: p.id, name: p.name, agotadoHoy: p.agotado_hoy, section: cat ? sectionOf.get(cat)! : null };
    });
  return { sections, items };
}

export function soldOutQueryOptions(clienteId: string, idioma: string) {
  return queryOptions({
    queryKey: [...soldOutKey(clienteId), idioma] as const,
    queryFn: ({ signal }) => getSoldOutList(clienteId, idioma, signal),
    staleTime: 30_000,
  });
}

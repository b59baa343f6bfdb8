import { queryOptions } from '@tanstack/react-query';
import type {
  Availability,
  LineRequest,
  OnlineMenu,
  OrderPlaced,
  OrderTracking,
  PlaceOrderInput,
  Quote,
  Usuario,
} from '../../../api/contract';
import { apiFetch } from '../../../lib/api-client';
import { getDinerToken } from '../../../lib/diner-session';

/**
 * Online ordering calls (internal/api/ordering.go). They are public: a
 * signed-in diner's token is sent (never the staff token) so the order is
 * linked to the account; a guest sends none. One function per endpoint, and
 * TanStack Query options for the reads, keyed by `orderingKeys`.
 */

const q = encodeURIComponent;
const diner = () => ({ token: getDinerToken() });

export const orderingKeys = {
  menu: (clienteId: string, lang: string) => ['ordering', clienteId, 'menu', lang] as const,
  availability: (clienteId: string) => ['ordering', clienteId, 'availability'] as const,
  quote: (clienteId: string, lines: LineRequest[], lang: string) => ['ordering', clienteId, 'quote', lang, lines] as const,
  order: (id: string) => ['pedido', id] as const,
  profile: (usuarioId: string) => ['ordering', 'profile', usuarioId] as const,
};

/** GET /api/orders/clover_products_online?cliente_id=&idioma=: the orderable menu. */
export function getOnlineMenu(clienteId: string, lang: string, signal?: AbortSignal): Promise<OnlineMenu> {
  return apiFetch<OnlineMenu>(`/orders/clover_products_online?cliente_id=${q(clienteId)}&idioma=${q(lang)}`, {
    signal,
    token: null,
  });
}

/** GET /api/orders/config?cliente_id=: open or paused, preparation time, pickup slots. */
export function getAvailability(clienteId: string, signal?: AbortSignal): Promise<Availability> {
  return apiFetch<Availability>(`/orders/config?cliente_id=${q(clienteId)}`, { signal, token: null });
}

/** POST /api/orders/quote: the server's subtotal, taxes and total of the cart. */
export function quoteCart(clienteId: string, items: LineRequest[], signal?: AbortSignal): Promise<Quote> {
  return apiFetch<Quote>('/orders/quote', {
    method: 'POST',
    token: null,
    signal,
    body: { cliente_id: Number(clienteId), items },
  });
}

/** POST /api/orders: places the pickup order; answers its checkout page. */
export function placeOrder(input: PlaceOrderInput): Promise<OrderPlaced> {
  return apiFetch<OrderPlaced>('/orders', { method: 'POST', ...diner(), body: input });
}

/** GET /api/pedidos/{id}: the order for its token's holder or its signed-in diner. */
export function getOrder(id: string, token: string | null, signal?: AbortSignal): Promise<OrderTracking> {
  return apiFetch<OrderTracking>(`/pedidos/${q(id)}`, {
    signal,
    ...diner(),
    headers: token ? { 'X-Pedido-Token': token } : undefined,
  });
}

/** GET /api/usuarios/{usuario_id}: the signed-in diner's name, e-mail and phone (checkout prefill). */
export function getDinerProfile(usuarioId: string, signal?: AbortSignal): Promise<Usuario> {
  return apiFetch<Usuario>(`/usuarios/${q(usuarioId)}`, { signal, ...diner() });
}

export function onlineMenuQueryOptions(clienteId: string, lang: string) {
  return queryOptions({
    queryKey: orderingKeys.menu(clienteId, lang),
    queryFn: ({ signal }) => getOnlineMenu(clienteId, lang, signal),
  });
}

/** Pickup times move with the clock: asked afresh, and again every minute while shown. */
export function availabilityQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: orderingKeys.availability(clienteId),
    queryFn: ({ signal }) => getAvailability(clienteId, signal),
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/** A quote is asked afresh for every cart; a 400 (a line that cannot be ordered) is not retried. */
export function quoteQueryOptions(clienteId: string, items: LineRequest[], lang: string) {
  return queryOptions({
    queryKey: orderingKeys.quote(clienteId, items, lang),
    queryFn: ({ signal }) => quoteCart(clienteId, items, signal),
    staleTime: 0,
    enabled: items.length > 0,
  });
}

export function orderQueryOptions(id: string, token: string | null) {
  return queryOptions({
    queryKey: orderingKeys.order(id),
    queryFn: ({ signal }) => getOrder(id, token, signal),
    staleTime: 0,
  });
}

export function dinerProfileQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: orderingKeys.profile(usuarioId),
    queryFn: ({ signal }) => getDinerProfile(usuarioId, signal),
    retry: false,
  });
}

import type {
  LineRequest,
  OnlineMenu,
  OrderPlaced,
  OrderTracking,
  PlaceOrderInput,
  Quote,
  Tab,
  TableInfo,
  TableOrderInput,
  TableOrderPlaced,
  TabPaymentInput,
  TabPaymentStarted,
  TabReceipt,
  Usuario,
} from '../../../api/contract';
import { apiFetch } from '../../../lib/api-client';
import { publicReads } from '../../../lib/public-reads';
import { getDinerToken } from '../../../lib/diner-session';
import { orderingFetchKeys } from './availability';

/**
 * Online ordering calls (internal/api/ordering.go). They are public: a
 * signed-in diner's token is sent (never the staff token) so the order is
 * linked to the account; a guest sends none. One function per endpoint (the
 * availability's in availability.ts). The ordering page reads through the
 * diner shell's fetch cache (keys `orderingFetchKeys`: no TanStack Query on
 * a diner's first page); the cart, checkout and order pages through TanStack
 * Query (ordering-queries.ts).
 */

const q = encodeURIComponent;
const diner = () => ({ token: getDinerToken() });

/**
 * TanStack Query keys of the other ordering pages' reads (ordering-queries.ts).
 * The menu, which the ordering page reads through the fetch cache, keeps
 * that cache's key (availability.ts): one name per read whichever cache
 * serves it. The availability has no TanStack key: every page reads it
 * through the shell's fetch cache (lib/use-availability.ts).
 */
export const orderingKeys = {
  menu: (clienteId: string, lang: string) => [orderingFetchKeys.menu(clienteId, lang)] as const,
  quote: (clienteId: string, lines: LineRequest[], lang: string) => ['ordering', clienteId, 'quote', lang, lines] as const,
  order: (id: string) => ['pedido', id] as const,
  profile: (usuarioId: string) => ['ordering', 'profile', usuarioId] as const,
};

/** GET /api/orders/clover_products_online?cliente_id=&idioma=: the orderable menu. */
export function getOnlineMenu(clienteId: string, lang: string, signal?: AbortSignal): Promise<OnlineMenu> {
  return apiFetch<OnlineMenu>(publicReads.onlineMenu(clienteId, lang), {
    signal,
    token: null,
  });
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

/*
 * At a table (issue 31). Public too: the table's printed code, the tab's
 * token (X-Cuenta-Token) and a payment's receipt secret (?p=) are the
 * credentials; no staff or diner token is sent.
 */
const tabHeaders = (token: string) => (token ? { 'X-Cuenta-Token': token } : undefined);

/** GET /api/mesas/{cliente_id}/{codigo}: what a table's QR opens (404: an old or guessed code). */
export function getTable(clienteId: string, codigo: string, signal?: AbortSignal): Promise<TableInfo> {
  return apiFetch<TableInfo>(publicReads.table(clienteId, codigo), { signal, token: null });
}

/** POST /api/mesas/{cliente_id}/{codigo}/pedidos: an order at the table (opens or joins its tab). */
export function placeTableOrder(clienteId: string | number, codigo: string, input: TableOrderInput): Promise<TableOrderPlaced> {
  return apiFetch<TableOrderPlaced>(`/mesas/${q(String(clienteId))}/${q(codigo)}/pedidos`, {
    method: 'POST',
    token: null,
    body: input,
  });
}

/** GET /api/cuentas/{id}: the tab (410: closed or paid). */
export function getTab(id: string, token: string, signal?: AbortSignal): Promise<Tab> {
  return apiFetch<Tab>(`/cuentas/${q(id)}`, { signal, token: null, headers: tabHeaders(token) });
}

/** POST /api/cuentas/{id}/pagos: starts a payment (409: someone else holds or paid what it covers). */
export function startTabPayment(id: string, token: string, input: TabPaymentInput): Promise<TabPaymentStarted> {
  return apiFetch<TabPaymentStarted>(`/cuentas/${q(id)}/pagos`, {
    method: 'POST',
    token: null,
    headers: tabHeaders(token),
    body: input,
  });
}

/** DELETE /api/cuentas/{id}/pagos/{pago_id}?p=: a payment the checkout cancelled frees what it held. */
export function cancelTabPayment(id: string, pagoId: string, pagoToken: string): Promise<void> {
  return apiFetch<void>(`/cuentas/${q(id)}/pagos/${q(pagoId)}?p=${q(pagoToken)}`, { method: 'DELETE', token: null });
}

/** GET /api/cuentas/{id}/pagos/{pago_id}?p=: a payment's receipt (also after the tab closed). */
export function getTabReceipt(id: string, pagoId: string, pagoToken: string, signal?: AbortSignal): Promise<TabReceipt> {
  return apiFetch<TabReceipt>(`/cuentas/${q(id)}/pagos/${q(pagoId)}?p=${q(pagoToken)}`, { signal, token: null });
}

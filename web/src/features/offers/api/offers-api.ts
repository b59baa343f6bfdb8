import { queryOptions } from '@tanstack/react-query';
import type { Cupon, RequestBody, ResponseBody } from '../../../api/contract';
import * as api from '../../../api/client';
import { isApiError } from '../../../lib/api-client';
import { getDinerToken } from '../../../lib/diner-session';

export type { Cupon };

export type CuponEstado = Cupon['estado'];

/** The platform's service fee on every coupon purchase, in cents (spec section 9). */
export const SERVICE_FEE_CENTS = 500;

/** What the diner pays for a coupon: the discounted price plus the service fee (cents). */
export function couponTotalCents(cupon: Pick<Cupon, 'precio_final'>): number {
  return cupon.precio_final + SERVICE_FEE_CENTS;
}

export type BillingConfig = ResponseBody<'/api/billing/config', 'get'>;
export type CardInfo = ResponseBody<'/api/clientes/{cliente_id}/verificar_tarjeta', 'get'>;

export const offersKeys = {
  all: ['offers'] as const,
  billing: () => [...offersKeys.all, 'billing-config'] as const,
  card: (clienteId: string) => [...offersKeys.all, 'card', clienteId] as const,
  owner: (clienteId: string) => [...offersKeys.all, 'owner', clienteId] as const,
  public: (clienteId: string, lang: string) => [...offersKeys.all, 'public', clienteId, lang] as const,
  merchant: (clienteId: string) => [...offersKeys.all, 'merchant', clienteId] as const,
};

/** GET /api/billing/config (public): which card form to show. */
export function getBillingConfig(signal?: AbortSignal): Promise<BillingConfig> {
  return api.get('/api/billing/config', { signal, token: null });
}

/** The billing provider does not change while the app runs. */
export function billingConfigQueryOptions() {
  return queryOptions({
    queryKey: offersKeys.billing(),
    queryFn: ({ signal }) => getBillingConfig(signal),
    staleTime: Infinity,
  });
}

/** GET /api/clientes/{id}/verificar_tarjeta (staff): 200 either way, `registrada` says whether a card is on file. */
export function verifyCard(clienteId: string, signal?: AbortSignal): Promise<CardInfo> {
  return api.get('/api/clientes/{cliente_id}/verificar_tarjeta', { path: { cliente_id: clienteId }, signal });
}

/** Checked afresh on each visit; a failure is shown (or logged) at once, not retried. */
export function verifyCardQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: offersKeys.card(clienteId),
    queryFn: ({ signal }) => verifyCard(clienteId, signal),
    staleTime: 0,
    retry: false,
  });
}

export type CardSetup = ResponseBody<'/api/clientes/{cliente_id}/setup-tarjeta', 'post'>;

/** POST /api/clientes/{id}/setup-tarjeta (staff): a Stripe SetupIntent for Elements. */
export function setupCard(clienteId: string): Promise<CardSetup> {
  return api.post('/api/clientes/{cliente_id}/setup-tarjeta', { path: { cliente_id: clienteId }, body: {} });
}

/** POST /api/clientes/{id}/agregar-tarjeta (staff) with the provider's token (never card numbers). */
export type RegisteredCard = ResponseBody<'/api/clientes/{cliente_id}/agregar-tarjeta', 'post'>;

export function registerCard(clienteId: string, token: string): Promise<RegisteredCard> {
  return api.post('/api/clientes/{cliente_id}/agregar-tarjeta', { path: { cliente_id: clienteId }, body: { token } });
}

export type NewCupon = {
  titulo: string;
  descripcion: string;
  /** Optional English title and description ('' when none). */
  titulo_en: string;
  descripcion_en: string;
  descuento: string;
  /** Currency units as typed, e.g. "20.00". */
  precio: string;
  codigo: string;
  /** YYYY-MM-DD. */
  fecha_expiracion: string;
  cantidad_disponible: string;
  imagen: File;
};

/** POST /api/cupones (staff, multipart) → 201 {message, imagen_url, id}. */
export function createCupon(clienteId: string, c: NewCupon): Promise<ResponseBody<'/api/cupones', 'post', 201>> {
  const form = new FormData();
  form.append('cliente_id', clienteId);
  form.append('titulo', c.titulo);
  form.append('descripcion', c.descripcion);
  if (c.titulo_en) form.append('titulo_en', c.titulo_en);
  if (c.descripcion_en) form.append('descripcion_en', c.descripcion_en);
  form.append('descuento', c.descuento);
  form.append('precio', c.precio);
  form.append('codigo', c.codigo);
  form.append('fecha_expiracion', c.fecha_expiracion);
  form.append('cantidad_disponible', c.cantidad_disponible);
  form.append('imagen', c.imagen);
  return api.post('/api/cupones', { body: form });
}

/** GET /api/clientes/{id}/cupones (staff): every offer of the restaurant. */
export function listOwnerCupones(clienteId: string, signal?: AbortSignal): Promise<Cupon[]> {
  return api.get('/api/clientes/{cliente_id}/cupones', { path: { cliente_id: clienteId }, signal });
}

/** The owner sees the sales as they are now, not a cached copy. */
export function ownerCuponesQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: offersKeys.owner(clienteId),
    queryFn: ({ signal }) => listOwnerCupones(clienteId, signal),
    staleTime: 0,
  });
}

/** PUT /api/cupones/{id}/estado {estado, cliente_id} (staff) → the offer; a super admin must name the restaurant (400 without it). */
export function setCuponEstado(clienteId: string, id: number, estado: CuponEstado): Promise<Cupon> {
  const body: RequestBody<'/api/cupones/{id}/estado', 'put'> = { estado, cliente_id: Number(clienteId) };
  return api.put('/api/cupones/{id}/estado', { path: { id }, body });
}

/** The public offers answered something other than a list. */
export class OffersFormatError extends Error {}

/**
 * GET /api/cupones?cliente_id= (public): the offers on sale, only the given
 * restaurant's (spec 5). Anything but an array is an OffersFormatError.
 */
export async function listPublicCupones(clienteId: string, lang: string, signal?: AbortSignal): Promise<Cupon[]> {
  const data = await api.get('/api/cupones', { query: { cliente_id: clienteId, idioma: lang }, signal, token: null });
  if (!Array.isArray(data)) throw new OffersFormatError('offers is not an array');
  return data.filter((c) => String(c?.cliente_id) === clienteId);
}

/** The diner sees the offers as they are now, in their language (English falls back to Spanish); a failure shows at once. */
export function publicCuponesQueryOptions(clienteId: string, lang: string) {
  return queryOptions({
    queryKey: offersKeys.public(clienteId, lang),
    queryFn: ({ signal }) => listPublicCupones(clienteId, lang, signal),
    staleTime: 0,
    retry: false,
  });
}

/** Why the restaurant's merchant id is missing; `key` names the text under `offers.`. */
export class MerchantError extends Error {
  constructor(readonly key: 'merchantNotInResponse' | 'merchantError' | 'clienteUndefined') {
    super(key);
  }
}

/** GET /api/clientes/{id}/merchant (public): the merchant id, or a MerchantError. */
export async function getMerchant(clienteId: string, signal?: AbortSignal): Promise<string> {
  let res: ResponseBody<'/api/clientes/{cliente_id}/merchant', 'get'> | undefined;
  try {
    res = await api.get('/api/clientes/{cliente_id}/merchant', { path: { cliente_id: clienteId }, signal, token: null });
  } catch (err) {
    if (isApiError(err) && err.status === 404) throw new MerchantError('merchantNotInResponse');
    throw new MerchantError('merchantError');
  }
  if (!res || typeof res.merchant_id !== 'string' || !res.merchant_id) throw new MerchantError('merchantNotInResponse');
  return res.merchant_id;
}

export function merchantQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: offersKeys.merchant(clienteId),
    queryFn: ({ signal }) => getMerchant(clienteId, signal),
    retry: false,
  });
}

export type CheckoutInput = RequestBody<'/api/checkout-clover', 'post'>;

/** POST /api/checkout-clover with the diner's token → {checkout_url, compra_id, total}. */
export function checkoutCoupon(input: CheckoutInput): Promise<ResponseBody<'/api/checkout-clover', 'post'> | undefined> {
  return api.post('/api/checkout-clover', { body: input, token: getDinerToken() });
}

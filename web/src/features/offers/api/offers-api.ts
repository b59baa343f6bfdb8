import { apiFetch } from '../../../lib/api-client';
import { getDinerToken } from '../../../lib/diner-session';

/** An offer (cupón) as the API sends it: money in cents, expiry in unix seconds. */
export type Cupon = {
  id: number;
  cliente_id: number;
  codigo: string;
  titulo: string;
  descripcion: string;
  descuento: number;
  precio: number;
  precio_final: number;
  imagen_url: string;
  fecha_expiracion: number;
  cantidad_disponible: number;
  estado: 'activo' | 'pausado' | 'finalizado';
  vendidos: number;
};

export type CuponEstado = Cupon['estado'];

/** The platform's service fee on every coupon purchase, in cents (spec section 9). */
export const SERVICE_FEE_CENTS = 500;

/** What the diner pays for a coupon: the discounted price plus the service fee (cents). */
export function couponTotalCents(cupon: Pick<Cupon, 'precio_final'>): number {
  return cupon.precio_final + SERVICE_FEE_CENTS;
}

export type BillingConfig = { provider: 'demo' | 'stripe' | string; publishable_key: string };
export type CardInfo = { message: string; brand: string; last4: string };

export const offersKeys = {
  all: ['offers'] as const,
  billing: () => [...offersKeys.all, 'billing-config'] as const,
  card: (clienteId: string) => [...offersKeys.all, 'card', clienteId] as const,
  owner: (clienteId: string) => [...offersKeys.all, 'owner', clienteId] as const,
  public: (clienteId: string) => [...offersKeys.all, 'public', clienteId] as const,
  merchant: (clienteId: string) => [...offersKeys.all, 'merchant', clienteId] as const,
};

const seg = (v: string | number) => encodeURIComponent(String(v));

/** GET /api/billing/config (public): which card form to show. */
export function getBillingConfig(signal?: AbortSignal): Promise<BillingConfig> {
  return apiFetch<BillingConfig>('/billing/config', { signal, token: null });
}

/** GET /api/clientes/{id}/verificar_tarjeta (staff): 200 with the card, 404 without one. */
export function verifyCard(clienteId: string, signal?: AbortSignal): Promise<CardInfo> {
  return apiFetch<CardInfo>(`/clientes/${seg(clienteId)}/verificar_tarjeta`, { signal });
}

/** POST /api/clientes/{id}/setup-tarjeta (staff): a Stripe SetupIntent for Elements. */
export function setupCard(clienteId: string): Promise<{ provider: string; client_secret: string; publishable_key: string }> {
  return apiFetch(`/clientes/${seg(clienteId)}/setup-tarjeta`, { method: 'POST', body: {} });
}

/** POST /api/clientes/{id}/agregar-tarjeta (staff) with the provider's token (never card numbers). */
export function registerCard(clienteId: string, token: string): Promise<CardInfo> {
  return apiFetch<CardInfo>(`/clientes/${seg(clienteId)}/agregar-tarjeta`, { method: 'POST', body: { token } });
}

export type NewCupon = {
  titulo: string;
  descripcion: string;
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
export function createCupon(clienteId: string, c: NewCupon): Promise<{ message: string; imagen_url: string; id: number }> {
  const form = new FormData();
  form.append('cliente_id', clienteId);
  form.append('titulo', c.titulo);
  form.append('descripcion', c.descripcion);
  form.append('descuento', c.descuento);
  form.append('precio', c.precio);
  form.append('codigo', c.codigo);
  form.append('fecha_expiracion', c.fecha_expiracion);
  form.append('cantidad_disponible', c.cantidad_disponible);
  form.append('imagen', c.imagen);
  return apiFetch('/cupones', { method: 'POST', body: form });
}

/** GET /api/clientes/{id}/cupones (staff): every offer of the restaurant. */
export function listOwnerCupones(clienteId: string, signal?: AbortSignal): Promise<Cupon[]> {
  return apiFetch<Cupon[]>(`/clientes/${seg(clienteId)}/cupones`, { signal });
}

/** PUT /api/cupones/{id}/estado (staff) → the offer. */
export function setCuponEstado(id: number, estado: CuponEstado): Promise<Cupon> {
  return apiFetch<Cupon>(`/cupones/${seg(id)}/estado`, { method: 'PUT', body: { estado } });
}

/** GET /api/cupones?cliente_id= (public): the offers on sale. Anything but an array is an error. */
export async function listPublicCupones(clienteId: string, signal?: AbortSignal): Promise<unknown> {
  return apiFetch<unknown>(`/cupones?cliente_id=${seg(clienteId)}`, { signal, token: null });
}

/** GET /api/clientes/{id}/merchant (public). */
export function getMerchant(clienteId: string, signal?: AbortSignal): Promise<{ merchant_id?: string }> {
  return apiFetch<{ merchant_id?: string }>(`/clientes/${seg(clienteId)}/merchant`, { signal, token: null });
}

export type CheckoutInput = { merchant_id: string; usuario_id: string; cupon_id: number; total_amount: number };

/** POST /api/checkout-clover with the diner's token → {checkout_url, compra_id, total}. */
export function checkoutCoupon(input: CheckoutInput): Promise<{ checkout_url: string; compra_id: number; total: number }> {
  return apiFetch('/checkout-clover', { method: 'POST', body: input, token: getDinerToken() });
}

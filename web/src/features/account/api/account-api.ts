import type {
  Compra,
  OrderTracking,
  DinerSession,
  PuntosMovimiento,
  PuntosRestaurante,
  RequestBody,
  ResponseBody,
  RestauranteResumen,
  SesionUsuario,
  Usuario,
} from '../../../api/contract';
import { apiFetch, apiFetchBlob } from '../../../lib/api-client';
import { getDinerToken } from '../../../lib/diner-session';

/**
 * Diner (usuario) calls. Every authenticated one sends the diner's token
 * (never the staff token): `token: getDinerToken()`. The diner pages read
 * through the query options of ./account-queries.ts; this module stays free
 * of TanStack Query, as the menu pages' account pieces (drawer, registration
 * dialog) use it.
 */

export type { Compra, OrderTracking, PuntosMovimiento, PuntosRestaurante, RestauranteResumen, SesionUsuario, Usuario };

/** The diner's session after a registration or a login. */
export type DinerAuth = DinerSession;

/** What the registration dialog sends; `cliente_id` is null when the diner registers without a restaurant. */
export type RegistroInput = RequestBody<'/api/usuarios/registro', 'post'>;

export type PerfilInput = RequestBody<'/api/usuarios/{usuario_id}', 'put'>;

const q = encodeURIComponent;
const diner = () => ({ token: getDinerToken() });

/** POST /api/usuarios/registro (public) → 201 {token, usuario_id}. */
export function registerUsuario(input: RegistroInput): Promise<DinerAuth> {
  return apiFetch<DinerAuth>('/usuarios/registro', {
    method: 'POST',
    token: null,
    // No consent is presumed: marketing e-mail and WhatsApp are what the
    // dialog's boxes (unticked) say; the server records the answers.
    body: input,
  });
}

/** POST /api/auth/login-usuario (public) → {token, usuario_id}. */
export function loginUsuario(email: string, password: string): Promise<DinerAuth> {
  return apiFetch<DinerAuth>('/auth/login-usuario', { method: 'POST', token: null, body: { email, password } });
}

/** POST /api/auth/recuperar-usuario (public): e-mails a reset link back to the restaurant when a diner uses the address; the same answer either way. */
export function requestDinerReset(email: string, clienteId: string | null) {
  return apiFetch<ResponseBody<'/api/auth/recuperar-usuario', 'post'>>('/auth/recuperar-usuario', {
    method: 'POST',
    token: null,
    body: { email, cliente_id: clienteId ? Number(clienteId) : null },
  });
}

/** POST /api/auth/restablecer-usuario/enlace (public): whether a diner's reset link still works. */
export function dinerResetLinkState(token: string, signal: AbortSignal) {
  return apiFetch<ResponseBody<'/api/auth/restablecer-usuario/enlace', 'post'>>('/auth/restablecer-usuario/enlace', {
    method: 'POST',
    token: null,
    body: { token },
    signal,
  });
}

/** POST /api/auth/restablecer-usuario (public: the link's token is the credential) → the diner's new session. */
export function resetDinerPassword(token: string, newPassword: string): Promise<DinerAuth> {
  return apiFetch<DinerAuth>('/auth/restablecer-usuario', { method: 'POST', token: null, body: { token, new_password: newPassword } });
}

/** POST /api/usuarios/send-email: queues the welcome e-mail (202). */
export function sendWelcomeEmail(token: string, input: { nombre: string; email: string; telefono: string }) {
  return apiFetch<unknown>('/usuarios/send-email', { method: 'POST', token, body: input });
}

/** POST /api/auth/logout with the diner token: revokes the diner session. */
export function logoutUsuario(token: string) {
  return apiFetch<void>('/auth/logout', { method: 'POST', token });
}

/** GET /api/usuario/menu?usuario_id= → the restaurant the diner used last (or null). */
export async function getUsuarioMenu(usuarioId: string, signal?: AbortSignal): Promise<number | null> {
  const path = `/usuario/menu?usuario_id=${q(usuarioId)}`;
  const body = await apiFetch<ResponseBody<'/api/usuario/menu', 'get'> | undefined>(path, { ...diner(), signal });
  return body?.cliente_id ?? null;
}

/** POST /api/usuarios/{id}/restaurantes: records that the diner opened a restaurant. */
export function touchRestaurante(usuarioId: string, clienteId: string) {
  return apiFetch<void>(`/usuarios/${q(usuarioId)}/restaurantes`, {
    method: 'POST',
    ...diner(),
    body: { cliente_id: Number(clienteId) },
  });
}

export function getUsuario(usuarioId: string, signal?: AbortSignal): Promise<Usuario> {
  return apiFetch<Usuario>(`/usuarios/${q(usuarioId)}`, { ...diner(), signal });
}

export function updateUsuario(usuarioId: string, input: PerfilInput): Promise<Usuario> {
  return apiFetch<Usuario>(`/usuarios/${q(usuarioId)}`, { method: 'PUT', ...diner(), body: input });
}

/** POST /api/usuarios/{id}/password: the server revokes the diner's other sessions. */
export function changePassword(usuarioId: string, passwordActual: string, passwordNueva: string) {
  return apiFetch<ResponseBody<'/api/usuarios/{usuario_id}/password', 'post'>>(`/usuarios/${q(usuarioId)}/password`, {
    method: 'POST',
    ...diner(),
    body: { password_actual: passwordActual, password_nueva: passwordNueva },
  });
}

/** GET /api/usuarios/{id}/sesiones: the diner's open sessions, the current one marked. */
export async function listSesiones(usuarioId: string, signal?: AbortSignal): Promise<SesionUsuario[]> {
  const body = await apiFetch<ResponseBody<'/api/usuarios/{usuario_id}/sesiones', 'get'>>(`/usuarios/${q(usuarioId)}/sesiones`, { ...diner(), signal });
  return body?.sesiones ?? [];
}

/** DELETE /api/usuarios/{id}/sesiones/{sesion} → 204: signs that session out. */
export function endSesion(usuarioId: string, sesionId: string) {
  return apiFetch<void>(`/usuarios/${q(usuarioId)}/sesiones/${q(sesionId)}`, { method: 'DELETE', ...diner() });
}

/** DELETE /api/usuarios/{id}/sesiones → 204: signs out every session but this one. */
export function endOtherSesiones(usuarioId: string) {
  return apiFetch<void>(`/usuarios/${q(usuarioId)}/sesiones`, { method: 'DELETE', ...diner() });
}

/** DELETE /api/usuarios/{id} → 204. */
export function deleteUsuario(usuarioId: string) {
  return apiFetch<void>(`/usuarios/${q(usuarioId)}`, { method: 'DELETE', ...diner() });
}

export async function listCompras(usuarioId: string, signal?: AbortSignal): Promise<Compra[]> {
  const body = await apiFetch<Compra[] | null>(`/usuarios/${q(usuarioId)}/compras`, { ...diner(), signal });
  return Array.isArray(body) ? body : [];
}

/** GET /api/usuarios/{id}/pedidos: the diner's paid pickup orders, newest first. */
export async function listPedidos(usuarioId: string, signal?: AbortSignal): Promise<OrderTracking[]> {
  const body = await apiFetch<OrderTracking[] | null>(`/usuarios/${q(usuarioId)}/pedidos`, { ...diner(), signal });
  return Array.isArray(body) ? body : [];
}

export async function listPuntos(usuarioId: string, signal?: AbortSignal): Promise<PuntosRestaurante[]> {
  const body = await apiFetch<PuntosRestaurante[] | null>(`/usuarios/${q(usuarioId)}/puntos`, { ...diner(), signal });
  return Array.isArray(body) ? body : [];
}

export async function listUsuarioRestaurantes(usuarioId: string, signal?: AbortSignal): Promise<RestauranteResumen[]> {
  const body = await apiFetch<RestauranteResumen[] | null>(`/usuarios/${q(usuarioId)}/restaurantes`, {
    ...diner(),
    signal,
  });
  return Array.isArray(body) ? body : [];
}

/** GET /api/restaurantes (public): the restaurants a diner can pick. */
export async function listRestaurantes(signal?: AbortSignal): Promise<RestauranteResumen[]> {
  const body = await apiFetch<RestauranteResumen[] | null>('/restaurantes', { token: null, signal });
  return Array.isArray(body) ? body : [];
}

/** GET /api/usuarios/{id}/compras/{compra_id}/qr: the voucher's QR code (SVG) as a Blob. */
export function fetchVoucherQr(usuarioId: string, compraId: number, signal?: AbortSignal): Promise<Blob> {
  return apiFetchBlob(`/usuarios/${q(usuarioId)}/compras/${q(String(compraId))}/qr`, { ...diner(), signal });
}

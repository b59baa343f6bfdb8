import { queryOptions } from '@tanstack/react-query';
import {
  fetchVoucherQr,
  getUsuario,
  getUsuarioMenu,
  listCompras,
  listPedidos,
  listPuntos,
  listRestaurantes,
  listSesiones,
  listUsuarioRestaurantes,
} from './account-api';

/**
 * The diner pages' reads as TanStack Query options, one per endpoint, keyed
 * by `accountKeys`. Kept apart from ./account-api.ts, which the menu pages'
 * account pieces use without TanStack Query.
 */

/** Query keys of the diner pages. */
export const accountKeys = {
  all: ['diner'] as const,
  usuario: (id: string) => ['diner', id, 'usuario'] as const,
  menu: (id: string) => ['diner', id, 'menu'] as const,
  compras: (id: string, lang?: string) => ['diner', id, 'compras', ...(lang ? [lang] : [])] as const,
  pedidos: (id: string) => ['diner', id, 'pedidos'] as const,
  qr: (id: string, compraId: number) => ['diner', id, 'qr', compraId] as const,
  puntos: (id: string, lang?: string) => ['diner', id, 'puntos', ...(lang ? [lang] : [])] as const,
  restaurantes: (id: string) => ['diner', id, 'restaurantes'] as const,
  sesiones: (id: string) => ['diner', id, 'sesiones'] as const,
  publicRestaurantes: ['restaurantes'] as const,
};

/**
 * Asked afresh on each visit of the user panel (the answer changes as the
 * diner opens restaurants, so it is never kept once the panel is left); a
 * failure shows at once.
 */
export function usuarioMenuQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: accountKeys.menu(usuarioId),
    queryFn: ({ signal }) => getUsuarioMenu(usuarioId, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function usuarioQueryOptions(usuarioId: string) {
  return queryOptions({ queryKey: accountKeys.usuario(usuarioId), queryFn: ({ signal }) => getUsuario(usuarioId, signal) });
}

/** The diner's purchases, offer titles in lang (the API client sends it as Accept-Language). */
export function comprasQueryOptions(usuarioId: string, lang: string) {
  return queryOptions({ queryKey: accountKeys.compras(usuarioId, lang), queryFn: ({ signal }) => listCompras(usuarioId, signal) });
}

/** The diner's orders: their status moves on, so they are read afresh on each visit. */
export function pedidosQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: accountKeys.pedidos(usuarioId),
    queryFn: ({ signal }) => listPedidos(usuarioId, signal),
    staleTime: 0,
  });
}

/** The diner's points, offer titles in lang (the API client sends it as Accept-Language). */
export function puntosQueryOptions(usuarioId: string, lang: string) {
  return queryOptions({ queryKey: accountKeys.puntos(usuarioId, lang), queryFn: ({ signal }) => listPuntos(usuarioId, signal) });
}

/** The diner's open sessions: read afresh on each visit (another device may have signed in). */
export function sesionesQueryOptions(usuarioId: string) {
  return queryOptions({ queryKey: accountKeys.sesiones(usuarioId), queryFn: ({ signal }) => listSesiones(usuarioId, signal), staleTime: 0 });
}

export function usuarioRestaurantesQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: accountKeys.restaurantes(usuarioId),
    queryFn: ({ signal }) => listUsuarioRestaurantes(usuarioId, signal),
  });
}

export function restaurantesQueryOptions() {
  return queryOptions({ queryKey: accountKeys.publicRestaurantes, queryFn: ({ signal }) => listRestaurantes(signal) });
}

/** A voucher's QR never changes; a failure shows at once. */
export function voucherQrQueryOptions(usuarioId: string, compraId: number) {
  return queryOptions({
    queryKey: accountKeys.qr(usuarioId, compraId),
    queryFn: ({ signal }) => fetchVoucherQr(usuarioId, compraId, signal),
    staleTime: Infinity,
    retry: false,
  });
}

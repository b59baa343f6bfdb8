import { queryOptions } from '@tanstack/react-query';
import type { LineRequest } from '../../../api/contract';
import {
  getDinerProfile,
  getOnlineMenu,
  getOrder,
  orderingKeys,
  quoteCart,
} from './ordering-api';

/**
 * TanStack Query options of the cart, checkout and order pages' reads
 * (the ordering page itself, and the availability on every page, read
 * through the diner shell's fetch cache: lib/use-availability.ts).
 */

export function onlineMenuQueryOptions(clienteId: string, lang: string) {
  return queryOptions({
    queryKey: orderingKeys.menu(clienteId, lang),
    queryFn: ({ signal }) => getOnlineMenu(clienteId, lang, signal),
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

import { queryOptions } from '@tanstack/react-query';
import { getPopups } from '../../../api/popups';

/** Query keys of a restaurant's popups on the popups screen. */
export const popupKeys = {
  all: ['popups'] as const,
  list: (clienteId: string) => [...popupKeys.all, clienteId] as const,
};

/**
 * GET /api/popups?cliente_id= for the popups screen; the owner sees the list
 * as it is now, not a cached copy. The diner menu reads the same endpoint
 * with its own loader.
 */
export function getPopupsQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: popupKeys.list(clienteId),
    queryFn: ({ signal }) => getPopups(clienteId, signal),
    staleTime: 0,
  });
}

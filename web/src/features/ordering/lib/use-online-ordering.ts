import { useFetch } from '../../../lib/fetch-cache';
import { getAvailability, orderingFetchKeys } from '../api/availability';

/**
 * Whether the restaurant takes online orders (GET /api/orders/config:
 * activo); undefined until the answer arrives (the shell keeps the link's
 * place meanwhile), false on any failure. Free of
 * TanStack Query: the diner shell's navigation uses it on the menu's first
 * load. It shares the shell's fetch cache with the ordering page, which
 * reads the same answer (one request for both).
 */
export function useOnlineOrdering(clienteId: string | null): boolean | undefined {
  const id = clienteId ?? '';
  const availability = useFetch(orderingFetchKeys.availability(id), () =>
    id ? getAvailability(id) : Promise.resolve(null),
  );
  if (clienteId && availability.isPending) return undefined;
  return !!clienteId && !!availability.data?.activo;
}

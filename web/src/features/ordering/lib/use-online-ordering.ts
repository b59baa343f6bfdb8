import { useFetch } from '../../../lib/fetch-cache';
import { getAvailability, orderingFetchKeys } from '../api/availability';

/**
 * Whether the restaurant takes online orders (GET /api/orders/config:
 * activo); false until the answer arrives and on any failure. Free of
 * TanStack Query: the diner shell's navigation uses it on the menu's first
 * load. It shares the shell's fetch cache with the ordering page, which
 * reads the same answer (one request for both).
 */
export function useOnlineOrdering(clienteId: string | null): boolean {
  const id = clienteId ?? '';
  const availability = useFetch(orderingFetchKeys.availability(id), () =>
    id ? getAvailability(id) : Promise.resolve(null),
  );
  return !!clienteId && !!availability.data?.activo;
}

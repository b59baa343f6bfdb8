import { useEffect } from 'react';
import { useFetch } from '../../../lib/fetch-cache';
import { getAvailability, orderingFetchKeys } from '../api/availability';

/** Opening hours, pauses and pickup slots move with the clock: asked again every minute while shown. */
export const AVAILABILITY_REFRESH_MS = 60_000;

/**
 * The restaurant's ordering availability (GET /api/orders/config) for the
 * ordering and checkout pages: through the diner shell's fetch cache, the
 * entry the shell's navigation reads too (useOnlineOrdering), so a page load
 * asks for it once; asked again every minute while the page is shown.
 */
export function useAvailability(clienteId: string) {
  const availability = useFetch(orderingFetchKeys.availability(clienteId), () => getAvailability(clienteId));
  const refresh = availability.refetch;
  useEffect(() => {
    const timer = window.setInterval(refresh, AVAILABILITY_REFRESH_MS);
    return () => window.clearInterval(timer);
    // The refetch of a key is the same whatever render it comes from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clienteId]);
  return availability;
}

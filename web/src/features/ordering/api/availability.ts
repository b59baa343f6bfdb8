import type { Availability } from '../../../api/contract';
import { apiFetch } from '../../../lib/api-client';
import { publicReads } from '../../../lib/public-reads';

/**
 * The one ordering read the diner shell makes on every restaurant page
 * (whether it takes orders: the navigation's 'Ordena en Línea'), apart from
 * the other ordering calls (ordering-api.ts) so the menu's code stays small.
 */

/** The diner shell's fetch-cache keys (lib/fetch-cache.ts) of the ordering page's reads. */
export const orderingFetchKeys = {
  menu: (clienteId: string, lang: string) => `ordering/${clienteId}/menu/${lang}`,
  availability: (clienteId: string) => `ordering/${clienteId}/availability`,
};

/** GET /api/orders/config?cliente_id=: open or paused, preparation time, pickup slots. */
export function getAvailability(clienteId: string, signal?: AbortSignal): Promise<Availability> {
  return apiFetch<Availability>(publicReads.orderingConfig(clienteId), { signal, token: null });
}

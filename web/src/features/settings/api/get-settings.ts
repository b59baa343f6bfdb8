import { queryOptions } from '@tanstack/react-query';
import { getSettings } from '../../../api/settings';

/** Query keys of a restaurant's settings on the staff pages. */
export const settingsKeys = {
  all: ['settings'] as const,
  detail: (clienteId: string) => [...settingsKeys.all, clienteId] as const,
};

/**
 * GET /api/configuraciones?cliente_id= for the staff and diner pages (the
 * settings screen, the offers pages, the products screen). The diner menu
 * reads the same endpoint with its own loader (see lib/fetch-cache.ts).
 */
export function getSettingsQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: settingsKeys.detail(clienteId),
    queryFn: ({ signal }) => getSettings(clienteId, signal),
  });
}

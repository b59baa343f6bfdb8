import type { Cava, Vino } from '../../../api/contract';
import * as api from '../../../api/client';

/**
 * The public reads of the wine cellar (the diner's cava and the welcome
 * page's list of cavas). They go through lib/fetch-cache or a plain fetch,
 * not TanStack Query: the public cava stays a small chunk.
 */
export type { Cava, Vino };

/** The restaurant's available wines: a read shared with the diner shell (api/wines.ts). */
export { getPublicWines, publicWinesKey } from '../../../api/wines';

/** GET /api/cavas: the restaurants with a cava to explore. */
export async function getCavas(signal?: AbortSignal): Promise<Cava[]> {
  return (await api.get('/api/cavas', { signal, token: null })) ?? [];
}

import type { Cava, Vino } from '../../../api/contract';
import { apiFetch } from '../../../lib/api-client';

/**
 * The public reads of the wine cellar (the diner's cava and the welcome
 * page's list of cavas). They go through lib/fetch-cache or a plain fetch,
 * not TanStack Query: the public cava stays a small chunk.
 */
export type { Cava, Vino };

/** Keys of the public cava's fetch cache. */
export const cavaKeys = {
  wines: (clienteId: string) => `cava/${clienteId}/vinos`,
};

/** GET /api/vinos?cliente_id= anonymously: the restaurant's available wines (cached by the server). */
export async function getPublicWines(clienteId: string, signal?: AbortSignal): Promise<Vino[]> {
  const body = await apiFetch<Vino[] | undefined>(`/vinos?cliente_id=${encodeURIComponent(clienteId)}`, {
    signal,
    token: null,
  });
  return (body ?? []).filter((v) => v.disponible === 1);
}

/** GET /api/cavas: the restaurants with a cava to explore. */
export async function getCavas(signal?: AbortSignal): Promise<Cava[]> {
  return (await apiFetch<Cava[] | undefined>('/cavas', { signal, token: null })) ?? [];
}

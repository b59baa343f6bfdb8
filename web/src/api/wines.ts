import type { Vino } from './contract';
import { apiFetch } from '../lib/api-client';
import { publicReads } from '../lib/public-reads';

/**
 * A restaurant's available wines, as a diner reads them: the diner shell
 * asks whether the restaurant has a cava (its navigation's 'Cava'), and the
 * cava page lists them. Both read the same fetch-cache entry, so the cava
 * page makes one request.
 */
export const publicWinesKey = (clienteId: string) => `diner/${clienteId}/vinos`;

/** GET /api/vinos?cliente_id= anonymously: the restaurant's available wines (cached by the server). */
export async function getPublicWines(clienteId: string, signal?: AbortSignal): Promise<Vino[]> {
  const body = await apiFetch<Vino[] | undefined>(publicReads.wines(clienteId), {
    signal,
    token: null,
  });
  return (body ?? []).filter((v) => v.disponible === 1);
}

import type { ResponseBody } from './contract';
import { apiFetch } from '../lib/api-client';

/**
 * A restaurant's privacy notice as anyone reads it: the diner's page
 * (/privacidad/:cliente_id) and the owner's 'Privacidad' card in
 * 'Configuraciones' read the same public, cacheable answer.
 */
export type Privacidad = ResponseBody<'/api/clientes/{cliente_id}/privacidad', 'get'>;

/** GET /api/clientes/{id}/privacidad (public, cacheable with the menu). */
export function getPrivacy(clienteId: string, signal?: AbortSignal): Promise<Privacidad> {
  return apiFetch<Privacidad>(`/clientes/${encodeURIComponent(clienteId)}/privacidad`, { token: null, signal });
}

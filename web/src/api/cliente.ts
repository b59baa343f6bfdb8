import type { Cliente } from './contract';
import * as api from './client';

/**
 * A restaurant's own record (GET /api/clientes/{id}): the dashboard reads
 * it, the settings read whether its webhook secret is set. Shared here, with
 * its cache key, so both pages hold one cache entry; each feature builds its
 * TanStack Query options from these (this folder stays free of TanStack Query).
 */
export type { Cliente };

export const clienteKeys = {
  all: ['clientes'] as const,
  detail: (clienteId: string) => [...clienteKeys.all, 'detail', clienteId] as const,
};

/** GET /api/clientes/{cliente_id} (staff token). */
export function getCliente(clienteId: string, signal?: AbortSignal): Promise<Cliente> {
  return api.get('/api/clientes/{cliente_id}', { path: { cliente_id: clienteId }, signal });
}

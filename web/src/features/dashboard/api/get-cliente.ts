import { queryOptions } from '@tanstack/react-query';
import type { Cliente } from '../../../api/contract';
import { apiFetch } from '../../../lib/api-client';

/** A restaurant as GET /api/clientes/{id} returns it. */
export type { Cliente };

export const clienteKeys = {
  all: ['clientes'] as const,
  detail: (clienteId: string) => [...clienteKeys.all, 'detail', clienteId] as const,
};

/** GET /api/clientes/{cliente_id} (staff token). */
export function getCliente(clienteId: string, signal?: AbortSignal): Promise<Cliente> {
  return apiFetch<Cliente>(`/clientes/${encodeURIComponent(clienteId)}`, { signal });
}

export function getClienteQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: clienteKeys.detail(clienteId),
    queryFn: ({ signal }) => getCliente(clienteId, signal),
  });
}

import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { Comensal, Comensales } from '../../../api/contract';
import * as api from '../../../api/client';

export type { Comensal, Comensales };

/** Diners per page ('Cargar más' asks for the next one). */
export const PAGE_SIZE = 50;

export const customerKeys = {
  all: ['customers'] as const,
  list: (clienteId: string, q: string) => [...customerKeys.all, clienteId, q] as const,
};

/** GET /api/clientes/{id}/usuarios: a page of the restaurant's diners, latest visit first. */
export function listCustomers(clienteId: string, q: string, cursor: string, signal?: AbortSignal): Promise<Comensales> {
  return api.get('/api/clientes/{cliente_id}/usuarios', {
    path: { cliente_id: clienteId },
    query: { limit: PAGE_SIZE, q: q || undefined, cursor: cursor || undefined },
    signal,
  });
}

/** The list as pages: each page's `siguiente` is the next one's cursor ('' at the end). */
export function customersQueryOptions(clienteId: string, q: string) {
  return infiniteQueryOptions({
    queryKey: customerKeys.list(clienteId, q),
    queryFn: ({ pageParam, signal }) => listCustomers(clienteId, q, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.siguiente || undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/clientes/{id}/usuarios.csv: the contactable diners matching q, as a CSV file. */
export function exportCustomersCsv(clienteId: string, q: string): Promise<Blob> {
  return api.blob('/api/clientes/{cliente_id}/usuarios.csv', { path: { cliente_id: clienteId }, query: { q: q || undefined } });
}

import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { Comensal, Comensales } from '../../../api/contract';
import { apiFetch, apiFetchBlob } from '../../../lib/api-client';

export type { Comensal, Comensales };

/** Diners per page ('Cargar más' asks for the next one). */
export const PAGE_SIZE = 50;

export const customerKeys = {
  all: ['customers'] as const,
  list: (clienteId: string, q: string) => [...customerKeys.all, clienteId, q] as const,
};

function path(clienteId: string, file = ''): string {
  return `/clientes/${encodeURIComponent(clienteId)}/usuarios${file}`;
}

/** GET /api/clientes/{id}/usuarios: a page of the restaurant's diners, latest visit first. */
export function listCustomers(clienteId: string, q: string, cursor: string, signal?: AbortSignal): Promise<Comensales> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return apiFetch<Comensales>(`${path(clienteId)}?${params}`, { signal });
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
  const params = q ? `?${new URLSearchParams({ q })}` : '';
  return apiFetchBlob(`${path(clienteId, '.csv')}${params}`);
}

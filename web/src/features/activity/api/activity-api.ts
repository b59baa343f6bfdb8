import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { Schemas } from '../../../api/contract';
import * as api from '../../../api/client';

/** One action of the audit log. */
export type Actividad = Schemas['Actividad'];
/** A page of the log, newest first; `siguiente` is the next page's `antes` (null: the last). */
export type ActividadPage = Schemas['ActividadPage'];

/** Actions per page ('Cargar más' asks for the next one). */
export const PAGE_SIZE = 50;

/** The log's filters as the API takes them: a prefix of the action, part of the e-mail, unix seconds [desde, hasta). */
export type ActivityFilter = { accion: string; actor: string; desde: number | null; hasta: number | null };

export const activityKeys = {
  all: ['activity'] as const,
  list: (clienteId: string | null, f: ActivityFilter) => [...activityKeys.all, clienteId ?? 'platform', f] as const,
};

function query(f: ActivityFilter, antes: number | null) {
  return {
    limit: PAGE_SIZE,
    accion: f.accion || undefined,
    actor: f.actor || undefined,
    desde: f.desde ?? undefined,
    hasta: f.hasta ?? undefined,
    antes: antes ?? undefined,
  };
}

/**
 * GET /api/clientes/{id}/actividad (a restaurant's log: its owner, the
 * super admin), or with no restaurant GET /api/admin/actividad (every
 * restaurant's: the super admin).
 */
export function listActivity(clienteId: string | null, f: ActivityFilter, antes: number | null, signal?: AbortSignal): Promise<ActividadPage> {
  if (clienteId === null) return api.get('/api/admin/actividad', { query: query(f, antes), signal });
  return api.get('/api/clientes/{cliente_id}/actividad', { path: { cliente_id: clienteId }, query: query(f, antes), signal });
}

/** The log as pages, each next one asked for with the previous one's `siguiente`. */
export function activityQueryOptions(clienteId: string | null, f: ActivityFilter) {
  return infiniteQueryOptions({
    queryKey: activityKeys.list(clienteId, f),
    queryFn: ({ pageParam, signal }) => listActivity(clienteId, f, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.siguiente ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

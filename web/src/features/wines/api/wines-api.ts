import { queryOptions } from '@tanstack/react-query';
import type {
  BuscarVinoInput,
  CreateVinoBody,
  Vino,
  VinoInput,
  WineLookup,
} from '../../../api/contract';
import * as api from '../../../api/client';

/** The staff's calls of the wine cellar ('Gestión de Vinos', 'Panel de Administración'). */
export type { Vino, VinoInput, WineLookup };

export const winesKeys = {
  all: ['vinos'] as const,
  list: (clienteId: string) => [...winesKeys.all, clienteId] as const,
};

/** GET /api/vinos?cliente_id= with the staff token: every wine, hidden ones too. */
export function adminWinesQueryOptions(clienteId: string) {
  return queryOptions({
    queryKey: winesKeys.list(clienteId),
    queryFn: async ({ signal }) => (await api.get('/api/vinos', { query: { cliente_id: clienteId }, signal })) ?? [],
  });
}

/** POST /api/vinos → {vino, message}. */
export function createWine(clienteId: string, input: VinoInput): Promise<CreateVinoBody> {
  return api.post('/api/vinos', { body: { ...input, cliente_id: Number(clienteId) } });
}

/** PUT /api/vinos/{id}: every field (nombre and precio required). */
export function updateWine(clienteId: string, id: number, input: VinoInput): Promise<Vino> {
  return api.put('/api/vinos/{id}', { path: { id }, body: { ...input, cliente_id: Number(clienteId) } });
}

/** PUT /api/vinos/{id} with only disponible: show (1) or hide (0). */
export function setWineAvailable(clienteId: string, id: number, disponible: 0 | 1): Promise<Vino> {
  return api.put('/api/vinos/{id}', { path: { id }, body: { cliente_id: Number(clienteId), disponible } });
}

/** DELETE /api/vinos/{id}?cliente_id= */
export async function deleteWine(clienteId: string, id: number): Promise<void> {
  await api.delete('/api/vinos/{id}', { path: { id }, query: { cliente_id: clienteId } });
}

/** POST /api/vinos/{id}/imagen (multipart imagen + cliente_id) → the label's URL. */
export async function uploadWineLabel(clienteId: string, id: number, file: Blob, name = 'etiqueta'): Promise<string> {
  const form = new FormData();
  form.append('cliente_id', clienteId);
  form.append('imagen', file, name);
  const body = await api.post('/api/vinos/{id}/imagen', { path: { id }, body: form });
  return body.imagen_url;
}

/** POST /api/buscar-vino {nombre, año, uva} → what the lookup found. */
export async function lookupWine(input: BuscarVinoInput): Promise<WineLookup> {
  const body = await api.post('/api/buscar-vino', { body: input });
  return body.detalles;
}

import type { Schemas } from '../../../api/contract';
import * as api from '../../../api/client';
import { apiFetch } from '../../../lib/api-client';

export type Campana = Schemas['Campana'];
export type CampanaForm = Schemas['CampanaForm'];
export type CampanaPreview = Schemas['CampanaPreview'];
export type Baja = Schemas['Baja'];
export type Audiencia = CampanaForm['audiencia'];
export type Canal = CampanaForm['canal'];

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (clienteId: string) => [...campaignKeys.all, clienteId] as const,
  audience: (clienteId: string, canal: string, a: Audience) =>
    [...campaignKeys.all, clienteId, 'audience', canal, a.audiencia, a.dias ?? 0, a.puntos_min ?? 0, a.cupon_id ?? 0] as const,
};

export type Audience = Pick<CampanaForm, 'audiencia' | 'dias' | 'puntos_min' | 'cupon_id'>;

/** GET /api/clientes/{id}/campanas: the restaurant's campaigns with their counts. */
export function listCampaigns(clienteId: string, signal?: AbortSignal): Promise<Campana[]> {
  return api.get('/api/clientes/{cliente_id}/campanas', { path: { cliente_id: clienteId }, signal });
}

/** POST /api/clientes/{id}/campanas: a new draft. */
export function createCampaign(clienteId: string, form: CampanaForm): Promise<Campana> {
  return api.post('/api/clientes/{cliente_id}/campanas', { path: { cliente_id: clienteId }, body: form });
}

/** POST /api/clientes/{id}/campanas/audiencia: how many consenting people an audience reaches. */
export function countAudience(clienteId: string, canal: Canal, a: Audience, signal?: AbortSignal): Promise<{ total: number }> {
  return api.post('/api/clientes/{cliente_id}/campanas/audiencia', { path: { cliente_id: clienteId }, body: { canal, ...a }, signal });
}

/** POST /api/clientes/{id}/campanas/preview: the message as a real diner of the audience reads it. */
export function previewCampaign(clienteId: string, form: CampanaForm): Promise<CampanaPreview> {
  return api.post('/api/clientes/{cliente_id}/campanas/preview', { path: { cliente_id: clienteId }, body: form });
}

/** POST /api/clientes/{id}/campanas/{id}/enviar: now (no time) or at programada_at. */
export function sendCampaign(clienteId: string, id: number, programadaAt?: number): Promise<Campana> {
  return api.post('/api/clientes/{cliente_id}/campanas/{id}/enviar', {
    path: { cliente_id: clienteId, id },
    body: programadaAt ? { programada_at: programadaAt } : {},
  });
}

/** POST /api/clientes/{id}/campanas/{id}/cancelar. */
export function cancelCampaign(clienteId: string, id: number): Promise<Campana> {
  return api.post('/api/clientes/{cliente_id}/campanas/{id}/cancelar', { path: { cliente_id: clienteId, id } });
}

/** GET /api/clientes/{id}/cupones: the restaurant's offers (the "bought an offer" audience). */
export function listOffers(clienteId: string, signal?: AbortSignal): Promise<{ id: number; titulo: string }[]> {
  return api.get('/api/clientes/{cliente_id}/cupones', { path: { cliente_id: clienteId }, signal });
}

/** GET /api/baja?t=: what an unsubscribe link withdraws. */
export function lookupUnsubscribe(token: string): Promise<Baja> {
  return api.get('/api/baja', { query: { t: token } });
}

/** POST /api/baja?t= with List-Unsubscribe=One-Click (RFC 8058; sent as a form). */
export function unsubscribe(token: string): Promise<Baja> {
  const form = new FormData();
  form.append('List-Unsubscribe', 'One-Click');
  return apiFetch<Baja>(`/baja?t=${encodeURIComponent(token)}`, { method: 'POST', body: form });
}

import type { Popup } from './contract';
import { apiFetch } from '../lib/api-client';
import { publicReads } from '../lib/public-reads';

/**
 * A restaurant's promotional popups (GET /api/popups), read by the diner
 * menu (with its own loader: no TanStack Query here) and by the popups
 * screen (features/popups/api holds its query options).
 */
export type { Popup };

/** The spec allows "a list or a single popup": always return a list. */
function asList(body: unknown): Popup[] {
  if (Array.isArray(body)) return body as Popup[];
  if (body && typeof body === 'object') {
    const o = body as { popups?: unknown; file_url?: unknown };
    if (Array.isArray(o.popups)) return o.popups as Popup[];
    if (typeof o.file_url === 'string') return [body as Popup];
  }
  return [];
}

/**
 * GET /api/popups?cliente_id=[&idioma=en] (public): the active popups, newest
 * first, named in lang (English where the owner gave an English name). The
 * Spanish read keeps the plain URL the menu page preloads.
 */
export async function getPopups(clienteId: string, signal?: AbortSignal, lang: 'es' | 'en' = 'es'): Promise<Popup[]> {
  const body = await apiFetch<unknown>(publicReads.popups(clienteId, lang), {
    signal,
    token: null,
  });
  return asList(body);
}

/** What kind of media a popup file is, from its MIME type. */
export function mediaKind(fileType: string | null | undefined): 'image' | 'video' | 'other' {
  const t = (fileType ?? '').toLowerCase();
  if (t.startsWith('image')) return 'image';
  if (t.startsWith('video')) return 'video';
  return 'other';
}

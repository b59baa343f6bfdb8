import { apiFetch } from '../../../lib/api-client';
import type { Popup } from '../../../api/popups';

/** POST /api/popups (staff, multipart name, file, cliente_id): answers the new popup (201). */
export function createPopup(clienteId: string, name: string, file: File): Promise<Popup> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file);
  form.append('cliente_id', clienteId);
  return apiFetch<Popup>('/popups', { method: 'POST', body: form });
}

/** DELETE /api/popups/{id} (staff): 204. */
export function deletePopup(id: number | string): Promise<void> {
  return apiFetch<void>(`/popups/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
}

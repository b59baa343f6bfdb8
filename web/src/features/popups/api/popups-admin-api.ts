import { apiFetch } from '../../../lib/api-client';
import type { Popup } from '../../../api/popups';

/** POST /api/popups (staff, multipart name, name_en, file, cliente_id): answers the new popup (201). */
export function createPopup(clienteId: string, name: string, file: File, nameEn = ''): Promise<Popup> {
  const form = new FormData();
  form.append('name', name);
  if (nameEn) form.append('name_en', nameEn);
  form.append('file', file);
  form.append('cliente_id', clienteId);
  return apiFetch<Popup>('/popups', { method: 'POST', body: form });
}

/**
 * DELETE /api/popups/{id}?cliente_id= (staff): 204. The restaurant is named
 * because a super admin must name it (400 without it).
 */
export function deletePopup(clienteId: string, id: number | string): Promise<void> {
  const q = encodeURIComponent;
  return apiFetch<void>(`/popups/${q(String(id))}?cliente_id=${q(clienteId)}`, { method: 'DELETE' });
}

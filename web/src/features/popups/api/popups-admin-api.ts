import * as api from '../../../api/client';
import type { Popup } from '../../../api/popups';

/** POST /api/popups (staff, multipart name, name_en, file, cliente_id): answers the new popup (201). */
export function createPopup(clienteId: string, name: string, file: File, nameEn = ''): Promise<Popup> {
  const form = new FormData();
  form.append('name', name);
  if (nameEn) form.append('name_en', nameEn);
  form.append('file', file);
  form.append('cliente_id', clienteId);
  return api.post('/api/popups', { body: form });
}

/**
 * DELETE /api/popups/{id}?cliente_id= (staff): 204. The restaurant is named
 * because a super admin must name it (400 without it).
 */
export function deletePopup(clienteId: string, id: number | string): Promise<void> {
  return api.delete('/api/popups/{id}', { path: { id }, query: { cliente_id: clienteId } });
}

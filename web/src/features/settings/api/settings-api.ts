import * as api from '../../../api/client';
import type { ResponseBody, Settings, SettingsInput } from '../../../api/contract';

/** POST /api/configuraciones (staff): saves the look and feel; answers the saved settings. */
export function saveSettings(input: SettingsInput): Promise<Settings> {
  return api.post('/api/configuraciones', { body: input });
}

type UploadAnswer = ResponseBody<'/api/configuraciones/logo', 'post'>;

/** POST /api/configuraciones/logo|background (staff, multipart file + cliente_id): answers the new url. */
export async function uploadSettingsImage(
  kind: 'logo' | 'background',
  clienteId: string,
  file: File,
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', file);
  form.append('cliente_id', clienteId);
  return kind === 'logo'
    ? api.post('/api/configuraciones/logo', { body: form })
    : api.post('/api/configuraciones/background', { body: form });
}

import { apiFetch } from '../../../lib/api-client';
import type { RestaurantSettings, SettingsInput } from '../../../api/settings';

/** POST /api/configuraciones (staff): saves the look and feel; answers the saved settings. */
export function saveSettings(input: SettingsInput): Promise<RestaurantSettings> {
  return apiFetch<RestaurantSettings>('/configuraciones', { method: 'POST', body: input });
}

/** POST /api/configuraciones/logo|background (staff, multipart file + cliente_id): answers the new url. */
export async function uploadSettingsImage(
  kind: 'logo' | 'background',
  clienteId: string,
  file: File,
): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  form.append('cliente_id', clienteId);
  return apiFetch<{ url: string }>(`/configuraciones/${kind}`, { method: 'POST', body: form });
}

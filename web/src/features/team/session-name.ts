import type { SesionStaff } from './api/team-api';

/**
 * How a session is named in a list: a kept device's label ('Tablet cocina'), else the browser and
 * system it was opened from ('Chrome · Android'), else `browser` (the word 'Navegador', for a
 * session opened before browsers were recorded or from an unknown one).
 */
export function sessionName(s: Pick<SesionStaff, 'dispositivo' | 'navegador'>, browser: string): string {
  return s.dispositivo || s.navegador || browser;
}

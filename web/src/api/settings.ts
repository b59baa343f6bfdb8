import type { CSSProperties } from 'react';
import type { Settings, SettingsInput } from './contract';
import { apiFetch } from '../lib/api-client';
import { setRestaurantLocale } from '../lib/intl';
import { publicReads } from '../lib/public-reads';

/**
 * A restaurant's look and feel, as GET /api/configuraciones answers it.
 * Shared by the diner menu (reads it) and the settings screen (edits it).
 * The diner menu reads it with its own loader (lib/fetch-cache.ts), so this
 * module must not import TanStack Query: the staff pages' query options are
 * in features/settings/api.
 */
export type RestaurantSettings = Settings;

/** The fields POST /api/configuraciones accepts (logo and background have their own uploads). */
export type { SettingsInput };

/** The spec's defaults (section 3 and 9). */
export const DEFAULT_SETTINGS: Omit<RestaurantSettings, 'cliente_id'> = {
  logo: 'static/images/default-logo.png',
  backgroundImage: '',
  cardColor: '#f0f0f0',
  textColor: '#000000',
  cardBorderRadius: '8px',
  fontSize: '16px',
  fontFamily: 'Arial',
  nombre_restaurante: '',
  telefono_contacto: '',
  ubicacion_google_maps: '',
  direccion: '',
  moneda: 'USD',
  pais: 'US',
  locale: 'es-US',
  locales: { es: 'es-US', en: 'en-US' },
  zona_horaria: 'America/New_York',
  impuestos_incluidos: false,
};

/** The six font families the settings screen offers (spec section 9; the same as the API's enum). */
export const FONT_FAMILIES = [
  'Arial',
  'Verdana',
  'Tahoma',
  'Georgia',
  'Times New Roman',
  'Courier New',
] as const satisfies readonly SettingsInput['fontFamily'][];

const GENERIC: Record<string, string> = {
  Georgia: 'serif',
  'Times New Roman': 'serif',
  'Courier New': 'monospace',
};

/**
 * GET /api/configuraciones?cliente_id= (public). Reading a restaurant's
 * settings makes its page write prices and dates in its locale and time
 * zone (lib/intl.ts): they arrive with its currency, before any price
 * renders.
 */
export async function getSettings(clienteId: string, signal?: AbortSignal): Promise<RestaurantSettings> {
  const s = await apiFetch<RestaurantSettings>(publicReads.settings(clienteId), {
    signal,
    token: null,
  });
  recordSettingsLocale(s);
  return s;
}

/** Records the locales and zone of the restaurant whose settings the page shows (lib/intl.ts); see getSettings. */
export function recordSettingsLocale(s: Pick<RestaurantSettings, 'cliente_id' | 'locales' | 'zona_horaria'> | undefined | null): void {
  if (s?.locales) setRestaurantLocale({ clienteId: String(s.cliente_id), locales: s.locales, zone: s.zona_horaria });
}

/** A CSS length from a stored value: '12px' stays, '12' becomes '12px', junk gives the fallback. */
export function cssLength(value: string | number | null | undefined, fallback: string): string {
  const s = String(value ?? '').trim();
  if (/^\d+(\.\d+)?$/.test(s)) return `${s}px`;
  if (/^\d+(\.\d+)?(px|rem|em|%)$/.test(s)) return s;
  return fallback;
}

/** A CSS font-family list: the chosen family (quoted) and a generic fallback. */
export function fontStack(family: string | null | undefined): string {
  const name = (family ?? '').replace(/["';{}]/g, '').trim() || 'Arial';
  return `"${name}", ${GENERIC[name] ?? 'sans-serif'}`;
}

function safeColor(value: string | null | undefined, fallback: string): string {
  const s = (value ?? '').trim();
  return /^#[0-9a-f]{3,8}$/i.test(s) || /^[a-z]+$/i.test(s) || /^rgba?\([\d\s.,%]+\)$/i.test(s) ? s : fallback;
}

/**
 * cardStyle is the inline style of a menu card from the settings: colours,
 * radius, font size and family. `defaultRadius` is 10px on the diner menu and
 * 8px in the settings screen (spec section 9), used when the value is unset.
 */
export function cardStyle(
  s: Partial<Pick<RestaurantSettings, 'cardColor' | 'textColor' | 'cardBorderRadius' | 'fontSize' | 'fontFamily'>>,
  defaultRadius = '10px',
): CSSProperties {
  return {
    backgroundColor: safeColor(s.cardColor, DEFAULT_SETTINGS.cardColor),
    color: safeColor(s.textColor, DEFAULT_SETTINGS.textColor),
    borderRadius: cssLength(s.cardBorderRadius, defaultRadius),
    fontSize: cssLength(s.fontSize, DEFAULT_SETTINGS.fontSize),
    fontFamily: fontStack(s.fontFamily),
  };
}

import { intlLocale, restaurantZone } from './intl';

/**
 * Dates in the restaurant's locale (lib/intl.ts: '15/12/2026' in Spain and
 * Mexico, '12/15/2026' in English in the US) and in its time zone (a
 * diner in another zone still reads the restaurant's day). The server
 * writes the same texts in its e-mails (internal/locale, formats.go);
 * internal/locale/testdata/dates.json holds both to Intl.
 */

/** A date in digits: '15/12/2026'. */
export const NUMERIC_DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
/** A date in digits and a clock time: '15/12/2026, 14:05', '12/15/2026, 2:05 PM'. */
export const NUMERIC_DATE_TIME: Intl.DateTimeFormatOptions = { ...NUMERIC_DATE, hour: 'numeric', minute: '2-digit' };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An Intl formatter of the locale of `language`, in `zone` (the restaurant's by default; the device's when it does not load). */
export function dateFormatter(language: string | undefined, options: Intl.DateTimeFormatOptions, zone = restaurantZone()): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  const key = `${locale}|${zone ?? ''}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone || undefined });
    } catch {
      f = new Intl.DateTimeFormat(locale, options);
    }
    formatters.set(key, f);
  }
  return f;
}

/** A Unix-seconds time as a date in the reader's language ('12 mar 2025'); '' for 0 / missing. */
export function formatDate(seconds: number | null | undefined, language: string | undefined, zone?: string): string {
  if (!seconds || !Number.isFinite(seconds)) return '';
  return dateFormatter(language, { dateStyle: 'medium' }, zone ?? restaurantZone()).format(new Date(seconds * 1000));
}

/** A Unix-seconds time as a date in digits and a clock time ('15/12/2026, 14:05'); '—' for 0 / missing. */
export function formatTimestamp(seconds: number | null | undefined, language: string | undefined, zone?: string): string {
  if (!seconds) return '—';
  return dateFormatter(language, NUMERIC_DATE_TIME, zone ?? restaurantZone()).format(new Date(seconds * 1000));
}

/**
 * The day `ms` falls on in `zone` (the restaurant's by default; the device's
 * when none), as an <input type="date"> writes it: '2026-12-15'. An offer's
 * expiry date is a day of the restaurant's (the server ends it at 23:59:59
 * there), so 'today' is the restaurant's today, not the device's.
 */
export function isoDay(ms: number, zone = restaurantZone()): string {
  const parts = dateFormatter('en', { year: 'numeric', month: '2-digit', day: '2-digit' }, zone).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

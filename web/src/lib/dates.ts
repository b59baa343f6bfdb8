import { intlLocale } from './intl';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  const key = `${locale}|${options.dateStyle ?? ''}|${options.timeStyle ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** A Unix-seconds time as a date in the reader's language ('12 mar 2025'); '' for 0 / missing. */
export function formatDate(seconds: number | null | undefined, language: string | undefined): string {
  if (!seconds || !Number.isFinite(seconds)) return '';
  return formatter(language, { dateStyle: 'medium' }).format(new Date(seconds * 1000));
}

/** A Unix-seconds time as a short local date and time; '—' for 0 / missing. */
export function formatTimestamp(seconds: number | null | undefined, language: string | undefined): string {
  if (!seconds) return '—';
  return formatter(language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(seconds * 1000));
}

import { moneyLocale } from '../../../lib/money';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A Unix-seconds time as a date in the reader's language; '' for 0 / missing. */
export function formatDate(seconds: number | null | undefined, language: string | undefined): string {
  if (!seconds || !Number.isFinite(seconds)) return '';
  const locale = moneyLocale(language);
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    formatters.set(locale, f);
  }
  return f.format(new Date(seconds * 1000));
}

import { intlLocale } from '../../../lib/intl';

/**
 * A Unix-seconds time as a clock time ('14:30' / '2:30 PM') in the
 * restaurant's time zone (the pickup is there, whatever the diner's phone
 * says); the browser's zone when the name does not load.
 */
export function formatClock(seconds: number, zone: string | undefined, language: string | undefined): string {
  if (!seconds) return '';
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: zone || undefined }).format(new Date(seconds * 1000));
  } catch {
    return new Intl.DateTimeFormat(intlLocale(language), options).format(new Date(seconds * 1000));
  }
}

/** A Unix-seconds time as a date and clock time in the restaurant's time zone. */
export function formatDateTime(seconds: number, zone: string | undefined, language: string | undefined): string {
  if (!seconds) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: zone || undefined }).format(new Date(seconds * 1000));
  } catch {
    return new Intl.DateTimeFormat(intlLocale(language), options).format(new Date(seconds * 1000));
  }
}

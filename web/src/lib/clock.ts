import { dateFormatter } from './dates';

/**
 * The one clock of Carta's pages: times in the restaurant's time zone (the
 * pickup and the kitchen are there, whatever the device's zone is) in the
 * reader's language ('14:05' / '2:05 PM'). The diner's pages and the staff's
 * order board both use it; the pickup's day is in the order page (OrderPage.tsx), an order's
 * live age lib/age.ts (each in its own pages' chunk).
 */

/**
 * An Intl formatter in the restaurant's locale (lib/intl.ts) and zone (the
 * one given, else the restaurant's the page shows; the device's zone when
 * it does not load).
 */
export function formatter(language: string | undefined, zone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return zone ? dateFormatter(language, options, zone) : dateFormatter(language, options);
}

/** A Unix-seconds time as the restaurant's clock time ('14:05' in Spain, '2:05 p.m.' / '2:05 PM' in Mexico); '' for 0. */
export function formatClock(seconds: number, zone: string | undefined, language: string | undefined): string {
  if (!seconds) return '';
  return formatter(language, zone, { hour: 'numeric', minute: '2-digit' }).format(new Date(seconds * 1000));
}

/** A Unix-seconds time as a date and clock time in the restaurant's time zone. */
export function formatDateTime(seconds: number, zone: string | undefined, language: string | undefined): string {
  if (!seconds) return '';
  return formatter(language, zone, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000));
}

import { useEffect, useState } from 'react';
import { intlLocale } from './intl';

/**
 * The one clock of Carta's pages: times in the restaurant's time zone (the
 * pickup and the kitchen are there, whatever the device's zone is) in the
 * reader's language ('14:05' / '2:05 PM'), the pickup with its day ('hoy',
 * 'mañana' or the date), an order's age, and the ticking "now" that drives
 * live ages. The diner's order page and the staff's order board both use it.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached Intl formatter; the device's zone when the restaurant's does not load. */
function formatter(language: string | undefined, zone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
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

/** A Unix-seconds time as the restaurant's clock time ('2:05 p.m.' / '2:05 PM'); '' for 0. */
export function formatClock(seconds: number, zone: string | undefined, language: string | undefined): string {
  if (!seconds) return '';
  return formatter(language, zone, { hour: 'numeric', minute: '2-digit' }).format(new Date(seconds * 1000));
}

/** A Unix-seconds time as a date and clock time in the restaurant's time zone. */
export function formatDateTime(seconds: number, zone: string | undefined, language: string | undefined): string {
  if (!seconds) return '';
  return formatter(language, zone, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000));
}

/** The restaurant's calendar day of a Unix-seconds time, as days since 1970 (comparable). */
function dayNumber(seconds: number, zone: string | undefined): number {
  const parts = formatter('en', zone, { year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date(seconds * 1000));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day')) / 86_400_000;
}

/**
 * The day of a pickup as a diner says it: 'hoy' / 'today', 'mañana' /
 * 'tomorrow', else the date ('sáb 28 de nov' / 'Sat, Nov 28'), in the
 * restaurant's time zone; now is Unix seconds.
 */
export function formatDay(seconds: number, now: number, zone: string | undefined, language: string | undefined): string {
  const diff = dayNumber(seconds, zone) - dayNumber(now, zone);
  if (diff === 0 || diff === 1) {
    const words = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' }).format(diff, 'day');
    return words;
  }
  return formatter(language, zone, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(seconds * 1000));
}

/** A pickup time with its day: 'hoy, 2:05 p.m.' / 'tomorrow, 2:05 PM' / 'Sat, Nov 28, 2:05 PM'. */
export function formatPickup(seconds: number, now: number, zone: string | undefined, language: string | undefined): string {
  if (!seconds) return '';
  return `${formatDay(seconds, now, zone, language)}, ${formatClock(seconds, zone, language)}`;
}

/** Whole minutes from `since` to `now` (Unix seconds), never negative. */
export function minutesSince(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 60));
}

/** A duration in minutes, language-neutral: '7 min', '1 h 05 min', '2 h'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${String(m).padStart(2, '0')} min` : `${h} h`;
}

/** Unix seconds now, ticking every `everyMs` (live ages; pauses end without a reload). One timer per caller. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

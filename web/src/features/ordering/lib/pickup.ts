import { formatClock, formatter } from '../../../lib/clock';
import { intlLocale } from '../../../lib/intl';

/** A pickup time the diner can choose: the form's value ('0' is as soon as possible), its label and when (Unix seconds). */
export type PickupTime = { value: string; label: string; at: number };

/**
 * One hour of a day's pickup times (key 'HH' in the restaurant's zone,
 * labelled '1 p.m.' / '1 PM' / '13:00'), or as soon as possible (key
 * 'asap', its one time): the diner picks the hour, then one of its
 * quarter hours, so no list is longer than a day's hours.
 */
export type PickupHour = { key: string; label: string; times: PickupTime[] };

export const ASAP_HOUR = 'asap';

/** A day of pickup times, in the restaurant's time zone: 'Hoy', 'Mañana' or its date. */
export type PickupDay = { key: string; label: string; times: PickupTime[] };

type Labels = {
  today: string;
  tomorrow: string;
  /** The as-soon-as-possible choice's label, given its clock time. */
  asap: (clock: string) => string;
};

/** The restaurant's local date of a Unix-seconds time, as 'YYYY-MM-DD' (the browser's zone when the name does not load). */
export function localDay(seconds: number, zone: string | undefined): string {
  const parts = formatter('en-US', zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(seconds * 1000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const dayNumber = (key: string) => Date.UTC(+key.slice(0, 4), +key.slice(5, 7) - 1, +key.slice(8, 10)) / 86_400_000;

/**
 * The pickup times offered (as soon as possible, then the open slots),
 * grouped by the restaurant's local day in order: today and tomorrow by
 * name, a later day by its weekday and date. The diner picks the day, then
 * one of its times.
 */
export function pickupDays(
  asap: { at: number } | null,
  slots: { at: number }[],
  zone: string | undefined,
  language: string | undefined,
  now: number,
  labels: Labels,
): PickupDay[] {
  const today = dayNumber(localDay(now, zone));
  const days: PickupDay[] = [];
  const add = (at: number, time: PickupTime) => {
    const key = localDay(at, zone);
    let day = days.find((d) => d.key === key);
    if (!day) {
      const offset = dayNumber(key) - today;
      let label = offset === 0 ? labels.today : offset === 1 ? labels.tomorrow : '';
      if (!label) label = formatter(language, zone, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(at * 1000));
      day = { key, label, times: [] };
      days.push(day);
    }
    day.times.push(time);
  };
  if (asap) add(asap.at, { value: '0', label: labels.asap(formatClock(asap.at, zone, language)), at: asap.at });
  for (const s of slots) add(s.at, { value: String(s.at), label: formatClock(s.at, zone, language), at: s.at });
  return days;
}

/** An hour as its locale says it alone: '6 p.m.' / '6 PM', or '18:00' where the clock has 24 hours (a bare '18' reads as nothing). */
function formatHour(f: Intl.DateTimeFormat, at: number): string {
  const parts = f.formatToParts(new Date(at * 1000));
  if (parts.some((p) => p.type === 'dayPeriod')) return parts.map((p) => p.value).join('');
  return `${parts.find((p) => p.type === 'hour')?.value ?? ''}:00`;
}

/** A day's pickup times grouped by the restaurant's local hour, in order; as soon as possible first, on its own. */
export function pickupHours(times: PickupTime[], zone: string | undefined, language: string | undefined): PickupHour[] {
  const hourOf = formatter('en-US', zone, { hour: '2-digit', hourCycle: 'h23' });
  const hourLabel = formatter(language, zone, { hour: 'numeric' });
  const hours: PickupHour[] = [];
  for (const time of times) {
    const key = time.value === '0' ? ASAP_HOUR : hourOf.format(new Date(time.at * 1000));
    let hour = hours.find((h) => h.key === key);
    if (!hour) {
      hour = { key, label: key === ASAP_HOUR ? time.label : formatHour(hourLabel, time.at), times: [] };
      hours.push(hour);
    }
    hour.times.push(time);
  }
  return hours;
}

/**
 * The day of a pickup as a diner says it in a sentence: 'hoy' / 'today',
 * 'mañana' / 'tomorrow', else the date ('sáb 28 de nov' / 'Sat, Nov 28'),
 * in the restaurant's time zone; now is Unix seconds.
 */
export function formatDay(seconds: number, now: number, zone: string | undefined, language: string | undefined): string {
  const diff = dayNumber(localDay(seconds, zone)) - dayNumber(localDay(now, zone));
  if (diff === 0 || diff === 1) return new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' }).format(diff, 'day');
  return formatter(language, zone, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(seconds * 1000));
}

/** A pickup time with its day: 'hoy, 2:05 p.m.' / 'tomorrow, 2:05 PM' / 'Sat, Nov 28, 2:05 PM'. */
export function formatPickup(seconds: number, now: number, zone: string | undefined, language: string | undefined): string {
  if (!seconds) return '';
  return `${formatDay(seconds, now, zone, language)}, ${formatClock(seconds, zone, language)}`;
}

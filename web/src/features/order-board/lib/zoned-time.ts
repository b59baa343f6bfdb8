import { formatClock } from '../../../lib/clock';

/**
 * Times in the restaurant's time zone (the board and the settings show the
 * restaurant's clock, whatever the device's zone is), with Intl only.
 */

function parts(unixSeconds: number, zone: string): Record<string, number> {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(unixSeconds * 1000))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out;
}

/** Seconds the zone is ahead of UTC at that instant. */
function offset(unixSeconds: number, zone: string): number {
  const p = parts(unixSeconds, zone);
  const asUTC = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) / 1000;
  return asUTC - unixSeconds;
}

/** A valid IANA zone name, else UTC. */
export function safeZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** "YYYY-MM-DDTHH:MM" (a datetime-local value) of a Unix time in the zone. */
export function toZonedInput(unixSeconds: number, zone: string): string {
  const p = parts(unixSeconds, safeZone(zone));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** The Unix time of a "YYYY-MM-DDTHH:MM" wall-clock time in the zone; null when malformed. */
export function fromZonedInput(value: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const z = safeZone(zone);
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]) / 1000;
  let guess = wall - offset(wall, z);
  guess = wall - offset(guess, z); // again, in case the guess crossed a DST change
  return guess;
}

/** A Unix time as the zone's clock in the reader's language: the one formatter of lib/clock. */
export function formatZonedTime(unixSeconds: number, zone: string, locale: string): string {
  return formatClock(unixSeconds, safeZone(zone), locale);
}

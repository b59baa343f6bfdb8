import type { OpeningHours as Hours } from '../../../api/contract';
import { fromZonedInput, toZonedInput } from './zoned-time';

/** The quick pauses of the board, in minutes (plus 'resto del día' and a time of the owner's choosing). */
export const PAUSE_PRESETS_MIN = [30, 60] as const;

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** The zone's date ('YYYY-MM-DD') and weekday (0 = Sunday) at a Unix time. */
function zonedDay(now: number, zone: string): { date: string; weekday: number; minute: number } {
  const local = toZonedInput(now, zone); // YYYY-MM-DDTHH:MM
  const [date, time] = local.split('T');
  const [y, m, d] = date.split('-').map(Number);
  return { date, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay(), minute: minutes(time) };
}

/** The Unix time of a wall-clock 'HH:MM' (up to '24:00') on a date in the zone. */
function at(date: string, hhmm: string, zone: string): number {
  if (hhmm === '24:00') {
    const [y, m, d] = date.split('-').map(Number);
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    return fromZonedInput(`${next}T00:00`, zone) ?? 0;
  }
  return fromZonedInput(`${date}T${hhmm}`, zone) ?? 0;
}

/**
 * 'Resto del día': until the restaurant closes (the end of its opening
 * interval under way, in its zone), or, when it is not open now, until the
 * end of its day (the next midnight there).
 */
export function restOfDay(now: number, zone: string, horario: Hours[]): number {
  const { date, weekday, minute } = zonedDay(now, zone);
  const open = horario.find((h) => h.dia === weekday && minutes(h.abre) <= minute && minute < minutes(h.cierra));
  return at(date, open ? open.cierra : '24:00', zone);
}

/** A pause until a clock time 'HH:MM' of the owner's choosing: today, or tomorrow when it has passed. */
export function untilClock(now: number, zone: string, hhmm: string): number | null {
  if (!/^\d{2}:\d{2}$/.test(hhmm)) return null;
  const { date } = zonedDay(now, zone);
  let until = at(date, hhmm, zone);
  if (until <= now) until = at(zonedDay(now + 86_400, zone).date, hhmm, zone);
  return until || null;
}

/**
 * The unix second a calendar day ('2026-11-27') starts in a time zone (the
 * restaurant's; undefined: the device's): the log's date filter asks the
 * server for [start of 'desde', start of the day after 'hasta').
 */
export function dayStart(day: string, zone?: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!zone) return Math.floor(new Date(y, mo - 1, d).getTime() / 1000);
  const utc = Date.UTC(y, mo - 1, d) / 1000;
  // The zone's offset at a guess, then again at the answer (a DST change that day).
  let t = utc - offset(utc, zone);
  t = utc - offset(t, zone);
  return t;
}

/** The day after `day` ('2026-11-30' → '2026-12-01'). */
export function nextDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const next = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
  return next.toISOString().slice(0, 10);
}

/** How many seconds zone is ahead of UTC at unix second t. */
function offset(t: number, zone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(t * 1000));
  } catch {
    return 0;
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUTC = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second')) / 1000;
  return asUTC - t;
}

import { afterEach, describe, expect, it } from 'vitest';
import { formatClock } from './clock';
import { NUMERIC_DATE, dateFormatter, formatDate, formatTimestamp } from './dates';
import { setRestaurantLocale } from './intl';
// The server's e-mails write dates and clock times with internal/locale, whose test reads the same file.
import shared from '../../../internal/locale/testdata/dates.json';

type Case = { unix: number; zone: string; locale: string; kind: 'clock' | 'date' | 'datetime'; text: string; note: string };

describe('the table shared with the server (internal/locale)', () => {
  const table = shared as { cases: Case[] };
  afterEach(() => setRestaurantLocale(null));

  it("is what the pages write, in the restaurant's locale and zone, across daylight-saving changes", () => {
    expect(table.cases.length).toBeGreaterThan(500);
    for (const c of table.cases) {
      // The restaurant's locale for each UI language, as its settings give it.
      const [lang, country] = c.locale.split('-');
      setRestaurantLocale({ clienteId: '1', locales: { [lang]: c.locale }, zone: c.zone });
      const got =
        c.kind === 'clock'
          ? formatClock(c.unix, c.zone, lang)
          : c.kind === 'date'
            ? dateFormatter(lang, NUMERIC_DATE).format(c.unix * 1000)
            : formatTimestamp(c.unix, lang);
      expect(got, `${JSON.stringify(c)} (${country})`).toBe(c.text);
    }
  });
});

describe("dates in the restaurant's zone (issue 29, item 5)", () => {
  afterEach(() => setRestaurantLocale(null));

  it("writes the restaurant's day, not the device's", () => {
    // 23:30 UTC on 4 July is already 5 July in Madrid, still 4 July in New York.
    const t = Date.UTC(2026, 6, 4, 23, 30) / 1000;
    setRestaurantLocale({ clienteId: '7', locales: { es: 'es-ES', en: 'en-ES' }, zone: 'Europe/Madrid' });
    expect(formatTimestamp(t, 'es')).toBe('05/07/2026, 1:30');
    expect(formatTimestamp(t, 'en')).toBe('05/07/2026, 1:30');
    expect(formatDate(t, 'es')).toBe('5 jul 2026');
    setRestaurantLocale({ clienteId: '1', locales: { es: 'es-US', en: 'en-US' }, zone: 'America/New_York' });
    expect(formatTimestamp(t, 'en')).toBe('07/04/2026, 7:30 PM');
    expect(formatTimestamp(t, 'es')).toBe('04/07/2026, 7:30 p.m.');
    // An explicit zone wins; 0 is no date.
    expect(formatTimestamp(t, 'en', 'Europe/Madrid')).toBe('07/05/2026, 1:30 AM');
    expect(formatTimestamp(0, 'es')).toBe('—');
  });
});

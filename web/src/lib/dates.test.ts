import { afterEach, describe, expect, it } from 'vitest';
import { formatClock } from './clock';
import { NUMERIC_DATE, dateFormatter, formatDate, formatTimestamp, isoDay } from './dates';
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

describe("an offer's expiry day (issue 29: the end of the day in the restaurant's zone)", () => {
  afterEach(() => setRestaurantLocale(null));
  // What the server stores for the date 2026-12-15 (internal/offers, parseExpiry): 23:59:59 there.
  const endOf15Dec = { madrid: Date.UTC(2026, 11, 15, 22, 59, 59) / 1000, mexico: Date.UTC(2026, 11, 16, 5, 59, 59) / 1000, newYork: Date.UTC(2026, 11, 16, 4, 59, 59) / 1000 };

  it("is written as that day in the restaurant's zone, wherever the device is", () => {
    expect(formatDate(endOf15Dec.madrid, 'es', 'Europe/Madrid')).toBe('15 dic 2026');
    expect(formatDate(endOf15Dec.mexico, 'es', 'America/Mexico_City')).toBe('15 dic 2026');
    expect(formatDate(endOf15Dec.newYork, 'en', 'America/New_York')).toBe('Dec 15, 2026');
    // The zone the restaurant's settings recorded, when the caller names none.
    setRestaurantLocale({ clienteId: '2', locales: { es: 'es-MX', en: 'en-MX' }, zone: 'America/Mexico_City' });
    expect(formatDate(endOf15Dec.mexico, 'es')).toBe('15 dic 2026');
    // The day of a daylight-saving change ends in the new offset: still that day.
    expect(formatDate(Date.UTC(2026, 2, 29, 21, 59, 59) / 1000, 'es', 'Europe/Madrid')).toBe('29 mar 2026');
    expect(formatDate(Date.UTC(2026, 10, 2, 4, 59, 59) / 1000, 'en', 'America/New_York')).toBe('Nov 1, 2026');
  });

  it("takes today as the restaurant's day: the form's first allowed date", () => {
    // 23:30 UTC on 15 December: the 16th in Madrid, the 15th in Mexico City and New York.
    const late = Date.UTC(2026, 11, 15, 23, 30);
    expect(isoDay(late, 'Europe/Madrid')).toBe('2026-12-16');
    expect(isoDay(late, 'America/Mexico_City')).toBe('2026-12-15');
    expect(isoDay(late, 'America/New_York')).toBe('2026-12-15');
    // Around Madrid's spring change (29 March, 02:00 → 03:00): 22:30 UTC is 23:30 before it, 00:30 after it.
    expect(isoDay(Date.UTC(2026, 2, 28, 22, 30), 'Europe/Madrid')).toBe('2026-03-28');
    expect(isoDay(Date.UTC(2026, 2, 29, 22, 30), 'Europe/Madrid')).toBe('2026-03-30');
    setRestaurantLocale({ clienteId: '7', locales: { es: 'es-ES', en: 'en-ES' }, zone: 'Europe/Madrid' });
    expect(isoDay(late)).toBe('2026-12-16');
  });
});

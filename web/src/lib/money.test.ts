import { afterEach, describe, expect, it } from 'vitest';
import { intlLocale, setRestaurantLocale } from './intl';
import { formatCents, formatPlain, PLAIN_CURRENCIES } from './money';
// The server's e-mails write money with internal/money, whose test reads the same file.
import shared from '../../../internal/money/testdata/formats.json';

// Intl output may use a narrow no-break space between parts.
const norm = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('formatCents', () => {
  it('formats cents as dollars in English', () => {
    expect(formatCents(1250, 'USD', 'en')).toBe('$12.50');
    expect(formatCents(0, 'USD', 'en')).toBe('$0.00');
    expect(formatCents(5, 'USD', 'en')).toBe('$0.05');
    expect(formatCents(123456, 'USD', 'en')).toBe('$1,234.56');
  });

  it('never guesses units: 99 cents and 100 cents are both cents', () => {
    expect(formatCents(99, 'USD', 'en')).toBe('$0.99');
    expect(formatCents(100, 'USD', 'en')).toBe('$1.00');
  });

  it('uses a Spanish locale for es', () => {
    expect(intlLocale('es')).toBe('es-MX');
    expect(intlLocale('en')).toBe('en-US');
    expect(norm(formatCents(123456, 'MXN', 'es'))).toBe('$1,234.56');
    expect(norm(formatCents(1250, 'USD', 'es'))).toBe('$12.50');
    expect(norm(formatCents(1250, 'EUR', 'es'))).toBe('€12.50');
  });

  it('uses the restaurant currency', () => {
    expect(norm(formatCents(1250, 'EUR', 'en'))).toBe('€12.50');
    expect(norm(formatCents(1250, 'eur', 'en'))).toBe('€12.50');
    expect(norm(formatCents(150000, 'CLP', 'en'))).toBe('$1,500');
  });

  it('falls back to USD for an empty or unknown currency', () => {
    expect(formatCents(1250, '', 'en')).toBe('$12.50');
    expect(formatCents(1250, 'NOPE', 'en')).toBe('$12.50');
  });

  it('accepts a full Intl locale', () => {
    expect(norm(formatCents(1250, 'EUR', 'de-DE'))).toBe('12,50 €');
  });
});

describe('formatPlain', () => {
  // Amounts in cents: zero, small, thousands, millions, halves (CLP rounds them), negatives.
  const amounts = [0, 1, 5, 49, 50, 99, 100, 150, 249, 250, 1234, 99_999, 100_000, 123_456, 12_345_678, 123_456_789_012, -1, -50, -150, -123_456];

  it("writes every plain currency exactly as Intl does, in every country's locales", () => {
    for (const locale of ['es-MX', 'en-US', 'es-US', 'en-MX', 'es-ES', 'en-ES']) {
      for (const code of Object.keys(PLAIN_CURRENCIES)) {
        const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' });
        for (const cents of amounts) {
          expect(formatPlain(cents, code, locale), `${locale} ${code} ${cents}`).toBe(intl.format(cents / 100));
        }
      }
    }
  });

  it('leaves other currencies, locales and fractional cents to Intl', () => {
    expect(formatPlain(1250, 'PEN', 'es-MX')).toBeNull();
    expect(formatPlain(1250, 'EUR', 'de-DE')).toBeNull();
    expect(formatPlain(12.5, 'USD', 'en-US')).toBeNull();
    expect(norm(formatCents(12.5, 'USD', 'en'))).toBe('$0.13');
  });
});

describe('the table shared with the server (internal/money)', () => {
  const table: { cases: { cents: number; currency: string; lang: string; text: string }[] } = shared;

  it('holds what Intl writes', () => {
    expect(table.cases.length).toBeGreaterThan(100);
    for (const c of table.cases) {
      const code = c.currency.trim().toUpperCase();
      const intl = new Intl.NumberFormat(c.lang.includes('-') ? c.lang : intlLocale(c.lang), {
        style: 'currency',
        currency: /^[A-Z]{3}$/.test(code) ? code : 'USD',
        currencyDisplay: 'narrowSymbol',
      });
      expect(intl.format(c.cents / 100), JSON.stringify(c)).toBe(c.text);
    }
  });

  it('is what formatCents writes', () => {
    for (const c of table.cases) expect(formatCents(c.cents, c.currency, c.lang), JSON.stringify(c)).toBe(c.text);
  });
});

describe("the restaurant's locale (issue 29)", () => {
  afterEach(() => setRestaurantLocale(null));

  it("writes a Spanish restaurant's prices as Spain does, in both UI languages", () => {
    setRestaurantLocale({ clienteId: '7', locales: { es: 'es-ES', en: 'en-ES' }, zone: 'Europe/Madrid' });
    expect(intlLocale('es')).toBe('es-ES');
    expect(intlLocale('en')).toBe('en-ES');
    expect(formatCents(950, 'EUR', 'es')).toBe('9,50\u00a0€');
    expect(formatCents(950, 'EUR', 'en')).toBe('€9.50');
    expect(formatCents(123456, 'EUR', 'es')).toBe('1234,56\u00a0€');
    expect(formatCents(1234567, 'EUR', 'es')).toBe('12.345,67\u00a0€');
    expect(formatCents(-950, 'EUR', 'es')).toBe('-9,50\u00a0€');
  });

  it('writes a Mexican restaurant in pesos with the symbol first; without a restaurant, as before', () => {
    setRestaurantLocale({ clienteId: '2', locales: { es: 'es-MX', en: 'en-MX' } });
    expect(formatCents(950, 'MXN', 'es')).toBe('$9.50');
    expect(formatCents(950, 'MXN', 'en')).toBe('$9.50');
    setRestaurantLocale(null);
    expect(intlLocale('es')).toBe('es-MX');
    expect(formatCents(950, 'EUR', 'es')).toBe('€9.50');
  });
});

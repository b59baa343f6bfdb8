import { describe, expect, it } from 'vitest';
import { intlLocale } from './intl';
import { formatCents } from './money';

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

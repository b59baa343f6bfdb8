/**
 * Money is integer cents everywhere (API and database). This is the one
 * formatter that turns cents into text, in the restaurant's currency and the
 * reader's language. A menu has one currency, so the narrow symbol is shown
 * ('$9.50', '€9.50') rather than 'USD 9.50'. There is no "≥ 100 means cents" guessing: every price
 * the API sends is cents.
 */

import { intlLocale } from './intl';

const cache = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = cache.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    } catch {
      // Unknown currency code: fall back to USD rather than breaking the menu.
      f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
    }
    cache.set(key, f);
  }
  return f;
}

/**
 * formatCents renders an amount of cents, e.g. formatCents(1250, 'USD', 'en')
 * → '$12.50'. `currency` is an ISO 4217 code (default USD); `locale` is a UI
 * language ('es', 'en': written in the restaurant's locale, lib/intl.ts —
 * '12,50 €' in Spain) or a full Intl locale. Currencies without minor units
 * (e.g. CLP, JPY) still receive cents and are shown rounded.
 */
export function formatCents(cents: number, currency = 'USD', locale = 'es'): string {
  const code = (currency || 'USD').trim().toUpperCase() || 'USD';
  const amount = Number.isFinite(cents) ? cents : 0;
  const tag = locale.includes('-') ? locale : intlLocale(locale);
  return formatPlain(amount, code, tag) ?? formatter(code, tag).format(amount / 100);
}

/**
 * The currencies formatPlain writes without Intl, keyed by ISO code: their
 * narrow symbol. A test holds this table to Intl's output in every
 * PLAIN_LOCALES locale.
 */
export const PLAIN_CURRENCIES: Readonly<Record<string, string>> = {
  USD: '$',
  MXN: '$',
  EUR: '€',
  ARS: '$',
  DOP: '$',
  CAD: '$',
  GBP: '£',
  CRC: '₡',
  CLP: '$',
};

/**
 * How the locales of Carta's countries (internal/locale/countries.json)
 * write money: the symbol first with ',' between thousands and '.' before
 * the cents ('$1,234.56', '€9.50'), or, in Spain, the number first with
 * '.' between thousands (from five digits: CLDR's minimum grouping),
 * ',' before the cents and a no-break space before the symbol
 * ('1234,56 €', '12.345,67 €').
 */
const PLAIN_LOCALES: Readonly<Record<string, { group: string; decimal: string; after: boolean; minGroup: number }>> = {
  'es-MX': { group: ',', decimal: '.', after: false, minGroup: 4 },
  'en-US': { group: ',', decimal: '.', after: false, minGroup: 4 },
  'es-US': { group: ',', decimal: '.', after: false, minGroup: 4 },
  'en-MX': { group: ',', decimal: '.', after: false, minGroup: 4 },
  'en-ES': { group: ',', decimal: '.', after: false, minGroup: 4 },
  'es-ES': { group: '.', decimal: ',', after: true, minGroup: 5 },
};

/**
 * formatPlain writes whole cents of a PLAIN_CURRENCIES currency in a
 * PLAIN_LOCALES locale without Intl (null otherwise). The first
 * Intl.NumberFormat of a page loads ICU's number data, 20–50 ms of a
 * phone's main thread right when the diner's first prices render (measured
 * on the cava); these few lines give the same text.
 */
export function formatPlain(cents: number, code: string, locale: string): string | null {
  const symbol = PLAIN_CURRENCIES[code];
  const loc = PLAIN_LOCALES[locale];
  if (!symbol || !loc || !Number.isSafeInteger(cents)) return null;
  const whole = code === 'CLP';
  const abs = whole ? Math.floor((Math.abs(cents) + 50) / 100) * 100 : Math.abs(cents); // half away from zero, as Intl rounds
  const digits = String(Math.floor(abs / 100));
  const units = digits.length >= loc.minGroup ? digits.replace(/\B(?=(\d{3})+$)/g, loc.group) : digits;
  const number = `${units}${whole ? '' : `${loc.decimal}${String(abs % 100).padStart(2, '0')}`}`;
  return `${cents < 0 ? '-' : ''}${loc.after ? `${number}\u00a0${symbol}` : `${symbol}${number}`}`;
}

/** Clover's tax rate scale: 10% = 1,000,000. */
const RATE_SCALE = 10_000_000;

/** A tax rate (Clover's scale) as the language writes a percentage: "10 %" in Spanish, "10%" in English. */
export function formatRate(rate: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 3 }).format(rate / RATE_SCALE);
}

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
 * language ('es', 'en') or a full Intl locale. Currencies without minor units
 * (e.g. CLP, JPY) still receive cents and are shown rounded.
 */
export function formatCents(cents: number, currency = 'USD', locale = 'es'): string {
  const code = (currency || 'USD').trim().toUpperCase() || 'USD';
  const amount = Number.isFinite(cents) ? cents : 0;
  const tag = locale.includes('-') ? locale : intlLocale(locale);
  return formatPlain(amount, code, tag) ?? formatter(code, tag).format(amount / 100);
}

/**
 * The app's two locales write money the same way for these currencies:
 * narrow symbol first, ',' between thousands, '.' before the cents (none
 * for CLP). Keyed by currency: its narrow symbol. A test holds this table
 * to Intl's output.
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
 * formatPlain writes whole cents of a PLAIN_CURRENCIES currency in es-MX or
 * en-US without Intl (null otherwise). The first Intl.NumberFormat of a
 * page loads ICU's number data, 20–50 ms of a phone's main thread right
 * when the diner's first prices render (measured on the cava); these few
 * lines give the same text.
 */
export function formatPlain(cents: number, code: string, locale: string): string | null {
  const symbol = PLAIN_CURRENCIES[code];
  if (!symbol || (locale !== 'es-MX' && locale !== 'en-US') || !Number.isSafeInteger(cents)) return null;
  const whole = code === 'CLP';
  const abs = whole ? Math.floor((Math.abs(cents) + 50) / 100) * 100 : Math.abs(cents); // half away from zero, as Intl rounds
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 ? '-' : ''}${symbol}${units}${whole ? '' : `.${String(abs % 100).padStart(2, '0')}`}`;
}

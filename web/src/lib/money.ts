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
  const amount = Number.isFinite(cents) ? cents / 100 : 0;
  return formatter(code, locale.includes('-') ? locale : intlLocale(locale)).format(amount);
}

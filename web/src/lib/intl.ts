/**
 * The Intl locale prices, dates and times are written in: the restaurant's
 * country's (issue 29). A restaurant's settings carry `locales` — the
 * locale of each UI language in its country, from the server's
 * internal/locale/countries.json: Spain { es: 'es-ES', en: 'en-ES' } writes
 * '9,50 €' / '€9.50' and '15/12/2026, 14:05'. The pages of one restaurant
 * (the diner's shell, the owner's panel) read its settings, and reading
 * them records its locales and time zone here (api/settings.ts), so every
 * formatter of the page follows them without each caller passing them.
 * Without a restaurant (the super admin's lists, a page before its
 * settings load): what Carta wrote before countries, es → es-MX,
 * en → en-US, in the device's zone.
 */

const LOCALES: Record<string, string> = { es: 'es-MX', en: 'en-US' };

/** The restaurant's locales and zone the current page writes in. */
type Restaurant = { clienteId: string; locales: Partial<Record<string, string>>; zone?: string };

let current: Restaurant | null = null;

/**
 * setRestaurantLocale records the locales and time zone of the restaurant
 * the page shows (its settings' `locales` and `zona_horaria`); null forgets
 * them (a page of no restaurant).
 */
export function setRestaurantLocale(r: Restaurant | null): void {
  current = r && { clienteId: r.clienteId, locales: { ...r.locales }, zone: r.zone || undefined };
}

/** The time zone of the restaurant the page shows; undefined (the device's) when none. */
export function restaurantZone(): string | undefined {
  return current?.zone;
}

/**
 * The Intl locale used to show numbers, money and dates in a UI language:
 * the restaurant's for that language ('es' → 'es-ES' in Spain), else
 * 'es' → 'es-MX', 'en' → 'en-US'; another language is passed through.
 */
export function intlLocale(language: string | undefined): string {
  const base = (language ?? 'es').toLowerCase().split('-')[0];
  return current?.locales[base] ?? LOCALES[base] ?? language ?? 'es-MX';
}

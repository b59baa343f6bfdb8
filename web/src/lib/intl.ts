const LOCALES: Record<string, string> = { es: 'es-MX', en: 'en-US' };

/**
 * The Intl locale used to show numbers, money and dates in a UI language
 * ('es' → 'es-MX', 'en' → 'en-US'); another language is passed through.
 */
export function intlLocale(language: string | undefined): string {
  const base = (language ?? 'es').toLowerCase().split('-')[0];
  return LOCALES[base] ?? language ?? 'es-MX';
}

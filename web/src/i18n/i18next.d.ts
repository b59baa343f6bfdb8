import 'i18next';
import type es from './locales/es.json';
import type esAccess from './locales/es.access.json';
import type esCheckout from './locales/es.checkout.json';
import type esStaff from './locales/es.staff.json';

/**
 * Typed i18n keys: the Spanish texts (the default language, every key is
 * there first) are the type of the one `translation` namespace, which the
 * app fills from es.json and the lazily loaded parts (app/i18n.ts), so
 * `t('no.such.key')` fails the type-check.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof es & typeof esAccess & typeof esCheckout & typeof esStaff };
  }
}

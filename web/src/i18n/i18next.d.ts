import 'i18next';
import type es from './locales/es.json';
import type esAccess from './locales/es.access.json';
import type esCheckout from './locales/es.checkout.json';
import type esStaff from './locales/es.staff.json';

/**
 * Typed i18n keys: the Spanish texts (the default language, every key is
 * there first) are the type of the one `translation` namespace, which the
 * app fills from es.json and the lazily loaded parts, merged deeply
 * (app/i18n.ts), so `t('no.such.key')` fails the type-check. Type-only
 * imports: no text is added to any chunk. English is held to the same keys
 * by app/i18n.test.tsx, which also fails tsc if the keys stop being typed.
 * `strictKeyChecks` stays off so a key built from a server value may be
 * looked up with its own fallback (`t(key, { defaultValue })`); a key chosen
 * at run time otherwise comes from a typed map or union (i18n/keys.ts).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof es & typeof esAccess & typeof esCheckout & typeof esStaff };
  }
}

import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from '../lib/storage-keys';

export const SUPPORTED_LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
/** Browser storage key of the chosen UI language (spec section 3). */
export { LANGUAGE_STORAGE_KEY };

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (value && (SUPPORTED_LANGUAGES as readonly string[]).includes(value)) return value as Language;
  } catch {
    // storage unavailable (private mode): fall back to the default
  }
  return DEFAULT_LANGUAGE;
}

function applyLanguage(lng: string) {
  document.documentElement.lang = lng;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // ignore
  }
}

/**
 * Each language's texts are their own chunk, loaded on demand: a visitor
 * downloads only the active language (plus Spanish, the fallback, when the
 * active one is English). Changing the language loads it before switching.
 */
const LOCALES: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  es: () => import('../i18n/locales/es.json'),
  en: () => import('../i18n/locales/en.json'),
};

/**
 * Texts a diner's menu never needs are chunks of their own per language,
 * loaded with the first page that needs them (see loadTexts): `staff`, the
 * staff's pages (restaurant panel, kitchen board, super admin); `access`,
 * the pages of getting in and connecting (the onboarding link's password,
 * password reset, the POS connection's result, the restaurant's privacy
 * notice the registration dialog links to); `checkout`, the ordering
 * and checkout pages ('Ordena en Línea', the cart, 'Finalizar Pedido', the
 * order's page: every `ordering.*` text, and the demo hosted checkout's
 * page). Tests load everything.
 */
const PARTS = {
  staff: {
    es: () => import('../i18n/locales/es.staff.json'),
    en: () => import('../i18n/locales/en.staff.json'),
  },
  access: {
    es: () => import('../i18n/locales/es.access.json'),
    en: () => import('../i18n/locales/en.access.json'),
  },
  checkout: {
    es: () => import('../i18n/locales/es.checkout.json'),
    en: () => import('../i18n/locales/en.checkout.json'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ default: ResourceKey }>>>;
export type TextsPart = keyof typeof PARTS;
const wanted = new Set<TextsPart>(import.meta.env.MODE === 'test' ? (Object.keys(PARTS) as TextsPart[]) : []);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = LOCALES[language as Language];
    if (!load) {
      callback(null, {});
      return;
    }
    const parts = [load(), ...[...wanted].map((part) => PARTS[part][language as Language]())];
    Promise.all(parts).then(
      (modules) => callback(null, modules.reduce<Record<string, unknown>>((all, m) => merge(all, m.default), {}) as ResourceKey),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

type Texts = Record<string, unknown>;
const isTexts = (v: unknown): v is Texts => typeof v === 'object' && v !== null && !Array.isArray(v);

/** merge copies from's texts into into, section by section (as addResourceBundle's deep merge). */
function merge(into: Texts, from: unknown): Texts {
  if (!isTexts(from)) return into;
  for (const [k, v] of Object.entries(from)) {
    into[k] = isTexts(v) && isTexts(into[k]) ? merge({ ...into[k] }, v) : v;
  }
  return into;
}

/**
 * loadTexts adds a part's texts (the active language and the Spanish
 * fallback) before a page that needs them renders; later language changes
 * load them with the language itself. A part's keys may extend a section of
 * the main texts (the bundles are merged deeply).
 */
export async function loadTexts(part: TextsPart): Promise<void> {
  if (wanted.has(part)) return;
  wanted.add(part);
  const langs = new Set<Language>([DEFAULT_LANGUAGE]);
  if ((SUPPORTED_LANGUAGES as readonly string[]).includes(i18next.language)) langs.add(i18next.language as Language);
  await Promise.all(
    [...langs].map(async (lng) => {
      const m = await PARTS[part][lng]();
      i18next.addResourceBundle(lng, 'translation', m.default, true, true);
    }),
  );
}

/** loadStaffTexts adds the staff pages' texts (see loadTexts). */
export const loadStaffTexts = () => loadTexts('staff');

let ready: Promise<unknown> | null = null;

/**
 * initI18n initialises the shared i18next instance once and starts loading the
 * active language. Components using `useTranslation` suspend until it is there
 * (App renders under a Suspense boundary); the returned promise settles then.
 */
export function initI18n(): Promise<unknown> {
  if (ready) return ready;
  const lng = storedLanguage();
  ready = i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: SUPPORTED_LANGUAGES,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  document.documentElement.lang = lng;
  i18next.on('languageChanged', applyLanguage);
  return ready;
}

export default i18next;

import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
/** Browser storage key of the chosen UI language (spec section 3). */
export const LANGUAGE_STORAGE_KEY = 'language';

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
 * The texts of the staff's pages (restaurant panel, kitchen board, super
 * admin) are a chunk of their own per language, loaded with the first staff
 * page (see loadStaffTexts): a diner's menu never downloads them. Tests load
 * everything.
 */
const STAFF_LOCALES: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  es: () => import('../i18n/locales/es.staff.json'),
  en: () => import('../i18n/locales/en.staff.json'),
};
let staffWanted = import.meta.env.MODE === 'test';

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = LOCALES[language as Language];
    if (!load) {
      callback(null, {});
      return;
    }
    const parts = [load()];
    if (staffWanted) parts.push(STAFF_LOCALES[language as Language]());
    Promise.all(parts).then(
      (modules) => callback(null, Object.assign({}, ...modules.map((m) => m.default)) as ResourceKey),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/**
 * loadStaffTexts adds the staff pages' texts (the active language and the
 * Spanish fallback) before a staff page renders; later language changes
 * load them with the language itself.
 */
export async function loadStaffTexts(): Promise<void> {
  if (staffWanted) return;
  staffWanted = true;
  const langs = new Set<Language>([DEFAULT_LANGUAGE]);
  if ((SUPPORTED_LANGUAGES as readonly string[]).includes(i18next.language)) langs.add(i18next.language as Language);
  await Promise.all(
    [...langs].map(async (lng) => {
      const m = await STAFF_LOCALES[lng]();
      i18next.addResourceBundle(lng, 'translation', m.default, true, true);
    }),
  );
}

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

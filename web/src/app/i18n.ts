import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from '../i18n/locales/es.json';
import en from '../i18n/locales/en.json';

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

/** initI18n initialises the shared i18next instance once (resources are bundled). */
export function initI18n() {
  if (i18next.isInitialized) return i18next;
  const lng = storedLanguage();
  void i18next.use(initReactI18next).init({
    resources: { es: { translation: es }, en: { translation: en } },
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES as unknown as string[],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = lng;
  i18next.on('languageChanged', applyLanguage);
  return i18next;
}

export default i18next;

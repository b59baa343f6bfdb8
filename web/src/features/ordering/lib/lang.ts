import { useTranslation } from 'react-i18next';

/** The UI language as the API's idioma ('es' or 'en'). */
export function useLang(): 'es' | 'en' {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language ?? 'es').startsWith('en') ? 'en' : 'es';
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../app/i18n';

/**
 * useLinkLanguage switches the UI to the language an e-mailed link names
 * (`?lang=es|en`: the language the person asked in), so the page a link
 * opens in another browser or app speaks as the e-mail did. Once: a later
 * choice in the language switch stays.
 */
export function useLinkLanguage(lang: string | null) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (lang && (SUPPORTED_LANGUAGES as readonly string[]).includes(lang) && i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang, i18n]); // i18n is one instance: once per link, not on every language change
}

import { useTranslation } from 'react-i18next';

/** Toggles between Spanish and English; the choice is remembered by i18n init. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const next = current === 'en' ? 'es' : 'en';
  return (
    <button
      type="button"
      className="button button--ghost language-switch"
      lang={next}
      title={t('language.switchLabel')}
      onClick={() => void i18n.changeLanguage(next)}
    >
      {t('language.switchTo')}
    </button>
  );
}

import { useTranslation } from 'react-i18next';

/** A small, polite loading indicator (used while a chunk or the session loads). */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="loading__spinner" aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import '../menu.css';

/** The spec's error on a diner menu page without a restaurant id. */
export function MissingClienteId() {
  const { t } = useTranslation();
  return (
    <div className="menu-page">
      <p className="menu-status menu-status--error" role="alert">
        {t('menu.missingClienteId')}
      </p>
    </div>
  );
}

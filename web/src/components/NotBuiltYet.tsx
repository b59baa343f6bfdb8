import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Placeholder for routes whose screens are delivered by later issues. */
export default function NotBuiltYet() {
  const { t } = useTranslation();
  return (
    <section className="card narrow">
      <h1>{t('notBuilt.title')}</h1>
      <p>
        <Link to="/">{t('notBuilt.back')}</Link>
      </p>
    </section>
  );
}

import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CavaDirectory } from '../../wines';

export default function WelcomePage() {
  const { t } = useTranslation();
  return (
    <section className="card narrow center">
      <h1>{t('welcome.title')}</h1>
      <p className="muted">{t('welcome.subtitle')}</p>
      <p>
        <Link to="/login" className="button button--primary">
          {t('welcome.login')}
        </Link>
      </p>
      <CavaDirectory />
    </section>
  );
}

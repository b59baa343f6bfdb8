import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../components/LoginForm';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <>
      <LoginForm title={t('auth.title')} />
      <p className="center muted">
        <Link to="/super-admin/login">{t('auth.superAdminLink')}</Link>
      </p>
    </>
  );
}

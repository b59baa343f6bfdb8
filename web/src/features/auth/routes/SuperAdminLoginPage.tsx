import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../components/LoginForm';

export default function SuperAdminLoginPage() {
  const { t } = useTranslation();
  return (
    <>
      <LoginForm title={t('auth.superAdminTitle')} superAdminOnly />
      <p className="center muted">
        <Link to="/login">{t('auth.staffLoginLink')}</Link>
      </p>
    </>
  );
}

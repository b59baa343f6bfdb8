import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Form';
import { LoginForm } from '../components/LoginForm';

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Clover's install redirect lands here (GET /api/clover/oauth/callback).
  const clover = params.get('clover');
  const merchantId = params.get('merchant_id') ?? '';
  return (
    <>
      {clover === 'conectado' && (
        <div className="narrow">
          <Notice message={{ kind: 'ok', text: t('auth.cloverConnected', { merchantId }) }} />
        </div>
      )}
      {clover === 'error' && (
        <div className="narrow">
          <Notice message={{ kind: 'error', text: t('auth.cloverError') }} />
        </div>
      )}
      <LoginForm title={t('auth.title')} />
      <p className="center muted">
        <Link to="/super-admin/login">{t('auth.superAdminLink')}</Link>
      </p>
    </>
  );
}

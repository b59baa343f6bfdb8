import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordCard } from '../../../components/PasswordReset';
import { requestStaffReset } from '../api/password-reset';

/**
 * '¿Olvidaste tu contraseña?' of the staff sign-in (/recuperar-password,
 * and /super-admin/recuperar-password from the super admin's sign-in): the
 * e-mail of an owner or super admin account gets a reset link.
 */
export default function ForgotPasswordPage({ superAdmin = false }: { superAdmin?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const email = (location.state as { email?: unknown } | null)?.email;
  return (
    <ForgotPasswordCard
      initialEmail={typeof email === 'string' ? email : ''}
      request={requestStaffReset}
      signIn={
        <Link className="reset-link" to={superAdmin ? '/super-admin/login' : '/login'}>
          {t('reset.backToSignIn')}
        </Link>
      }
    />
  );
}

import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { landingFor } from '../../../app/session/roles';
import { useSession } from '../../../app/session/session-context';
import { ResetPasswordCard } from '../../../components/PasswordReset';
import { useLinkLanguage } from '../../../lib/link-language';
import { resetStaffPassword, staffResetLinkState } from '../api/password-reset';

/**
 * The page a staff reset link opens (/restablecer-password?token=&lang=, or
 * /super-admin/restablecer-password for a super admin): the new password,
 * after which every other session of the account is over and this browser
 * is signed in as at the staff sign-in; or, for a link that no longer
 * works, why, with 'Iniciar sesión' and 'Pedir un enlace nuevo'.
 */
export default function ResetPasswordPage({ superAdmin = false }: { superAdmin?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useLinkLanguage(params.get('lang'));
  const { signIn } = useSession();
  const navigate = useNavigate();
  const prefix = superAdmin ? '/super-admin' : '';

  const reset = useCallback(
    async (token: string, password: string) => {
      const res = await resetStaffPassword(token, password);
      signIn(res.token, res);
      void navigate(landingFor(res), { replace: true });
    },
    [signIn, navigate],
  );

  return (
    <ResetPasswordCard
      token={params.get('token')?.trim() ?? ''}
      check={staffResetLinkState}
      reset={reset}
      signIn={
        <Link className="button button--primary" to={`${prefix}/login`}>
          {t('reset.signIn')}
        </Link>
      }
      requestNew={
        <Link className="button" to={`${prefix}/recuperar-password`}>
          {t('reset.requestNew')}
        </Link>
      }
    />
  );
}

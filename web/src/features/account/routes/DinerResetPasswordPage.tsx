import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResetPasswordCard } from '../../../components/PasswordReset';
import { setDinerSession } from '../../../lib/diner-session';
import { useLinkLanguage } from '../../../lib/link-language';
import { dinerResetLinkState, resetDinerPassword } from '../api/account-api';
import { RegistrationDialog } from '../components/RestauranteDiner';
import { menuQuery, validClienteId, writeDinerRestaurant } from '../lib/diner-restaurant';

/**
 * The page a diner's reset link opens (/usuario/restablecer-password?menu=&token=&lang=),
 * in the shell of the restaurant the diner asked from and in the language
 * they asked in: the new password, after which every other session of the
 * account is over and this browser is signed in and back on the
 * restaurant's menu; or, for a link that no longer works, why, with
 * 'Iniciar sesión' (the sign-in dialog) and 'Pedir un enlace nuevo'.
 */
export default function DinerResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useLinkLanguage(params.get('lang'));
  const navigate = useNavigate();
  const clienteId = validClienteId(params.get('menu'));
  const [signingIn, setSigningIn] = useState(false);

  const reset = useCallback(
    async (token: string, password: string) => {
      const auth = await resetDinerPassword(token, password);
      if (clienteId) writeDinerRestaurant(clienteId);
      setDinerSession(auth.token, auth.usuario_id);
      void navigate(clienteId ? `/restaurante/${encodeURIComponent(clienteId)}/menu` : '/restaurante/seleccion', { replace: true });
    },
    [clienteId, navigate],
  );

  return (
    <>
      <ResetPasswordCard
        token={params.get('token')?.trim() ?? ''}
        check={dinerResetLinkState}
        reset={reset}
        signIn={
          <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={() => setSigningIn(true)}>
            {t('reset.signIn')}
          </button>
        }
        requestNew={
          <Link className="button" to={`/usuario/recuperar-password${menuQuery(clienteId)}`}>
            {t('reset.requestNew')}
          </Link>
        }
      />
      {signingIn && <RegistrationDialog clienteId={clienteId} initialMode="login" onClose={() => setSigningIn(false)} />}
    </>
  );
}

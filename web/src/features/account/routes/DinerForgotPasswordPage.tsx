import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordCard } from '../../../components/PasswordReset';
import { requestDinerReset } from '../api/account-api';
import { RegistrationDialog } from '../components/RestauranteDiner';
import { dinerClienteId } from '../lib/diner-restaurant';

/**
 * A diner's '¿Olvidaste tu contraseña?' (/usuario/recuperar-password?menu=),
 * in the restaurant's shell: the link e-mailed (in the page's language)
 * brings the diner back to this restaurant. 'Volver a iniciar sesión'
 * opens the sign-in dialog.
 */
export default function DinerForgotPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const clienteId = dinerClienteId(params);
  const email = (location.state as { email?: unknown } | null)?.email;
  const [signingIn, setSigningIn] = useState(false);
  return (
    <>
      <ForgotPasswordCard
        initialEmail={typeof email === 'string' ? email : ''}
        request={(address) => requestDinerReset(address, clienteId)}
        signIn={
          <button type="button" className="acct-link" aria-haspopup="dialog" onClick={() => setSigningIn(true)}>
            {t('reset.backToSignIn')}
          </button>
        }
      />
      {signingIn && <RegistrationDialog clienteId={clienteId} initialMode="login" onClose={() => setSigningIn(false)} />}
    </>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { landingFor } from '../../../app/session/roles';
import { useSession } from '../../../app/session/session-context';
import { Field, FormError, SubmitButton } from '../../../components/Form';
import { setPassword } from '../api/set-password';

/**
 * 'Establecer Contraseña': the onboarding link's page
 * (?merchant_id=&email=&token=). On success the owner is signed in exactly
 * like at the staff login and lands on their panel.
 */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const merchantId = params.get('merchant_id')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const complete = Boolean(merchantId && email && token);

  return (
    <section className="card narrow">
      <h1>{t('setPassword.title')}</h1>
      {complete ? <SetPasswordForm merchantId={merchantId} email={email} token={token} /> : <FormError error={t('setPassword.missingParams')} />}
    </section>
  );
}

function SetPasswordForm({ merchantId, email, token }: { merchantId: string; email: string; token: string }) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!password || !confirm) {
      setError(t('auth.fillAllFields'));
      return;
    }
    if (password !== confirm) {
      setError(t('setPassword.mismatch'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await setPassword({ merchant_id: merchantId, email, new_password: password, token });
      if (!res?.token) {
        setError(t('setPassword.failed'));
        setBusy(false);
        return;
      }
      signIn(res.token, res);
      void navigate(landingFor(res), { replace: true });
    } catch (err) {
      setError(isApiError(err) && err.serverMessage ? t('setPassword.serverError', { error: err.serverMessage }) : t('setPassword.failed'));
      setBusy(false);
    }
  }

  return (
    <>
      <p className="muted">{t('setPassword.intro', { email })}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field id={`${id}-new`} label={t('setPassword.newPassword')}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={password} onChange={(e) => setPasswordValue(e.target.value)} />}
        </Field>
        <Field id={`${id}-confirm`} label={t('setPassword.confirmPassword')}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
        </Field>
        <FormError error={error} />
        <SubmitButton busy={busy} label={t('setPassword.submit')} busyLabel={t('setPassword.submitting')} />
      </form>
    </>
  );
}

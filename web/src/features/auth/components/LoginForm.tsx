import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { landingFor } from '../../../app/session/roles';
import { useSession, isSuperadminFlag } from '../../../app/session/session-context';
import { Field, FormError, SubmitButton } from '../../../components/Form';
import { login } from '../api/login';
import { logout } from '../api/logout';

type Props = {
  title: string;
  /** When true only super admin accounts may sign in here. */
  superAdminOnly?: boolean;
};

/** Staff login form shared by /login and /super-admin/login. */
export function LoginForm({ title, superAdminOnly = false }: Props) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmedEmail = email.trim();
    if (!trimmedEmail || !password) {
      setError(t('auth.fillAllFields'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const response = await login(keep && !superAdminOnly ? { email: trimmedEmail, password, mantener: true } : { email: trimmedEmail, password });
      if (!response || !response.token) {
        setError(t('auth.loginError'));
        setBusy(false);
        return;
      }
      const isSuperadmin = isSuperadminFlag(response.is_superadmin);
      if (superAdminOnly && !isSuperadmin) {
        // Do not keep a session opened from the wrong form: revoke it.
        void logout(response.token).catch(() => undefined);
        setError(t('auth.notSuperAdmin'));
        setBusy(false);
        return;
      }
      signIn(response.token, response);
      void navigate(landingFor(response), { replace: true });
    } catch (err) {
      setError(errorText(err, t('auth.loginError'), t('errors.network')));
      setBusy(false);
    }
  }

  return (
    <section className="card narrow">
      <h1>{title}</h1>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field id={`${id}-email`} label={t('auth.email')}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-password`} label={t('auth.password')}>
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        {!superAdminOnly && (
          <div className="field field--check">
            <label>
              <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} /> {t('auth.keepDevice')}
            </label>
          </div>
        )}
        <FormError error={error} />
        <SubmitButton busy={busy} label={t('auth.submit')} busyLabel={t('auth.submitting')} />
      </form>
      <p className="center login-forgot">
        <Link to={superAdminOnly ? '/super-admin/recuperar-password' : '/recuperar-password'} state={{ email: email.trim() }}>
          {t('reset.forgot')}
        </Link>
      </p>
    </section>
  );
}

import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../api/contract';
import { errorText, isApiError } from '../lib/api-client';
import { FormError, SubmitButton } from './Form';
import { Loading } from './Loading';
import './password-reset.css';

/**
 * '¿Olvidaste tu contraseña?', shared by the staff sign-in (owners, the
 * super admin) and the diners' (each feature wires its own API calls and
 * its way back to signing in): the request form, and the page a reset link
 * opens — the new password's form, or, for a link that no longer works,
 * a page that says why with 'Iniciar sesión' and 'Pedir un enlace nuevo'.
 */

export type ResetLinkState = Schemas['ResetLinkState'];
type LinkStateName = ResetLinkState['estado'];

/** Passwords have at least 8 characters (the server checks it too). */
const MIN_PASSWORD = 8;

/**
 * The request form: the e-mail, then the same answer whether or not an
 * account uses it (the server's answer does not say either).
 */
export function ForgotPasswordCard({
  initialEmail = '',
  request,
  signIn,
}: {
  initialEmail?: string;
  request: (email: string) => Promise<unknown>;
  /** The way back to signing in (a link, or a button opening the sign-in dialog). */
  signIn: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const trimmed = email.trim();
    if (!trimmed) {
      setError(t('reset.emailRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await request(trimmed);
      setSentTo(trimmed);
    } catch (err) {
      setError(errorText(err, t('reset.requestFailed'), t('errors.network')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card narrow reset-card">
      <h1>{t('reset.requestTitle')}</h1>
      {sentTo ? (
        <>
          <p className="form__ok" role="status">
            {t('reset.sent', { email: sentTo })}
          </p>
          <p className="muted">{t('reset.notArrived')}</p>
          <div className="reset-card__actions">
            <button type="button" className="button" onClick={() => setSentTo(null)}>
              {t('reset.sendAgain')}
            </button>
            {signIn}
          </div>
        </>
      ) : (
        <>
          <p className="muted">{t('reset.requestIntro')}</p>
          <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
            <div className="field">
              <label htmlFor={`${id}-email`}>{t('reset.email')}</label>
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="username"
                inputMode="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <FormError error={error} />
            <SubmitButton busy={busy} label={t('reset.send')} busyLabel={t('reset.sending')} />
          </form>
          <p className="reset-card__back">{signIn}</p>
        </>
      )}
    </section>
  );
}

/**
 * The page a reset link opens: it asks the server whether the link still
 * works, then shows the new password's form (reset is called with it; the
 * caller signs in and moves on) or, when it does not, says why.
 */
export function ResetPasswordCard({
  token,
  check,
  reset,
  signIn,
  requestNew,
}: {
  token: string;
  check: (token: string, signal: AbortSignal) => Promise<ResetLinkState>;
  reset: (token: string, password: string) => Promise<void>;
  signIn: ReactNode;
  requestNew: ReactNode;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<ResetLinkState | null>(token ? null : { estado: 'invalido', email: '' });
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    const ctl = new AbortController();
    check(token, ctl.signal).then(
      (s) => setState(s),
      (err: unknown) => {
        if (ctl.signal.aborted) return;
        setLoadError(errorText(err, t('reset.checkFailed'), t('errors.network')));
      },
    );
    return () => ctl.abort();
  }, [token, attempt, check, t]);

  const recheck = useCallback(async () => {
    const s = await check(token, new AbortController().signal);
    setState(s);
    return s.estado;
  }, [check, token]);

  if (loadError)
    return (
      <section className="card narrow reset-card">
        <h1>{t('reset.title')}</h1>
        <FormError error={loadError} />
        <button
          type="button"
          className="button"
          onClick={() => {
            setLoadError(null);
            setAttempt((n) => n + 1);
          }}
        >
          {t('errors.retry')}
        </button>
      </section>
    );
  if (!state) return <Loading />;
  if (state.estado !== 'valido') return <LinkNoLongerWorks state={state.estado} signIn={signIn} requestNew={requestNew} />;
  return <NewPasswordForm email={state.email} onSubmit={(password) => reset(token, password)} recheck={recheck} />;
}

/** 'Este enlace ya no sirve': why, and the two ways on. */
export function LinkNoLongerWorks({
  state,
  signIn,
  requestNew,
}: {
  state: Exclude<LinkStateName, 'valido'>;
  signIn: ReactNode;
  requestNew: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="card narrow reset-card" data-testid="reset-link-spent">
      <h1>{t('reset.spentTitle')}</h1>
      <p>{t(`reset.states.${state}`)}</p>
      <div className="reset-card__actions">
        {signIn}
        {requestNew}
      </div>
    </section>
  );
}

function NewPasswordForm({
  email,
  onSubmit,
  recheck,
}: {
  email: string;
  onSubmit: (password: string) => Promise<void>;
  /** Asks the link's state again (after a refusal: spent meanwhile, or expired while the form was open). */
  recheck: () => Promise<LinkStateName>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!password || !confirm) {
      setError(t('auth.fillAllFields'));
      return;
    }
    if (password !== confirm) {
      setError(t('reset.mismatch'));
      return;
    }
    if ([...password].length < MIN_PASSWORD) {
      setError(t('reset.short'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(password);
    } catch (err) {
      // A refused link turns the page into 'Este enlace ya no sirve'.
      if (isApiError(err) && err.status === 400) {
        const state = await recheck().catch(() => 'valido' as const);
        if (state !== 'valido') return;
      }
      setError(errorText(err, t('reset.failed'), t('errors.network')));
      setBusy(false);
    }
  }

  return (
    <section className="card narrow reset-card">
      <h1>{t('reset.title')}</h1>
      <p className="muted">{t('reset.intro', { email })}</p>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="field">
          <label htmlFor={`${id}-new`}>{t('reset.newPassword')}</label>
          <input
            id={`${id}-new`}
            type="password"
            autoComplete="new-password"
            value={password}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setPassword(e.target.value)}
          />
          <span id={`${id}-hint`} className="muted reset-card__hint">
            {t('reset.hint')}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-confirm`}>{t('reset.confirmPassword')}</label>
          <input
            id={`${id}-confirm`}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <FormError error={error} />
        <SubmitButton busy={busy} label={t('reset.submit')} busyLabel={t('reset.submitting')} />
      </form>
    </section>
  );
}

import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormError, SubmitButton } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { setDinerSession } from '../../../lib/diner-session';
import { loginUsuario, registerUsuario, sendWelcomeEmail } from '../api/account-api';
import { scheduleUserPanelRedirect } from '../lib/browser';
import { menuQuery, writeDinerRestaurant } from '../lib/diner-restaurant';
import { Overlay } from './Overlay';
import '../account.css';

export type AuthMode = 'register' | 'login';

type Props = {
  /** The restaurant the diner is on (route, `?menu=` or stored), or null. */
  clienteId: string | null;
  onClose: () => void;
  initialMode?: AuthMode;
};

/**
 * 'Crear Cuenta' / 'Iniciar Sesión' dialog (spec "Registration and login
 * dialog"). It starts in register mode. On success it stores the diner
 * session, closes and goes to /restaurante/{cliente_id}/menu (or
 * /restaurante/seleccion without a restaurant); after a registration it
 * also queues the welcome e-mail in the background and, 1.5 s later,
 * replaces the location with /usuario/{usuario_id}?menu={cliente_id}.
 * There are no client-side checks beyond the browser's e-mail and required
 * fields: the server's messages are shown as they come.
 */
export default function AuthDialog({ clienteId, onClose, initialMode = 'register' }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState({ nombre: '', email: '', telefono: '', password: '' });
  // Consent is asked, never presumed: both boxes start unticked.
  const [consent, setConsent] = useState({ suscrito_mailing: false, whatsapp_notificaciones: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const register = mode === 'register';
  const titleId = `${id}-title`;
  const f = (name: string) => `${id}-${name}`;
  const set = (field: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  function switchTo(next: AuthMode) {
    setMode(next);
    setError('');
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    const email = values.email.trim();
    try {
      const auth = register
        ? await registerUsuario({
            nombre: values.nombre.trim(),
            email,
            telefono: values.telefono.trim(),
            password: values.password,
            ...consent,
            cliente_id: clienteId ? Number(clienteId) : null,
          })
        : await loginUsuario(email, values.password);
      if (!auth?.token || auth.usuario_id == null) throw new Error('missing token');

      // The restaurant first: a signed-in diner whose stored restaurant differs
      // from the page's is redirected away from /restaurante/{id}.
      if (clienteId) writeDinerRestaurant(clienteId);
      setDinerSession(auth.token, auth.usuario_id);
      if (register) {
        sendWelcomeEmail(auth.token, { nombre: values.nombre.trim(), email, telefono: values.telefono.trim() }).catch(
          (err: unknown) => console.warn('send-email', err),
        );
      }
      onClose();
      void navigate(clienteId ? `/restaurante/${clienteId}/menu` : '/restaurante/seleccion');
      if (register && clienteId) scheduleUserPanelRedirect(auth.usuario_id, clienteId);
    } catch (err) {
      setBusy(false);
      setError(
        errorText(err, t(register ? 'account.auth.registerError' : 'account.auth.loginError'), t('errors.network')),
      );
    }
  }

  return (
    <Overlay labelledBy={titleId} onClose={onClose} initialFocus="input">
      <div className="acct-dialog__head">
        <h2 id={titleId} className="acct-dialog__title">
          {register ? t('account.auth.registerTitle') : t('account.auth.loginTitle')}
        </h2>
        <button type="button" className="acct-close" aria-label={t('account.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <form className="form" onSubmit={onSubmit} aria-busy={busy}>
        {register && (
          <div className="field">
            <label htmlFor={f('nombre')}>{t('account.fields.nombre')}</label>
            <input
              id={f('nombre')}
              name="nombre"
              autoComplete="name"
              required
              maxLength={100}
              value={values.nombre}
              onChange={set('nombre')}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={f('email')}>{t('account.fields.email')}</label>
          <input
            id={f('email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={values.email}
            onChange={set('email')}
          />
        </div>
        {register && (
          <div className="field">
            <label htmlFor={f('telefono')}>{t('account.fields.telefonoOptional')}</label>
            <input
              id={f('telefono')}
              name="telefono"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={30}
              value={values.telefono}
              onChange={set('telefono')}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={f('password')}>{t('account.fields.password')}</label>
          <input
            id={f('password')}
            name="password"
            type="password"
            autoComplete={register ? 'new-password' : 'current-password'}
            required
            value={values.password}
            onChange={set('password')}
            aria-describedby={register ? f('password-hint') : undefined}
          />
          {register && (
            <span id={f('password-hint')} className="muted acct-hint">
              {t('account.fields.passwordHint')}
            </span>
          )}
          {!register && (
            <Link
              className="acct-link acct-forgot"
              to={`/usuario/recuperar-password${menuQuery(clienteId)}`}
              state={{ email: values.email.trim() }}
              onClick={onClose}
            >
              {t('reset.forgot')}
            </Link>
          )}
        </div>
        {register && (
          <fieldset className="fieldset acct-consent">
            <legend>{t('account.auth.consentLegend')}</legend>
            <label className="acct-check">
              <input
                type="checkbox"
                name="suscrito_mailing"
                checked={consent.suscrito_mailing}
                onChange={(e) => setConsent((c) => ({ ...c, suscrito_mailing: e.target.checked }))}
              />
              <span>{t('account.manage.mailing')}</span>
            </label>
            <label className="acct-check">
              <input
                type="checkbox"
                name="whatsapp_notificaciones"
                checked={consent.whatsapp_notificaciones}
                onChange={(e) => setConsent((c) => ({ ...c, whatsapp_notificaciones: e.target.checked }))}
              />
              <span>{t('account.manage.whatsapp')}</span>
            </label>
            <p className="muted acct-hint">{t('account.auth.consentHint')}</p>
            {clienteId && (
              <a className="acct-link" href={`/privacidad/${encodeURIComponent(clienteId)}`} target="_blank" rel="noopener">
                {t('account.auth.privacyLink')}
              </a>
            )}
          </fieldset>
        )}
        <FormError error={error} />
        <SubmitButton
          busy={busy}
          label={register ? t('account.auth.registerSubmit') : t('account.auth.loginSubmit')}
          busyLabel={register ? t('account.auth.registering') : t('account.auth.loggingIn')}
        />
      </form>
      <p className="acct-dialog__switch">
        {register ? t('account.auth.haveAccount') : t('account.auth.noAccount')}{' '}
        <button type="button" className="acct-link" onClick={() => switchTo(register ? 'login' : 'register')}>
          {register ? t('account.auth.toLogin') : t('account.auth.toRegister')}
        </button>
      </p>
    </Overlay>
  );
}

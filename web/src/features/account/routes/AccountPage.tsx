import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError, Notice, SubmitButton, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/dates';
import { clearDinerSession } from '../../../lib/diner-session';
import { changePassword, deleteUsuario, endOtherSesiones, endSesion, updateUsuario, type Usuario } from '../api/account-api';
import { accountKeys, sesionesQueryOptions, usuarioQueryOptions } from '../api/account-queries';
import { DinerPage, DinerQuery } from '../components/DinerPage';
import { Overlay } from '../components/Overlay';
import { dropDinerSessionOn401, setDinerExit } from '../lib/diner-actions';
import { clearDinerRestaurant } from '../lib/diner-restaurant';

/** Spec: passwords have at least 8 characters (the server checks it too). */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * 'Manejar Cuenta' (/usuario/cuenta and /usuario/:usuario_id/cuenta): the
 * signed-in diner edits name, phone and notification preferences, changes
 * the password (the server signs out the other sessions), sees the devices
 * signed in to the account and signs any of them out, and can delete the
 * account. It always acts on the signed-in diner's own account.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  return <DinerPage title={t('account.manage.title')}>{({ usuarioId, clienteId }) => <Account usuarioId={usuarioId} clienteId={clienteId} />}</DinerPage>;
}

function Account({ usuarioId, clienteId }: { usuarioId: string; clienteId: string | null }) {
  const { t } = useTranslation();
  const query = useQuery(usuarioQueryOptions(usuarioId));

  return (
    <DinerQuery query={query} loadError={t('account.manage.loadError')}>
      {(usuario) => (
        <div className="acct-sections">
          <ProfileForm key={usuario.id} usuarioId={usuarioId} clienteId={clienteId} usuario={usuario} />
          <PasswordForm usuarioId={usuarioId} />
          <Sessions usuarioId={usuarioId} />
          <DeleteAccount usuarioId={usuarioId} />
        </div>
      )}
    </DinerQuery>
  );
}

function ProfileForm({ usuarioId, clienteId, usuario }: { usuarioId: string; clienteId: string | null; usuario: Usuario }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    nombre: usuario.nombre ?? '',
    telefono: usuario.telefono ?? '',
    suscrito_mailing: !!usuario.suscrito_mailing,
    whatsapp_notificaciones: !!usuario.whatsapp_notificaciones,
    avisos_canal: usuario.avisos_canal ?? 'email',
  });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const f = (name: string) => `${id}-${name}`;
  const setText = (field: 'nombre' | 'telefono') => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const setCheck = (field: 'suscrito_mailing' | 'whatsapp_notificaciones') => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.checked }));
  // Choosing WhatsApp gives its consent (the server records it); SMS has no box of its own.
  const setCanal = (canal: Canal) => () =>
    setValues((v) => ({ ...v, avisos_canal: canal, whatsapp_notificaciones: canal === 'whatsapp' ? true : v.whatsapp_notificaciones }));
  const needsPhone = values.avisos_canal !== 'email';
  const phoneMissing = needsPhone && !isInternationalPhone(values.telefono);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const nombre = values.nombre.trim();
    if (!nombre) {
      setMessage({ kind: 'error', text: t('account.manage.nameRequired') });
      return;
    }
    if (phoneMissing) {
      setMessage({ kind: 'error', text: t('account.manage.avisosPhoneRequired') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      // The restaurant the page is on is recorded with a consent changed here.
      const saved = await updateUsuario(usuarioId, {
        ...values,
        nombre,
        telefono: values.telefono.trim(),
        sms_notificaciones: values.avisos_canal === 'sms',
        cliente_id: clienteId ? Number(clienteId) : null,
      });
      if (saved && typeof saved === 'object') {
        queryClient.setQueryData(accountKeys.usuario(usuarioId), saved);
        // The server's word on the channel and its consent (WhatsApp chosen ticks its box).
        setValues((v) => ({
          ...v,
          nombre: saved.nombre ?? nombre,
          telefono: saved.telefono ?? v.telefono,
          whatsapp_notificaciones: saved.whatsapp_notificaciones ?? v.whatsapp_notificaciones,
          avisos_canal: saved.avisos_canal ?? v.avisos_canal,
        }));
      }
      setMessage({ kind: 'ok', text: t('account.manage.saved') });
    } catch (err) {
      dropDinerSessionOn401(err);
      setMessage({ kind: 'error', text: errorText(err, t('account.manage.saveError'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form card" onSubmit={onSubmit} noValidate aria-busy={busy} aria-labelledby={f('title')}>
      <h2 id={f('title')} className="acct-section__title">
        {t('account.manage.profile')}
      </h2>
      <div className="field">
        <label htmlFor={f('nombre')}>{t('account.fields.nombre')}</label>
        <input
          id={f('nombre')}
          autoComplete="name"
          maxLength={100}
          value={values.nombre}
          onChange={setText('nombre')}
          aria-invalid={message?.kind === 'error' && !values.nombre.trim() ? true : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor={f('email')}>{t('account.fields.email')}</label>
        <input id={f('email')} type="email" value={usuario.email} readOnly aria-describedby={f('email-hint')} />
        <span id={f('email-hint')} className="muted acct-hint">
          {t('account.manage.emailHint')}
        </span>
      </div>
      <div className="field">
        <label htmlFor={f('telefono')}>{t('account.fields.telefono')}</label>
        <input
          id={f('telefono')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={30}
          value={values.telefono}
          onChange={setText('telefono')}
          required={needsPhone}
          aria-invalid={message?.kind === 'error' && phoneMissing ? true : undefined}
          aria-describedby={needsPhone ? f('telefono-hint') : undefined}
        />
        {needsPhone && (
          <span id={f('telefono-hint')} className="muted acct-hint">
            {t('account.manage.avisosPhoneHint')}
          </span>
        )}
      </div>
      <fieldset className="fieldset" aria-describedby={f('avisos-hint')}>
        <legend>{t('account.manage.avisos')}</legend>
        <span id={f('avisos-hint')} className="muted acct-hint">
          {t('account.manage.avisosHint')}
        </span>
        {CANALES.map((c) => (
          <label key={c.value} className="acct-check">
            <input type="radio" name={f('avisos')} value={c.value} checked={values.avisos_canal === c.value} onChange={setCanal(c.value)} />
            <span>{t(c.label)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t('account.manage.notifications')}</legend>
        <label className="acct-check">
          <input type="checkbox" checked={values.suscrito_mailing} onChange={setCheck('suscrito_mailing')} />
          <span>{t('account.manage.mailing')}</span>
        </label>
        <label className="acct-check">
          <input type="checkbox" checked={values.whatsapp_notificaciones} onChange={setCheck('whatsapp_notificaciones')} />
          <span>{t('account.manage.whatsapp')}</span>
        </label>
        {clienteId && (
          <a className="acct-link" href={`/privacidad/${encodeURIComponent(clienteId)}`} target="_blank" rel="noopener">
            {t('account.auth.privacyLink')}
          </a>
        )}
      </fieldset>
      <Notice message={message} />
      <SubmitButton busy={busy} label={t('account.manage.save')} busyLabel={t('account.manage.saving')} />
    </form>
  );
}

type Canal = 'email' | 'whatsapp' | 'sms';

const CANALES = [
  { value: 'email', label: 'account.manage.avisosEmail' },
  { value: 'whatsapp', label: 'account.manage.avisosWhatsapp' },
  { value: 'sms', label: 'account.manage.avisosSms' },
] as const satisfies readonly { value: Canal; label: string }[];

/** A phone with its country code (+ and at least 8 digits), what WhatsApp and SMS need. */
export function isInternationalPhone(phone: string): boolean {
  const p = phone.trim();
  return p.startsWith('+') && p.replace(/\D/g, '').length >= 8;
}

function PasswordForm({ usuarioId }: { usuarioId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const empty = { actual: '', nueva: '', confirmar: '' };
  const [values, setValues] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const f = (name: string) => `${id}-${name}`;
  const set = (field: keyof typeof empty) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    let problem = '';
    if (!values.actual || !values.nueva || !values.confirmar) problem = t('account.password.required');
    else if ([...values.nueva].length < MIN_PASSWORD_LENGTH) problem = t('account.password.tooShort');
    else if (values.nueva !== values.confirmar) problem = t('account.password.mismatch');
    if (problem) {
      setMessage({ kind: 'error', text: problem });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await changePassword(usuarioId, values.actual, values.nueva);
      setValues(empty);
      setMessage({ kind: 'ok', text: t('account.password.changed') });
      // The other sessions ended: the list below says so.
      void queryClient.invalidateQueries({ queryKey: accountKeys.sesiones(usuarioId) });
    } catch (err) {
      dropDinerSessionOn401(err);
      setMessage({ kind: 'error', text: errorText(err, t('account.password.error'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form card" onSubmit={onSubmit} noValidate aria-busy={busy} aria-labelledby={f('title')}>
      <h2 id={f('title')} className="acct-section__title">
        {t('account.password.title')}
      </h2>
      <p className="muted acct-hint">{t('account.password.hint')}</p>
      <div className="field">
        <label htmlFor={f('actual')}>{t('account.password.current')}</label>
        <input
          id={f('actual')}
          type="password"
          autoComplete="current-password"
          value={values.actual}
          onChange={set('actual')}
        />
      </div>
      <div className="field">
        <label htmlFor={f('nueva')}>{t('account.password.new')}</label>
        <input
          id={f('nueva')}
          type="password"
          autoComplete="new-password"
          value={values.nueva}
          onChange={set('nueva')}
          aria-describedby={f('rule')}
        />
        <span id={f('rule')} className="muted acct-hint">
          {t('account.fields.passwordHint')}
        </span>
      </div>
      <div className="field">
        <label htmlFor={f('confirmar')}>{t('account.password.confirm')}</label>
        <input
          id={f('confirmar')}
          type="password"
          autoComplete="new-password"
          value={values.confirmar}
          onChange={set('confirmar')}
        />
      </div>
      <Notice message={message} />
      <SubmitButton busy={busy} label={t('account.password.submit')} busyLabel={t('account.password.saving')} />
    </form>
  );
}

/**
 * 'Tus sesiones': the devices signed in to the account (named after their browser, this one
 * marked, the most recently used first), each other one with 'Cerrar sesión', and 'Cerrar las
 * demás sesiones' — for the phone left signed in at a friend's or a restaurant's tablet.
 */
function Sessions({ usuarioId }: { usuarioId: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery(sesionesQueryOptions(usuarioId));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const sesiones = query.data ?? [];
  const name = (s: { navegador: string }) => s.navegador || t('account.sessions.browser');

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      setMessage({ kind: 'ok', text: done });
    } catch (err) {
      dropDinerSessionOn401(err);
      setMessage({ kind: 'error', text: errorText(err, t('account.sessions.error'), t('errors.network')) });
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: accountKeys.sesiones(usuarioId) });
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`} aria-busy={busy || query.isPending}>
      <h2 id={`${id}-title`} className="acct-section__title">
        {t('account.sessions.title')}
      </h2>
      <p className="muted">{t('account.sessions.hint')}</p>
      {query.isPending && <p role="status">{t('account.sessions.loading')}</p>}
      {query.isError && <FormError error={errorText(query.error, t('account.sessions.loadError'), t('errors.network'))} />}
      {query.isSuccess && (
        <>
          <ul className="acct-sessions">
            {sesiones.map((s) => {
              const when = formatTimestamp(s.ultimo_uso, i18n.language);
              return (
                <li key={s.id}>
                  <span>
                    <strong>{name(s)}</strong>
                    <span className="muted">
                      {' · '}
                      {s.actual ? t('account.sessions.thisOne') : t('account.sessions.lastUse', { when })}
                    </span>
                  </span>
                  {!s.actual && (
                    <button
                      type="button"
                      className="button"
                      aria-label={t('account.sessions.endOne', { name: name(s), when })}
                      disabled={busy}
                      onClick={() => void run(() => endSesion(usuarioId, s.id), t('account.sessions.ended'))}
                    >
                      {t('account.sessions.end')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {sesiones.length > 1 && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void run(() => endOtherSesiones(usuarioId), t('account.sessions.endedOthers'))}
            >
              {t('account.sessions.endOthers')}
            </button>
          )}
        </>
      )}
      <Notice message={message} />
    </section>
  );
}

function DeleteAccount({ usuarioId }: { usuarioId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function onDelete() {
    setBusy(true);
    setError('');
    try {
      await deleteUsuario(usuarioId);
      // The page's signed-out guard sends the (now anonymous) visitor home.
      setDinerExit('/');
      clearDinerRestaurant();
      clearDinerSession();
      queryClient.removeQueries({ queryKey: accountKeys.all });
    } catch (err) {
      dropDinerSessionOn401(err);
      setBusy(false);
      setError(errorText(err, t('account.delete.error'), t('errors.network')));
    }
  }

  return (
    <section className="card acct-danger" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="acct-section__title">
        {t('account.delete.title')}
      </h2>
      <p className="muted">{t('account.delete.text')}</p>
      <button type="button" className="button acct-button--danger" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
        {t('account.delete.button')}
      </button>
      {confirming && (
        <Overlay labelledBy={`${id}-confirm`} onClose={() => !busy && setConfirming(false)} initialFocus=".acct-cancel">
          <h2 id={`${id}-confirm`} className="acct-dialog__title">
            {t('account.delete.confirmTitle')}
          </h2>
          <p>{t('account.delete.confirmText')}</p>
          <FormError error={error} />
          <div className="acct-dialog__actions">
            <button type="button" className="button acct-cancel" disabled={busy} onClick={() => setConfirming(false)}>
              {t('account.cancel')}
            </button>
            <button
              type="button"
              className="button acct-button--danger-solid"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void onDelete()}
            >
              {busy ? t('account.delete.deleting') : t('account.delete.confirm')}
            </button>
          </div>
        </Overlay>
      )}
    </section>
  );
}

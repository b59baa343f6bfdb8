import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field, FormError, Notice, SubmitButton, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/dates';
import { changePassword, endMySession, endOtherSessions, mySessionsQueryOptions } from '../api/team-api';
import { sessionName } from '../session-name';
import '../team.css';

/** 'Mis sesiones': a staff person's own sessions, signing out everywhere else, and the password change. */
export default function MySessionsPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery(mySessionsQueryOptions());
  const [message, setMessage] = useState<Message>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: mySessionsQueryOptions().queryKey });
  const act = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSuccess: () => void refresh(),
    onError: (err) => setMessage({ kind: 'error', text: errorText(err, t('team.actionError'), t('errors.network')) }),
  });
  const run = (fn: () => Promise<unknown>, ok: string) => {
    setMessage(null);
    act.mutate(fn, { onSuccess: () => setMessage({ kind: 'ok', text: ok }) });
  };
  const sesiones = query.data?.sesiones ?? [];
  return (
    <section className="card team">
      <h1>{t('team.mySessions')}</h1>
      <Notice message={message} />
      {query.isPending && <p role="status">{t('team.loading')}</p>}
      {query.isError && <FormError error={errorText(query.error, t('team.loadError'), t('errors.network'))} />}
      {query.isSuccess && (
        <>
          <ul className="team-list">
            {sesiones.map((s) => (
              <li key={s.id}>
                <span>
                  <strong>{sessionName(s, t('team.browser'))}</strong> · {t('team.lastUse', { when: formatTimestamp(s.ultimo_uso, i18n.language) })}
                  {s.actual ? ` · ${t('team.thisSession')}` : ''}
                </span>
                {!s.actual && (
                  <button
                    type="button"
                    className="button"
                    aria-label={`${t('team.endSession')}: ${sessionName(s, t('team.browser'))} · ${formatTimestamp(s.ultimo_uso, i18n.language)}`}
                    disabled={act.isPending}
                    onClick={() => run(() => endMySession(s.id), t('team.sessionEnded'))}
                  >
                    {t('team.endSession')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          <p>
            <button
              type="button"
              className="button"
              disabled={act.isPending || sesiones.length < 2}
              onClick={() => run(() => endOtherSessions(), t('team.signedOutElsewhere'))}
            >
              {t('team.signOutEverywhere')}
            </button>
          </p>
        </>
      )}
      <PasswordForm onChanged={() => void refresh()} />
    </section>
  );
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [actual, setActual] = useState('');
  const [nueva, setNueva] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Message>(null);
  const change = useMutation({
    mutationFn: () => changePassword(actual, nueva),
    onSuccess: (res) => {
      setActual('');
      setNueva('');
      setConfirm('');
      setDone({ kind: 'ok', text: res?.message ?? t('team.passwordChanged') });
      onChanged();
    },
    onError: (err) => setError(errorText(err, t('team.actionError'), t('errors.network'))),
  });
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setDone(null);
    if (!actual || !nueva || !confirm) {
      setError(t('auth.fillAllFields'));
      return;
    }
    if (nueva !== confirm) {
      setError(t('team.passwordMismatch'));
      return;
    }
    setError(null);
    change.mutate();
  }
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('team.changePassword')}</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field id={`${id}-actual`} label={t('team.currentPassword')}>
          {(control) => <input {...control} type="password" autoComplete="current-password" value={actual} onChange={(e) => setActual(e.target.value)} />}
        </Field>
        <Field id={`${id}-nueva`} label={t('team.newPassword')}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={nueva} onChange={(e) => setNueva(e.target.value)} />}
        </Field>
        <Field id={`${id}-confirm`} label={t('team.confirmPassword')}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
        </Field>
        <FormError error={error} />
        <Notice message={done} />
        <SubmitButton busy={change.isPending} label={t('team.changePassword')} busyLabel={t('team.saving')} />
      </form>
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError, Notice, SubmitButton, type Message } from '../../../components/Form';
import { RestaurantPage } from '../../../components/RestaurantPage';
import { errorText } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/dates';
import {
  cancelInvite,
  endSession,
  invite,
  removePerson,
  setRole,
  STAFF_ROLES,
  teamKeys,
  teamQueryOptions,
  type Equipo,
  type StaffRoleName,
} from '../api/team-api';
import { sessionName } from '../session-name';
import '../team.css';

/** 'Equipo': the owner's staff page (?cliente_id=): people, invitations, sessions. */
export default function TeamPage() {
  const { t } = useTranslation();
  return (
    <RestaurantPage title={t('team.title')} missingText={t('team.missingClienteId')}>
      {(clienteId) => <Team clienteId={clienteId} />}
    </RestaurantPage>
  );
}

function Team({ clienteId }: { clienteId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(teamQueryOptions(clienteId));
  const qc = useQueryClient();
  const [message, setMessage] = useState<Message>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: teamKeys.team(clienteId) });
  const fail = (err: unknown) => setMessage({ kind: 'error', text: errorText(err, t('team.actionError'), t('errors.network')) });
  const act = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSuccess: () => void refresh(),
    onError: fail,
  });
  const when = (s: number) => (s ? formatTimestamp(s, i18n.language) : t('team.never'));

  if (query.isPending) return <p role="status">{t('team.loading')}</p>;
  if (query.isError) return <FormError error={errorText(query.error, t('team.loadError'), t('errors.network'))} />;
  const team: Equipo = query.data;

  const run = (fn: () => Promise<unknown>, ok: string) => {
    setMessage(null);
    act.mutate(fn, { onSuccess: () => setMessage({ kind: 'ok', text: ok }) });
  };

  return (
    <div className="team">
      <p className="muted">{t('team.intro')}</p>
      <Notice message={message} />
      <section aria-labelledby="team-people">
        <h2 id="team-people">{t('team.people')}</h2>
        <div className="table-scroll">
          <table className="team-table">
            <thead>
              <tr>
                <th scope="col">{t('team.email')}</th>
                <th scope="col">{t('team.role')}</th>
                <th scope="col">{t('team.lastSignIn')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('team.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {team.personas.map((p) => (
                <tr key={p.staff_user_id}>
                  <td>{p.email}</td>
                  <td>
                    <label className="visually-hidden" htmlFor={`rol-${p.staff_user_id}`}>
                      {t('team.roleOf', { email: p.email })}
                    </label>
                    <select
                      id={`rol-${p.staff_user_id}`}
                      value={p.rol}
                      disabled={act.isPending}
                      onChange={(e) => {
                        const rol = e.target.value as StaffRoleName;
                        run(() => setRole(clienteId, p.staff_user_id, rol), t('team.roleChanged', { email: p.email }));
                      }}
                    >
                      {STAFF_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`team.roles.${r}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>{when(p.ultimo_acceso)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--danger"
                      aria-label={`${t('team.remove')} ${p.email}`}
                      disabled={act.isPending}
                      onClick={() => {
                        if (window.confirm(t('team.removeConfirm', { email: p.email }))) {
                          run(() => removePerson(clienteId, p.staff_user_id), t('team.removed', { email: p.email }));
                        }
                      }}
                    >
                      {t('team.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <InviteForm clienteId={clienteId} onInvited={(email) => {
        setMessage({ kind: 'ok', text: t('team.invited', { email }) });
        void refresh();
      }} />

      <section aria-labelledby="team-invitations">
        <h2 id="team-invitations">{t('team.invitations')}</h2>
        {team.invitaciones.length === 0 ? (
          <p className="muted">{t('team.noInvitations')}</p>
        ) : (
          <ul className="team-list">
            {team.invitaciones.map((i) => (
              <li key={i.id}>
                <span>
                  {i.email} · {t(`team.roles.${i.rol}`)} · {t('team.expires', { when: formatTimestamp(i.caduca, i18n.language) })}
                </span>
                <button
                  type="button"
                  className="button"
                  aria-label={`${t('team.cancelInvite')} ${i.email}`}
                  disabled={act.isPending}
                  onClick={() => run(() => cancelInvite(clienteId, i.id), t('team.cancelled', { email: i.email }))}
                >
                  {t('team.cancelInvite')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="team-sessions">
        <h2 id="team-sessions">{t('team.sessions')}</h2>
        <p className="muted">{t('team.sessionsIntro')}</p>
        {team.sesiones.length === 0 ? (
          <p className="muted">{t('team.noSessions')}</p>
        ) : (
          <ul className="team-list">
            {team.sesiones.map((s) => (
              <li key={s.id}>
                <span>
                  <strong>{sessionName(s, t('team.browser'))}</strong> · {s.email} · {t('team.lastUse', { when: when(s.ultimo_uso) })}
                  {s.actual ? ` · ${t('team.thisSession')}` : ''}
                </span>
                {!s.actual && (
                  <button
                    type="button"
                    className="button"
                    aria-label={`${t('team.endSession')}: ${sessionName(s, t('team.browser'))} · ${s.email}`}
                    disabled={act.isPending}
                    onClick={() => run(() => endSession(clienteId, s.id), t('team.sessionEnded'))}
                  >
                    {t('team.endSession')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function InviteForm({ clienteId, onInvited }: { clienteId: string; onInvited: (email: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [rol, setRol] = useState<StaffRoleName>('cocina');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => invite(clienteId, email.trim(), rol),
    onSuccess: (res) => {
      setEmail('');
      onInvited(res?.email ?? email);
    },
    onError: (err) => setError(errorText(err, t('team.inviteError'), t('errors.network'))),
  });
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!email.trim()) {
      setError(t('team.emailRequired'));
      return;
    }
    setError(null);
    send.mutate();
  }
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('team.inviteTitle')}</h2>
      <p className="muted">{t('team.inviteIntro')}</p>
      <form className="form team-invite" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('team.email')}</label>
          <input id={`${id}-email`} type="email" autoComplete="off" value={email} maxLength={200} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-rol`}>{t('team.role')}</label>
          <select id={`${id}-rol`} value={rol} onChange={(e) => setRol(e.target.value as StaffRoleName)}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`team.roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <FormError error={error} />
        <SubmitButton busy={send.isPending} label={t('team.invite')} busyLabel={t('team.inviting')} />
      </form>
    </section>
  );
}

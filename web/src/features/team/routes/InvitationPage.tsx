import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homePathFor } from '../../../app/session/roles';
import { idString, isSuperadminFlag, useSession } from '../../../app/session/session-context';
import { Field, FormError, SubmitButton } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { acceptInvitation, invitationState, type InvitacionEstado } from '../api/team-api';

/**
 * The invitation link's page (/invitacion?token=): the restaurant and the
 * role; a new person chooses a password, a person already staff elsewhere
 * gives theirs. Accepting signs them in and lands them by role.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const state = useQuery({ queryKey: ['invitacion', token], queryFn: () => invitationState(token), enabled: token !== '', retry: false });

  let body;
  if (!token) body = <FormError error={t('invitation.states.invalido')} />;
  else if (state.isPending) body = <p role="status">{t('invitation.loading')}</p>;
  else if (state.isError) body = <FormError error={errorText(state.error, t('invitation.failed'), t('errors.network'))} />;
  else if (state.data.estado !== 'valido') body = <FormError error={t(`invitation.states.${state.data.estado}`)} />;
  else body = <AcceptForm token={token} invitation={state.data} />;

  return (
    <section className="card narrow">
      <h1>{t('invitation.title')}</h1>
      {body}
    </section>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitacionEstado }) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const existing = invitation.cuenta_existente;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!password || (!existing && !confirm)) {
      setError(t('auth.fillAllFields'));
      return;
    }
    if (!existing && password !== confirm) {
      setError(t('setPassword.mismatch'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await acceptInvitation(token, password);
      signIn(res.token, res);
      void navigate(homePathFor(isSuperadminFlag(res.is_superadmin), idString(res.cliente_id), res.rol), { replace: true });
    } catch (err) {
      setError(errorText(err, t('invitation.failed'), t('errors.network')));
      setBusy(false);
    }
  }

  return (
    <>
      <p>{t('invitation.intro', { restaurante: invitation.restaurante, rol: t(`invitation.roles.${invitation.rol || 'mesero'}`) })}</p>
      <p className="muted">{existing ? t('invitation.existingIntro', { email: invitation.email }) : t('invitation.newIntro', { email: invitation.email })}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <Field id={`${id}-password`} label={existing ? t('invitation.currentPassword') : t('setPassword.newPassword')}>
          {(control) => (
            <input {...control} type="password" autoComplete={existing ? 'current-password' : 'new-password'} value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        {!existing && (
          <Field id={`${id}-confirm`} label={t('setPassword.confirmPassword')}>
            {(control) => <input {...control} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
          </Field>
        )}
        <FormError error={error} />
        <SubmitButton busy={busy} label={t('invitation.accept')} busyLabel={t('invitation.accepting')} />
      </form>
    </>
  );
}

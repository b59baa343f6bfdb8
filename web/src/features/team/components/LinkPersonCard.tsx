import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError, Notice, SubmitButton, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { linkPerson, STAFF_ROLES, type StaffRoleName } from '../api/team-api';

/** The super admin's 'Vincular persona': an existing staff person joins this restaurant with a role. */
export function LinkPersonCard({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [rol, setRol] = useState<StaffRoleName>('gerente');
  const [message, setMessage] = useState<Message>(null);
  const link = useMutation({
    mutationFn: () => linkPerson(clienteId, email.trim(), rol),
    onSuccess: () => {
      setMessage({ kind: 'ok', text: t('team.linked', { email: email.trim() }) });
      setEmail('');
    },
    onError: (err) => setMessage({ kind: 'error', text: errorText(err, t('team.linkError'), t('errors.network')) }),
  });
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setMessage(null);
    if (!email.trim()) {
      setMessage({ kind: 'error', text: t('team.emailRequired') });
      return;
    }
    link.mutate();
  }
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('team.linkTitle')}</h2>
      <p className="muted">{t('team.linkIntro')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('team.email')}</label>
          <input id={`${id}-email`} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
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
        {message?.kind === 'error' ? <FormError error={message.text} /> : <Notice message={message} />}
        <SubmitButton busy={link.isPending} label={t('team.link')} busyLabel={t('team.linking')} />
      </form>
    </section>
  );
}

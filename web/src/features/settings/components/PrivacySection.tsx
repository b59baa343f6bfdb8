import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field, Notice, SubmitButton, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { privacyKeys, privacyQueryOptions, savePrivacyText } from '../api/privacy-api';
import './privacy-section.css';

/** The most the owner may add (limits.PrivacyText on the server). */
const MAX_TEXT = 4000;

/**
 * 'Privacidad': the text the owner adds to the restaurant's privacy notice
 * (/privacidad/:cliente_id, written from the restaurant's data), with a
 * link to the notice as diners see it.
 */
export function PrivacySection({ clienteId }: { clienteId: string }) {
  const query = useQuery(privacyQueryOptions(clienteId));
  if (query.isPending) return null;
  return <PrivacyForm clienteId={clienteId} initial={query.data?.texto ?? ''} loadFailed={query.isError} />;
}

function PrivacyForm({ clienteId, initial, loadFailed }: { clienteId: string; initial: string; loadFailed: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const qc = useQueryClient();
  const [texto, setTexto] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const saved = await savePrivacyText(clienteId, texto.trim());
      setTexto(saved.texto);
      setMessage({ kind: 'ok', text: t(saved.texto ? 'privacySettings.saved' : 'privacySettings.removed') });
      qc.setQueryData(privacyKeys.detail(clienteId), saved);
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('privacySettings.saveError'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="privacy-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {t('privacySettings.title')}
      </h2>
      <p className="muted">{t('privacySettings.why')}</p>
      <p>
        <a href={`/privacidad/${encodeURIComponent(clienteId)}`} target="_blank" rel="noopener">
          {t('privacySettings.view')}
        </a>
      </p>
      {loadFailed && (
        <p className="muted" role="status">
          {t('privacySettings.loadError')}
        </p>
      )}
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy}>
        <Field id={`${id}-text`} label={t('privacySettings.text')} hint={t('privacySettings.hint')}>
          {(control) => <textarea {...control} rows={5} maxLength={MAX_TEXT} value={texto} onChange={(e) => setTexto(e.target.value)} />}
        </Field>
        <Notice message={message} />
        <SubmitButton busy={busy} label={t('privacySettings.save')} busyLabel={t('privacySettings.saving')} />
      </form>
    </section>
  );
}

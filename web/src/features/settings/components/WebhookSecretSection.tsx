import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Notice, SubmitButton, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { clienteKeys, clienteQueryOptions, saveWebhookSecret } from '../api/webhook-api';

/**
 * 'Webhook de Clover Hosted Checkout': the restaurant's own signing secret
 * for its checkout webhooks. Only whether one is set is ever shown; the
 * secret itself never comes back.
 */
export function WebhookSecretSection({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const qc = useQueryClient();
  const cliente = useQuery(clienteQueryOptions(clienteId));
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  async function save(value: string, e?: FormEvent<HTMLFormElement>) {
    e?.preventDefault();
    if (busy) return;
    if (e && !value.trim()) {
      setMessage({ kind: 'error', text: t('webhook.required') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const res = await saveWebhookSecret(clienteId, value.trim());
      setSecret('');
      setMessage({ kind: 'ok', text: t(res.webhook_secret_configurado ? 'webhook.saved' : 'webhook.removed') });
      await qc.invalidateQueries({ queryKey: clienteKeys.detail(clienteId) });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('webhook.saveError'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  const configured = cliente.data?.webhook_secret_configurado;
  return (
    <section className="webhook-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {t('webhook.title')}
      </h2>
      <p className="muted">{t('webhook.why')}</p>
      <ol>
        <li>{t('webhook.step1')}</li>
        <li>{t('webhook.step2')}</li>
        <li>{t('webhook.step3')}</li>
      </ol>
      {cliente.isSuccess && (
        <p role="status" data-testid="webhook-state">
          <strong>{configured ? t('webhook.configured') : t('webhook.notConfigured')}</strong>
        </p>
      )}
      <form className="form" onSubmit={(e) => void save(secret, e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-secret`}>{t('webhook.secret')}</label>
          <input
            id={`${id}-secret`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
          />
        </div>
        <Notice message={message} />
        <div className="platform-inline-actions">
          <SubmitButton busy={busy} label={t('webhook.save')} busyLabel={t('webhook.saving')} />
          {configured && (
            <button type="button" className="button" disabled={busy} onClick={() => void save('')}>
              {t('webhook.remove')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

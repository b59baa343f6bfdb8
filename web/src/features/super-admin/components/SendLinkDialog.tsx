import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormActions, Notice, SubmitButton, type Message } from '../../../components/Form';
import { isApiError, isNetworkError } from '../../../lib/api-client';
import { sendLink, type Cliente } from '../api/platform-api';
import { PlatformModal } from './PlatformModal';

/**
 * 'Enviar Enlace': e-mails the restaurant's owner the single-use link that
 * sets their password. Merchant ID and e-mail come from the row and can be
 * corrected before sending.
 */
export function SendLinkDialog({ cliente, onClose }: { cliente: Cliente; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const qc = useQueryClient();
  const [merchantId, setMerchantId] = useState(cliente.merchant_id ?? '');
  const [email, setEmail] = useState(cliente.email);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!merchantId.trim() || !email.trim()) {
      setMessage({ kind: 'error', text: t('platform.linkFieldsRequired') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await sendLink({ merchant_id: merchantId.trim(), email: email.trim() });
      setMessage({ kind: 'ok', text: t('platform.linkSent') });
      void qc.invalidateQueries({ queryKey: ['admin', 'outbox'] });
    } catch (err) {
      let text: string;
      if (isNetworkError(err)) text = t('platform.serverUnreachable');
      else text = t('platform.linkError', { error: isApiError(err) && err.serverMessage ? err.serverMessage : t('errors.generic') });
      setMessage({ kind: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <PlatformModal title={t('platform.sendLinkTitle')} onClose={onClose} busy={busy}>
      <p className="muted">{t('platform.sendLinkHint', { nombre: cliente.nombre })}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-mid`}>{t('platform.merchantId')}</label>
          <input id={`${id}-mid`} value={merchantId} onChange={(e) => setMerchantId(e.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('platform.email')}</label>
          <input id={`${id}-email`} type="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <Notice message={message} />
        <FormActions className="platform-modal__actions" cancelLabel={t('platform.close')} onCancel={onClose} busy={busy}>
          <SubmitButton busy={busy} label={t('platform.sendLink')} busyLabel={t('platform.sending')} />
        </FormActions>
      </form>
    </PlatformModal>
  );
}

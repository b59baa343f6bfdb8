import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field, FormActions, FormError, SubmitButton } from '../../../components/Form';
import { isApiError, isNetworkError } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/dates';
import { feesKeys } from '../../offers';
import { platformKeys, sendLink, type Cliente, type SentLink } from '../api/platform-api';
import { PlatformModal } from './PlatformModal';

/** A restaurant's onboarding link not used yet, as the list last said (Unix seconds; 0: none). */
function unspentLink(c: Cliente): number {
  const at = c.enlace_caduca ?? 0;
  return at * 1000 > Date.now() ? at : 0;
}

/**
 * 'Enviar Enlace': e-mails the restaurant's owner the single-use link that
 * sets their password. Merchant ID and e-mail come from the row and can be
 * corrected before sending. While the restaurant has a link not used yet,
 * sending asks first ('¿Enviar un enlace nuevo? El anterior dejará de
 * funcionar.'), as does the server's 409 when the list was out of date.
 * On success the dialog closes and hands the link to the page (onSent).
 */
export function SendLinkDialog({ cliente, onClose, onSent }: { cliente: Cliente; onClose: () => void; onSent: (sent: SentLink) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const qc = useQueryClient();
  const [merchantId, setMerchantId] = useState(cliente.merchant_id ?? '');
  const [email, setEmail] = useState(cliente.email);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The link to replace, once sending asked before voiding it (its expiry; 0 when the server said so without one).
  const [confirming, setConfirming] = useState<number | null>(null);
  const keep = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming !== null) keep.current?.focus();
  }, [confirming]);

  async function send(replace: boolean) {
    if (busy) return;
    if (!merchantId.trim() || !email.trim()) {
      setError(t('platform.linkFieldsRequired'));
      return;
    }
    const pending = unspentLink(cliente);
    if (!replace && pending) {
      setError(null);
      setConfirming(pending);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const sent = await sendLink({ merchant_id: merchantId.trim(), email: email.trim(), ...(replace ? { reemplazar: true } : {}) });
      void qc.invalidateQueries({ queryKey: feesKeys.outbox() });
      void qc.invalidateQueries({ queryKey: platformKeys.clients() });
      onSent({ ...sent, email: email.trim() });
    } catch (err) {
      setBusy(false);
      if (isApiError(err) && err.status === 409 && !replace) {
        setConfirming(pending);
        return;
      }
      setConfirming(null);
      if (isNetworkError(err)) setError(t('platform.serverUnreachable'));
      else setError(t('platform.linkError', { error: isApiError(err) && err.serverMessage ? err.serverMessage : t('errors.generic') }));
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void send(false);
  }

  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (
    <PlatformModal title={t('platform.sendLinkTitle')} onClose={onClose} busy={busy}>
      {confirming === null ? (
        <>
          <p className="muted">{t('platform.sendLinkHint', { nombre: cliente.nombre })}</p>
          <form className="form" onSubmit={onSubmit} noValidate>
            <Field id={`${id}-mid`} label={t('platform.merchantId')}>
              {(control) => <input {...control} value={merchantId} onChange={(e) => setMerchantId(e.target.value)} autoComplete="off" />}
            </Field>
            <Field id={`${id}-email`} label={t('platform.email')}>
              {(control) => <input {...control} type="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
            </Field>
            <FormError error={error} />
            <FormActions className="platform-modal__actions" cancelLabel={t('platform.cancel')} onCancel={onClose} busy={busy}>
              <SubmitButton busy={busy} label={t('platform.sendLink')} busyLabel={t('platform.sending')} />
            </FormActions>
          </form>
        </>
      ) : (
        <div className="platform-replace">
          <p className="platform-replace__question" role="alert">
            {t('platform.replaceQuestion')}
          </p>
          <p className="muted">
            {confirming
              ? t('platform.replaceDetail', { nombre: cliente.nombre, fecha: formatTimestamp(confirming, lang) })
              : t('platform.replaceDetailUnknown', { nombre: cliente.nombre })}
          </p>
          <FormError error={error} />
          <div className="platform-modal__actions">
            <button ref={keep} type="button" className="button" onClick={onClose} disabled={busy}>
              {t('platform.replaceKeep')}
            </button>
            <SubmitButton type="button" busy={busy} label={t('platform.replaceSend')} busyLabel={t('platform.sending')} onClick={() => void send(true)} />
          </div>
        </div>
      )}
    </PlatformModal>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../../lib/dates';
import type { SentLink } from '../api/platform-api';

/**
 * What 'Enviar Enlace' leaves on the page once its dialog closes: the
 * e-mail went, and the link itself to copy (to hand over another way if the
 * owner cannot find the e-mail; the super admin reads it in the outbox
 * anyway), with its expiry. The focus lands on 'Copiar enlace'. Keyed by
 * the link, so a new link starts afresh.
 */
export function LinkSentNotice({ sent, nombre, onDismiss }: { sent: SentLink; nombre: string; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const copyButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'select' | null>(null);

  useEffect(() => {
    copyButton.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(sent.enlace);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selected to copy by hand.
      input.current?.select();
      setCopied('select');
    }
  }

  return (
    <section className="platform-sent" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="platform-sent__title" role="status">
        {t('platform.linkSent')} {t('platform.linkSentTo', { nombre, email: sent.email })}
      </p>
      <label className="platform-sent__label" htmlFor={`${id}-link`}>
        {t('platform.linkLabel')}
      </label>
      <div className="platform-sent__copy">
        <input ref={input} id={`${id}-link`} readOnly value={sent.enlace} onFocus={(e) => e.target.select()} aria-describedby={`${id}-expires`} />
        <button ref={copyButton} type="button" className="button button--primary" onClick={() => void copy()}>
          {t('platform.copyLink')}
        </button>
      </div>
      <p id={`${id}-expires`} className="platform-sub">
        {t('platform.linkExpires', { fecha: formatTimestamp(sent.caduca, i18n.resolvedLanguage ?? i18n.language) })}
      </p>
      <p className="platform-sent__copied" role="status">
        {copied === 'yes' ? t('platform.linkCopied') : copied === 'select' ? t('platform.linkSelect') : ''}
      </p>
      <button type="button" className="button button--small" onClick={onDismiss}>
        {t('platform.dismiss')}
      </button>
    </section>
  );
}

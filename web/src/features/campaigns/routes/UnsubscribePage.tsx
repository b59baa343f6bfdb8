import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { lookupUnsubscribe, unsubscribe, type Baja } from '../api/campaigns-api';
import '../campaigns.css';

type State = { kind: 'loading' } | { kind: 'ready'; baja: Baja } | { kind: 'done'; baja: Baja } | { kind: 'error'; text: string };

/**
 * The page a marketing e-mail's visible unsubscribe link opens (/baja?t=):
 * public, no sign-in. It says what it will do (stop that channel's messages
 * from that restaurant), and its button POSTs the one-click unsubscribe
 * (RFC 8058), then confirms.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const fail = (err: unknown) => setState({ kind: 'error', text: errorText(err, t('unsubscribe.invalid'), t('unsubscribe.network')) });

  useEffect(() => {
    let live = true;
    lookupUnsubscribe(token).then(
      (baja) => live && setState(baja.de_baja ? { kind: 'done', baja } : { kind: 'ready', baja }),
      (err: unknown) => live && fail(err),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per token
  }, [token]);

  const confirm = () => {
    setBusy(true);
    unsubscribe(token).then(
      (baja) => setState({ kind: 'done', baja }),
      (err: unknown) => {
        setBusy(false);
        fail(err);
      },
    );
  };

  let body;
  if (state.kind === 'loading') body = <p role="status">{t('unsubscribe.loading')}</p>;
  else if (state.kind === 'error')
    body = (
      <p className="form__error" role="alert">
        {state.text}
      </p>
    );
  else {
    const vars = { restaurante: state.baja.restaurante, canal: t(`unsubscribe.channels.${state.baja.canal}`) };
    body =
      state.kind === 'done' ? (
        <p role="status" className="form__ok">
          {t('unsubscribe.done', vars)}
        </p>
      ) : (
        <>
          <p>{t('unsubscribe.explain', vars)}</p>
          <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={confirm}>
            {t('unsubscribe.confirm')}
          </button>
        </>
      );
  }
  return (
    <section className="card unsubscribe-page" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
      {body}
    </section>
  );
}

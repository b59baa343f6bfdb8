import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, SubmitButton } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import type { Cliente } from '../api/get-cliente';
import { startCloverConnect } from '../api/clover-connect';

/**
 * 'Conectar con Clover' of the restaurant's panel (its owner, or the super
 * admin acting on it): the server issues a single-use state for this
 * restaurant and answers Clover's authorize page, where the browser goes;
 * Clover sends it back to Carta, which completes only that connection.
 */
export function CloverConnectCard({ cliente, go = (url) => window.location.assign(url) }: { cliente: Cliente; go?: (url: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const connected = cliente.pos_conectado && !cliente.pos_reconectar;

  async function connect() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { url } = await startCloverConnect(String(cliente.id));
      go(url);
    } catch (err) {
      setError(errorText(err, t('cloverConnect.startError'), t('errors.network')));
      setBusy(false);
    }
  }

  let state: string;
  if (connected) state = t('cloverConnect.connected', { merchantId: cliente.merchant_id ?? '' });
  else if (cliente.pos_reconectar) state = t('cloverConnect.mustReconnect');
  else state = t('cloverConnect.notConnected');
  return (
    <section className="panel-section clover-connect" aria-labelledby="clover-connect-title">
      <h2 id="clover-connect-title">{t('cloverConnect.title')}</h2>
      <p data-testid="clover-connect-state">
        <strong>{state}</strong>
      </p>
      <p className="muted">{t('cloverConnect.hint')}</p>
      <FormError error={error} />
      <SubmitButton
        type="button"
        busy={busy}
        label={connected ? t('cloverConnect.again') : t('cloverConnect.connect')}
        busyLabel={t('cloverConnect.starting')}
        onClick={() => void connect()}
      />
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderConfig } from '../../../api/contract';
import { Notice, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { saveOrderConfig } from '../api/order-board-api';
import { formatZonedTime } from '../lib/zoned-time';

const PAUSES_MIN = [15, 30, 60];

type Props = {
  clienteId: string;
  config: OrderConfig;
  /** Unix seconds now (the board ticks it). */
  now: number;
  onSaved: (config: OrderConfig) => void;
};

/** The board's quick control: pause online orders for a while, or take them again. */
export function PauseControl({ clienteId, config, now, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const paused = config.pausado_hasta > now;

  async function save(pausadoHasta: number) {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      onSaved(await saveOrderConfig(clienteId, { ...config, pausado_hasta: pausadoHasta }));
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err, t('orderBoard.pauseError'), t('errors.network')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="board-pause" role="group" aria-label={t('orderBoard.pauseGroup')}>
      {paused ? (
        <>
          <p className="board-pause__state" role="status">
            {t('orderBoard.pausedUntil', { time: formatZonedTime(config.pausado_hasta, config.zona_horaria, i18n.language) })}
          </p>
          <button type="button" className="button button--primary" onClick={() => void save(0)} disabled={busy} aria-busy={busy}>
            {t('orderBoard.resume')}
          </button>
        </>
      ) : (
        <>
          <span className="board-pause__label">{t('orderBoard.pauseGroup')}:</span>
          {PAUSES_MIN.map((m) => (
            <button
              key={m}
              type="button"
              className="button button--small"
              onClick={() => void save(now + m * 60)}
              disabled={busy || !config.activo}
              aria-label={t('orderBoard.pauseFor', { count: m })}
            >
              {t('orderBoard.pauseShort', { count: m })}
            </button>
          ))}
        </>
      )}
      <Notice message={message} />
    </div>
  );
}

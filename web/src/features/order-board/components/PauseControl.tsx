import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderConfig } from '../../../api/contract';
import { Notice, type Message } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatMinutes } from '../../../lib/age';
import { pauseOrders } from '../api/order-board-api';
import { PAUSE_PRESETS_MIN, restOfDay, untilClock } from '../lib/pause-presets';
import { formatZonedTime } from '../lib/zoned-time';

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
  const id = useId();
  const [custom, setCustom] = useState('');

  async function save(pausadoHasta: number) {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      onSaved(await pauseOrders(clienteId, pausadoHasta));
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
          {PAUSE_PRESETS_MIN.map((m) => (
            <button
              key={m}
              type="button"
              className="button button--small"
              onClick={() => void save(now + m * 60)}
              disabled={busy || !config.activo}
              aria-label={t('orderBoard.pauseFor', { count: m })}
            >
              {formatMinutes(m)}
            </button>
          ))}
          <button
            type="button"
            className="button button--small"
            onClick={() => void save(restOfDay(now, config.zona_horaria, config.horario))}
            disabled={busy || !config.activo}
            aria-label={t('orderBoard.pauseRestOfDayLabel')}
          >
            {t('orderBoard.pauseRestOfDay')}
          </button>
          <form
            className="board-pause__custom"
            onSubmit={(e) => {
              e.preventDefault();
              const until = untilClock(now, config.zona_horaria, custom);
              if (until === null) {
                setMessage({ kind: 'error', text: t('orderBoard.pauseCustomInvalid') });
                return;
              }
              void save(until);
            }}
          >
            <label htmlFor={`${id}-until`}>{t('orderBoard.pauseUntilLabel')}</label>
            <input
              id={`${id}-until`}
              type="time"
              step={300}
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
              disabled={busy || !config.activo}
            />
            <button type="submit" className="button button--small" disabled={busy || !config.activo || !custom}>
              {t('orderBoard.pauseCustom')}
            </button>
          </form>
        </>
      )}
      <Notice message={message} />
    </div>
  );
}

import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Board, EstadoPedido, OrderConfig, Pedido } from '../../../api/contract';
import { FormError, Notice } from '../../../components/Form';
import { errorText, isApiError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { boardQueryOptions, orderBoardKeys } from '../api/order-board-api';
import { alertSound } from '../lib/alert-sound';
import { CLOSED_STATES, isNewOrder, isTableOrder, OPEN_STATES } from '../lib/transitions';
import { useBoardStream, type StreamState } from '../lib/use-board-stream';
import { useNow, useOrderAlert, useSoundState } from '../lib/use-order-alert';
import { OrderCard } from './OrderCard';
import { PauseControl } from './PauseControl';
import { PrintTicket } from './PrintTicket';
import { SoldOutControl } from './SoldOutPanel';

/** What the viewer's role lets them do on the board (all of it for a manager, the owner and the super admin). */
export type BoardPowers = { pause: boolean; cancel: boolean; refund: boolean; settings: boolean; soldOut?: boolean };
const ALL: BoardPowers = { pause: true, cancel: true, refund: true, settings: true, soldOut: true };

/** The kitchen's board of one restaurant: live, grouped by status; the controls the viewer's role gives. */
export function OrderBoard({ clienteId, powers = ALL }: { clienteId: string; powers?: BoardPowers }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(boardQueryOptions(clienteId));
  const stream = useBoardStream(clienteId);
  const now = useNow();
  const [ticket, setTicket] = useState<Pedido | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const boardKey = orderBoardKeys.board(clienteId);

  const onChanged = useCallback(
    (patch: Partial<Pedido> & { id: number }) => {
      queryClient.setQueryData<Board>(orderBoardKeys.board(clienteId), (b) =>
        b ? { ...b, pedidos: b.pedidos.map((p) => (p.id === patch.id ? { ...p, ...patch } : p)) } : b,
      );
      // The day's totals and the other boards' changes come with the next read.
      void queryClient.invalidateQueries({ queryKey: orderBoardKeys.board(clienteId) });
    },
    [queryClient, clienteId],
  );

  const onConfigSaved = useCallback(
    (config: OrderConfig) => {
      queryClient.setQueryData<Board>(orderBoardKeys.board(clienteId), (b) => (b ? { ...b, config } : b));
      queryClient.setQueryData(orderBoardKeys.config(clienteId), config);
    },
    [queryClient, clienteId],
  );

  const pedidos = query.data?.pedidos;
  const newIds = useMemo(() => (pedidos ?? []).filter(isNewOrder).map((p) => p.id), [pedidos]);
  useOrderAlert(newIds, t('orderBoard.title'));

  useEffect(() => {
    if (!ticket) return;
    try {
      window.print();
    } catch {
      // no print dialog here (tests): the ticket stays ready for the browser's own print
    }
  }, [ticket]);

  if (query.isPending) return <p role="status">{t('orderBoard.loading')}</p>;
  if (query.isError) {
    const err = query.error;
    const text =
      isApiError(err) && err.status === 403
        ? t('errors.forbidden')
        : isApiError(err) && err.status === 404
          ? t('errors.notFound')
          : errorText(err, t('orderBoard.loadError'), t('errors.network'));
    return (
      <div className="form">
        <FormError error={text} />
        {!(isApiError(err) && (err.status === 403 || err.status === 404)) && (
          <p>
            <button type="button" className="button" onClick={() => void queryClient.invalidateQueries({ queryKey: boardKey })}>
              {t('errors.retry')}
            </button>
          </p>
        )}
      </div>
    );
  }

  const board = query.data;
  const zone = board.config.zona_horaria;
  const byState = (s: EstadoPedido) => board.pedidos.filter((p) => p.estado === s);
  const closed = board.pedidos.filter((p) => (CLOSED_STATES as readonly string[]).includes(p.estado));
  const card = (p: Pedido) => (
    <OrderCard
      key={p.id}
      clienteId={clienteId}
      pedido={p}
      zone={zone}
      config={board.config}
      now={now}
      onChanged={onChanged}
      onPrint={setTicket}
      onNotice={setNotice}
      mayCancel={powers.cancel}
      mayRefund={powers.refund}
    />
  );

  return (
    <div className="order-board">
      <div className="board-toolbar">
        <LiveState state={stream} />
        <SoundControl />
        {powers.soldOut && <SoldOutControl clienteId={clienteId} />}
        {powers.settings && (
          <Link className="button button--small" to={`/pedidos/ajustes?cliente_id=${encodeURIComponent(clienteId)}`}>
            {t('orderBoard.settingsLink')}
          </Link>
        )}
      </div>
      {!board.config.activo && (
        <p className="board-off" role="status">
          {t('orderBoard.inactive')}
        </p>
      )}
      {powers.pause && <PauseControl clienteId={clienteId} config={board.config} now={now} onSaved={onConfigSaved} />}
      <Summary board={board} />
      <Notice message={notice ? { kind: 'ok', text: notice } : null} />
      {newIds.length > 0 && (
        <p className="board-new-banner" role="alert">
          {t(board.config.un_toque ? 'orderBoard.newOrdersOneTap' : 'orderBoard.newOrders', { count: newIds.length })}
        </p>
      )}

      <div className="board-columns">
        {OPEN_STATES.map((s) => (
          <Column key={s} estado={s} pedidos={byState(s)} card={card} />
        ))}
      </div>

      <details className="board-closed">
        <summary>{t('orderBoard.closed', { count: closed.length })}</summary>
        <div className="board-columns board-columns--closed">
          {CLOSED_STATES.map((s) => (
            <Column key={s} estado={s} pedidos={byState(s)} card={card} />
          ))}
        </div>
      </details>
      {ticket && <PrintTicket pedido={board.pedidos.find((p) => p.id === ticket.id) ?? ticket} zone={zone} />}
    </div>
  );
}

function Column({ estado, pedidos, card }: { estado: EstadoPedido; pedidos: Pedido[]; card: (p: Pedido) => ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={`board-column board-column--${estado}`} aria-labelledby={id} data-testid={`column-${estado}`}>
      <h2 id={id} className="board-column__title">
        {estado === 'entregado' && pedidos.some(isTableOrder) ? t('orderBoard.status.entregadoServido') : t(`orderBoard.status.${estado}`)} <span className="board-column__count">{pedidos.length}</span>
      </h2>
      {pedidos.length === 0 ? (
        <p className="muted">{t('orderBoard.emptyColumn')}</p>
      ) : (
        <ul className="board-list">{pedidos.map(card)}</ul>
      )}
    </section>
  );
}

function Summary({ board }: { board: Board }) {
  const { t, i18n } = useTranslation();
  const r = board.resumen;
  return (
    <dl className="board-summary" aria-label={t('orderBoard.summary')}>
      <div>
        <dt>{t('orderBoard.todayOrders')}</dt>
        <dd data-testid="summary-count">{r.pedidos}</dd>
      </div>
      <div>
        <dt>{t('orderBoard.todayTotal')}</dt>
        <dd data-testid="summary-total">{formatCents(r.total, r.moneda, i18n.language)}</dd>
      </div>
      <div>
        <dt>{t('orderBoard.todayCancelled')}</dt>
        <dd>{r.cancelados}</dd>
      </div>
    </dl>
  );
}

function LiveState({ state }: { state: StreamState }) {
  const { t } = useTranslation();
  return (
    <p className={`board-live board-live--${state}`} role="status">
      <span className="board-live__dot" aria-hidden="true" />
      {t(`orderBoard.stream.${state}`)}
    </p>
  );
}

/** The alert sound: turn it on (browsers want a click), silence it, turn it on again. */
export function SoundControl() {
  const { t } = useTranslation();
  const state = useSoundState();
  const hint = useId();
  if (state === 'on')
    return (
      <div className="board-sound">
        <p className="board-sound--on">{t('orderBoard.soundOn')}</p>
        <button type="button" className="button" onClick={() => alertSound.mute()}>
          {t('orderBoard.muteSound')}
        </button>
      </div>
    );
  if (state === 'muted')
    return (
      <div className="board-sound">
        <p className="board-sound--muted">{t('orderBoard.soundMuted')}</p>
        <button type="button" className="button button--primary" onClick={() => void alertSound.enable()}>
          {t('orderBoard.enableSound')}
        </button>
      </div>
    );
  if (state === 'unsupported') return <p className="board-sound muted">{t('orderBoard.soundUnsupported')}</p>;
  return (
    <div className="board-sound">
      <button type="button" className="button button--primary" onClick={() => void alertSound.enable()} aria-describedby={hint}>
        {t('orderBoard.enableSound')}
      </button>
      <span id={hint} className="muted board-sound__hint">
        {t('orderBoard.enableSoundHint')}
      </span>
    </div>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { EstadoPedido, OrderConfig, Pedido } from '../../../api/contract';
import { Notice, type Message } from '../../../components/Form';
import { RefundState } from '../../../components/RefundState';
import { errorText } from '../../../lib/api-client';
import { formatMinutes, minutesSince } from '../../../lib/age';
import { formatClock } from '../../../lib/clock';
import { formatCents } from '../../../lib/money';
import { acknowledgeOrder, markRefunded, moveOrder, refundOrder, retryOrderPOS } from '../api/order-board-api';
import { lateness, thresholds } from '../lib/card-age';
import { isNewOrder, isTableOrder, nextStates, OPEN_STATES } from '../lib/transitions';
import { CancelDialog } from './CancelDialog';
import { OrderLines, OrderPlace, PickupTime } from './OrderDetails';

type Props = {
  clienteId: string;
  pedido: Pedido;
  zone: string;
  /** The board's ordering settings (the late thresholds, the one-tap start). */
  config: Pick<OrderConfig, 'aviso_ambar_min' | 'aviso_rojo_min' | 'preparacion_min' | 'un_toque'>;
  /** Unix seconds now, from the board's one ticking clock (useNow). */
  now: number;
  /** Replaces the order on the board with the server's answer (then the board reads again). */
  onChanged: (patch: Partial<Pedido> & { id: number }) => void;
  onPrint: (pedido: Pedido) => void;
  /** A board-wide notice (a cancelled order leaves its column, and its card with it). */
  onNotice: (text: string) => void;
  /** Whether the viewer's role cancels orders and refunds them (a manager's or the owner's; the cook's and the waiter's boards leave them out). */
  mayCancel?: boolean;
  mayRefund?: boolean;
};

/** The forward moves' buttons (cancelling has its own dialog), one text per state the table moves to. */
const MOVE_LABELS = {
  en_preparacion: 'orderBoard.moveTo.en_preparacion',
  listo: 'orderBoard.moveTo.listo',
  entregado: 'orderBoard.moveTo.entregado',
} as const satisfies Partial<Record<EstadoPedido, ParseKeys>>;
type ForwardMove = keyof typeof MOVE_LABELS;
const isForwardMove = (to: EstadoPedido): to is ForwardMove => to in MOVE_LABELS;

type Busy = null | 'visto' | 'start' | 'move' | 'pos' | 'refund' | 'mark';

/** One order on the board: who, when, what, and the moves the transition table allows. */
export function OrderCard({ clienteId, pedido, zone, config, now, onChanged, onPrint, onNotice, mayCancel = true, mayRefund = true }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<Message>(null);
  const [cancelling, setCancelling] = useState(false);
  const isNew = isNewOrder(pedido);
  const atTable = isTableOrder(pedido);
  const moves = nextStates(pedido.estado, atTable);
  // One tap: a new order's 'Aceptar e iniciar' acknowledges it and starts it (the server marks it seen).
  const oneTap = isNew && config.un_toque && pedido.estado === 'recibido';
  const forward = moves.filter(isForwardMove).filter((to) => !(oneTap && to === 'en_preparacion'));
  const failText = (err: unknown) => errorText(err, t('errors.generic'), t('errors.network'));

  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>) {
    if (busy) return;
    setBusy(kind);
    setMessage(null);
    try {
      await action();
    } catch (err) {
      setMessage({ kind: 'error', text: failText(err) });
    } finally {
      setBusy(null);
    }
  }

  const acknowledge = () =>
    run('visto', async () => {
      await acknowledgeOrder(clienteId, pedido.id);
      onChanged({ id: pedido.id, visto: true });
    });

  const move = (to: EstadoPedido) =>
    run('move', async () => {
      onChanged(await moveOrder(clienteId, pedido.id, to));
    });

  const acceptAndStart = () =>
    run('start', async () => {
      onChanged(await moveOrder(clienteId, pedido.id, 'en_preparacion'));
    });

  const retry = () =>
    run('pos', async () => {
      const answer = await retryOrderPOS(clienteId, pedido.id);
      onChanged({ id: pedido.id, pos_estado: 'pendiente', pos_error: '' });
      setMessage({ kind: 'ok', text: answer.message });
    });

  const amount = formatCents(pedido.total, pedido.moneda, i18n.language);

  const refund = () =>
    run('refund', async () => {
      onChanged(await refundOrder(clienteId, pedido.id));
    });

  const mark = () =>
    run('mark', async () => {
      onChanged(await markRefunded(clienteId, pedido.id));
    });

  async function cancel(motivo: string) {
    let done: Pedido;
    try {
      done = await moveOrder(clienteId, pedido.id, 'cancelado', motivo);
    } catch (err) {
      throw new Error(failText(err));
    }
    onChanged(done);
    onNotice(t(cancelNotice(done), { numero: pedido.numero, amount }));
  }

  const title = t('orderBoard.orderNumber', { numero: pedido.numero });
  const open = (OPEN_STATES as readonly EstadoPedido[]).includes(pedido.estado);
  const late = lateness(pedido.estado, pedido.paid_at, now, thresholds(config));

  return (
    <li>
      <article
        className={`order-card order-card--${pedido.estado}${isNew ? ' order-card--new' : ''}${late !== 'ok' ? ` order-card--${late}` : ''}`}
        aria-labelledby={`${id}-title`}
        data-testid="order-card"
        data-estado={pedido.estado}
        data-late={late}
      >
        <header className="order-card__head">
          <h3 id={`${id}-title`} className="order-card__number">
            {title}
          </h3>
          <OrderPlace pedido={pedido} />
          {isNew && <span className="order-badge order-badge--new">{t('orderBoard.new')}</span>}
          {atTable && pedido.estado === 'entregado' && <span className="order-badge order-badge--served">{t('orderBoard.status.servido')}</span>}
          {!atTable && <PickupTime pedido={pedido} zone={zone} />}
        </header>
        {pedido.paid_at > 0 && (
          <p className={`order-age order-facts order-age--${late}`} data-testid="order-age">
            <span className="order-fact">{t('orderBoard.paidAt', { time: formatClock(pedido.paid_at, zone, i18n.language) })}</span>
            {open && (
              <span className="order-fact order-age__since">{t('orderBoard.age', { age: formatMinutes(minutesSince(pedido.paid_at, now)) })}</span>
            )}
            {late !== 'ok' && (
              <strong className={`order-badge order-badge--${late}`} data-testid="order-late">
                {t(`orderBoard.late.${late}`)}
              </strong>
            )}
          </p>
        )}
        {/* A table's order carries no diner's name (the table is who it is for). */}
        {(pedido.nombre || pedido.telefono) && (
        <p className="order-customer order-facts">
          {pedido.nombre && <strong className="order-fact">{pedido.nombre}</strong>}
          {pedido.telefono && (
            <span className="order-fact">
              <a href={`tel:${pedido.telefono.replace(/[^\d+]/g, '')}`}>{pedido.telefono}</a>
            </span>
          )}
        </p>
        )}

        <OrderLines pedido={pedido} />

        {pedido.pos_estado === 'error' && (
          <div className="order-flag order-flag--error" data-testid="pos-error">
            <p>
              <strong>{t('orderBoard.posFailed')}</strong>
              {pedido.pos_error && <span className="order-flag__detail"> {pedido.pos_error}</span>}
            </p>
            <button type="button" className="button button--small" onClick={() => void retry()} disabled={busy !== null} aria-busy={busy === 'pos'}>
              {busy === 'pos' ? t('orderBoard.retrying') : t('orderBoard.retryPos')}
            </button>
          </div>
        )}
        {pedido.pos_estado === 'pendiente' && pedido.estado !== 'cancelado' && (
          <p className="order-flag order-flag--pending">{t('orderBoard.posPending')}</p>
        )}

        {pedido.estado === 'cancelado' && (
          <div className="order-flag order-flag--cancelled">
            {pedido.motivo_cancelacion && (
              <p>
                <strong>{t('orderBoard.cancelReason')}:</strong> {pedido.motivo_cancelacion}
              </p>
            )}
            <CancelledInPOS pedido={pedido} />
          </div>
        )}
        {pedido.estado === 'cancelado' && (
          <RefundState
            owed={pedido.reembolso}
            detail={pedido.reembolso_detalle}
            amount={amount}
            busy={busy === 'refund' || busy === 'mark' ? busy : null}
            disabled={busy !== null}
            onRefund={mayRefund ? () => void refund() : undefined}
            onMark={mayRefund ? () => void mark() : undefined}
            label={title}
          />
        )}

        {(isNew || forward.length > 0) && (
          <div className="order-actions">
            {oneTap && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void acceptAndStart()}
                disabled={busy !== null}
                aria-busy={busy === 'start'}
                aria-label={t('orderBoard.acceptStartLabel', { numero: pedido.numero })}
              >
                {t('orderBoard.acceptStart')}
              </button>
            )}
            {isNew && !oneTap && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void acknowledge()}
                disabled={busy !== null}
                aria-busy={busy === 'visto'}
                aria-label={t('orderBoard.ackLabel', { numero: pedido.numero })}
              >
                {t('orderBoard.ack')}
              </button>
            )}
            {forward.map((to) => (
              <button
                key={to}
                type="button"
                className={`button ${isNew ? '' : 'button--primary'}`.trim()}
                onClick={() => void move(to)}
                disabled={busy !== null}
                aria-busy={busy === 'move'}
              >
                {atTable && to === 'entregado' ? t('orderBoard.moveTo.servido') : t(MOVE_LABELS[to])}
              </button>
            ))}
          </div>
        )}
        <div className="order-actions order-actions--secondary">
          {mayCancel && moves.includes('cancelado') && (
            <button type="button" className="button button--small button--danger" onClick={() => setCancelling(true)} disabled={busy !== null}>
              {t('orderBoard.cancel')}
            </button>
          )}
          <button type="button" className="button button--small button--quiet" onClick={() => onPrint(pedido)}>
            {t('orderBoard.print')}
          </button>
        </div>
        <Notice message={message} />
      </article>
      {cancelling && (
        <CancelDialog
          numero={pedido.numero}
          refundNote={
            pedido.reembolso_detalle.automatico ? t('orderBoard.cancelRefundAuto', { amount }) : t('orderBoard.cancelRefundNote')
          }
          onConfirm={cancel}
          onClose={() => setCancelling(false)}
        />
      )}
    </li>
  );
}

/** The board's notice after a cancellation: the refund it made, is making, could not make, or left to mark. */
function cancelNotice(p: Pedido): ParseKeys {
  if (p.reembolso === 'reembolsado') return 'orderBoard.cancelledRefunded';
  switch (p.reembolso_detalle.estado) {
    case 'pendiente':
      return 'orderBoard.cancelledRefunding';
    case 'fallido':
      return 'orderBoard.cancelledRefundFailed';
    default:
      return 'orderBoard.cancelled';
  }
}

/** Where a cancelled order's copy in the point of sale stands (the server deletes it there). */
function CancelledInPOS({ pedido }: { pedido: Pedido }) {
  const { t } = useTranslation();
  const detail = pedido.pos_error && <span className="order-flag__detail"> {pedido.pos_error}</span>;
  switch (pedido.pos_estado) {
    case 'anular':
      return pedido.pos_error ? (
        <p data-testid="pos-cancel">
          {t('orderBoard.posDeleteFailed')}
          {detail}
        </p>
      ) : (
        <p data-testid="pos-cancel">{t('orderBoard.posDeleting')}</p>
      );
    case 'anulado':
      return <p data-testid="pos-cancel">{t('orderBoard.posDeleted')}</p>;
    case 'no_anulado':
      return (
        <p data-testid="pos-cancel">
          <strong>{t('orderBoard.posDeleteRefused')}</strong>
          {detail}
        </p>
      );
    default:
      return null;
  }
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefundStatus } from '../api/contract';
import './refund-state.css';

/** What a refund control is doing: asking the provider ('Reembolsar') or recording a manual mark. */
export type RefundBusy = null | 'refund' | 'mark';

type Props = {
  /** The payment's refund as its order or purchase keeps it: '' (nothing owed), pendiente or reembolsado. */
  owed: string;
  detail: RefundStatus;
  /** The payment's amount, formatted in its currency. */
  amount: string;
  busy: RefundBusy;
  /** Another action of the same item is running. */
  disabled?: boolean;
  /** 'Reembolsar' / 'Reintentar el reembolso': the provider gives the money back (none: the viewer's role may not). */
  onRefund?: () => void;
  /** 'Marcar como reembolsado': the money was given back another way (none: the viewer's role may not). */
  onMark?: () => void;
  /** Names the payment in the buttons' accessible names (several on one page). */
  label?: string;
};

/**
 * Where a payment's refund stands, in staff's words, and what they can do: refund it through the
 * provider in one click, retry one that failed (with the provider's reason), or — only when the
 * provider cannot refund it, or failed — mark it refunded by hand, saying why.
 */
export function RefundState({ owed, detail, amount, busy, disabled = false, onRefund, onMark, label }: Props) {
  const { t } = useTranslation();
  if (owed === '') return null;
  const reason = (code: string) => t(`refund.why.${code}`, { defaultValue: '' });
  const named = (text: string) => (label ? `${text} — ${label}` : undefined);

  if (owed === 'reembolsado') {
    return (
      <div className="refund-state refund-state--done" data-testid="refund-state" data-estado="reembolsado">
        <p>
          <strong>{detail.manual ? t('refund.refundedManual') : t('refund.refunded', { amount })}</strong>
        </p>
        {!detail.manual && detail.proveedor_id && <p className="refund-state__ref">{t('refund.reference', { id: detail.proveedor_id })}</p>}
      </div>
    );
  }

  // Owed. A refund in flight: the provider is being asked (or settles it), nothing to click.
  if (detail.estado === 'pendiente') {
    const text =
      detail.proveedor_id !== ''
        ? t('refund.processing', { amount })
        : detail.intentos > 0
          ? t('refund.noAnswer', { count: detail.intentos })
          : t('refund.inProgress', { amount });
    return (
      <div className="refund-state refund-state--pending" data-testid="refund-state" data-estado="pendiente">
        <p role="status">{text}</p>
      </div>
    );
  }

  const failed = detail.estado === 'fallido';
  const canRefund = detail.automatico;
  const showMark = failed || !canRefund;
  const actions = onRefund !== undefined || onMark !== undefined;
  const why = failed ? reason(detail.codigo) : reason(detail.sin_automatico);
  const refundLabel = failed ? t('refund.retry') : t('refund.refund', { amount });
  return (
    <div
      className={`refund-state ${failed ? 'refund-state--failed' : 'refund-state--owed'}`}
      data-testid="refund-state"
      data-estado={failed ? 'fallido' : 'pendiente'}
    >
      <p>
        <strong>{failed ? t('refund.failed', { amount }) : t('refund.owed', { amount })}</strong>
      </p>
      {(why || (!canRefund && !failed)) && (
        <p>
          {why}
          {!canRefund && <> {t('refund.manualOnly')}</>}
        </p>
      )}
      {failed && detail.motivo && <p className="refund-state__reason">{t('refund.providerSays', { reason: detail.motivo })}</p>}
      {actions && (
        <div className="refund-state__actions">
          {canRefund && onRefund && (
            <button
              type="button"
              className="button button--small button--primary"
              onClick={onRefund}
              disabled={busy !== null || disabled}
              aria-busy={busy === 'refund'}
              aria-label={named(refundLabel)}
            >
              {busy === 'refund' ? t('refund.refunding') : refundLabel}
            </button>
          )}
          {showMark && onMark && (
            <button
              type="button"
              className="button button--small"
              onClick={onMark}
              disabled={busy !== null || disabled}
              aria-busy={busy === 'mark'}
              aria-label={named(t('refund.mark'))}
            >
              {busy === 'mark' ? t('refund.marking') : t('refund.mark')}
            </button>
          )}
        </div>
      )}
      {failed && actions && <p className="refund-state__hint">{t('refund.markHint')}</p>}
    </div>
  );
}

/**
 * One payment of a refunds list: what it was, the facts to find it in the provider's dashboard,
 * and its RefundState (children). A list of cards, not a table: the actions and the provider's
 * reason need the room on a phone as on a laptop.
 */
export function RefundCard({
  title,
  amount,
  facts,
  children,
}: {
  title: string;
  amount: string;
  facts: [label: string, value: ReactNode][];
  children: ReactNode;
}) {
  return (
    <li className="refund-card" data-testid="refund-card">
      <p className="refund-card__head">
        <span className="refund-card__title">{title}</span>
        <span className="refund-card__amount">{amount}</span>
      </p>
      <dl className="refund-card__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </li>
  );
}

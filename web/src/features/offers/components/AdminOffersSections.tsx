import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { formatTimestamp } from '../../../lib/dates';
import { RefundCard, RefundState, type RefundBusy } from '../../../components/RefundState';
import { failedFeesQueryOptions, feesKeys, markRefunded, outboxQueryOptions, refundPurchase, refundsQueryOptions, resendMail, retryFee } from '../api/fees-api';
import { ListSection } from './ListSection';

/** Super admin: 'Comisiones fallidas' across restaurants, each with 'Reintentar'. */
export function FailedFeesSection() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery(failedFeesQueryOptions());
  const retry = useMutation({
    mutationFn: retryFee,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['platform'] }).then(() => qc.invalidateQueries({ queryKey: feesKeys.failed() })),
  });
  return (
    <>
      <ListSection
        id="failed-fees-title"
        title="fees.failedTitle"
        loading="fees.loading"
        loadError="fees.loadError"
        empty="fees.noFailed"
        query={query}
        headers={['fees.restaurant', 'fees.purchase', 'fees.amount', 'fees.attempts', 'fees.lastError', 'fees.date', 'fees.action']}
        row={(f) => (
          <tr key={f.id}>
            <td>{f.cliente_id ?? '—'}</td>
            <td>#{f.compra_id}</td>
            <td>{formatCents(f.amount, f.currency, i18n.language)}</td>
            <td>{f.attempts}</td>
            <td>{f.last_error || '—'}</td>
            <td>{formatTimestamp(f.created_at, i18n.language)}</td>
            <td>
              <button type="button" className="button button--small" disabled={retry.isPending} onClick={() => retry.mutate(f.id)}>
                {t('fees.retry')}
              </button>
            </td>
          </tr>
        )}
      />
      {retry.isSuccess && (
        <p className="form__ok" role="status">
          {t('fees.retryQueued')}
        </p>
      )}
      <FormError error={retry.isError ? errorText(retry.error, t('fees.retryError'), t('errors.network')) : null} />
    </>
  );
}

/**
 * Super admin: 'Mensajes (bandeja de salida)', the one outbox of every channel (e-mail, WhatsApp,
 * SMS; in demo mode a channel's messages stay here), with each message's recipient, delivery
 * status, failure reason and e-mail fallback, and 'Reenviar' on any channel.
 */
export function OutboxSection() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery(outboxQueryOptions());
  const resend = useMutation({
    mutationFn: resendMail,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['platform'] }).then(() => qc.invalidateQueries({ queryKey: feesKeys.outbox() })),
  });
  // The e-mail that replaced a message which failed for good, by the failed message's id.
  const fallbackFor = new Map<number, number>();
  for (const m of query.data ?? []) if (m.fallback_of) fallbackFor.set(m.fallback_of, m.id);
  return (
    <>
      <ListSection
        id="outbox-title"
        title="outbox.title"
        loading="outbox.loading"
        loadError="outbox.loadError"
        empty="outbox.empty"
        query={query}
        headers={[
          'outbox.date',
          'outbox.channel',
          'outbox.to',
          'outbox.subject',
          'outbox.kind',
          'outbox.status',
          'outbox.delivery',
          'outbox.attempts',
          'outbox.lastError',
          'outbox.fallback',
          'outbox.action',
        ]}
        row={(m) => {
          const replacement = fallbackFor.get(m.id);
          return (
            <tr key={m.id} id={`outbox-${m.id}`}>
              <td>{formatTimestamp(m.created_at, i18n.language)}</td>
              <td>{t(`outbox.channels.${m.channel || 'email'}`, { defaultValue: m.channel })}</td>
              <td>{m.to}</td>
              <td>{m.channel === 'whatsapp' || m.channel === 'sms' ? m.text : m.subject}</td>
              <td>{t(`outbox.kinds.${m.kind}`, { defaultValue: m.kind })}</td>
              <td>{t(`outbox.statuses.${m.status}`, { defaultValue: m.status })}</td>
              <td>{m.delivery ? t(`outbox.deliveries.${m.delivery}`, { defaultValue: m.delivery }) : '—'}</td>
              <td>{m.attempts}</td>
              <td>{m.last_error || '—'}</td>
              <td>
                {m.fallback_of ? <a href={`#outbox-${m.fallback_of}`}>{t('outbox.fallbackOf', { id: m.fallback_of })}</a> : null}
                {replacement ? <a href={`#outbox-${replacement}`}>{t('outbox.fallbackTo', { id: replacement })}</a> : null}
                {!m.fallback_of && !replacement ? '—' : null}
              </td>
              <td>
                {m.status !== 'pending' && (
                  <button type="button" className="button button--small" disabled={resend.isPending} onClick={() => resend.mutate(m.id)}>
                    {t('outbox.resend')}
                  </button>
                )}
              </td>
            </tr>
          );
        }}
      />
      {resend.isSuccess && (
        <p className="form__ok" role="status">
          {t('outbox.resendQueued')}
        </p>
      )}
      <FormError error={resend.isError ? errorText(resend.error, t('outbox.resendError'), t('errors.network')) : null} />
    </>
  );
}

/** Super admin: 'Pagos por reembolsar' (payments taken after an offer sold out), each refunded in one click. */
export function RefundsSection() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery(refundsQueryOptions());
  const settled = () => qc.invalidateQueries({ queryKey: feesKeys.refunds() }).then(() => qc.invalidateQueries({ queryKey: ['platform'] }));
  const refund = useMutation({ mutationFn: refundPurchase, onSettled: settled });
  const mark = useMutation({ mutationFn: markRefunded, onSettled: settled });
  const busy = (id: number): RefundBusy =>
    refund.isPending && refund.variables === id ? 'refund' : mark.isPending && mark.variables === id ? 'mark' : null;
  const failure = (id: number) => {
    if (refund.isError && refund.variables === id) return errorText(refund.error, t('refund.error'), t('errors.network'));
    if (mark.isError && mark.variables === id) return errorText(mark.error, t('refunds.markError'), t('errors.network'));
    return null;
  };
  let body;
  if (query.isPending) body = <p role="status">{t('refunds.loading')}</p>;
  else if (query.isError) body = <FormError error={errorText(query.error, t('refunds.loadError'), t('errors.network'))} />;
  else if (query.data.length === 0) body = <p className="muted">{t('refunds.empty')}</p>;
  else
    body = (
      <ul className="refund-cards">
        {query.data.map((r) => {
          const amount = formatCents(r.total, r.moneda, i18n.language);
          const title = t('refunds.purchaseTitle', { id: r.compra_id, descripcion: r.descripcion });
          return (
            <RefundCard
              key={r.compra_id}
              title={title}
              amount={amount}
              facts={[
                [t('refunds.restaurant'), r.restaurante],
                [t('refunds.diner'), r.email || '—'],
                [t('refunds.date'), formatTimestamp(r.paid_at, i18n.language)],
                [t('refunds.payment'), <code key="p">{r.payment_id || '—'}</code>],
              ]}
            >
              <RefundState
                owed={r.reembolso}
                detail={r.reembolso_detalle}
                amount={amount}
                busy={busy(r.compra_id)}
                disabled={refund.isPending || mark.isPending}
                onRefund={() => refund.mutate(r.compra_id)}
                onMark={() => mark.mutate(r.compra_id)}
                label={title}
              />
              <FormError error={failure(r.compra_id)} />
            </RefundCard>
          );
        })}
      </ul>
    );
  return (
    <section className="offers-panel" aria-labelledby="refunds-title">
      <h2 id="refunds-title" className="section-title">
        {t('refunds.title')}
      </h2>
      <p className="muted">{t('refunds.hint')}</p>
      {body}
    </section>
  );
}

import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { formatTimestamp } from '../../../lib/dates';
import { RefundCard, RefundState, type RefundBusy } from '../../../components/RefundState';
import {
  clientsQueryOptions,
  markOrderRefunded,
  markTabPaymentRefunded,
  orderRefundsQueryOptions,
  oversightQueryOptions,
  platformKeys,
  refundOrderPayment,
  refundTabPayment,
  tabRefundsQueryOptions,
} from '../api/platform-api';

/** The counts that need the super admin's attention, as badges. */
export function OversightCounts() {
  const { t } = useTranslation();
  const query = useQuery(oversightQueryOptions());
  if (query.isPending) return <p role="status">{t('oversight.loading')}</p>;
  if (query.isError) return <FormError error={errorText(query.error, t('oversight.loadError'), t('errors.network'))} />;
  const o = query.data;
  const items = [
    { key: 'outboxFailed', value: o.outbox.failed ?? 0 },
    { key: 'outboxPending', value: o.outbox.pending ?? 0 },
    { key: 'feesFailed', value: o.fees_fallidas },
    { key: 'reconnect', value: o.clientes.reconectar },
    { key: 'refunds', value: o.reembolsos_pendientes + o.pedidos_reembolso_pendientes + o.cuentas_reembolso_pendientes },
    { key: 'pendiente', value: o.clientes.pendiente },
    { key: 'activo', value: o.clientes.activo },
    { key: 'suspendido', value: o.clientes.suspendido },
  ] as const;
  const alerts = new Set(['outboxFailed', 'feesFailed', 'reconnect', 'refunds']);
  return (
    <ul className="platform-counts" aria-label={t('oversight.title')}>
      {items.map((i) => (
        <li key={i.key} className={`platform-count ${alerts.has(i.key) && i.value > 0 ? 'platform-count--alert' : ''}`} data-testid={`count-${i.key}`}>
          <span className="platform-count__value">{i.value}</span>
          <span>{t(`oversight.${i.key}`)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Restaurants whose POS refused the connection, each linking to 'Configuración Clover'. */
export function ReconnectSection() {
  const { t } = useTranslation();
  const query = useQuery(clientsQueryOptions({ q: '', estado: '', reconectar: true, limit: 50, offset: 0 }));
  let body;
  if (query.isPending) body = <p role="status">{t('oversight.loading')}</p>;
  else if (query.isError) body = <FormError error={errorText(query.error, t('platform.loadError'), t('errors.network'))} />;
  else if (query.data.clientes.length === 0) body = <p className="muted">{t('oversight.noReconnect')}</p>;
  else
    body = (
      <ul>
        {query.data.clientes.map((c) => {
          const params = new URLSearchParams({ merchant_id: c.merchant_id ?? '', nombre: c.nombre, email: c.email });
          return (
            <li key={c.id}>
              #{c.id} {c.nombre} (<code>{c.merchant_id || '—'}</code>) —{' '}
              <Link to={`/super-admin/clover-auth?${params}`}>{t('oversight.reconnectLink')}</Link>
            </li>
          );
        })}
      </ul>
    );
  return (
    <section className="platform-panel" aria-labelledby="reconnect-title">
      <h2 id="reconnect-title" className="section-title">
        {t('oversight.reconnectTitle')}
      </h2>
      {body}
    </section>
  );
}

/** Cancelled online orders whose payment is owed back or was refunded, each refunded in one click. */
export function OrderRefundsSection() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery(orderRefundsQueryOptions());
  const settled = () => qc.invalidateQueries({ queryKey: platformKeys.all });
  const refund = useMutation({ mutationFn: refundOrderPayment, onSettled: settled });
  const mark = useMutation({ mutationFn: markOrderRefunded, onSettled: settled });
  const busy = (id: number): RefundBusy =>
    refund.isPending && refund.variables?.pedido_id === id ? 'refund' : mark.isPending && mark.variables?.pedido_id === id ? 'mark' : null;
  const failure = (id: number) => {
    if (refund.isError && refund.variables?.pedido_id === id) return errorText(refund.error, t('refund.error'), t('errors.network'));
    if (mark.isError && mark.variables?.pedido_id === id) return errorText(mark.error, t('refunds.markError'), t('errors.network'));
    return null;
  };
  let body;
  if (query.isPending) body = <p role="status">{t('orderRefunds.loading')}</p>;
  else if (query.isError) body = <FormError error={errorText(query.error, t('orderRefunds.loadError'), t('errors.network'))} />;
  else if (query.data.length === 0) body = <p className="muted">{t('orderRefunds.empty')}</p>;
  else
    body = (
      <ul className="refund-cards">
        {query.data.map((r) => {
          const amount = formatCents(r.total, r.moneda || 'USD', i18n.language);
          const title = t('orderRefunds.orderTitle', { numero: r.numero, restaurante: r.restaurante });
          return (
            <RefundCard
              key={r.pedido_id}
              title={title}
              amount={amount}
              facts={[
                [t('orderRefunds.diner'), r.email || '—'],
                [t('orderRefunds.date'), formatTimestamp(r.paid_at, i18n.language)],
                [t('orderRefunds.reason'), r.motivo || '—'],
                [t('orderRefunds.payment'), <code key="p">{r.payment_id || '—'}</code>],
              ]}
            >
              <RefundState
                owed={r.reembolso}
                detail={r.reembolso_detalle}
                amount={amount}
                busy={busy(r.pedido_id)}
                disabled={refund.isPending || mark.isPending}
                onRefund={() => refund.mutate(r)}
                onMark={() => mark.mutate(r)}
                label={title}
              />
              <FormError error={failure(r.pedido_id)} />
            </RefundCard>
          );
        })}
      </ul>
    );
  return (
    <section className="platform-panel" aria-labelledby="order-refunds-title">
      <h2 id="order-refunds-title" className="section-title">
        {t('orderRefunds.title')}
      </h2>
      <p className="muted">{t('orderRefunds.hint')}</p>
      {body}
    </section>
  );
}

/** Tables' tab payments that took more than their tab (a late payment, an order cancelled after it was paid): the part owed back, refunded in one click. */
export function TabRefundsSection() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery(tabRefundsQueryOptions());
  const settled = () => qc.invalidateQueries({ queryKey: platformKeys.all });
  const refund = useMutation({ mutationFn: refundTabPayment, onSettled: settled });
  const mark = useMutation({ mutationFn: markTabPaymentRefunded, onSettled: settled });
  const busy = (id: number): RefundBusy =>
    refund.isPending && refund.variables?.id === id ? 'refund' : mark.isPending && mark.variables?.id === id ? 'mark' : null;
  const failure = (id: number) => {
    if (refund.isError && refund.variables?.id === id) return errorText(refund.error, t('refund.error'), t('errors.network'));
    if (mark.isError && mark.variables?.id === id) return errorText(mark.error, t('refunds.markError'), t('errors.network'));
    return null;
  };
  let body;
  if (query.isPending) body = <p role="status">{t('tabRefunds.loading')}</p>;
  else if (query.isError) body = <FormError error={errorText(query.error, t('tabRefunds.loadError'), t('errors.network'))} />;
  else if (query.data.length === 0) body = <p className="muted">{t('tabRefunds.empty')}</p>;
  else
    body = (
      <ul className="refund-cards">
        {query.data.map((r) => {
          const amount = formatCents(r.total, r.moneda || 'USD', i18n.language);
          const mesa = r.descripcion.trim() || t('tablesPage.table', { numero: r.numero });
          const title = t('tabRefunds.paymentTitle', { restaurante: r.restaurante, mesa });
          return (
            <RefundCard
              key={r.id}
              title={title}
              amount={amount}
              facts={[
                [t('tabRefunds.date'), formatTimestamp(r.paid_at, i18n.language)],
                [t('tabRefunds.owed'), amount],
                [t('tabRefunds.payment'), <code key="p">{r.payment_id || t('tabRefunds.atTable')}</code>],
              ]}
            >
              <RefundState
                owed={r.reembolso}
                detail={r.reembolso_detalle}
                amount={amount}
                busy={busy(r.id)}
                disabled={refund.isPending || mark.isPending}
                onRefund={() => refund.mutate(r)}
                onMark={() => mark.mutate(r)}
                label={title}
              />
              <FormError error={failure(r.id)} />
            </RefundCard>
          );
        })}
      </ul>
    );
  return (
    <section className="platform-panel" aria-labelledby="tab-refunds-title">
      <h2 id="tab-refunds-title" className="section-title">
        {t('tabRefunds.title')}
      </h2>
      <p className="muted">{t('tabRefunds.hint')}</p>
      {body}
    </section>
  );
}

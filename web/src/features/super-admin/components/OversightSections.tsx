import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { formatTimestamp } from '../../../lib/dates';
import { clientsQueryOptions, markOrderRefunded, orderRefundsQueryOptions, oversightQueryOptions, platformKeys } from '../api/platform-api';

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
    { key: 'refunds', value: o.reembolsos_pendientes + o.pedidos_reembolso_pendientes },
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

/** Cancelled online orders whose payment must be refunded, with 'Marcar como reembolsado'. */
export function OrderRefundsSection() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery(orderRefundsQueryOptions());
  const mark = useMutation({
    mutationFn: markOrderRefunded,
    onSuccess: () => qc.invalidateQueries({ queryKey: platformKeys.all }),
  });
  let body;
  if (query.isPending) body = <p role="status">{t('orderRefunds.loading')}</p>;
  else if (query.isError) body = <FormError error={errorText(query.error, t('orderRefunds.loadError'), t('errors.network'))} />;
  else if (query.data.length === 0) body = <p className="muted">{t('orderRefunds.empty')}</p>;
  else
    body = (
      <div className="platform-table-wrap">
        <table className="platform-table">
          <thead>
            <tr>
              {['date', 'restaurant', 'order', 'diner', 'amount', 'reason', 'payment', 'state', 'action'].map((h) => (
                <th key={h} scope="col">
                  {t(`orderRefunds.${h}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data.map((r) => (
              <tr key={r.pedido_id}>
                <td data-label={t('orderRefunds.date')}>{formatTimestamp(r.paid_at, i18n.language)}</td>
                <td data-label={t('orderRefunds.restaurant')}>{r.restaurante}</td>
                <td data-label={t('orderRefunds.order')}>#{r.numero}</td>
                <td data-label={t('orderRefunds.diner')}>{r.email || '—'}</td>
                <td data-label={t('orderRefunds.amount')}>{formatCents(r.total, r.moneda || 'USD', i18n.language)}</td>
                <td data-label={t('orderRefunds.reason')}>{r.motivo || '—'}</td>
                <td data-label={t('orderRefunds.payment')}>
                  <code>{r.payment_id || '—'}</code>
                </td>
                <td data-label={t('orderRefunds.state')}>{t(`refunds.estado.${r.reembolso}`)}</td>
                <td data-label={t('orderRefunds.action')}>
                  {r.reembolso === 'pendiente' && (
                    <button type="button" className="button button--small" disabled={mark.isPending} onClick={() => mark.mutate(r)}>
                      {t('refunds.mark')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section className="platform-panel" aria-labelledby="order-refunds-title">
      <h2 id="order-refunds-title" className="section-title">
        {t('orderRefunds.title')}
      </h2>
      <p className="muted">{t('orderRefunds.hint')}</p>
      {body}
      <FormError error={mark.isError ? errorText(mark.error, t('refunds.markError'), t('errors.network')) : null} />
    </section>
  );
}

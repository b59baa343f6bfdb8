import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { saveFile } from '../../../lib/save-file';
import { getResumenCSV, resumenQueryOptions } from '../api/get-resumen';
import { RevenueChart } from './RevenueChart';

/** The panel's summary: today's orders, then 30 days of coupons, revenue, tips and (the owner's) fees, and the chart. */
export function SummarySection({ clienteId }: { clienteId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(resumenQueryOptions(clienteId));
  const download = useMutation({
    mutationFn: () => getResumenCSV(clienteId),
    onSuccess: (blob) => saveFile(blob, `resumen-${clienteId}.csv`),
  });
  let body;
  if (query.isPending) body = <p role="status">{t('summary.loading')}</p>;
  else if (query.isError) body = <FormError error={errorText(query.error, t('summary.loadError'), t('errors.network'))} />;
  else {
    const r = query.data;
    const money = (cents: number) => formatCents(cents, r.moneda, i18n.language);
    const stats = [
      { id: 'orders-today', label: t('summary.ordersToday'), value: String(r.hoy.pedidos), note: money(r.hoy.ventas_pedidos) },
      { id: 'coupons', label: t('summary.couponsSold', { days: r.dias }), value: String(r.periodo.cupones), note: money(r.periodo.ventas_cupones) },
      {
        id: 'revenue',
        label: t('summary.revenue', { days: r.dias }),
        value: money(r.periodo.ingresos),
        note: t('summary.orders', { count: r.periodo.pedidos }),
      },
      {
        id: 'tips',
        label: t('summary.tips', { days: r.dias }),
        value: money(r.periodo.propinas),
        note: t('summary.tipsToday', { amount: money(r.hoy.propinas) }),
      },
    ];
    // The platform's fees are billing: the server sends them to the owner only.
    if (r.fees) {
      stats.push({
        id: 'fees',
        label: t('summary.fees', { days: r.dias }),
        value: money(r.fees.periodo),
        note: t('summary.feesCharged', { amount: money(r.fees.periodo_cobrados) }),
      });
    }
    body = (
      <>
        <dl className="stat-grid">
          {stats.map((s) => (
            <div key={s.id} className="stat" data-testid={`stat-${s.id}`}>
              <dt>{s.label}</dt>
              <dd className="stat__value">{s.value}</dd>
              <dd className="stat__note">{s.note}</dd>
            </div>
          ))}
        </dl>
        <h3 className="summary__chart-title">{t('summary.chartTitle', { days: r.dias })}</h3>
        <RevenueChart serie={r.serie} moneda={r.moneda} />
        <p className="summary__export">
          <button type="button" className="button" onClick={() => download.mutate()} disabled={download.isPending} aria-busy={download.isPending}>
            {download.isPending ? t('summary.downloading') : t('summary.download')}
          </button>
        </p>
        {download.isError && <FormError error={errorText(download.error, t('summary.downloadError'), t('errors.network'))} />}
      </>
    );
  }
  return (
    <section className="panel-section" aria-labelledby="summary-title">
      <h2 id="summary-title">{t('summary.title')}</h2>
      {body}
    </section>
  );
}

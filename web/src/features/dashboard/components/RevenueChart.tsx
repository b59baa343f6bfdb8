import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../lib/money';
import type { ResumenDia } from '../api/get-resumen';

const W = 600;
const H = 160;
const PAD_TOP = 12;
const PAD_BOTTOM = 22;

/**
 * The revenue of each day (orders, and coupons stacked on top) as a small
 * SVG bar chart: no chart library (0 kB; the panel only needs bars). The
 * numbers themselves are in the summary tiles and in each bar's title.
 */
export function RevenueChart({ serie, moneda }: { serie: ResumenDia[]; moneda: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCents(cents, moneda, i18n.language);
  const max = Math.max(1, ...serie.map((d) => d.ventas_pedidos + d.ventas_cupones));
  const slot = W / Math.max(1, serie.length);
  const bar = Math.max(2, slot * 0.7);
  const scale = (cents: number) => (cents / max) * (H - PAD_TOP - PAD_BOTTOM);
  const day = (fecha: string) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${fecha}T00:00:00Z`));
  const total = serie.reduce((sum, d) => sum + d.ventas_pedidos + d.ventas_cupones, 0);
  const label = t('summary.chartLabel', { days: serie.length, total: money(total), max: money(max === 1 ? 0 : max) });
  return (
    <figure className="revenue-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} preserveAspectRatio="none" data-testid="revenue-chart">
        <line x1={0} x2={W} y1={H - PAD_BOTTOM} y2={H - PAD_BOTTOM} className="revenue-chart__axis" />
        {serie.map((d, i) => {
          const x = i * slot + (slot - bar) / 2;
          const orders = scale(d.ventas_pedidos);
          const coupons = scale(d.ventas_cupones);
          const base = H - PAD_BOTTOM;
          return (
            <g key={d.fecha}>
              <title>{`${day(d.fecha)}: ${money(d.ventas_pedidos + d.ventas_cupones)} (${t('summary.orders', { count: d.pedidos })}, ${t('summary.coupons', { count: d.cupones })})`}</title>
              {orders > 0 && <rect x={x} y={base - orders} width={bar} height={orders} className="revenue-chart__orders" />}
              {coupons > 0 && <rect x={x} y={base - orders - coupons} width={bar} height={coupons} className="revenue-chart__coupons" />}
            </g>
          );
        })}
        {serie.length > 0 && (
          <>
            <text x={0} y={H - 6} className="revenue-chart__tick">
              {day(serie[0].fecha)}
            </text>
            <text x={W} y={H - 6} textAnchor="end" className="revenue-chart__tick">
              {day(serie[serie.length - 1].fecha)}
            </text>
          </>
        )}
      </svg>
      <figcaption className="revenue-chart__legend">
        <span className="revenue-chart__key revenue-chart__key--orders">{t('summary.legendOrders')}</span>
        <span className="revenue-chart__key revenue-chart__key--coupons">{t('summary.legendCoupons')}</span>
      </figcaption>
    </figure>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../lib/money';
import { intlLocale } from '../../../lib/intl';
import type { ResumenDia } from '../api/get-resumen';

const H = 180;
const PAD_TOP = 10;
const PAD_BOTTOM = 24;
const PAD_RIGHT = 4;
/** Room for a date label (e.g. '27 nov'), in pixels. */
const DATE_LABEL = 58;

/** A round step (1, 2 or 5 × 10ⁿ whole units, in cents) giving at most about `count` ticks up to max. */
export function niceStep(maxCents: number, count = 4): number {
  const raw = Math.max(100, maxCents / count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return Math.max(100, Math.round(step / 100) * 100);
}

/** Which days get a date label at this width: the last day, then every step-th day before it. */
export function labelledDays(days: number, plotWidth: number): number[] {
  const step = Math.max(1, Math.ceil(days / Math.max(1, Math.floor(plotWidth / DATE_LABEL))));
  const out: number[] = [];
  for (let i = days - 1; i >= 0; i -= step) out.unshift(i);
  return out;
}

/**
 * The revenue of each day (orders, and coupons stacked on top) as a small
 * SVG bar chart: no chart library (0 kB; the panel only needs bars). Drawn
 * at the width it is given (text stays undistorted): a money scale on the
 * left with round ticks, and as many dates under the bars as fit (every
 * few days on a phone). The numbers themselves are in the summary tiles and
 * in each bar's title.
 */
export function RevenueChart({ serie, moneda }: { serie: ResumenDia[]; moneda: string }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry.contentRect.width);
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const money = (cents: number) => formatCents(cents, moneda, i18n.language);
  const best = Math.max(0, ...serie.map((d) => d.ventas_pedidos + d.ventas_cupones));
  const step = niceStep(best);
  const top = Math.max(step, Math.ceil(best / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  let tickText: (cents: number) => string;
  try {
    const whole = new Intl.NumberFormat(intlLocale(i18n.language), {
      style: 'currency',
      currency: moneda || 'USD',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    tickText = (cents) => whole.format(cents / 100);
  } catch {
    tickText = money;
  }
  const padLeft = Math.max(...ticks.map((c) => tickText(c).length)) * 7.5 + 8;
  const plot = Math.max(60, width - padLeft - PAD_RIGHT);
  const slot = plot / Math.max(1, serie.length);
  const bar = Math.max(2, slot * 0.7);
  const base = H - PAD_BOTTOM;
  const scale = (cents: number) => (cents / top) * (base - PAD_TOP);
  const date = new Intl.DateTimeFormat(intlLocale(i18n.language), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const day = (fecha: string) => date.format(new Date(`${fecha}T00:00:00Z`));
  const total = serie.reduce((sum, d) => sum + d.ventas_pedidos + d.ventas_cupones, 0);
  const label = t('summary.chartLabel', { days: serie.length, total: money(total), max: money(best) });
  return (
    <figure className="revenue-chart" ref={ref}>
      <svg width={width} height={H} viewBox={`0 0 ${width} ${H}`} role="img" aria-label={label} data-testid="revenue-chart">
        <g className="revenue-chart__scale" aria-hidden="true">
          {ticks.map((c) => {
            const y = base - scale(c);
            return (
              <g key={c}>
                <line x1={padLeft} x2={width - PAD_RIGHT} y1={y} y2={y} className={c === 0 ? 'revenue-chart__axis' : 'revenue-chart__grid'} />
                <text x={padLeft - 6} y={y + 4} textAnchor="end" className="revenue-chart__tick" data-testid="revenue-chart-y">
                  {tickText(c)}
                </text>
              </g>
            );
          })}
        </g>
        {serie.map((d, i) => {
          const x = padLeft + i * slot + (slot - bar) / 2;
          const orders = scale(d.ventas_pedidos);
          const coupons = scale(d.ventas_cupones);
          return (
            <g key={d.fecha}>
              <title>{`${day(d.fecha)}: ${money(d.ventas_pedidos + d.ventas_cupones)} (${t('summary.orders', { count: d.pedidos })}, ${t('summary.coupons', { count: d.cupones })})`}</title>
              {orders > 0 && <rect x={x} y={base - orders} width={bar} height={orders} className="revenue-chart__orders" />}
              {coupons > 0 && <rect x={x} y={base - orders - coupons} width={bar} height={coupons} className="revenue-chart__coupons" />}
            </g>
          );
        })}
        <g aria-hidden="true">
          {labelledDays(serie.length, plot).map((i) => {
            const center = padLeft + i * slot + slot / 2;
            // The edge labels stay inside the chart.
            const anchor = center - DATE_LABEL / 2 < padLeft ? 'start' : center + DATE_LABEL / 2 > width ? 'end' : 'middle';
            const x = anchor === 'start' ? Math.max(padLeft, center - slot / 2) : anchor === 'end' ? width - PAD_RIGHT : center;
            return (
              <text key={serie[i].fecha} x={x} y={H - 6} textAnchor={anchor} className="revenue-chart__tick" data-testid="revenue-chart-x">
                {day(serie[i].fecha)}
              </text>
            );
          })}
        </g>
      </svg>
      <figcaption className="revenue-chart__legend">
        <span className="revenue-chart__key revenue-chart__key--orders">{t('summary.legendOrders')}</span>
        <span className="revenue-chart__key revenue-chart__key--coupons">{t('summary.legendCoupons')}</span>
      </figcaption>
    </figure>
  );
}

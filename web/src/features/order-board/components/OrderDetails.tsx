import { useTranslation } from 'react-i18next';
import type { Pedido } from '../../../api/contract';
import { formatCents, formatRate } from '../../../lib/money';
import { formatZonedTime } from '../lib/zoned-time';

/** An order's pickup time in the restaurant's clock, 'lo antes posible' noted. */
export function PickupTime({ pedido, zone }: { pedido: Pedido; zone: string }) {
  const { t, i18n } = useTranslation();
  const time = formatZonedTime(pedido.recoger_at, zone, i18n.language);
  return (
    <span className="order-pickup order-facts">
      <span className="order-fact">{t('orderBoard.pickupAt', { time })}</span>
      {pedido.lo_antes_posible && <span className="order-fact order-asap">{t('orderBoard.asap')}</span>}
    </span>
  );
}

/**
 * Where the order goes, prominent on the card and the ticket: the table's
 * name ('Mesa 7', or the name the owner gave it) for an order placed at a
 * table, 'Para recoger' for a pickup order.
 */
export function OrderPlace({ pedido }: { pedido: Pick<Pedido, 'mesa'> }) {
  const { t } = useTranslation();
  const mesa = pedido.mesa;
  if (!mesa) return <span className="order-place order-place--pickup">{t('orderBoard.pickup')}</span>;
  return (
    <span className="order-place order-place--table" data-testid="order-table">
      {mesa.nombre.trim() || t('orderBoard.table', { numero: mesa.numero })}
    </span>
  );
}

/**
 * The lines of an order (quantity, name, modifiers, line total), its note and its total: subtotal,
 * taxes and total when the tax was added; the total and 'IVA incluido (10 %)' per rate when the
 * prices included it (the board's card and the printed ticket).
 */
export function OrderLines({ pedido }: { pedido: Pedido }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCents(cents, pedido.moneda, i18n.language);
  return (
    <>
      <ul className="order-lines">
        {pedido.lineas.map((l, i) => (
          <li key={i} className="order-line">
            <div className="order-line__main">
              <span>
                <strong className="order-line__qty">{l.cantidad} ×</strong> {l.nombre}
              </span>
              <span className="order-line__price">{money(l.subtotal)}</span>
            </div>
            {l.modificadores.length > 0 && (
              <ul className="order-line__mods" aria-label={t('orderBoard.modifiers')}>
                {l.modificadores.map((m) => (
                  <li key={`${m.group_id}-${m.id}`}>
                    {m.group_name ? `${m.group_name}: ` : ''}
                    {m.name}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {pedido.nota && (
        <p className="order-note">
          <strong>{t('orderBoard.note')}:</strong> {pedido.nota}
        </p>
      )}
      <dl className="order-totals">
        {pedido.impuestos > 0 && !pedido.impuestos_incluidos && (
          <>
            <dt>{t('orderBoard.subtotal')}</dt>
            <dd>{money(pedido.subtotal)}</dd>
            <dt>{t('orderBoard.taxes')}</dt>
            <dd>{money(pedido.impuestos)}</dd>
          </>
        )}
        <dt className="order-totals__total">{t('orderBoard.total')}</dt>
        <dd className="order-totals__total">{money(pedido.total)}</dd>
        {/* Prices that included the tax (a VAT restaurant): the total, then each rate's share of it. */}
        {pedido.impuestos_incluidos &&
          pedido.detalle_impuestos
            .filter((tax) => tax.rate > 0)
            .map((tax) => (
              <div key={tax.id} className="order-totals__included" data-testid="tax-included">
                <dt>{t('orderBoard.taxIncluded', { rate: formatRate(tax.rate, i18n.language) })}</dt>
                <dd>{money(tax.amount)}</dd>
              </div>
            ))}
      </dl>
    </>
  );
}

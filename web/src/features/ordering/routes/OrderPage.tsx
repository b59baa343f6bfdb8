import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderTracking } from '../../../api/contract';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { endSentence } from '../lib/sentence';
import { orderingKeys } from '../api/ordering-api';
import { orderQueryOptions } from '../api/ordering-queries';
import { OrderingShell } from '../components/OrderingShell';
import { TotalsBreakdown } from '../components/TotalsBreakdown';
import { orderPaid, pendingOrderIds, readPendingOrder } from '../lib/cart';
import { useNow } from '../../../lib/age';
import { formatPickup } from '../lib/pickup';
import { useOrderEvents } from '../lib/use-order-events';

/** States after which nothing changes any more: the page stops following. */
const FINAL = ['entregado', 'cancelado', 'fallido', 'expirado'];
/** States of an order that was paid (the cart it came from is spent). */
const PAID = ['recibido', 'en_preparacion', 'listo', 'entregado', 'cancelado'];
/** States of a paid order the restaurant goes on with: the checkout's return confirms these only. */
const CONFIRMED = ['recibido', 'en_preparacion', 'listo', 'entregado'];
/** States of an order still to pick up: the page says what to say at the counter. */
const TO_PICK_UP = ['recibido', 'en_preparacion', 'listo'];
/** The kitchen's steps, in order. */
const STEPS = ['recibido', 'en_preparacion', 'listo', 'entregado'] as const;

/**
 * The order's page (/pedido/:id?t=token, the checkout's return and the
 * link of the e-mails): its number, pickup time, lines and total, and its
 * status followed live. Reaching it paid from this browser's checkout
 * empties the cart and confirms the payment.
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t');
  const client = useQueryClient();
  const query = useQuery(orderQueryOptions(id, token));
  const order = query.data;
  const following = !!order && !FINAL.includes(order.estado);
  useOrderEvents(id, token, following, () => void client.invalidateQueries({ queryKey: orderingKeys.order(id) }));

  // Whether this browser placed the order and was waiting for its payment (read once: paying forgets it).
  const [placedHere] = useState(() => pendingOrderIds().includes(Number(id)));
  const justPaid = params.get('pago') === 'ok' || placedHere;
  useEffect(() => {
    // The cart this browser placed the order from is emptied once it is paid.
    if (order && PAID.includes(order.estado)) orderPaid(String(order.cliente_id), order.id);
  }, [order]);

  if (query.isPending)
    return (
      <div className="ord-page">
        <div className="ord-main">
          <p className="ord-status" role="status">
            {t('ordering.loading')}
          </p>
        </div>
      </div>
    );
  if (query.isError)
    return (
      <div className="ord-page">
        <div className="ord-main">
          <h1 className="ord-title">{t('ordering.order.title')}</h1>
          <FormError error={errorText(query.error, t('ordering.order.loadError'), t('errors.network'))} />
        </div>
      </div>
    );

  return (
    <OrderingShell
      clienteId={String(query.data.cliente_id)}
      title={query.data.numero ? t('ordering.order.number', { numero: query.data.numero }) : t('ordering.order.title')}
    >
      <Order order={query.data} justPaid={justPaid} />
    </OrderingShell>
  );
}

/**
 * 'Llamar: +1 (555) 010-2000' with the number on one line: the line breaks
 * before it, never inside it (one inline span, so the link's name is the
 * same text).
 */
function CallLabel({ telefono }: { telefono: string }) {
  const { t } = useTranslation();
  const mark = '\u0000';
  const [before, after = ''] = t('ordering.order.call', { telefono: mark }).split(mark);
  return (
    <span>
      {before}
      <span className="ord-place__phone">{telefono}</span>
      {after}
    </span>
  );
}

function Order({ order, justPaid }: { order: OrderTracking; justPaid: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const money = (cents: number) => formatCents(cents, order.moneda, lang);
  const clienteId = String(order.cliente_id);
  const pending = order.estado === 'pendiente_pago' ? readPendingOrder(clienteId) : null;
  const stepIndex = STEPS.indexOf(order.estado as (typeof STEPS)[number]);
  const now = useNow(60_000);
  const tel = order.telefono_restaurante.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');

  return (
    <div className="ord-cart">
      <section className="ord-panel" aria-labelledby="ord-status-title">
        {justPaid && CONFIRMED.includes(order.estado) && (
          <p className="ord-notice ord-notice--ok" role="status">
            {t('ordering.order.paid')}
          </p>
        )}
        <h2 id="ord-status-title" className="ord-summary__title">
          {t('ordering.order.status')}
        </h2>
        <p className={`ord-state ord-state--${order.estado}`} role="status" aria-live="polite" data-testid="order-status">
          {t(`ordering.estado.${order.estado}`)}
        </p>
        {stepIndex >= 0 && (
          <ol className="ord-steps" aria-label={t('ordering.order.progress')}>
            {STEPS.map((s, i) => (
              <li
                key={s}
                className={`ord-step ${i <= stepIndex ? 'ord-step--done' : ''}`}
                aria-current={i === stepIndex ? 'step' : undefined}
              >
                {t(`ordering.estado.${s}`)}
              </li>
            ))}
          </ol>
        )}
        {order.estado === 'pendiente_pago' && pending?.pedido_id === order.id && pending.checkout_url && (
          <a className="button button--primary" href={pending.checkout_url}>
            {t('ordering.order.goPay')}
          </a>
        )}
        {(order.estado === 'fallido' || order.estado === 'expirado') && (
          <>
            <p className="form__error">{t('ordering.order.notPaid')}</p>
            <Link className="button button--primary" to={`/checkout/${encodeURIComponent(clienteId)}`}>
              {t('ordering.order.tryAgain')}
            </Link>
          </>
        )}
        {order.estado === 'cancelado' && (
          <>
            <p className="form__error" data-testid="order-cancelled">
              {order.motivo_cancelacion.trim()
                ? endSentence(t('ordering.order.cancelledBecause', { motivo: order.motivo_cancelacion.trim() }))
                : t('ordering.order.cancelled')}
            </p>
            {order.reembolso && (
              <p className="ord-notice ord-notice--info" data-testid="order-cancelled">
                {t(`ordering.order.reembolso.${order.reembolso}`)}
              </p>
            )}
          </>
        )}
        <dl className="ord-facts">
          <div>
            <dt>{t('ordering.order.restaurant')}</dt>
            <dd>{order.restaurante}</dd>
          </div>
          {order.numero > 0 && (
            <div className="ord-counter" data-testid="order-counter">
              <dt>{TO_PICK_UP.includes(order.estado) ? t('ordering.order.counterTitle') : t('ordering.order.numberLabel')}</dt>
              <dd>
                {TO_PICK_UP.includes(order.estado) && <span className="ord-counter__say">{t('ordering.order.counterSay')}</span>}
                <span className="ord-counter__number" data-testid="order-number">
                  #{order.numero}
                </span>
              </dd>
            </div>
          )}
          <div>
            <dt>{t('ordering.order.pickupAt')}</dt>
            <dd data-testid="order-pickup">
              {formatPickup(order.recoger_at, now, order.zona_horaria, lang)}
              {order.lo_antes_posible && ` (${t('ordering.order.asap')})`}
            </dd>
          </div>
          {(order.direccion || order.mapa_url || tel) && (
            <div>
              <dt>{t('ordering.order.where')}</dt>
              <dd className="ord-place" data-testid="order-place">
                {order.direccion && <span className="ord-place__address">{order.direccion}</span>}
                {order.mapa_url && (
                  <a
                    className="ord-place__link"
                    href={order.mapa_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('ordering.order.directionsLabel', { restaurante: order.restaurante })}
                    data-testid="order-directions"
                  >
                    {t('ordering.order.directions')}
                  </a>
                )}
                {tel && (
                  <a
                    className="ord-place__link"
                    href={`tel:${tel}`}
                    data-testid="order-phone"
                  >
                    <CallLabel telefono={order.telefono_restaurante} />
                  </a>
                )}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('ordering.order.name')}</dt>
            <dd>{order.nombre}</dd>
          </div>
          {order.nota && (
            <div>
              <dt>{t('ordering.order.note')}</dt>
              <dd>{order.nota}</dd>
            </div>
          )}
        </dl>
      </section>
      <aside className="ord-panel ord-cart__side">
        <h2 className="ord-summary__title">{t('ordering.checkout.yourOrder')}</h2>
        <ul className="ord-lines">
          {order.lineas.map((l, i) => (
            <li key={i} className="ord-line">
              <div className="ord-line__main">
                <h3 className="ord-line__name">
                  {l.cantidad} × {l.nombre}
                </h3>
                {l.modificadores.length > 0 && (
                  <ul className="ord-line__mods">
                    {l.modificadores.map((m) => (
                      <li key={m.id}>
                        {m.group_name ? `${m.group_name}: ` : ''}
                        {m.name}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="ord-line__side">
                <span className="ord-line__price">{money(l.subtotal)}</span>
              </div>
            </li>
          ))}
        </ul>
        <dl className="offers-breakdown">
          <TotalsBreakdown
            subtotal={order.subtotal}
            taxes={order.impuestos}
            total={order.total}
            taxLines={order.detalle_impuestos}
            included={order.impuestos_incluidos}
            money={money}
            testIds={{ total: 'order-total' }}
          />
        </dl>
        <Link className="button" to={`/ordenar-en-linea/${encodeURIComponent(clienteId)}`}>
          {t('ordering.order.orderMore')}
        </Link>
      </aside>
    </div>
  );
}

// The pickup's day, here rather than in lib so the diner menu's shared chunk stays within its budget.

import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import {
  declineDemoCheckout,
  demoCheckoutQueryOptions,
  payDemoCheckout,
  type DemoCheckoutResult,
} from '../api/demo-checkout-api';
import '../checkout.css';

/**
 * The app's own path of a return URL the server sent (absolute or not), or
 * null when it leads to another site (then the browser goes there itself).
 */
function appPath(url: string): string | null {
  try {
    const u = new URL(url, window.location.origin);
    return u.origin === window.location.origin ? `${u.pathname}${u.search}${u.hash}` : null;
  } catch {
    return null;
  }
}

/** Leaving for another site's return URL (replaced in tests). */
export const demoReturn = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Sends the diner to a return URL: a route of the app, or another site. */
function GoTo({ url }: { url: string }) {
  const path = appPath(url);
  useEffect(() => {
    if (!path) demoReturn.assign(url);
  }, [path, url]);
  return path ? <Navigate to={path} replace /> : null;
}

/**
 * Carta's own hosted checkout for restaurants on the demo payment provider:
 * clearly a demonstration, with 'Pagar' (approve) and 'Rechazar' (decline).
 * A session with exito_url (a table's order or tab payment) goes there once
 * paid; 'back' after a decline goes to volver_url when it has one.
 */
export default function DemoCheckoutPage() {
  const { t, i18n } = useTranslation();
  const { session_id: sessionId = '' } = useParams();
  const query = useQuery(demoCheckoutQueryOptions(sessionId));
  const [busy, setBusy] = useState<'pay' | 'decline' | null>(null);
  const [result, setResult] = useState<DemoCheckoutResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function act(kind: 'pay' | 'decline') {
    if (busy) return;
    setBusy(kind);
    setError(null);
    try {
      setResult(await (kind === 'pay' ? payDemoCheckout(sessionId) : declineDemoCheckout(sessionId)));
    } catch (err) {
      setError(errorText(err, t('demoCheckout.actionError'), t('errors.network')));
    } finally {
      setBusy(null);
    }
  }

  let body;
  if (query.isPending) body = <p role="status">{t('demoCheckout.loading')}</p>;
  else if (query.isError)
    body = <FormError error={errorText(query.error, t('demoCheckout.loadError'), t('errors.network'))} />;
  else {
    const s = query.data;
    const money = (cents: number) => formatCents(cents, s.moneda, i18n.language);
    const estado = result?.estado ?? s.estado;
    const pedido = s.tipo === 'pedido';
    const cuenta = s.tipo === 'cuenta';
    const clienteId = encodeURIComponent(String(result?.cliente_id ?? s.cliente_id));
    // Where 'back' goes: the session's volver_url (a tab payment: the tab), else the offers of a coupon,
    // the order's checkout (with the failure notice) of an order.
    const volver = s.volver_url ? appPath(s.volver_url) : null;
    const backLink = volver ?? (pedido ? `/checkout/${clienteId}?pago=error` : cuenta ? `/menu/${clienteId}` : `/usuario/${clienteId}/ofertas`);
    const backLabel = cuenta ? t('demoCheckout.backToTab') : pedido ? t('demoCheckout.backToOrder') : t('demoCheckout.backToOffers');
    // A session that says where to go once paid (a table's order or tab payment) goes there.
    const exito = s.exito_url || null;
    if (exito && result && (result.estado === 'pagado' || result.estado === 'recibido')) return <GoTo url={exito} />;
    const orderId = result?.pedido_id ?? s.pedido_id;
    const orderToken = result?.token ?? s.token;
    const orderPage = orderId && orderToken ? `/pedido/${orderId}?t=${encodeURIComponent(orderToken)}&pago=ok&menu=${clienteId}` : null;
    // An order paid here lands on its page (its live status).
    if (pedido && orderPage && result?.estado === 'recibido') return <Navigate to={orderPage} replace />;
    body = (
      <>
        <dl className="offers-breakdown">
          <dt>{t('demoCheckout.restaurant')}</dt>
          <dd>{s.restaurante}</dd>
          <dt>{t('demoCheckout.item')}</dt>
          <dd>{s.descripcion}</dd>
          <dt>{t('demoCheckout.subtotal')}</dt>
          <dd>{money(s.subtotal)}</dd>
          {pedido || cuenta ? (
            <>
              <dt>{t('demoCheckout.taxes')}</dt>
              <dd>{money(s.impuestos ?? 0)}</dd>
              {cuenta && (
                <>
                  <dt>{t('demoCheckout.tip')}</dt>
                  <dd>{money(s.propina ?? 0)}</dd>
                </>
              )}
            </>
          ) : (
            <>
              <dt>{t('demoCheckout.fee')}</dt>
              <dd>{money(s.fee ?? 0)}</dd>
            </>
          )}
          <dt className="offers-breakdown__total">{t('demoCheckout.total')}</dt>
          <dd className="offers-breakdown__total">{money(s.total)}</dd>
        </dl>
        {pedido && estado !== 'pendiente_pago' && estado !== 'fallido' && estado !== 'expirado' && orderPage ? (
          <div role="status" className="demo-checkout__outcome">
            <p className="form__ok">{t('demoCheckout.orderPaid')}</p>
            <Link to={orderPage} className="button button--primary">
              {t('demoCheckout.toOrder')}
            </Link>
          </div>
        ) : estado === 'pagado' && exito ? (
          <div role="status" className="demo-checkout__outcome">
            <p className="form__ok">{t('demoCheckout.paidReturn')}</p>
            {appPath(exito) ? (
              <Link to={appPath(exito)!} className="button button--primary">
                {t('demoCheckout.toTab')}
              </Link>
            ) : (
              <a href={exito} className="button button--primary">
                {t('demoCheckout.toTab')}
              </a>
            )}
          </div>
        ) : estado === 'pagado' ? (
          <div role="status" className="demo-checkout__outcome">
            <p className="form__ok">{result?.message || t('demoCheckout.paid')}</p>
            <Link to="/usuario/mis-compras?pago=ok" className="button button--primary">
              {t('demoCheckout.toPurchases')}
            </Link>
          </div>
        ) : estado === 'fallido' ? (
          <div role="status" className="demo-checkout__outcome">
            <p className="form__error">{t('demoCheckout.declined')}</p>
            <Link to={backLink} className="button">
              {backLabel}
            </Link>
          </div>
        ) : estado !== 'pendiente' && estado !== 'pendiente_pago' ? (
          <div role="status" className="demo-checkout__outcome">
            <p className="form__error">{t(`demoCheckout.estado.${estado}`, t('demoCheckout.estadoOther', { estado }))}</p>
            <Link to={backLink} className="button">
              {backLabel}
            </Link>
          </div>
        ) : (
          <div className="offers-actions">
            <button type="button" className="button" disabled={busy !== null} aria-busy={busy === 'decline'} onClick={() => void act('decline')}>
              {busy === 'decline' ? t('demoCheckout.declining') : t('demoCheckout.decline')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy !== null}
              aria-busy={busy === 'pay'}
              onClick={() => void act('pay')}
            >
              {busy === 'pay' ? t('demoCheckout.paying') : t('demoCheckout.pay')}
            </button>
          </div>
        )}
        <FormError error={error} />
      </>
    );
  }

  return (
    <section className="card narrow demo-checkout">
      <p className="offers-demo-note">
        <strong>{t('demoCheckout.badge')}</strong> {t('demoCheckout.note')}
      </p>
      <h1>{t('demoCheckout.title')}</h1>
      {body}
    </section>
  );
}

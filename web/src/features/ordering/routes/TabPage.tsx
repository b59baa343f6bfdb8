import { Fragment, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Tab, TabLine, TabOrder } from '../../../api/contract';
import { FormError } from '../../../components/Form';
import { errorText } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { cancelTabPayment } from '../api/ordering-api';
import { useRestaurantLook } from '../components/OrderingShell';
import { PaySheet } from '../components/PaySheet';
import { readTableContext, readTabToken, saveTabToken, tableName } from '../lib/table-context';
import { useTab } from '../lib/use-tab';

/** Cancelled payments already freed in this page's life (a remount or a re-render never sends a second DELETE). */
const cancelled = new Set<string>();

/**
 * A table's tab (/cuenta/:id?t=): each order with its status and lines, the
 * totals, what is paid and what remains, refreshed every few seconds while
 * visible; 'Pedir más' and 'Pedir la cuenta' (the pay sheet). The
 * checkout's return after a cancelled payment (?cancelar={pago_id}&p=)
 * frees what it held first, once. A closed or paid tab (410): the server's
 * message, the stored tab is forgotten.
 */
export default function TabPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const urlToken = params.get('t') ?? '';
  const token = urlToken || readTabToken(id);
  const cancel = params.get('cancelar');
  const cancelToken = params.get('p') ?? '';
  const [cancelDone, setCancelDone] = useState(!cancel);
  const menuParam = params.get('menu');

  useEffect(() => {
    if (urlToken) saveTabToken(id, urlToken);
  }, [id, urlToken]);

  useEffect(() => {
    if (!cancel) return;
    const key = `${id}/${cancel}`;
    const finish = () => {
      setCancelDone(true);
      const next = new URLSearchParams(params);
      next.delete('cancelar');
      next.delete('p');
      setParams(next, { replace: true });
    };
    if (cancelled.has(key)) {
      finish();
      return;
    }
    cancelled.add(key);
    // Whatever the answer (already freed, expired), the tab is shown next.
    cancelTabPayment(id, cancel, cancelToken).then(finish, finish);
    // Runs for the ?cancelar= the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, cancel]);

  const { state, refresh } = useTab(id, token, cancelDone);
  const [paying, setPaying] = useState(false);

  let body;
  if (state.kind === 'loading') body = <p role="status">{t('table.loading')}</p>;
  else if (state.kind === 'gone') {
    const menu = menuParam && /^[1-9]\d*$/.test(menuParam) ? menuParam : null;
    body = (
      <div className="table-panel">
        <p className="form__error" role="alert">
          {state.message || t('table.tab.closed')}
        </p>
        {/* The server's message says what to do already; the fallback does not. */}
        {!state.message && <p>{t('table.tab.scanAgain')}</p>}
        {menu && (
          <Link className="button button--primary table-button" to={`/menu/${menu}`}>
            {t('table.landing.seeMenu')}
          </Link>
        )}
      </div>
    );
  } else if (state.kind === 'error' && !state.tab)
    body = (
      <div className="table-panel">
        <FormError error={errorText(state.error, t('table.tab.loadError'), t('errors.network'))} />
        <button type="button" className="button table-button" onClick={refresh}>
          {t('errors.retry')}
        </button>
      </div>
    );
  else {
    const tab = state.kind === 'ok' ? state.tab : state.tab!;
    body = (
      <TabView
        tab={tab}
        token={token}
        stale={state.kind === 'error'}
        orderPaid={params.has('pedido')}
        paying={paying}
        onPay={() => setPaying(true)}
        onClosePay={() => setPaying(false)}
        refresh={refresh}
      />
    );
  }

  return <section className="table-page">{body}</section>;
}

function TabView({
  tab,
  token,
  stale,
  orderPaid,
  paying,
  onPay,
  onClosePay,
  refresh,
}: {
  tab: Tab;
  token: string;
  stale: boolean;
  orderPaid: boolean;
  paying: boolean;
  onPay: () => void;
  onClosePay: () => void;
  refresh: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatCents(cents, tab.moneda, i18n.resolvedLanguage ?? i18n.language);
  const canPay = tab.estado === 'abierta' && tab.restante > 0;
  const orders = tab.pedidos.filter((o) => o.lineas.length > 0);
  // The restaurant's card look (colours, radius), as on its ordering page.
  const { card } = useRestaurantLook(String(tab.cliente_id));
  const sheetRef = useRef<HTMLDivElement>(null);
  // 'Pedir más' orders at the table this browser tab scanned; a phone that
  // opened the tab from a shared link has no table here (ordering from it
  // would be a pickup order), so it is told to scan the table's code.
  const atTable = readTableContext(tab.cliente_id) !== null;
  useEffect(() => {
    if (paying) sheetRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [paying]);

  return (
    <>
      <div className="table-head">
        <h1 className="table-title">{t('table.tab.title')}</h1>
        <span className="table-badge">{tableName(tab.mesa, t)}</span>
      </div>
      <p className="table-restaurant">{tab.restaurante}</p>
      {/* The live part: a screen reader hears a change of state or amounts as it comes. */}
      <div role="status" className="table-live">
        {orderPaid && <p className="form__ok">{t('table.tab.orderPaid')}</p>}
        {tab.estado === 'por_aceptar' && <p className="table-note">{t('table.tab.waiting')}</p>}
        {tab.estado === 'pagada' && <p className="form__ok">{t('table.tab.paid')}</p>}
        {tab.estado === 'cerrada' && <p className="form__error">{t('table.tab.closed')}</p>}
        {stale && <p className="form__error">{t('table.tab.stale')}</p>}
      </div>
      {orders.length === 0 ? (
        <p className="table-panel">{t('table.tab.empty')}</p>
      ) : (
        <ol className="table-orders">
          {orders.map((o) => (
            <OrderBlock key={o.id} order={o} money={money} style={card} />
          ))}
        </ol>
      )}
      {/* Orders waiting for the waiter are not on the bill yet: no totals of zero beside them. */}
      {tab.total > 0 && <Totals tab={tab} money={money} />}
      <div className="table-actions">
        {atTable ? (
          <Link className="button table-button" to={`/ordenar-en-linea/${tab.cliente_id}`}>
            {t('table.tab.orderMore')}
          </Link>
        ) : (
          tab.estado !== 'pagada' && tab.estado !== 'cerrada' && <p className="table-note">{t('table.tab.scanToOrderMore')}</p>
        )}
        {canPay && !paying && (
          <button type="button" className="button button--primary table-button" onClick={onPay}>
            {t('table.tab.askBill')}
          </button>
        )}
      </div>
      {paying && canPay && (
        <div ref={sheetRef}>
          <PaySheet tab={tab} token={token} onClose={onClosePay} refresh={refresh} />
        </div>
      )}
    </>
  );
}

function OrderBlock({ order, money, style }: { order: TabOrder; money: (cents: number) => string; style: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <li className="table-panel table-order" style={style}>
      <div className="table-order__head">
        <h2 className="table-order__title">
          {order.numero > 0 ? t('table.tab.orderNumber', { numero: order.numero }) : t('table.tab.order')}
        </h2>
        <span className={`table-state table-state--${order.estado}`}>{t(`table.orderState.${order.estado}`)}</span>
      </div>
      <ul className="table-lines">
        {order.lineas.map((l) => (
          <LineRow key={l.id} line={l} money={money} />
        ))}
      </ul>
    </li>
  );
}

function LineRow({ line, money }: { line: TabLine; money: (cents: number) => string }) {
  const { t } = useTranslation();
  return (
    <li className="table-line">
      <span className="table-line__name">
        {line.cantidad} × {line.nombre}
        {line.modificadores.length > 0 && <span className="table-line__mods">{line.modificadores.join(', ')}</span>}
      </span>
      <span className="table-line__amount">
        {money(line.importe)}
        {line.estado_pago !== 'libre' && (
          <span className={`table-pay-state table-pay-state--${line.estado_pago}`}>{t(`table.linePay.${line.estado_pago}`)}</span>
        )}
      </span>
    </li>
  );
}

function Totals({ tab, money }: { tab: Tab; money: (cents: number) => string }) {
  const { t } = useTranslation();
  return (
    <dl className="table-panel table-totals" data-testid="tab-totals">
      {tab.impuestos_incluidos ? (
        <>
          <dt>{t('table.totals.vatIncluded')}</dt>
          <dd>{tab.detalle_impuestos.map((x) => `${x.nombre} ${money(x.importe)}`).join(' · ') || money(tab.impuestos)}</dd>
        </>
      ) : (
        <>
          <dt>{t('table.totals.subtotal')}</dt>
          <dd>{money(tab.subtotal)}</dd>
          {tab.detalle_impuestos.length > 0 ? (
            tab.detalle_impuestos.map((x) => (
              <Fragment key={x.nombre}>
                <dt>{x.nombre}</dt>
                <dd>{money(x.importe)}</dd>
              </Fragment>
            ))
          ) : (
            <>
              <dt>{t('table.totals.taxes')}</dt>
              <dd>{money(tab.impuestos)}</dd>
            </>
          )}
        </>
      )}
      <dt className="table-totals__total">{t('table.totals.total')}</dt>
      <dd className="table-totals__total">{money(tab.total)}</dd>
      <dt>{t('table.totals.paid')}</dt>
      <dd>{money(tab.pagado)}</dd>
      {tab.en_pago > 0 && (
        <>
          <dt>{t('table.totals.inPayment')}</dt>
          <dd>{money(tab.en_pago)}</dd>
        </>
      )}
      <dt className="table-totals__total">{t('table.totals.remaining')}</dt>
      <dd className="table-totals__total" data-testid="tab-remaining">
        {money(tab.restante)}
      </dd>
      {tab.division && (
        <>
          <dt>{t('table.totals.split')}</dt>
          <dd>
            {t('table.totals.splitValue', {
              partes: tab.division.partes,
              pagadas: tab.division.pagadas,
              siguiente: money(tab.division.siguiente),
            })}
          </dd>
        </>
      )}
    </dl>
  );
}

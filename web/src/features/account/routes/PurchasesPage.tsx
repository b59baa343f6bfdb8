import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../components/use-object-url';
import { formatDate } from '../../../lib/dates';
import { formatCents } from '../../../lib/money';
import type { Compra, OrderTracking } from '../api/account-api';
import { comprasQueryOptions, pedidosQueryOptions, voucherQrQueryOptions } from '../api/account-queries';
import { TicketIcon } from '../components/icons';
import { DinerPage, DinerQuery, EmptyState } from '../components/DinerPage';
import { menuQuery } from '../lib/diner-restaurant';

const KNOWN_STATES = ['pagado', 'canjeado', 'expirado'] as const;
/** isKnownState narrows a voucher's state to those with a badge text (account.purchases.status.*). */
const isKnownState = (s: string): s is (typeof KNOWN_STATES)[number] => (KNOWN_STATES as readonly string[]).includes(s);

/**
 * 'Mis Compras' (/usuario/mis-compras): the diner's pickup orders (each
 * linking to its live page) and vouchers, each with its code, QR, offer,
 * restaurant, total and status. `?pago=ok` (the hosted checkout's return)
 * shows the payment confirmation.
 */
export default function PurchasesPage() {
  const { t } = useTranslation();
  return (
    <DinerPage title={t('account.purchases.title')}>
      {({ usuarioId, clienteId }) => (
        <>
          <Orders usuarioId={usuarioId} />
          <Purchases usuarioId={usuarioId} clienteId={clienteId} />
        </>
      )}
    </DinerPage>
  );
}

function Purchases({ usuarioId, clienteId }: { usuarioId: string; clienteId: string | null }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const paid = params.get('pago') === 'ok';
  const query = useQuery({
    ...comprasQueryOptions(usuarioId, i18n.resolvedLanguage ?? 'es'),
    // Coming back from the checkout: the new voucher must show at once.
    staleTime: paid ? 0 : undefined,
  });

  return (
    <>
      {paid && (
        <p className="acct-banner acct-banner--ok" role="status">
          {t('account.purchases.paid')}
        </p>
      )}
      <DinerQuery query={query} loadError={t('account.purchases.loadError')}>
        {(compras) =>
          compras.length === 0 ? (
            <EmptyState
              icon={<TicketIcon />}
              title={t('account.purchases.emptyTitle')}
              text={t('account.purchases.emptyText')}
              action={{ to: `/usuario/ofertas${menuQuery(clienteId)}`, label: t('account.purchases.browseOffers') }}
            />
          ) : (
            <ul className="acct-vouchers">
              {compras.map((compra) => (
                <li key={compra.id}>
                  <Voucher usuarioId={usuarioId} compra={compra} />
                </li>
              ))}
            </ul>
          )
        }
      </DinerQuery>
    </>
  );
}

/** The diner's pickup orders; nothing at all while they have none (the vouchers' empty state says enough). */
function Orders({ usuarioId }: { usuarioId: string }) {
  const { t } = useTranslation();
  const query = useQuery(pedidosQueryOptions(usuarioId));
  if (query.isSuccess && query.data.length === 0) return null;
  return (
    <section className="acct-orders" aria-labelledby="acct-orders-title">
      <h2 id="acct-orders-title" className="acct-section__title">
        {t('account.purchases.ordersTitle')}
      </h2>
      <DinerQuery query={query} loadError={t('account.purchases.ordersError')}>
        {(pedidos) => (
          <ul className="acct-order-list">
            {pedidos.map((p) => (
              <li key={p.id}>
                <OrderRow pedido={p} />
              </li>
            ))}
          </ul>
        )}
      </DinerQuery>
      <h2 className="acct-section__title">{t('account.purchases.vouchersTitle')}</h2>
    </section>
  );
}

function OrderRow({ pedido }: { pedido: OrderTracking }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const titleId = `order-${pedido.id}`;
  return (
    <article className={`acct-order acct-order--${pedido.estado}`} aria-labelledby={titleId}>
      <div className="acct-order__main">
        <h3 id={titleId} className="acct-order__title">
          {t('account.purchases.orderNumber', { numero: pedido.numero || pedido.id })}
          {pedido.restaurante && <span className="acct-order__restaurant"> · {pedido.restaurante}</span>}
        </h3>
        <p className="acct-order__meta">
          {formatDate(pedido.paid_at || pedido.created_at, lang, pedido.zona_horaria || undefined)} · {formatCents(pedido.total, pedido.moneda, lang)}
        </p>
      </div>
      <span className="acct-badge acct-order__badge">{t(`account.purchases.orderStatus.${pedido.estado}`)}</span>
      <Link className="button" to={`/pedido/${pedido.id}?menu=${pedido.cliente_id}`} aria-label={t('account.purchases.viewOrderOf', { numero: pedido.numero || pedido.id })}>
        {t('account.purchases.viewOrder')}
      </Link>
    </article>
  );
}

function Voucher({ usuarioId, compra }: { usuarioId: string; compra: Compra }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const estado = compra.reembolso
    ? compra.reembolso === 'reembolsado'
      ? 'reembolsado'
      : 'reembolso'
    : isKnownState(compra.estado)
      ? compra.estado
      : 'pagado';
  // The voucher's restaurant's day, whichever restaurant's page this is.
  const zone = compra.zona_horaria || undefined;
  const expires = formatDate(compra.fecha_expiracion, lang, zone);
  const paidAt = formatDate(compra.paid_at || compra.created_at, lang, zone);
  const redeemedAt = formatDate(compra.redeemed_at, lang, zone);
  const titleId = `voucher-${compra.id}`;

  return (
    <article className={`acct-voucher acct-voucher--${estado}`} aria-labelledby={titleId}>
      <div className="acct-voucher__body">
        <div className="acct-voucher__head">
          <h2 id={titleId} className="acct-voucher__title">
            {compra.descripcion || t('account.purchases.untitled')}
          </h2>
          <span className={`acct-badge acct-badge--${estado}`}>{t(`account.purchases.status.${estado}`)}</span>
        </div>
        {compra.restaurante && <p className="acct-voucher__restaurant">{compra.restaurante}</p>}
        <dl className="acct-facts">
          <div>
            <dt>{t('account.purchases.total')}</dt>
            <dd className="acct-voucher__total">{formatCents(compra.total, compra.moneda, lang)}</dd>
          </div>
          {compra.fee > 0 && (
            <div>
              <dt>{t('account.purchases.fee')}</dt>
              <dd>{formatCents(compra.fee, compra.moneda, lang)}</dd>
            </div>
          )}
          {paidAt && (
            <div>
              <dt>{t('account.purchases.paidAt')}</dt>
              <dd>{paidAt}</dd>
            </div>
          )}
          {estado === 'canjeado' && redeemedAt ? (
            <div>
              <dt>{t('account.purchases.redeemedAt')}</dt>
              <dd>{redeemedAt}</dd>
            </div>
          ) : (
            expires && (
              <div>
                <dt>{t('account.purchases.expires')}</dt>
                <dd>{expires}</dd>
              </div>
            )
          )}
        </dl>
        {compra.reembolso && <p className="acct-voucher__note">{t('account.purchases.refundNote')}</p>}
        {compra.codigo_voucher && (
          <p className="acct-voucher__code">
            <span className="muted">{t('account.purchases.code')}</span> <code>{compra.codigo_voucher}</code>
          </p>
        )}
      </div>
      {compra.codigo_voucher && <VoucherQr usuarioId={usuarioId} compra={compra} />}
    </article>
  );
}

/** The voucher's QR, fetched with the diner token as a blob and shown through an object URL. */
function VoucherQr({ usuarioId, compra }: { usuarioId: string; compra: Compra }) {
  const { t } = useTranslation();
  const qr = useQuery(voucherQrQueryOptions(usuarioId, compra.id));
  const src = useObjectUrl(qr.data);
  const failed = qr.isError || (qr.isSuccess && typeof URL.createObjectURL !== 'function');

  return (
    <div className="acct-qr">
      {src ? (
        <img
          className="acct-qr__image"
          src={src}
          width={160}
          height={160}
          alt={t('account.purchases.qrAlt', { code: compra.codigo_voucher ?? '' })}
        />
      ) : (
        <span className="acct-qr__image acct-qr__image--empty" aria-hidden={failed ? undefined : true}>
          {failed ? t('account.purchases.qrError') : ''}
        </span>
      )}
    </div>
  );
}

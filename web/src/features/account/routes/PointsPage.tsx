import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../lib/dates';
import { intlLocale } from '../../../lib/intl';
import type { PuntosRestaurante } from '../api/account-api';
import { puntosQueryOptions } from '../api/account-queries';
import { StarIcon } from '../components/icons';
import { DinerPage, DinerQuery, EmptyState } from '../components/DinerPage';
import { menuQuery } from '../lib/diner-restaurant';

/** 'Mis Puntos' (/usuario/mis-puntos): balance and history per restaurant. */
export default function PointsPage() {
  const { t } = useTranslation();
  return (
    <DinerPage title={t('account.points.title')}>
      {({ usuarioId, clienteId }) => <Points usuarioId={usuarioId} clienteId={clienteId} />}
    </DinerPage>
  );
}

function Points({ usuarioId, clienteId }: { usuarioId: string; clienteId: string | null }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(puntosQueryOptions(usuarioId, i18n.resolvedLanguage ?? 'es'));

  return (
    <DinerQuery query={query} loadError={t('account.points.loadError')}>
      {(items) =>
        items.length === 0 ? (
          <EmptyState
            icon={<StarIcon />}
            title={t('account.points.emptyTitle')}
            text={t('account.points.emptyText')}
            action={{ to: `/usuario/ofertas${menuQuery(clienteId)}`, label: t('account.purchases.browseOffers') }}
          />
        ) : (
          <ul className="acct-points">
            {items.map((r) => (
              <li key={r.cliente_id}>
                <RestaurantPoints data={r} />
              </li>
            ))}
          </ul>
        )
      }
    </DinerQuery>
  );
}

function RestaurantPoints({ data }: { data: PuntosRestaurante }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const number = new Intl.NumberFormat(intlLocale(lang));
  const titleId = `points-${data.cliente_id}`;
  const historial = data.historial ?? [];
  return (
    <article className="card acct-points__card" aria-labelledby={titleId}>
      <div className="acct-points__head">
        <h2 id={titleId} className="acct-section__title">
          <Link to={`/restaurante/${data.cliente_id}/menu`}>{data.restaurante || `#${data.cliente_id}`}</Link>
        </h2>
        <p className="acct-points__balance">
          <span className="acct-points__number">{number.format(data.saldo)}</span>{' '}
          <span>{t('account.points.unit', { count: data.saldo })}</span>
        </p>
      </div>
      {historial.length > 0 && (
        <table className="acct-history">
          <caption className="acct-sr">{t('account.points.history')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('account.points.date')}</th>
              <th scope="col">{t('account.points.reason')}</th>
              <th scope="col" className="acct-history__num">
                {t('account.points.points')}
              </th>
            </tr>
          </thead>
          <tbody>
            {historial.map((m, i) => (
              <tr key={`${m.created_at}-${i}`}>
                <td>{formatDate(m.created_at, lang)}</td>
                <td>{pointsReason(m, t)}</td>
                <td className={`acct-history__num ${m.puntos < 0 ? 'acct-history__num--neg' : 'acct-history__num--pos'}`}>
                  {m.puntos > 0 ? '+' : ''}
                  {number.format(m.puntos)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}

/** An entry's reason in the diner's language: a coupon purchase or an order, else as recorded. */
function pointsReason(m: { motivo: string; tipo: string; detalle: string }, t: TFunction): string {
  if (m.tipo === 'compra') return t('account.points.purchase', { titulo: m.detalle });
  if (m.tipo === 'pedido') return t('account.points.order', { numero: m.detalle });
  return m.motivo;
}

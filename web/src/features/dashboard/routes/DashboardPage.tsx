import { Link, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/Form';
import { LogoutButton } from '../../../components/LogoutButton';
import { errorText, isApiError } from '../../../lib/api-client';
import { getClienteQueryOptions } from '../api/get-cliente';
import { MenuQrCard } from '../components/MenuQrCard';
import { PlatformFeesCard } from '../../offers';
import { RedeemVoucherCard } from '../../vouchers';
import { ORDER_BOARD_PATH, ORDER_SETTINGS_PATH } from '../../order-board';

const SECTIONS = [
  { path: '/clover-categories', label: 'dashboard.categories' },
  { path: '/clover-products', label: 'dashboard.products' },
  { path: '/settings', label: 'dashboard.settings' },
  { path: '/popups', label: 'dashboard.popups' },
  { path: '/crear-oferta', label: 'dashboard.createOffer' },
  { path: '/list', label: 'dashboard.wines' },
  { path: '/admin', label: 'dashboard.winesAdmin' },
] as const;

/** Online ordering (the kitchen's board and its settings): open to the super admin too. */
const ORDERING = [
  { path: ORDER_BOARD_PATH, label: 'dashboard.orderBoard' },
  { path: ORDER_SETTINGS_PATH, label: 'dashboard.orderSettings' },
] as const;

/** Restaurant panel: the restaurant's name and links to its admin sections. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { cliente_id: clienteId = '' } = useParams();
  const query = useQuery(getClienteQueryOptions(clienteId));
  const query_ = encodeURIComponent(clienteId);
  // The super admin opens this panel from their dashboard (/super-admin/dashboard/:cliente_id).
  const fromPlatform = useLocation().pathname.startsWith('/super-admin/');

  let body;
  if (query.isPending) {
    body = <p role="status">{t('dashboard.loadingRestaurant')}</p>;
  } else if (query.isError) {
    const err = query.error;
    const message =
      isApiError(err) && err.status === 403
        ? t('errors.forbidden')
        : isApiError(err) && err.status === 404
          ? t('errors.notFound')
          : errorText(err, t('errors.generic'), t('errors.network'));
    body = <FormError error={message} />;
  } else {
    body = (
      <>
        <p className="restaurant-name">
          <span className="muted">{t('dashboard.restaurant')}: </span>
          <strong>{query.data.nombre}</strong>
        </p>
        {query.data.estado === 'suspendido' && (
          <p className="dashboard-alert" role="alert">
            {t('dashboard.suspendedNotice')}
          </p>
        )}
        {query.data.pos_reconectar && (
          <p className="dashboard-alert" role="alert">
            {t('dashboard.reconnectNotice')}
          </p>
        )}
        <nav aria-label={t('dashboard.links')}>
          <ul className="link-grid">
            {SECTIONS.map((section) => (
              <li key={section.path}>
                <Link to={`${section.path}?cliente_id=${query_}`} className="tile">
                  {t(section.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="dashboard-ordering">
          <h2 id="dashboard-ordering" className="section-title">
            {t('dashboard.ordering')}
          </h2>
          <ul className="link-grid">
            {ORDERING.map((section) => (
              <li key={section.path}>
                <Link to={`${section.path}?cliente_id=${query_}`} className="tile">
                  {t(section.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <MenuQrCard clienteId={clienteId} />
        <RedeemVoucherCard clienteId={clienteId} />
        <PlatformFeesCard clienteId={clienteId} />
      </>
    );
  }

  return (
    <section className="card">
      <div className="page-head">
        <h1>{t('dashboard.title')}</h1>
        {fromPlatform ? (
          <Link className="button" to="/super-admin/dashboard">
            {t('dashboard.backToPlatform')}
          </Link>
        ) : (
          <LogoutButton />
        )}
      </div>
      {body}
    </section>
  );
}

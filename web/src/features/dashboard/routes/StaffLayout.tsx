import { Suspense, useId, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/session-context';
import { useTargetClienteId } from '../../../app/session/target-cliente';
import { Dialog } from '../../../components/Dialog';
import { Loading } from '../../../components/Loading';
import { LogoutButton } from '../../../components/LogoutButton';
import { isApiError } from '../../../lib/api-client';
import { getClienteQueryOptions } from '../api/get-cliente';
import { recordSettingsLocale } from '../../../api/settings';
import { setRestaurantLocale } from '../../../lib/intl';
import { getSettingsQueryOptions } from '../../settings';
import { StaffNav } from '../components/StaffNav';
import { PLATFORM_SECTIONS, panelHref } from '../lib/sections';
import '../dashboard.css';

/**
 * The one shell of every staff page: the restaurant's name (for the super
 * admin, which restaurant is being viewed and the way back to their
 * dashboard), the restaurant's sections grouped (a sidebar from 60rem, a
 * drawer behind a menu button on phones), and sign-out. The super admin's
 * own pages get the platform's sections instead.
 */
export default function StaffLayout() {
  const { t } = useTranslation();
  const drawerId = useId();
  const location = useLocation();
  // The drawer is open on the page it was opened on: a page change (a link, the browser's back) closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawer = drawerAt === location.key;
  const setDrawer = (open: boolean) => setDrawerAt(open ? location.key : null);
  const { session } = useSession();
  const { cliente_id: fromPath } = useParams();
  const fromQuery = useTargetClienteId();
  const signedIn = session.status === 'authenticated';
  const isSuperadmin = signedIn && session.isSuperadmin;
  const clienteId = fromPath && /^\d+$/.test(fromPath) ? fromPath : fromQuery;
  const cliente = useQuery({ ...getClienteQueryOptions(clienteId ?? ''), enabled: signedIn && clienteId !== null });
  // The restaurant's settings give its pages their locale and time zone (lib/intl.ts): '9,50 €' in Spain.
  const settings = useQuery({ ...getSettingsQueryOptions(clienteId ?? ''), enabled: signedIn && clienteId !== null });
  if (clienteId) recordSettingsLocale(settings.data);
  else setRestaurantLocale(null);

  // A restaurant the caller may not see (or that does not exist): no sections for it.
  const refused = cliente.isError && isApiError(cliente.error) && (cliente.error.status === 403 || cliente.error.status === 404);

  let bar = null;
  let sidebar = null;
  let drawerView: ReactNode = null;
  if (signedIn && clienteId && refused) {
    bar = (
      <div className="staff-bar__top">
        <span />
        <div className="staff-bar__actions">
          {isSuperadmin && (
            <Link className="button" to="/super-admin/dashboard">
              {t('dashboard.backToPlatform')}
            </Link>
          )}
          <LogoutButton />
        </div>
      </div>
    );
  } else if (signedIn && clienteId) {
    const panel = panelHref(isSuperadmin, clienteId);
    const name = cliente.data?.nombre ?? (cliente.isError ? `#${clienteId}` : '…');
    bar = (
      <div className="staff-bar__top">
        <button
          type="button"
          className="button staff-bar__menu"
          aria-expanded={drawer}
          aria-haspopup="dialog"
          onClick={() => setDrawer(true)}
        >
          <span aria-hidden="true">☰ </span>
          {t('staffNav.menu')}
        </button>
        <p className="staff-bar__who" data-testid="staff-restaurant">
          {isSuperadmin && <span className="staff-bar__label">{t('staffNav.viewing')} </span>}
          <strong>{name}</strong>
        </p>
        <div className="staff-bar__actions">
          {isSuperadmin && (
            <Link className="button" to="/super-admin/dashboard">
              {t('dashboard.backToPlatform')}
            </Link>
          )}
          {!isSuperadmin && (
            <Link className="button" to="/mis-sesiones">
              {t('team.mySessions')}
            </Link>
          )}
          <LogoutButton />
        </div>
      </div>
    );
    sidebar = (
      <nav aria-label={t('staffNav.label')} className="staff-sidebar">
        <StaffNav clienteId={clienteId} panel={panel} />
      </nav>
    );
    drawerView = drawer && (
      <Dialog
        backdropClassName="staff-drawer__backdrop"
        className="staff-drawer"
        labelledBy={`${drawerId}-title`}
        onClose={() => setDrawer(false)}
        portal
      >
        <div className="staff-drawer__head">
          <p id={`${drawerId}-title`} className="staff-drawer__title">
            {name}
          </p>
          <button type="button" className="button staff-drawer__close" onClick={() => setDrawer(false)}>
            {t('staffNav.close')}
          </button>
        </div>
        <nav aria-label={t('staffNav.label')}>
          <StaffNav clienteId={clienteId} panel={panel} onNavigate={() => setDrawer(false)} />
        </nav>
      </Dialog>
    );
  } else if (isSuperadmin) {
    bar = (
      <>
        <div className="staff-bar__top">
          <p className="staff-bar__who">
            <strong>{t('staffNav.platform')}</strong>
          </p>
          <div className="staff-bar__actions">
            <LogoutButton />
          </div>
        </div>
        <nav aria-label={t('staffNav.label')}>
          <ul className="staff-nav staff-nav--platform">
            {PLATFORM_SECTIONS.map((s) => (
              <li key={s.path}>
                <NavLink to={s.path} end className="staff-nav__link">
                  {t(s.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </>
    );
  }

  // A restaurant's page waits for its locale (one request, beside the restaurant's own) so that its
  // first prices and dates are already the restaurant's; a failed read writes the default locale.
  const page =
    signedIn && clienteId && !refused && settings.isPending ? (
      <Loading />
    ) : (
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    );
  return (
    <>
      {bar && <header className="staff-bar">{bar}</header>}
      {/* One tree whether or not the sidebar shows: the page never remounts when the restaurant loads. */}
      <div className={sidebar ? 'staff-shell' : undefined}>
        {sidebar}
        <div className="staff-shell__page">{page}</div>
      </div>
      {drawerView}
    </>
  );
}

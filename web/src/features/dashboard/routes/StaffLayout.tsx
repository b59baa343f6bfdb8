import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { switchRestaurant } from '../../../api/staff-session';
import { can, roleAt, type Capability } from '../../../app/session/roles';
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
import { RestaurantSwitcher } from '../components/RestaurantSwitcher';
import RequireCapability from '../../../app/RequireCapability';
import { StaffNav } from '../components/StaffNav';
import { PLATFORM_SECTIONS, panelHref } from '../lib/sections';
import '../dashboard.css';

/**
 * The one shell of every staff page: the restaurant's name (for the super
 * admin, which restaurant is being viewed and the way back to their
 * dashboard), the restaurant's sections grouped (a sidebar from 60rem, a
 * drawer behind a menu button on phones), and sign-out. The sections are
 * the ones the person's role at the restaurant gives; a cook gets the
 * kitchen's screen (the board full width: no sections, only the name, the
 * switcher and sign-out); a person with several restaurants gets the name as
 * a switcher. The super admin's own pages get the platform's sections
 * instead.
 */
export default function StaffLayout() {
  const { t } = useTranslation();
  const drawerId = useId();
  const location = useLocation();
  // The drawer is open on the page it was opened on: a page change (a link, the browser's back) closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawer = drawerAt === location.key;
  const setDrawer = (open: boolean) => setDrawerAt(open ? location.key : null);
  const { session, setInfo } = useSession();
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

  const may = (c: Capability) => can(session, c, clienteId);
  const rol = roleAt(session, clienteId);
  // The kitchen's screen: the board and nothing else (no sections to open).
  const kitchen = rol === 'cocina';
  const several = signedIn && !isSuperadmin && session.restaurantes.length > 1;
  useSessionFollowsPage(clienteId, setInfo);

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
        {!kitchen && (
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
        )}
        <p className="staff-bar__who" data-testid="staff-restaurant">
          {isSuperadmin && <span className="staff-bar__label">{t('staffNav.viewing')} </span>}
          {kitchen && <span className="staff-bar__label">{t('roles.boardOnly')} · </span>}
          <strong className={several ? 'visually-hidden' : undefined}>{name}</strong>
          {several && <RestaurantSwitcher clienteId={clienteId} />}
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
    sidebar = !kitchen && (
      <nav aria-label={t('staffNav.label')} className="staff-sidebar">
        <StaffNav clienteId={clienteId} panel={panel} may={may} />
      </nav>
    );
    drawerView = !kitchen && drawer && (
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
          <StaffNav clienteId={clienteId} panel={panel} may={may} onNavigate={() => setDrawer(false)} />
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
        {/* The page's role check (PAGE_NEEDS): a page the role does not open says so instead. */}
        <RequireCapability />
      </Suspense>
    );
  return (
    <>
      {bar && <header className="staff-bar">{bar}</header>}
      {/* One tree whether or not the sidebar shows: the page never remounts when the restaurant loads. */}
      <div className={kitchen ? 'staff-shell staff-shell--kitchen' : sidebar ? 'staff-shell' : undefined}>
        {sidebar}
        <div className="staff-shell__page">{page}</div>
      </div>
      {drawerView}
    </>
  );
}

/**
 * A page of another of the person's restaurants (a link, a bookmark) makes
 * the session act on that restaurant too: the routes that name only an
 * order or a product act on the session's restaurant.
 */
function useSessionFollowsPage(clienteId: string | null, setInfo: ReturnType<typeof useSession>['setInfo']) {
  const { session } = useSession();
  const asked = useRef<string | null>(null);
  const member =
    session.status === 'authenticated' &&
    !session.isSuperadmin &&
    clienteId !== null &&
    clienteId !== session.clienteId &&
    session.restaurantes.some((r) => String(r.cliente_id) === clienteId);
  useEffect(() => {
    if (!member || !clienteId || asked.current === clienteId) return;
    asked.current = clienteId;
    switchRestaurant(clienteId).then(setInfo, () => undefined);
  }, [member, clienteId, setInfo]);
}

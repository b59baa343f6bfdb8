import { Suspense } from 'react';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/session-context';
import { useTargetClienteId } from '../../../app/session/target-cliente';
import { Loading } from '../../../components/Loading';
import { LogoutButton } from '../../../components/LogoutButton';
import { isApiError } from '../../../lib/api-client';
import { getClienteQueryOptions } from '../api/get-cliente';
import { PLATFORM_SECTIONS, SECTIONS, panelHref, sectionHref } from '../lib/sections';
import '../dashboard.css';

/**
 * The one shell of every staff page: the restaurant's name (for the super
 * admin, which restaurant is being viewed and the way back to their
 * dashboard), a navigation to every section of the panel, and sign-out.
 * The super admin's own pages get the platform's sections instead.
 */
export default function StaffLayout() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { cliente_id: fromPath } = useParams();
  const fromQuery = useTargetClienteId();
  const signedIn = session.status === 'authenticated';
  const isSuperadmin = signedIn && session.isSuperadmin;
  const clienteId = fromPath && /^\d+$/.test(fromPath) ? fromPath : fromQuery;
  const cliente = useQuery({ ...getClienteQueryOptions(clienteId ?? ''), enabled: signedIn && clienteId !== null });

  // A restaurant the caller may not see (or that does not exist): no sections for it.
  const refused = cliente.isError && isApiError(cliente.error) && (cliente.error.status === 403 || cliente.error.status === 404);

  let bar = null;
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
      <>
        <div className="staff-bar__top">
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
            <LogoutButton />
          </div>
        </div>
        <nav aria-label={t('staffNav.label')}>
          <ul className="staff-nav">
            <li>
              <NavLink to={panel} end className="staff-nav__link">
                {t('staffNav.panel')}
              </NavLink>
            </li>
            {SECTIONS.map((s) => (
              <li key={s.path}>
                <NavLink to={sectionHref(s.path, clienteId)} end className="staff-nav__link">
                  {t(s.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </>
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
          <ul className="staff-nav">
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

  return (
    <>
      {bar && <header className="staff-bar">{bar}</header>}
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}

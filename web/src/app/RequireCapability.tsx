import { Link, Outlet, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, pageNeed, roleAt, sessionHome, type Capability } from './session/roles';
import { useSession } from './session/session-context';
import { useTargetClienteId } from './session/target-cliente';

/**
 * The page's restaurant role check, which StaffLayout renders in place of
 * the page (so it lives in the staff chunk; the diner menu never loads it),
 * around RequireRole (the signed-out and the super admin): a person whose
 * role at the restaurant the page acts on does not have what it needs reads
 * why, with a link to their role's home, instead of a page whose every
 * request the server refuses. What a page needs is PAGE_NEEDS's
 * (app/session/roles.ts: one table for the guard and the switcher), unless
 * `need` says.
 */
export default function RequireCapability({ need }: { need?: Capability | Capability[] }) {
  const { session } = useSession();
  const { pathname } = useLocation();
  const { cliente_id: fromPath } = useParams();
  const fromQuery = useTargetClienteId();
  const clienteId = fromPath && /^\d+$/.test(fromPath) ? fromPath : fromQuery;
  const needs = need === undefined ? [pageNeed(pathname)] : Array.isArray(need) ? need : [need];
  if (session.status !== 'authenticated' || needs.some((n) => can(session, n, clienteId))) return <Outlet />;
  // Not a member of that restaurant at all: the page itself says so (its requests answer 403).
  const rol = roleAt(session, clienteId);
  if (!rol) return <Outlet />;
  return <Refused role={rol} home={sessionHome(session)} />;
}

function Refused({ role, home }: { role: NonNullable<ReturnType<typeof roleAt>>; home: string }) {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid="role-refused">
      <h1>{t('roles.refusedTitle')}</h1>
      <p className="form__error" role="alert">
        {t('roles.refused', { role: t(`roles.name.${role}`) })}
      </p>
      <p>
        <Link className="button button--primary" to={home}>
          {t('roles.goHome')}
        </Link>
      </p>
    </section>
  );
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/Loading';
import { useSession } from './session/session-context';

/**
 * Who may open a staff route, mirroring the server's roles:
 * - `superadmin`: super admin only (a restaurant user goes to its own panel);
 * - `cliente`: restaurant staff, and a super admin acting on one restaurant
 *   named by ?cliente_id= (from /super-admin/dashboard/:cliente_id); a super
 *   admin without one goes to /super-admin;
 * - `staff`: either.
 */
export type StaffRole = 'superadmin' | 'cliente' | 'staff';

export function RequireRole({ allow }: { allow: StaffRole }) {
  const { session } = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <Loading />;
  if (session.status === 'anonymous') {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (allow === 'superadmin' && !session.isSuperadmin) {
    return <Navigate to={session.clienteId ? `/dashboard/${session.clienteId}` : '/login'} replace />;
  }
  if (allow === 'cliente' && session.isSuperadmin && !/^\d+$/.test(new URLSearchParams(location.search).get('cliente_id')?.trim() ?? '')) {
    return <Navigate to="/super-admin" replace />;
  }
  return <Outlet />;
}

/** Where a freshly signed-in staff member lands: the kitchen and the floor on the order board. */
export function homePathFor(isSuperadmin: boolean, clienteId: string | null, rol?: string | null): string {
  if (isSuperadmin) return '/super-admin';
  if (clienteId && (rol === 'cocina' || rol === 'mesero')) return `/pedidos?cliente_id=${encodeURIComponent(clienteId)}`;
  return clienteId ? `/dashboard/${clienteId}` : '/';
}

import type { Schemas, SessionInfo } from '../../api/contract';
import { idString, isSuperadminFlag, type Session } from './session-context';

/** A staff person's role at one restaurant (the server's tenant.StaffRole). */
export type StaffRole = Schemas['StaffRole'];

/**
 * What a staff page or button needs, named after the server's route table
 * (internal/api/routes.go): `owner` routes are `billing` and `equipo`,
 * `manager` routes the rest of the panel, `kitchen` the pause and sold-out,
 * `floor` the voucher redemption, `crew` the board.
 */
export type Capability =
  | 'board' // the order board: crew
  | 'pause' // pausing online orders from the board: kitchen
  | 'soldOut' // 'Agotado hoy': kitchen
  | 'redeem' // voucher redemption: floor
  | 'tables' // 'Mesas': the open tabs, accepting a table, payments at the table, moving and closing: floor
  | 'menuView' // the menu read-only (the diner's menu): a waiter's link
  | 'panel' // the restaurant panel: summary, first steps, QR codes, POS connection: manager
  | 'cancelOrder' // cancelling an order (it refunds the diner): manager
  | 'refund' // refunding or marking refunded: manager
  | 'orderSettings' // the ordering settings, the tables and tips ('Mesas y propinas') and their QR sheet: manager
  | 'menu' // categories, products, popups, the look: manager
  | 'offers' // coupon offers: manager
  | 'customers' // the restaurant's diners and their export: manager
  | 'campaigns' // 'Campañas': campaigns to the consenting diners: manager
  | 'wines' // the cellar: manager
  | 'billing' // the card on file and the platform's fees: owner
  | 'equipo'; // the staff ('Equipo') and the audit log ('Actividad'): owner

const KITCHEN: readonly Capability[] = ['board', 'pause', 'soldOut'];
const FLOOR: readonly Capability[] = ['board', 'redeem', 'menuView', 'tables'];
const MANAGER: readonly Capability[] = [
  'board',
  'pause',
  'soldOut',
  'redeem',
  'tables',
  'panel',
  'cancelOrder',
  'refund',
  'orderSettings',
  'menu',
  'offers',
  'customers',
  'campaigns',
  'wines',
];

/** Each role's capabilities: the server's table (propietario > gerente; cocina and mesero apart). */
export const ROLE_CAPABILITIES: Record<StaffRole, readonly Capability[]> = {
  propietario: [...MANAGER, 'billing', 'equipo'],
  gerente: MANAGER,
  cocina: KITCHEN,
  mesero: FLOOR,
};

/**
 * The caller's role at restaurant clienteId (the session's own restaurant
 * when none is named): from the person's list of restaurants, else the
 * session's role; null for a super admin or a restaurant they do not work at.
 */
export function roleAt(session: Session, clienteId?: string | null): StaffRole | null {
  if (session.status !== 'authenticated' || session.isSuperadmin) return null;
  const id = clienteId ?? session.clienteId;
  const m = session.restaurantes.find((r) => String(r.cliente_id) === id);
  if (m) return m.rol;
  return id === session.clienteId ? session.rol : null;
}

/**
 * Whether the session may use capability at restaurant clienteId (default:
 * the session's). A super admin may do everything; the server checks again.
 */
export function can(session: Session, capability: Capability, clienteId?: string | null): boolean {
  if (session.status !== 'authenticated') return false;
  if (session.isSuperadmin) return true;
  const rol = roleAt(session, clienteId);
  return rol !== null && ROLE_CAPABILITIES[rol].includes(capability);
}

/** Where a role starts: the kitchen and the floor on the order board, the others on the panel. */
export function homePathFor(isSuperadmin: boolean, clienteId: string | null, rol: StaffRole | '' | null = null): string {
  if (isSuperadmin) return '/super-admin';
  if (!clienteId) return '/';
  if (rol === 'cocina' || rol === 'mesero') return `/pedidos?cliente_id=${encodeURIComponent(clienteId)}`;
  return `/dashboard/${encodeURIComponent(clienteId)}`;
}

/** A signed-in session's home (the picker first when the person works at several restaurants and chose none). */
export function sessionHome(session: Session): string {
  if (session.status !== 'authenticated') return '/login';
  return homePathFor(session.isSuperadmin, session.clienteId, roleAt(session));
}

/** The page where a person with several restaurants picks one after signing in. */
export const PICK_RESTAURANT_PATH = '/elegir-restaurante';

/**
 * Where a fresh sign-in lands: a person with several restaurants picks one
 * first, anyone else goes to their role's home.
 */
export function landingFor(info: SessionInfo): string {
  const isSuperadmin = isSuperadminFlag(info.is_superadmin);
  if (!isSuperadmin && (info.restaurantes?.length ?? 0) > 1) return PICK_RESTAURANT_PATH;
  return homePathFor(isSuperadmin, idString(info.cliente_id), info.rol || null);
}

/**
 * What each restaurant page needs: the route guard (app/RequireCapability.tsx)
 * checks it, and the switcher keeps a person on the same page of the other
 * restaurant only when their role there opens it. A page not listed needs
 * the panel (a manager's): a new page is closed to the cook and the waiter
 * until it is listed here.
 */
export const PAGE_NEEDS: Record<string, Capability> = {
  '/dashboard': 'panel',
  '/mesas': 'tables',
  // The tables' QR sheet reads and renews the tables' codes: the tables settings' routes.
  '/mesas/codigos': 'orderSettings',
  '/pedidos': 'board',
  '/pedidos/ajustes': 'orderSettings',
  '/canjear': 'redeem',
  '/settings': 'menu',
  '/popups': 'menu',
  '/clover-categories': 'menu',
  '/clover-products': 'menu',
  '/crear-oferta': 'offers',
  '/customer': 'customers',
  '/campanas': 'campaigns',
  '/list': 'wines',
  '/admin': 'wines',
  '/equipo': 'equipo',
  '/equipo/actividad': 'equipo',
  // A person's own sessions and password: every role's (each has the board).
  '/mis-sesiones': 'board',
};

/** What the page at pathname needs ('/dashboard/7' is the panel). */
export function pageNeed(pathname: string): Capability {
  if (pathname.startsWith('/dashboard/')) return 'panel';
  if (pathname.startsWith('/super-admin')) return 'board'; // RequireRole sends a restaurant's staff away
  return PAGE_NEEDS[pathname] ?? 'panel';
}

/**
 * The same page of restaurant `to` (where the person's role is `rol`), or
 * that role's home when the role does not open it there.
 */
export function samePageAt(location: { pathname: string; search: string }, to: string, rol: StaffRole): string {
  if (!ROLE_CAPABILITIES[rol].includes(pageNeed(location.pathname))) return homePathFor(false, to, rol);
  if (location.pathname.startsWith('/dashboard/')) return `/dashboard/${encodeURIComponent(to)}`;
  const params = new URLSearchParams(location.search);
  params.set('cliente_id', to);
  return `${location.pathname}?${params.toString()}`;
}

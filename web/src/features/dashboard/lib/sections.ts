import { ORDER_BOARD_PATH, ORDER_SETTINGS_PATH } from '../../order-board';

/**
 * The restaurant's staff sections, in the order the staff navigation shows
 * them. Each page acts on the restaurant named by ?cliente_id= (a super
 * admin must name it; the owner's links name it too).
 */
export const SECTIONS = [
  { path: '/clover-categories', label: 'dashboard.categories' },
  { path: '/clover-products', label: 'dashboard.products' },
  { path: '/settings', label: 'dashboard.settings' },
  { path: '/popups', label: 'dashboard.popups' },
  { path: '/crear-oferta', label: 'dashboard.createOffer' },
  { path: '/customer', label: 'dashboard.customers' },
  { path: ORDER_BOARD_PATH, label: 'dashboard.orderBoard' },
  { path: ORDER_SETTINGS_PATH, label: 'dashboard.orderSettings' },
  { path: '/list', label: 'dashboard.wines' },
  { path: '/admin', label: 'dashboard.winesAdmin' },
] as const;

/** The printable sheet of the tables' QR codes (?cliente_id=&mesas=N). */
export const TABLES_PATH = '/mesas';

/** The super admin's own pages (no restaurant named). */
export const PLATFORM_SECTIONS = [
  { path: '/super-admin', label: 'staffNav.platformHome' },
  { path: '/super-admin/dashboard', label: 'staffNav.restaurants' },
  { path: '/super-admin/clover-auth', label: 'staffNav.clover' },
] as const;

/** A staff page of restaurant clienteId. */
export function sectionHref(path: string, clienteId: string): string {
  return `${path}?cliente_id=${encodeURIComponent(clienteId)}`;
}

/** The restaurant's panel: the super admin's copy sits under /super-admin/dashboard. */
export function panelHref(isSuperadmin: boolean, clienteId: string): string {
  const id = encodeURIComponent(clienteId);
  return isSuperadmin ? `/super-admin/dashboard/${id}` : `/dashboard/${id}`;
}

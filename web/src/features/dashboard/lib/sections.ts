import type { KeysUnder } from '../../../i18n/keys';
import { ORDER_BOARD_PATH, ORDER_SETTINGS_PATH } from '../../order-board';

/** The printable sheet of the tables' QR codes (?cliente_id=&mesas=N). */
export const TABLES_PATH = '/mesas';

/** The wine page's tab of the external lookup and import (/list?tab=importar; /admin redirects there). */
export const WINE_IMPORT_TAB = 'importar';

/** The panel's anchor of 'Canjear cupón' (the voucher redemption card). */
export const REDEEM_ANCHOR = 'canjear';

/** A section whose label is `staffNav.<section>` (checked by tsc). */
type NavSection = KeysUnder<'staffNav'>;
/** A label of the staff navigation: an i18n key under `staffNav`. */
type NavLabel = `staffNav.${NavSection}`;

/** Where a link of the staff navigation goes and when it is the current page. */
export type NavItem = {
  key: string;
  /** Its label's i18n key: unique across the navigation. */
  label: NavLabel;
  href: (clienteId: string, panel: string) => string;
  current: (at: { pathname: string; search: URLSearchParams; hash: string }, panel: string) => boolean;
  /** Only the propietario (and the super admin) see it ('Equipo'). */
  ownerOnly?: boolean;
};
export type NavGroup = { key: string; label: NavLabel; items: NavItem[] };

const page = (key: NavSection, path: string): NavItem => ({
  key,
  label: `staffNav.${key}`,
  href: (id) => sectionHref(path, id),
  current: ({ pathname }) => pathname === path,
});

/**
 * The staff navigation by what a restaurant does (issue 27): today's work,
 * the menu, sales, the cellar and the settings. Every label is unique; the
 * pages keep the spec's titles. (Ajustes has 'Equipo', the owner's.)
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    key: 'today',
    label: 'staffNav.groupToday',
    items: [
      {
        key: 'panel',
        label: 'staffNav.panel',
        href: (_, panel) => panel,
        current: ({ pathname, hash }, panel) => pathname === panel && hash !== `#${REDEEM_ANCHOR}`,
      },
      page('orders', ORDER_BOARD_PATH),
    ],
  },
  {
    key: 'menu',
    label: 'staffNav.groupMenu',
    items: [page('categories', '/clover-categories'), page('products', '/clover-products'), page('popups', '/popups'), page('look', '/settings')],
  },
  {
    key: 'sales',
    label: 'staffNav.groupSales',
    items: [
      page('offers', '/crear-oferta'),
      {
        key: 'redeem',
        label: 'staffNav.redeem',
        href: (_, panel) => `${panel}#${REDEEM_ANCHOR}`,
        current: ({ pathname, hash }, panel) => pathname === panel && hash === `#${REDEEM_ANCHOR}`,
      },
      page('customers', '/customer'),
    ],
  },
  {
    key: 'cellar',
    label: 'staffNav.groupCellar',
    items: [
      {
        key: 'wines',
        label: 'staffNav.wines',
        href: (id) => sectionHref('/list', id),
        current: ({ pathname, search }) => pathname === '/list' && search.get('tab') !== WINE_IMPORT_TAB,
      },
      {
        key: 'importWines',
        label: 'staffNav.importWines',
        href: (id) => `${sectionHref('/list', id)}&tab=${WINE_IMPORT_TAB}`,
        current: ({ pathname, search }) => pathname === '/list' && search.get('tab') === WINE_IMPORT_TAB,
      },
    ],
  },
  {
    key: 'settings',
    label: 'staffNav.groupSettings',
    items: [page('orderSettings', ORDER_SETTINGS_PATH), { ...page('team', '/equipo'), ownerOnly: true }],
  },
];

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

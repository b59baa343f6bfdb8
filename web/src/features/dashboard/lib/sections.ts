import type { Capability } from '../../../app/session/roles';
import type { KeysUnder } from '../../../i18n/keys';
import { ORDER_BOARD_PATH, ORDER_SETTINGS_PATH } from '../../order-board';

/** 'Mesas' (issue 31): the open tabs of the tables (?cliente_id=). */
export const TABLES_PATH = '/mesas';
/** The printable sheet of the tables' QR codes (?cliente_id=), each table's secret URL. */
export const TABLES_SHEET_PATH = '/mesas/codigos';

/** The wine page's tab of the external lookup and import (/list?tab=importar; /admin redirects there). */
export const WINE_IMPORT_TAB = 'importar';

/** The restaurant's audit log ('Actividad', issue 30). */
export const ACTIVITY_PATH = '/equipo/actividad';

/** The panel's anchor of 'Canjear cupón' (the voucher redemption card). */
export const REDEEM_ANCHOR = 'canjear';

/** A section whose label is `staffNav.<section>` (checked by tsc). */
type NavSection = KeysUnder<'staffNav'>;
/** A label of the staff navigation: an i18n key under `staffNav`. */
type NavLabel = `staffNav.${NavSection}`;

/** What a link's href and current check know: the restaurant, its panel's path, and what the role may do there. */
type Ctx = { may: (c: Capability) => boolean };

/** Where a link of the staff navigation goes, when it is the current page, and who sees it. */
export type NavItem = {
  key: string;
  /** Its label's i18n key: unique across the navigation. */
  label: NavLabel;
  /** What the person's role at the restaurant must give to see the link (app/session/roles.ts). */
  need: Capability;
  /** Shown only when the role does not give this (the waiter's read-only menu beside the editors'). */
  unless?: Capability;
  href: (clienteId: string, panel: string, ctx: Ctx) => string;
  current: (at: { pathname: string; search: URLSearchParams; hash: string }, panel: string) => boolean;
  /** Leaves the staff shell (the diner's menu): opens in a new tab. */
  external?: boolean;
};
export type NavGroup = { key: string; label: NavLabel; items: NavItem[] };

/** A page of the restaurant (?cliente_id=) that needs capability `need`. */
export const page = (key: NavSection, path: string, need: Capability): NavItem => ({
  key,
  label: `staffNav.${key}`,
  need,
  href: (id) => sectionHref(path, id),
  current: ({ pathname }) => pathname === path,
});

/** 'Canjear cupón' on its own page: the waiter's, who cannot open the panel. */
export const REDEEM_PATH = '/canjear';

/**
 * The staff navigation by what a restaurant does (issue 27): today's work,
 * the menu, sales, the cellar and the settings. Every label is unique; the
 * pages keep the spec's titles. Each link names what the role must give
 * (`need`): a cook sees only the board, a waiter the board, 'Canjear cupón'
 * and the menu read-only; 'Ajustes' takes the owner's staff pages
 * (`page('team', '/equipo', 'equipo')`).
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    key: 'today',
    label: 'staffNav.groupToday',
    items: [
      {
        key: 'panel',
        label: 'staffNav.panel',
        need: 'panel',
        href: (_, panel) => panel,
        current: ({ pathname, hash }, panel) => pathname === panel && hash !== `#${REDEEM_ANCHOR}`,
      },
      page('orders', ORDER_BOARD_PATH, 'board'),
      page('tables', TABLES_PATH, 'tables'),
    ],
  },
  {
    key: 'menu',
    label: 'staffNav.groupMenu',
    items: [
      page('categories', '/clover-categories', 'menu'),
      page('products', '/clover-products', 'menu'),
      page('popups', '/popups', 'menu'),
      page('look', '/settings', 'menu'),
      {
        key: 'menuView',
        label: 'staffNav.menuView',
        need: 'menuView',
        unless: 'menu',
        href: (id) => `/menu/${encodeURIComponent(id)}`,
        current: () => false,
        external: true,
      },
    ],
  },
  {
    key: 'sales',
    label: 'staffNav.groupSales',
    items: [
      page('offers', '/crear-oferta', 'offers'),
      {
        key: 'redeem',
        label: 'staffNav.redeem',
        need: 'redeem',
        // The panel's card for whoever opens the panel, a page of its own for the waiter.
        href: (id, panel, { may }) => (may('panel') ? `${panel}#${REDEEM_ANCHOR}` : sectionHref(REDEEM_PATH, id)),
        current: ({ pathname, hash }, panel) => (pathname === panel && hash === `#${REDEEM_ANCHOR}`) || pathname === REDEEM_PATH,
      },
      page('customers', '/customer', 'customers'),
      page('campaigns', '/campanas', 'campaigns'),
    ],
  },
  {
    key: 'cellar',
    label: 'staffNav.groupCellar',
    items: [
      {
        key: 'wines',
        label: 'staffNav.wines',
        need: 'wines',
        href: (id) => sectionHref('/list', id),
        current: ({ pathname, search }) => pathname === '/list' && search.get('tab') !== WINE_IMPORT_TAB,
      },
      {
        key: 'importWines',
        label: 'staffNav.importWines',
        need: 'wines',
        href: (id) => `${sectionHref('/list', id)}&tab=${WINE_IMPORT_TAB}`,
        current: ({ pathname, search }) => pathname === '/list' && search.get('tab') === WINE_IMPORT_TAB,
      },
    ],
  },
  {
    key: 'settings',
    label: 'staffNav.groupSettings',
    // 'Actividad', the audit log: the owner's and the super admin's.
    items: [page('orderSettings', ORDER_SETTINGS_PATH, 'orderSettings'), page('team', '/equipo', 'equipo'), page('activity', ACTIVITY_PATH, 'equipo')],
  },
];

/** The groups and links a role sees (`may`: what its role at the restaurant gives); a group left empty goes. */
export function navFor(may: (c: Capability) => boolean): NavGroup[] {
  return NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => may(i.need) && !(i.unless && may(i.unless))) })).filter(
    (g) => g.items.length > 0,
  );
}

/** The super admin's own pages (no restaurant named). */
export const PLATFORM_SECTIONS = [
  { path: '/super-admin', label: 'staffNav.platformHome' },
  { path: '/super-admin/dashboard', label: 'staffNav.restaurants' },
  { path: '/super-admin/clover-auth', label: 'staffNav.clover' },
  { path: '/super-admin/actividad', label: 'staffNav.platformActivity' },
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

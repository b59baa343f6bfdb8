import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardStyle, fontStack, getSettings, type RestaurantSettings } from '../api/settings';
import { useFetch, type FetchState } from '../lib/fetch-cache';
import { mediaUrl } from '../lib/media-url';
import { LanguageSwitch } from './LanguageSwitch';
import './diner-shell.css';

/**
 * The fetch-cache key of a restaurant's settings on the diner's pages: the
 * shell and the pages inside it (menu, cava) share one read.
 */
export const dinerSettingsKey = (clienteId: string) => `diner/${clienteId}/settings`;

/** A restaurant's look and feel on the diner's pages (needs a FetchCacheContext). */
export function useDinerSettings(clienteId: string): FetchState<RestaurantSettings> {
  return useFetch(dinerSettingsKey(clienteId), () => getSettings(clienteId));
}

/** What the diner's shell tells the pages inside it. */
export type DinerShellValue = {
  /** The restaurant shown, or null when none is known. */
  clienteId: string | null;
  /** The restaurant's name ('' until its settings load, or when it has none). */
  restaurantName: string;
  /**
   * The restaurant's settings as the shell read them (undefined until they
   * load): a page inside the shell reads them here rather than again.
   */
  settings?: RestaurantSettings;
  /** Opens the registration dialog (for visitors not signed in). */
  openRegister: () => void;
};

const DinerShellContext = createContext<DinerShellValue | null>(null);

/** The shell around the current page, or null outside the diner's pages. */
export function useDinerShell(): DinerShellValue | null {
  return useContext(DinerShellContext);
}

export type DinerNavItem = {
  key: string;
  to: string;
  label: string;
  /** Path prefixes (besides `to`'s path) for which this entry is the current page. */
  also?: string[];
  testId?: string;
  /** Not known yet to be there: its place is kept, unseen and out of reach. */
  reserved?: boolean;
};

type Props = {
  value: DinerShellValue;
  settings?: RestaurantSettings;
  /** The navigation, the same on every diner page of the restaurant. */
  nav: DinerNavItem[];
  /** The account entry: the signed-in diner's drawer, else the registration button. */
  account: ReactNode;
  children: ReactNode;
};

/** The entry of `nav` the current path belongs to (longest matching prefix wins). */
export function currentNavKey(nav: DinerNavItem[], pathname: string): string | null {
  let best: { key: string; length: number } | null = null;
  for (const item of nav) {
    const prefixes = [item.to.split('?')[0], ...(item.also ?? [])];
    for (const prefix of prefixes) {
      const hit = pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
      if (hit && (!best || prefix.length > best.length)) best = { key: item.key, length: prefix.length };
    }
  }
  return best?.key ?? null;
}

/**
 * The diner's frame on every page of a restaurant (menu, offers, ordering,
 * cart, cava, account, purchases, points): the restaurant's logo and name,
 * its background and font, the same navigation everywhere, the account entry
 * and the language switch. The page's own title (h1) is the page's.
 */
export function DinerShell({ value, settings, nav, account, children }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = currentNavKey(nav, pathname);
  const logo = settings ? mediaUrl(settings.logo) : '';
  const background = mediaUrl(settings?.backgroundImage);
  const name = value.restaurantName;
  const card = cardStyle(settings ?? {}, '10px');
  const style = {
    '--diner-font': fontStack(settings?.fontFamily),
    '--diner-card-bg': card.backgroundColor,
    '--diner-card-fg': card.color,
    '--diner-card-radius': card.borderRadius,
    ...(background ? { backgroundImage: `url("${background.replace(/"/g, '%22')}")` } : {}),
  } as CSSProperties;
  const home = value.clienteId ? `/menu/${encodeURIComponent(value.clienteId)}` : '/';

  return (
    <DinerShellContext.Provider value={value}>
      <div className="diner-shell" style={style} data-testid="diner-shell">
        <header className="diner-header">
          <div className="diner-header__bar">
            <Link className="diner-brand" to={home} data-testid="diner-brand">
              {logo ? (
                <img
                  className="diner-brand__logo"
                  src={logo}
                  alt=""
                  width={44}
                  height={44}
                  decoding="async"
                  fetchPriority="high"
                  data-testid="menu-logo"
                  onError={(e) => {
                    e.currentTarget.style.visibility = 'hidden';
                  }}
                />
              ) : (
                // The logo's place is kept while the restaurant's look loads (the name does not
                // move when it arrives); without a restaurant, or when it has no logo, no empty box.
                value.clienteId && !settings && <span className="diner-brand__logo" aria-hidden="true" />
              )}
              <span className="diner-brand__name">{name || t('app.name')}</span>
            </Link>
            {nav.length > 0 && (
              <nav className="diner-nav" aria-label={t('shell.nav')}>
                <ul className="diner-nav__list">
                  {nav.map((item) =>
                    item.reserved ? (
                      <li key={item.key} className="diner-nav__reserved" aria-hidden="true">
                        <span className="diner-nav__link">{item.label}</span>
                      </li>
                    ) : (
                      <li key={item.key}>
                        <Link
                          className="diner-nav__link"
                          to={item.to}
                          aria-current={current === item.key ? 'page' : undefined}
                          data-testid={item.testId}
                        >
                          {item.label}
                        </Link>
                      </li>
                    ),
                  )}
                </ul>
              </nav>
            )}
            <div className="diner-header__actions">
              {account}
              <LanguageSwitch />
            </div>
          </div>
        </header>
        <main className="diner-main">{children}</main>
      </div>
    </DinerShellContext.Provider>
  );
}

import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { removeMenuShell } from '../lib/shell';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { cardStyle, getSettings, DEFAULT_SETTINGS } from '../../../api/settings';
import { isApiError } from '../../../lib/api-client';
import { FetchCache, FetchCacheContext, useFetch } from '../../../lib/fetch-cache';
import { mediaUrl } from '../../../lib/media-url';
import { menuKeys } from '../api/menu-api';
import { parseMenuView } from '../lib/menu-view';
import { CategoriesView, ProductsView, SubcategoriesView } from './MenuViews';
import { CavaLink } from './CavaLink';
import { PromoPopup } from './PromoPopup';
import '../menu.css';

type Props = {
  clienteId: string;
  /** Extra controls for the header (e.g. the diner-account entry of /restaurante). */
  headerActions?: ReactNode;
  /** Content shown above the menu views (e.g. a registration call to action). */
  children?: ReactNode;
};

/**
 * The diner's digital menu of one restaurant: fixed header with the logo,
 * the restaurant's background, the three views (kept in the URL) and the
 * promotion popup. Its data lives in a fetch cache of its own (one per
 * visit), not in TanStack Query: the menu's first load stays small.
 */
export function MenuScreen(props: Props) {
  const [cache] = useState(() => new FetchCache());
  return (
    <FetchCacheContext.Provider value={cache}>
      <Menu {...props} />
    </FetchCacheContext.Provider>
  );
}

function Menu({ clienteId, headerActions, children }: Props) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? 'es').startsWith('en') ? 'en' : 'es';
  const [params] = useSearchParams();
  const view = parseMenuView(params);
  const settingsQuery = useFetch(menuKeys.settings(clienteId), () => getSettings(clienteId));
  // The server's static promotion copy must not outlive the menu screen.
  useEffect(() => removeMenuShell, []);

  // Move focus and scroll to the new view's title after a view change (not on first load).
  const search = params.toString();
  const firstRender = useRef(true);
  const headingEl = useRef<HTMLHeadingElement | null>(null);
  const headingRef = useCallback((el: HTMLHeadingElement | null) => {
    headingEl.current = el;
  }, []);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo?.({ top: 0 });
    headingEl.current?.focus({ preventScroll: true });
  }, [search]);

  useEffect(() => {
    // Configuration load errors are only logged (spec section 8).
    if (settingsQuery.isError && !(isApiError(settingsQuery.error) && settingsQuery.error.status === 404)) {
      console.warn('settings', settingsQuery.error);
    }
  }, [settingsQuery.isError, settingsQuery.error]);

  if (settingsQuery.isError && isApiError(settingsQuery.error) && settingsQuery.error.status === 404) {
    return (
      <div className="menu-page">
        <MenuHeader title={t('menu.title')} actions={headerActions} />
        <main className="menu-main">
          <p className="menu-status menu-unavailable" role="status">
            {t('menu.notAvailable')}
          </p>
        </main>
      </div>
    );
  }

  const settings = settingsQuery.data;
  const style: CSSProperties = cardStyle(settings ?? {}, '10px');
  const background = mediaUrl(settings?.backgroundImage);
  const common = { clienteId, lang, cardStyle: style, headingRef };

  let content: ReactNode;
  switch (view.kind) {
    case 'categorias':
      content = <CategoriesView {...common} />;
      break;
    case 'subcategorias':
      content = <SubcategoriesView {...common} categoryId={view.categoryId} />;
      break;
    case 'productos':
      content = (
        <ProductsView
          {...common}
          categoryId={view.categoryId}
          cloverCategoryId={view.cloverCategoryId}
          currency={settings?.moneda || DEFAULT_SETTINGS.moneda}
        />
      );
      break;
    default:
      content = (
        <p className="menu-status menu-status--error" role="alert">
          {t('menu.missingInfo')}
        </p>
      );
  }

  return (
    <div
      className="menu-page"
      style={background ? { backgroundImage: `url("${background.replace(/"/g, '%22')}")` } : undefined}
    >
      <MenuHeader
        title={t('menu.title')}
        logo={settings ? mediaUrl(settings.logo) : ''}
        restaurantName={settings?.nombre_restaurante ?? ''}
        actions={headerActions}
      />
      <main className="menu-main">
        {children}
        {content}
      </main>
      <CavaLink clienteId={clienteId} />
      <PromoPopup clienteId={clienteId} />
    </div>
  );
}

function MenuHeader({
  title,
  logo = '',
  restaurantName = '',
  actions,
}: {
  title: string;
  logo?: string;
  restaurantName?: string;
  actions?: ReactNode;
}) {
  return (
    <header className="menu-header">
      <div className="menu-header__brand">
        {logo ? (
          <img
            className="menu-header__logo"
            src={logo}
            alt={restaurantName}
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
          <span className="menu-header__logo" aria-hidden="true" />
        )}
        <div className="menu-header__titles">
          <h1 className="menu-header__title">{title}</h1>
          {restaurantName && <p className="menu-header__name">{restaurantName}</p>}
        </div>
      </div>
      <div className="menu-header__actions">
        {actions}
        <LanguageSwitch />
      </div>
    </header>
  );
}

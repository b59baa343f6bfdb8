import { lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { removeMenuShell } from '../lib/shell';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cardStyle, DEFAULT_SETTINGS } from '../../../api/settings';
import { useDinerSettings } from '../../../components/DinerShell';
import { isApiError } from '../../../lib/api-client';
import { FetchCache, FetchCacheContext } from '../../../lib/fetch-cache';
import { parseMenuView } from '../lib/menu-view';
import { CategoriesView, Loading, SubcategoriesView } from './MenuViews';
import { DinerBottomBar } from '../../../components/DinerBottomBar';
import { usePromotion } from './PromoPopup';
import '../menu.css';

const loadProductsView = () => import('./ProductsView');
const ProductsView = lazy(() => loadProductsView().then((m) => ({ default: m.ProductsView })));

type Props = {
  clienteId: string;
  /** Content shown above the menu views (e.g. a registration call to action). */
  children?: ReactNode;
};

/**
 * The diner's digital menu of one restaurant, inside the diner shell (which
 * draws the restaurant's header, navigation and background): the page
 * title, the three views (kept in the URL) and the promotion popup. Its data
 * lives in the shell's fetch cache (else one of its own), not in TanStack
 * Query: the menu's first load stays small.
 */
export function MenuScreen(props: Props) {
  const outer = useContext(FetchCacheContext);
  const [own] = useState(() => (outer ? null : new FetchCache()));
  const cache = outer ?? own!;
  return (
    <FetchCacheContext.Provider value={cache}>
      <Menu {...props} />
    </FetchCacheContext.Provider>
  );
}

function Menu({ clienteId, children }: Props) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? i18n.language ?? 'es').startsWith('en') ? 'en' : 'es';
  const [params] = useSearchParams();
  const view = parseMenuView(params);
  const settingsQuery = useDinerSettings(clienteId);
  const promotion = usePromotion(clienteId);
  // The server's static promotion copy must not outlive the menu screen.
  useEffect(() => removeMenuShell, []);
  // The products' chunk (allergen icons, diet filter) is fetched as soon as
  // the diner opens a category, so the tap on a subcategory never waits for
  // it; the first view (the categories) does not load it.
  const wantsProducts = view.kind === 'subcategorias' || view.kind === 'productos';
  useEffect(() => {
    if (wantsProducts) void loadProductsView();
  }, [wantsProducts]);

  // Move focus and scroll to the new view's title after a view change (not on
  // first load, nor when only the diet filter changed).
  const search = JSON.stringify(view);
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
        <h1 className="menu-title">{t('menu.title')}</h1>
        <p className="menu-status menu-unavailable" role="status">
          {t('menu.notAvailable')}
        </p>
      </div>
    );
  }

  const settings = settingsQuery.data;
  const style: CSSProperties = cardStyle(settings ?? {}, '10px');
  const common = { clienteId, lang, cardStyle: style, headingRef };

  let content: ReactNode;
  switch (view.kind) {
    case 'categorias':
      content = <CategoriesView {...common} settingsReady={!settingsQuery.isPending} />;
      break;
    case 'subcategorias':
      content = <SubcategoriesView {...common} categoryId={view.categoryId} />;
      break;
    case 'productos':
      content = (
        <Suspense fallback={<Loading />}>
          <ProductsView
            {...common}
            categoryId={view.categoryId}
            cloverCategoryId={view.cloverCategoryId}
            currency={settings?.moneda || DEFAULT_SETTINGS.moneda}
            taxIncluded={settings?.impuestos_incluidos}
          />
        </Suspense>
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
    <div className="menu-page">
      <h1 className="menu-title">{t('menu.title')}</h1>
      {children}
      {content}
      {promotion.dialog}
      <DinerBottomBar>{promotion.button}</DinerBottomBar>
    </div>
  );
}

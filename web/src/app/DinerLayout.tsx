import { Suspense, useCallback, useMemo, useState } from 'react';
import { Outlet, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DinerShell, useDinerSettings, type DinerNavItem, type DinerShellValue } from '../components/DinerShell';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Loading } from '../components/Loading';
import { FetchCache, FetchCacheContext } from '../lib/fetch-cache';
import { DinerAccountEntry, RegistrationDialog, dinerClienteId } from '../features/account';
import { useCavaAvailable } from '../features/menu';
import { useOnlineOrdering } from '../features/ordering';
import { recordSettingsLocale } from '../api/settings';
import { setRestaurantLocale } from '../lib/intl';

/**
 * The restaurant a diner page is about: the route's `:cliente_id`, else
 * `?menu=`, else the diner's stored restaurant (cliente_id_actualizado).
 */
export function useShellClienteId(): string | null {
  const { cliente_id: routeId } = useParams();
  const [params] = useSearchParams();
  const fromRoute = routeId && /^[1-9]\d*$/.test(routeId) ? routeId : null;
  return fromRoute ?? dinerClienteId(params);
}

/**
 * Route layout of every diner page of a restaurant (menu, offers, ordering,
 * cart, cava, the diner's own pages): the branded shell with the same
 * navigation everywhere, one registration dialog for the whole shell, and a
 * fetch cache per restaurant shared by the shell and the pages (one read of
 * the settings). Without TanStack Query: the menu's first load stays small.
 */
export default function DinerLayout() {
  const clienteId = useShellClienteId();
  // One cache per restaurant shown: another restaurant starts afresh.
  return <RestaurantCache key={clienteId ?? ''} clienteId={clienteId} />;
}

function RestaurantCache({ clienteId }: { clienteId: string | null }) {
  const [cache] = useState(() => new FetchCache());
  return (
    <FetchCacheContext.Provider value={cache}>
      <Shell clienteId={clienteId} />
    </FetchCacheContext.Provider>
  );
}

function Shell({ clienteId }: { clienteId: string | null }) {
  const location = useLocation();
  if (!clienteId) setRestaurantLocale(null);
  return clienteId ? (
    <RestaurantShell clienteId={clienteId} pathname={location.pathname} />
  ) : (
    <ShellFrame clienteId={null} pathname={location.pathname} />
  );
}

function RestaurantShell({ clienteId, pathname }: { clienteId: string; pathname: string }) {
  const settings = useDinerSettings(clienteId);
  // The restaurant's locale and zone for every price and date of its pages (also when its settings come from the cache).
  recordSettingsLocale(settings.data);
  const ordering = useOnlineOrdering(clienteId);
  const cava = useCavaAvailable(clienteId, pathname.startsWith('/cava/'));
  return (
    <ShellFrame
      clienteId={clienteId}
      pathname={pathname}
      settings={settings.data}
      ordering={ordering}
      cava={cava}
    />
  );
}

function ShellFrame({
  clienteId,
  pathname,
  settings,
  ordering = false,
  cava = false,
}: {
  clienteId: string | null;
  pathname: string;
  settings?: Parameters<typeof DinerShell>[0]['settings'];
  /** Undefined while unknown. */
  ordering?: boolean;
  /** Undefined while unknown. */
  cava?: boolean;
}) {
  const { t } = useTranslation();
  const [registering, setRegistering] = useState(false);
  const openRegister = useCallback(() => setRegistering(true), []);
  const restaurantName = settings?.nombre_restaurante ?? '';
  const value = useMemo<DinerShellValue>(
    () => ({ clienteId, restaurantName, settings: settings ?? undefined, openRegister }),
    [clienteId, restaurantName, settings, openRegister],
  );
  const nav = clienteId ? shellNav(clienteId, { ordering, cava }, t) : [];

  return (
    <DinerShell
      value={value}
      settings={settings}
      nav={nav}
      account={<DinerAccountEntry clienteId={clienteId} onRegister={openRegister} />}
    >
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      {registering && <RegistrationDialog clienteId={clienteId} onClose={() => setRegistering(false)} />}
    </DinerShell>
  );
}

/**
 * The diner's navigation of a restaurant: Menú, Ofertas, and Ordena en Línea
 * and Cava when it has them. While it is not known yet whether it has them
 * (undefined) their entries keep their place, unseen (`reserved`): a link
 * that joins later never moves the others, nor does the header change.
 */
export function shellNav(
  clienteId: string,
  has: { ordering: boolean | undefined; cava: boolean | undefined },
  t: TFunction,
): DinerNavItem[] {
  const id = encodeURIComponent(clienteId);
  const nav: DinerNavItem[] = [
    {
      key: 'menu',
      to: `/menu/${id}`,
      label: t('shell.menu'),
      also: [`/clientes/menu/${id}`, `/restaurante/${id}`],
      testId: 'shell-nav-menu',
    },
    {
      key: 'offers',
      to: `/usuario/ofertas?menu=${id}`,
      label: t('shell.offers'),
      also: ['/usuario/ofertas'],
      testId: 'shell-nav-offers',
    },
  ];
  if (has.ordering !== false) {
    nav.push({
      reserved: has.ordering === undefined,
      key: 'ordering',
      to: `/ordenar-en-linea/${id}`,
      label: t('shell.ordering'),
      also: [`/carrito/${id}`, `/checkout/${id}`, '/pedido/'],
      testId: 'shell-nav-ordering',
    });
  }
  if (has.cava !== false)
    nav.push({ key: 'cava', to: `/cava/${id}`, label: t('shell.cava'), testId: 'menu-cava-link', reserved: has.cava === undefined });
  return nav;
}

import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { BareLayout } from '../components/BareLayout';
import { Layout } from '../components/Layout';
import { RequireRole } from './guards';

// Every page is its own chunk: the public diner menu never downloads admin code.
const QueryLayout = lazy(() => import('./QueryLayout'));
const NotBuiltYet = lazy(() => import('../components/NotBuiltYet'));
const WelcomePage = lazy(() => import('../features/welcome/routes/WelcomePage'));
const LoginPage = lazy(() => import('../features/auth/routes/LoginPage'));
const SuperAdminLoginPage = lazy(() => import('../features/auth/routes/SuperAdminLoginPage'));
const SuperAdminHomePage = lazy(() => import('../features/super-admin/routes/SuperAdminHomePage'));
const DashboardPage = lazy(() => import('../features/dashboard/routes/DashboardPage'));
const MenuPage = lazy(() => import('../features/menu/routes/MenuPage'));
const RestauranteMenuPage = lazy(() => import('../features/menu/routes/RestauranteMenuPage'));
const SettingsPage = lazy(() => import('../features/settings/routes/SettingsPage'));
const PopupsPage = lazy(() => import('../features/popups/routes/PopupsPage'));

/** The diner menu draws its own fixed header (logo, title, language switch). */
const MENU_ROUTES = ['/menu/:cliente_id', '/clientes/menu/:cliente_id'];
const RESTAURANTE_MENU_ROUTES = ['/restaurante/:cliente_id', '/restaurante/:cliente_id/menu'];

/** Routes owned by later issues; each shows the "not built yet" page for now. */
const PUBLIC_PENDING = [
  '/establecer-password',
  '/registro',
  '/usuario/cuenta',
  '/usuario/ofertas',
  '/usuario/mis-compras',
  '/usuario/mis-puntos',
  '/usuario/restaurantes',
  '/usuario/:usuario_id',
  '/usuario/:usuario_id/ofertas',
  '/usuario/:usuario_id/cuenta',
  '/restaurante/seleccion',
  '/seleccionar-cliente',
  '/ordenar-en-linea/:cliente_id',
  '/carrito/:cliente_id',
  '/checkout/:cliente_id',
  '/cava/:cliente_id',
];
const SUPERADMIN_PENDING = [
  '/super-admin/dashboard',
  '/super-admin/clover-auth',
  '/super-admin/dashboard/:cliente_id',
  '/admin',
];
const CLIENTE_PENDING = [
  '/clover-categories',
  '/clover-products',
  '/crear-oferta',
  '/customer',
];
const STAFF_PENDING = ['/list'];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<BareLayout />}>
        <Route element={<QueryLayout />}>
          {MENU_ROUTES.map((path) => (
            <Route key={path} path={path} element={<MenuPage />} />
          ))}
          {RESTAURANTE_MENU_ROUTES.map((path) => (
            <Route key={path} path={path} element={<RestauranteMenuPage />} />
          ))}
        </Route>
      </Route>
      <Route element={<Layout />}>
        <Route index element={<WelcomePage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/super-admin/login" element={<SuperAdminLoginPage />} />
        <Route element={<QueryLayout />}>
          {PUBLIC_PENDING.map((path) => (
            <Route key={path} path={path} element={<NotBuiltYet />} />
          ))}

          <Route element={<RequireRole allow="superadmin" />}>
            <Route path="/super-admin" element={<SuperAdminHomePage />} />
            {SUPERADMIN_PENDING.map((path) => (
              <Route key={path} path={path} element={<NotBuiltYet />} />
            ))}
          </Route>

          <Route element={<RequireRole allow="cliente" />}>
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/popups" element={<PopupsPage />} />
            {CLIENTE_PENDING.map((path) => (
              <Route key={path} path={path} element={<NotBuiltYet />} />
            ))}
          </Route>

          <Route element={<RequireRole allow="staff" />}>
            <Route path="/dashboard/:cliente_id" element={<DashboardPage />} />
            {STAFF_PENDING.map((path) => (
              <Route key={path} path={path} element={<NotBuiltYet />} />
            ))}
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

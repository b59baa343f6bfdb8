import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Layout } from '../components/Layout';
import { RegisterCallToAction } from '../features/account';
import DinerLayout from './DinerLayout';
import { RequireRole } from './guards';
import { loadTexts, type TextsPart } from './i18n';

// Every page is its own chunk: the public diner menu never downloads admin code.
/** A staff page: its chunk and the staff pages' texts load together. */
function withTexts<P extends object>(part: TextsPart, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => Promise.all([load(), loadTexts(part)]).then(([m]) => m));
}
const staffPage = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) => withTexts('staff', load);
const accessPage = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) => withTexts('access', load);

const QueryLayout = lazy(() => import('./QueryLayout'));
const WelcomePage = lazy(() => import('../features/welcome/routes/WelcomePage'));
const LoginPage = lazy(() => import('../features/auth/routes/LoginPage'));
const SuperAdminLoginPage = lazy(() => import('../features/auth/routes/SuperAdminLoginPage'));
const SuperAdminHomePage = staffPage(() => import('../features/super-admin/routes/SuperAdminHomePage'));
const StaffLayout = staffPage(() => import('../features/dashboard/routes/StaffLayout'));
const TablesSheetPage = staffPage(() => import('../features/dashboard/routes/TablesSheetPage'));
const DashboardPage = staffPage(() => import('../features/dashboard/routes/DashboardPage'));
const PlatformDashboardPage = staffPage(() => import('../features/super-admin/routes/PlatformDashboardPage'));
const CloverAuthPage = staffPage(() => import('../features/super-admin/routes/CloverAuthPage'));
const SetPasswordPage = accessPage(() => import('../features/auth/routes/SetPasswordPage'));
const CloverConnectionPage = accessPage(() => import('../features/pos-connect/routes/CloverConnectionPage'));
const ForgotPasswordPage = accessPage(() => import('../features/auth/routes/ForgotPasswordPage'));
const ResetPasswordPage = accessPage(() => import('../features/auth/routes/ResetPasswordPage'));
const MenuPage = lazy(() => import('../features/menu/routes/MenuPage'));
const RestauranteMenuPage = lazy(() => import('../features/account/routes/RestauranteMenuPage'));
const UserPanelPage = lazy(() => import('../features/account/routes/UserPanelPage'));
const AccountPage = lazy(() => import('../features/account/routes/AccountPage'));
const PurchasesPage = lazy(() => import('../features/account/routes/PurchasesPage'));
const PointsPage = lazy(() => import('../features/account/routes/PointsPage'));
const MyRestaurantsPage = lazy(() => import('../features/account/routes/MyRestaurantsPage'));
const SelectRestaurantPage = lazy(() => import('../features/account/routes/SelectRestaurantPage'));
const DinerForgotPasswordPage = accessPage(() => import('../features/account/routes/DinerForgotPasswordPage'));
const DinerResetPasswordPage = accessPage(() => import('../features/account/routes/DinerResetPasswordPage'));
const PrivacyPage = accessPage(() => import('../features/privacy/routes/PrivacyPage'));
const SettingsPage = staffPage(() => import('../features/settings/routes/SettingsPage'));
const PopupsPage = staffPage(() => import('../features/popups/routes/PopupsPage'));
const CategoriesPage = staffPage(() => import('../features/admin/routes/CategoriesPage'));
const ProductsPage = staffPage(() => import('../features/admin/routes/ProductsPage'));
const CreateOfferPage = staffPage(() => import('../features/offers/routes/CreateOfferPage'));
const CustomersPage = staffPage(() => import('../features/customers/routes/CustomersPage'));
const ActivityPage = staffPage(() => import('../features/activity/routes/ActivityPage'));
const PlatformActivityPage = staffPage(() => import('../features/activity/routes/PlatformActivityPage'));
const DinerOffersPage = lazy(() => import('../features/offers/routes/DinerOffersPage'));
const DemoCheckoutPage = withTexts('checkout', () => import('../features/checkout/routes/DemoCheckoutPage'));
const OrderOnlinePage = withTexts('checkout', () => import('../features/ordering/routes/OrderOnlinePage'));
const CartPage = withTexts('checkout', () => import('../features/ordering/routes/CartPage'));
const CheckoutPage = withTexts('checkout', () => import('../features/ordering/routes/CheckoutPage'));
const OrderPage = withTexts('checkout', () => import('../features/ordering/routes/OrderPage'));
const TablePages = withTexts('checkout', () => import('../features/ordering/routes/TablePages'));
const OrderBoardPage = staffPage(() => import('../features/order-board/routes/OrderBoardPage'));
const TablesPage = staffPage(() => import('../features/tables/routes/TablesPage'));
const OrderSettingsPage = staffPage(() => import('../features/order-board/routes/OrderSettingsPage'));
const CavaPage = lazy(() => import('../features/wines/routes/CavaPage'));
const TeamPage = staffPage(() => import('../features/team/routes/TeamPage'));
const MySessionsPage = staffPage(() => import('../features/team/routes/MySessionsPage'));
const InvitationPage = accessPage(() => import('../features/team/routes/InvitationPage'));
const WinesListPage = staffPage(() => import('../features/wines/routes/WinesListPage'));
const RedeemPage = staffPage(() => import('../features/dashboard/routes/RedeemPage'));
const PickRestaurantPage = staffPage(() => import('../features/auth/routes/PickRestaurantPage'));

/** The diner menu's routes: the restaurant's home for a diner (the QR code opens /menu/{id}). */
const MENU_ROUTES = ['/menu/:cliente_id', '/clientes/menu/:cliente_id'];
const RESTAURANTE_MENU_ROUTES = ['/restaurante/:cliente_id', '/restaurante/:cliente_id/menu'];

/** /admin (the spec's wine 'Panel de Administración') is now the import tab of /list: same restaurant, same query. */
function WinesAdminRedirect() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('tab', 'importar');
  return <Navigate to={`/list?${params.toString()}`} replace />;
}

/** 'Registrarse para más funciones' above the menu for visitors not signed in (the dialog's code loads on demand). */
const registerCall = (clienteId: string) => <RegisterCallToAction clienteId={clienteId} />;

export function AppRoutes() {
  return (
    <Routes>
      {/*
        Every diner page of a restaurant shares one branded shell (logo, name, background, font,
        navigation, account entry): DinerLayout. The menu, the cava and the ordering page read without
        TanStack Query.
      */}
      <Route element={<DinerLayout />}>
        {MENU_ROUTES.map((path) => (
          <Route key={path} path={path} element={<MenuPage aboveMenu={registerCall} />} />
        ))}
        {RESTAURANTE_MENU_ROUTES.map((path) => (
          <Route key={path} path={path} element={<RestauranteMenuPage />} />
        ))}
        {/* The public cava (issue 14). */}
        <Route path="/cava/:cliente_id" element={<CavaPage />} />
        <Route path="/ordenar-en-linea/:cliente_id" element={<OrderOnlinePage />} />
        {/* Tables (issue 31): a table's printed QR; its tab /cuenta/:id (?t=) and a payment's receipt /cuenta/:id/pago/:pago_id (?p=). */}
        <Route path="/mesa/:cliente_id/:codigo" element={<TablePages />} />
        <Route path="/cuenta/*" element={<TablePages />} />
        {/* The restaurant's privacy notice (issue 29): public, its texts with the access pages'. */}
        <Route path="/privacidad/:cliente_id" element={<PrivacyPage />} />
        {/* A diner's '¿Olvidaste tu contraseña?' and the reset link's page, in the restaurant's shell (?menu=). */}
        <Route path="/usuario/recuperar-password" element={<DinerForgotPasswordPage />} />
        <Route path="/usuario/restablecer-password" element={<DinerResetPasswordPage />} />
        <Route element={<QueryLayout />}>
          {/* Diner accounts (issue 5): the user panel embeds the menu; the diner's own pages. */}
          <Route path="/usuario/:usuario_id" element={<UserPanelPage />} />
          <Route path="/usuario/cuenta" element={<AccountPage />} />
          <Route path="/usuario/:usuario_id/cuenta" element={<AccountPage />} />
          <Route path="/usuario/mis-compras" element={<PurchasesPage />} />
          <Route path="/usuario/mis-puntos" element={<PointsPage />} />
          <Route path="/usuario/restaurantes" element={<MyRestaurantsPage />} />
          {/* Offers (issue 6): the diner's coupons. */}
          <Route path="/usuario/ofertas" element={<DinerOffersPage />} />
          <Route path="/usuario/:usuario_id/ofertas" element={<DinerOffersPage />} />
          {/* Online ordering for pickup (issue 12): the cart, the checkout and the order. */}
          <Route path="/ordenar-en-linea" element={<Navigate to="/seleccionar-cliente" replace />} />
          <Route path="/carrito/:cliente_id" element={<CartPage />} />
          <Route path="/checkout/:cliente_id" element={<CheckoutPage />} />
          <Route path="/pedido/:id" element={<OrderPage />} />
        </Route>
      </Route>
      <Route element={<Layout />}>
        <Route index element={<WelcomePage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/super-admin/login" element={<SuperAdminLoginPage />} />
        {/* The onboarding link (issue 13): public, its token is the credential. */}
        <Route path="/establecer-password" element={<SetPasswordPage />} />
        {/* Where Clover's OAuth flow lands (GET /api/clover/oauth/callback): public, says how it went. */}
        <Route path="/clover/conexion" element={<CloverConnectionPage />} />
        {/* '¿Olvidaste tu contraseña?' of owners and the super admin: the request and the reset link's page. */}
        <Route path="/recuperar-password" element={<ForgotPasswordPage />} />
        <Route path="/restablecer-password" element={<ResetPasswordPage />} />
        <Route path="/super-admin/recuperar-password" element={<ForgotPasswordPage superAdmin />} />
        <Route path="/super-admin/restablecer-password" element={<ResetPasswordPage superAdmin />} />
        <Route element={<QueryLayout />}>
          {/* Registration starts from a restaurant: pick one, then 'Registrarse para más funciones'. */}
          <Route path="/registro" element={<Navigate to="/restaurante/seleccion" replace />} />
          <Route path="/restaurante/seleccion" element={<SelectRestaurantPage />} />
          <Route path="/seleccionar-cliente" element={<SelectRestaurantPage />} />
          {/* The demo hosted checkout (issue 6). */}
          <Route path="/demo/checkout/:session_id" element={<DemoCheckoutPage />} />
          {/* A staff invitation's link (issue 30): public, its token is the credential. */}
          <Route path="/invitacion" element={<InvitationPage />} />

          {/* A person who works at several restaurants picks one after signing in. */}
          <Route element={<RequireRole allow="cliente" />}>
            <Route path="/elegir-restaurante" element={<PickRestaurantPage />} />
          </Route>

          {/* Every staff page: one shell with the panel's navigation (issue 15). */}
          <Route element={<StaffLayout />}>
            <Route element={<RequireRole allow="superadmin" />}>
              <Route path="/super-admin" element={<SuperAdminHomePage />} />
              <Route path="/super-admin/dashboard" element={<PlatformDashboardPage />} />
              <Route path="/super-admin/clover-auth" element={<CloverAuthPage />} />
              {/* Every restaurant's audit log (issue 30). */}
              <Route path="/super-admin/actividad" element={<PlatformActivityPage />} />
              {/* The restaurant's own panel, acting on that restaurant. */}
              <Route path="/super-admin/dashboard/:cliente_id" element={<DashboardPage />} />
            </Route>

            {/* Each restaurant page needs what the person's role there gives (PAGE_NEEDS in app/session/roles.ts), checked by StaffLayout. */}
            <Route element={<RequireRole allow="cliente" />}>
              <Route path="/settings" element={<SettingsPage />} />
              <Route path="/popups" element={<PopupsPage />} />
              <Route path="/clover-categories" element={<CategoriesPage />} />
              <Route path="/clover-products" element={<ProductsPage />} />
              <Route path="/crear-oferta" element={<CreateOfferPage />} />
              {/* 'Clientes': the restaurant's registered diners. */}
              <Route path="/customer" element={<CustomersPage />} />
              {/* 'Equipo' (issue 30): the owner's staff, invitations and sessions. */}
              <Route path="/equipo" element={<TeamPage />} />
            </Route>

            <Route element={<RequireRole allow="staff" />}>
              <Route path="/dashboard/:cliente_id" element={<DashboardPage />} />
              {/* A staff person's own sessions and password (issue 30): every role's. */}
              <Route path="/mis-sesiones" element={<MySessionsPage />} />
              {/* Online ordering, the kitchen's side (issue 12): the live board and its settings. */}
              <Route path="/pedidos" element={<OrderBoardPage />} />
              <Route path="/pedidos/ajustes" element={<OrderSettingsPage />} />
              {/* 'Canjear cupón' on its own: the waiter's (the panel has the same card). */}
              <Route path="/canjear" element={<RedeemPage />} />
              {/* Ordering at the table (issue 31): the open tabs ('Mesas') and the printable sheet of the tables' QR codes. */}
              <Route path="/mesas" element={<TablesPage />} />
              <Route path="/mesas/codigos" element={<TablesSheetPage />} />
              {/* The wine cellar (issue 14): the owner's or, with ?cliente_id=, the super admin's; its lookup and import is a tab. */}
              <Route path="/list" element={<WinesListPage />} />
              <Route path="/admin" element={<WinesAdminRedirect />} />
              {/* The restaurant's audit log (issue 30): its owner's and the super admin's. */}
              <Route path="/equipo/actividad" element={<ActivityPage />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

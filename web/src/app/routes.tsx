import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Layout } from '../components/Layout';
import { RegisterCallToAction } from '../features/account';
import DinerLayout from './DinerLayout';
import { accessPage, withTexts } from './lazy-page';

// Every page is its own chunk: the public diner menu never downloads admin code.

const QueryLayout = lazy(() => import('./QueryLayout'));
const StaffRoutes = lazy(() => import('./StaffRoutes'));
const WelcomePage = lazy(() => import('../features/welcome/routes/WelcomePage'));
const LoginPage = lazy(() => import('../features/auth/routes/LoginPage'));
const SuperAdminLoginPage = lazy(() => import('../features/auth/routes/SuperAdminLoginPage'));
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
const UnsubscribePage = accessPage(() => import('../features/campaigns/routes/UnsubscribePage'));
const DinerOffersPage = lazy(() => import('../features/offers/routes/DinerOffersPage'));
const DemoCheckoutPage = withTexts('checkout', () => import('../features/checkout/routes/DemoCheckoutPage'));
const OrderOnlinePage = withTexts('checkout', () => import('../features/ordering/routes/OrderOnlinePage'));
const CartPage = withTexts('checkout', () => import('../features/ordering/routes/CartPage'));
const CheckoutPage = withTexts('checkout', () => import('../features/ordering/routes/CheckoutPage'));
const OrderPage = withTexts('checkout', () => import('../features/ordering/routes/OrderPage'));
const TablePages = withTexts('checkout', () => import('../features/ordering/routes/TablePages'));
const CavaPage = lazy(() => import('../features/wines/routes/CavaPage'));
const InvitationPage = accessPage(() => import('../features/team/routes/InvitationPage'));

/** The diner menu's routes: the restaurant's home for a diner (the QR code opens /menu/{id}). */
const MENU_ROUTES = ['/menu/:cliente_id', '/clientes/menu/:cliente_id'];
const RESTAURANTE_MENU_ROUTES = ['/restaurante/:cliente_id', '/restaurante/:cliente_id/menu'];

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
        {/* A marketing e-mail's unsubscribe link (issue 32): public, says what it does, its button POSTs the one-click unsubscribe. */}
        <Route path="/baja" element={<UnsubscribePage />} />
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

          {/* Every staff page, and any other path (to the welcome page): their own chunk (app/StaffRoutes.tsx), which the diner menu never loads. */}
          <Route path="*" element={<StaffRoutes />} />
        </Route>
      </Route>
    </Routes>
  );
}

import { Navigate, Route, Routes, useLocation } from 'react-router';
import { RequireRole } from './guards';
import { staffPage } from './lazy-page';

/*
 * Every staff page's route, in a chunk of its own: the app's entry (which the
 * diner menu loads) holds one splat route to it instead of every staff
 * page's lazy import. Any path no route knows goes to the welcome page.
 */
const SuperAdminHomePage = staffPage(() => import('../features/super-admin/routes/SuperAdminHomePage'));
const StaffLayout = staffPage(() => import('../features/dashboard/routes/StaffLayout'));
const TablesSheetPage = staffPage(() => import('../features/dashboard/routes/TablesSheetPage'));
const DashboardPage = staffPage(() => import('../features/dashboard/routes/DashboardPage'));
const PlatformDashboardPage = staffPage(() => import('../features/super-admin/routes/PlatformDashboardPage'));
const CloverAuthPage = staffPage(() => import('../features/super-admin/routes/CloverAuthPage'));
const SettingsPage = staffPage(() => import('../features/settings/routes/SettingsPage'));
const PopupsPage = staffPage(() => import('../features/popups/routes/PopupsPage'));
const CategoriesPage = staffPage(() => import('../features/admin/routes/CategoriesPage'));
const ProductsPage = staffPage(() => import('../features/admin/routes/ProductsPage'));
const CreateOfferPage = staffPage(() => import('../features/offers/routes/CreateOfferPage'));
const CustomersPage = staffPage(() => import('../features/customers/routes/CustomersPage'));
const CampaignsPage = staffPage(() => import('../features/campaigns/routes/CampaignsPage'));
const ActivityPage = staffPage(() => import('../features/activity/routes/ActivityPage'));
const PlatformActivityPage = staffPage(() => import('../features/activity/routes/PlatformActivityPage'));
const OrderBoardPage = staffPage(() => import('../features/order-board/routes/OrderBoardPage'));
const TablesPage = staffPage(() => import('../features/tables/routes/TablesPage'));
const OrderSettingsPage = staffPage(() => import('../features/order-board/routes/OrderSettingsPage'));
const TeamPage = staffPage(() => import('../features/team/routes/TeamPage'));
const MySessionsPage = staffPage(() => import('../features/team/routes/MySessionsPage'));
const WinesListPage = staffPage(() => import('../features/wines/routes/WinesListPage'));
const RedeemPage = staffPage(() => import('../features/dashboard/routes/RedeemPage'));
const PickRestaurantPage = staffPage(() => import('../features/auth/routes/PickRestaurantPage'));

/** /admin (the spec's wine 'Panel de Administración') is now the import tab of /list: same restaurant, same query. */
function WinesAdminRedirect() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('tab', 'importar');
  return <Navigate to={`/list?${params.toString()}`} replace />;
}

export default function StaffRoutes() {
  return (
    <Routes>
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
          {/* 'Campañas' (issue 32): campaigns to the diners who consented, owner and manager. */}
          <Route path="/campanas" element={<CampaignsPage />} />
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
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

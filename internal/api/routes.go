package api

import (
	"net/http"

	"carta/internal/tenant"
)

// access is who may call a route; the guard checks it before the handler,
// which then checks the restaurant or the diner (scope.go).
type access int

const (
	public     access = iota // anyone
	signedIn                 // any valid token
	diner                    // a diner's token
	superAdmin               // a super admin
	// A restaurant's staff with one of the roles below at the restaurant
	// the request acts on, or a super admin.
	owner   // propietario: the card, the fees, the staff
	manager // propietario, gerente: everything but billing and staff
	kitchen // propietario, gerente, cocina: the board, pausing, sold-out
	floor   // propietario, gerente, mesero: the board, vouchers
	crew    // every staff role: the board, the menu read-only
)

// roles are the staff roles an access admits (none for a non-staff access).
func (a access) roles() []tenant.StaffRole {
	switch a {
	case owner:
		return []tenant.StaffRole{tenant.Propietario}
	case manager:
		return []tenant.StaffRole{tenant.Propietario, tenant.Gerente}
	case kitchen:
		return []tenant.StaffRole{tenant.Propietario, tenant.Gerente, tenant.Cocina}
	case floor:
		return []tenant.StaffRole{tenant.Propietario, tenant.Gerente, tenant.Mesero}
	case crew:
		return tenant.StaffRoles
	}
	return nil
}

// route is one entry of the route table: the one list the router is built
// from and the OpenAPI and access-matrix tests check.
type route struct {
	method, pattern string
	access          access
	handler         handler
}

// guard wraps h so only callers with the route's access reach it: no or bad
// token → 401, wrong role → 403.
func (s *Server) guard(a access, h http.HandlerFunc) http.HandlerFunc {
	switch a {
	case signedIn:
		return s.Auth.Require(h)
	case diner:
		return s.Auth.Require(h, tenant.RoleUsuario)
	case owner, manager, kitchen, floor, crew:
		return s.Auth.Staff(h, a.roles()...)
	case superAdmin:
		return s.Auth.SuperAdmin(h)
	}
	return h
}

// routes is the API's route table.
func (s *Server) routes() []route {
	return []route{
		{"GET", "/api/openapi.json", public, s.openAPI},

		// Staff sign-in and sessions (auth.go).
		{"POST", "/api/login", public, s.login},
		{"POST", "/api/auth/login", public, s.login},
		{"POST", "/api/auth/validate", crew, s.validate},
		// The restaurant a staff session acts on (the switcher).
		{"POST", "/api/auth/restaurante", crew, s.switchRestaurant},
		{"POST", "/api/auth/logout", signedIn, s.logout},
		// A staff person's own sessions and password: the list (the
		// current one marked), "sign out everywhere else", ending one,
		// changing the password (which ends the others) (equipo.go).
		{"GET", "/api/auth/sesiones", crew, s.mySessions},
		{"DELETE", "/api/auth/sesiones", crew, s.endOtherSessions},
		{"DELETE", "/api/auth/sesiones/{id}", crew, s.endMySession},
		{"POST", "/api/auth/password", crew, s.changeStaffPassword},
		// 'Equipo': the owner's staff page, invitations and their
		// acceptance, the super admin's link of an existing person
		// (equipo.go).
		{"GET", "/api/clientes/{cliente_id}/equipo", owner, s.team},
		{"POST", "/api/clientes/{cliente_id}/equipo/invitaciones", owner, s.invite},
		{"DELETE", "/api/clientes/{cliente_id}/equipo/invitaciones/{id}", owner, s.cancelInvite},
		{"PUT", "/api/clientes/{cliente_id}/equipo/{staff_user_id}", owner, s.setStaffRole},
		{"DELETE", "/api/clientes/{cliente_id}/equipo/{staff_user_id}", owner, s.removeStaff},
		{"DELETE", "/api/clientes/{cliente_id}/sesiones/{id}", owner, s.endStaffSession},
		{"POST", "/api/clientes/{cliente_id}/equipo/vincular", superAdmin, s.linkStaff},
		{"POST", "/api/invitacion/enlace", public, s.invitationState},
		{"POST", "/api/invitacion", public, s.acceptInvitation},
		// '¿Olvidaste tu contraseña?' of owners and the super admin: the
		// request, the link's state, the new password (auth.go).
		{"POST", "/api/auth/recuperar", public, s.requestStaffReset},
		{"POST", "/api/auth/restablecer/enlace", public, s.staffResetLink},
		{"POST", "/api/auth/restablecer", public, s.resetStaffPassword},

		// Diner accounts: a diner acts only on their own (accounts.go).
		{"POST", "/api/usuarios/registro", public, s.registerUsuario},
		{"POST", "/api/auth/login-usuario", public, s.loginUsuario},
		// '¿Olvidaste tu contraseña?' of diners (accounts.go).
		{"POST", "/api/auth/recuperar-usuario", public, s.requestDinerReset},
		{"POST", "/api/auth/restablecer-usuario/enlace", public, s.dinerResetLink},
		{"POST", "/api/auth/restablecer-usuario", public, s.resetDinerPassword},
		{"POST", "/api/usuarios/send-email", diner, s.sendWelcome},
		{"GET", "/api/usuario/menu", diner, s.usuarioMenu},
		{"GET", "/api/usuarios/{usuario_id}", diner, ofDiner(s.Accounts.Profile)},
		{"PUT", "/api/usuarios/{usuario_id}", diner, s.updateUsuario},
		{"DELETE", "/api/usuarios/{usuario_id}", diner, s.deleteUsuario},
		{"POST", "/api/usuarios/{usuario_id}/password", diner, s.changeUsuarioPassword},
		// The diner's own sessions: the list (the current one marked),
		// ending one, "sign out everywhere else".
		{"GET", "/api/usuarios/{usuario_id}/sesiones", diner, s.dinerSessions},
		{"DELETE", "/api/usuarios/{usuario_id}/sesiones", diner, s.endOtherDinerSessions},
		{"DELETE", "/api/usuarios/{usuario_id}/sesiones/{id}", diner, s.endDinerSession},
		{"GET", "/api/usuarios/{usuario_id}/compras", diner, ofDinerIn(s.Offers.Compras)},
		{"GET", "/api/usuarios/{usuario_id}/compras/{compra_id}/qr", diner, s.voucherQR},
		{"GET", "/api/usuarios/{usuario_id}/puntos", diner, ofDinerIn(s.Accounts.Points)},
		{"GET", "/api/usuarios/{usuario_id}/pedidos", diner, ofDiner(s.Ordering.DinerOrders)},
		{"GET", "/api/usuarios/{usuario_id}/restaurantes", diner, ofDiner(s.Accounts.Restaurants)},
		{"POST", "/api/usuarios/{usuario_id}/restaurantes", diner, s.touchUsuarioRestaurante},
		{"GET", "/api/restaurantes", public, s.listRestaurantes},

		// Coupon offers and the platform's fees: card on file, offers,
		// purchases, vouchers, fees (offers.go).
		{"GET", "/api/billing/config", public, s.billingConfig},
		{"GET", "/api/clientes/{cliente_id}/verificar_tarjeta", owner, s.verifyCard},
		{"POST", "/api/clientes/{cliente_id}/setup-tarjeta", owner, s.setupCard},
		{"POST", "/api/clientes/{cliente_id}/agregar-tarjeta", owner, s.registerCard},
		{"POST", "/api/cupones", manager, s.createCupon},
		{"GET", "/api/cupones", public, s.listCupones},
		{"GET", "/api/clientes/{cliente_id}/cupones", manager, ofTenant(s.Offers.Offers)},
		{"PUT", "/api/cupones/{id}/estado", manager, s.setCuponEstado},
		{"GET", "/api/clientes/{cliente_id}/merchant", public, s.clienteMerchant},
		{"POST", "/api/checkout-clover", diner, s.checkoutCoupon},
		{"GET", "/api/demo/checkout/{session_id}", public, s.demoCheckoutSession},
		{"POST", "/api/demo/checkout/{session_id}/pay", public, s.demoCheckoutResult(true)},
		{"POST", "/api/demo/checkout/{session_id}/decline", public, s.demoCheckoutResult(false)},
		{"POST", "/api/clientes/{cliente_id}/vouchers/canjear", floor, s.redeemVoucher},
		{"GET", "/api/clientes/{cliente_id}/fees", owner, ofTenant(s.Billing.Fees)},
		// The restaurant panel's summary: orders, coupons, revenue, and the
		// fees for the owner (panel.go).
		{"GET", "/api/clientes/{cliente_id}/resumen", manager, s.summary},
		{"GET", "/api/clientes/{cliente_id}/resumen.csv", manager, s.exportSummary},
		// The panel's first-run checklist; printing the QR codes is recorded
		// when the staff opens the sheet or downloads the code (primeros_pasos.go).
		{"GET", "/api/clientes/{cliente_id}/primeros-pasos", manager, s.firstSteps},
		{"PUT", "/api/clientes/{cliente_id}/primeros-pasos/qr", manager, s.markQRPrinted},
		// The restaurant's diners ('Clientes'): the list and the export of
		// the contactable ones (comensales.go).
		{"GET", "/api/clientes/{cliente_id}/usuarios", manager, s.listComensales},
		{"GET", "/api/clientes/{cliente_id}/usuarios.csv", manager, s.exportComensales},
		// The audit log: the owner reads the restaurant's, the super admin
		// every restaurant's; append-only, no route edits it (audit.go).
		{"GET", "/api/clientes/{cliente_id}/actividad", owner, s.activity},
		{"GET", "/api/admin/actividad", superAdmin, s.platformActivity},
		{"GET", "/api/admin/fees", superAdmin, list(s.Billing.FailedFees)},
		{"GET", "/api/admin/reembolsos", superAdmin, list(s.Offers.RefundsOwed)},
		{"POST", "/api/admin/reembolsos/{compra_id}", superAdmin, s.markRefunded},
		{"POST", "/api/admin/reembolsos/{compra_id}/reembolsar", superAdmin, s.refundPurchase},
		{"GET", "/api/admin/outbox", superAdmin, list(s.outbox)},
		{"POST", "/api/admin/outbox/{id}/reenviar", superAdmin, s.resendMail},
		{"POST", "/api/admin/fees/{id}/reintentar", superAdmin, s.retryFee},
		{"GET", "/api/admin/pedidos/reembolsos", superAdmin, list(s.Ordering.RefundsOwed)},
		{"GET", "/api/admin/pagos/reembolsos", superAdmin, list(s.Refunds.Owed)},
		{"GET", "/api/admin/resumen", superAdmin, list(s.oversight)},
		{"POST", "/api/webhooks/clover-checkout", public, s.cloverCheckoutWebhook},
		{"POST", "/api/webhooks/stripe", public, s.stripeWebhook},
		{"GET", "/api/webhooks/whatsapp", public, s.whatsappVerify},
		{"POST", "/api/webhooks/whatsapp", public, s.whatsappWebhook},
		{"POST", "/api/webhooks/twilio", public, s.twilioWebhook},

		// Online ordering for pickup: the diner's side is public (a signed-in
		// diner's token links the order to the account; an order's page takes
		// its token), the kitchen's is staff (ordering.go).
		{"GET", "/api/orders/clover_products_online", public, s.onlineMenu},
		{"GET", "/api/taxes", public, s.taxes},
		{"GET", "/api/orders/config", public, s.orderAvailability},
		{"POST", "/api/orders/quote", public, s.quoteOrder},
		{"POST", "/api/orders", public, s.placeOrder},
		{"POST", "/api/orders/{cliente_id}/pay", public, s.payOrder},
		{"GET", "/api/pedidos/{id}", public, s.followOrder},
		{"GET", "/api/pedidos/{id}/eventos", public, s.followOrderEvents},
		{"GET", "/api/clientes/{cliente_id}/pedidos", crew, s.board},
		{"GET", "/api/clientes/{cliente_id}/pedidos/eventos", crew, s.boardEvents},
		{"GET", "/api/clientes/{cliente_id}/pedidos/config", crew, ofTenant(s.Ordering.Config)},
		{"PUT", "/api/clientes/{cliente_id}/pedidos/config", manager, s.saveOrderConfig},
		{"PUT", "/api/clientes/{cliente_id}/pedidos/pausa", kitchen, s.pauseOrders},
		{"PUT", "/api/pedidos/{id}/estado", crew, s.moveOrder},
		{"POST", "/api/pedidos/{id}/visto", crew, s.acknowledgeOrder},
		{"POST", "/api/pedidos/{id}/pos", crew, s.retryOrderPOS},
		{"POST", "/api/pedidos/{id}/reembolso", manager, s.markOrderRefunded},
		{"POST", "/api/pedidos/{id}/reembolsar", manager, s.refundOrder},

		// Ordering and paying at the table (mesas.go): the table's QR, its
		// tab and payments (public: the printed code, the tab's and the
		// payment's tokens are the secrets); the dining room's settings and
		// the floor's tabs.
		{"GET", "/api/mesas/{cliente_id}/{codigo}", public, s.table},
		{"POST", "/api/mesas/{cliente_id}/{codigo}/pedidos", public, s.placeTableOrder},
		{"GET", "/api/cuentas/{id}", public, s.dinersTab},
		{"POST", "/api/cuentas/{id}/pagos", public, s.startTabPayment},
		{"GET", "/api/cuentas/{id}/pagos/{pago_id}", public, s.tabReceipt(false)},
		{"DELETE", "/api/cuentas/{id}/pagos/{pago_id}", public, s.tabReceipt(true)},
		{"GET", "/api/clientes/{cliente_id}/mesas", manager, ofTenant(s.Ordering.Tables)},
		{"PUT", "/api/clientes/{cliente_id}/mesas", manager, s.saveTables},
		{"GET", "/api/clientes/{cliente_id}/mesas/qr", manager, s.tablesQR},
		{"POST", "/api/clientes/{cliente_id}/mesas/codigos", manager, s.renewTableCodes},
		{"GET", "/api/clientes/{cliente_id}/cuentas", floor, ofTenant(s.Ordering.OpenTabs)},
		{"GET", "/api/clientes/{cliente_id}/cuentas/{cuenta_id}", floor, s.staffTab},
		{"POST", "/api/clientes/{cliente_id}/cuentas/{cuenta_id}/aceptar", floor, s.acceptTab},
		{"POST", "/api/clientes/{cliente_id}/cuentas/{cuenta_id}/cerrar", floor, s.closeTab},
		{"POST", "/api/clientes/{cliente_id}/cuentas/{cuenta_id}/mover", floor, s.moveTab},
		{"POST", "/api/clientes/{cliente_id}/cuentas/{cuenta_id}/pagos", floor, s.recordTabPayment},
		// A tab payment's part owed back, from the super admin's one list of
		// payments owed back (its kind 'cuenta').
		{"POST", "/api/admin/cuentas/pagos/{pago_id}/reembolsar", superAdmin, s.refundTabPayment},
		{"POST", "/api/admin/cuentas/pagos/{pago_id}/reembolso", superAdmin, s.markTabPaymentRefunded},
		{"PUT", "/api/clover/products/{id}/agotado", kitchen, s.setSoldOut},

		// 'Campañas' (campaigns.go): the restaurant's campaigns to the diners who
		// consented to the channel; the public one-click unsubscribe (RFC 8058:
		// the signed token is the secret) and what the page shows before it.
		{"GET", "/api/clientes/{cliente_id}/campanas", manager, s.listCampaigns},
		{"POST", "/api/clientes/{cliente_id}/campanas", manager, s.createCampaign},
		{"POST", "/api/clientes/{cliente_id}/campanas/preview", manager, s.previewCampaign},
		{"POST", "/api/clientes/{cliente_id}/campanas/audiencia", manager, s.campaignAudience},
		{"GET", "/api/clientes/{cliente_id}/campanas/{id}", manager, s.getCampaign},
		{"PUT", "/api/clientes/{cliente_id}/campanas/{id}", manager, s.updateCampaign},
		{"DELETE", "/api/clientes/{cliente_id}/campanas/{id}", manager, s.deleteCampaign},
		{"POST", "/api/clientes/{cliente_id}/campanas/{id}/enviar", manager, s.sendCampaign},
		{"POST", "/api/clientes/{cliente_id}/campanas/{id}/cancelar", manager, s.cancelCampaign},
		{"GET", "/api/baja", public, s.unsubscribeInfo},
		{"POST", "/api/baja", public, s.unsubscribe},

		// The wine cellar (wines.go).
		{"GET", "/api/vinos", public, s.listVinos},
		{"GET", "/api/cavas", public, list(s.Wines.Cavas)},
		{"POST", "/api/vinos", manager, s.createVino},
		{"PUT", "/api/vinos/{id}", manager, s.updateVino},
		{"DELETE", "/api/vinos/{id}", manager, s.deleteVino},
		{"POST", "/api/vinos/{id}/imagen", manager, s.uploadWineLabel},
		{"POST", "/api/buscar-vino", manager, s.searchVino},

		// Restaurants and onboarding (clientes.go, platform.go).
		{"GET", "/api/clients", superAdmin, s.listClientes},
		{"POST", "/api/clients", superAdmin, s.createCliente},
		{"PUT", "/api/clients/{cliente_id}", superAdmin, s.updateCliente},
		{"POST", "/api/send-email", superAdmin, s.sendOnboardingLink},
		{"POST", "/api/establecer-password", public, s.setOwnerPassword},
		{"POST", "/api/callback", superAdmin, s.connectPOS},
		{"POST", "/api/clientes/{cliente_id}/clover/conectar", manager, s.startPOSConnect},
		{"GET", "/api/clover/oauth", public, s.cloverLaunch},
		{"GET", "/api/clover/oauth/callback", public, s.cloverCallback},
		{"PUT", "/api/clientes/{cliente_id}/webhook-secret", manager, s.setWebhookSecret},
		{"GET", "/api/clientes/{cliente_id}", crew, s.getCliente},
		{"GET", "/api/clientes/{cliente_id}/qr", public, s.menuQR},
		// The privacy notice: public and cacheable with the menu; the owner's
		// own text (privacy.go).
		{"GET", "/api/clientes/{cliente_id}/privacidad", public, s.Site.Privacy},
		{"PUT", "/api/clientes/{cliente_id}/privacidad", manager, s.setPrivacyText},

		// The diner's menu: public, cacheable (the web site's public.go).
		{"GET", "/api/configuraciones", public, s.Site.Settings},
		{"GET", "/api/clientes/{cliente_id}/configuraciones", public, s.Site.Settings},
		{"GET", "/api/categories", public, s.Site.Categories},
		{"GET", "/api/categories/{id}/subcategories", public, s.Site.Subcategories},
		{"GET", "/api/productos", public, s.listProducts},
		{"GET", "/api/popups", public, s.Site.Popups},

		// Menu administration, look and feel, popups: owner or super admin
		// (catalog.go).
		{"POST", "/api/configuraciones", manager, s.saveSettings},
		{"POST", "/api/configuraciones/logo", manager, s.uploadSettingsImage("logo")},
		{"POST", "/api/configuraciones/background", manager, s.uploadSettingsImage("background")},
		{"POST", "/api/popups", manager, s.createPopup},
		{"DELETE", "/api/popups/{id}", manager, s.deletePopup},
		{"POST", "/api/clover/sync-all", manager, s.syncAll},
		{"GET", "/api/clover/categories", manager, s.listPOSCategories},
		{"POST", "/api/categories", manager, s.createCategory},
		{"PUT", "/api/categories/{id}", manager, s.updateCategory},
		{"DELETE", "/api/categories/{id}", manager, s.deleteCategory},
		{"POST", "/api/categorias/{id}/imagen", manager, s.uploadCategoryImage},
		{"POST", "/api/categories/{id}/subcategories", manager, s.assignSubcategories},
		{"DELETE", "/api/categories/{id}/subcategories/{cloverCategoryId}", manager, s.removeSubcategory},
		{"PUT", "/api/productos/{id}/descripcion", manager, s.updateDescription},
		{"PUT", "/api/productos/{id}/traduccion", manager, s.updateProductTranslation},
		{"GET", "/api/clientes/{cliente_id}/nombres-pos", manager, ofTenant(s.Menu.POSNames)},
		{"PUT", "/api/clientes/{cliente_id}/nombres-pos", manager, s.setPOSNames},
		{"PUT", "/api/productos/{id}/alergenos", manager, s.updateDietary},
		{"PUT", "/api/clover/products/{id}/visibility", manager, s.setVisibility},
		{"PUT", "/api/clover/products/visibility", manager, s.setVisibilityMany},
		{"POST", "/api/clover/products/{id}/image", manager, s.uploadProductImage},
	}
}

package api

import (
	"carta/internal/auth"
	"carta/internal/store"
)

// routes is the API's route table.
func (s *Server) routes() []route {
	a := s.Auth
	return []route{
		{"GET", "/api/openapi.json", s.openAPI},

		// Staff sign-in and sessions.
		{"POST", "/api/login", s.login},
		{"POST", "/api/auth/login", s.login},
		{"POST", "/api/auth/validate", a.Staff(s.validate)},
		{"POST", "/api/auth/logout", a.Require(s.logout)},

		// Diner accounts (a diner acts only on their own account).
		{"POST", "/api/usuarios/registro", s.registerUsuario},
		{"POST", "/api/auth/login-usuario", s.loginUsuario},
		{"POST", "/api/usuarios/send-email", a.Require(s.sendWelcome, auth.RoleUsuario)},
		{"GET", "/api/usuario/menu", a.Require(s.usuarioMenu, auth.RoleUsuario)},
		{"GET", "/api/usuarios/{usuario_id}", a.Require(s.getUsuario, auth.RoleUsuario)},
		{"PUT", "/api/usuarios/{usuario_id}", a.Require(s.updateUsuario, auth.RoleUsuario)},
		{"DELETE", "/api/usuarios/{usuario_id}", a.Require(s.deleteUsuario, auth.RoleUsuario)},
		{"POST", "/api/usuarios/{usuario_id}/password", a.Require(s.changeUsuarioPassword, auth.RoleUsuario)},
		{"GET", "/api/usuarios/{usuario_id}/compras", a.Require(listFor(s, usuarioOf, store.ListUsuarioCompras), auth.RoleUsuario)},
		{"GET", "/api/usuarios/{usuario_id}/compras/{compra_id}/qr", a.Require(s.voucherQR, auth.RoleUsuario)},
		{"GET", "/api/usuarios/{usuario_id}/puntos", a.Require(listFor(s, usuarioOf, store.ListUsuarioPuntos), auth.RoleUsuario)},
		{"GET", "/api/usuarios/{usuario_id}/restaurantes", a.Require(listFor(s, usuarioOf, store.ListUsuarioRestaurantes), auth.RoleUsuario)},
		{"POST", "/api/usuarios/{usuario_id}/restaurantes", a.Require(s.touchUsuarioRestaurante, auth.RoleUsuario)},
		{"GET", "/api/restaurantes", s.listRestaurantes},
		{"GET", "/api/admin/outbox", a.SuperAdmin(s.listOutbox)},

		// Coupon offers: card on file, offers, purchases, vouchers, fees.
		{"GET", "/api/billing/config", s.billingConfig},
		{"GET", "/api/clientes/{cliente_id}/verificar_tarjeta", a.Staff(s.verifyCard)},
		{"POST", "/api/clientes/{cliente_id}/setup-tarjeta", a.Staff(s.setupCard)},
		{"POST", "/api/clientes/{cliente_id}/agregar-tarjeta", a.Staff(s.registerCard)},
		{"POST", "/api/cupones", a.Staff(s.createCupon)},
		{"GET", "/api/cupones", s.listCupones},
		{"GET", "/api/clientes/{cliente_id}/cupones", a.Staff(listFor(s, clienteInPath, store.ListClienteCupones))},
		{"PUT", "/api/cupones/{id}/estado", a.Staff(s.setCuponEstado)},
		{"GET", "/api/clientes/{cliente_id}/merchant", s.clienteMerchant},
		{"POST", "/api/checkout-clover", a.Require(s.checkoutCoupon, auth.RoleUsuario)},
		{"GET", "/api/demo/checkout/{session_id}", s.demoCheckoutSession},
		{"POST", "/api/demo/checkout/{session_id}/pay", s.demoCheckoutResult(true)},
		{"POST", "/api/demo/checkout/{session_id}/decline", s.demoCheckoutResult(false)},
		{"POST", "/api/clientes/{cliente_id}/vouchers/canjear", a.Staff(s.redeemVoucher)},
		{"GET", "/api/clientes/{cliente_id}/fees", a.Staff(listFor(s, clienteInPath, store.ListClienteFees))},
		{"GET", "/api/admin/fees", a.SuperAdmin(s.listFailedFees)},
		{"POST", "/api/webhooks/clover-checkout", s.cloverCheckoutWebhook},
		{"POST", "/api/webhooks/stripe", s.stripeWebhook},

		// Restaurants.
		{"GET", "/api/clients", a.SuperAdmin(s.listClientes)},
		{"GET", "/api/clientes/{cliente_id}", a.Staff(s.getCliente)},
		{"GET", "/api/clientes/{cliente_id}/qr", s.menuQR},

		// The diner's menu (public, cacheable).
		{"GET", "/api/configuraciones", s.getSettings},
		{"GET", "/api/clientes/{cliente_id}/configuraciones", s.getSettings},
		{"GET", "/api/categories", s.listCategories},
		{"GET", "/api/categories/{id}/subcategories", s.listSubcategories},
		{"GET", "/api/productos", s.listProducts},
		{"GET", "/api/popups", s.listPopups},

		// Look and feel, popups (owner or super admin, tenant-checked).
		{"POST", "/api/configuraciones", a.Staff(s.saveSettings)},
		{"POST", "/api/configuraciones/logo", a.Staff(s.uploadSettingsImage("logo"))},
		{"POST", "/api/configuraciones/background", a.Staff(s.uploadSettingsImage("background"))},
		{"POST", "/api/popups", a.Staff(s.createPopup)},
		{"DELETE", "/api/popups/{id}", a.Staff(s.deletePopup)},

		// Menu administration synced from the point of sale (owner or super admin).
		{"POST", "/api/clover/sync-all", a.Staff(s.syncAll)},
		{"GET", "/api/clover/categories", a.Staff(s.listPOSCategories)},
		{"POST", "/api/categories", a.Staff(s.createCategory)},
		{"PUT", "/api/categories/{id}", a.Staff(s.updateCategory)},
		{"DELETE", "/api/categories/{id}", a.Staff(s.deleteCategory)},
		{"POST", "/api/categorias/{id}/imagen", a.Staff(s.uploadCategoryImage)},
		{"POST", "/api/categories/{id}/subcategories", a.Staff(s.assignSubcategories)},
		{"DELETE", "/api/categories/{id}/subcategories/{cloverCategoryId}", a.Staff(s.removeSubcategory)},
		{"PUT", "/api/productos/{id}/descripcion", a.Staff(s.updateDescription)},
		{"PUT", "/api/productos/{id}/traduccion", a.Staff(s.updateProductTranslation)},
		{"PUT", "/api/clover/products/{id}/visibility", a.Staff(s.setVisibility)},
		{"POST", "/api/clover/products/{id}/image", a.Staff(s.uploadProductImage)},
	}
}

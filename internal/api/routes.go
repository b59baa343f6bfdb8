package api

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

		// Restaurants.
		{"GET", "/api/clients", a.SuperAdmin(s.listClientes)},
		{"GET", "/api/clientes/{cliente_id}", a.Staff(s.getCliente)},
		{"GET", "/api/clientes/{cliente_id}/qr", s.menuQR},

		// The diner's menu (public, cacheable).
		{"GET", "/api/configuraciones", s.getSettings},
		{"GET", "/api/clientes/{cliente_id}/configuraciones", s.getSettings},
		{"GET", "/api/categories", s.listCategories},
		{"GET", "/api/categories/{category_id}/subcategories", s.listSubcategories},
		{"GET", "/api/productos", s.listProducts},
		{"GET", "/api/popups", s.listPopups},

		// Look and feel, popups (owner or super admin, tenant-checked).
		{"POST", "/api/configuraciones", a.Staff(s.saveSettings)},
		{"POST", "/api/configuraciones/logo", a.Staff(s.uploadSettingsImage("logo"))},
		{"POST", "/api/configuraciones/background", a.Staff(s.uploadSettingsImage("background"))},
		{"POST", "/api/popups", a.Staff(s.createPopup)},
		{"DELETE", "/api/popups/{id}", a.Staff(s.deletePopup)},
	}
}

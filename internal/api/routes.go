package api

import "carta/internal/auth"

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
		{"GET", "/api/clientes/{cliente_id}", a.Require(s.getCliente, auth.RoleSuperAdmin, auth.RoleCliente)},
	}
}

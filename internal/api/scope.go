package api

import (
	"net/http"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/tenant"
)

// The one place handlers turn a request into the tenant values the domain
// packages require: the check itself is tenant.Principal.Tenant.

// The restaurant id a client sends is read by tenant.ParseClienteID (the
// public menu in internal/web reads it the same way); these are its names
// here, kept short for the many handlers that use them.
var (
	errClienteID   = tenant.ErrClienteID
	parseClienteID = tenant.ParseClienteID
)

// tenantOf checks that the caller may act on the restaurant named by raw
// (a cliente_id from the path, query or body).
func tenantOf(r *http.Request, raw string) (tenant.ID, error) {
	id, err := parseClienteID(raw)
	if err != nil {
		return tenant.ID{}, err
	}
	return auth.FromContext(r.Context()).Tenant(id)
}

// tenantInPath is the checked restaurant of the {cliente_id} path segment.
func tenantInPath(r *http.Request) (tenant.ID, error) { return tenantOf(r, r.PathValue("cliente_id")) }

// objectTenant is the restaurant a route that names an object acts on: the
// cliente_id the request sends (raw, from the body, or else the query), or
// the owner's own restaurant. A super admin must name it. The object is
// then looked up within that restaurant, so another restaurant's object
// is not found.
func objectTenant(r *http.Request, raw string) (tenant.ID, error) {
	if strings.TrimSpace(raw) == "" {
		raw = r.URL.Query().Get("cliente_id")
	}
	if strings.TrimSpace(raw) != "" {
		return tenantOf(r, raw)
	}
	p := auth.FromContext(r.Context())
	if t, ok := p.Own(); ok {
		return t, nil
	}
	if id := p.ClienteID(); id != 0 {
		return p.Tenant(id) // a member whose role there the route does not admit
	}
	return tenant.ID{}, errClienteID
}

// objectID reads the {id} path segment; a malformed one is notFound.
func objectID(r *http.Request, name string, notFound error) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, notFound
	}
	return id, nil
}

// dinerOf is the checked diner of the {usuario_id} path segment (or the
// usuario_id query parameter).
func dinerOf(r *http.Request) (tenant.Diner, error) {
	raw := r.PathValue("usuario_id")
	if raw == "" {
		raw = r.URL.Query().Get("usuario_id")
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return tenant.Diner{}, apperr.E(apperr.Invalid, "Error al obtener usuario_id.", "Error getting usuario_id.")
	}
	return auth.FromContext(r.Context()).Diner(id)
}

// ownerAt reports whether the caller holds restaurant t's billing: its
// propietario, or a super admin.
func ownerAt(r *http.Request, t tenant.ID) bool {
	p := auth.FromContext(r.Context())
	return p.Role() == tenant.RoleSuperAdmin || p.RoleAt(t.Int64()) == tenant.Propietario
}

// managerAt reports whether the caller runs restaurant t: its propietario
// or gerente, or a super admin.
func managerAt(r *http.Request, t tenant.ID) bool {
	p := auth.FromContext(r.Context())
	if p.Role() == tenant.RoleSuperAdmin {
		return true
	}
	switch p.RoleAt(t.Int64()) {
	case tenant.Propietario, tenant.Gerente:
		return true
	}
	return false
}

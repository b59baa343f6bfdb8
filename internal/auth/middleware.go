package auth

import (
	"net/http"
	"slices"
	"strings"

	"carta/internal/apperr"
	"carta/internal/respond"
	"carta/internal/tenant"
)

// BearerToken returns the token of an "Authorization: Bearer" header.
func BearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// Require wraps next so it runs only for a caller with a valid token and
// one of roles (any role when none is given): no or bad token → 401, wrong
// role → 403.
func (s *Service) Require(next http.HandlerFunc, roles ...tenant.Role) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, err := s.Authenticate(r.Context(), BearerToken(r))
		if err != nil {
			respond.Error(w, r, err)
			return
		}
		if len(roles) > 0 && !slices.Contains(roles, p.Role()) {
			respond.Error(w, r, apperr.ErrForbidden)
			return
		}
		next(w, r.WithContext(WithPrincipal(r.Context(), p)))
	}
}

// Staff allows super admins and restaurant staff holding one of roles at
// some restaurant (any role when none is given); the tenant check then
// requires one of them at the restaurant the request acts on.
func (s *Service) Staff(next http.HandlerFunc, roles ...tenant.StaffRole) http.HandlerFunc {
	return s.Require(func(w http.ResponseWriter, r *http.Request) {
		p := FromContext(r.Context()).Allow(roles...)
		if !p.MayAny() {
			respond.Error(w, r, tenant.ErrRole)
			return
		}
		next(w, r.WithContext(WithPrincipal(r.Context(), p)))
	}, tenant.RoleSuperAdmin, tenant.RoleCliente)
}

// SuperAdmin allows super admins only.
func (s *Service) SuperAdmin(next http.HandlerFunc) http.HandlerFunc {
	return s.Require(next, tenant.RoleSuperAdmin)
}

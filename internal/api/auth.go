package api

import (
	"net/http"

	"carta/internal/auth"
	"carta/internal/respond"
	"carta/internal/tenant"
)

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// login signs a restaurant owner or super admin in.
func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	res, err := s.Auth.LoginStaff(r.Context(), in.Email, in.Password, s.clientIP(r))
	if err != nil {
		return err
	}
	return ok(w, res)
}

// validate answers who the bearer of a staff token is.
func (s *Server) validate(w http.ResponseWriter, r *http.Request) error {
	p := auth.FromContext(r.Context())
	out := struct {
		MerchantID   *string `json:"merchant_id"`
		ClienteID    *int64  `json:"cliente_id"`
		IsSuperadmin bool    `json:"is_superadmin"`
	}{IsSuperadmin: p.Role == tenant.RoleSuperAdmin}
	if p.ClienteID != 0 {
		out.ClienteID = &p.ClienteID
	}
	if p.MerchantID != "" {
		out.MerchantID = &p.MerchantID
	}
	return ok(w, out)
}

// logout revokes the caller's token.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	if err := s.Auth.Logout(r.Context(), auth.FromContext(r.Context())); err != nil {
		return err
	}
	respond.NoContent(w)
	return nil
}

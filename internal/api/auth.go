package api

import (
	"net/http"

	"carta/internal/auth"
	"carta/internal/respond"
)

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// login signs a restaurant owner or super admin in.
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var in credentials
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	res, err := s.Auth.LoginStaff(r.Context(), in.Email, in.Password, clientIP(r))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, res)
}

// validate answers who the bearer of a staff token is.
func (s *Server) validate(w http.ResponseWriter, r *http.Request) {
	p := auth.FromContext(r.Context())
	out := struct {
		MerchantID   *string `json:"merchant_id"`
		ClienteID    *int64  `json:"cliente_id"`
		IsSuperadmin bool    `json:"is_superadmin"`
	}{IsSuperadmin: p.Role == auth.RoleSuperAdmin}
	if p.ClienteID != 0 {
		out.ClienteID = &p.ClienteID
	}
	if p.MerchantID != "" {
		out.MerchantID = &p.MerchantID
	}
	respond.JSON(w, http.StatusOK, out)
}

// logout revokes the caller's token.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if err := s.Auth.Logout(r.Context(), auth.FromContext(r.Context())); err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.NoContent(w)
}

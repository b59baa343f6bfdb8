package api

import (
	"net/http"

	"carta/internal/auth"
	"carta/internal/respond"
)

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	// Mantener asks for a long-lived device session (a kitchen tablet),
	// labelled Dispositivo.
	Mantener    bool   `json:"mantener"`
	Dispositivo string `json:"dispositivo"`
}

// login signs a restaurant owner or super admin in.
func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	res, err := s.Auth.LoginStaff(r.Context(), in.Email, in.Password, s.clientIP(r), auth.SignInOptions{Mantener: in.Mantener, Dispositivo: in.Dispositivo})
	if err != nil {
		return err
	}
	return ok(w, res)
}

// validate answers who the bearer of a staff token is: the restaurant the
// session acts on, the role there, and every restaurant of the person.
func (s *Server) validate(w http.ResponseWriter, r *http.Request) error {
	p := auth.FromContext(r.Context())
	info, err := s.Auth.Info(r.Context(), p.SubjectID(), p.Role(), p.ClienteID())
	if err != nil {
		return err
	}
	return ok(w, info)
}

// switchRestaurant makes the caller's session act on another of their
// restaurants.
func (s *Server) switchRestaurant(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ClienteID respond.ID `json:"cliente_id"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	id, err := parseClienteID(in.ClienteID.String())
	if err != nil {
		return err
	}
	info, err := s.Auth.SwitchRestaurant(r.Context(), auth.FromContext(r.Context()), id)
	if err != nil {
		return err
	}
	return ok(w, info)
}

// logout revokes the caller's token.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	if err := s.Auth.Logout(r.Context(), auth.FromContext(r.Context())); err != nil {
		return err
	}
	respond.NoContent(w)
	return nil
}

// Password reset ('¿Olvidaste tu contraseña?'): public; the e-mail answer
// is the same whether or not an account uses the address, and the link's
// token is the credential of the rest.

// resetSent is the answer to a reset request, whatever the e-mail.
func resetSent(w http.ResponseWriter, r *http.Request) error {
	return ok(w, map[string]string{"mensaje": msg(r,
		"Si hay una cuenta con ese correo, te enviamos un enlace para elegir una contraseña nueva. Revisa tu correo.",
		"If an account uses that e-mail, we have sent it a link to choose a new password. Check your inbox.")})
}

type resetLinkIn struct {
	Token string `json:"token"`
}

type resetIn struct {
	Token       string `json:"token"`
	NewPassword string `json:"new_password"`
}

// linkState answers a reset link's state (and its e-mail while valid).
func linkState(w http.ResponseWriter, state, email string) error {
	return ok(w, map[string]string{"estado": state, "email": email})
}

// requestStaffReset e-mails an owner or the super admin a reset link.
func (s *Server) requestStaffReset(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	if err := s.Auth.RequestStaffReset(r.Context(), in.Email, s.clientIP(r), respond.Lang(r)); err != nil {
		return err
	}
	return resetSent(w, r)
}

// staffResetLink answers whether a staff reset link still works.
func (s *Server) staffResetLink(w http.ResponseWriter, r *http.Request) error {
	var in resetLinkIn
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	state, email, err := s.Auth.ResetLinkState(r.Context(), auth.SessionStaff, in.Token)
	if err != nil {
		return err
	}
	return linkState(w, state, email)
}

// resetStaffPassword spends a staff reset link and signs the caller in.
func (s *Server) resetStaffPassword(w http.ResponseWriter, r *http.Request) error {
	var in resetIn
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	res, err := s.Auth.ResetStaffPassword(r.Context(), in.Token, in.NewPassword)
	if err != nil {
		return err
	}
	return ok(w, res)
}

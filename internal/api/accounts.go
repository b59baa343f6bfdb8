package api

import (
	"context"
	"net/http"
	"strconv"

	"carta/internal/accounts"
	"carta/internal/auth"
	"carta/internal/mail"
	"carta/internal/qr"
	"carta/internal/respond"
)

// Diner accounts: registration, sign-in, profile, purchases, points and
// the restaurants a diner uses. A diner acts only on their own account
// (dinerOf).

// registerUsuario creates a diner account and signs it in.
func (s *Server) registerUsuario(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Nombre                 string     `json:"nombre"`
		Email                  string     `json:"email"`
		Telefono               string     `json:"telefono"`
		Password               string     `json:"password"`
		SuscritoMailing        *bool      `json:"suscrito_mailing"`
		WhatsappNotificaciones *bool      `json:"whatsapp_notificaciones"`
		ClienteID              respond.ID `json:"cliente_id"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	reg := accounts.Registration{Nombre: in.Nombre, Email: in.Email, Telefono: in.Telefono, Password: in.Password,
		SuscritoMailing: in.SuscritoMailing, WhatsappNotificaciones: in.WhatsappNotificaciones}
	if id, err := parseClienteID(in.ClienteID.String()); err == nil {
		reg.ClienteID = id
	}
	res, err := s.Accounts.Register(r.Context(), reg, s.clientIP(r))
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, res)
	return nil
}

// loginUsuario signs a diner in.
func (s *Server) loginUsuario(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	res, err := s.Accounts.SignIn(r.Context(), in.Email, in.Password, s.clientIP(r))
	if err != nil {
		return err
	}
	return ok(w, res)
}

// requestDinerReset e-mails a diner a reset link back to the restaurant
// the request came from.
func (s *Server) requestDinerReset(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email     string     `json:"email"`
		ClienteID respond.ID `json:"cliente_id"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	cid, _ := parseClienteID(in.ClienteID.String()) // none or not a restaurant: the diner's last one
	if err := s.Accounts.RequestReset(r.Context(), in.Email, cid, s.clientIP(r), respond.Lang(r)); err != nil {
		return err
	}
	return resetSent(w, r)
}

// dinerResetLink answers whether a diner's reset link still works.
func (s *Server) dinerResetLink(w http.ResponseWriter, r *http.Request) error {
	var in resetLinkIn
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	state, email, err := s.Accounts.ResetLinkState(r.Context(), in.Token)
	if err != nil {
		return err
	}
	return linkState(w, state, email)
}

// resetDinerPassword spends a diner's reset link and signs the diner in.
func (s *Server) resetDinerPassword(w http.ResponseWriter, r *http.Request) error {
	var in resetIn
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	res, err := s.Accounts.ResetPassword(r.Context(), in.Token, in.NewPassword)
	if err != nil {
		return err
	}
	return ok(w, res)
}

// sendWelcome queues the welcome e-mail of the signed-in diner, once.
func (s *Server) sendWelcome(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Nombre   string `json:"nombre"`
		Email    string `json:"email"`
		Telefono string `json:"telefono"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	d, err := auth.FromContext(r.Context()).Self()
	if err != nil {
		return err
	}
	queued, err := s.Accounts.SendWelcome(r.Context(), d, in.Email, respond.Lang(r))
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusAccepted, map[string]bool{"queued": queued})
	return nil
}

// usuarioMenu answers the restaurant a diner last used (or registered from).
func (s *Server) usuarioMenu(w http.ResponseWriter, r *http.Request) error {
	d, err := dinerOf(r)
	if err != nil {
		return err
	}
	cid, err := s.Accounts.LastRestaurant(r.Context(), d)
	if err != nil {
		return err
	}
	out := map[string]any{"cliente_id": nil}
	if cid != 0 {
		out["cliente_id"] = cid
	}
	return ok(w, out)
}

// updateUsuario edits name, phone and notification preferences.
func (s *Server) updateUsuario(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Nombre                 string     `json:"nombre"`
		Telefono               string     `json:"telefono"`
		SuscritoMailing        *bool      `json:"suscrito_mailing"`
		WhatsappNotificaciones *bool      `json:"whatsapp_notificaciones"`
		SmsNotificaciones      *bool      `json:"sms_notificaciones"`
		AvisosCanal            *string    `json:"avisos_canal"`
		ClienteID              respond.ID `json:"cliente_id"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	d, err := dinerOf(r)
	if err != nil {
		return err
	}
	change := accounts.ProfileChange{Nombre: in.Nombre, Telefono: in.Telefono,
		SuscritoMailing: in.SuscritoMailing, WhatsappNotificaciones: in.WhatsappNotificaciones,
		SmsNotificaciones: in.SmsNotificaciones, AvisosCanal: in.AvisosCanal}
	if id, err := parseClienteID(in.ClienteID.String()); err == nil {
		change.ClienteID = id // the restaurant the page was on, recorded with a consent changed
	}
	u, err := s.Accounts.UpdateProfile(r.Context(), d, change)
	if err != nil {
		return err
	}
	return ok(w, u)
}

// changeUsuarioPassword changes the password; other sessions are revoked.
func (s *Server) changeUsuarioPassword(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Actual string `json:"password_actual"`
		Nueva  string `json:"password_nueva"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	d, err := dinerOf(r)
	if err != nil {
		return err
	}
	if err := s.Accounts.ChangePassword(r.Context(), d, auth.FromContext(r.Context()).TokenHash(), in.Actual, in.Nueva, s.clientIP(r)); err != nil {
		return err
	}
	return ok(w, map[string]string{"message": msg(r, "Contraseña actualizada.", "Password updated.")})
}

// dinerSessions lists the diner's own open sessions, the current one marked.
func (s *Server) dinerSessions(w http.ResponseWriter, r *http.Request) error {
	d, err := dinerOf(r)
	if err != nil {
		return err
	}
	out, err := auth.DinerSessions(r.Context(), s.DB, d.Int64(), auth.FromContext(r.Context()).TokenHash())
	if err != nil {
		return err
	}
	return ok(w, map[string]any{"sesiones": out})
}

// endOtherDinerSessions signs the diner out everywhere but here.
func (s *Server) endOtherDinerSessions(w http.ResponseWriter, r *http.Request) error {
	d, err := dinerOf(r)
	if err != nil {
		return err
	}
	if err := auth.RevokeSessions(r.Context(), s.DB, auth.SessionUsuario, d.Int64(), auth.FromContext(r.Context()).TokenHash()); err != nil {
		return err
	}
	respond.NoContent(w)
	return nil
}

// endDinerSession ends one of the diner's own sessions.
func (s *Server) endDinerSession(w http.ResponseWriter, r *http.Request) error {
	d, err := dinerOf(r)
	if err != nil {
		return err
	}
	if err := auth.RevokeDinerSession(r.Context(), s.DB, d.Int64(), r.PathValue("id")); err != nil {
		return err
	}
	respond.NoContent(w)
	return nil
}

// deleteUsuario erases the diner's account; purchases stay anonymised.
func (s *Server) deleteUsuario(w http.ResponseWriter, r *http.Request) error {
	d, err := dinerOf(r)
	if err != nil {
		return err
	}
	if err := s.Accounts.Delete(r.Context(), d); err != nil {
		return err
	}
	respond.NoContent(w)
	return nil
}

// touchUsuarioRestaurante records that the diner opened a restaurant.
func (s *Server) touchUsuarioRestaurante(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ClienteID respond.ID `json:"cliente_id"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	d, err := dinerOf(r)
	if err != nil {
		return err
	}
	cid, err := parseClienteID(in.ClienteID.String())
	if err != nil {
		return err
	}
	if err := s.Accounts.TouchRestaurant(r.Context(), d, cid); err != nil {
		return err
	}
	respond.NoContent(w)
	return nil
}

// listRestaurantes answers the active restaurants a diner can pick (public).
func (s *Server) listRestaurantes(w http.ResponseWriter, r *http.Request) error {
	rs, err := accounts.PublicRestaurantes(r.Context(), s.Accounts.DB)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	return ok(w, rs)
}

// voucherQR answers the QR code of one of the diner's vouchers (SVG).
func (s *Server) voucherQR(w http.ResponseWriter, r *http.Request) error {
	d, err := dinerOf(r)
	if err != nil {
		return err
	}
	cid, _ := strconv.ParseInt(r.PathValue("compra_id"), 10, 64)
	code, err := s.Offers.VoucherCode(r.Context(), d, cid)
	if err != nil {
		return err
	}
	svg, err := qr.SVG(code, false)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, max-age=86400")
	_, _ = w.Write(svg)
	return nil
}

// msg picks the message of the caller's language.
func msg(r *http.Request, es, en string) string {
	if respond.Lang(r) == "en" {
		return en
	}
	return es
}

// outbox is the e-mail outbox as the super admin reads it (demo mode keeps
// e-mails there).
func (s *Server) outbox(ctx context.Context) ([]mail.OutboxMessage, error) {
	return mail.ListOutbox(ctx, s.DB, 200)
}

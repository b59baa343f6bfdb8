package api

import (
	"errors"
	"net/http"
	"strconv"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/mail"
	"carta/internal/respond"
	"carta/internal/store"
)

// Diner accounts: registration, sign-in, profile, purchases, points and
// the restaurants a diner uses. A diner acts only on their own account
// (auth.Principal.CanActAsUsuario).

type registroInput struct {
	Nombre                 string `json:"nombre"`
	Email                  string `json:"email"`
	Telefono               string `json:"telefono"`
	Password               string `json:"password"`
	SuscritoMailing        *bool  `json:"suscrito_mailing"`
	WhatsappNotificaciones *bool  `json:"whatsapp_notificaciones"`
	ClienteID              json64 `json:"cliente_id"`
}

// registerUsuario creates a diner account and signs it in.
func (s *Server) registerUsuario(w http.ResponseWriter, r *http.Request) {
	var in registroInput
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	u := store.Usuario{Nombre: in.Nombre, Email: in.Email, Telefono: in.Telefono, SuscritoMailing: true, WhatsappNotificaciones: true}
	if in.SuscritoMailing != nil {
		u.SuscritoMailing = *in.SuscritoMailing
	}
	if in.WhatsappNotificaciones != nil {
		u.WhatsappNotificaciones = *in.WhatsappNotificaciones
	}
	if in.ClienteID != "" {
		if id, err := parseClienteID(in.ClienteID.String()); err == nil {
			u.ClienteID = &id
		}
	}
	res, err := s.Auth.RegisterUsuario(r.Context(), u, in.Password)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusCreated, res)
}

// loginUsuario signs a diner in.
func (s *Server) loginUsuario(w http.ResponseWriter, r *http.Request) {
	var in credentials
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	res, err := s.Auth.LoginUsuario(r.Context(), in.Email, in.Password, clientIP(r))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, res)
}

// sendWelcome queues the welcome e-mail of the signed-in diner (once per
// account, to the account's own address: it cannot be used to send mail
// to anyone else).
func (s *Server) sendWelcome(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Nombre   string `json:"nombre"`
		Email    string `json:"email"`
		Telefono string `json:"telefono"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	p := auth.FromContext(r.Context())
	u, err := store.GetUsuario(r.Context(), s.DB, p.SubjectID)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if in.Email != "" && store.NormalizeEmail(in.Email) != u.Email {
		respond.Error(w, r, apperr.ErrForbidden)
		return
	}
	queued := false
	err = s.DB.InTx(r.Context(), func(tx *store.Tx) error {
		first, err := store.MarkWelcomeSent(r.Context(), tx, u.ID)
		if err != nil || !first {
			return err
		}
		m := mail.Welcome(respond.Lang(r), u.Nombre)
		_, err = store.EnqueueMail(r.Context(), tx, store.OutboxMessage{Kind: "welcome", To: u.Email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
		queued = err == nil
		return err
	})
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusAccepted, map[string]bool{"queued": queued})
}

// usuarioOf parses the diner id (path usuario_id, else query) and checks it
// is the caller.
func usuarioOf(r *http.Request) (int64, error) {
	raw := r.PathValue("usuario_id")
	if raw == "" {
		raw = r.URL.Query().Get("usuario_id")
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.E(apperr.Invalid, "Error al obtener usuario_id.", "Error getting usuario_id.")
	}
	return id, auth.FromContext(r.Context()).CanActAsUsuario(id)
}

// usuarioMenu answers the restaurant a diner last used (or registered from).
func (s *Server) usuarioMenu(w http.ResponseWriter, r *http.Request) {
	id, err := usuarioOf(r)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	cid, err := store.LastRestaurante(r.Context(), s.DB, id)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	out := map[string]any{"cliente_id": nil}
	if cid != 0 {
		out["cliente_id"] = cid
	}
	respond.JSON(w, http.StatusOK, out)
}

// getUsuario answers the diner's own profile.
func (s *Server) getUsuario(w http.ResponseWriter, r *http.Request) {
	id, err := usuarioOf(r)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	u, err := store.GetUsuario(r.Context(), s.DB, id)
	if err != nil {
		respond.Error(w, r, notFoundAs(err, apperr.ErrUnauthorized))
		return
	}
	respond.JSON(w, http.StatusOK, u)
}

// updateUsuario edits name, phone and notification preferences.
func (s *Server) updateUsuario(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Nombre                 string `json:"nombre"`
		Telefono               string `json:"telefono"`
		SuscritoMailing        *bool  `json:"suscrito_mailing"`
		WhatsappNotificaciones *bool  `json:"whatsapp_notificaciones"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	id, err := usuarioOf(r)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	u, err := store.GetUsuario(r.Context(), s.DB, id)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if u.Nombre, u.Telefono, err = auth.CleanProfile(in.Nombre, in.Telefono); err != nil {
		respond.Error(w, r, err)
		return
	}
	if in.SuscritoMailing != nil {
		u.SuscritoMailing = *in.SuscritoMailing
	}
	if in.WhatsappNotificaciones != nil {
		u.WhatsappNotificaciones = *in.WhatsappNotificaciones
	}
	if err := store.UpdateUsuarioProfile(r.Context(), s.DB, u); err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, u)
}

// changeUsuarioPassword changes the password; other sessions are revoked.
func (s *Server) changeUsuarioPassword(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Actual string `json:"password_actual"`
		Nueva  string `json:"password_nueva"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	if _, err := usuarioOf(r); err != nil {
		respond.Error(w, r, err)
		return
	}
	if err := s.Auth.ChangeUsuarioPassword(r.Context(), auth.FromContext(r.Context()), in.Actual, in.Nueva); err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]string{"message": msg(r, "Contraseña actualizada.", "Password updated.")})
}

// deleteUsuario erases the diner's account; purchases stay anonymised.
func (s *Server) deleteUsuario(w http.ResponseWriter, r *http.Request) {
	id, err := usuarioOf(r)
	if err == nil {
		err = s.DB.InTx(r.Context(), func(tx *store.Tx) error { return store.DeleteUsuario(r.Context(), tx, id) })
	}
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.NoContent(w)
}

// touchUsuarioRestaurante records that the diner opened a restaurant.
func (s *Server) touchUsuarioRestaurante(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ClienteID json64 `json:"cliente_id"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	id, err := usuarioOf(r)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	cid, err := parseClienteID(in.ClienteID.String())
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	c, err := store.GetCliente(r.Context(), s.DB, cid)
	if errors.Is(err, store.ErrNotFound) || (err == nil && c.Estado != store.EstadoActivo) {
		err = errMenuUnavailable
	}
	if err == nil {
		err = store.TouchUsuarioRestaurante(r.Context(), s.DB, id, cid)
	}
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.NoContent(w)
}

// listRestaurantes answers the active restaurants a diner can pick (public).
func (s *Server) listRestaurantes(w http.ResponseWriter, r *http.Request) {
	rs, err := store.ListPublicRestaurantes(r.Context(), s.DB)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	respond.JSON(w, http.StatusOK, rs)
}

// listOutbox shows queued and sent e-mails to the super admin.
func (s *Server) listOutbox(w http.ResponseWriter, r *http.Request) {
	ms, err := store.ListOutbox(r.Context(), s.DB, 200)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, ms)
}

// voucherQR answers the QR code of one of the diner's vouchers (SVG).
func (s *Server) voucherQR(w http.ResponseWriter, r *http.Request) {
	id, err := usuarioOf(r)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	cid, _ := strconv.ParseInt(r.PathValue("compra_id"), 10, 64)
	c, err := store.GetCompra(r.Context(), s.DB, cid)
	if err != nil || c.UsuarioID == nil || *c.UsuarioID != id || c.Voucher == "" {
		respond.Error(w, r, apperr.E(apperr.NotFound, "Cupón no encontrado.", "Voucher not found."))
		return
	}
	svg, err := qrSVGOf(c.Voucher)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, max-age=86400")
	_, _ = w.Write(svg)
}

// Package equipo is a restaurant's staff as its owner manages it ('Equipo'):
// the people and their roles, invitations by e-mail (a single-use,
// expiring link of purpose auth.LinkInvitacion), role changes, removals
// (whose sessions end at once) and the staff's sessions. The last
// propietario of a restaurant can be neither removed nor demoted.
package equipo

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/audit"
	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/mail"
	"carta/internal/store"
	"carta/internal/tenant"
)

// InviteTTL is how long an invitation link works.
const InviteTTL = 7 * 24 * time.Hour

// Errors of the team page and the invitation page.
var (
	ErrLastOwner = apperr.E(apperr.Conflict,
		"El restaurante necesita al menos un propietario: nombra a otro propietario antes de quitar o cambiar el rol de este.",
		"The restaurant needs at least one owner: make someone else an owner before removing this one or changing their role.")
	ErrRol = apperr.E(apperr.Invalid, "Rol no válido: usa propietario, gerente, cocina o mesero.",
		"Invalid role: use propietario, gerente, cocina or mesero.")
	ErrNotMember = apperr.E(apperr.NotFound, "Esa persona no forma parte del equipo de este restaurante.",
		"That person is not on this restaurant's staff.")
	ErrAlreadyMember = apperr.E(apperr.Conflict, "Esa persona ya forma parte del equipo de este restaurante.",
		"That person is already on this restaurant's staff.")
	ErrAdmin = apperr.E(apperr.Invalid, "Ese correo es de un administrador de Carta: no puede formar parte del equipo de un restaurante.",
		"That e-mail belongs to a Carta administrator: it cannot join a restaurant's staff.")
	ErrNoPerson = apperr.E(apperr.NotFound, "No hay ninguna persona del personal de un restaurante con ese correo.",
		"No restaurant staff person has that e-mail.")
	ErrInvitationNotFound = apperr.E(apperr.NotFound, "No encontramos esa invitación pendiente.", "Pending invitation not found.")
	ErrInviteUsed         = apperr.E(apperr.Invalid, "Esta invitación ya se usó. Inicia sesión con tu correo y contraseña.",
		"This invitation has already been used. Sign in with your e-mail and password.")
	ErrInviteExpired = apperr.E(apperr.Invalid, "Esta invitación caducó. Pide al propietario del restaurante una nueva.",
		"This invitation has expired. Ask the restaurant's owner for a new one.")
	ErrInviteRevoked = apperr.E(apperr.Invalid, "Esta invitación fue anulada o reemplazada por otra más reciente.",
		"This invitation was cancelled or replaced by a newer one.")
	ErrInviteInvalid = apperr.E(apperr.Invalid, "El enlace de invitación no es válido.", "The invitation link is not valid.")
	ErrEmailRequired = apperr.E(apperr.Invalid, "El correo es obligatorio.", "The e-mail is required.")
)

// Service is the team page's domain.
type Service struct {
	DB      *store.DB
	Auth    *auth.Service
	BaseURL string
}

// Recorder appends an action on the restaurant to its audit log, in the
// action's transaction q (the API's s.audit, with the caller and address).
type Recorder func(ctx context.Context, q store.Querier, accion, objeto, detalle string) error

// Persona is one person of a restaurant's staff.
type Persona struct {
	StaffUserID  int64            `json:"staff_user_id"`
	Email        string           `json:"email"`
	Rol          tenant.StaffRole `json:"rol"`
	UltimoAcceso int64            `json:"ultimo_acceso"`
	Desde        int64            `json:"desde"`
}

// Invitacion is a pending invitation.
type Invitacion struct {
	ID     int64            `json:"id"`
	Email  string           `json:"email"`
	Rol    tenant.StaffRole `json:"rol"`
	Creada int64            `json:"creada"`
	Caduca int64            `json:"caduca"`
}

// Equipo is the team page: the people, the pending invitations and the
// open sessions of the people.
type Equipo struct {
	Personas     []Persona          `json:"personas"`
	Invitaciones []Invitacion       `json:"invitaciones"`
	Sesiones     []auth.SessionInfo `json:"sesiones"`
}

// Team is restaurant t's staff; current (a token hash) marks the caller's
// own session.
func (s *Service) Team(ctx context.Context, t tenant.ID, current string) (Equipo, error) {
	out := Equipo{Personas: []Persona{}, Invitaciones: []Invitacion{}}
	rows, err := s.DB.Query(ctx, `SELECT u.id, u.email, m.rol, u.ultimo_acceso, m.created_at FROM membresias m
		JOIN staff_users u ON u.id = m.staff_user_id WHERE m.cliente_id = ?
		ORDER BY CASE m.rol WHEN 'propietario' THEN 0 WHEN 'gerente' THEN 1 WHEN 'cocina' THEN 2 ELSE 3 END, u.email`, t.Int64())
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var p Persona
		var r string
		if err := rows.Scan(&p.StaffUserID, &p.Email, &r, &p.UltimoAcceso, &p.Desde); err != nil {
			rows.Close()
			return out, err
		}
		p.Rol = tenant.StaffRole(r)
		out.Personas = append(out.Personas, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	rows, err = s.DB.Query(ctx, `SELECT id, email, rol, created_at, expires_at FROM links
		WHERE purpose = ? AND cliente_id = ? AND used_at = 0 AND revoked_at = 0 AND expires_at > ? ORDER BY created_at DESC, id DESC`,
		auth.LinkInvitacion, t.Int64(), s.DB.NowUnix())
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var i Invitacion
		var r string
		if err := rows.Scan(&i.ID, &i.Email, &r, &i.Creada, &i.Caduca); err != nil {
			rows.Close()
			return out, err
		}
		i.Rol = tenant.StaffRole(r)
		out.Invitaciones = append(out.Invitaciones, i)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	out.Sesiones, err = auth.RestaurantSessions(ctx, s.DB, t, current)
	return out, err
}

func checkRol(r tenant.StaffRole) error {
	if !r.Valid() {
		return ErrRol
	}
	return nil
}

// Invite e-mails email an invitation to restaurant t's staff with role r
// (through the outbox, in the restaurant's language) and answers the
// pending invitation. Inviting the same person again replaces the earlier
// link.
func (s *Service) Invite(ctx context.Context, t tenant.ID, email string, r tenant.StaffRole, rec Recorder) (Invitacion, error) {
	email = auth.NormalizeEmail(email)
	if email == "" {
		return Invitacion{}, ErrEmailRequired
	}
	if !auth.ValidEmail(email) {
		return Invitacion{}, auth.ErrEmail
	}
	if err := checkRol(r); err != nil {
		return Invitacion{}, err
	}
	var out Invitacion
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := clientes.Lock(ctx, tx, t); err != nil {
			return err
		}
		u, err := auth.StaffUserByEmail(ctx, tx, email)
		switch {
		case errors.Is(err, store.ErrNotFound):
		case err != nil:
			return err
		case u.Role != tenant.RoleCliente:
			return ErrAdmin
		default:
			if _, err := roleAt(ctx, tx, t, u.ID); err == nil {
				return ErrAlreadyMember
			} else if !errors.Is(err, ErrNotMember) {
				return err
			}
		}
		c, err := clientes.Get(ctx, tx, t)
		if err != nil {
			return err
		}
		cid := t.Int64()
		token, err := auth.IssueLink(ctx, tx, auth.Link{Purpose: auth.LinkInvitacion, Kind: auth.SessionStaff, ClienteID: &cid, Email: email, Rol: string(r)}, InviteTTL)
		if err != nil {
			return err
		}
		now := tx.NowUnix()
		out = Invitacion{Email: email, Rol: r, Creada: now, Caduca: now + int64(InviteTTL/time.Second)}
		if err := tx.QueryRow(ctx, `SELECT id FROM links WHERE token_hash = ?`, auth.HashToken(token)).Scan(&out.ID); err != nil {
			return err
		}
		pais, zona, err := clientes.Where(ctx, tx, cid)
		if err != nil {
			return err
		}
		m := inviteMail(c.Idioma, c.Nombre, r, s.InviteURL(token), time.Unix(out.Caduca, 0), pais, zona)
		if _, err := mail.Enqueue(ctx, tx, mail.OutboxMessage{Kind: "invitacion", To: email, Subject: m.Subject, Text: m.Text, HTML: m.HTML}); err != nil {
			return err
		}
		return rec(ctx, tx, "equipo.invitar", email, string(r))
	})
	return out, err
}

// InviteURL is the page an invitation link opens.
func (s *Service) InviteURL(token string) string {
	return s.BaseURL + "/invitacion?token=" + token
}

// CancelInvite revokes restaurant t's pending invitation id.
func (s *Service) CancelInvite(ctx context.Context, t tenant.ID, id int64, rec Recorder) error {
	return s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		var email string
		err := tx.QueryRow(ctx, `SELECT email FROM links WHERE id = ? AND purpose = ? AND cliente_id = ? AND used_at = 0 AND revoked_at = 0`,
			id, auth.LinkInvitacion, t.Int64()).Scan(&email)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrInvitationNotFound
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE links SET revoked_at = ? WHERE id = ?`, tx.NowUnix(), id); err != nil {
			return err
		}
		return rec(ctx, tx, "equipo.anular", email, "")
	})
}

// roleAt is person id's role at t (ErrNotMember when not a member).
func roleAt(ctx context.Context, q store.Querier, t tenant.ID, id int64) (tenant.StaffRole, error) {
	var r string
	err := q.QueryRow(ctx, `SELECT rol FROM membresias WHERE cliente_id = ? AND staff_user_id = ?`, t.Int64(), id).Scan(&r)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotMember
	}
	return tenant.StaffRole(r), err
}

// notLastOwner is the condition a change of person ? at restaurant ? must
// meet: they are not a propietario, or another propietario remains. It is
// part of the statement that changes the row, and the restaurant's row is
// locked first, so two concurrent demotions cannot both pass.
const notLastOwner = `(rol <> 'propietario' OR (SELECT COUNT(*) FROM membresias o WHERE o.cliente_id = ? AND o.rol = 'propietario' AND o.staff_user_id <> ?) > 0)`

// SetRole changes person id's role at restaurant t.
func (s *Service) SetRole(ctx context.Context, t tenant.ID, id int64, r tenant.StaffRole, rec Recorder) (Persona, error) {
	if err := checkRol(r); err != nil {
		return Persona{}, err
	}
	var out Persona
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := clientes.Lock(ctx, tx, t); err != nil {
			return err
		}
		old, err := roleAt(ctx, tx, t, id)
		if err != nil {
			return err
		}
		cond := "1 = 1"
		args := []any{string(r), t.Int64(), id}
		if r != tenant.Propietario {
			cond = notLastOwner
			args = append(args, t.Int64(), id)
		}
		res, err := tx.Exec(ctx, `UPDATE membresias SET rol = ? WHERE cliente_id = ? AND staff_user_id = ? AND `+cond, args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrLastOwner
		}
		u, err := auth.StaffUserByID(ctx, tx, id)
		if err != nil {
			return err
		}
		out = Persona{StaffUserID: id, Email: u.Email, Rol: r, UltimoAcceso: u.UltimoAcceso}
		return rec(ctx, tx, "equipo.rol", u.Email, string(old)+" → "+string(r))
	})
	return out, err
}

// Remove takes person id off restaurant t's staff; every session of theirs
// ends at once (simplest correct: a person removed from one restaurant
// signs in again for their others).
func (s *Service) Remove(ctx context.Context, t tenant.ID, id int64, rec Recorder) error {
	return s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := clientes.Lock(ctx, tx, t); err != nil {
			return err
		}
		old, err := roleAt(ctx, tx, t, id)
		if err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `DELETE FROM membresias WHERE cliente_id = ? AND staff_user_id = ? AND `+notLastOwner, t.Int64(), id, t.Int64(), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrLastOwner
		}
		if err := auth.RevokeSessions(ctx, tx, auth.SessionStaff, id, ""); err != nil {
			return err
		}
		u, err := auth.StaffUserByID(ctx, tx, id)
		if err != nil {
			return err
		}
		return rec(ctx, tx, "equipo.quitar", u.Email, string(old))
	})
}

// Link adds an existing staff person (by e-mail) to restaurant t with role
// r: the super admin's 'Vincular'.
func (s *Service) Link(ctx context.Context, t tenant.ID, email string, r tenant.StaffRole, rec Recorder) (Persona, error) {
	email = auth.NormalizeEmail(email)
	if email == "" {
		return Persona{}, ErrEmailRequired
	}
	if err := checkRol(r); err != nil {
		return Persona{}, err
	}
	var out Persona
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := clientes.Lock(ctx, tx, t); err != nil {
			return err
		}
		u, err := auth.StaffUserByEmail(ctx, tx, email)
		if errors.Is(err, store.ErrNotFound) {
			return ErrNoPerson
		}
		if err != nil {
			return err
		}
		if u.Role != tenant.RoleCliente {
			return ErrAdmin
		}
		if _, err := roleAt(ctx, tx, t, u.ID); err == nil {
			return ErrAlreadyMember
		} else if !errors.Is(err, ErrNotMember) {
			return err
		}
		if err := auth.SetMembership(ctx, tx, u.ID, t.Int64(), r); err != nil {
			return err
		}
		out = Persona{StaffUserID: u.ID, Email: u.Email, Rol: r, UltimoAcceso: u.UltimoAcceso, Desde: tx.NowUnix()}
		return rec(ctx, tx, "equipo.vincular", u.Email, string(r))
	})
	return out, err
}

// InviteState is what the invitation page shows before accepting.
type InviteState struct {
	// Estado is auth's link state: valido, usado, caducado, reemplazado, invalido.
	Estado      string           `json:"estado"`
	Restaurante string           `json:"restaurante"`
	Rol         tenant.StaffRole `json:"rol"`
	Email       string           `json:"email"`
	// CuentaExistente: the person already has a Carta staff account and
	// accepts with its password.
	CuentaExistente bool `json:"cuenta_existente"`
}

// State is the invitation page's view of token.
func (s *Service) State(ctx context.Context, token string) (InviteState, error) {
	l, err := auth.CheckLink(ctx, s.DB, auth.LinkInvitacion, auth.SessionStaff, strings.TrimSpace(token), false)
	st, err := auth.LinkState(err)
	if err != nil {
		return InviteState{}, err
	}
	out := InviteState{Estado: st}
	if st != auth.LinkValid || l.ClienteID == nil {
		if st == auth.LinkValid {
			out.Estado = auth.LinkInvalid
		}
		return out, nil
	}
	c, err := clientes.Get(ctx, s.DB, tenant.FromRecord(*l.ClienteID))
	if err != nil {
		return InviteState{}, err
	}
	out.Restaurante, out.Rol, out.Email = c.Nombre, tenant.StaffRole(l.Rol), l.Email
	u, err := auth.StaffUserByEmail(ctx, s.DB, l.Email)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return InviteState{}, err
	default:
		out.CuentaExistente = u.Role == tenant.RoleCliente
	}
	return out, nil
}

// refusal is the answer to a link CheckLink refused.
func refusal(err error) error {
	switch {
	case errors.Is(err, auth.ErrLinkUsed):
		return ErrInviteUsed
	case errors.Is(err, auth.ErrLinkExpired):
		return ErrInviteExpired
	case errors.Is(err, auth.ErrLinkRevoked):
		return ErrInviteRevoked
	case auth.IsLinkRefused(err):
		return ErrInviteInvalid
	}
	return err
}

// Accept spends invitation token: a new person's account is created with
// password, a person already staff elsewhere proves theirs (the sign-in
// throttles apply); the person joins the restaurant with the invitation's
// role and is signed in, acting on that restaurant.
func (s *Service) Accept(ctx context.Context, token, password, ip string) (auth.LoginResult, error) {
	token = strings.TrimSpace(token)
	l, err := auth.CheckLink(ctx, s.DB, auth.LinkInvitacion, auth.SessionStaff, token, false)
	if err != nil {
		return auth.LoginResult{}, refusal(err)
	}
	if l.ClienteID == nil {
		return auth.LoginResult{}, ErrInviteInvalid
	}
	// Slow work (hashing, checking a password) before the transaction.
	existing, err := auth.StaffUserByEmail(ctx, s.DB, l.Email)
	var hash string
	switch {
	case errors.Is(err, store.ErrNotFound):
		if err := auth.CheckNewPassword(password); err != nil {
			return auth.LoginResult{}, err
		}
		if hash, err = s.Auth.Hash(ctx, password); err != nil {
			return auth.LoginResult{}, err
		}
	case err != nil:
		return auth.LoginResult{}, err
	case existing.Role != tenant.RoleCliente:
		return auth.LoginResult{}, ErrAdmin
	default:
		if password == "" {
			return auth.LoginResult{}, apperr.E(apperr.Invalid, "Escribe tu contraseña.", "Enter your password.")
		}
		if err := s.Auth.VerifyPassword(ctx, auth.SessionStaff, existing.Email, ip, existing.PasswordHash, password); err != nil {
			return auth.LoginResult{}, err
		}
	}
	t := tenant.FromRecord(*l.ClienteID)
	var session string
	var u auth.StaffUser
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		l, err := auth.CheckLink(ctx, tx, auth.LinkInvitacion, auth.SessionStaff, token, true)
		if err != nil {
			return refusal(err)
		}
		if err := auth.SpendLink(ctx, tx, l.ID); err != nil {
			return err
		}
		r := tenant.StaffRole(l.Rol)
		if !r.Valid() {
			return ErrInviteInvalid
		}
		u, err = auth.StaffUserByEmail(ctx, tx, l.Email)
		switch {
		case errors.Is(err, store.ErrNotFound):
			if hash == "" { // the account was deleted meanwhile: accept again
				return ErrInviteInvalid
			}
			cid := t.Int64()
			u = auth.StaffUser{Email: l.Email, PasswordHash: hash, Role: tenant.RoleCliente, ClienteID: &cid}
			u.ID, err = auth.CreateStaffUser(ctx, tx, u, r)
			if errors.Is(err, store.ErrConflict) {
				return ErrInviteUsed
			}
			if err != nil {
				return err
			}
		case err != nil:
			return err
		case hash != "" || u.ID != existing.ID:
			// Someone created the account between the checks: its password was not proven.
			return ErrInviteInvalid
		default:
			if _, err := roleAt(ctx, tx, t, u.ID); err == nil {
				return ErrAlreadyMember
			} else if !errors.Is(err, ErrNotMember) {
				return err
			}
			if err := auth.SetMembership(ctx, tx, u.ID, t.Int64(), r); err != nil {
				return err
			}
		}
		session, err = s.Auth.OpenStaffSession(ctx, tx, u, ip, auth.SignInOptions{})
		if err != nil {
			return err
		}
		if err := auth.SetSessionRestaurant(ctx, tx, auth.HashToken(session), t.Int64()); err != nil {
			return err
		}
		return audit.Record(ctx, tx, t, audit.Entry{ActorID: u.ID, Accion: "equipo.aceptar", Objeto: u.Email, Detalle: string(r), IP: ip})
	})
	if err != nil {
		return auth.LoginResult{}, err
	}
	info, err := s.Auth.Info(ctx, u.ID, tenant.RoleCliente, t.Int64())
	return auth.LoginResult{Token: session, StaffInfo: info}, err
}

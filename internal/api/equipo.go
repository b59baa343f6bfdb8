package api

import (
	"context"
	"net/http"
	"strings"

	"carta/internal/auth"
	"carta/internal/equipo"
	"carta/internal/respond"
	"carta/internal/store"
	"carta/internal/tenant"
)

// teamRecorder is the audit log of restaurant t for the caller of r, as
// the team's changes record themselves in their transactions.
func (s *Server) teamRecorder(r *http.Request, t tenant.ID) equipo.Recorder {
	rec := s.recorder(r)
	return func(ctx context.Context, q store.Querier, accion, objeto, detalle string) error {
		return rec(ctx, q, t, accion, objeto, detalle)
	}
}

type roleIn struct {
	Rol tenant.StaffRole `json:"rol"`
}

type inviteIn struct {
	Email string           `json:"email"`
	Rol   tenant.StaffRole `json:"rol"`
}

// team is the owner's 'Equipo': people, pending invitations, sessions.
func (s *Server) team(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	out, err := s.Equipo.Team(r.Context(), t, auth.FromContext(r.Context()).TokenHash())
	if err != nil {
		return err
	}
	return ok(w, out)
}

// invite e-mails an invitation to the restaurant's staff.
func (s *Server) invite(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	var in inviteIn
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	out, err := s.Equipo.Invite(r.Context(), t, in.Email, in.Rol, s.teamRecorder(r, t))
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, out)
	return nil
}

// cancelInvite revokes a pending invitation.
func (s *Server) cancelInvite(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	id, err := objectID(r, "id", equipo.ErrInvitationNotFound)
	if err != nil {
		return err
	}
	if err := s.Equipo.CancelInvite(r.Context(), t, id, s.teamRecorder(r, t)); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// setStaffRole changes a person's role at the restaurant.
func (s *Server) setStaffRole(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	id, err := objectID(r, "staff_user_id", equipo.ErrNotMember)
	if err != nil {
		return err
	}
	var in roleIn
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	out, err := s.Equipo.SetRole(r.Context(), t, id, in.Rol, s.teamRecorder(r, t))
	if err != nil {
		return err
	}
	return ok(w, out)
}

// removeStaff takes a person off the restaurant's staff.
func (s *Server) removeStaff(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	id, err := objectID(r, "staff_user_id", equipo.ErrNotMember)
	if err != nil {
		return err
	}
	if err := s.Equipo.Remove(r.Context(), t, id, s.teamRecorder(r, t)); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// endStaffSession ends a session of a person of the restaurant.
func (s *Server) endStaffSession(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	err = s.DB.InTx(r.Context(), func(ctx context.Context, tx *store.Tx) error {
		if err := auth.RevokeRestaurantSession(ctx, tx, t, r.PathValue("id")); err != nil {
			return err
		}
		return s.audit(ctx, tx, r, t, "equipo.sesion", r.PathValue("id"), "")
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// linkStaff is the super admin adding an existing staff person to a restaurant.
func (s *Server) linkStaff(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	var in inviteIn
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	out, err := s.Equipo.Link(r.Context(), t, in.Email, in.Rol, s.teamRecorder(r, t))
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, out)
	return nil
}

type invitationIn struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// invitationState is what the invitation page shows.
func (s *Server) invitationState(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Token string `json:"token"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	out, err := s.Equipo.State(r.Context(), in.Token)
	if err != nil {
		return err
	}
	return ok(w, out)
}

// acceptInvitation spends an invitation and signs the person in.
func (s *Server) acceptInvitation(w http.ResponseWriter, r *http.Request) error {
	var in invitationIn
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	if strings.TrimSpace(in.Token) == "" {
		return equipo.ErrInviteInvalid
	}
	res, err := s.Equipo.Accept(r.Context(), in.Token, in.Password, s.clientIP(r))
	if err != nil {
		return err
	}
	return ok(w, res)
}

// mySessions lists the caller's sessions, the current one marked.
func (s *Server) mySessions(w http.ResponseWriter, r *http.Request) error {
	p := auth.FromContext(r.Context())
	out, err := auth.StaffSessions(r.Context(), s.DB, p.SubjectID(), p.TokenHash())
	if err != nil {
		return err
	}
	return ok(w, map[string]any{"sesiones": out})
}

// endOtherSessions signs the caller out everywhere but here.
func (s *Server) endOtherSessions(w http.ResponseWriter, r *http.Request) error {
	p := auth.FromContext(r.Context())
	if err := auth.RevokeSessions(r.Context(), s.DB, auth.SessionStaff, p.SubjectID(), p.TokenHash()); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// endMySession ends one of the caller's sessions.
func (s *Server) endMySession(w http.ResponseWriter, r *http.Request) error {
	p := auth.FromContext(r.Context())
	if err := auth.RevokeSessionOf(r.Context(), s.DB, p.SubjectID(), r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// changeStaffPassword changes the caller's password and ends their other sessions.
func (s *Server) changeStaffPassword(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Actual string `json:"password_actual"`
		Nueva  string `json:"password_nueva"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	if err := s.Auth.ChangePassword(r.Context(), auth.FromContext(r.Context()), s.clientIP(r), in.Actual, in.Nueva); err != nil {
		return err
	}
	return ok(w, map[string]string{"message": msg(r, "Contraseña cambiada. Cerramos tus otras sesiones.", "Password changed. Your other sessions were signed out.")})
}

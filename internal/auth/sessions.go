package auth

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/limits"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Sessions as people see them: each has a public id (random, never the
// token or its hash: knowing it authenticates nothing), the device label
// of a long-lived kitchen tablet sign-in, the address it was opened from
// and when it was last used.

// DeviceTTL is how long a device session lasts: a kitchen tablet signed in
// with "Mantener la sesión en este dispositivo".
const DeviceTTL = 90 * 24 * time.Hour

// DefaultDevice labels a device session opened without a name.
const DefaultDevice = "Tableta de cocina"

// touchEvery is how stale a session's last use may get before a request
// records it again: at most one write per session and minute.
const touchEvery = 60

func newPublicID() (string, error) {
	b := make([]byte, 9)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// touchSession records that a session was used now, when its last use is
// older than touchEvery.
func touchSession(ctx context.Context, q store.Querier, tokenHash string, last int64) {
	now := q.NowUnix()
	if now-last < touchEvery {
		return
	}
	// A failed write only leaves the last use older: never refuse a request for it.
	_, _ = q.Exec(ctx, `UPDATE sessions SET ultimo_uso = ? WHERE token_hash = ? AND ultimo_uso < ?`, now, tokenHash, now-touchEvery+1)
}

// SessionInfo is one session as its holder or the restaurant's owner sees it.
type SessionInfo struct {
	ID          string `json:"id"`
	StaffUserID int64  `json:"staff_user_id"`
	Email       string `json:"email"`
	Dispositivo string `json:"dispositivo"`
	// Navegador is the browser and system the session was opened from ("Chrome · Android",
	// BrowserName; "" when unknown).
	Navegador string `json:"navegador"`
	IP        string `json:"ip"`
	Creada    int64  `json:"creada"`
	UltimoUso int64  `json:"ultimo_uso"`
	Caduca    int64  `json:"caduca"`
	Actual    bool   `json:"actual"`
}

const sessionCols = `s.public_id, s.subject_id, u.email, s.dispositivo, s.navegador, s.ip, s.created_at, s.ultimo_uso, s.expires_at, s.token_hash`

func scanSessions(rows *store.Rows, current string) ([]SessionInfo, error) {
	defer rows.Close()
	out := []SessionInfo{}
	for rows.Next() {
		var si SessionInfo
		var hash string
		if err := rows.Scan(&si.ID, &si.StaffUserID, &si.Email, &si.Dispositivo, &si.Navegador, &si.IP, &si.Creada, &si.UltimoUso, &si.Caduca, &hash); err != nil {
			return nil, err
		}
		si.Actual = hash == current
		out = append(out, si)
	}
	return out, rows.Err()
}

// ownFirst orders one's own sessions: the current one (the first
// argument, a token hash) first, then the most recently used. A session's
// last use is written at most once a minute (touchEvery), so by last use
// alone the device one is holding would often come below another.
const ownFirst = ` ORDER BY CASE WHEN s.token_hash = ? THEN 0 ELSE 1 END, s.ultimo_uso DESC, s.created_at DESC`

// StaffSessions lists a staff person's open sessions (ownFirst); current
// (a token hash) is marked.
func StaffSessions(ctx context.Context, q store.Querier, staffUserID int64, current string) ([]SessionInfo, error) {
	rows, err := q.Query(ctx, `SELECT `+sessionCols+` FROM sessions s JOIN staff_users u ON u.id = s.subject_id
		WHERE s.kind = ? AND s.subject_id = ? AND s.expires_at > ?`+ownFirst,
		SessionStaff, staffUserID, q.NowUnix(), current)
	if err != nil {
		return nil, err
	}
	return scanSessions(rows, current)
}

// RestaurantSessions lists the open sessions of the people of restaurant t.
func RestaurantSessions(ctx context.Context, q store.Querier, t tenant.ID, current string) ([]SessionInfo, error) {
	rows, err := q.Query(ctx, `SELECT `+sessionCols+` FROM sessions s JOIN staff_users u ON u.id = s.subject_id
		JOIN membresias m ON m.staff_user_id = s.subject_id AND m.cliente_id = ?
		WHERE s.kind = ? AND s.expires_at > ? ORDER BY s.ultimo_uso DESC, s.created_at DESC`,
		t.Int64(), SessionStaff, q.NowUnix())
	if err != nil {
		return nil, err
	}
	return scanSessions(rows, current)
}

// ErrSessionNotFound answers a session id that is not one the caller may end.
var ErrSessionNotFound = apperr.E(apperr.NotFound, "No encontramos esa sesión.", "Session not found.")

// RevokeSessionOf ends the session with public id of staff person
// staffUserID.
func RevokeSessionOf(ctx context.Context, q store.Querier, staffUserID int64, publicID string) error {
	return revokeOwn(ctx, q, SessionStaff, staffUserID, publicID)
}

// RevokeDinerSession ends the session with public id of diner usuarioID
// (another diner's session, or a staff one, is not found).
func RevokeDinerSession(ctx context.Context, q store.Querier, usuarioID int64, publicID string) error {
	return revokeOwn(ctx, q, SessionUsuario, usuarioID, publicID)
}

func revokeOwn(ctx context.Context, q store.Querier, kind string, subjectID int64, publicID string) error {
	res, err := q.Exec(ctx, `DELETE FROM sessions WHERE kind = ? AND subject_id = ? AND public_id = ?`, kind, subjectID, strings.TrimSpace(publicID))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrSessionNotFound
	}
	return nil
}

// DinerSessionInfo is one of a diner's sessions as the diner sees it in
// 'Manejar Cuenta': where it was opened (the browser), when, its last use.
// Not the address: the list is for recognising one's own phones.
type DinerSessionInfo struct {
	ID string `json:"id"`
	// Navegador is the browser and system the session was opened from ("Chrome · Android",
	// BrowserName; "" when unknown).
	Navegador string `json:"navegador"`
	Creada    int64  `json:"creada"`
	UltimoUso int64  `json:"ultimo_uso"`
	Caduca    int64  `json:"caduca"`
	Actual    bool   `json:"actual"`
}

// MaxDinerSessionsListed bounds a diner's list of sessions; 'Cerrar las
// demás sesiones' ends the ones beyond it too.
const MaxDinerSessionsListed = 50

// DinerSessions lists diner usuarioID's open sessions (ownFirst, at most
// MaxDinerSessionsListed); current (a token hash) is marked.
func DinerSessions(ctx context.Context, q store.Querier, usuarioID int64, current string) ([]DinerSessionInfo, error) {
	rows, err := q.Query(ctx, `SELECT s.public_id, s.navegador, s.created_at, s.ultimo_uso, s.expires_at, s.token_hash FROM sessions s
		WHERE s.kind = ? AND s.subject_id = ? AND s.expires_at > ?`+ownFirst+` LIMIT ?`,
		SessionUsuario, usuarioID, q.NowUnix(), current, MaxDinerSessionsListed)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []DinerSessionInfo{}
	for rows.Next() {
		var d DinerSessionInfo
		var hash string
		if err := rows.Scan(&d.ID, &d.Navegador, &d.Creada, &d.UltimoUso, &d.Caduca, &hash); err != nil {
			return nil, err
		}
		d.Actual = hash == current
		out = append(out, d)
	}
	return out, rows.Err()
}

// RevokeRestaurantSession ends the session with public id of a person of
// restaurant t (another restaurant's person's session is not found).
func RevokeRestaurantSession(ctx context.Context, q store.Querier, t tenant.ID, publicID string) error {
	res, err := q.Exec(ctx, `DELETE FROM sessions WHERE kind = ? AND public_id = ?
		AND subject_id IN (SELECT staff_user_id FROM membresias WHERE cliente_id = ?)`, SessionStaff, strings.TrimSpace(publicID), t.Int64())
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrSessionNotFound
	}
	return nil
}

// SignInOptions are a staff sign-in's choices: Mantener asks for a
// long-lived device session (DeviceTTL) labelled Dispositivo.
type SignInOptions struct {
	Mantener    bool
	Dispositivo string
}

// OpenStaffSession opens a session of staff person u from ip (a device
// session when o.Mantener, for restaurant staff only: a super admin's
// sign-in is never long-lived) and records the sign-in as their last access.
func (s *Service) OpenStaffSession(ctx context.Context, q store.Querier, u StaffUser, ip string, o SignInOptions) (string, error) {
	ttl, label := s.TTL, ""
	if o.Mantener && u.Role == tenant.RoleCliente {
		ttl, label = DeviceTTL, strings.TrimSpace(o.Dispositivo)
		if label == "" {
			label = DefaultDevice
		}
		if len([]rune(label)) > 60 {
			label = string([]rune(label)[:60])
		}
	}
	tok, hash, err := NewToken()
	if err != nil {
		return "", err
	}
	if err := CreateSession(ctx, q, hash, SessionStaff, u.ID, ttl, SessionOptions{Dispositivo: label, IP: ip}); err != nil {
		return "", err
	}
	_, err = q.Exec(ctx, `UPDATE staff_users SET ultimo_acceso = ? WHERE id = ?`, q.NowUnix(), u.ID)
	return tok, err
}

// ChangePassword is a signed-in staff person's password change: the
// current password is checked under the sign-in throttles
// (VerifyPassword), the new one must follow the rules, and every other
// session of the person ends.
func (s *Service) ChangePassword(ctx context.Context, p *tenant.Principal, ip, current, nueva string) error {
	if current == "" || nueva == "" {
		return errEmptyFields
	}
	if _, err := limits.Password.Check(current); err != nil {
		return err
	}
	if err := CheckNewPassword(nueva); err != nil {
		return err
	}
	u, err := staffUser(ctx, s.DB, p.SubjectID())
	if err != nil {
		return err
	}
	if err := s.VerifyPassword(ctx, SessionStaff, u.Email, ip, u.PasswordHash, current); err != nil {
		return err
	}
	hash, err := s.Hash(ctx, nueva)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE staff_users SET password_hash = ? WHERE id = ?`, hash, u.ID); err != nil {
			return err
		}
		return RevokeSessions(ctx, tx, SessionStaff, u.ID, p.TokenHash())
	})
}

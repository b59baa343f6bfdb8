package auth

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"carta/internal/store"
	"carta/internal/tenant"
)

// The SQL of sign-in: sessions, staff accounts and throttle budgets.

// Session kinds: staff (owners and super admins) and usuario (diners).
const (
	SessionStaff   = "staff"
	SessionUsuario = "usuario"
)

// session is a stored sign-in; only the token's hash is kept.
type session struct {
	Kind      string
	SubjectID int64
	ClienteID int64 // a staff session's chosen restaurant; 0: the default one
	UltimoUso int64 // when it was last used (updated at most once a minute)
}

// SessionOptions describe a new session beyond its holder: the device it
// is for (a kitchen tablet's label, "" for a browser) and the address it
// was opened from (none: the request's, WithClient). The browser's name is
// always the request's (BrowserName).
type SessionOptions struct {
	Dispositivo string
	IP          string
}

// CreateSession stores a session of kind for subjectID, valid for ttl.
func CreateSession(ctx context.Context, q store.Querier, tokenHash, kind string, subjectID int64, ttl time.Duration, opts ...SessionOptions) error {
	var o SessionOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	pub, err := newPublicID()
	if err != nil {
		return err
	}
	c := clientOf(ctx)
	if o.IP == "" {
		o.IP = c.ip
	}
	now := q.NowUnix()
	_, err = q.Exec(ctx, `INSERT INTO sessions (token_hash, kind, subject_id, created_at, expires_at, public_id, dispositivo, navegador, ip, ultimo_uso)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		tokenHash, kind, subjectID, now, now+int64(ttl/time.Second), pub, o.Dispositivo, BrowserName(c.userAgent), o.IP, now)
	return err
}

func getSession(ctx context.Context, q store.Querier, tokenHash string) (session, error) {
	var s session
	var cid sql.NullInt64
	err := q.QueryRow(ctx, `SELECT kind, subject_id, cliente_id, ultimo_uso FROM sessions WHERE token_hash = ? AND expires_at > ?`,
		tokenHash, q.NowUnix()).Scan(&s.Kind, &s.SubjectID, &cid, &s.UltimoUso)
	s.ClienteID = cid.Int64
	return s, store.NotFound(err)
}

// SetSessionRestaurant records the restaurant a staff session acts on.
func SetSessionRestaurant(ctx context.Context, q store.Querier, tokenHash string, clienteID int64) error {
	_, err := q.Exec(ctx, `UPDATE sessions SET cliente_id = ? WHERE token_hash = ? AND kind = ?`, clienteID, tokenHash, SessionStaff)
	return err
}

func deleteSession(ctx context.Context, q store.Querier, tokenHash string) error {
	_, err := q.Exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash)
	return err
}

// RevokeSessions signs a subject out everywhere but keepTokenHash (after a
// password change or an account deletion).
func RevokeSessions(ctx context.Context, q store.Querier, kind string, subjectID int64, keepTokenHash string) error {
	_, err := q.Exec(ctx, `DELETE FROM sessions WHERE kind = ? AND subject_id = ? AND token_hash <> ?`, kind, subjectID, keepTokenHash)
	return err
}

// DeleteExpiredSessions removes sessions past their expiry.
func DeleteExpiredSessions(ctx context.Context, q store.Querier) (int64, error) {
	res, err := q.Exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, q.NowUnix())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// StaffUser is a restaurant staff person or a super admin.
type StaffUser struct {
	ID           int64
	Email        string
	PasswordHash string
	Role         tenant.Role
	// ClienteID is the restaurant a tenant.RoleCliente account was created
	// for. It grants nothing: what a person may do is their memberships.
	ClienteID *int64
	// UltimoAcceso is when the person last signed in (0: never).
	UltimoAcceso int64
}

// NormalizeEmail is the form e-mails are stored and looked up in.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// CreateStaffUser inserts a staff account; a taken e-mail is store.ErrConflict.
// A restaurant's account (tenant.RoleCliente) is made the propietario of
// u.ClienteID unless role says otherwise (an invited person's role).
func CreateStaffUser(ctx context.Context, q store.Querier, u StaffUser, role ...tenant.StaffRole) (int64, error) {
	id, err := store.InsertID(ctx, q, `INSERT INTO staff_users (email, password_hash, role, cliente_id, created_at) VALUES (?, ?, ?, ?, ?)`,
		NormalizeEmail(u.Email), u.PasswordHash, string(u.Role), u.ClienteID, q.NowUnix())
	if store.IsUniqueViolation(err) {
		return 0, store.ErrConflict
	}
	if err != nil {
		return 0, fmt.Errorf("create staff user: %w", err)
	}
	if u.Role == tenant.RoleCliente && u.ClienteID != nil {
		r := tenant.Propietario
		if len(role) > 0 {
			r = role[0]
		}
		if err := SetMembership(ctx, q, id, *u.ClienteID, r); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// Membership is a person's role at one restaurant.
type Membership struct {
	ClienteID  int64            `json:"cliente_id"`
	Nombre     string           `json:"nombre"`
	MerchantID *string          `json:"merchant_id"`
	Rol        tenant.StaffRole `json:"rol"`
}

// SetMembership gives a person a role at a restaurant (adding them, or
// changing their role there).
func SetMembership(ctx context.Context, q store.Querier, staffUserID, clienteID int64, r tenant.StaffRole) error {
	if !r.Valid() {
		return fmt.Errorf("set membership: invalid role %q", r)
	}
	_, err := q.Exec(ctx, `INSERT INTO membresias (staff_user_id, cliente_id, rol, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (staff_user_id, cliente_id) DO UPDATE SET rol = excluded.rol`, staffUserID, clienteID, string(r), q.NowUnix())
	return err
}

// Memberships lists a person's restaurants and roles, by restaurant name.
func Memberships(ctx context.Context, q store.Querier, staffUserID int64) ([]Membership, error) {
	rows, err := q.Query(ctx, `SELECT m.cliente_id, c.nombre, c.merchant_id, m.rol FROM membresias m
		JOIN clientes c ON c.id = m.cliente_id WHERE m.staff_user_id = ? ORDER BY c.nombre, m.cliente_id`, staffUserID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Membership{}
	for rows.Next() {
		var m Membership
		var merchant sql.NullString
		var r string
		if err := rows.Scan(&m.ClienteID, &m.Nombre, &merchant, &r); err != nil {
			return nil, err
		}
		if merchant.Valid {
			m.MerchantID = &merchant.String
		}
		m.Rol = tenant.StaffRole(r)
		out = append(out, m)
	}
	return out, rows.Err()
}

const staffCols = `id, email, password_hash, role, cliente_id, ultimo_acceso`

func scanStaff(row interface{ Scan(...any) error }) (StaffUser, error) {
	var u StaffUser
	var cid sql.NullInt64
	var role string
	if err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &role, &cid, &u.UltimoAcceso); err != nil {
		return u, store.NotFound(err)
	}
	u.Role = tenant.Role(role)
	if cid.Valid {
		u.ClienteID = &cid.Int64
	}
	return u, nil
}

// StaffUserByEmail looks an account up by e-mail (case-insensitive).
func StaffUserByEmail(ctx context.Context, q store.Querier, email string) (StaffUser, error) {
	return scanStaff(q.QueryRow(ctx, `SELECT `+staffCols+` FROM staff_users WHERE email = ?`, NormalizeEmail(email)))
}

// StaffUserByID looks an account up by id.
func StaffUserByID(ctx context.Context, q store.Querier, id int64) (StaffUser, error) {
	return staffUser(ctx, q, id)
}

func staffUser(ctx context.Context, q store.Querier, id int64) (StaffUser, error) {
	return scanStaff(q.QueryRow(ctx, `SELECT `+staffCols+` FROM staff_users WHERE id = ?`, id))
}

// SetStaffPassword replaces an account's password hash and revokes its sessions.
func SetStaffPassword(ctx context.Context, q store.Querier, id int64, hash string) error {
	if _, err := q.Exec(ctx, `UPDATE staff_users SET password_hash = ? WHERE id = ?`, hash, id); err != nil {
		return err
	}
	return RevokeSessions(ctx, q, SessionStaff, id, "")
}

// ThrottleRule is the budget of one kind of throttle key: Limit attempts
// per Window. With Backoff, each window that ended over the limit doubles
// the next one (up to MaxStrikes doublings), so a key that keeps being
// abused waits longer each time.
type ThrottleRule struct {
	Limit      int
	Window     time.Duration
	Backoff    bool
	MaxStrikes int
}

// window returns the length in seconds of a window after strikes strikes.
func (r ThrottleRule) window(strikes int) int64 {
	w := int64(r.Window / time.Second)
	if r.Backoff {
		w <<= min(strikes, r.MaxStrikes)
	}
	return w
}

// ThrottleReserve takes one attempt from key's budget and reports whether
// it was within the rule's limit; when not, retryAfter is the seconds until
// the key's window ends. It is one statement (an upsert), so concurrent
// reservations are counted exactly: at most Limit succeed per window.
func ThrottleReserve(ctx context.Context, q store.Querier, key string, r ThrottleRule) (ok bool, retryAfter int64, err error) {
	now := q.NowUnix()
	// The window after an expired one: back to the base length when the
	// expired window stayed within the limit, one strike more otherwise.
	var next strings.Builder
	next.WriteString("CASE WHEN throttle.attempts <= " + strconv.Itoa(r.Limit) + " THEN " + strconv.FormatInt(r.window(0), 10))
	for s := 0; s < r.MaxStrikes; s++ {
		next.WriteString(" WHEN throttle.strikes = " + strconv.Itoa(s) + " THEN " + strconv.FormatInt(r.window(s+1), 10))
	}
	next.WriteString(" ELSE " + strconv.FormatInt(r.window(r.MaxStrikes), 10) + " END")
	strikes := "0"
	if r.Backoff {
		strikes = "CASE WHEN throttle.attempts <= " + strconv.Itoa(r.Limit) + " THEN 0 WHEN throttle.strikes >= " +
			strconv.Itoa(r.MaxStrikes) + " THEN throttle.strikes ELSE throttle.strikes + 1 END"
	}
	var attempts int
	var end int64
	err = q.QueryRow(ctx, `INSERT INTO throttle (key, attempts, window_end, strikes) VALUES (?, 1, ?, 0)
		ON CONFLICT (key) DO UPDATE SET
			attempts   = CASE WHEN throttle.window_end <= ? THEN 1 ELSE throttle.attempts + 1 END,
			strikes    = CASE WHEN throttle.window_end <= ? THEN `+strikes+` ELSE throttle.strikes END,
			window_end = CASE WHEN throttle.window_end <= ? THEN ? + `+next.String()+` ELSE throttle.window_end END
		RETURNING attempts, window_end`, key, now+r.window(0), now, now, now, now).Scan(&attempts, &end)
	if err != nil {
		return false, 0, err
	}
	if attempts > r.Limit {
		return false, max(end-now, 1), nil
	}
	return true, 0, nil
}

// ThrottleRefund gives back one attempt of key (a sign-in that succeeded
// does not use up the budget of its address or account).
func ThrottleRefund(ctx context.Context, q store.Querier, key string) error {
	_, err := q.Exec(ctx, `UPDATE throttle SET attempts = attempts - 1 WHERE key = ? AND attempts > 0 AND window_end > ?`, key, q.NowUnix())
	return err
}

// ThrottleReset forgets key (the right password from an address clears
// that address's count for the account).
func ThrottleReset(ctx context.Context, q store.Querier, key string) error {
	_, err := q.Exec(ctx, `DELETE FROM throttle WHERE key = ?`, key)
	return err
}

// DeleteExpiredThrottles removes keys whose window ended long enough ago
// that their strikes no longer matter.
func DeleteExpiredThrottles(ctx context.Context, q store.Querier, olderThan time.Duration) (int64, error) {
	res, err := q.Exec(ctx, `DELETE FROM throttle WHERE window_end < ?`, q.NowUnix()-int64(olderThan/time.Second))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

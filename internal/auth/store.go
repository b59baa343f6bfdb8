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
}

// CreateSession stores a session of kind for subjectID, valid for ttl.
func CreateSession(ctx context.Context, q store.Querier, tokenHash, kind string, subjectID int64, ttl time.Duration) error {
	now := q.NowUnix()
	_, err := q.Exec(ctx, `INSERT INTO sessions (token_hash, kind, subject_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		tokenHash, kind, subjectID, now, now+int64(ttl/time.Second))
	return err
}

func getSession(ctx context.Context, q store.Querier, tokenHash string) (session, error) {
	var s session
	err := q.QueryRow(ctx, `SELECT kind, subject_id FROM sessions WHERE token_hash = ? AND expires_at > ?`,
		tokenHash, q.NowUnix()).Scan(&s.Kind, &s.SubjectID)
	return s, store.NotFound(err)
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

// StaffUser is a restaurant owner or a super admin.
type StaffUser struct {
	ID           int64
	Email        string
	PasswordHash string
	Role         tenant.Role
	ClienteID    *int64 // set for tenant.RoleCliente only
}

// NormalizeEmail is the form e-mails are stored and looked up in.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// CreateStaffUser inserts a staff account; a taken e-mail is store.ErrConflict.
func CreateStaffUser(ctx context.Context, q store.Querier, u StaffUser) (int64, error) {
	id, err := store.InsertID(ctx, q, `INSERT INTO staff_users (email, password_hash, role, cliente_id, created_at) VALUES (?, ?, ?, ?, ?)`,
		NormalizeEmail(u.Email), u.PasswordHash, string(u.Role), u.ClienteID, q.NowUnix())
	if store.IsUniqueViolation(err) {
		return 0, store.ErrConflict
	}
	if err != nil {
		return 0, fmt.Errorf("create staff user: %w", err)
	}
	return id, nil
}

const staffCols = `id, email, password_hash, role, cliente_id`

func scanStaff(row interface{ Scan(...any) error }) (StaffUser, error) {
	var u StaffUser
	var cid sql.NullInt64
	var role string
	if err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &role, &cid); err != nil {
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

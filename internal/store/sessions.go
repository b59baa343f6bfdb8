package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Session kinds: staff (owners and super admins) and usuario (diners).
const (
	SessionStaff   = "staff"
	SessionUsuario = "usuario"
)

// Session is a stored sign-in; only the token's hash is kept.
type Session struct {
	TokenHash string
	Kind      string
	SubjectID int64
	ExpiresAt int64
}

// CreateSession stores a session valid for ttl.
func CreateSession(ctx context.Context, q Querier, tokenHash, kind string, subjectID int64, ttl time.Duration) error {
	now := q.now()
	_, err := q.Exec(ctx, `INSERT INTO sessions (token_hash, kind, subject_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		tokenHash, kind, subjectID, now, now+int64(ttl/time.Second))
	return err
}

// GetSession returns an unexpired session by token hash, or ErrNotFound.
func GetSession(ctx context.Context, q Querier, tokenHash string) (Session, error) {
	var s Session
	err := q.QueryRow(ctx, `SELECT token_hash, kind, subject_id, expires_at FROM sessions WHERE token_hash = ? AND expires_at > ?`,
		tokenHash, q.now()).Scan(&s.TokenHash, &s.Kind, &s.SubjectID, &s.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return s, ErrNotFound
	}
	return s, err
}

// DeleteSession revokes one session.
func DeleteSession(ctx context.Context, q Querier, tokenHash string) error {
	_, err := q.Exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash)
	return err
}

// DeleteExpiredSessions removes sessions past their expiry.
func DeleteExpiredSessions(ctx context.Context, q Querier) (int64, error) {
	res, err := q.Exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, q.now())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

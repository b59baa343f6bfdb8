package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// Staff roles.
const (
	RoleSuperAdmin = "superadmin"
	RoleCliente    = "cliente"
)

// StaffUser is a restaurant owner or a super admin.
type StaffUser struct {
	ID           int64
	Email        string
	PasswordHash string
	Role         string
	ClienteID    *int64 // set for RoleCliente only
}

// NormalizeEmail is the form e-mails are stored and looked up in.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// CreateStaffUser inserts a staff account; a taken e-mail is ErrConflict.
func CreateStaffUser(ctx context.Context, q Querier, u StaffUser) (int64, error) {
	id, err := insertID(ctx, q, `INSERT INTO staff_users (email, password_hash, role, cliente_id, created_at) VALUES (?, ?, ?, ?, ?)`,
		NormalizeEmail(u.Email), u.PasswordHash, u.Role, u.ClienteID, q.now())
	if isUniqueViolation(err) {
		return 0, ErrConflict
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
	err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &u.Role, &cid)
	if errors.Is(err, sql.ErrNoRows) {
		return u, ErrNotFound
	}
	if cid.Valid {
		u.ClienteID = &cid.Int64
	}
	return u, err
}

// GetStaffUserByEmail looks an account up by e-mail (case-insensitive).
func GetStaffUserByEmail(ctx context.Context, q Querier, email string) (StaffUser, error) {
	return scanStaff(q.QueryRow(ctx, `SELECT `+staffCols+` FROM staff_users WHERE email = ?`, NormalizeEmail(email)))
}

// GetStaffUser looks an account up by id.
func GetStaffUser(ctx context.Context, q Querier, id int64) (StaffUser, error) {
	return scanStaff(q.QueryRow(ctx, `SELECT `+staffCols+` FROM staff_users WHERE id = ?`, id))
}

// SetStaffPassword replaces an account's password hash and revokes its sessions.
func SetStaffPassword(ctx context.Context, q Querier, id int64, hash string) error {
	if _, err := q.Exec(ctx, `UPDATE staff_users SET password_hash = ? WHERE id = ?`, hash, id); err != nil {
		return err
	}
	_, err := q.Exec(ctx, `DELETE FROM sessions WHERE kind = 'staff' AND subject_id = ?`, id)
	return err
}

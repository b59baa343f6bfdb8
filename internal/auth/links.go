package auth

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"carta/internal/store"
)

// E-mailed links: one mechanism for every link that lets a person set a
// password by proving they read an e-mail. A link is a random 256-bit token
// (stored as its SHA-256), single use, expiring, with a purpose; issuing a
// new one revokes the earlier unused ones of the same restaurant
// (onboarding) or account (reset). Checking it before slow work and again,
// locked, in the transaction that spends it makes it usable exactly once.

// Link purposes.
const (
	// LinkOnboarding sets a restaurant owner's first password (the super
	// admin's 'Enviar Enlace').
	LinkOnboarding = "onboarding"
	// LinkReset sets a new password of an existing account ('¿Olvidaste tu
	// contraseña?').
	LinkReset = "reset"
	// LinkInvitacion adds a person to a restaurant's staff with a role
	// (the owner's 'Equipo'): a new person sets a password, one already
	// staff elsewhere confirms theirs.
	LinkInvitacion = "invitacion"
)

// Why a link cannot be spent. They are not apperr errors: each flow answers
// with its own message (LinkState names them for the pages).
var (
	ErrLinkUnknown = errors.New("link: unknown token")
	ErrLinkUsed    = errors.New("link: already used")
	ErrLinkRevoked = errors.New("link: replaced by a newer link")
	ErrLinkExpired = errors.New("link: expired")
)

// Link is a stored link.
type Link struct {
	ID      int64
	Purpose string
	// Kind is the account's kind: SessionStaff or SessionUsuario.
	Kind string
	// AccountID is the account a reset link sets the password of (0 for an
	// onboarding link: the owner's account may not exist yet).
	AccountID int64
	// ClienteID is the restaurant of an onboarding link, or the restaurant
	// a diner's reset link brings the diner back to.
	ClienteID *int64
	Email     string
	ExpiresAt int64
	// Rol is the staff role an invitation gives.
	Rol string
}

// IssueLink stores a new link valid for ttl and returns its token. An
// onboarding link revokes the restaurant's earlier unused onboarding links;
// a reset link the account's earlier unused reset links.
func IssueLink(ctx context.Context, q store.Querier, l Link, ttl time.Duration) (string, error) {
	token, hash, err := NewToken()
	if err != nil {
		return "", err
	}
	now := q.NowUnix()
	switch l.Purpose {
	case LinkOnboarding:
		_, err = q.Exec(ctx, `UPDATE links SET revoked_at = ? WHERE purpose = ? AND cliente_id = ? AND used_at = 0 AND revoked_at = 0`,
			now, l.Purpose, l.ClienteID)
	case LinkInvitacion:
		// A new invitation of the same person to the same restaurant
		// replaces the earlier one.
		_, err = q.Exec(ctx, `UPDATE links SET revoked_at = ? WHERE purpose = ? AND cliente_id = ? AND email = ? AND used_at = 0 AND revoked_at = 0`,
			now, l.Purpose, l.ClienteID, NormalizeEmail(l.Email))
	default:
		_, err = q.Exec(ctx, `UPDATE links SET revoked_at = ? WHERE purpose = ? AND kind = ? AND account_id = ? AND used_at = 0 AND revoked_at = 0`,
			now, l.Purpose, l.Kind, l.AccountID)
	}
	if err != nil {
		return "", err
	}
	if _, err := q.Exec(ctx, `INSERT INTO links (purpose, kind, account_id, cliente_id, email, token_hash, expires_at, created_at, rol) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		l.Purpose, l.Kind, l.AccountID, l.ClienteID, NormalizeEmail(l.Email), hash, now+int64(ttl/time.Second), now, l.Rol); err != nil {
		return "", err
	}
	return token, nil
}

// maxLinkToken bounds the token a caller sends (ours are 43 characters).
const maxLinkToken = 200

// CheckLink finds the link of token and checks that it has purpose and
// kind and may still be spent; lock holds its row until the transaction
// ends (spend it in that transaction). A link of another purpose or kind
// is ErrLinkUnknown: a staff link never opens a diner's form, nor the
// reverse.
func CheckLink(ctx context.Context, q store.Querier, purpose, kind, token string, lock bool) (Link, error) {
	var l Link
	if token == "" || len(token) > maxLinkToken {
		return l, ErrLinkUnknown
	}
	query := `SELECT id, purpose, kind, account_id, cliente_id, email, expires_at, used_at, revoked_at, rol FROM links WHERE token_hash = ?`
	if lock {
		query += store.ForUpdate(q)
	}
	var cid sql.NullInt64
	var used, revoked int64
	err := q.QueryRow(ctx, query, HashToken(token)).Scan(&l.ID, &l.Purpose, &l.Kind, &l.AccountID, &cid, &l.Email, &l.ExpiresAt, &used, &revoked, &l.Rol)
	if errors.Is(store.NotFound(err), store.ErrNotFound) {
		return Link{}, ErrLinkUnknown
	}
	if err != nil {
		return Link{}, err
	}
	if cid.Valid {
		l.ClienteID = &cid.Int64
	}
	switch {
	case l.Purpose != purpose || l.Kind != kind:
		return Link{}, ErrLinkUnknown
	case used != 0:
		return l, ErrLinkUsed
	case revoked != 0:
		return l, ErrLinkRevoked
	case q.NowUnix() >= l.ExpiresAt:
		return l, ErrLinkExpired
	}
	return l, nil
}

// SpendLink marks a link checked (locked) in this transaction as used.
func SpendLink(ctx context.Context, q store.Querier, id int64) error {
	_, err := q.Exec(ctx, `UPDATE links SET used_at = ? WHERE id = ?`, q.NowUnix(), id)
	return err
}

// LinkKeep is how long a spent, replaced or expired link is kept after
// its expiry (its page says "used" or "expired" rather than "unknown").
const LinkKeep = 7 * 24 * time.Hour

// DeleteOldLinks removes the links that expired more than LinkKeep ago
// (spent and replaced ones included: each expires).
func DeleteOldLinks(ctx context.Context, q store.Querier) (int64, error) {
	res, err := q.Exec(ctx, `DELETE FROM links WHERE expires_at < ?`, q.NowUnix()-int64(LinkKeep/time.Second))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Link states as the link's page shows them.
const (
	LinkValid    = "valido"
	LinkUsed     = "usado"
	LinkExpired  = "caducado"
	LinkReplaced = "reemplazado"
	LinkInvalid  = "invalido"
)

// LinkState names what CheckLink answered: LinkValid for no error, the
// refusal's state otherwise, and err for a failure that is not a refusal.
func LinkState(checked error) (string, error) {
	switch {
	case checked == nil:
		return LinkValid, nil
	case errors.Is(checked, ErrLinkUsed):
		return LinkUsed, nil
	case errors.Is(checked, ErrLinkExpired):
		return LinkExpired, nil
	case errors.Is(checked, ErrLinkRevoked):
		return LinkReplaced, nil
	case errors.Is(checked, ErrLinkUnknown):
		return LinkInvalid, nil
	}
	return "", checked
}

// IsLinkRefused reports whether err is a refusal of CheckLink (rather than
// a failure).
func IsLinkRefused(err error) bool {
	return errors.Is(err, ErrLinkUnknown) || errors.Is(err, ErrLinkUsed) || errors.Is(err, ErrLinkRevoked) || errors.Is(err, ErrLinkExpired)
}

// UnspentLinks answers, for each restaurant of clienteIDs that has one,
// when its latest link of purpose that may still be spent (not used, not
// replaced, not expired) expires.
func UnspentLinks(ctx context.Context, q store.Querier, purpose string, clienteIDs []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	if len(clienteIDs) == 0 {
		return out, nil
	}
	args := []any{purpose, q.NowUnix()}
	marks := make([]string, len(clienteIDs))
	for i, id := range clienteIDs {
		marks[i] = "?"
		args = append(args, id)
	}
	rows, err := q.Query(ctx, `SELECT cliente_id, MAX(expires_at) FROM links
		WHERE purpose = ? AND used_at = 0 AND revoked_at = 0 AND expires_at > ? AND cliente_id IN (`+strings.Join(marks, ", ")+`)
		GROUP BY cliente_id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, exp int64
		if err := rows.Scan(&id, &exp); err != nil {
			return nil, err
		}
		out[id] = exp
	}
	return out, rows.Err()
}

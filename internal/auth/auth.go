package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/store"
)

// Role of an authenticated caller.
type Role string

const (
	RoleSuperAdmin Role = store.RoleSuperAdmin
	RoleCliente    Role = store.RoleCliente
	RoleUsuario    Role = "usuario"
)

// Principal is who made a request.
type Principal struct {
	Role       Role
	SubjectID  int64  // staff user id or diner id
	ClienteID  int64  // the restaurant of a cliente; 0 for a super admin
	MerchantID string // the restaurant's merchant id, when known
	TokenHash  string
}

// IsStaff reports whether the principal is a super admin or restaurant staff.
func (p *Principal) IsStaff() bool { return p.Role == RoleSuperAdmin || p.Role == RoleCliente }

// CanActOn is THE tenant check: a super admin may act on any restaurant, a
// cliente only on its own, anyone else on none.
func (p *Principal) CanActOn(clienteID int64) error {
	switch {
	case p == nil:
		return apperr.ErrUnauthorized
	case p.Role == RoleSuperAdmin:
		return nil
	case p.Role == RoleCliente && p.ClienteID == clienteID && clienteID != 0:
		return nil
	}
	return apperr.ErrForbidden
}

// Throttle policy for sign-in failures.
const (
	accountLimit = 5
	ipLimit      = 20
	window       = 15 * time.Minute
	lockout      = 15 * time.Minute
)

var errTooMany = apperr.E(apperr.TooManyRequests,
	"Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.",
	"Too many failed attempts. Wait a few minutes and try again.")

// Service signs staff in and out and resolves tokens.
type Service struct {
	DB  *store.DB
	TTL time.Duration
}

// LoginResult is what a successful staff sign-in returns.
type LoginResult struct {
	Token        string  `json:"token"`
	ClienteID    *int64  `json:"cliente_id"`
	MerchantID   *string `json:"merchant_id"`
	IsSuperadmin bool    `json:"is_superadmin"`
}

// Throttled checks the throttle keys of a sign-in attempt and, if the
// attempt is allowed, runs it; failures of the attempt with
// apperr.ErrCredentials are counted against each key.
func (s *Service) Throttled(ctx context.Context, keys []string, attempt func() error) error {
	now := s.DB.Now().Unix()
	for _, k := range keys {
		until, err := store.ThrottleLockedUntil(ctx, s.DB, k)
		if err != nil {
			return err
		}
		if until > 0 {
			e := *errTooMany
			e.RetryAfter = int(until - now)
			return &e
		}
	}
	err := attempt()
	if errors.Is(err, apperr.ErrCredentials) {
		for _, k := range keys {
			limit := accountLimit
			if strings.HasPrefix(k, "ip:") {
				limit = ipLimit
			}
			if _, ferr := store.ThrottleFail(ctx, s.DB, k, limit, window, lockout); ferr != nil {
				return ferr
			}
		}
		return err
	}
	if err == nil {
		for _, k := range keys {
			if !strings.HasPrefix(k, "ip:") {
				_ = store.ThrottleReset(ctx, s.DB, k)
			}
		}
	}
	return err
}

// ThrottleKeys are the keys a sign-in from ip for email is counted under.
func ThrottleKeys(kind, email, ip string) []string {
	return []string{kind + ":" + store.NormalizeEmail(email), "ip:" + ip}
}

var errEmptyFields = apperr.E(apperr.Invalid, "Por favor, completa todos los campos.", "Please fill in all fields.")

// signIn runs a throttled sign-in for a session of kind (store.SessionStaff
// or store.SessionUsuario). lookup returns the account's id and password
// hash, store.ErrNotFound for an unknown e-mail. An unknown e-mail and a
// wrong password give the same error and take the same time. On success a
// session is opened and its token returned.
func (s *Service) signIn(ctx context.Context, kind, email, password, ip string, lookup func() (int64, string, error)) (string, error) {
	if strings.TrimSpace(email) == "" || password == "" {
		return "", errEmptyFields
	}
	var token string
	err := s.Throttled(ctx, ThrottleKeys(kind, email, ip), func() error {
		id, hash, err := lookup()
		if errors.Is(err, store.ErrNotFound) {
			_, _ = CheckPassword(dummyHash, password)
			return apperr.ErrCredentials
		}
		if err != nil {
			return err
		}
		ok, err := CheckPassword(hash, password)
		if err != nil {
			return fmt.Errorf("check password of %s %d: %w", kind, id, err)
		}
		if !ok {
			return apperr.ErrCredentials
		}
		tok, tokHash, err := NewToken()
		if err != nil {
			return err
		}
		token = tok
		return store.CreateSession(ctx, s.DB, tokHash, kind, id, s.TTL)
	})
	return token, err
}

// LoginStaff checks the credentials of a staff account and opens a session.
func (s *Service) LoginStaff(ctx context.Context, email, password, ip string) (LoginResult, error) {
	var u store.StaffUser
	token, err := s.signIn(ctx, store.SessionStaff, email, password, ip, func() (int64, string, error) {
		var err error
		u, err = store.GetStaffUserByEmail(ctx, s.DB, email)
		return u.ID, u.PasswordHash, err
	})
	if err != nil {
		return LoginResult{}, err
	}
	res := LoginResult{Token: token, IsSuperadmin: u.Role == store.RoleSuperAdmin}
	if u.ClienteID != nil {
		c, err := store.GetCliente(ctx, s.DB, *u.ClienteID)
		if err != nil {
			return LoginResult{}, err
		}
		res.ClienteID = &c.ID
		res.MerchantID = c.MerchantID
	}
	return res, nil
}

// Authenticate resolves a bearer token to its principal; an unknown, expired
// or revoked token is apperr.ErrUnauthorized.
func (s *Service) Authenticate(ctx context.Context, token string) (*Principal, error) {
	if token == "" {
		return nil, apperr.ErrUnauthorized
	}
	hash := HashToken(token)
	sess, err := store.GetSession(ctx, s.DB, hash)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperr.ErrUnauthorized
	}
	if err != nil {
		return nil, err
	}
	p := &Principal{SubjectID: sess.SubjectID, TokenHash: hash}
	switch sess.Kind {
	case store.SessionUsuario:
		p.Role = RoleUsuario
		return p, nil
	case store.SessionStaff:
		u, err := store.GetStaffUser(ctx, s.DB, sess.SubjectID)
		if errors.Is(err, store.ErrNotFound) {
			return nil, apperr.ErrUnauthorized
		}
		if err != nil {
			return nil, err
		}
		p.Role = Role(u.Role)
		if u.ClienteID != nil {
			c, err := store.GetCliente(ctx, s.DB, *u.ClienteID)
			if err != nil {
				return nil, err
			}
			p.ClienteID = c.ID
			if c.MerchantID != nil {
				p.MerchantID = *c.MerchantID
			}
		}
		return p, nil
	}
	return nil, apperr.ErrUnauthorized
}

// Logout revokes the session behind the principal.
func (s *Service) Logout(ctx context.Context, p *Principal) error {
	return store.DeleteSession(ctx, s.DB, p.TokenHash)
}

type ctxKey struct{}

// WithPrincipal stores p in ctx.
func WithPrincipal(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// FromContext returns the principal of the request, nil when anonymous.
func FromContext(ctx context.Context) *Principal {
	p, _ := ctx.Value(ctxKey{}).(*Principal)
	return p
}

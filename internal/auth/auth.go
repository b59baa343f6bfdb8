// Package auth signs staff in and out, hashes passwords under a
// concurrency bound, issues opaque session tokens, throttles sign-in and
// sign-up attempts, and turns a bearer token into the request's
// tenant.Principal.
package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"time"

	"carta/internal/apperr"
	"carta/internal/limits"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Throttling. Every sign-in attempt reserves one unit of three budgets
// before its password is checked (ThrottleReserve: one conditional write
// each, exact under any concurrency): the account from this address, this
// address across accounts, and the account from every address. A success
// gives its units back. The per-account ceiling is far above the
// per-address one, so wrong guesses from one address (or a few) lock that
// address out of the account, never the account's owner signing in from
// elsewhere; only a wide distributed attack reaches the ceiling, and then
// for one window, without backoff.
var (
	// PairRule bounds attempts on one account from one address.
	PairRule = ThrottleRule{Limit: 5, Window: 15 * time.Minute, Backoff: true, MaxStrikes: 6}
	// AddressRule bounds attempts from one address across accounts.
	AddressRule = ThrottleRule{Limit: 30, Window: 15 * time.Minute, Backoff: true, MaxStrikes: 6}
	// AccountRule bounds attempts on one account from every address.
	AccountRule = ThrottleRule{Limit: 100, Window: 15 * time.Minute}
)

var errTooMany = apperr.E(apperr.TooManyRequests,
	"Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.",
	"Too many failed attempts. Wait a few minutes and try again.")

// Service signs staff in and out and resolves tokens.
type Service struct {
	DB  *store.DB
	TTL time.Duration
	// Hashing bounds concurrent password hashing (see Limiter); nil means
	// one slot per CPU and a 2-second wait.
	Hashing *Limiter
	// BaseURL is the public address the password reset e-mails link to.
	BaseURL string
	// ResetPerAddress bounds the password reset requests from one client
	// address per window (ResetAddressRule's limit when 0).
	ResetPerAddress int
	// Log reports the failures of work done after an answer (a reset
	// request's e-mail); nil is slog's default logger.
	Log *slog.Logger

	hashingOnce sync.Once
	// The reset requests' work after their answers (see RequestReset).
	resets     sync.WaitGroup
	resetOnce  sync.Once
	resetSlots chan struct{}
}

func (s *Service) hashing() *Limiter {
	s.hashingOnce.Do(func() {
		if s.Hashing == nil {
			s.Hashing = NewLimiter(runtime.GOMAXPROCS(0), 2*time.Second)
		}
	})
	return s.Hashing
}

// Hash hashes a new password under the concurrency bound.
func (s *Service) Hash(ctx context.Context, password string) (string, error) {
	release, err := s.hashing().Acquire(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	return HashPassword(password)
}

// Check compares a password with its hash under the concurrency bound.
func (s *Service) Check(ctx context.Context, encoded, password string) (bool, error) {
	release, err := s.hashing().Acquire(ctx)
	if err != nil {
		return false, err
	}
	defer release()
	return CheckPassword(encoded, password)
}

// LoginResult is what a successful staff sign-in returns.
type LoginResult struct {
	Token string `json:"token"`
	StaffInfo
}

// StaffInfo is who a staff session is: the restaurant it acts on (the
// only one, the one chosen, or else the first), the role there, and every
// restaurant the person belongs to (the switcher's list).
type StaffInfo struct {
	ClienteID    *int64           `json:"cliente_id"`
	MerchantID   *string          `json:"merchant_id"`
	IsSuperadmin bool             `json:"is_superadmin"`
	Rol          tenant.StaffRole `json:"rol"`
	Restaurantes []Membership     `json:"restaurantes"`
}

// ThrottleKey is one budget an attempt draws from.
type ThrottleKey struct {
	Key  string
	Rule ThrottleRule
}

// signInKeys are the budgets of a sign-in of kind for email from ip.
func signInKeys(kind, email, ip string) []ThrottleKey {
	acct := kind + ":" + NormalizeEmail(email)
	ip = AddressBlock(ip) // one IPv6 host holds a whole /64
	return []ThrottleKey{{acct + "|" + ip, PairRule}, {"ip:" + ip, AddressRule}, {acct, AccountRule}}
}

// Reserve takes one unit of key's budget, or answers 429 with Retry-After
// (refused carries the Spanish and English messages).
func (s *Service) Reserve(ctx context.Context, k ThrottleKey, refused *apperr.Error) error {
	ok, retry, err := ThrottleReserve(ctx, s.DB, k.Key, k.Rule)
	if err != nil {
		return err
	}
	if !ok {
		e := *refused
		e.RetryAfter = int(retry)
		return &e
	}
	return nil
}

// Throttled reserves one attempt of each key (refusing with 429 and
// Retry-After when a budget is spent) and only then runs attempt. A
// successful attempt gives its units back: the first key (account and
// address) is cleared, the others are refunded one unit.
func (s *Service) Throttled(ctx context.Context, keys []ThrottleKey, attempt func() error) error {
	for _, k := range keys {
		if err := s.Reserve(ctx, k, errTooMany); err != nil {
			return err
		}
	}
	err := attempt()
	if errors.Is(err, apperr.ErrCredentials) {
		return err
	}
	// A success, or an attempt that never got to compare the password
	// (the server was busy or failed), does not use up the budgets.
	ctx = context.WithoutCancel(ctx)
	for i, k := range keys {
		if i == 0 && err == nil {
			_ = ThrottleReset(ctx, s.DB, k.Key)
		} else {
			_ = ThrottleRefund(ctx, s.DB, k.Key)
		}
	}
	return err
}

var errEmptyFields = apperr.E(apperr.Invalid, "Por favor, completa todos los campos.", "Please fill in all fields.")

// SignIn runs a throttled sign-in for a session of kind (SessionStaff or
// SessionUsuario). lookup returns the account's id and password hash,
// store.ErrNotFound for an unknown e-mail. An unknown e-mail and a wrong
// password give the same error and take the same time. On success a
// session is opened and its token returned.
func (s *Service) SignIn(ctx context.Context, kind, email, password, ip string, lookup func() (int64, string, error)) (string, error) {
	return s.signIn(ctx, kind, email, password, ip, lookup, func(id int64) (string, error) {
		return s.OpenSession(ctx, s.DB, kind, id)
	})
}

// signIn is SignIn opening the session with open.
func (s *Service) signIn(ctx context.Context, kind, email, password, ip string, lookup func() (int64, string, error), open func(int64) (string, error)) (string, error) {
	if strings.TrimSpace(email) == "" || password == "" {
		return "", errEmptyFields
	}
	if _, err := limits.Email.Check(email); err != nil {
		return "", err
	}
	if _, err := limits.Password.Check(password); err != nil {
		return "", err
	}
	var token string
	err := s.Throttled(ctx, signInKeys(kind, email, ip), func() error {
		id, hash, err := lookup()
		if errors.Is(err, store.ErrNotFound) {
			if _, err := s.Check(ctx, dummyHash, password); err != nil && apperr.KindOf(err) != apperr.Internal {
				return err
			}
			return apperr.ErrCredentials
		}
		if err != nil {
			return err
		}
		ok, err := s.Check(ctx, hash, password)
		if apperr.KindOf(err) == apperr.Unavailable {
			return err
		}
		if err != nil {
			return fmt.Errorf("check password of %s %d: %w", kind, id, err)
		}
		if !ok {
			return apperr.ErrCredentials
		}
		token, err = open(id)
		return err
	})
	return token, err
}

// VerifyPassword checks the password of an account already signed in (the
// current password a password change asks for) under the budgets of
// signing in to that account from ip: the change form cannot be used to
// guess a password faster than the sign-in form. A wrong password is
// apperr.ErrCredentials; a spent budget is 429 with Retry-After.
func (s *Service) VerifyPassword(ctx context.Context, kind, email, ip, hash, password string) error {
	return s.Throttled(ctx, signInKeys(kind, email, ip), func() error {
		ok, err := s.Check(ctx, hash, password)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.ErrCredentials
		}
		return nil
	})
}

// OpenSession creates a session of kind for subjectID and returns its token.
func (s *Service) OpenSession(ctx context.Context, q store.Querier, kind string, subjectID int64) (string, error) {
	tok, hash, err := NewToken()
	if err != nil {
		return "", err
	}
	return tok, CreateSession(ctx, q, hash, kind, subjectID, s.TTL)
}

// LoginStaff checks the credentials of a staff account and opens a session.
// opts may ask for a long-lived device session (a kitchen tablet).
func (s *Service) LoginStaff(ctx context.Context, email, password, ip string, opts ...SignInOptions) (LoginResult, error) {
	var o SignInOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	var u StaffUser
	token, err := s.signIn(ctx, SessionStaff, email, password, ip, func() (int64, string, error) {
		var err error
		u, err = StaffUserByEmail(ctx, s.DB, email)
		return u.ID, u.PasswordHash, err
	}, func(int64) (string, error) { return s.OpenStaffSession(ctx, s.DB, u, ip, o) })
	if err != nil {
		return LoginResult{}, err
	}
	return s.loginResult(ctx, token, u)
}

// LoginResultFor is the answer of a staff sign-in with token as u.
func (s *Service) LoginResultFor(ctx context.Context, token string, u StaffUser) (LoginResult, error) {
	return s.loginResult(ctx, token, u)
}

// loginResult is the answer of a staff sign-in with token as u.
func (s *Service) loginResult(ctx context.Context, token string, u StaffUser) (LoginResult, error) {
	info, err := s.Info(ctx, u.ID, u.Role, 0)
	return LoginResult{Token: token, StaffInfo: info}, err
}

// Info is who staff account id (of role) is, acting on chosen (0: the
// default restaurant).
func (s *Service) Info(ctx context.Context, id int64, role tenant.Role, chosen int64) (StaffInfo, error) {
	info := StaffInfo{IsSuperadmin: role == tenant.RoleSuperAdmin, Restaurantes: []Membership{}}
	if role != tenant.RoleCliente {
		return info, nil
	}
	ms, err := Memberships(ctx, s.DB, id)
	if err != nil {
		return StaffInfo{}, err
	}
	info.Restaurantes = ms
	if m, ok := activeMembership(ms, chosen); ok {
		info.ClienteID = &m.ClienteID
		info.MerchantID = m.MerchantID
		info.Rol = m.Rol
	}
	return info, nil
}

// activeMembership is the restaurant a session acts on: the chosen one
// while the person still belongs to it, else the first.
func activeMembership(ms []Membership, chosen int64) (Membership, bool) {
	for _, m := range ms {
		if m.ClienteID == chosen {
			return m, true
		}
	}
	if len(ms) > 0 {
		return ms[0], true
	}
	return Membership{}, false
}

var errNotMember = apperr.E(apperr.Forbidden, "No trabajas en ese restaurante.", "You do not work at that restaurant.")

// SwitchRestaurant makes the session behind p act on clienteID, one of the
// person's restaurants, and answers who the session now is.
func (s *Service) SwitchRestaurant(ctx context.Context, p *tenant.Principal, clienteID int64) (StaffInfo, error) {
	if p.Role() != tenant.RoleCliente || p.RoleAt(clienteID) == "" {
		return StaffInfo{}, errNotMember
	}
	if err := SetSessionRestaurant(ctx, s.DB, p.TokenHash(), clienteID); err != nil {
		return StaffInfo{}, err
	}
	return s.Info(ctx, p.SubjectID(), p.Role(), clienteID)
}

// Authenticate resolves a bearer token to its principal; an unknown, expired
// or revoked token is apperr.ErrUnauthorized.
func (s *Service) Authenticate(ctx context.Context, token string) (*tenant.Principal, error) {
	if token == "" {
		return nil, apperr.ErrUnauthorized
	}
	hash := HashToken(token)
	sess, err := getSession(ctx, s.DB, hash)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperr.ErrUnauthorized
	}
	if err != nil {
		return nil, err
	}
	touchSession(ctx, s.DB, hash, sess.UltimoUso)
	f := tenant.PrincipalFields{SubjectID: sess.SubjectID, TokenHash: hash}
	switch sess.Kind {
	case SessionUsuario:
		f.Role = tenant.RoleUsuario
		return tenant.NewPrincipal(f), nil
	case SessionStaff:
		u, err := staffUser(ctx, s.DB, sess.SubjectID)
		if errors.Is(err, store.ErrNotFound) {
			return nil, apperr.ErrUnauthorized
		}
		if err != nil {
			return nil, err
		}
		f.Role = u.Role
		if u.Role == tenant.RoleCliente {
			ms, err := Memberships(ctx, s.DB, u.ID)
			if err != nil {
				return nil, err
			}
			f.Members = make(map[int64]tenant.StaffRole, len(ms))
			for _, m := range ms {
				f.Members[m.ClienteID] = m.Rol
			}
			if m, ok := activeMembership(ms, sess.ClienteID); ok {
				f.ClienteID = m.ClienteID
				if m.MerchantID != nil {
					f.MerchantID = *m.MerchantID
				}
			}
		}
		return tenant.NewPrincipal(f), nil
	}
	return nil, apperr.ErrUnauthorized
}

// Logout revokes the session behind the principal.
func (s *Service) Logout(ctx context.Context, p *tenant.Principal) error {
	return deleteSession(ctx, s.DB, p.TokenHash())
}

type ctxKey struct{}

// WithPrincipal stores p in ctx.
func WithPrincipal(ctx context.Context, p *tenant.Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// FromContext returns the principal of the request, nil when anonymous.
func FromContext(ctx context.Context) *tenant.Principal {
	p, _ := ctx.Value(ctxKey{}).(*tenant.Principal)
	return p
}

package auth

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/clientes"
	"carta/internal/limits"
	"carta/internal/mail"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Password reset ('¿Olvidaste tu contraseña?'): a person who cannot sign in
// asks for a link by e-mail; the link (an e-mailed link of purpose
// LinkReset, see links.go) opens a form that sets a new password, ends
// every session of the account and signs the person in afresh. The same
// flow serves staff accounts (here) and diners (accounts), each with its
// own kind of link: a staff link never resets a diner, nor the reverse.

// ResetTTL is how long a password reset link works.
const ResetTTL = time.Hour

// Throttling of reset requests: every request reserves one unit of both
// budgets, whether or not an account uses the e-mail (so a 429 says
// nothing about the e-mail either).
var (
	// ResetEmailRule bounds the reset e-mails one address can be sent
	// (per kind of account): a few tries of someone waiting for the
	// e-mail, never a flood into someone else's inbox.
	ResetEmailRule = ThrottleRule{Limit: 3, Window: 15 * time.Minute, Backoff: true, MaxStrikes: 4}
	// ResetAddressRule bounds the requests from one client address
	// (Service.ResetPerAddress changes its limit).
	ResetAddressRule = ThrottleRule{Limit: 10, Window: 15 * time.Minute, Backoff: true, MaxStrikes: 6}
)

// Messages of the reset flow.
var (
	ErrResetEmail = apperr.E(apperr.Invalid, "Escribe tu correo electrónico.", "Enter your e-mail address.")
	// ErrResetLink refuses a link that cannot be spent (unknown, used,
	// replaced by a newer one, expired, or another kind of account's).
	ErrResetLink = apperr.E(apperr.Invalid, "Este enlace ya no sirve. Pide un enlace nuevo.", "This link no longer works. Ask for a new link.")
	errResetMany = apperr.E(apperr.TooManyRequests,
		"Se pidieron demasiados enlaces. Espera unos minutos e inténtalo de nuevo.",
		"Too many links were requested. Wait a few minutes and try again.")
)

// resetKeys are the budgets of a reset request for email from ip.
func (s *Service) resetKeys(kind, email, ip string) []ThrottleKey {
	address := ResetAddressRule
	if s.ResetPerAddress > 0 {
		address.Limit = s.ResetPerAddress
	}
	return []ThrottleKey{{"recuperar:ip:" + AddressBlock(ip), address}, {"recuperar:" + kind + ":" + email, ResetEmailRule}}
}

// ResetTarget is the account a reset request names and the page its link
// opens.
type ResetTarget struct {
	AccountID int64
	Email     string
	// Name greets the person in the e-mail ("" for none).
	Name string
	// Page is the path the link opens; Query its parameters besides the
	// token and the language.
	Page  string
	Query url.Values
	// ClienteID is the restaurant the link brings a diner back to, and
	// Place its name for the e-mail.
	ClienteID *int64
	Place     string
	// Restaurant is whose locale and time zone the e-mail writes the
	// link's expiry in when ClienteID is nil (an owner's restaurant); none
	// of both: UTC.
	Restaurant *int64
}

// ResetLang is the language of a reset e-mail and its page: "en" or "es".
func ResetLang(lang string) string {
	if strings.EqualFold(strings.TrimSpace(lang), "en") {
		return "en"
	}
	return "es"
}

// RequestReset is a reset request for an account of kind: it validates the
// e-mail and reserves the throttle budgets, and answers; then, in one
// transaction, find looks the account up (store.ErrNotFound when no account
// uses the e-mail) and, when there is one, a link is issued (the account's
// earlier ones stop working) and its e-mail queued in lang. The answer is
// the same whether or not the account exists, and so is everything done
// before it.
func (s *Service) RequestReset(ctx context.Context, kind, email, ip, lang string,
	find func(ctx context.Context, q store.Querier, email string) (ResetTarget, error)) error {
	email = strings.TrimSpace(email)
	if email == "" {
		return ErrResetEmail
	}
	if _, err := limits.Email.Check(email); err != nil {
		return err
	}
	email = NormalizeEmail(email)
	if !ValidEmail(email) {
		return ErrEmail
	}
	for _, k := range s.resetKeys(kind, email, ip) {
		if err := s.Reserve(ctx, k, errResetMany); err != nil {
			return err
		}
	}
	lang = ResetLang(lang)
	// The account's lookup, the link and the e-mail happen after the
	// answer: whether an account uses the e-mail changes the work done
	// (rows written, a template rendered), and an answer that waited for
	// it would tell by its time.
	release, err := s.resetSlot(ctx)
	if err != nil {
		return err
	}
	bg := context.WithoutCancel(ctx)
	s.resets.Add(1)
	go func() {
		defer s.resets.Done()
		defer release()
		if err := s.issueReset(bg, kind, email, lang, find); err != nil {
			s.log().ErrorContext(bg, "password reset: the link was not e-mailed", "kind", kind, "err", err)
		}
	}()
	return nil
}

// resetWorkers bounds the reset requests being worked on after their
// answers; a request waits for a turn before it is answered (the wait does
// not depend on the e-mail).
const resetWorkers = 8

func (s *Service) resetSlot(ctx context.Context) (func(), error) {
	s.resetOnce.Do(func() { s.resetSlots = make(chan struct{}, resetWorkers) })
	select {
	case s.resetSlots <- struct{}{}:
		return func() { <-s.resetSlots }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// WaitResets waits for the reset requests already answered to finish
// their work (shutdown, and tests before they read the outbox).
func (s *Service) WaitResets() { s.resets.Wait() }

func (s *Service) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

// issueReset looks the account up and, when there is one, issues its link
// (its earlier ones stop working) and queues its e-mail, in one
// transaction.
func (s *Service) issueReset(ctx context.Context, kind, email, lang string,
	find func(ctx context.Context, q store.Querier, email string) (ResetTarget, error)) error {
	return s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		t, err := find(ctx, tx, email)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		token, err := IssueLink(ctx, tx, Link{Purpose: LinkReset, Kind: kind, AccountID: t.AccountID, ClienteID: t.ClienteID, Email: t.Email}, ResetTTL)
		if err != nil {
			return err
		}
		q := url.Values{}
		for k, v := range t.Query {
			q[k] = v
		}
		q.Set("token", token)
		q.Set("lang", lang)
		var pais, zona string
		if r := cmp.Or(t.ClienteID, t.Restaurant); r != nil {
			if pais, zona, err = clientes.Where(ctx, tx, *r); err != nil {
				return err
			}
		}
		m := resetMail(lang, t, s.BaseURL+t.Page+"?"+q.Encode(), s.DB.Now().Add(ResetTTL), pais, zona)
		_, err = mail.Enqueue(ctx, tx, mail.OutboxMessage{Kind: "reset", To: t.Email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
		return err
	})
}

// ResetLinkState is what a reset link's page shows before its form: the
// link's state (LinkValid, LinkUsed, LinkExpired, LinkReplaced or
// LinkInvalid) and, while it is valid, the account's e-mail.
func (s *Service) ResetLinkState(ctx context.Context, kind, token string) (state, email string, err error) {
	l, checked := CheckLink(ctx, s.DB, LinkReset, kind, strings.TrimSpace(token), false)
	if state, err = LinkState(checked); err != nil || state != LinkValid {
		return state, "", err
	}
	return state, l.Email, nil
}

// ResetPassword spends a reset link of kind and returns it with a new
// session's token. The link is checked before any hashing (a made-up link
// cannot spend the bounded hashing), the password hashed, and then, in one
// transaction, the link checked again (locked) and spent, set stores the
// hash and ends every session of the account (it returns ErrLinkUnknown
// when the account is gone or no longer has the link's e-mail), and the
// caller's new session is opened. A refused link changes nothing and is
// ErrResetLink.
func (s *Service) ResetPassword(ctx context.Context, kind, token, password string,
	set func(ctx context.Context, tx *store.Tx, l Link, hash string) error) (Link, string, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return Link{}, "", ErrResetLink
	}
	if err := CheckNewPassword(password); err != nil {
		return Link{}, "", err
	}
	if _, err := CheckLink(ctx, s.DB, LinkReset, kind, token, false); err != nil {
		return Link{}, "", resetRefusal(err)
	}
	hash, err := s.Hash(ctx, password)
	if err != nil {
		return Link{}, "", err
	}
	var l Link
	var session string
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		var err error
		if l, err = CheckLink(ctx, tx, LinkReset, kind, token, true); err != nil {
			return err
		}
		if err := SpendLink(ctx, tx, l.ID); err != nil {
			return err
		}
		if err := set(ctx, tx, l, hash); err != nil {
			return err
		}
		session, err = s.OpenSession(ctx, tx, kind, l.AccountID)
		return err
	})
	if err != nil {
		return Link{}, "", resetRefusal(err)
	}
	return l, session, nil
}

func resetRefusal(err error) error {
	if IsLinkRefused(err) {
		return ErrResetLink
	}
	return err
}

// RequestStaffReset is '¿Olvidaste tu contraseña?' of the staff sign-in
// pages: the link opens /restablecer-password, or
// /super-admin/restablecer-password for a super admin, in lang.
func (s *Service) RequestStaffReset(ctx context.Context, email, ip, lang string) error {
	return s.RequestReset(ctx, SessionStaff, email, ip, lang, func(ctx context.Context, q store.Querier, email string) (ResetTarget, error) {
		u, err := StaffUserByEmail(ctx, q, email)
		if err != nil {
			return ResetTarget{}, err
		}
		page := "/restablecer-password"
		if u.Role == tenant.RoleSuperAdmin {
			page = "/super-admin/restablecer-password"
		}
		return ResetTarget{AccountID: u.ID, Email: u.Email, Page: page, Restaurant: u.ClienteID}, nil
	})
}

// ResetStaffPassword spends a staff reset link: the new password replaces
// the old one, every session of the account ends, and the caller is signed
// in as at the staff sign-in.
func (s *Service) ResetStaffPassword(ctx context.Context, token, password string) (LoginResult, error) {
	var u StaffUser
	_, session, err := s.ResetPassword(ctx, SessionStaff, token, password, func(ctx context.Context, tx *store.Tx, l Link, hash string) error {
		var err error
		u, err = staffUser(ctx, tx, l.AccountID)
		if errors.Is(err, store.ErrNotFound) || (err == nil && u.Email != l.Email) {
			return ErrLinkUnknown
		}
		if err != nil {
			return err
		}
		return SetStaffPassword(ctx, tx, u.ID, hash)
	})
	if err != nil {
		return LoginResult{}, err
	}
	return s.loginResult(ctx, session, u)
}

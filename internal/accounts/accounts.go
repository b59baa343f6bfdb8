// Package accounts is the diner's account: registration and sign-in,
// profile, password, deletion, the welcome e-mail and the restaurants the
// diner uses. Every operation on an account takes the checked
// tenant.Diner.
package accounts

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/limits"
	"carta/internal/mail"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Errors of diner accounts.
var (
	ErrNombre      = apperr.E(apperr.Invalid, "El nombre es obligatorio.", "The name is required.")
	ErrEmailTaken  = apperr.E(apperr.Conflict, "Ya existe una cuenta con este correo electrónico.", "An account with this e-mail address already exists.")
	ErrTelefono    = apperr.E(apperr.Invalid, "El teléfono no es válido.", "The phone number is not valid.")
	ErrWrongPass   = apperr.E(apperr.Invalid, "La contraseña actual no es correcta.", "The current password is not correct.")
	errTooManyRegs = apperr.E(apperr.TooManyRequests,
		"Se crearon demasiadas cuentas desde esta conexión. Espera unos minutos e inténtalo de nuevo.",
		"Too many accounts were created from this connection. Wait a few minutes and try again.")
	errUnavailable = apperr.E(apperr.NotFound, "Este menú no está disponible en este momento.", "This menu is not available right now.")
)

// registerWindow is the window of the per-address registration budget.
const registerWindow = 10 * time.Minute

// Service runs diner accounts.
type Service struct {
	DB   *store.DB
	Auth *auth.Service
	// RegisterPerAddress bounds registrations from one address per 10
	// minutes (10 when 0).
	RegisterPerAddress int
}

// Session is what registration and diner sign-in return.
type Session struct {
	Token     string `json:"token"`
	UsuarioID int64  `json:"usuario_id"`
}

// CleanProfile trims and validates a diner's name and phone.
func CleanProfile(nombre, telefono string) (string, string, error) {
	nombre, err := limits.PersonName.Check(nombre)
	if err != nil {
		return "", "", err
	}
	if nombre == "" {
		return "", "", ErrNombre
	}
	if telefono, err = limits.Phone.Check(telefono); err != nil {
		return "", "", err
	}
	if strings.TrimLeft(telefono, "+0123456789 -()") != "" {
		return "", "", ErrTelefono
	}
	return nombre, telefono, nil
}

// Registration is the sign-up form.
type Registration struct {
	Nombre, Email, Telefono, Password string
	SuscritoMailing                   *bool
	WhatsappNotificaciones            *bool
	ClienteID                         int64 // the restaurant the diner signed up from (0: none)
}

// Register creates a diner account and signs it in, in one transaction
// that also claims the guests who ordered with its e-mail (claimGuests).
// Registrations from one address are limited per window, reserved before
// the password is hashed.
func (s *Service) Register(ctx context.Context, in Registration, ip string) (Session, error) {
	var out Session
	// Consent is asked, never presumed: a box the form did not send is no.
	u := Usuario{Email: in.Email}
	if in.SuscritoMailing != nil {
		u.SuscritoMailing = *in.SuscritoMailing
	}
	if in.WhatsappNotificaciones != nil {
		u.WhatsappNotificaciones = *in.WhatsappNotificaciones
	}
	var err error
	if u.Nombre, u.Telefono, err = CleanProfile(in.Nombre, in.Telefono); err != nil {
		return out, err
	}
	if u.Email, err = limits.Email.Check(u.Email); err != nil {
		return out, err
	}
	u.Email = auth.NormalizeEmail(u.Email)
	if !auth.ValidEmail(u.Email) {
		return out, auth.ErrEmail
	}
	if err := auth.CheckNewPassword(in.Password); err != nil {
		return out, err
	}
	perAddress := s.RegisterPerAddress
	if perAddress <= 0 {
		perAddress = 10
	}
	rule := auth.ThrottleRule{Limit: perAddress, Window: registerWindow}
	if err := s.Auth.Reserve(ctx, auth.ThrottleKey{Key: "registro:" + auth.AddressBlock(ip), Rule: rule}, errTooManyRegs); err != nil {
		return out, err
	}
	if u.PasswordHash, err = s.Auth.Hash(ctx, in.Password); err != nil {
		return out, err
	}
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if in.ClienteID > 0 {
			// An unknown restaurant is not a reason to refuse the account.
			if _, err := clientes.Get(ctx, tx, tenant.PublicMenu(in.ClienteID)); err == nil {
				u.ClienteID = &in.ClienteID
			} else if !errors.Is(err, store.ErrNotFound) {
				return err
			}
		}
		id, err := Create(ctx, tx, u)
		if errors.Is(err, store.ErrConflict) {
			return ErrEmailTaken
		}
		if err != nil {
			return err
		}
		// The answers the form gave (unticked boxes: no), recorded.
		u.ID = id
		if err := RecordRegistered(ctx, tx, u, 0); err != nil {
			return err
		}
		// The guests who gave this e-mail become this account's history.
		if err := claimGuests(ctx, tx, id, u.Email); err != nil {
			return err
		}
		if u.ClienteID != nil {
			if err := touchRestaurante(ctx, tx, id, *u.ClienteID); err != nil {
				return err
			}
		}
		token, err := s.Auth.OpenSession(ctx, tx, auth.SessionUsuario, id)
		out = Session{Token: token, UsuarioID: id}
		return err
	})
	return out, err
}

// SignIn checks a diner's credentials, throttled like staff sign-in.
func (s *Service) SignIn(ctx context.Context, email, password, ip string) (Session, error) {
	var id int64
	token, err := s.Auth.SignIn(ctx, auth.SessionUsuario, email, password, ip, func() (int64, string, error) {
		u, err := byEmail(ctx, s.DB, email)
		id = u.ID
		return u.ID, u.PasswordHash, err
	})
	if err != nil {
		return Session{}, err
	}
	return Session{Token: token, UsuarioID: id}, nil
}

// Profile returns the diner's own account.
func (s *Service) Profile(ctx context.Context, d tenant.Diner) (Usuario, error) {
	u, err := Get(ctx, s.DB, d)
	if errors.Is(err, store.ErrNotFound) {
		return u, apperr.ErrUnauthorized
	}
	return u, err
}

// ProfileChange is what a diner may change of the account.
type ProfileChange struct {
	Nombre, Telefono       string
	SuscritoMailing        *bool
	WhatsappNotificaciones *bool
	// AvisosCanal is the channel of the order notices (email, whatsapp, sms; nil: unchanged).
	// Choosing WhatsApp or SMS needs a phone and gives that channel's consent; SmsNotificaciones
	// alone withdraws or gives the SMS consent.
	AvisosCanal       *string
	SmsNotificaciones *bool
	// ClienteID is the restaurant whose pages the diner changed it on (0:
	// none; an unknown one is not a reason to refuse the change).
	ClienteID int64
}

// UpdateProfile edits name, phone and notification preferences; a
// changed consent is recorded ('Manejar Cuenta') in the same transaction.
func (s *Service) UpdateProfile(ctx context.Context, d tenant.Diner, in ProfileChange) (Usuario, error) {
	var u Usuario
	nombre, telefono, err := CleanProfile(in.Nombre, in.Telefono)
	if err != nil {
		return u, err
	}
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		before, err := getForUpdate(ctx, tx, d)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.ErrUnauthorized
		}
		if err != nil {
			return err
		}
		u = before
		u.Nombre, u.Telefono = nombre, telefono
		if in.SuscritoMailing != nil {
			u.SuscritoMailing = *in.SuscritoMailing
		}
		if in.WhatsappNotificaciones != nil {
			u.WhatsappNotificaciones = *in.WhatsappNotificaciones
		}
		if in.SmsNotificaciones != nil {
			u.SmsNotificaciones = *in.SmsNotificaciones
		}
		if err := chooseChannel(&u, in.AvisosCanal); err != nil {
			return err
		}
		if err := updateProfile(ctx, tx, u); err != nil {
			return err
		}
		on := in.ClienteID
		if on > 0 {
			if _, err := clientes.Get(ctx, tx, tenant.PublicMenu(on)); errors.Is(err, store.ErrNotFound) {
				on = 0
			} else if err != nil {
				return err
			}
		}
		return recordAnswers(ctx, tx, &before, u, on, FromAccount, 0)
	})
	return u, err
}

// Errors of the notices' channel.
var (
	ErrAvisosCanal    = apperr.E(apperr.Invalid, "Elige correo, WhatsApp o SMS para los avisos de tus pedidos.", "Choose e-mail, WhatsApp or SMS for your order notices.")
	ErrAvisosTelefono = apperr.E(apperr.Invalid, "Para recibir los avisos por WhatsApp o SMS indica tu teléfono con el prefijo del país (+34 600 111 222).",
		"To get the notices by WhatsApp or SMS, give your phone with its country code (+1 555 010 2000).")
)

// chooseChannel applies a choice of the notices' channel to u: WhatsApp or SMS need a phone with
// its country code and give that channel's consent; a channel whose consent u withdrew falls
// back to e-mail.
func chooseChannel(u *Usuario, canal *string) error {
	if canal != nil {
		switch *canal {
		case ChannelEmail:
		case ChannelWhatsApp, ChannelSMS:
			if !strings.HasPrefix(strings.TrimSpace(u.Telefono), "+") || len(strings.Trim(u.Telefono, "+ -()")) < 8 {
				return ErrAvisosTelefono
			}
			if *canal == ChannelWhatsApp {
				u.WhatsappNotificaciones = true
			} else {
				u.SmsNotificaciones = true
			}
		default:
			return ErrAvisosCanal
		}
		u.AvisosCanal = *canal
	}
	if (u.AvisosCanal == ChannelWhatsApp && !u.WhatsappNotificaciones) || (u.AvisosCanal == ChannelSMS && !u.SmsNotificaciones) ||
		u.AvisosCanal == "" {
		u.AvisosCanal = ChannelEmail
	}
	return nil
}

// ChangePassword checks the current password, stores the new one and signs
// the diner out everywhere but the session keepTokenHash.
func (s *Service) ChangePassword(ctx context.Context, d tenant.Diner, keepTokenHash, current, next, ip string) error {
	u, err := s.Profile(ctx, d)
	if err != nil {
		return err
	}
	if _, err := limits.Password.Check(current); err != nil {
		return err
	}
	// Throttled like signing in to the account: a stolen session cannot
	// guess the password through this form faster than through sign-in.
	err = s.Auth.VerifyPassword(ctx, auth.SessionUsuario, u.Email, ip, u.PasswordHash, current)
	if errors.Is(err, apperr.ErrCredentials) {
		return ErrWrongPass
	}
	if err != nil {
		return err
	}
	if err := auth.CheckNewPassword(next); err != nil {
		return err
	}
	hash, err := s.Auth.Hash(ctx, next)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		return setPassword(ctx, tx, u.ID, hash, keepTokenHash)
	})
}

// RequestReset is '¿Olvidaste tu contraseña?' of a diner's sign-in: when a
// diner uses the e-mail, a reset link is e-mailed in lang that opens
// /usuario/restablecer-password on the restaurant the request came from
// (clienteID, when it is active), else on the one the diner used last.
// The answer is the same whether or not a diner uses the e-mail.
func (s *Service) RequestReset(ctx context.Context, email string, clienteID int64, ip, lang string) error {
	return s.Auth.RequestReset(ctx, auth.SessionUsuario, email, ip, lang, func(ctx context.Context, q store.Querier, email string) (auth.ResetTarget, error) {
		u, err := byEmail(ctx, q, email)
		if err != nil {
			return auth.ResetTarget{}, err
		}
		t := auth.ResetTarget{AccountID: u.ID, Email: u.Email, Name: u.Nombre, Page: "/usuario/restablecer-password"}
		r, err := returnRestaurant(ctx, q, u.ID, clienteID)
		if err != nil || r.ID == 0 {
			return t, err
		}
		t.ClienteID, t.Place, t.Query = &r.ID, r.Nombre, url.Values{"menu": {strconv.FormatInt(r.ID, 10)}}
		return t, nil
	})
}

// ResetLinkState answers what a diner's reset link page shows: the link's
// state and, while it is valid, the account's e-mail.
func (s *Service) ResetLinkState(ctx context.Context, token string) (state, email string, err error) {
	return s.Auth.ResetLinkState(ctx, auth.SessionUsuario, token)
}

// ResetPassword spends a diner's reset link: the new password replaces the
// old one, every session of the account ends, and the caller is signed in
// afresh. A staff link is refused like any link that does not work.
func (s *Service) ResetPassword(ctx context.Context, token, password string) (Session, error) {
	l, tok, err := s.Auth.ResetPassword(ctx, auth.SessionUsuario, token, password, func(ctx context.Context, tx *store.Tx, l auth.Link, hash string) error {
		return resetPassword(ctx, tx, l.AccountID, l.Email, hash)
	})
	if err != nil {
		return Session{}, err
	}
	return Session{Token: tok, UsuarioID: l.AccountID}, nil
}

// Delete erases the diner's account; purchases stay anonymised.
func (s *Service) Delete(ctx context.Context, d tenant.Diner) error {
	return s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error { return deleteUsuario(ctx, tx, d.Int64()) })
}

// SendWelcome queues the welcome e-mail of the diner (once per account, to
// the account's own address: it cannot be used to send mail to anyone
// else). email, when given, must be the account's. It reports whether
// this call queued it.
func (s *Service) SendWelcome(ctx context.Context, d tenant.Diner, email, lang string) (bool, error) {
	u, err := s.Profile(ctx, d)
	if err != nil {
		return false, err
	}
	if email != "" && auth.NormalizeEmail(email) != u.Email {
		return false, apperr.ErrForbidden
	}
	queued := false
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		first, err := markWelcomeSent(ctx, tx, u.ID)
		if err != nil || !first {
			return err
		}
		m := mail.Welcome(lang, u.Nombre)
		_, err = mail.Enqueue(ctx, tx, mail.OutboxMessage{Kind: "welcome", To: u.Email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
		queued = err == nil
		return err
	})
	return queued, err
}

// LastRestaurant is the restaurant the diner used last (or registered
// from); 0 when none.
func (s *Service) LastRestaurant(ctx context.Context, d tenant.Diner) (int64, error) {
	return lastRestaurante(ctx, s.DB, d.Int64())
}

// TouchRestaurant records that the diner opened an active restaurant.
func (s *Service) TouchRestaurant(ctx context.Context, d tenant.Diner, clienteID int64) error {
	c, err := clientes.Get(ctx, s.DB, tenant.PublicMenu(clienteID))
	if errors.Is(err, store.ErrNotFound) || (err == nil && c.Estado != clientes.EstadoActivo) {
		return errUnavailable
	}
	if err != nil {
		return err
	}
	return touchRestaurante(ctx, s.DB, d.Int64(), clienteID)
}

// Restaurants lists the restaurants the diner used, latest first.
func (s *Service) Restaurants(ctx context.Context, d tenant.Diner) ([]RestauranteResumen, error) {
	return listRestaurantes(ctx, s.DB, d.Int64())
}

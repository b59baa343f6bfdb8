package auth

import (
	"context"
	"errors"
	"net/mail"
	"strings"
	"unicode/utf8"

	"carta/internal/apperr"
	"carta/internal/store"
)

// Diner account errors.
var (
	ErrNombre        = apperr.E(apperr.Invalid, "El nombre es obligatorio.", "The name is required.")
	ErrEmail         = apperr.E(apperr.Invalid, "El correo electrónico no es válido.", "The e-mail address is not valid.")
	ErrPasswordShort = apperr.E(apperr.Invalid, "La contraseña debe tener al menos 8 caracteres.", "The password must be at least 8 characters long.")
	ErrEmailTaken    = apperr.E(apperr.Conflict, "Ya existe una cuenta con este correo electrónico.", "An account with this e-mail address already exists.")
	ErrTelefono      = apperr.E(apperr.Invalid, "El teléfono no es válido.", "The phone number is not valid.")
)

// CanActAsUsuario is the diner check: only the diner may read or change
// their own account, purchases and points.
func (p *Principal) CanActAsUsuario(usuarioID int64) error {
	switch {
	case p == nil:
		return apperr.ErrUnauthorized
	case p.Role == RoleUsuario && p.SubjectID == usuarioID && usuarioID != 0:
		return nil
	}
	return apperr.ErrForbidden
}

// ValidEmail reports whether s is a plain e-mail address.
func ValidEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndexByte(s, '@'):], ".")
}

// CleanProfile trims and validates a diner's name and phone.
func CleanProfile(nombre, telefono string) (string, string, error) {
	nombre, telefono = strings.TrimSpace(nombre), strings.TrimSpace(telefono)
	if nombre == "" || utf8.RuneCountInString(nombre) > 100 {
		return "", "", ErrNombre
	}
	if len(telefono) > 30 || strings.TrimLeft(telefono, "+0123456789 -()") != "" {
		return "", "", ErrTelefono
	}
	return nombre, telefono, nil
}

// CheckNewPassword applies the password rules.
func CheckNewPassword(p string) error {
	if utf8.RuneCountInString(p) < 8 {
		return ErrPasswordShort
	}
	if len(p) > 200 {
		return apperr.E(apperr.Invalid, "La contraseña es demasiado larga.", "The password is too long.")
	}
	return nil
}

// DinerSession is what registration and diner sign-in return.
type DinerSession struct {
	Token     string `json:"token"`
	UsuarioID int64  `json:"usuario_id"`
}

// RegisterUsuario creates a diner account and signs it in, in one transaction.
func (s *Service) RegisterUsuario(ctx context.Context, u store.Usuario, password string) (DinerSession, error) {
	var out DinerSession
	var err error
	if u.Nombre, u.Telefono, err = CleanProfile(u.Nombre, u.Telefono); err != nil {
		return out, err
	}
	u.Email = store.NormalizeEmail(u.Email)
	if !ValidEmail(u.Email) {
		return out, ErrEmail
	}
	if err := CheckNewPassword(password); err != nil {
		return out, err
	}
	if u.PasswordHash, err = HashPassword(password); err != nil {
		return out, err
	}
	err = s.DB.InTx(ctx, func(tx *store.Tx) error {
		if u.ClienteID != nil {
			if _, err := store.GetCliente(ctx, tx, *u.ClienteID); errors.Is(err, store.ErrNotFound) {
				u.ClienteID = nil // an unknown restaurant is not a reason to refuse the account
			} else if err != nil {
				return err
			}
		}
		id, err := store.CreateUsuario(ctx, tx, u)
		if errors.Is(err, store.ErrConflict) {
			return ErrEmailTaken
		}
		if err != nil {
			return err
		}
		if u.ClienteID != nil {
			if err := store.TouchUsuarioRestaurante(ctx, tx, id, *u.ClienteID); err != nil {
				return err
			}
		}
		token, hash, err := NewToken()
		if err != nil {
			return err
		}
		out = DinerSession{Token: token, UsuarioID: id}
		return store.CreateSession(ctx, tx, hash, store.SessionUsuario, id, s.TTL)
	})
	return out, err
}

// LoginUsuario checks a diner's credentials, throttled like staff sign-in.
func (s *Service) LoginUsuario(ctx context.Context, email, password, ip string) (DinerSession, error) {
	var id int64
	token, err := s.signIn(ctx, store.SessionUsuario, email, password, ip, func() (int64, string, error) {
		u, err := store.GetUsuarioByEmail(ctx, s.DB, email)
		id = u.ID
		return u.ID, u.PasswordHash, err
	})
	if err != nil {
		return DinerSession{}, err
	}
	return DinerSession{Token: token, UsuarioID: id}, nil
}

// ChangeUsuarioPassword checks the current password, stores the new one and
// signs the diner out everywhere else.
func (s *Service) ChangeUsuarioPassword(ctx context.Context, p *Principal, current, next string) error {
	u, err := store.GetUsuario(ctx, s.DB, p.SubjectID)
	if err != nil {
		return err
	}
	ok, err := CheckPassword(u.PasswordHash, current)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.E(apperr.Invalid, "La contraseña actual no es correcta.", "The current password is not correct.")
	}
	if err := CheckNewPassword(next); err != nil {
		return err
	}
	hash, err := HashPassword(next)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(tx *store.Tx) error {
		return store.SetUsuarioPassword(ctx, tx, u.ID, hash, p.TokenHash)
	})
}

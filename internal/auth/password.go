// Package auth signs staff in and out, hashes passwords, issues opaque
// session tokens and decides who may act on which restaurant.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"carta/internal/apperr"
	"carta/internal/limits"
)

// Credential rules shared by staff and diner accounts.
var (
	ErrEmail         = apperr.E(apperr.Invalid, "El correo electrónico no es válido.", "The e-mail address is not valid.")
	ErrPasswordShort = apperr.E(apperr.Invalid, "La contraseña debe tener al menos 8 caracteres.", "The password must be at least 8 characters long.")
)

// ValidEmail reports whether s is a plain e-mail address.
func ValidEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndexByte(s, '@'):], ".")
}

// CheckNewPassword applies the password rules: at least 8 characters, at
// most the table's maximum.
func CheckNewPassword(p string) error {
	if utf8.RuneCountInString(p) < 8 {
		return ErrPasswordShort
	}
	_, err := limits.Password.Check(p)
	return err
}

// Argon2id parameters (OWASP's recommended minimum: 19 MiB, 2 passes).
const (
	argonTime    = 2
	argonMemory  = 19 * 1024
	argonThreads = 1
	argonKeyLen  = 32
	saltLen      = 16
)

// HashPassword returns an encoded argon2id hash of password.
func HashPassword(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

var errBadHash = errors.New("malformed password hash")

// CheckPassword reports whether password matches the encoded hash, in
// constant time.
func CheckPassword(encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errBadHash
	}
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false, errBadHash
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is compared against when an e-mail is unknown, so an unknown
// account takes as long to refuse as a wrong password.
var dummyHash, _ = HashPassword("carta-dummy-password")

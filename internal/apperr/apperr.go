// Package apperr defines the application's error kinds. Every error a
// client can cause carries a Kind and a user-facing message in both
// languages; the HTTP layer maps the kind to a status in one place.
package apperr

import (
	"errors"
	"fmt"
)

// Kind classifies an error for the client.
type Kind int

const (
	// Internal is an unexpected failure; its details are never shown.
	Internal Kind = iota
	Invalid
	Unauthorized
	Forbidden
	NotFound
	Conflict
	TooManyRequests
	PaymentRequired
	Unavailable
	// Gone: what the caller held access to has ended for good (a table's
	// tab once paid or closed).
	Gone
)

// Error is an error a client is allowed to see.
type Error struct {
	Kind Kind
	ES   string // Spanish message (the spec's text where it has one)
	EN   string // English translation
	// RetryAfter, when set on TooManyRequests, is sent as Retry-After seconds.
	RetryAfter int
	Err        error // optional cause, logged but never shown
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.ES, e.Err)
	}
	return e.ES
}

func (e *Error) Unwrap() error { return e.Err }

// Message returns the message in lang ("en" or anything else for Spanish).
func (e *Error) Message(lang string) string {
	if lang == "en" && e.EN != "" {
		return e.EN
	}
	return e.ES
}

func newErr(k Kind, es, en string) *Error { return &Error{Kind: k, ES: es, EN: en} }

// E builds an error of kind k with a Spanish and an English message.
func E(k Kind, es, en string) *Error { return newErr(k, es, en) }

// InvalidE builds an Invalid error.
func InvalidE(es, en string) *Error { return newErr(Invalid, es, en) }

// Common errors shared across features.
var (
	ErrBadJSON      = newErr(Invalid, "El cuerpo de la solicitud no es JSON válido.", "The request body is not valid JSON.")
	ErrUnauthorized = newErr(Unauthorized, "Sesión inválida o expirada.", "Invalid or expired session.")
	ErrForbidden    = newErr(Forbidden, "No tienes permiso para esta acción.", "You are not allowed to do this.")
	ErrNotFound     = newErr(NotFound, "No encontrado.", "Not found.")
	ErrCredentials  = newErr(Unauthorized, "Credenciales inválidas.", "Invalid credentials.")
)

// KindOf returns the kind of err, Internal when err is not an *Error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return Internal
}

// As returns err as *Error when it is one.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

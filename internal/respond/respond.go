// Package respond writes JSON responses and maps application errors to
// HTTP statuses in one place, so every handler answers errors the same way.
package respond

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"carta/internal/apperr"
)

// MaxJSONBody bounds the size of a JSON request body.
const MaxJSONBody = 1 << 20

// JSON writes v as JSON with the given status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// NoContent answers 204.
func NoContent(w http.ResponseWriter) { w.WriteHeader(http.StatusNoContent) }

// Lang is the language the client asked for: "en" when Accept-Language
// prefers English, "es" otherwise (the product's default).
func Lang(r *http.Request) string {
	al := strings.ToLower(strings.TrimSpace(r.Header.Get("Accept-Language")))
	if strings.HasPrefix(al, "en") {
		return "en"
	}
	return "es"
}

// Status maps an error kind to its HTTP status.
func Status(k apperr.Kind) int {
	switch k {
	case apperr.Invalid:
		return http.StatusBadRequest
	case apperr.Unauthorized:
		return http.StatusUnauthorized
	case apperr.Forbidden:
		return http.StatusForbidden
	case apperr.NotFound:
		return http.StatusNotFound
	case apperr.Conflict:
		return http.StatusConflict
	case apperr.TooManyRequests:
		return http.StatusTooManyRequests
	case apperr.PaymentRequired:
		return http.StatusPaymentRequired
	case apperr.Unavailable:
		return http.StatusServiceUnavailable
	default:
		return http.StatusInternalServerError
	}
}

var errInternal = apperr.E(apperr.Internal, "Error interno del servidor.", "Internal server error.")

// Error answers err as {"error": message}. Errors a client may see keep their
// message; anything else is logged with the request and answered generically.
func Error(w http.ResponseWriter, r *http.Request, err error) {
	e, ok := apperr.As(err)
	if !ok || e.Kind == apperr.Internal {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "pattern", r.Pattern, "err", err)
		e = errInternal
	}
	if e.Kind == apperr.TooManyRequests && e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	JSON(w, Status(e.Kind), map[string]string{"error": e.Message(Lang(r))})
}

// Decode reads a JSON body into v. A malformed or oversized body is an
// Invalid error; unknown fields are ignored so older clients keep working.
func Decode(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, MaxJSONBody)
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return apperr.E(apperr.Invalid, "La solicitud es demasiado grande.", "The request is too large.")
		}
		return apperr.ErrBadJSON
	}
	if _, err := dec.Token(); err != io.EOF {
		return apperr.ErrBadJSON
	}
	return nil
}

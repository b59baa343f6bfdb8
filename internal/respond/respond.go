// Package respond writes JSON responses and maps application errors to
// HTTP statuses in one place, so every handler answers errors the same way.
package respond

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/limits"
	"carta/internal/store"
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
	case apperr.Gone:
		return http.StatusGone
	default:
		return http.StatusInternalServerError
	}
}

var errInternal = apperr.E(apperr.Internal, "Error interno del servidor.", "Internal server error.")

// Writer is the response writer the server's middleware hands to every
// handler: it remembers the status written (for metrics and logs) and
// carries the server's logger, so request errors are logged in the
// configured format without a logger in every request's context.
type Writer struct {
	http.ResponseWriter
	Status int
	Log    *slog.Logger
}

func (w *Writer) WriteHeader(code int) {
	if w.Status == 0 {
		w.Status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *Writer) Write(b []byte) (int, error) {
	if w.Status == 0 {
		w.Status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *Writer) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Logger is the server's logger behind w, slog's default outside a server.
func Logger(w http.ResponseWriter) *slog.Logger { return logger(w) }

// logger is the server's logger behind w, slog's default outside a server.
func logger(w http.ResponseWriter) *slog.Logger {
	if rw, ok := w.(*Writer); ok && rw.Log != nil {
		return rw.Log
	}
	return slog.Default()
}

// Error answers err as {"error": message}. Errors a client may see keep their
// message; anything else is logged with the request and answered generically.
func Error(w http.ResponseWriter, r *http.Request, err error) {
	e, ok := apperr.As(err)
	// An error a client may see says what it says; otherwise a connection failure the store
	// marked is the database down (503, try again shortly) — whichever layer answers it: a
	// handler, or the sign-in check in front of one.
	if !ok && store.Unavailable(err) && r.Context().Err() == nil {
		logger(w).WarnContext(r.Context(), "database unavailable", "method", r.Method, "route", r.Pattern, "err", err)
		e, ok = ErrDatabaseDown, true
	}
	if !ok || e.Kind == apperr.Internal {
		logger(w).ErrorContext(r.Context(), "request failed", "method", r.Method, "route", r.Pattern, "err", err)
		e = errInternal
	}
	if (e.Kind == apperr.TooManyRequests || e.Kind == apperr.Unavailable) && e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	JSON(w, Status(e.Kind), map[string]string{"error": e.Message(Lang(r))})
}

// ErrDatabaseDown answers a request that needs the database while it cannot be reached: 503,
// try again shortly.
var ErrDatabaseDown = func() *apperr.Error {
	e := apperr.E(apperr.Unavailable, "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
		"The service is unavailable right now. Please try again in a few seconds.")
	e.RetryAfter = 5
	return e
}()

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
	if hasControl(reflect.ValueOf(v)) {
		return limits.ErrControl
	}
	return nil
}

// hasControl walks a decoded value and reports whether any string in it
// holds a control character no field needs (limits.HasControl).
func hasControl(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		return limits.HasControl(v.String())
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && hasControl(v.Elem())
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() && hasControl(v.Field(i)) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if hasControl(v.Index(i)) {
				return true
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if hasControl(it.Key()) || hasControl(it.Value()) {
				return true
			}
		}
	}
	return false
}

// ParseMultipart bounds the body to max bytes and parses a multipart form
// (files over 1 MiB go to temporary files); a malformed form, an oversized
// body or a text field with control characters is an Invalid error.
func ParseMultipart(w http.ResponseWriter, r *http.Request, max int64) error {
	r.Body = http.MaxBytesReader(w, r.Body, max)
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) || strings.Contains(err.Error(), "too large") {
			return apperr.E(apperr.Invalid, "El archivo es demasiado grande.", "The file is too large.")
		}
		return apperr.E(apperr.Invalid, "Se esperaba un formulario multipart con un archivo.", "A multipart form with a file was expected.")
	}
	for k, vs := range r.MultipartForm.Value {
		if limits.HasControl(k) {
			return limits.ErrControl
		}
		for _, v := range vs {
			if limits.HasControl(v) {
				return limits.ErrControl
			}
		}
	}
	return nil
}

// CleanURL reports whether the request's path and query are free of
// control characters (sent percent-encoded: a raw one cannot reach here).
// It reads the raw query without parsing it, so it costs nothing on the
// hot path.
func CleanURL(r *http.Request) bool {
	if limits.HasControl(r.URL.Path) {
		return false
	}
	q := r.URL.RawQuery
	for i := 0; i+2 < len(q); i++ {
		if q[i] != '%' {
			continue
		}
		hi, lo := unhex(q[i+1]), unhex(q[i+2])
		if hi >= 0 && lo >= 0 && (hi < 2 || (hi == 7 && lo == 15)) && !(hi == 0 && (lo == 9 || lo == 10 || lo == 13)) {
			return false
		}
	}
	return true
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

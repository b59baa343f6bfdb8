// Package requestid carries a request's id end to end: the middleware
// takes a sane X-Request-Id or makes one, the context carries it, every log
// line written with that context gets it (Handler), and provider calls made
// during the request forward it (the metrics package's HTTP transport).
package requestid

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
)

// Header is the HTTP header the id travels in, both ways.
const Header = "X-Request-Id"

// LogKey is the attribute every log line of a request carries.
const LogKey = "request_id"

// MaxLen bounds an id taken from a client.
const MaxLen = 64

type ctxKey struct{}

// New returns a random id: 16 hex digits.
func New() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // never fails since Go 1.24
	return hex.EncodeToString(b[:])
}

// Sane reports whether a client's id may be kept: 1 to MaxLen characters
// among letters, digits and "-_.:" (a proxy's UUID or trace id passes; a
// log-injection attempt does not).
func Sane(id string) bool {
	if id == "" || len(id) > MaxLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
			return false
		}
	}
	return true
}

// With returns ctx carrying id.
func With(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, ctxKey{}, id)
}

// From is the id ctx carries, "" when none.
func From(ctx context.Context) string {
	if ctx == nil {
		return ""
	}
	id, _ := ctx.Value(ctxKey{}).(string)
	return id
}

// Handler adds the context's request id to every record logged with a
// context (slog's *Context methods), so a domain's log lines carry the id
// of the request or job pass they belong to without a logger per request.
type Handler struct{ slog.Handler }

// NewHandler wraps h.
func NewHandler(h slog.Handler) Handler { return Handler{h} }

// Handle adds request_id when ctx carries one.
func (h Handler) Handle(ctx context.Context, r slog.Record) error {
	if id := From(ctx); id != "" {
		r.AddAttrs(slog.String(LogKey, id))
	}
	return h.Handler.Handle(ctx, r)
}

// WithAttrs keeps the wrapper around the derived handler.
func (h Handler) WithAttrs(as []slog.Attr) slog.Handler { return Handler{h.Handler.WithAttrs(as)} }

// WithGroup keeps the wrapper around the derived handler.
func (h Handler) WithGroup(name string) slog.Handler { return Handler{h.Handler.WithGroup(name)} }

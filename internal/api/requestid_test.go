package api_test

import (
	"log/slog"
	"strings"
	"testing"

	"carta/internal/api"
	"carta/internal/requestid"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// The request id: a sane X-Request-Id is kept, anything else replaced by a
// new one; it is answered in the header and carried by the request's log
// lines (the request line and the error line of a failed request).
func TestRequestID(t *testing.T) {
	var logs syncBuffer
	e := newEnvWith(t, storetest.Open(t, store.SQLite), func(s *api.Server) {
		s.Log = slog.New(requestid.NewHandler(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	})

	res := e.do("GET", "/api/cupones", "", nil, requestid.Header, "proxy-id-42")
	if got := res.header.Get(requestid.Header); got != "proxy-id-42" {
		t.Fatalf("answered id %q, want the proxy's", got)
	}
	if !strings.Contains(logs.String(), "request_id=proxy-id-42") {
		t.Fatalf("the request's log line lacks its id:\n%s", logs.String())
	}

	for _, bad := range []string{"", "a b", strings.Repeat("x", 65), "x\"level=ERROR"} {
		res := e.do("GET", "/api/cupones", "", nil, requestid.Header, bad)
		got := res.header.Get(requestid.Header)
		if got == bad || !requestid.Sane(got) || len(got) != 16 {
			t.Fatalf("id %q for a client's %q, want a new one", got, bad)
		}
		if !strings.Contains(logs.String(), "request_id="+got) {
			t.Fatalf("no log line with the new id %s", got)
		}
	}
	// Two requests never share a generated id.
	a := e.do("GET", "/healthz", "", nil).header.Get(requestid.Header)
	b := e.do("GET", "/healthz", "", nil).header.Get(requestid.Header)
	if a == "" || a == b {
		t.Fatalf("generated ids %q and %q", a, b)
	}
}

// Every answer says nosniff and refuses framing; a page also carries its
// referrer policy, a JSON answer does not (it is no document). The menu's
// answer, gzipped too, keeps its headers within eight (one map group for
// net/http to copy and sort on the hot path; net/http adds Date and
// Content-Length outside the map).
func TestSecurityHeaders(t *testing.T) {
	e := newMenuEnv(t, storetest.Open(t, store.SQLite))
	for _, c := range []struct {
		path     string
		referrer bool
	}{{"/api/categories?cliente_id=1&idioma=es", false}, {"/api/cupones", false}, {"/menu/1", true}, {"/healthz", true}} {
		h := e.do("GET", c.path, "", nil).header
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: %v", c.path, h)
		}
		if got := h.Get("Referrer-Policy") != ""; got != c.referrer {
			t.Errorf("%s: Referrer-Policy %q", c.path, h.Get("Referrer-Policy"))
		}
	}
	h := e.do("GET", "/api/productos?cliente_id=1&category_id=C1TAPF&idioma=es", "", nil, "Accept-Encoding", "gzip").header
	if h.Get("Content-Encoding") != "gzip" {
		t.Fatalf("not gzipped: %v", h)
	}
	h.Del("Date")
	h.Del("Content-Length")
	if len(h) > 8 {
		t.Errorf("the menu's answer has %d headers: %v", len(h), h)
	}
}

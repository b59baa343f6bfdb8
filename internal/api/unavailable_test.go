package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/store/storetest"
)

const dbDownES = "El servicio no está disponible en este momento"

// TestUnreachableDatabaseIs503 checks the error mapping: the store's own
// connection failure is 503 with Retry-After; the same kinds of error from
// anywhere else (a provider, an upload) and a query's own error are not.
func TestUnreachableDatabaseIs503(t *testing.T) {
	db, proxy := storetest.PostgresBehindProxy(t)
	proxy.Cut()
	_, storeErr := db.Exec(context.Background(), "SELECT 1")

	for _, c := range []struct {
		err  error
		want int
	}{
		{fmt.Errorf("offers: load: %w", storeErr), 503},
		// An error meant for the client keeps its message and status.
		{&apperr.Error{Kind: apperr.Invalid, ES: "La imagen está dañada o incompleta.", Err: storeErr}, 400},
		{&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}, 500},
		{fmt.Errorf("upload: %w", io.ErrUnexpectedEOF), 500},
		{errors.New("syntax error at or near"), 500},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/api/x", nil)
		handle(func(http.ResponseWriter, *http.Request) error { return c.err })(rec, req)
		if rec.Code != c.want {
			t.Fatalf("%v: %d, want %d", c.err, rec.Code, c.want)
		}
		if down := strings.Contains(rec.Body.String(), dbDownES); down != (c.want == 503) {
			t.Fatalf("%v: %s", c.err, rec.Body.String())
		}
	}
}

// TestSignInCheckWithTheDatabaseDownIs503: a signed-in route's session check (auth.Require, in
// front of the handler) that cannot reach the database answers 503 like the handlers do, not 500
// (found by the standby failover test: coupon checkouts answered 500 while there was no primary).
func TestSignInCheckWithTheDatabaseDownIs503(t *testing.T) {
	db, proxy := storetest.PostgresBehindProxy(t)
	a := &auth.Service{DB: db}
	reached := false
	h := a.Require(func(http.ResponseWriter, *http.Request) { reached = true })
	proxy.Cut()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/checkout-clover", nil)
	req.Header.Set("Authorization", "Bearer some-diner-token")
	h(rec, req)
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), dbDownES) || rec.Header().Get("Retry-After") == "" || reached {
		t.Fatalf("session check with the database down: %d %s (Retry-After %q, handler reached %v)", rec.Code, rec.Body.String(),
			rec.Header().Get("Retry-After"), reached)
	}
}

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

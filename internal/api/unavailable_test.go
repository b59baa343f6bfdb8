package api

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestUnreachableDatabaseIs503 checks the error mapping behind the fail
// fast: a connection error is 503, a query's own error stays 500.
func TestUnreachableDatabaseIs503(t *testing.T) {
	for _, c := range []struct {
		err  error
		want int
	}{
		{&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}, 503},
		{fmt.Errorf("begin: %w", driver.ErrBadConn), 503},
		{errors.New("syntax error at or near"), 500},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/api/x", nil)
		handle(func(http.ResponseWriter, *http.Request) error { return c.err })(rec, req)
		if rec.Code != c.want {
			t.Fatalf("%v: %d, want %d", c.err, rec.Code, c.want)
		}
	}
}

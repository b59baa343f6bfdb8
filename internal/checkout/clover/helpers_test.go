package clover_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// answerServer answers every create with a fixed session and the given raw expirationTime.
func answerServer(t *testing.T, expiration string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := `{"href":"https://checkout.example/s1","checkoutSessionId":"s1"`
		if expiration != "" {
			body += `,"expirationTime":` + expiration
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(body + "}"))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

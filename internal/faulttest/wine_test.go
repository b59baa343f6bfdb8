package faulttest

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/tenant"
)

// chatFake is an OpenAI-compatible chat-completions endpoint whose answer
// the test chooses: well, slow (until the caller gives up), 429 with
// Retry-After, 500 or garbage.
type chatFake struct {
	URL   string
	calls atomic.Int64
	mu    sync.Mutex
	mode  string
}

func newChatFake(t *testing.T) *chatFake {
	f := &chatFake{mode: "ok"}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.calls.Add(1)
		// Read the request first: the server notices a caller that gave
		// up only once the body is read.
		_, _ = io.Copy(io.Discard, r.Body)
		f.mu.Lock()
		mode := f.mode
		f.mu.Unlock()
		switch mode {
		case "slow":
			<-r.Context().Done() // past any time-out: the caller must give up
		case "429":
			w.Header().Set("Retry-After", "120")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = w.Write([]byte(`{"error":{"code":"rate_limit_exceeded","message":"slow down"}}`))
		case "500":
			w.WriteHeader(http.StatusInternalServerError)
		case "garbage":
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"choices":[{"message":{"content":"<html>`))
		default:
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"choices":[{"finish_reason":"stop","message":{"role":"assistant","content":` +
				`"{\"encontrado\":true,\"nombre\":\"Viña Falsa Reserva\",\"tipo\":\"Tinto\",\"uva\":\"Tempranillo\",\"region\":\"Rioja\",\"pais\":\"España\"}"}}]}`))
		}
	}))
	t.Cleanup(srv.Close)
	f.URL = srv.URL + "/v1/chat/completions"
	return f
}

func (f *chatFake) set(mode string) {
	f.mu.Lock()
	f.mode = mode
	f.mu.Unlock()
}

// staffToken creates a restaurant and its owner and returns a session of
// the owner's (made on the test's side).
func staffToken(t *testing.T, db *store.DB, email string) string {
	t.Helper()
	ctx := context.Background()
	mid := "M" + email
	cid, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Cava", MerchantID: &mid, Email: email, Estado: clientes.EstadoActivo})
	if err != nil {
		t.Fatal(err)
	}
	uid, err := auth.CreateStaffUser(ctx, db, auth.StaffUser{Email: email, PasswordHash: "x", Role: tenant.RoleCliente, ClienteID: &cid})
	if err != nil {
		t.Fatal(err)
	}
	return session(t, db, auth.SessionStaff, uid)
}

// TestWineLookupMisbehaves searches wines while the OpenAI-compatible
// endpoint is slow past the lookup's time-out, answers 429 with
// Retry-After, 500 or garbage: each search answers within the time-out
// and a margin with the built-in reference's details (the fallback),
// asks the endpoint once (no retry through a Retry-After), and the
// server's goroutines come back to where they were.
func TestWineLookupMisbehaves(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		if e.d == store.Postgres && !Long() {
			t.Skip("the provider's faults do not depend on the engine: PostgreSQL in make test-faults")
		}
		db := e.open(t)
		tok := staffToken(t, db, "cava@example.com")
		chat := newChatFake(t)
		const timeout = time.Second
		srv := Start(t, map[string]string{"CARTA_DATABASE_URL": e.url, "CARTA_WINE_LOOKUP_URL": chat.URL,
			"CARTA_WINE_LOOKUP_KEY": "sk-fault", "CARTA_WINE_LOOKUP_TIMEOUT": timeout.String()})
		search := func() answer {
			return call(t, srv.URL, "POST", "/api/buscar-vino", tok, map[string]string{"nombre": "Rioja Reserva Tempranillo", "año": "2018"})
		}
		if a := search(); a.status != 200 || !contains(a.body, `"fuente":"openai"`) {
			t.Fatalf("search with the endpoint well: %d %s", a.status, a.body)
		}
		base := srv.Goroutines(t)
		rounds := 1
		if Long() {
			rounds = 5
		}
		for _, mode := range []string{"slow", "429", "500", "garbage"} {
			chat.set(mode)
			for range rounds {
				before := chat.calls.Load()
				start := time.Now()
				a := search()
				took := time.Since(start)
				asked := chat.calls.Load() - before
				t.Logf("%s: %d in %s after %d calls: %.120s", mode, a.status, took.Round(time.Millisecond), asked, a.body)
				// The built-in reference answers (Rioja, Tempranillo).
				if a.status != 200 || !contains(a.body, `"fuente":"builtin"`) || !contains(a.body, "Tempranillo") {
					t.Fatalf("%s: the search answered %d %s, want the built-in reference's details", mode, a.status, a.body)
				}
				if took > timeout+5*time.Second {
					t.Fatalf("%s: the search took %s with a %s time-out", mode, took, timeout)
				}
				if asked != 1 {
					t.Fatalf("%s: the endpoint was asked %d times for one search", mode, asked)
				}
			}
		}
		chat.set("ok")
		if a := search(); a.status != 200 || !contains(a.body, `"fuente":"openai"`) {
			t.Fatalf("search after the endpoint recovered: %d %s", a.status, a.body)
		}
		Eventually(t, 20*time.Second, "goroutines back to the baseline", func() bool {
			return srv.Goroutines(t) <= base+3
		})
	})
}

func contains(b []byte, s string) bool { return bytes.Contains(b, []byte(s)) }

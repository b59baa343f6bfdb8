package faulttest

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// TestDatabaseGoesAway cuts the connection between carta and PostgreSQL
// (a TCP proxy in between) and restores it: /readyz says not ready, API
// calls fail fast with 503 (with Retry-After) instead of hanging or
// answering 500, and everything works again without a restart — a paid
// order still reaches the POS.
func TestDatabaseGoesAway(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		if e.d != store.Postgres {
			t.Skip("the database going away is a network fault: PostgreSQL only")
		}
		db := e.open(t)
		f := newCloverFakes(t)
		cid, line := cloverRestaurant(t, db, f)
		u, _ := url.Parse(e.url)
		proxy := storetest.NewProxy(t, u.Host)
		u.Host = proxy.Addr
		env := cloverEnv(e, f)
		env["CARTA_DATABASE_URL"] = u.String()
		srv := Start(t, env)
		menuPath := "/api/orders/clover_products_online?cliente_id=" + strconv.FormatInt(cid, 10)
		must(t, srv.URL, "GET", menuPath, "", nil)

		rounds := 1
		if Long() {
			rounds = 5
		}
		for round := range rounds {
			proxy.Cut()
			Eventually(t, 15*time.Second, "/readyz reporting the database gone", func() bool {
				resp, err := http.Get(srv.URL + "/readyz")
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				return resp.StatusCode == http.StatusServiceUnavailable
			})
			for _, c := range []struct{ method, path string }{{"GET", menuPath}, {"POST", "/api/login"}, {"POST", "/api/orders"}} {
				start := time.Now()
				a := call(t, srv.URL, c.method, c.path, "", map[string]any{"email": "x@example.com", "password": "whatever-1", "cliente_id": cid})
				if a.status != http.StatusServiceUnavailable || a.json["error"] == nil {
					t.Fatalf("round %d: %s %s with the database gone: %d %s", round, c.method, c.path, a.status, a.body)
				}
				if d := time.Since(start); d > 3*time.Second {
					t.Fatalf("round %d: %s %s took %s to fail", round, c.method, c.path, d)
				}
			}
			// The app's own files do not need the database.
			if a := call(t, srv.URL, "GET", "/", "", nil); a.status != 200 {
				t.Fatalf("round %d: / with the database gone: %d", round, a.status)
			}
			proxy.Restore()
			Eventually(t, 15*time.Second, "/readyz ready again", func() bool {
				resp, err := http.Get(srv.URL + "/readyz")
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				return resp.StatusCode == 200
			})
			must(t, srv.URL, "GET", menuPath, "", nil)
		}
		// Orders work again, down to the POS.
		id, session := placeOrder(t, db, srv.URL, cid, line, "luis")
		if st := payWebhook(t, srv.URL, session, "PAY-DB"); st != 200 {
			t.Fatalf("webhook after the database came back: %d", st)
		}
		Eventually(t, 30*time.Second, "the order reaching the POS", func() bool {
			return count(t, db, `SELECT COUNT(*) FROM pedidos WHERE id = ? AND pos_estado = 'creado'`, id) == 1
		})
	})
}

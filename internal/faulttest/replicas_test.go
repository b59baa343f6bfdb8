package faulttest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/ordering"
	"carta/internal/pos/clover/clovertest"
	"carta/internal/store"
	"carta/internal/tenant"
)

// replicas starts n carta processes on e's PostgreSQL database, sharing
// one media bucket, behind a round-robin proxy whose URL it returns.
func replicas(t *testing.T, n int, env map[string]string) (string, []*Server) {
	t.Helper()
	media := MediaEnv(t)
	var servers []*Server
	for range n {
		e := map[string]string{}
		for k, v := range media {
			e[k] = v
		}
		for k, v := range env {
			e[k] = v
		}
		servers = append(servers, Start(t, e))
	}
	front := httptest.NewServer(&RoundRobin{Backends: servers})
	t.Cleanup(front.Close)
	return front.URL, servers
}

// TestReplicas runs two carta processes on one PostgreSQL database behind
// a round-robin proxy: sign-in throttling counts the attempts made through
// both, an expired Clover token is refreshed exactly once however many
// requests on both replicas need it at once, and the orders those requests
// placed reach Clover once each, sent by the background jobs of both.
func TestReplicas(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		if e.d != store.Postgres {
			t.Skip("replicas share a PostgreSQL database")
		}
		ctx := context.Background()
		db := e.open(t)
		f := newCloverFakes(t)
		f.POS.EnableOAuth(clovertest.OAuthConfig{AppID: "APPFAULT", AppSecret: "app-secret"})
		cid, line := cloverRestaurant(t, db, f)
		// The restaurant's access token has expired: the first Clover call
		// on either replica refreshes it.
		tk := f.POS.IssueTokens()
		if err := clientes.SaveTokens(ctx, db, tenant.Job(cid), clientes.Tokens{Access: tk.Access, Refresh: tk.Refresh,
			AccessExpires: time.Now().Add(-time.Minute).Unix(), RefreshExpires: time.Now().Add(24 * time.Hour).Unix()}); err != nil {
			t.Fatal(err)
		}
		hash, err := auth.HashPassword("correct-horse-1")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := auth.CreateStaffUser(ctx, db, auth.StaffUser{Email: "dueno@example.com", PasswordHash: hash, Role: tenant.RoleCliente, ClienteID: &cid}); err != nil {
			t.Fatal(err)
		}
		env := cloverEnv(e, f)
		env["CARTA_CLOVER_APP_ID"], env["CARTA_CLOVER_APP_SECRET"] = "APPFAULT", "app-secret"
		// The long version's 40 orders come from one address, past the
		// default 30 per address in ten minutes (which answered 429).
		env["CARTA_ORDERS_PER_ADDRESS"] = "100"
		front, _ := replicas(t, 2, env)

		// Sign-in throttling: five wrong passwords through both replicas
		// spend the budget; the sixth attempt is refused on either, even
		// with the right password.
		for i := range auth.PairRule.Limit {
			if a := call(t, front, "POST", "/api/login", "", map[string]string{"email": "dueno@example.com", "password": "wrong-pass-1"}); a.status != 401 {
				t.Fatalf("wrong password %d: %d %s", i, a.status, a.body)
			}
		}
		for range 2 {
			if a := call(t, front, "POST", "/api/login", "", map[string]string{"email": "dueno@example.com", "password": "correct-horse-1"}); a.status != http.StatusTooManyRequests {
				t.Fatalf("sign-in past the budget: %d %s", a.status, a.body)
			}
		}

		// Token refresh: concurrent orders through both replicas.
		n := 8
		if Long() {
			n = 40
		}
		ids := make(chan int64, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a := call(t, front, "POST", "/api/orders", "", map[string]any{"cliente_id": cid, "order_type": "pickup",
					"items": []ordering.LineRequest{line}, "customer": map[string]any{"nombre": "Réplica", "email": "r@example.com"}})
				if a.status != 201 {
					t.Errorf("order %d: %d %s", i, a.status, a.body)
					return
				}
				ids <- int64(a.json["pedido_id"].(float64))
			}()
		}
		wg.Wait()
		close(ids)
		if t.Failed() {
			return
		}
		if r := f.POS.Refreshes(); r != 1 {
			t.Fatalf("%d token refreshes for %d concurrent orders on 2 replicas, want exactly 1", r, n)
		}
		// Pay them all, alternating replicas; the jobs of both send them.
		tally := map[string]bool{}
		for id := range ids {
			var session string
			if err := db.QueryRow(ctx, `SELECT checkout_session_id FROM pedidos WHERE id = ?`, id).Scan(&session); err != nil {
				t.Fatal(err)
			}
			if st := payWebhook(t, front, session, "PAY-"+ref(id)); st != 200 {
				t.Fatalf("webhook: %d", st)
			}
			tally[ref(id)] = true
		}
		Eventually(t, 60*time.Second, "every paid order in Clover", func() bool {
			return count(t, db, `SELECT COUNT(*) FROM pedidos WHERE pos_estado = 'creado'`) == len(tally)
		})
		orders := f.POS.Orders()
		if len(orders) != len(tally) {
			t.Fatalf("%d orders in Clover, %d paid", len(orders), len(tally))
		}
		for _, o := range orders {
			if !tally[o.ExternalReferenceID] {
				t.Fatalf("order %s in Clover twice or unknown", o.ExternalReferenceID)
			}
			delete(tally, o.ExternalReferenceID)
		}
		if r := f.POS.Refreshes(); r != 1 {
			t.Fatalf("%d token refreshes in all, want 1", r)
		}
	})
}

package faulttest

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"carta/internal/clientes"
	"carta/internal/ordering"
	"carta/internal/pos/clover/clovertest"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// TestKillDuringPOSOrder kills the server with SIGKILL while Clover is
// creating a paid order (the request arrived; before Clover did the work,
// and after it with the answer not yet sent), restarts it, and checks
// against the test's tally that the order exists once in Clover and once,
// paid, in Carta; a repeated payment webhook changes nothing.
func TestKillDuringPOSOrder(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		db := e.open(t)
		f := newCloverFakes(t)
		cid, line := cloverRestaurant(t, db, f)
		srv := Start(t, cloverEnv(e, f))
		route := "POST /v3/merchants/" + merchantID + "/atomic_order/orders"

		tally := map[int64]string{} // order id → payment id, as the test paid them
		for i, afterWork := range []bool{false, true} {
			id, session := placeOrder(t, db, srv.URL, cid, line, "ana")
			hold := f.POS.HoldNext(route, afterWork)
			payment := "PAY-" + string(rune('A'+i))
			if st := payWebhook(t, srv.URL, session, payment); st != 200 {
				t.Fatalf("webhook: %d", st)
			}
			tally[id] = payment
			wait(t, hold.Arrived, 30*time.Second, "the POS order reaching Clover", srv)
			srv.Kill()
			// The dead replica's claim on the order lasts posLease (2
			// minutes); the test ends it instead of waiting it out.
			if _, err := db.Exec(context.Background(), `UPDATE pedidos SET pos_siguiente_at = 0 WHERE id = ?`, id); err != nil {
				t.Fatal(err)
			}
			srv.Start()
			Eventually(t, 30*time.Second, "the order created in Clover after the restart", func() bool {
				return count(t, db, `SELECT COUNT(*) FROM pedidos WHERE id = ? AND pos_estado = 'creado'`, id) == 1
			})
			// Clover redelivers the webhook: nothing changes.
			if st := payWebhook(t, srv.URL, session, payment); st != 200 {
				t.Fatalf("repeated webhook: %d", st)
			}
		}
		orders := f.POS.Orders()
		if len(orders) != len(tally) {
			t.Fatalf("%d orders in Clover, the test paid %d: %+v", len(orders), len(tally), orders)
		}
		seen := map[string]bool{}
		for _, o := range orders {
			if seen[o.ExternalReferenceID] {
				t.Fatalf("order %s twice in Clover", o.ExternalReferenceID)
			}
			seen[o.ExternalReferenceID] = true
		}
		for id, payment := range tally {
			if !seen[ref(id)] {
				t.Fatalf("order %d not in Clover", id)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM pedidos WHERE id = ? AND estado = 'recibido' AND payment_id = ?`, id, payment); n != 1 {
				t.Fatalf("order %d not paid once in Carta", id)
			}
		}
		if n := count(t, db, `SELECT COUNT(DISTINCT numero) FROM pedidos WHERE numero IS NOT NULL AND numero > 0`); n != len(tally) {
			t.Fatalf("%d order numbers for %d paid orders", n, len(tally))
		}
	})
}

// TestKillDuringTokenRefresh kills the server while Clover refreshes the
// restaurant's expired OAuth token. Killed before Clover acted, the
// restart refreshes once and orders work. Killed after Clover rotated the
// tokens (its refresh tokens are single use) the new pair is lost with
// the process: the restaurant is marked for reconnection and the diner
// gets a clear error, nothing stuck or charged.
func TestKillDuringTokenRefresh(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		for _, afterWork := range []bool{false, true} {
			db := e.open(t)
			if afterWork {
				// a fresh database for the second case
				e2 := e
				if e.d == store.Postgres {
					e2.url = storetest.PostgresURL(t)
				} else {
					e2.url = filepath.Join(t.TempDir(), "carta.db")
				}
				e = e2
				db = e.open(t)
			}
			ctx := context.Background()
			f := newCloverFakes(t)
			f.POS.EnableOAuth(clovertest.OAuthConfig{AppID: "APPFAULT", AppSecret: "app-secret"})
			cid, line := cloverRestaurant(t, db, f)
			tk := f.POS.IssueTokens()
			if err := clientes.SaveTokens(ctx, db, tenant.Job(cid), clientes.Tokens{Access: tk.Access, Refresh: tk.Refresh,
				AccessExpires: time.Now().Add(-time.Minute).Unix(), RefreshExpires: time.Now().Add(24 * time.Hour).Unix()}); err != nil {
				t.Fatal(err)
			}
			env := cloverEnv(e, f)
			env["CARTA_CLOVER_APP_ID"], env["CARTA_CLOVER_APP_SECRET"] = "APPFAULT", "app-secret"
			srv := Start(t, env)
			hold := f.POS.HoldNext("POST /oauth/v2/refresh", afterWork)
			done := make(chan struct{})
			go func() {
				defer close(done)
				// The order in flight dies with the server.
				body, _ := json.Marshal(map[string]any{"cliente_id": cid, "order_type": "pickup",
					"items": []ordering.LineRequest{line}, "customer": map[string]any{"nombre": "Kim", "email": "kim@example.com"}})
				resp, err := http.Post(srv.URL+"/api/orders", "application/json", bytes.NewReader(body))
				if err == nil {
					resp.Body.Close()
				}
			}()
			wait(t, hold.Arrived, 30*time.Second, "the token refresh reaching Clover", srv)
			srv.Kill()
			<-done
			srv.Start()
			a := call(t, srv.URL, "POST", "/api/orders", "", map[string]any{"cliente_id": cid, "order_type": "pickup",
				"items": []ordering.LineRequest{line}, "customer": map[string]any{"nombre": "Kim", "email": "kim@example.com"}})
			reconnect := count(t, db, `SELECT COUNT(*) FROM clientes WHERE id = ? AND pos_reconectar <> 0`, cid)
			t.Logf("after work %v: %d %s; refreshes %d; reconnect %d", afterWork, a.status, a.body, f.POS.Refreshes(), reconnect)
			if !afterWork {
				if a.status != 201 || f.POS.Refreshes() != 1 || reconnect != 0 {
					t.Fatalf("killed before Clover refreshed: order %d %s, %d refreshes, reconnect %d", a.status, a.body, f.POS.Refreshes(), reconnect)
				}
				continue
			}
			if msg, _ := a.json["error"].(string); a.status != 503 || !strings.Contains(msg, "conectarse de nuevo") || reconnect != 1 {
				t.Fatalf("killed after Clover refreshed: order %d %s, reconnect %d", a.status, a.body, reconnect)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM pedidos WHERE estado = 'pendiente_pago'`); n != 0 {
				t.Fatalf("%d orders wait for a payment that cannot be opened", n)
			}
		}
	})
}

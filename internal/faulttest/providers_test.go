package faulttest

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"carta/internal/ordering"
	"carta/internal/store"
)

// TestCloverMisbehavesAtCheckout places orders while Clover (its totals
// endpoint or its hosted checkout) answers 429 with Retry-After, 500 or
// garbage, or answers past the client's time-out: the diner gets a clear
// 503 within a bound, Clover is asked a
// bounded number of times, no order is left holding a slot, and the
// server's goroutines come back to where they were (no leak).
func TestCloverMisbehavesAtCheckout(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		if e.d == store.Postgres && !Long() {
			t.Skip("the provider's faults do not depend on the engine: PostgreSQL in make test-faults")
		}
		db := e.open(t)
		f := newCloverFakes(t)
		cid, line := cloverRestaurant(t, db, f)
		srv := Start(t, cloverEnv(e, f))
		totals := "POST /v3/merchants/" + merchantID + "/atomic_order/checkouts"
		totalsPath := "/v3/merchants/" + merchantID + "/atomic_order/checkouts"
		place := func() answer {
			return call(t, srv.URL, "POST", "/api/orders", "", map[string]any{"cliente_id": cid, "order_type": "pickup",
				"items": []ordering.LineRequest{line}, "customer": map[string]any{"nombre": "Eva", "email": "eva@example.com"}})
		}
		// Warm up, then take the baseline.
		if a := place(); a.status != 201 {
			t.Fatalf("order with Clover well: %d %s", a.status, a.body)
		}
		base := srv.Goroutines(t)

		cases := []struct {
			name  string
			fault func()
			clear func()
		}{
			{"429 with Retry-After", func() { f.POS.FailNextOn(totals, 429, "120", 1000) }, func() { f.POS.FailNextOn(totals, 0, "", 0) }},
			{"500", func() { f.POS.FailNextOn(totals, 500, "", 1000) }, func() { f.POS.FailNextOn(totals, 0, "", 0) }},
			{"garbage", func() { f.POS.Malformed(true) }, func() { f.POS.Malformed(false) }},
			{"checkout 500", func() { f.Checkout.FailAlways(500) }, f.Checkout.Heal},
			{"checkout garbage", func() { f.Checkout.Malformed(1000) }, f.Checkout.Heal},
			// Past the POS total's 10 s budget (the fake answers when the
			// caller gives up, or after 40 s at the latest).
			{"slow past the client's time-out", func() { f.POS.Delay(40 * time.Second) }, func() { f.POS.Delay(0) }},
		}
		for _, c := range cases {
			before := f.POS.Requests(totalsPath) + len(f.Checkout.Requests())
			c.fault()
			start := time.Now()
			a := place()
			took := time.Since(start)
			c.clear()
			asked := f.POS.Requests(totalsPath) + len(f.Checkout.Requests()) - before
			t.Logf("%s: %d in %s after %d calls to Clover: %s", c.name, a.status, took.Round(time.Millisecond), asked, a.body)
			msg, _ := a.json["error"].(string)
			if a.status != http.StatusServiceUnavailable || msg == "" || strings.Contains(msg, "clover:") {
				t.Fatalf("%s: the diner got %d %s", c.name, a.status, a.body)
			}
			if took > 20*time.Second {
				t.Fatalf("%s: the diner waited %s", c.name, took)
			}
			if asked > 6 {
				t.Fatalf("%s: Clover asked %d times for one order", c.name, asked)
			}
		}
		if a := place(); a.status != 201 {
			t.Fatalf("order after Clover recovered: %d %s", a.status, a.body)
		}
		// An order whose checkout could not be opened is kept as failed
		// (its slot given back); only the two placed ones wait for payment.
		if n := count(t, db, `SELECT COUNT(*) FROM pedidos WHERE cliente_id = ? AND estado = 'pendiente_pago'`, cid); n != 2 {
			t.Fatalf("%d orders waiting for payment, want the 2 that were placed", n)
		}
		Eventually(t, 20*time.Second, "goroutines back to the baseline", func() bool {
			return srv.Goroutines(t) <= base+3
		})
	})
}

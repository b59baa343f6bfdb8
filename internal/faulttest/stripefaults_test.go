package faulttest

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"carta/internal/auth"
	"carta/internal/billing"
	"carta/internal/billing/stripe/stripetest"
	"carta/internal/store"
	"carta/internal/tenant"
)

// TestStripeMisbehaves runs the two things Carta asks Stripe for while
// Stripe answers 429 with Retry-After, 500 or garbage, or slowly (within
// the client's time-out: it waits and works): the owner registering
// a card gets a clear error within a bound after a bounded number of calls,
// and the platform fee job records a failed attempt with its backoff (the
// fee stays due, not failed for good, nothing is left claimed). When Stripe
// recovers the fee is charged once, and the server's goroutines come back
// to where they were.
func TestStripeMisbehaves(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		if e.d == store.Postgres && !Long() {
			t.Skip("the provider's faults do not depend on the engine: PostgreSQL in make test-faults")
		}
		ctx := context.Background()
		db := e.open(t)
		f := newCloverFakes(t)
		cid, _ := cloverRestaurant(t, db, f)
		cup, toks, ids := couponFixture(t, db, cid, 1, 1, "STRIPEF")
		if err := billing.SaveTarjeta(ctx, db, tenant.Job(cid), billing.Tarjeta{Provider: "stripe", CustomerID: stripetest.Customer,
			PaymentMethodID: stripetest.PMMastercard, Brand: "mastercard", Last4: "4444"}); err != nil {
			t.Fatal(err)
		}
		uid, err := auth.CreateStaffUser(ctx, db, auth.StaffUser{Email: "dueno-stripe@example.com", PasswordHash: "x", Role: tenant.RoleCliente, ClienteID: &cid})
		if err != nil {
			t.Fatal(err)
		}
		owner := session(t, db, auth.SessionStaff, uid)
		stripe := stripetest.New(t)
		env := cloverEnv(e, f)
		env["CARTA_STRIPE_SECRET_KEY"], env["CARTA_STRIPE_PUBLISHABLE_KEY"], env["CARTA_STRIPE_API_URL"] = stripe.Key, "pk_test_fault", stripe.URL()
		srv := Start(t, env)
		setup := func() answer {
			return call(t, srv.URL, "POST", "/api/clientes/"+strconv.FormatInt(cid, 10)+"/setup-tarjeta", owner, map[string]any{})
		}
		if a := setup(); a.status != 200 {
			t.Fatalf("setup with Stripe well: %d %s", a.status, a.body)
		}
		base := srv.Goroutines(t)

		// A coupon sold: one fee due (charged by the job at the next start).
		st, s := buy(t, db, srv.URL, toks[0], ids[0], cup)
		if st != 200 {
			t.Fatalf("buy: %d %s", st, s)
		}
		if st := postPaid(srv.URL, s, "PAY-"+s); st != 200 {
			t.Fatalf("webhook: %d", st)
		}
		feeRow := func() (estado string, attempts int, next int64, lastErr string) {
			t.Helper()
			if err := db.QueryRow(ctx, `SELECT estado, attempts, next_attempt_at, last_error FROM fees WHERE cliente_id = ?`, cid).
				Scan(&estado, &attempts, &next, &lastErr); err != nil {
				t.Fatal(err)
			}
			return
		}

		cases := []struct {
			name  string
			fault stripetest.Fault
		}{
			{"429 with Retry-After", stripetest.Fault{Status: http.StatusTooManyRequests, RetryAfter: "120"}},
			{"500", stripetest.Fault{Status: http.StatusInternalServerError}},
			{"garbage", stripetest.Fault{Garbage: true}},
		}
		for i, c := range cases {
			stripe.SetFault(c.fault)
			before := len(stripe.RequestsTo("POST", "/v1/setup_intents"))
			start := time.Now()
			a := setup()
			took := time.Since(start)
			asked := len(stripe.RequestsTo("POST", "/v1/setup_intents")) - before
			t.Logf("%s: setup %d in %s after %d calls: %s", c.name, a.status, took.Round(time.Millisecond), asked, a.body)
			msg, _ := a.json["error"].(string)
			if a.status < 500 || msg == "" || strings.Contains(msg, "billing/stripe") || strings.Contains(msg, "fault injected") {
				t.Fatalf("%s: the owner got %d %s", c.name, a.status, a.body)
			}
			if took > 20*time.Second || asked > 4 {
				t.Fatalf("%s: %s and %d calls for one card set-up", c.name, took, asked)
			}

			// The fee job (at start) meets the same Stripe.
			if _, err := db.Exec(ctx, `UPDATE fees SET next_attempt_at = 0 WHERE cliente_id = ? AND estado = 'pendiente'`, cid); err != nil {
				t.Fatal(err)
			}
			srv.Restart()
			Eventually(t, 30*time.Second, c.name+": the fee's failed attempt recorded", func() bool {
				_, attempts, _, _ := feeRow()
				return attempts == i+1
			})
			estado, _, next, lastErr := feeRow()
			if estado != "pendiente" || next <= time.Now().Unix() || lastErr == "" {
				t.Fatalf("%s: fee %s, next attempt %d (now %d), error %q: want still due, later, with the reason",
					c.name, estado, next, time.Now().Unix(), lastErr)
			}
		}

		// Slow, within the client's time-out: the set-up waits and works.
		stripe.SetFault(stripetest.Fault{Delay: 2 * time.Second})
		start := time.Now()
		if a := setup(); a.status != 200 || time.Since(start) < 2*time.Second {
			t.Fatalf("setup with a slow Stripe: %d in %s %s", a.status, time.Since(start), a.body)
		}
		stripe.SetFault(stripetest.Fault{})
		if a := setup(); a.status != 200 {
			t.Fatalf("setup after Stripe recovered: %d %s", a.status, a.body)
		}
		if _, err := db.Exec(ctx, `UPDATE fees SET next_attempt_at = 0 WHERE cliente_id = ? AND estado = 'pendiente'`, cid); err != nil {
			t.Fatal(err)
		}
		charges := stripe.IntentCount()
		srv.Restart()
		Eventually(t, 30*time.Second, "the fee charged after Stripe recovered", func() bool {
			estado, _, _, _ := feeRow()
			return estado == "cobrado"
		})
		if n := stripe.IntentCount() - charges; n != 1 {
			t.Fatalf("%d PaymentIntents for one fee", n)
		}
		if a := setup(); a.status != 200 {
			t.Fatal(a.status)
		}
		Eventually(t, 20*time.Second, "goroutines back to the baseline", func() bool {
			return srv.Goroutines(t) <= base+3
		})
	})
}

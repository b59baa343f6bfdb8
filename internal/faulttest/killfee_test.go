package faulttest

import (
	"context"
	"testing"
	"time"

	"carta/internal/billing"
	"carta/internal/billing/stripe/stripetest"
	"carta/internal/tenant"
)

// TestKillDuringFeeCharge kills the server with SIGKILL while it charges the
// platform fees of coupons sold through Stripe, at the worst moment: Stripe
// has created and charged the PaymentIntent of the first fee, and its answer
// has not reached Carta (the fee is still 'pendiente' in the database).
// After the restart every fee is charged exactly once: Stripe holds one
// PaymentIntent per fee (the interrupted one is replayed through its
// idempotency key, not charged again), and each fee records its own.
func TestKillDuringFeeCharge(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		db := e.open(t)
		f := newCloverFakes(t)
		cid, _ := cloverRestaurant(t, db, f)
		n := 3
		if Long() {
			n = 15
		}
		cup, toks, ids := couponFixture(t, db, cid, int64(n), n, "FEE")
		// The restaurant's card on file is a Stripe one.
		if err := billing.SaveTarjeta(ctx, db, tenant.Job(cid), billing.Tarjeta{Provider: "stripe", CustomerID: stripetest.Customer,
			PaymentMethodID: stripetest.PMMastercard, Brand: "mastercard", Last4: "4444"}); err != nil {
			t.Fatal(err)
		}
		stripe := stripetest.New(t)
		env := cloverEnv(e, f)
		env["CARTA_STRIPE_SECRET_KEY"], env["CARTA_STRIPE_PUBLISHABLE_KEY"], env["CARTA_STRIPE_API_URL"] = stripe.Key, "pk_test_fault", stripe.URL()
		hold := stripe.HoldNextCharge()
		srv := Start(t, env)

		// n coupons sold: n fees due.
		for i := range toks {
			st, s := buy(t, db, srv.URL, toks[i], ids[i], cup)
			if st != 200 {
				t.Fatalf("buy: %d %s", st, s)
			}
			if st := postPaid(srv.URL, s, "PAY-"+s); st != 200 {
				t.Fatalf("webhook: %d", st)
			}
		}
		if c := count(t, db, `SELECT COUNT(*) FROM fees WHERE cliente_id = ? AND estado = 'pendiente'`, cid); c != n {
			t.Fatalf("%d fees due, want %d", c, n)
		}
		// The fee job runs at start and every 30 s: a start charges them now
		// (unless the job's tick already reached Stripe).
		select {
		case <-hold.Arrived:
		default:
			srv.Restart()
		}
		wait(t, hold.Arrived, 30*time.Second, "the first fee charged at Stripe", srv)
		srv.Kill()
		hold.Release()
		if c := count(t, db, `SELECT COUNT(*) FROM fees WHERE cliente_id = ? AND estado = 'cobrado'`, cid); c == n {
			t.Fatal("every fee recorded although the first answer never arrived")
		}
		// The dead job's claim (5 minutes) is ended by the test.
		if _, err := db.Exec(ctx, `UPDATE fees SET next_attempt_at = 0 WHERE estado = 'pendiente'`); err != nil {
			t.Fatal(err)
		}
		srv.Start()
		Eventually(t, 60*time.Second, "every fee charged after the restart", func() bool {
			return count(t, db, `SELECT COUNT(*) FROM fees WHERE cliente_id = ? AND estado = 'cobrado'`, cid) == n
		})

		// Stripe's side: one PaymentIntent per fee, whatever was retried.
		if got := stripe.IntentCount(); got != n {
			t.Fatalf("Stripe created %d PaymentIntents for %d fees", got, n)
		}
		perKey := map[string]int{}
		for _, r := range stripe.ChargeRequests() {
			perKey[r.IdempotencyKey]++
		}
		if len(perKey) != n {
			t.Fatalf("%d idempotency keys for %d fees: %v", len(perKey), n, perKey)
		}
		retried := 0
		for k, c := range perKey {
			if c > 1 {
				retried++
			}
			if c > 2 {
				t.Fatalf("key %s sent %d times", k, c)
			}
		}
		if retried != 1 {
			t.Fatalf("%d fees retried, want the interrupted one: %v", retried, perKey)
		}
		// Carta's side: each fee holds its own charge, once, with one attempt
		// recorded (the interrupted attempt left no trace but its claim).
		if c := count(t, db, `SELECT COUNT(DISTINCT charge_id) FROM fees WHERE cliente_id = ? AND charge_id LIKE 'pi_fake_%'`, cid); c != n {
			t.Fatalf("%d distinct charges recorded for %d fees", c, n)
		}
		if c := count(t, db, `SELECT COUNT(*) FROM fees WHERE cliente_id = ? AND attempts <> 1`, cid); c != 0 {
			t.Fatalf("%d fees with other than one recorded attempt", c)
		}
	})
}

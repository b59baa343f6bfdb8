package api_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"carta/internal/checkout/clover/clovercheckouttest"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// failNext makes the next writes to table fail (a passing database fault)
// until the returned function heals it; a trigger works the same on both
// engines' transactions.
func failNext(t *testing.T, db *store.DB, table, op string) (heal func()) {
	t.Helper()
	ctx := context.Background()
	var stmts []string
	if db.Dialect() == store.SQLite {
		stmts = []string{fmt.Sprintf(`CREATE TRIGGER fault BEFORE %s ON %s BEGIN SELECT RAISE(ABORT, 'injected fault'); END`, op, table)}
	} else {
		stmts = []string{`CREATE FUNCTION fault() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$ LANGUAGE plpgsql`,
			fmt.Sprintf(`CREATE TRIGGER fault BEFORE %s ON %s FOR EACH ROW EXECUTE FUNCTION fault()`, op, table)}
	}
	for _, s := range stmts {
		if _, err := db.Exec(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	return func() {
		q := `DROP TRIGGER fault`
		if db.Dialect() == store.Postgres {
			q = `DROP TRIGGER fault ON ` + table
		}
		if _, err := db.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
}

// pendingPurchase creates an offer of stock units and a diner's checkout
// of it; it returns the checkout session and the diner's token.
func pendingPurchase(t *testing.T, e *env, code string, stock int, email string) (string, string) {
	t.Helper()
	e.do("POST", "/api/clientes/1/agregar-tarjeta", e.owner1, map[string]any{"token": "demo_tok_4242"})
	if code != "" {
		if r := e.do("POST", "/api/cupones", e.owner1, offerForm(code, "cantidad_disponible", stock)); r.status != 201 {
			t.Fatalf("offer: %d %s", r.status, r.body)
		}
	}
	cup := listFirst(t, e.do("GET", "/api/cupones?cliente_id=1", "", nil).body)
	tok := e.register("Ana", email, "secreto-123").json["token"].(string)
	buy := e.do("POST", "/api/checkout-clover", tok, map[string]any{"cupon_id": cup["id"]})
	if buy.status != 200 {
		t.Fatalf("buy: %d %s", buy.status, buy.body)
	}
	return strings.TrimPrefix(buy.json["checkout_url"].(string), "https://carta.example/demo/checkout/"), tok
}

func (e *env) count(q string) int {
	e.t.Helper()
	var n int
	if err := e.db.QueryRow(context.Background(), q).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// A paid webhook whose confirmation fails once is answered 500 and, on
// Clover's retry, confirmed: the event is recorded in the confirmation's
// transaction, never before it.
func TestCheckoutWebhookRetriedAfterFailedConfirmation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		session, _ := pendingPurchase(t, e, "RETRY", 3, "ana@example.com")
		body := clovercheckouttest.WebhookBody(session, "PAY-RETRY", "DEMOMERCHANT1", "APPROVED")
		post := func() result {
			return e.do("POST", "/api/webhooks/clover-checkout", "", string(body), "Clover-Signature", clovercheckouttest.Sign("whsec_clover_test", time.Now(), body))
		}
		heal := failNext(t, db, "fees", "INSERT")
		if r := post(); r.status != 500 {
			t.Fatalf("failing confirmation: %d %s", r.status, r.body)
		}
		if e.count(`SELECT COUNT(*) FROM compras WHERE estado = 'pagado'`) != 0 || e.count(`SELECT COUNT(*) FROM webhook_events`) != 0 {
			t.Fatal("a failed confirmation left its effects or its event record")
		}
		heal()
		for range 2 { // Clover's retry, then a duplicate delivery
			if r := post(); r.status != 200 {
				t.Fatalf("retry: %d %s", r.status, r.body)
			}
		}
		if paid, fees, pts := e.count(`SELECT COUNT(*) FROM compras WHERE estado = 'pagado' AND payment_id = 'PAY-RETRY'`),
			e.count(`SELECT COUNT(*) FROM fees`), e.count(`SELECT COUNT(*) FROM puntos`); paid != 1 || fees != 1 || pts != 1 {
			t.Fatalf("after the retry: paid %d, fees %d, points %d; want 1 each", paid, fees, pts)
		}
	})
}

// signStripe builds a Stripe-Signature header as Stripe documents it.
func signStripe(payload, secret string) string {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + payload))
	return fmt.Sprintf("t=%s,v1=%s", ts, hex.EncodeToString(mac.Sum(nil)))
}

// The same for Stripe's fee reconciliation.
func TestStripeWebhookRetriedAfterFailure(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		session, _ := pendingPurchase(t, e, "FEE", 3, "ana@example.com")
		if r := e.do("POST", "/api/demo/checkout/"+session+"/pay", "", nil); r.status != 200 {
			t.Fatalf("pay: %d", r.status)
		}
		compra := e.count(`SELECT id FROM compras WHERE estado = 'pagado'`)
		ev := fmt.Sprintf(`{"id":"evt_fee_1","object":"event","type":"payment_intent.succeeded","data":{"object":{"id":"pi_9","object":"payment_intent","metadata":{"fee_id":"carta-fee-compra-%d-pm_1"}}}}`, compra)
		post := func() result {
			return e.do("POST", "/api/webhooks/stripe", "", ev, "Stripe-Signature", signStripe(ev, "whsec_stripe_test"))
		}
		heal := failNext(t, db, "fees", "UPDATE")
		if r := post(); r.status != 500 {
			t.Fatalf("failing reconciliation: %d %s", r.status, r.body)
		}
		heal()
		if r := post(); r.status != 200 {
			t.Fatalf("retry: %d %s", r.status, r.body)
		}
		if n := e.count(`SELECT COUNT(*) FROM fees WHERE estado = 'cobrado' AND charge_id = 'pi_9'`); n != 1 {
			t.Fatalf("fee not reconciled on the retry: %d", n)
		}
	})
}

// Paying a checkout after the offer sold out answers 409, oversells
// nothing, and leaves the payment marked for refund for the super admin
// and the diner to see.
func TestPaymentAfterSoldOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		late, lateTok := pendingPurchase(t, e, "ULTIMO", 1, "tarde@example.com")
		// The late diner's hold ends and another diner buys the last unit.
		now := time.Now()
		db.Now = func() time.Time { return now.Add(16 * time.Minute) }
		if _, err := e.api.Offers.ExpireHolds(context.Background()); err != nil {
			t.Fatal(err)
		}
		other, _ := pendingPurchase(t, e, "", 1, "pronto@example.com")
		if r := e.do("POST", "/api/demo/checkout/"+other+"/pay", "", nil); r.status != 200 {
			t.Fatalf("other pays: %d %s", r.status, r.body)
		}
		r := e.do("POST", "/api/demo/checkout/"+late+"/pay", "", nil)
		if r.status != 409 || r.json["error"] != "Esta oferta se agotó." {
			t.Fatalf("late payment: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/demo/checkout/"+late+"/pay", "", nil, "Accept-Language", "en"); r.status != 409 || r.json["error"] != "This offer sold out." {
			t.Fatalf("late payment in English: %d %s", r.status, r.body)
		}
		if sold := e.count(`SELECT COUNT(*) FROM compras WHERE estado = 'pagado'`); sold != 1 || e.count(`SELECT cantidad_disponible FROM cupones`) != 0 {
			t.Fatal("oversold")
		}
		e.run(t, []scenario{
			{name: "refunds: owner", method: "GET", path: "/api/admin/reembolsos", token: "owner1", status: 403},
			{name: "refunds: no token", method: "GET", path: "/api/admin/reembolsos", status: 401},
			{name: "refunds: diner", method: "GET", path: "/api/admin/reembolsos", token: lateTok, status: 403},
		})
		list := e.do("GET", "/api/admin/reembolsos", e.admin, nil)
		if list.status != 200 || !strings.Contains(list.body, `"email":"tarde@example.com"`) || !strings.Contains(list.body, `"reembolso":"pendiente"`) {
			t.Fatalf("refunds list: %s", list.body)
		}
		var uid int
		e.db.QueryRow(context.Background(), `SELECT id FROM usuarios WHERE email = 'tarde@example.com'`).Scan(&uid)
		mine := e.do("GET", fmt.Sprintf("/api/usuarios/%d/compras", uid), lateTok, nil)
		if !strings.Contains(mine.body, `"reembolso":"pendiente"`) {
			t.Fatalf("the diner does not see the refund: %s", mine.body)
		}
		compra := between(list.body, `"compra_id":`, `,`)
		e.run(t, []scenario{
			{name: "mark refunded: owner", method: "POST", path: "/api/admin/reembolsos/" + compra, token: "owner1", status: 403},
			{name: "mark refunded", method: "POST", path: "/api/admin/reembolsos/" + compra, token: "admin", status: 200},
			{name: "mark refunded twice", method: "POST", path: "/api/admin/reembolsos/" + compra, token: "admin", status: 404},
			{name: "mark refunded: bad id", method: "POST", path: "/api/admin/reembolsos/x", token: "admin", status: 404},
		})
	})
}

// Each restaurant verifies its checkout webhooks with its own secret (set
// by its owner, sealed): an event signed with another merchant's secret,
// with the platform's fallback, or naming another merchant is refused and
// changes nothing; the restaurant's own signature confirms the payment.
func TestCheckoutWebhookUsesTheMerchantsOwnSecret(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		for id, owner := range map[int]string{1: e.owner1, 2: e.owner2} {
			r := e.do("PUT", fmt.Sprintf("/api/clientes/%d/webhook-secret", id), owner, map[string]any{"webhook_secret": fmt.Sprintf("whsec_merchant_%d", id)})
			if r.status != 200 || r.json["webhook_secret_configurado"] != true {
				t.Fatalf("set secret %d: %d %s", id, r.status, r.body)
			}
		}
		if r := e.do("PUT", "/api/clientes/1/webhook-secret", e.owner2, map[string]any{"webhook_secret": "robado"}); r.status != 403 {
			t.Fatalf("another restaurant's secret: %d", r.status)
		}
		session, _ := pendingPurchase(t, e, "OWN", 3, "ana@example.com")
		post := func(merchant, secret string) result {
			body := clovercheckouttest.WebhookBody(session, "PAY-OWN", merchant, "APPROVED")
			return e.do("POST", "/api/webhooks/clover-checkout", "", string(body), "Clover-Signature", clovercheckouttest.Sign(secret, time.Now(), body))
		}
		for _, bad := range []struct{ merchant, secret string }{
			{"DEMOMERCHANT1", "whsec_merchant_2"},  // another merchant's secret
			{"DEMOMERCHANT1", "whsec_clover_test"}, // the platform's fallback
			{"DEMOMERCHANT2", "whsec_merchant_2"},  // another merchant's event
		} {
			if r := post(bad.merchant, bad.secret); r.status != 401 {
				t.Fatalf("%+v: %d %s", bad, r.status, r.body)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM compras WHERE estado = 'pagado'`); n != 0 {
			t.Fatalf("a refused webhook paid %d purchases", n)
		}
		if r := post("DEMOMERCHANT1", "whsec_merchant_1"); r.status != 200 {
			t.Fatalf("own secret: %d %s", r.status, r.body)
		}
		if n := e.count(`SELECT COUNT(*) FROM compras WHERE estado = 'pagado' AND payment_id = 'PAY-OWN'`); n != 1 {
			t.Fatalf("paid: %d", n)
		}
	})
}

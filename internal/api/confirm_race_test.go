package api_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"carta/internal/checkout/clover/clovercheckouttest"
	"carta/internal/clientes"
	"carta/internal/ordering"
	posdemo "carta/internal/pos/demo"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// race sends every request at once (each waits for the same start) and
// returns their answers in order.
func race(reqs []func() result) []result {
	out := make([]result, len(reqs))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, do := range reqs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out[i] = do()
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// hook posts Clover's signed notification of a payment of a checkout
// session of a demo restaurant.
func (e *env) hook(session, payment string) result {
	body := clovercheckouttest.WebhookBody(session, payment, "DEMOMERCHANT1", "APPROVED")
	return e.do("POST", "/api/webhooks/clover-checkout", "", string(body), "Clover-Signature", clovercheckouttest.Sign("whsec_clover_test", time.Now(), body))
}

// all2xx fails the test for every answer that is not a success.
func all2xx(t *testing.T, what string, rs []result) {
	t.Helper()
	for i, r := range rs {
		if r.status < 200 || r.status > 299 {
			t.Errorf("%s, confirmation %d: %d %s", what, i, r.status, r.body)
		}
	}
}

// Thirty confirmations of one order at once — the spec's pay call, the
// demo page's 'Pagar' (a diner's double click) and Clover's signed
// webhooks (two events, each delivered several times) — all answer 2xx and
// pay the order exactly once: one number, one e-mail, one change on the
// boards, one points grant, one order in the POS. The same for an order
// whose checkout had expired when the payments arrived.
func TestConcurrentOrderConfirmationsPayOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newOrderEnv(t, db)
		diner := e.register("Lucía", "lucia@example.com", "secreto-123", "cliente_id", 1).json["token"].(string)
		for n, expired := range []bool{false, true} {
			name := map[bool]string{false: "pending order", true: "expired order"}[expired]
			id, tok, sess := e.placeOrder(diner, e.steakOrder())
			if expired {
				later := time.Now().Add(ordering.HoldTime + time.Minute)
				db.Now = func() time.Time { return later }
				if _, err := e.api.Ordering.ExpirePending(ctx); err != nil {
					t.Fatal(err)
				}
				db.Now = time.Now
				if s := e.count(fmt.Sprintf(`SELECT COUNT(*) FROM pedidos WHERE id = %d AND estado = 'expirado'`, id)); s != 1 {
					t.Fatalf("the order did not expire")
				}
			}
			var reqs []func() result
			for i := range 30 {
				switch i % 3 {
				case 0:
					reqs = append(reqs, func() result {
						return e.do("POST", "/api/orders/1/pay", "", map[string]any{"pedido_id": id, "token": tok, "amount": 9743})
					})
				case 1:
					reqs = append(reqs, func() result { return e.do("POST", "/api/demo/checkout/"+sess+"/pay", "", nil) })
				default:
					reqs = append(reqs, func() result { return e.hook(sess, fmt.Sprintf("CLV-%d-%d", id, i%2)) })
				}
			}
			rs := race(reqs)
			all2xx(t, name, rs)
			for i, r := range rs {
				estado := r.json["estado"]
				if p, ok := r.json["pedido"].(map[string]any); ok {
					estado = p["estado"] // the pay call's answer
				}
				if i%3 != 2 && estado != "recibido" {
					t.Errorf("%s, confirmation %d answers estado %v", name, i, estado)
				}
			}
			q := func(sql string) int { return e.count(fmt.Sprintf(sql, id)) }
			if num, seq := q(`SELECT numero FROM pedidos WHERE id = %d`), e.count(`SELECT ultimo FROM pedidos_numeros WHERE cliente_id = 1`); num != n+1 || seq != n+1 {
				t.Errorf("%s: number %d, restaurant's sequence %d; want %d", name, num, seq, n+1)
			}
			if ev := q(`SELECT COUNT(*) FROM pedido_eventos WHERE pedido_id = %d AND estado = 'recibido'`); ev != 1 {
				t.Errorf("%s: %d 'recibido' changes on the boards, want 1", name, ev)
			}
			if pts := q(`SELECT COUNT(*) FROM puntos WHERE pedido_id = %d`); pts != 1 {
				t.Errorf("%s: %d points grants, want 1", name, pts)
			}
			if mails := e.count(`SELECT COUNT(*) FROM outbox WHERE kind = 'pedido'`); mails != n+1 {
				t.Errorf("%s: %d order e-mails, want %d", name, mails, n+1)
			}
		}
		if _, err := e.api.Ordering.SendToPOS(ctx); err != nil {
			t.Fatal(err)
		}
		p, err := e.api.Ordering.POS(clientes.POSConnection{Merchant: "DEMOMERCHANT1"})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(p.(*posdemo.Merchant).Orders()); got != 2 {
			t.Errorf("%d orders in the POS, want 2 (one per order)", got)
		}
	})
}

// The same race on a coupon purchase: the demo page's 'Pagar' and signed
// webhooks at once pay it once (one voucher code, one fee, one points
// grant, one receipt, one unit of stock), also when its hold had expired
// before the payments arrived.
func TestConcurrentPurchaseConfirmationsPayOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEnv(t, db)
		for n, expired := range []bool{false, true} {
			name := map[bool]string{false: "pending purchase", true: "expired purchase"}[expired]
			code := ""
			if n == 0 {
				code = "CARRERA"
			}
			sess, _ := pendingPurchase(t, e, code, 5, fmt.Sprintf("carrera%d@example.com", n))
			compra := e.count(fmt.Sprintf(`SELECT id FROM compras WHERE checkout_session_id = '%s'`, sess))
			if expired {
				later := time.Now().Add(16 * time.Minute)
				db.Now = func() time.Time { return later }
				if _, err := e.api.Offers.ExpireHolds(ctx); err != nil {
					t.Fatal(err)
				}
				db.Now = time.Now
				if e.count(`SELECT cantidad_disponible FROM cupones`) != 5-n {
					t.Fatal("the expired hold did not give its unit back")
				}
			}
			var reqs []func() result
			for i := range 30 {
				if i%2 == 0 {
					reqs = append(reqs, func() result { return e.do("POST", "/api/demo/checkout/"+sess+"/pay", "", nil) })
				} else {
					reqs = append(reqs, func() result { return e.hook(sess, fmt.Sprintf("CLV-C%d-%d", compra, i%3)) })
				}
			}
			rs := race(reqs)
			all2xx(t, name, rs)
			for i, r := range rs {
				if i%2 == 0 && r.json["estado"] != "pagado" {
					t.Errorf("%s, confirmation %d answers estado %v", name, i, r.json["estado"])
				}
			}
			q := func(sql string) int { return e.count(fmt.Sprintf(sql, compra)) }
			if paid, fees, pts := q(`SELECT COUNT(*) FROM compras WHERE id = %d AND estado = 'pagado'`), q(`SELECT COUNT(*) FROM fees WHERE compra_id = %d`),
				q(`SELECT COUNT(*) FROM puntos WHERE compra_id = %d`); paid != 1 || fees != 1 || pts != 1 {
				t.Errorf("%s: paid %d, fees %d, points %d; want 1 each", name, paid, fees, pts)
			}
			if mails := e.count(`SELECT COUNT(*) FROM outbox WHERE kind = 'receipt'`); mails != n+1 {
				t.Errorf("%s: %d receipts, want %d", name, mails, n+1)
			}
			if stock := e.count(`SELECT cantidad_disponible FROM cupones`); stock != 5-n-1 {
				t.Errorf("%s: stock %d, want %d", name, stock, 5-n-1)
			}
			var voucher string
			db.QueryRow(ctx, `SELECT codigo_voucher FROM compras WHERE id = ?`, compra).Scan(&voucher)
			var mailed int
			db.QueryRow(ctx, `SELECT COUNT(*) FROM outbox WHERE kind = 'receipt' AND body_text LIKE ?`, "%"+voucher+"%").Scan(&mailed)
			if voucher == "" || mailed != 1 {
				t.Errorf("%s: the voucher %q is not the code its receipt carries", name, voucher)
			}
		}
	})
}

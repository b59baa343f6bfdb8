package faulttest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"carta/internal/auth"
	"carta/internal/offers"
	"carta/internal/ordering"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// needStandbyRun skips the standby scenarios unless asked for: each makes
// two PostgreSQL clusters (about 20 s on a 2-core machine), too slow and
// too intrusive (root, ports 5441-5442) for `make test`.
func needStandbyRun(t *testing.T) {
	t.Helper()
	if !Long() && os.Getenv("CARTA_TEST_STANDBY") != "1" {
		t.Skip("the standby scenarios make their own PostgreSQL clusters: CARTA_FAULTS_LONG=1 (make test-faults) or CARTA_TEST_STANDBY=1")
	}
}

// try sends a JSON request and returns the status and the decoded answer;
// 0 when the request failed (no answer: not acknowledged). Load goroutines
// use it: they must not fail the test from their goroutine.
func try(base, method, path, token string, body any) (int, map[string]any) {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, base+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	var m map[string]any
	raw, _ := io.ReadAll(resp.Body)
	_ = json.Unmarshal(raw, &m)
	return resp.StatusCode, m
}

func readyz(t *testing.T, srv *Server) int {
	resp, err := http.Get(srv.URL + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// tally is what the load was told: the orders placed (201), the orders and
// coupon purchases whose payment webhook got a 200, the purchases opened.
type tally struct {
	mu          sync.Mutex
	orders      map[int64]bool   // order id → placed (acknowledged)
	ordersPaid  map[int64]bool   // order id → payment acknowledged
	sessions    map[int64]string // order id → checkout session, when the test read it
	purchases   map[int64]string // diner → checkout session of the acknowledged purchase
	couponsPaid map[int64]bool   // diner → payment acknowledged
	paid        atomic.Int64     // acknowledged payments, both kinds
	paidOrders  atomic.Int64     // acknowledged order payments
}

// TestStandbyTakesOver runs orders and coupon payments against Carta on a
// PostgreSQL primary with a synchronous standby (the multi-host URL with
// target_session_attrs=read-write), kills the primary (stop -m immediate)
// under that load and promotes the standby: /readyz says 503 while there
// is no primary and 200 after, Carta reconnects by itself and takes
// orders again, every order and payment it acknowledged is there after the
// failover, Clover's redelivered webhooks apply nothing twice (order
// numbers unique, each purchase paid once with one voucher, one points
// credit, one fee, one receipt), and the kitchen board lists every paid
// order and streams the new ones.
func TestStandbyTakesOver(t *testing.T) {
	needStandbyRun(t)
	p := newPGPair(t)
	e := engine{d: store.Postgres, url: p.URL}
	db := e.open(t)
	f := newCloverFakes(t)
	cid, line := cloverRestaurant(t, db, f)
	workers, diners, enough := 2, 6, int64(4)
	if Long() {
		workers, diners, enough = 4, 30, 30
	}
	cup, toks, ids := couponFixture(t, db, cid, int64(diners), diners, "FAILOVER")
	hash, err := auth.HashPassword("correct-horse-1")
	if err != nil {
		t.Fatal(err)
	}
	uid, err := auth.CreateStaffUser(context.Background(), db, auth.StaffUser{Email: "cocina@example.com", PasswordHash: hash, Role: tenant.RoleCliente, ClienteID: &cid})
	if err != nil {
		t.Fatal(err)
	}
	owner := session(t, db, auth.SessionStaff, uid)
	env := cloverEnv(e, f)
	env["CARTA_ORDERS_PER_ADDRESS"] = "100000" // the load comes from one address
	srv := Start(t, env)

	tl := &tally{orders: map[int64]bool{}, ordersPaid: map[int64]bool{}, sessions: map[int64]string{},
		purchases: map[int64]string{}, couponsPaid: map[int64]bool{}}
	t.Cleanup(func() {
		if t.Failed() {
			tl.mu.Lock()
			t.Logf("when it failed: %d orders placed, %d paid, %d coupon purchases, %d paid; carta's log:\n%s",
				len(tl.orders), len(tl.ordersPaid), len(tl.purchases), len(tl.couponsPaid), srv.Logs())
			tl.mu.Unlock()
		}
	})
	stop := make(chan struct{})
	var stopOnce sync.Once
	var wg sync.WaitGroup
	// The load ends before the server (cleanups run last first), on
	// failure too.
	t.Cleanup(func() {
		stopOnce.Do(func() { close(stop) })
		wg.Wait()
	})
	order := func(w int) {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			st, a := try(srv.URL, "POST", "/api/orders", "", map[string]any{"cliente_id": cid, "order_type": "pickup",
				"items": []ordering.LineRequest{line}, "customer": map[string]any{"nombre": "Relevo", "email": fmt.Sprintf("relevo-%d-%d@example.com", w, i)}})
			if st != 201 {
				continue // not acknowledged: nothing to find afterwards
			}
			id := int64(a["pedido_id"].(float64))
			tl.mu.Lock()
			tl.orders[id] = true
			tl.mu.Unlock()
			var s string
			if db.QueryRow(context.Background(), `SELECT checkout_session_id FROM pedidos WHERE id = ?`, id).Scan(&s) != nil {
				continue // the database is away: paid by the redelivery below
			}
			tl.mu.Lock()
			tl.sessions[id] = s
			tl.mu.Unlock()
			if postPaid(srv.URL, s, "PAY-"+s) == 200 {
				tl.mu.Lock()
				tl.ordersPaid[id] = true
				tl.mu.Unlock()
				tl.paid.Add(1)
				tl.paidOrders.Add(1)
			}
		}
	}
	// Each diner buys once: a purchase that was not acknowledged is tried
	// again, an acknowledged one is paid (once acknowledged, not again:
	// the redelivery below does that).
	coupons := func() {
		defer wg.Done()
		for i := 0; i < len(toks); {
			select {
			case <-stop:
				return
			default:
			}
			uid := ids[i]
			tl.mu.Lock()
			s, bought := tl.purchases[uid]
			tl.mu.Unlock()
			if !bought {
				if st, a := try(srv.URL, "POST", "/api/checkout-clover", toks[i], map[string]any{"cupon_id": cup}); st != 200 {
					if st == http.StatusInternalServerError {
						t.Errorf("a coupon checkout answered 500 across the failover (want 503 while there is no primary): %v", a)
					}
					continue
				}
				if db.QueryRow(context.Background(), `SELECT checkout_session_id FROM compras WHERE cupon_id = ? AND usuario_id = ? AND estado = 'pendiente'`, cup, uid).Scan(&s) != nil {
					// Acknowledged, but the test cannot read it now: the
					// purchase is looked up again after the failover.
					tl.mu.Lock()
					tl.purchases[uid] = ""
					tl.mu.Unlock()
					i++
					continue
				}
				tl.mu.Lock()
				tl.purchases[uid] = s
				tl.mu.Unlock()
			}
			if s != "" && postPaid(srv.URL, s, "PAY-"+s) == 200 {
				tl.mu.Lock()
				tl.couponsPaid[uid] = true
				tl.mu.Unlock()
				tl.paid.Add(1)
			}
			i++
		}
	}
	for w := range workers {
		wg.Add(1)
		go order(w)
	}
	wg.Add(1)
	go coupons()

	Eventually(t, 60*time.Second, "payments acknowledged before the failover", func() bool { return tl.paid.Load() >= enough })
	killed := time.Now()
	p.KillPrimary()
	Eventually(t, 15*time.Second, "/readyz 503 with no primary", func() bool { return readyz(t, srv) == http.StatusServiceUnavailable })
	t.Logf("/readyz 503 %s after the kill", time.Since(killed).Round(time.Millisecond))
	// API calls fail at once with 503, not 500, not a hang.
	start := time.Now()
	if st, a := try(srv.URL, "POST", "/api/orders", "", map[string]any{"cliente_id": cid, "order_type": "pickup",
		"items": []ordering.LineRequest{line}, "customer": map[string]any{"nombre": "Sin primario", "email": "sin@example.com"}}); st != http.StatusServiceUnavailable {
		t.Fatalf("an order with no primary: %d %v", st, a)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("an order with no primary took %s to fail", d)
	}
	// Still no primary: the standby, read-only, is not taken for one.
	if st := readyz(t, srv); st != http.StatusServiceUnavailable {
		t.Fatalf("/readyz with the primary dead and the standby not promoted: %d", st)
	}
	promoted := time.Now()
	p.Promote()
	Eventually(t, 60*time.Second, "/readyz 200 after the promotion", func() bool { return readyz(t, srv) == 200 })
	t.Logf("/readyz 200 %s after the promotion began", time.Since(promoted).Round(time.Millisecond))
	// Orders are placed and paid again (coupon purchases may be over).
	after := tl.paidOrders.Load()
	Eventually(t, 60*time.Second, "order payments acknowledged after the failover", func() bool { return tl.paidOrders.Load() >= after+enough })
	stopOnce.Do(func() { close(stop) })
	wg.Wait()
	t.Logf("%d orders placed, %d paid, %d coupon purchases, %d paid (acknowledged)", len(tl.orders), len(tl.ordersPaid), len(tl.purchases), len(tl.couponsPaid))

	// The test's side reads the new primary through a fresh pool.
	db = p.open(t, p.URL)
	db.Box = storetest.TestBox(t)
	ctx := context.Background()
	// Nothing acknowledged is lost: every order placed exists, every
	// acknowledged payment is applied (before anything is redelivered).
	for id := range tl.orders {
		var s string
		if err := db.QueryRow(ctx, `SELECT checkout_session_id FROM pedidos WHERE id = ?`, id).Scan(&s); err != nil {
			t.Fatalf("order %d was acknowledged and is gone after the failover: %v", id, err)
		}
		tl.sessions[id] = s
	}
	for id := range tl.ordersPaid {
		if n := count(t, db, `SELECT COUNT(*) FROM pedidos WHERE id = ? AND numero IS NOT NULL AND paid_at IS NOT NULL`, id); n != 1 {
			t.Fatalf("order %d's payment was acknowledged and is not applied after the failover", id)
		}
	}
	for uid := range tl.couponsPaid {
		if n := count(t, db, `SELECT COUNT(*) FROM compras WHERE cupon_id = ? AND usuario_id = ? AND estado = 'pagado'`, cup, uid); n != 1 {
			t.Fatalf("diner %d's coupon payment was acknowledged and is not applied after the failover", uid)
		}
	}
	// The diners who could not buy during the outage buy now; Clover
	// redelivers every webhook (it cannot know which were applied).
	for i, uid := range ids {
		s, ok := tl.purchases[uid]
		if !ok {
			st, got := buy(t, db, srv.URL, toks[i], uid, cup)
			if st == http.StatusConflict && strings.Contains(got, "Ya estás pagando") {
				// The kill landed between this diner's hold and its checkout:
				// the request failed and the hold's release could not be
				// written, so the hold stands without a checkout until
				// offers.OpeningTime has passed, when buying again replaces it.
				// The test moves the hold's start back instead of waiting.
				t.Logf("diner %d: a hold the outage left (%s); replaced once its opening time is over", uid, got)
				if _, err := db.Exec(ctx, `UPDATE compras SET created_at = ? WHERE cupon_id = ? AND usuario_id = ? AND estado = 'pendiente' AND checkout_url = ''`,
					time.Now().Add(-offers.OpeningTime-time.Second).Unix(), cup, uid); err != nil {
					t.Fatal(err)
				}
				st, got = buy(t, db, srv.URL, toks[i], uid, cup)
			}
			if st != 200 {
				t.Fatalf("buy after the failover: %d %s", st, got)
			}
			s = got
		}
		if s == "" {
			if err := db.QueryRow(ctx, `SELECT checkout_session_id FROM compras WHERE cupon_id = ? AND usuario_id = ?`, cup, uid).Scan(&s); err != nil {
				t.Fatalf("diner %d's acknowledged purchase is gone: %v", uid, err)
			}
		}
		for range 2 {
			if st := postPaid(srv.URL, s, "PAY-"+s); st != 200 {
				t.Fatalf("redelivered coupon webhook: %d", st)
			}
		}
	}
	for _, s := range tl.sessions {
		if st := postPaid(srv.URL, s, "PAY-"+s); st != 200 {
			t.Fatalf("redelivered order webhook: %d", st)
		}
	}
	// Nothing applied twice.
	paid := count(t, db, `SELECT COUNT(*) FROM pedidos WHERE cliente_id = ? AND numero IS NOT NULL`, cid)
	if paid != len(tl.orders) {
		t.Fatalf("%d orders numbered, %d placed and paid", paid, len(tl.orders))
	}
	if n := count(t, db, `SELECT COUNT(DISTINCT numero) FROM pedidos WHERE cliente_id = ? AND numero IS NOT NULL`, cid); n != paid {
		t.Fatalf("%d distinct order numbers for %d paid orders", n, paid)
	}
	all := map[int64]bool{}
	for _, uid := range ids {
		all[uid] = true
	}
	Eventually(t, 60*time.Second, "every receipt queued", func() bool {
		return count(t, db, `SELECT COUNT(*) FROM outbox o JOIN usuarios u ON u.email = o.to_addr JOIN compras c ON c.usuario_id = u.id
			WHERE o.kind = 'receipt' AND c.cupon_id = ? AND c.estado = 'pagado'`, cup) >= len(all)
	})
	couponCounts(t, db, cup, all)

	// The kitchen board lists every paid order…
	a := must(t, srv.URL, "GET", fmt.Sprintf("/api/clientes/%d/pedidos", cid), owner, nil)
	var board ordering.Board
	if err := json.Unmarshal(a.body, &board); err != nil {
		t.Fatal(err)
	}
	onBoard := map[int64]bool{}
	for _, pd := range board.Pedidos {
		onBoard[pd.ID] = true
	}
	for id := range tl.orders {
		if !onBoard[id] {
			t.Fatalf("paid order %d is not on the board after the failover", id)
		}
	}
	// …and streams the next one.
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	req, _ := http.NewRequestWithContext(sctx, "GET", fmt.Sprintf("%s/api/clientes/%d/pedidos/eventos", srv.URL, cid), nil)
	req.Header.Set("Authorization", "Bearer "+owner)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("board stream after the failover: %v %v", resp, err)
	}
	defer resp.Body.Close()
	id, s := placeOrder(t, db, srv.URL, cid, line, "tablero")
	if st := payWebhook(t, srv.URL, s, "PAY-"+s); st != 200 {
		t.Fatalf("webhook: %d", st)
	}
	want := fmt.Sprintf(`"pedido_id":%d,"estado":"recibido"`, id)
	seen := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if strings.Contains(sc.Text(), want) {
				close(seen)
				return
			}
		}
	}()
	wait(t, seen, 30*time.Second, "the new order on the board's stream", srv)
}

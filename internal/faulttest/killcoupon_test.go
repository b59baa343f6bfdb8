package faulttest

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/auth"
	"carta/internal/checkout/clover/clovercheckouttest"
	"carta/internal/tenant"
)

// postPaid delivers Clover's signed "payment approved" for session to a
// server that may die meanwhile: the status, or 0 when the connection
// failed.
func postPaid(base, session, paymentID string) int {
	body := clovercheckouttest.WebhookBody(session, paymentID, merchantID, "APPROVED")
	resp, err := clovercheckouttest.PostWebhook(&http.Client{Timeout: 30 * time.Second}, base+"/api/webhooks/clover-checkout", webhookSecret, time.Now(), body)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestKillDuringCouponConfirmation kills the server with SIGKILL while the
// payment webhooks of several coupon purchases are being confirmed (the
// first one committed, the others in flight), restarts it, and lets
// Clover redeliver every webhook: against the test's tally each purchase
// is paid once, with one voucher, one points credit, one platform fee
// (charged) and one receipt, and each diner gets exactly one e-mail.
func TestKillDuringCouponConfirmation(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		db := e.open(t)
		f := newCloverFakes(t)
		cid, _ := cloverRestaurant(t, db, f)
		// No SMTP in the first life: receipts wait in the outbox, so the
		// e-mails counted are the ones the restart sends.
		srv := Start(t, cloverEnv(e, f))
		n := 6
		if Long() {
			n = 30
		}
		cup, toks, ids := couponFixture(t, db, cid, int64(n), n, "KILL")
		sessions := map[int64]string{}
		for i := range toks {
			st, s := buy(t, db, srv.URL, toks[i], ids[i], cup)
			if st != 200 {
				t.Fatalf("buy: %d %s", st, s)
			}
			sessions[ids[i]] = s
		}
		var wg sync.WaitGroup
		for _, s := range sessions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				postPaid(srv.URL, s, "PAY-"+s)
			}()
		}
		Eventually(t, 30*time.Second, "a first purchase confirmed", func() bool {
			return count(t, db, `SELECT COUNT(*) FROM compras WHERE cupon_id = ? AND estado = 'pagado'`, cup) > 0
		})
		srv.Kill()
		wg.Wait()
		paidBefore := count(t, db, `SELECT COUNT(*) FROM compras WHERE cupon_id = ? AND estado = 'pagado'`, cup)
		t.Logf("killed with %d of %d purchases confirmed", paidBefore, n)

		mail := newSMTPFake(t)
		srv.Env["CARTA_SMTP_HOST"], srv.Env["CARTA_SMTP_PORT"], srv.Env["CARTA_SMTP_TLS"] = "127.0.0.1", strconv.Itoa(mail.Port), "none"
		// A claim the dead worker held (2 minutes) is ended by the test.
		if _, err := db.Exec(ctx, `UPDATE outbox SET next_attempt_at = 0 WHERE status = 'pending'`); err != nil {
			t.Fatal(err)
		}
		// So is a fee's lease (5 minutes): on a busy machine the first life's
		// fee job (at start, then every 30 s) may have claimed fees when it
		// was killed (CI: "every fee charged: not within 1m0s" after 6 of 6
		// confirmed). The charge's idempotency key makes the retry safe,
		// which the distinct-charges count below checks.
		if _, err := db.Exec(ctx, `UPDATE fees SET next_attempt_at = 0 WHERE estado = 'pendiente'`); err != nil {
			t.Fatal(err)
		}
		srv.Start()
		// Clover redelivers every webhook (those that got no 200, and a
		// few that did: it cannot know).
		tally := map[int64]bool{}
		for uid, s := range sessions {
			if st := postPaid(srv.URL, s, "PAY-"+s); st != 200 {
				t.Fatalf("redelivered webhook: %d", st)
			}
			tally[uid] = true
		}
		Eventually(t, 60*time.Second, "every receipt sent", func() bool {
			return count(t, db, `SELECT COUNT(*) FROM outbox WHERE status = 'pending'`) == 0
		})
		// The fee job runs at start and every 30 s: fees queued by the
		// redelivered webhooks are charged by the next start rather than
		// waited for (nothing is in flight now: the mail is all sent).
		if count(t, db, `SELECT COUNT(*) FROM fees WHERE estado <> 'cobrado'`) > 0 {
			srv.Restart()
		}
		Eventually(t, 60*time.Second, "every fee charged", func() bool {
			return count(t, db, `SELECT COUNT(*) FROM fees WHERE estado <> 'cobrado'`) == 0
		})
		couponCounts(t, db, cup, tally)
		if c := count(t, db, `SELECT COUNT(DISTINCT charge_id) FROM fees f JOIN compras c ON c.id = f.compra_id WHERE c.cupon_id = ?`, cup); c != n {
			t.Fatalf("%d distinct charges for %d fees", c, n)
		}
		got := map[string]int{}
		for _, to := range mail.Delivered() {
			got[to]++
		}
		for uid := range tally {
			to := fmt.Sprintf("kill-%d@example.com", indexOf(ids, uid))
			if got[to] != 1 {
				t.Fatalf("diner %s got %d e-mails, want 1 (all: %v)", to, got[to], got)
			}
		}
	})
}

func indexOf(ids []int64, id int64) int {
	for i, v := range ids {
		if v == id {
			return i
		}
	}
	return -1
}

// TestKillDuringPOSSync kills the server while it reads the restaurant's
// catalogue from Clover (the items request arrived; before Clover answered
// and with the answer held after the work), restarts it and syncs again:
// the catalogue is the merchant's, nothing doubled or lost, and orders
// work.
func TestKillDuringPOSSync(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		db := e.open(t)
		f := newCloverFakes(t)
		cid, line := cloverRestaurant(t, db, f)
		hash, err := auth.HashPassword("correct-horse-1")
		if err != nil {
			t.Fatal(err)
		}
		uid, err := auth.CreateStaffUser(ctx, db, auth.StaffUser{Email: "sync@example.com", PasswordHash: hash, Role: tenant.RoleCliente, ClienteID: &cid})
		if err != nil {
			t.Fatal(err)
		}
		owner := session(t, db, auth.SessionStaff, uid)
		catalogue := func() [3]int {
			return [3]int{
				count(t, db, `SELECT COUNT(*) FROM productos WHERE cliente_id = ?`, cid),
				count(t, db, `SELECT COUNT(DISTINCT clover_item_id) FROM productos WHERE cliente_id = ?`, cid),
				count(t, db, `SELECT COUNT(*) FROM categorias WHERE cliente_id = ?`, cid),
			}
		}
		want := catalogue()
		if want[0] == 0 || want[0] != want[1] {
			t.Fatalf("catalogue after the first sync: %v", want)
		}
		srv := Start(t, cloverEnv(e, f))
		for _, afterWork := range []bool{false, true} {
			hold := f.POS.HoldNext("GET /v3/merchants/"+merchantID+"/items", afterWork)
			done := make(chan struct{})
			go func() {
				defer close(done)
				// The sync in flight dies with the server.
				req, _ := http.NewRequest("POST", srv.URL+"/api/clover/sync-all", strings.NewReader(fmt.Sprintf(`{"cliente_id":%d}`, cid)))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+owner)
				if resp, err := http.DefaultClient.Do(req); err == nil {
					resp.Body.Close()
				}
			}()
			wait(t, hold.Arrived, 30*time.Second, "the sync reaching Clover's items", srv)
			srv.Kill()
			<-done
			hold.Release()
			if got := catalogue(); got != want {
				t.Fatalf("after work %v: catalogue %v after the kill, want %v", afterWork, got, want)
			}
			srv.Start()
			if a := call(t, srv.URL, "POST", "/api/clover/sync-all", owner, map[string]any{"cliente_id": cid}); a.status != 200 {
				t.Fatalf("sync after the restart: %d %s", a.status, a.body)
			}
			if got := catalogue(); got != want {
				t.Fatalf("after work %v: catalogue %v after the restart's sync, want %v", afterWork, got, want)
			}
			placeOrder(t, db, srv.URL, cid, line, "sync")
		}
	})
}

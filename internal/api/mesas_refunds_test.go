package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"carta/internal/checkout"
	"carta/internal/clientes"
	"carta/internal/ordering"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// fakeRefunds is a provider's refunds that remembers every call; while
// silent it does not answer (a time-out), and it replays its first answer
// to a key asked again, as a provider does.
type fakeRefunds struct {
	mu     sync.Mutex
	silent bool
	calls  []checkout.RefundRequest
	given  map[string]int64 // idempotency key → amount given back
}

func (f *fakeRefunds) Refund(_ context.Context, r checkout.RefundRequest) (checkout.Refund, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, r)
	if f.silent {
		return checkout.Refund{}, errors.New("fake provider: no answer")
	}
	if f.given == nil {
		f.given = map[string]int64{}
	}
	if _, ok := f.given[r.IdempotencyKey]; !ok {
		f.given[r.IdempotencyKey] = r.Amount
	}
	return checkout.Refund{ID: "re_" + r.IdempotencyKey, Charge: r.Charge, Amount: f.given[r.IdempotencyKey], Status: checkout.RefundSucceeded}, nil
}

func (f *fakeRefunds) GetRefund(_ context.Context, id string) (checkout.Refund, error) {
	return checkout.Refund{ID: id, Status: checkout.RefundSucceeded}, nil
}

// gave is what the fake gave back in all, and under how many keys.
func (f *fakeRefunds) gave() (int64, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var n int64
	for _, a := range f.given {
		n += a
	}
	return n, len(f.given)
}

// useFakeRefunds makes every restaurant's refunds f's.
func (e *env) useFakeRefunds(f *fakeRefunds) {
	e.api.Refunds.Provider = func(clientes.POSConnection) (checkout.Refunder, error) { return f, nil }
}

// latePart is a tab payment owed back in part: phone A starts paying
// everything, its checkout outlives its hold, a waiter records cash at the
// table meanwhile, and A's payment arrives after all: what the cash covered
// is owed back of it. It answers the payment's id, what it took and the
// part owed back.
func (e *env) latePart(numero int, cash int64) (pago, importe, part int64) {
	e.t.Helper()
	ctx := context.Background()
	id, tok := e.openTab(numero, true)
	r := e.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", id, tok), "", map[string]any{"modo": "todo", "propina": map[string]any{"porcentaje": 0}})
	if r.status != 201 {
		e.t.Fatalf("pay: %d %s", r.status, r.body)
	}
	pago = num(r.json["pago_id"])
	if _, err := e.db.Exec(ctx, `UPDATE cuenta_pagos SET expires_at = 1 WHERE id = ?`, pago); err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.api.Ordering.ExpireTabPayments(ctx); err != nil {
		e.t.Fatal(err)
	}
	if c := e.do("POST", fmt.Sprintf("/api/clientes/1/cuentas/%d/pagos", id), e.owner1, map[string]any{"metodo": "efectivo", "importe": cash, "propina": 0}); c.status != 200 {
		e.t.Fatalf("cash at the table: %d %s", c.status, c.body)
	}
	if p := e.payDemo(r.json["checkout_url"].(string)); p.status != 200 {
		e.t.Fatalf("late payment: %d %s", p.status, p.body)
	}
	if err := e.db.QueryRow(ctx, `SELECT importe, reembolso FROM cuenta_pagos WHERE id = ? AND estado = 'pagado'`, pago).Scan(&importe, &part); err != nil {
		e.t.Fatal(err)
	}
	return pago, importe, part
}

// owedLines is the super admin's one list of payments owed back, of kind tipo.
func (e *env) owedLines(tipo string) []map[string]any {
	e.t.Helper()
	r := e.do("GET", "/api/admin/pagos/reembolsos", e.admin, nil)
	var all []map[string]any
	if err := json.Unmarshal([]byte(r.body), &all); r.status != 200 || err != nil {
		e.t.Fatalf("one list: %d %s", r.status, r.body)
	}
	var out []map[string]any
	for _, l := range all {
		if l["tipo"] == tipo {
			out = append(out, l)
		}
	}
	return out
}

// A late payment that covers more than what was left of its tab: the part
// is one 'cuenta' line of the super admin's one list; 'Reembolsar' refunds
// exactly that part through the provider; a provider that does not answer is
// asked again under the same key, and a second click, a retry or the job
// never refunds twice. Other roles and restaurants are refused.
func TestTableLatePaymentRefundsThePart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		ctx := context.Background()
		fake := &fakeRefunds{silent: true}
		e.useFakeRefunds(fake)
		pago, importe, part := e.latePart(6, 1000)
		if part != 1000 || importe <= part {
			t.Fatalf("owed back %d of %d, want the cash's 1000", part, importe)
		}
		lines := e.owedLines("cuenta")
		if len(lines) != 1 || num(lines[0]["id"]) != pago || num(lines[0]["total"]) != part || lines[0]["reembolso"] != "pendiente" ||
			lines[0]["descripcion"] != "" || num(lines[0]["numero"]) != 6 || lines[0]["restaurante"] == "" {
			t.Fatalf("the tab payment's line: %v", lines)
		}
		path := fmt.Sprintf("/api/admin/cuentas/pagos/%d/", pago)
		for _, c := range []struct {
			name, token string
			status      int
		}{
			{"its restaurant's owner", e.owner1, 403},
			{"another restaurant's owner", e.owner2, 403},
			{"no token", "", 401},
		} {
			for _, action := range []string{"reembolsar", "reembolso"} {
				if r := e.do("POST", path+action, c.token, nil); r.status != c.status {
					t.Errorf("%s, %s: %d %s", action, c.name, r.status, r.body)
				}
			}
		}
		// The provider does not answer: the refund stays under way with its key.
		r := e.do("POST", path+"reembolsar", e.admin, nil)
		if r.status != 200 || r.json["reembolso"] != "pendiente" || r.json["tipo"] != "cuenta" {
			t.Fatalf("refund: %d %s", r.status, r.body)
		}
		// A second click while it is under way asks nothing new; the manual mark is refused.
		if r := e.do("POST", path+"reembolsar", e.admin, nil); r.status != 200 || r.json["reembolso"] != "pendiente" {
			t.Fatalf("second click: %d %s", r.status, r.body)
		}
		if r := e.do("POST", path+"reembolso", e.admin, nil); r.status != 409 {
			t.Fatalf("mark while under way: %d %s", r.status, r.body)
		}
		// The provider answers now; the job asks again later under the same key.
		fake.mu.Lock()
		fake.silent = false
		fake.mu.Unlock()
		now := time.Now()
		db.Now = func() time.Time { return now.Add(5 * time.Minute) }
		var rid int64
		if err := db.QueryRow(ctx, `SELECT id FROM reembolsos WHERE tipo = 'cuenta' AND objeto_id = ?`, pago).Scan(&rid); err != nil {
			t.Fatal(err)
		}
		got, err := e.api.Refunds.Process(ctx, rid)
		if err != nil || got.Estado != refunds.Reembolsado || got.Amount != part {
			t.Fatalf("retry: %+v %v", got, err)
		}
		if again, err := e.api.Refunds.Process(ctx, rid); err != nil || again.Estado != refunds.Reembolsado {
			t.Fatalf("processed again: %+v %v", again, err)
		}
		fake.mu.Lock()
		keys := map[string]bool{}
		for _, c := range fake.calls {
			keys[c.IdempotencyKey] = true
			if c.Amount != part {
				t.Errorf("asked to refund %d, not the part %d", c.Amount, part)
			}
		}
		fake.mu.Unlock()
		if gave, n := fake.gave(); gave != part || n != 1 || len(keys) != 1 {
			t.Fatalf("the provider gave back %d under %d keys (%d asked), want %d once", gave, n, len(keys), part)
		}
		// Nothing is left: 'Reembolsar' and the mark find nothing to give back.
		for _, action := range []string{"reembolsar", "reembolso"} {
			if r := e.do("POST", path+action, e.admin, nil); r.status != 409 {
				t.Errorf("%s after the refund: %d %s", action, r.status, r.body)
			}
		}
		if gave, n := fake.gave(); gave != part || n != 1 {
			t.Fatalf("refunded again: %d under %d keys", gave, n)
		}
		lines = e.owedLines("cuenta")
		if len(lines) != 1 || lines[0]["reembolso"] != "reembolsado" || num(lines[0]["reembolsado_at"]) == 0 {
			t.Fatalf("the line after the refund: %v", lines)
		}
		// The staff's tab shows the part given back.
		var cuenta int64
		if err := db.QueryRow(ctx, `SELECT cuenta_id FROM cuenta_pagos WHERE id = ?`, pago).Scan(&cuenta); err != nil {
			t.Fatal(err)
		}
		tab := e.do("GET", fmt.Sprintf("/api/clientes/1/cuentas/%d", cuenta), e.owner1, nil)
		var shown map[string]any
		for _, p := range tab.json["pagos"].([]any) {
			if num(p.(map[string]any)["id"]) == pago {
				shown = p.(map[string]any)
			}
		}
		if shown == nil || num(shown["reembolso"]) != part || shown["reembolso_estado"] != "reembolsado" || num(tab.json["pagado"]) != num(tab.json["total"]) {
			t.Fatalf("the staff's tab: %s", tab.body)
		}
	})
}

// A part the provider cannot refund (the restaurant has no provider now) is
// marked refunded by hand, once.
func TestTableLatePaymentMarkedByHand(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		pago, _, part := e.latePart(8, 500)
		e.api.Refunds.Provider = func(clientes.POSConnection) (checkout.Refunder, error) { return nil, checkout.ErrNoRefunds }
		path := fmt.Sprintf("/api/admin/cuentas/pagos/%d/", pago)
		if r := e.do("POST", path+"reembolsar", e.admin, nil); r.status != 409 {
			t.Fatalf("refund without a provider: %d %s", r.status, r.body)
		}
		r := e.do("POST", path+"reembolso", e.admin, nil)
		detail, _ := r.json["reembolso_detalle"].(map[string]any)
		if r.status != 200 || r.json["reembolso"] != "reembolsado" || detail["manual"] != true || num(detail["monto"]) != part {
			t.Fatalf("mark: %d %s", r.status, r.body)
		}
		if r := e.do("POST", path+"reembolso", e.admin, nil); r.status != 409 {
			t.Fatalf("marked twice: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/admin/cuentas/pagos/999999/reembolso", e.admin, nil); r.status != 404 {
			t.Fatalf("an unknown payment: %d %s", r.status, r.body)
		}
	})
}

// tabPayments is a tab's payments as staff see them, by id.
func (e *env) tabPayments(cuenta int64) (result, map[int64]map[string]any) {
	e.t.Helper()
	tab := e.do("GET", fmt.Sprintf("/api/clientes/1/cuentas/%d", cuenta), e.owner1, nil)
	if tab.status != 200 {
		e.t.Fatalf("the staff's tab: %d %s", tab.status, tab.body)
	}
	out := map[int64]map[string]any{}
	for _, p := range tab.json["pagos"].([]any) {
		out[num(p.(map[string]any)["id"])] = p.(map[string]any)
	}
	return tab, out
}

// cancelOrder cancels an order from the board.
func (e *env) cancelOrder(id int64) result {
	e.t.Helper()
	r := e.do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", id), e.owner1, map[string]any{"cliente_id": 1, "estado": "cancelado", "motivo": "Se acabó"})
	if r.status != 200 {
		e.t.Fatalf("cancel %d: %d %s", id, r.status, r.body)
	}
	return r
}

// Cancelling an order of a partly paid pay-at-the-end tab: what the tab's
// payments took beyond its new total is owed back, the latest payment first;
// a payment that paid the cancelled order's lines owes back what they cost.
func TestTableCancelledOrderOwesBackWhatWasPaidBeyond(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		t.Run("amounts: the latest payment first", func(t *testing.T) {
			id, tok := e.openTab(11, true)
			var code string
			if err := db.QueryRow(context.Background(), `SELECT m.codigo FROM mesas m JOIN cuentas c ON c.mesa_id = m.id WHERE c.id = ?`, id).Scan(&code); err != nil {
				t.Fatal(err)
			}
			if r := e.tableOrder(code); r.status != 201 {
				t.Fatalf("second order: %d %s", r.status, r.body)
			}
			tab := e.tabOf(id, tok)
			total := num(tab.json["total"])
			second := num(tab.json["pedidos"].([]any)[1].(map[string]any)["id"])
			orderTotal := num(tab.json["pedidos"].([]any)[1].(map[string]any)["total"])
			// Cash for 1000, then the card on the terminal for one order's worth.
			for _, importe := range []int64{1000, orderTotal} {
				if r := e.do("POST", fmt.Sprintf("/api/clientes/1/cuentas/%d/pagos", id), e.owner1, map[string]any{"metodo": "efectivo", "importe": importe, "propina": 0}); r.status != 200 {
					t.Fatalf("cash: %d %s", r.status, r.body)
				}
			}
			_, before := e.tabPayments(id)
			if len(before) != 2 || total != 2*orderTotal {
				t.Fatalf("payments %v, total %d", before, total)
			}
			e.cancelOrder(second)
			after, pays := e.tabPayments(id)
			var first, latest map[string]any
			for pid, p := range pays {
				if first == nil || pid < num(first["id"]) {
					first = p
				}
				if latest == nil || pid > num(latest["id"]) {
					latest = p
				}
			}
			// Paid orderTotal + 1000 of a tab now orderTotal: 1000 back, all of it the latest's.
			if num(latest["reembolso"]) != 1000 || latest["reembolso_estado"] != "pendiente" || num(first["reembolso"]) != 0 {
				t.Fatalf("owed back: first %v, latest %v", first, latest)
			}
			if num(after.json["total"]) != orderTotal || num(after.json["pagado"]) != orderTotal || num(after.json["restante"]) != 0 || after.json["estado"] != "pagada" {
				t.Fatalf("the tab after the cancellation: %s", after.body)
			}
			// The part is in the super admin's list; cash is given back by hand.
			var line map[string]any
			for _, l := range e.owedLines("cuenta") {
				if num(l["id"]) == num(latest["id"]) {
					line = l
				}
			}
			if line == nil || num(line["total"]) != 1000 || line["reembolso"] != "pendiente" || line["reembolso_detalle"].(map[string]any)["automatico"] != false {
				t.Fatalf("the list's line: %v", line)
			}
		})
		t.Run("lines: the payment that paid them", func(t *testing.T) {
			id, tok := e.openTab(12, true)
			var code string
			if err := db.QueryRow(context.Background(), `SELECT m.codigo FROM mesas m JOIN cuentas c ON c.mesa_id = m.id WHERE c.id = ?`, id).Scan(&code); err != nil {
				t.Fatal(err)
			}
			if r := e.tableOrder(code); r.status != 201 {
				t.Fatalf("second order: %d %s", r.status, r.body)
			}
			tab := e.tabOf(id, tok)
			o2 := tab.json["pedidos"].([]any)[1].(map[string]any)
			var lines []string
			for _, l := range o2["lineas"].([]any) {
				lines = append(lines, l.(map[string]any)["id"].(string))
			}
			r := e.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", id, tok), "", map[string]any{"modo": "lineas", "lineas": lines, "propina": map[string]any{"porcentaje": 0}})
			if r.status != 201 {
				t.Fatalf("pay by items: %d %s", r.status, r.body)
			}
			if p := e.payDemo(r.json["checkout_url"].(string)); p.status != 200 {
				t.Fatalf("paid: %d %s", p.status, p.body)
			}
			pago := num(r.json["pago_id"])
			// Someone else starts paying the rest: cancelling ends that payment (its amount was the old one).
			rest := e.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", id, tok), "", map[string]any{"modo": "todo", "propina": map[string]any{"porcentaje": 0}})
			if rest.status != 201 {
				t.Fatalf("pay the rest: %d %s", rest.status, rest.body)
			}
			e.cancelOrder(num(o2["id"]))
			after, pays := e.tabPayments(id)
			if num(pays[pago]["reembolso"]) != num(o2["total"]) || num(pays[pago]["reembolso"]) != num(r.json["importe"]) {
				t.Fatalf("the payment of the cancelled order's lines owes back %v, want %d", pays[pago], num(o2["total"]))
			}
			if _, held := pays[num(rest.json["pago_id"])]; held {
				t.Fatalf("the payment under way was not ended: %s", after.body)
			}
			o1 := num(tab.json["pedidos"].([]any)[0].(map[string]any)["total"])
			if num(after.json["total"]) != o1 || num(after.json["pagado"]) != 0 || num(after.json["restante"]) != o1 || after.json["estado"] != "abierta" {
				t.Fatalf("the tab after the cancellation: %s", after.body)
			}
		})
	})
}

// Pay per order: a table order is paid on its own, and cancelling it
// refunds it like a pickup order (kind 'pedido'), the tab untouched.
func TestTablePaidPerOrderCancelledIsRefunded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		e.setTableMode(ordering.ModoPorPedido)
		_, code := e.newTable(13)
		r := e.tableOrder(code)
		if r.status != 201 || r.json["checkout_url"] == "" {
			t.Fatalf("order: %d %s", r.status, r.body)
		}
		if p := e.payDemo(r.json["checkout_url"].(string)); p.status != 200 {
			t.Fatalf("paid: %d %s", p.status, p.body)
		}
		c := e.cancelOrder(num(r.json["pedido_id"]))
		detail, _ := c.json["reembolso_detalle"].(map[string]any)
		if c.json["reembolso"] != "reembolsado" || detail["estado"] != "reembolsado" || num(detail["monto"]) != num(r.json["total"]) {
			t.Fatalf("cancelled: %s", c.body)
		}
		if n := e.count(`SELECT COUNT(*) FROM reembolsos WHERE tipo = 'cuenta'`); n != 0 {
			t.Fatalf("%d tab refunds", n)
		}
		if n := e.count(`SELECT COUNT(*) FROM cuenta_pagos WHERE reembolso > 0`); n != 0 {
			t.Fatalf("%d tab payments owe back", n)
		}
	})
}

// Ten clicks on 'Reembolsar' at once give the part back once.
func TestTableTabRefundClickedAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		fake := &fakeRefunds{}
		e.useFakeRefunds(fake)
		pago, _, part := e.latePart(9, 700)
		var wg sync.WaitGroup
		results := make([]result, 10)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = e.do("POST", fmt.Sprintf("/api/admin/cuentas/pagos/%d/reembolsar", pago), e.admin, nil)
			}()
		}
		wg.Wait()
		for _, r := range results {
			if r.status != 200 && r.status != 409 {
				t.Fatalf("a click: %d %s", r.status, r.body)
			}
		}
		if gave, n := fake.gave(); gave != part || n != 1 {
			t.Fatalf("the provider gave back %d under %d keys, want %d once", gave, n, part)
		}
		if n := e.count(fmt.Sprintf(`SELECT COUNT(*) FROM reembolsos WHERE tipo = 'cuenta' AND objeto_id = %d`, pago)); n != 1 {
			t.Fatalf("%d refunds recorded", n)
		}
	})
}

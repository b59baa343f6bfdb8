package clover_test

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"carta/internal/pos"
	"carta/internal/pos/clover/clovertest"
)

const mesa = "Carta — mesa"

func mesa7(ref string) pos.Tab {
	return pos.Tab{Title: "Mesa 7", OrderType: mesa, Reference: ref, Note: "4 comensales"}
}

// ronda1 is 3 tacos with habanero and queso and a gringa with aguacate; ronda2 two aguas.
var (
	ronda1 = []pos.OrderLine{
		{ItemID: "ITACO", Quantity: 3, ModifierIDs: []string{"MHABAN", "MQUESO"}, Note: "sin cebolla"},
		{ItemID: "IGRINGA", Quantity: 1, ModifierIDs: []string{"MAGUAC"}},
	}
	ronda2 = []pos.OrderLine{{ItemID: "IJAMAICA", Quantity: 2}}
)

// lineSummary is a stored line item without its id: what a test asserts.
type lineSummary struct {
	Item, Note, Batch string
	Mods              string
}

func summarize(o clovertest.Order) []lineSummary {
	var out []lineSummary
	for _, li := range o.LineItems {
		if li.ID == "" {
			continue
		}
		out = append(out, lineSummary{Item: li.ItemID, Note: li.Note, Batch: li.UserData, Mods: strings.Join(li.ModifierIDs, ",")})
	}
	return out
}

func taco(batch string) lineSummary {
	return lineSummary{"ITACO", "sin cebolla", batch, "MHABAN,MQUESO"}
}

func TestTabLifecycle(t *testing.T) {
	m := taqueria("MTAB1")
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	ctx := context.Background()

	id, err := c.OpenTab(ctx, mesa7("carta-cuenta-12"))
	if err != nil {
		t.Fatal(err)
	}
	types := srv.OrderTypes()
	if len(types) != 2 || types[1].Label != mesa || !types[1].Taxable {
		t.Fatalf("order types = %+v, want %q created taxable", types, mesa)
	}
	o, ok := srv.Order(id)
	if !ok || o.Title != "Mesa 7" || o.OrderTypeID != types[1].ID || o.ExternalReferenceID != "carta-cuenta-12" || o.Note != "4 comensales" || len(o.LineItems) != 0 {
		t.Fatalf("tab order = %+v (found %v)", o, ok)
	}
	// Opened again (an answer lost): the same order. Another table's tab reuses the type.
	if again, err := c.OpenTab(ctx, mesa7("carta-cuenta-12")); err != nil || again != id {
		t.Fatalf("OpenTab again = %q, %v; want %q", again, err, id)
	}
	other, err := c.OpenTab(ctx, pos.Tab{Title: "Mesa 3", OrderType: "carta — MESA", Reference: "carta-cuenta-13"})
	if err != nil || other == id {
		t.Fatalf("second tab = %q, %v", other, err)
	}
	if n, nt := len(srv.Orders()), len(srv.OrderTypes()); n != 2 || nt != 2 {
		t.Fatalf("%d orders and %d order types, want 2 tabs and the type created once", n, nt)
	}
	if o, _ := srv.Order(other); o.OrderTypeID != types[1].ID {
		t.Errorf("second tab typed %q, want the existing %q", o.OrderTypeID, types[1].ID)
	}

	// Two rounds on the same order.
	if err := c.AddLines(ctx, id, "carta-pedido-42", ronda1); err != nil {
		t.Fatal(err)
	}
	if err := c.AddLines(ctx, id, "carta-pedido-43", ronda2); err != nil {
		t.Fatal(err)
	}
	gringa := lineSummary{"IGRINGA", "", "carta-pedido-42", "MAGUAC"}
	agua := lineSummary{"IJAMAICA", "", "carta-pedido-43", ""}
	want := []lineSummary{taco("carta-pedido-42"), taco("carta-pedido-42"), taco("carta-pedido-42"), gringa, agua, agua}
	o, _ = srv.Order(id)
	if got := summarize(o); !reflect.DeepEqual(got, want) {
		t.Fatalf("tab lines:\n got %+v\nwant %+v", got, want)
	}

	// A retried round adds nothing, and posts nothing.
	bulk := path(m, "orders/"+id+"/bulk_line_items")
	posts := count(srv.Calls(), http.MethodPost, bulk)
	if err := c.AddLines(ctx, id, "carta-pedido-42", ronda1); err != nil {
		t.Fatal(err)
	}
	o, _ = srv.Order(id)
	if got := summarize(o); !reflect.DeepEqual(got, want) {
		t.Errorf("after a retried round:\n got %+v\nwant %+v", got, want)
	}
	if n := count(srv.Calls(), http.MethodPost, bulk); n != posts {
		t.Errorf("a retried round posted line items again (%d → %d)", posts, n)
	}

	// The first round cancelled: its lines leave, the second's stay; again is no error.
	for range 2 {
		if err := c.RemoveLines(ctx, id, "carta-pedido-42"); err != nil {
			t.Fatal(err)
		}
	}
	o, _ = srv.Order(id)
	if got := summarize(o); !reflect.DeepEqual(got, []lineSummary{agua, agua}) {
		t.Errorf("after removing a round: %+v", got)
	}
	if err := c.RemoveLines(ctx, "ORDGONE", "carta-pedido-42"); err != nil {
		t.Errorf("RemoveLines on an order that is not there = %v", err)
	}

	// A payment with its tip, recorded once although retried; the tender is created once.
	pago := pos.TabPayment{Amount: 6400, Tip: 900, Reference: "carta-pago-7", Tender: "Carta"}
	for range 2 {
		if err := c.RecordPayment(ctx, id, pago); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.RecordPayment(ctx, other, pos.TabPayment{Amount: 1000, Reference: "carta-pago-8", Tender: "carta"}); err != nil {
		t.Fatal(err)
	}
	tenders := srv.Tenders()
	if len(tenders) != 1 || tenders[0].Label != "Carta" || !tenders[0].Enabled || tenders[0].OpensCashDrawer || tenders[0].LabelKey != "com.carta.tender.carta" {
		t.Fatalf("tenders = %+v, want one %q", tenders, "Carta")
	}
	o, _ = srv.Order(id)
	wantPay := []clovertest.Payment{{ID: o.Payments[0].ID, Amount: 6400, TipAmount: 900, TenderID: tenders[0].ID, ExternalPaymentID: "carta-pago-7"}}
	if !reflect.DeepEqual(o.Payments, wantPay) {
		t.Errorf("payments = %+v, want %+v", o.Payments, wantPay)
	}
}

func TestTabExistingTenderReused(t *testing.T) {
	m := taqueria("MTAB2")
	// An English device's cash tender, and a disabled tender labelled like Carta's.
	m.Tenders = []clovertest.Tender{
		{ID: "TOFF", Label: "Efectivo", Enabled: false},
		{ID: "TCASH", LabelKey: "com.clover.tender.cash", Label: "Cash", Enabled: true, Visible: true, OpensCashDrawer: true},
	}
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	ctx := context.Background()
	id, err := c.OpenTab(ctx, mesa7("carta-cuenta-1"))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.RecordPayment(ctx, id, pos.TabPayment{Amount: 2500, Tip: 300, Reference: "carta-pago-1", Tender: "efectivo"}); err != nil {
		t.Fatal(err)
	}
	o, _ := srv.Order(id)
	if len(srv.Tenders()) != 2 || len(o.Payments) != 1 || o.Payments[0].TenderID != "TCASH" {
		t.Errorf("tenders %+v, payments %+v; want cash recorded on the merchant's cash tender", srv.Tenders(), o.Payments)
	}
}

// TestTabLostAnswers loses the answer of each POST once after it did its work: the client finds
// what it made and makes nothing twice.
func TestTabLostAnswers(t *testing.T) {
	for _, status := range []int{0, http.StatusGatewayTimeout} {
		m := taqueria("MTAB3")
		srv := clovertest.NewServer(t, m)
		c, sl := newClient(srv, m)
		ctx := context.Background()
		pre := "POST /v3/merchants/" + m.ID + "/"
		srv.LoseAnswers(pre+"orders", status, 1)
		srv.LoseAnswers(pre+"order_types", status, 1)
		srv.LoseAnswers(pre+"orders/*/bulk_line_items", status, 1)
		srv.LoseAnswers(pre+"orders/*/line_items/*/modifications", status, 2)
		srv.LoseAnswers(pre+"orders/*/payments", status, 1)
		srv.LoseAnswers(pre+"tenders", status, 1)

		id, err := c.OpenTab(ctx, mesa7("carta-cuenta-5"))
		if err != nil {
			t.Fatalf("status %d: OpenTab: %v", status, err)
		}
		if err := c.AddLines(ctx, id, "carta-pedido-9", ronda1); err != nil {
			t.Fatalf("status %d: AddLines: %v", status, err)
		}
		if err := c.RecordPayment(ctx, id, pos.TabPayment{Amount: 18000, Tip: 2000, Reference: "carta-pago-3", Tender: "Tarjeta"}); err != nil {
			t.Fatalf("status %d: RecordPayment: %v", status, err)
		}
		if n, nt, nd := len(srv.Orders()), len(srv.OrderTypes()), len(srv.Tenders()); n != 1 || nt != 2 || nd != 1 {
			t.Errorf("status %d: %d orders, %d order types, %d tenders; want 1, 2, 1", status, n, nt, nd)
		}
		o, _ := srv.Order(id)
		want := []lineSummary{taco("carta-pedido-9"), taco("carta-pedido-9"), taco("carta-pedido-9"), {"IGRINGA", "", "carta-pedido-9", "MAGUAC"}}
		if got := summarize(o); !reflect.DeepEqual(got, want) {
			t.Errorf("status %d: lines\n got %+v\nwant %+v", status, got, want)
		}
		if len(o.Payments) != 1 || o.Payments[0].TipAmount != 2000 || o.Payments[0].Amount != 18000 {
			t.Errorf("status %d: payments %+v", status, o.Payments)
		}
		// Each lost answer cost one back-off before the look-up: 7 answers were lost.
		if n := len(sl.got()); n != 7 {
			t.Errorf("status %d: %d back-offs, want 7 (one per lost answer)", status, n)
		}
	}
}

func TestTabErrors(t *testing.T) {
	m := taqueria("MTAB4")
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	ctx := context.Background()
	id, err := c.OpenTab(ctx, mesa7("carta-cuenta-9"))
	if err != nil {
		t.Fatal(err)
	}
	good := pos.TabPayment{Amount: 100, Reference: "carta-pago-1", Tender: "Carta"}
	cases := []struct {
		name  string
		setup func()
		call  func() error
		want  error
	}{
		{"no title", nil, func() error { _, err := c.OpenTab(ctx, pos.Tab{Reference: "carta-cuenta-1"}); return err }, pos.ErrRejected},
		{"bad reference", nil, func() error { _, err := c.OpenTab(ctx, pos.Tab{Title: "Mesa 1", Reference: "a b"}); return err }, pos.ErrRejected},
		{"no lines", nil, func() error { return c.AddLines(ctx, id, "carta-pedido-1", nil) }, pos.ErrRejected},
		{"bad batch", nil, func() error { return c.AddLines(ctx, id, "", ronda2) }, pos.ErrRejected},
		{"no order id", nil, func() error { return c.RemoveLines(ctx, "", "carta-pedido-1") }, pos.ErrRejected},
		{"zero amount", nil, func() error {
			return c.RecordPayment(ctx, id, pos.TabPayment{Reference: "carta-pago-1", Tender: "Carta"})
		}, pos.ErrRejected},
		{"negative tip", nil, func() error {
			return c.RecordPayment(ctx, id, pos.TabPayment{Amount: 1, Tip: -1, Reference: "carta-pago-1", Tender: "Carta"})
		}, pos.ErrRejected},
		{"no tender", nil, func() error { return c.RecordPayment(ctx, id, pos.TabPayment{Amount: 1, Reference: "carta-pago-1"}) }, pos.ErrRejected},
		{"unknown item (400)", nil, func() error {
			return c.AddLines(ctx, id, "carta-pedido-2", []pos.OrderLine{{ItemID: "INOPE", Quantity: 1}})
		}, pos.ErrRejected},
		{"modifier of another item (400)", nil, func() error {
			return c.AddLines(ctx, id, "carta-pedido-3", []pos.OrderLine{{ItemID: "IJAMAICA", Quantity: 1, ModifierIDs: []string{"MQUESO"}}})
		}, pos.ErrRejected},
		{"unknown order (404)", nil, func() error { return c.AddLines(ctx, "ORDNOPE", "carta-pedido-4", ronda2) }, pos.ErrRejected},
		{"401", func() { srv.FailNext(401, "", 1) }, func() error { return c.AddLines(ctx, id, "carta-pedido-5", ronda2) }, pos.ErrUnauthorized},
		{"401 on the payment", func() { srv.FailNextOn("POST "+path(m, "orders/"+id+"/payments"), 401, "", 1) }, func() error {
			return c.RecordPayment(ctx, id, good)
		}, pos.ErrUnauthorized},
		{"5xx persisting", func() { srv.FailNext(500, "", 100) }, func() error { _, err := c.OpenTab(ctx, mesa7("carta-cuenta-77")); return err }, pos.ErrUnavailable},
		{"5xx persisting on the lines", func() { srv.FailNextOn("POST "+path(m, "orders/"+id+"/bulk_line_items"), 503, "", 100) }, func() error {
			return c.AddLines(ctx, id, "carta-pedido-6", ronda2)
		}, pos.ErrUnavailable},
	}
	for _, tc := range cases {
		if tc.setup != nil {
			tc.setup()
		}
		err := tc.call()
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), token) {
			t.Errorf("%s: the token leaked: %v", tc.name, err)
		}
		srv.FailNext(0, "", 0)
	}
	// The refused rounds left nothing on the tab (the agua of carta-pedido-3 was created, then
	// removed when its modifier was refused).
	if o, _ := srv.Order(id); len(summarize(o)) != 0 {
		t.Errorf("refused rounds left lines: %+v", summarize(o))
	}
	// A 429 is waited out and the payment recorded once.
	srv.FailNextOn("POST "+path(m, "orders/"+id+"/payments"), 429, "2", 1)
	if err := c.RecordPayment(ctx, id, good); err != nil {
		t.Fatal(err)
	}
	if o, _ := srv.Order(id); len(o.Payments) != 1 {
		t.Errorf("payments after a 429: %+v", o.Payments)
	}
}

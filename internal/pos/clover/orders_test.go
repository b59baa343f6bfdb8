package clover_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/pos"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
)

const pickup = "Carta — recoger"

// Tax rates of the order tests, in Clover's scale: the default 16%, a reduced 8% and an exempt 0%.
var (
	iva16  = pos.TaxRate{ID: "TIVA16", Name: "IVA 16%", Rate: 1600000, IsDefault: true}
	iva8   = pos.TaxRate{ID: "TIVA08", Name: "IVA frontera 8%", Rate: 800000}
	exento = pos.TaxRate{ID: "TEXENTO", Name: "Exento", Rate: 0}

	salsa  = pos.ModifierGroup{ID: "GSALSA", Name: "Salsa", MaxAllowed: 2, Modifiers: []pos.Modifier{{ID: "MVERDE", Name: "Verde"}, {ID: "MHABAN", Name: "Habanero", Price: 75}}}
	extras = pos.ModifierGroup{ID: "GEXTRA", Name: "Extras", MaxAllowed: 3, Modifiers: []pos.Modifier{{ID: "MQUESO", Name: "Queso", Price: 1000}, {ID: "MAGUAC", Name: "Aguacate", Price: 1250}}}
)

// taqueria is a merchant with an item on the default rate, one on a reduced rate and an exempt one.
func taqueria(id string) clovertest.Merchant {
	return clovertest.Merchant{
		ID: id, Token: token,
		DefaultTaxRates: []pos.TaxRate{iva16},
		Items: []pos.Item{
			{ID: "ITACO", Name: "Taco al pastor", Price: 2457, Available: true, ModifierGroups: []pos.ModifierGroup{salsa, extras}}, // default 16%
			{ID: "IGRINGA", Name: "Gringa", Price: 6582, Available: true, ModifierGroups: []pos.ModifierGroup{extras}, TaxRates: []pos.TaxRate{iva8}},
			{ID: "IJAMAICA", Name: "Agua de jamaica", Price: 3200, Available: true, TaxRates: []pos.TaxRate{exento}},
		},
		OrderTypes: []clovertest.OrderType{{ID: "OTLLEVAR", Label: "Para llevar", Taxable: true}},
	}
}

// pedido is three lines with modifiers and quantities:
//
//	3 × taco (24.57 + 0.75 + 10.00 = 35.32) = 105.96 at 16% → 16.9536 → 16.95
//	1 × gringa (65.82 + 12.50 = 78.32)      =  78.32 at 8%  →  6.2656 →  6.27
//	2 × agua (32.00)                        =  64.00 at 0%  →  0
//
// subtotal 248.28, tax 23.22, total 271.50.
func pedido(ref string) pos.Order {
	return pos.Order{
		Lines: []pos.OrderLine{
			{ItemID: "ITACO", Quantity: 3, ModifierIDs: []string{"MHABAN", "MQUESO"}, Note: "sin cebolla"},
			{ItemID: "IGRINGA", Quantity: 1, ModifierIDs: []string{"MAGUAC"}},
			{ItemID: "IJAMAICA", Quantity: 2},
		},
		OrderType: pickup,
		Title:     "Ana · 13:30",
		Note:      "Paso en bici",
		Reference: ref,
	}
}

var pedidoTotals = pos.Totals{Subtotal: 24828, Tax: 2322, Total: 27150}

func path(m clovertest.Merchant, resource string) string {
	return "/v3/merchants/" + m.ID + "/" + resource
}

// count returns how many calls were method path.
func count(calls []clovertest.Call, method, p string) int {
	n := 0
	for _, c := range calls {
		if c.Method == method && c.Path == p {
			n++
		}
	}
	return n
}

// routes returns the calls as "METHOD resource", without the merchant prefix.
func routes(m clovertest.Merchant, calls []clovertest.Call) []string {
	out := make([]string, 0, len(calls))
	for _, c := range calls {
		out = append(out, c.Method+" "+strings.TrimPrefix(c.Path, "/v3/merchants/"+m.ID+"/"))
	}
	return out
}

func TestTotals(t *testing.T) {
	m := taqueria("MQ1")
	srv := clovertest.NewServer(t, m)
	c, sl := newClient(srv, m)

	got, err := c.Totals(context.Background(), pedido("carta-pedido-1"))
	if err != nil {
		t.Fatal(err)
	}
	if got != pedidoTotals {
		t.Errorf("Totals = %+v, want %+v", got, pedidoTotals)
	}
	// The same figure from the shared rule, built from the merchant's inventory.
	rule := pos.ComputeTotals([]pos.TaxableLine{
		{UnitPrice: 2457 + 75 + 1000, Quantity: 3, TaxRates: []pos.TaxRate{iva16}},
		{UnitPrice: 6582 + 1250, Quantity: 1, TaxRates: []pos.TaxRate{iva8}},
		{UnitPrice: 3200, Quantity: 2, TaxRates: []pos.TaxRate{exento}},
	})
	if got != rule {
		t.Errorf("Totals = %+v, pos.ComputeTotals = %+v", got, rule)
	}
	calls := srv.Calls()
	if want := []string{"GET order_types", "POST atomic_order/checkouts"}; !reflect.DeepEqual(routes(m, calls), want) {
		t.Errorf("calls = %v, want %v (a quote looks the order type up but creates nothing)", routes(m, calls), want)
	}
	if len(srv.Orders()) != 0 || len(srv.OrderTypes()) != 1 {
		t.Errorf("a quote created something: %d orders, %d order types", len(srv.Orders()), len(srv.OrderTypes()))
	}
	if s := sl.got(); len(s) != 0 {
		t.Errorf("sleeps = %v", s)
	}
}

func TestTotalsFollowsTheOrderType(t *testing.T) {
	m := taqueria("MQ2")
	m.OrderTypes = append(m.OrderTypes, clovertest.OrderType{ID: "OTMOSTR", Label: "Mostrador", Taxable: false})
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	o := pedido("")
	o.OrderType = "mostrador" // labels compare case-insensitively
	got, err := c.Totals(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if want := (pos.Totals{Subtotal: 24828, Total: 24828}); got != want {
		t.Errorf("Totals with a non-taxable order type = %+v, want %+v", got, want)
	}
}

func TestCreateOrder(t *testing.T) {
	m := taqueria("MC1")
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	ctx := context.Background()

	quote, err := c.Totals(ctx, pedido("carta-pedido-7"))
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.CreateOrder(ctx, pedido("carta-pedido-7"))
	if err != nil {
		t.Fatal(err)
	}
	orders := srv.Orders()
	if len(orders) != 1 || orders[0].ID != id {
		t.Fatalf("orders = %+v, want one with id %q", orders, id)
	}
	o := orders[0]
	types := srv.OrderTypes()
	if len(types) != 2 || types[1].Label != pickup || !types[1].Taxable || types[1].Deleted {
		t.Fatalf("order types = %+v, want %q created taxable", types, pickup)
	}
	if o.OrderTypeID != types[1].ID || o.Title != "Ana · 13:30" || o.Note != "Paso en bici" || o.ExternalReferenceID != "carta-pedido-7" {
		t.Errorf("order = %+v", o)
	}
	taco := clovertest.LineItem{ItemID: "ITACO", Name: "Taco al pastor", Note: "sin cebolla", Price: 2457, ModifierIDs: []string{"MHABAN", "MQUESO"}}
	gringa := clovertest.LineItem{ItemID: "IGRINGA", Name: "Gringa", Price: 6582, ModifierIDs: []string{"MAGUAC"}}
	agua := clovertest.LineItem{ItemID: "IJAMAICA", Name: "Agua de jamaica", Price: 3200}
	if want := []clovertest.LineItem{taco, taco, taco, gringa, agua, agua}; !reflect.DeepEqual(o.LineItems, want) {
		t.Errorf("line items:\n got %+v\nwant %+v (one line item per unit)", o.LineItems, want)
	}
	if (pos.Totals{Subtotal: o.Subtotal, Tax: o.Tax, Total: o.Total}) != quote || quote != pedidoTotals {
		t.Errorf("created order totals %d/%d/%d differ from the quote %+v", o.Subtotal, o.Tax, o.Total, quote)
	}
	want := []string{
		"GET order_types", "POST atomic_order/checkouts", // the quote
		"GET orders", "GET order_types", "POST order_types", "POST atomic_order/orders",
	}
	if got := routes(m, srv.Calls()); !reflect.DeepEqual(got, want) {
		t.Errorf("calls:\n got %v\nwant %v", got, want)
	}

	// The same reference again (the caller retrying after losing our answer): same id, no new order.
	again, err := c.CreateOrder(ctx, pedido("carta-pedido-7"))
	if err != nil || again != id {
		t.Fatalf("second CreateOrder = %q, %v; want %q", again, err, id)
	}
	if n := len(srv.Orders()); n != 1 {
		t.Errorf("%d orders after a repeated CreateOrder, want 1", n)
	}
	if got := routes(m, srv.Calls()); got[len(got)-1] != "GET orders" || len(got) != len(want)+1 {
		t.Errorf("calls after the repeat: %v, want just one more GET orders", got)
	}
}

func TestOrderTypeCreatedOnceAndReused(t *testing.T) {
	m := taqueria("MT1")
	// A deleted type with the same label is still listed by Clover but must not be used.
	m.OrderTypes = append(m.OrderTypes, clovertest.OrderType{ID: "OTOLD", Label: pickup, Taxable: true, Deleted: true})
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	ctx := context.Background()

	if _, err := c.Totals(ctx, pedido("")); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := c.CreateOrder(ctx, pedido(fmt.Sprintf("carta-pedido-%d", i))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.Totals(ctx, pedido("")); err != nil {
		t.Fatal(err)
	}
	calls := srv.Calls()
	if n := count(calls, http.MethodPost, path(m, "order_types")); n != 1 {
		t.Errorf("order types created %d times, want 1", n)
	}
	if n := count(calls, http.MethodGet, path(m, "order_types")); n != 2 {
		t.Errorf("order types listed %d times, want 2 (the first quote, the first order; then cached)", n)
	}
	types := srv.OrderTypes()
	created := types[len(types)-1]
	for _, o := range srv.Orders() {
		if o.OrderTypeID != created.ID {
			t.Errorf("order %s has type %q, want the created %q", o.ID, o.OrderTypeID, created.ID)
		}
	}

	// Another client (a restart) finds the type by its label instead of creating it again.
	c2, _ := newClient(srv, m)
	o := pedido("carta-pedido-9")
	o.OrderType = strings.ToUpper(pickup)
	if _, err := c2.CreateOrder(ctx, o); err != nil {
		t.Fatal(err)
	}
	if n := count(srv.Calls(), http.MethodPost, path(m, "order_types")); n != 1 {
		t.Errorf("order types created %d times after a restart, want still 1", n)
	}
	if got := srv.Orders()[3].OrderTypeID; got != created.ID {
		t.Errorf("after a restart the order type is %q, want %q", got, created.ID)
	}
}

func TestOrderTypeCreatedOnceConcurrently(t *testing.T) {
	m := taqueria("MT2")
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = c.CreateOrder(context.Background(), pedido(fmt.Sprintf("carta-pedido-%d", i)))
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if n := count(srv.Calls(), http.MethodPost, path(m, "order_types")); n != 1 {
		t.Errorf("order type created %d times by concurrent first orders, want 1", n)
	}
	if n := len(srv.Orders()); n != 8 {
		t.Errorf("%d orders, want 8", n)
	}
}

func TestCreateOrderFailures(t *testing.T) {
	const ref = "carta-pedido-42"
	orders := "POST /v3/merchants/MF1/atomic_order/orders"
	tests := []struct {
		name       string
		setup      func(*clovertest.Server)
		wantErr    error // nil: success
		wantOrders int
		wantPosts  int // POST atomic_order/orders
		wantCalls  []string
		wantSleeps []time.Duration
	}{
		{
			name:       "answer lost after creating (connection dropped): found by reference",
			setup:      func(s *clovertest.Server) { s.LoseAnswers(orders, 0, 1) },
			wantOrders: 1, wantPosts: 1,
			wantCalls:  []string{"GET orders", "GET order_types", "POST order_types", "POST atomic_order/orders", "GET orders"},
			wantSleeps: []time.Duration{time.Second},
		},
		{
			name:       "502 after creating (a gateway time-out): found by reference",
			setup:      func(s *clovertest.Server) { s.LoseAnswers(orders, http.StatusBadGateway, 1) },
			wantOrders: 1, wantPosts: 1,
			wantSleeps: []time.Duration{time.Second},
		},
		{
			name:       "500 before creating: looked up, then posted again",
			setup:      func(s *clovertest.Server) { s.FailNextOn(orders, 500, "", 1) },
			wantOrders: 1, wantPosts: 2,
			wantCalls:  []string{"GET orders", "GET order_types", "POST order_types", "POST atomic_order/orders", "GET orders", "POST atomic_order/orders"},
			wantSleeps: []time.Duration{time.Second},
		},
		{
			name:       "429 is retried after Retry-After without a lookup",
			setup:      func(s *clovertest.Server) { s.FailNextOn(orders, 429, "3", 1) },
			wantOrders: 1, wantPosts: 2,
			wantCalls:  []string{"GET orders", "GET order_types", "POST order_types", "POST atomic_order/orders", "POST atomic_order/orders"},
			wantSleeps: []time.Duration{3 * time.Second},
		},
		{
			name:    "500 forever: ErrUnavailable, a lookup before every retry, nothing created",
			setup:   func(s *clovertest.Server) { s.FailNextOn(orders, 500, "", 100) },
			wantErr: pos.ErrUnavailable, wantOrders: 0, wantPosts: 5,
			wantSleeps: []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second},
		},
		{
			name:    "order list down: nothing is posted, since a retry could not be checked",
			setup:   func(s *clovertest.Server) { s.FailNextOn("GET /v3/merchants/MF1/orders", 503, "", 100) },
			wantErr: pos.ErrUnavailable, wantOrders: 0, wantPosts: 0,
			wantSleeps: []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second},
		},
		{
			name: "order type creation answer lost: found by label, created once",
			setup: func(s *clovertest.Server) {
				s.LoseAnswers("POST /v3/merchants/MF1/order_types", 0, 1)
			},
			wantOrders: 1, wantPosts: 1,
			wantCalls:  []string{"GET orders", "GET order_types", "POST order_types", "GET order_types", "POST atomic_order/orders"},
			wantSleeps: []time.Duration{time.Second},
		},
		{
			name:    "401 on the post",
			setup:   func(s *clovertest.Server) { s.FailNextOn(orders, 401, "", 1) },
			wantErr: pos.ErrUnauthorized, wantOrders: 0, wantPosts: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := taqueria("MF1")
			srv := clovertest.NewServer(t, m)
			c, sl := newClient(srv, m)
			tt.setup(srv)

			id, err := c.CreateOrder(context.Background(), pedido(ref))
			got := srv.Orders()
			switch {
			case tt.wantErr != nil:
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), token) {
					t.Errorf("error leaks the token: %v", err)
				}
			case err != nil:
				t.Fatalf("err = %v", err)
			case len(got) == 0 || id != got[0].ID:
				t.Fatalf("id = %q, orders = %+v", id, got)
			}
			if len(got) != tt.wantOrders {
				t.Errorf("%d orders created, want %d", len(got), tt.wantOrders)
			}
			calls := srv.Calls()
			if n := count(calls, http.MethodPost, path(m, "atomic_order/orders")); n != tt.wantPosts {
				t.Errorf("order POSTs = %d, want %d", n, tt.wantPosts)
			}
			if tt.wantCalls != nil && !reflect.DeepEqual(routes(m, calls), tt.wantCalls) {
				t.Errorf("calls:\n got %v\nwant %v", routes(m, calls), tt.wantCalls)
			}
			// Never two POSTs in a row after a failure that may have created the order.
			r := routes(m, calls)
			for i := 1; i < len(r); i++ {
				if r[i] == "POST atomic_order/orders" && r[i-1] == "POST atomic_order/orders" && tt.name[:3] != "429" {
					t.Errorf("a POST was repeated without a lookup: %v", r)
				}
			}
			if s := sl.got(); !reflect.DeepEqual(s, tt.wantSleeps) && (len(s) != 0 || len(tt.wantSleeps) != 0) {
				t.Errorf("sleeps = %v, want %v", s, tt.wantSleeps)
			}
		})
	}
}

func TestTotalsRetries(t *testing.T) {
	checkouts := "POST /v3/merchants/MR1/atomic_order/checkouts"
	tests := []struct {
		name       string
		status     int
		retryAfter string
		count      int
		wantErr    error
		wantPosts  int
		wantSleeps []time.Duration
	}{
		{"429 with Retry-After 2", 429, "2", 1, nil, 2, []time.Duration{2 * time.Second}},
		{"503 twice", 503, "", 2, nil, 3, []time.Duration{time.Second, 2 * time.Second}},
		{"500 forever", 500, "", 100, pos.ErrUnavailable, 5, []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second}},
		{"401", 401, "", 1, pos.ErrUnauthorized, 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := taqueria("MR1")
			srv := clovertest.NewServer(t, m)
			c, sl := newClient(srv, m)
			srv.FailNextOn(checkouts, tt.status, tt.retryAfter, tt.count)
			got, err := c.Totals(context.Background(), pedido(""))
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
			} else if err != nil || got != pedidoTotals {
				t.Fatalf("Totals = %+v, %v", got, err)
			}
			if n := count(srv.Calls(), http.MethodPost, path(m, "atomic_order/checkouts")); n != tt.wantPosts {
				t.Errorf("checkout POSTs = %d, want %d", n, tt.wantPosts)
			}
			if s := sl.got(); !reflect.DeepEqual(s, tt.wantSleeps) && (len(s) != 0 || len(tt.wantSleeps) != 0) {
				t.Errorf("sleeps = %v, want %v", s, tt.wantSleeps)
			}
		})
	}
}

func TestOrderRefusals(t *testing.T) {
	m := taqueria("MX1")
	srv := clovertest.NewServer(t, m)
	c, sl := newClient(srv, m)
	ctx := context.Background()

	unknown := pedido("carta-pedido-1")
	unknown.Lines[1].ItemID = "IBORRADO"
	foreign := pedido("carta-pedido-2")
	foreign.Lines[1].ModifierIDs = []string{"MHABAN"} // a salsa, not in the gringa's groups
	tests := []struct {
		name        string
		call        func() error
		wantMessage string
		wantDetails string
		wantPath    string
	}{
		{"unknown item in a quote", func() error { _, err := c.Totals(ctx, unknown); return err },
			clover.MsgItemDoesNotExist, "IBORRADO", "atomic_order/checkouts"},
		{"modifier outside the item's groups in an order", func() error { _, err := c.CreateOrder(ctx, foreign); return err },
			clover.MsgInvalidModifier, "MHABAN", "atomic_order/orders"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := count(srv.Calls(), http.MethodPost, path(m, tt.wantPath))
			err := tt.call()
			var se *clover.StatusError
			if !errors.As(err, &se) || se.StatusCode != 400 || se.Message != tt.wantMessage || se.Details != tt.wantDetails {
				t.Fatalf("err = %v, want a 400 StatusError %s (%s)", err, tt.wantMessage, tt.wantDetails)
			}
			if !errors.Is(err, pos.ErrRejected) {
				t.Errorf("err = %v, want it to wrap pos.ErrRejected", err)
			}
			if !strings.Contains(err.Error(), tt.wantMessage) || strings.Contains(err.Error(), token) {
				t.Errorf("err = %q: want Clover's message and no token", err)
			}
			if n := count(srv.Calls(), http.MethodPost, path(m, tt.wantPath)) - before; n != 1 {
				t.Errorf("%d POSTs, want 1 (a refusal is not retried)", n)
			}
		})
	}
	if len(srv.Orders()) != 0 || len(sl.got()) != 0 {
		t.Errorf("orders %d, sleeps %v after refusals", len(srv.Orders()), sl.got())
	}

	// Mistakes Carta can see itself never reach Clover.
	before := len(srv.Calls())
	empty := pedido("carta-pedido-3")
	empty.Lines = nil
	if _, err := c.Totals(ctx, empty); !errors.Is(err, pos.ErrRejected) {
		t.Errorf("empty cart: err = %v, want ErrRejected", err)
	}
	if _, err := c.CreateOrder(ctx, pedido("has spaces")); err == nil {
		t.Error("a reference with spaces was accepted")
	}
	if _, err := c.CreateOrder(ctx, pedido("")); err == nil {
		t.Error("an order without reference was accepted")
	}
	if n := len(srv.Calls()) - before; n != 0 {
		t.Errorf("%d requests for orders Carta could refuse itself", n)
	}
}

func TestOrdersWrongToken(t *testing.T) {
	m := taqueria("MW1")
	srv := clovertest.NewServer(t, m)
	c := clover.New(srv.URL, m.ID, "tok-WRONG-123")
	_, err := c.Totals(context.Background(), pedido(""))
	if !errors.Is(err, pos.ErrUnauthorized) || strings.Contains(err.Error(), "tok-WRONG-123") {
		t.Errorf("Totals: err = %v, want ErrUnauthorized without the token", err)
	}
	_, err = c.CreateOrder(context.Background(), pedido("carta-pedido-1"))
	if !errors.Is(err, pos.ErrUnauthorized) || strings.Contains(err.Error(), "tok-WRONG-123") {
		t.Errorf("CreateOrder: err = %v, want ErrUnauthorized without the token", err)
	}
}

// TestHeaders checks that every request, catalogue and orders alike, identifies Carta and says JSON.
func TestHeaders(t *testing.T) {
	m := taqueria("MH1")
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	ctx := context.Background()
	if _, err := c.Categories(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := collect(ctx, c); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Totals(ctx, pedido("")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateOrder(ctx, pedido("carta-pedido-1")); err != nil {
		t.Fatal(err)
	}
	calls := srv.Calls()
	if len(calls) < 8 {
		t.Fatalf("only %d calls", len(calls))
	}
	for _, call := range calls {
		if call.UserAgent != clover.UserAgent || call.ContentType != "application/json" {
			t.Errorf("%s %s: User-Agent %q, Content-Type %q", call.Method, call.Path, call.UserAgent, call.ContentType)
		}
	}
}

// TestOrderWireVariants feeds answers in shapes the fake does not produce.
func TestOrderWireVariants(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		want    pos.Totals
		wantErr error
	}{
		{"VAT merchant", `{"orderCart":{"lineItems":{"elements":[]}},"total":1160,"subtotal":1160,"totalTaxAmount":160,"taxSummaries":[{"id":"T","name":"IVA","rate":1600000,"amount":160}],"isVat":true}`,
			pos.Totals{Subtotal: 1160, Tax: 160, Total: 1160, TaxIncluded: true}, nil},
		{"no tax field", `{"total":1000,"subtotal":1000}`, pos.Totals{Subtotal: 1000, Total: 1000}, nil},
		{"no total", `{"subtotal":1000,"totalTaxAmount":0}`, pos.Totals{}, pos.ErrMalformed},
		{"not JSON", `<html>oops</html>`, pos.Totals{}, pos.ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				fmt.Fprint(w, tt.body)
			}))
			t.Cleanup(srv.Close)
			c := clover.New(srv.URL, "MV", token)
			got, err := c.Totals(context.Background(), pos.Order{Lines: []pos.OrderLine{{ItemID: "X", Quantity: 1}}})
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Totals = %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

// TestOrderErrorsDoNotLeakToken covers a server that echoes the Authorization header when refusing
// an order.
func TestOrderErrorsDoNotLeakToken(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			fmt.Fprint(w, `{"elements":[]}`)
			return
		}
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"message":"bad_request","details":"header %s"}`, r.Header.Get("Authorization"))
	}))
	t.Cleanup(srv.Close)
	c := clover.New(srv.URL, "ME", token)
	_, err := c.CreateOrder(context.Background(), pos.Order{Lines: []pos.OrderLine{{ItemID: "X", Quantity: 1}}, Reference: "r1"})
	var se *clover.StatusError
	if !errors.As(err, &se) || se.StatusCode != 400 || !errors.Is(err, pos.ErrRejected) {
		t.Fatalf("err = %v, want a rejected 400", err)
	}
	if strings.Contains(err.Error(), token) || strings.Contains(se.Details, token) {
		t.Errorf("error leaks the token: %v", err)
	}
}

// TestLostAnswerNeverDuplicates runs many orders through a server that loses every other answer.
func TestLostAnswerNeverDuplicates(t *testing.T) {
	m := taqueria("ML1")
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	route := "POST " + path(m, "atomic_order/orders")
	var ids []string
	for i := range 10 {
		if i%2 == 0 {
			srv.LoseAnswers(route, []int{0, 502, 504}[i%3], 1)
		}
		id, err := c.CreateOrder(context.Background(), pedido(fmt.Sprintf("carta-pedido-%d", i)))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	orders := srv.Orders()
	if len(orders) != 10 {
		t.Fatalf("%d orders for 10 references", len(orders))
	}
	for i, o := range orders {
		if o.ID != ids[i] || o.ExternalReferenceID != fmt.Sprintf("carta-pedido-%d", i) {
			t.Errorf("order %d = %s (%s), CreateOrder returned %s", i, o.ID, o.ExternalReferenceID, ids[i])
		}
	}
	if len(slices.Compact(slices.Sorted(slices.Values(ids)))) != 10 {
		t.Errorf("ids not unique: %v", ids)
	}
}

// A caller with a deadline (a diner placing an order) is not held through a
// Retry-After it cannot outlast: the client gives up at once, unavailable,
// without sleeping (regression: an order waited up to a minute per 429).
func TestRetryAfterPastTheDeadlineGivesUp(t *testing.T) {
	m := taqueria("MQ9")
	srv := clovertest.NewServer(t, m)
	c, sl := newClient(srv, m)
	if _, err := c.Totals(context.Background(), pedido("")); err != nil { // order type looked up
		t.Fatal(err)
	}
	srv.FailNextOn("POST /v3/merchants/MQ9/atomic_order/checkouts", 429, "120", 10)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := c.Totals(ctx, pedido(""))
	if !errors.Is(err, pos.ErrUnavailable) {
		t.Fatalf("err = %v, want unavailable", err)
	}
	if s := sl.got(); len(s) != 0 {
		t.Fatalf("slept %v past the caller's deadline", s)
	}
}

// A cancelled order leaves Clover: by its id, or by its reference when the id is not known; an
// order that is not there is success; a 5xx is retried (a DELETE is safe to repeat); a refusal is
// ErrRejected and deletes nothing.
func TestDeleteOrder(t *testing.T) {
	m := taqueria("MD1")
	srv := clovertest.NewServer(t, m)
	c, sl := newClient(srv, m)
	ctx := context.Background()
	first, err := c.CreateOrder(ctx, pedido("carta-pedido-1"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateOrder(ctx, pedido("carta-pedido-2")); err != nil {
		t.Fatal(err)
	}
	third, err := c.CreateOrder(ctx, pedido("carta-pedido-3"))
	if err != nil {
		t.Fatal(err)
	}
	left := func() []string {
		var refs []string
		for _, o := range srv.Orders() {
			refs = append(refs, o.ExternalReferenceID)
		}
		return refs
	}

	srv.FailNextOn("DELETE "+path(m, "orders/"+first), http.StatusServiceUnavailable, "", 1)
	if err := c.DeleteOrder(ctx, first, "carta-pedido-1"); err != nil {
		t.Fatal(err)
	}
	if got := left(); !reflect.DeepEqual(got, []string{"carta-pedido-2", "carta-pedido-3"}) {
		t.Fatalf("orders left %v", got)
	}
	if n := count(srv.Calls(), http.MethodDelete, path(m, "orders/"+first)); n != 2 || len(sl.got()) != 1 {
		t.Fatalf("%d DELETEs and %d waits, want the 503 retried once", n, len(sl.got()))
	}
	// Deleted already (a retry after a lost answer): nothing to do.
	if err := c.DeleteOrder(ctx, first, "carta-pedido-1"); err != nil {
		t.Fatalf("deleting again: %v", err)
	}
	// The id unknown: found by reference.
	if err := c.DeleteOrder(ctx, "", "carta-pedido-2"); err != nil {
		t.Fatal(err)
	}
	if got := left(); !reflect.DeepEqual(got, []string{"carta-pedido-3"}) {
		t.Fatalf("orders left %v", got)
	}
	// Never created: the lookup finds nothing and nothing is deleted.
	before := count(srv.Calls(), http.MethodDelete, path(m, "orders/"+third))
	if err := c.DeleteOrder(ctx, "", "carta-pedido-9"); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteOrder(ctx, "", "no es una referencia"); err == nil {
		t.Fatal("a malformed reference was looked up")
	}
	srv.RefuseDeletes(true)
	if err := c.DeleteOrder(ctx, third, "carta-pedido-3"); !errors.Is(err, pos.ErrRejected) {
		t.Fatalf("refused delete: %v, want ErrRejected", err)
	}
	if got := left(); !reflect.DeepEqual(got, []string{"carta-pedido-3"}) || count(srv.Calls(), http.MethodDelete, path(m, "orders/"+third)) != before+1 {
		t.Fatalf("orders left %v after a refusal (want it tried once)", got)
	}
}

// TestVATMerchant: a merchant whose properties say "vat": true prices with
// the tax inside its prices; the client reads the setting and the totals
// Clover answers are pos.TotalsFor(lines, true) to the cent.
//
//	3 × taco  105.96 at 16% → 105.96 × 16/116 = 14.6152 → 14.62
//	1 × gringa 78.32 at 8%  →  78.32 × 8/108  =  5.8015 →  5.80
//	2 × agua   64.00 at 0%  →  0
//
// subtotal = total = 248.28, tax 20.42 (inside it).
func TestVATMerchant(t *testing.T) {
	m := taqueria("MVAT")
	m.VAT, m.VATTaxName = true, "IVA"
	srv := clovertest.NewServer(t, m)
	c, _ := newClient(srv, m)
	ctx := context.Background()

	vat, err := c.TaxIncluded(ctx)
	if err != nil || !vat {
		t.Fatalf("TaxIncluded = %v, %v; want true", vat, err)
	}
	want := pos.Totals{Subtotal: 24828, Tax: 2042, Total: 24828, TaxIncluded: true}
	got, err := c.Totals(ctx, pedido("carta-pedido-vat"))
	if err != nil || got != want {
		t.Fatalf("Totals = %+v, %v; want %+v", got, err, want)
	}
	rule := pos.TotalsFor([]pos.TaxableLine{
		{UnitPrice: 2457 + 75 + 1000, Quantity: 3, TaxRates: []pos.TaxRate{iva16}},
		{UnitPrice: 6582 + 1250, Quantity: 1, TaxRates: []pos.TaxRate{iva8}},
		{UnitPrice: 3200, Quantity: 2, TaxRates: []pos.TaxRate{exento}},
	}, true)
	if got != rule {
		t.Errorf("Totals = %+v, pos.TotalsFor = %+v", got, rule)
	}
	if _, err := c.CreateOrder(ctx, pedido("carta-pedido-vat")); err != nil {
		t.Fatal(err)
	}
	if o := srv.Orders(); len(o) != 1 || o[0].Total != 24828 || o[0].Tax != 2042 {
		t.Errorf("stored orders = %+v", o)
	}

	// A merchant without VAT says so, and adds its tax as always.
	plain := taqueria("MPLAIN")
	psrv := clovertest.NewServer(t, plain)
	pc, _ := newClient(psrv, plain)
	if vat, err := pc.TaxIncluded(ctx); err != nil || vat {
		t.Errorf("TaxIncluded of a merchant without VAT = %v, %v", vat, err)
	}
	if got, err := pc.Totals(ctx, pedido("carta-pedido-plain")); err != nil || got != pedidoTotals {
		t.Errorf("Totals = %+v, %v; want %+v", got, err, pedidoTotals)
	}
}

// TestTaxIncludedWire: properties without "vat" (older merchants, non-VAT
// regions) mean tax is added; a 401 is the usual connection error.
func TestTaxIncludedWire(t *testing.T) {
	for _, tt := range []struct {
		body string
		want bool
	}{{`{"id":"M","vat":true,"vatTaxName":"IVA"}`, true}, {`{"id":"M","vat":false}`, false}, {`{"id":"M"}`, false}} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/v3/merchants/M/properties" {
				http.NotFound(w, r)
				return
			}
			fmt.Fprint(w, tt.body)
		}))
		got, err := clover.New(srv.URL, "M", token).TaxIncluded(context.Background())
		srv.Close()
		if err != nil || got != tt.want {
			t.Errorf("%s: TaxIncluded = %v, %v; want %v", tt.body, got, err, tt.want)
		}
	}
	m := taqueria("MQ401")
	srv := clovertest.NewServer(t, m)
	if _, err := clover.New(srv.URL, m.ID, "wrong").TaxIncluded(context.Background()); !errors.Is(err, pos.ErrUnauthorized) {
		t.Errorf("wrong token: err = %v, want ErrUnauthorized", err)
	}
}

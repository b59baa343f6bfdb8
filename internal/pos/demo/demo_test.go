package demo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	demodata "carta/internal/demo"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
)

func TestDemoMerchant(t *testing.T) {
	if _, err := New("NOPE"); err == nil {
		t.Fatal("unknown merchant accepted")
	}
	m, err := New("DEMOMERCHANT2")
	if err != nil {
		t.Fatal(err)
	}
	cats, _ := m.Categories(context.Background())
	if len(cats) != 8 {
		t.Fatalf("%d categories", len(cats))
	}
	var items, hidden, withMods int
	err = m.Items(context.Background(), func(it pos.Item) error {
		items++
		if it.Hidden {
			hidden++
		}
		if len(it.ModifierGroups) > 0 {
			withMods++
		}
		if len(it.TaxRates) != 1 || it.TaxRates[0].Rate != 1600000 {
			t.Errorf("%s taxes %+v, want IVA 16%% (1600000)", it.ID, it.TaxRates)
		}
		return nil
	})
	if err != nil || items != 40 || hidden != 4 || withMods == 0 {
		t.Fatalf("items %d hidden %d with modifiers %d err %v", items, hidden, withMods, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := m.Items(ctx, func(pos.Item) error { return nil }); err == nil {
		t.Fatal("a cancelled context did not stop the stream")
	}
}

// demoOrder is, on DEMOMERCHANT1 (sales tax 8.25%):
//
//	2 × jamón (18.50 + pan extra 1.50) = 40.00
//	1 × chuletón al punto (42.00)     = 42.00
//	1 × gazpacho (7.50)               =  7.50
//
// subtotal 89.50, tax 89.50 × 8.25% = 7.38375 → 7.38, total 96.88.
func demoOrder(ref string) pos.Order {
	return pos.Order{
		Lines: []pos.OrderLine{
			{ItemID: "I1001", Quantity: 2, ModifierIDs: []string{"DEMOMERCHANT1-PAN-1"}, Note: "poco pan"},
			{ItemID: "I1011", Quantity: 1, ModifierIDs: []string{"DEMOMERCHANT1-PUNTO-2"}},
			{ItemID: "I1005", Quantity: 1},
		},
		OrderType: "Carta — recoger", Title: "Luis · 21:00", Note: "Sin prisa", Reference: ref,
	}
}

func TestDemoOrders(t *testing.T) {
	m, err := New("DEMOMERCHANT1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	got, err := m.Totals(ctx, demoOrder(""))
	if want := (pos.Totals{Subtotal: 8950, Tax: 738, Total: 9688}); err != nil || got != want {
		t.Fatalf("Totals = %+v, %v; want %+v", got, err, want)
	}
	id, err := m.CreateOrder(ctx, demoOrder("carta-pedido-42"))
	if err != nil || id != "DEMO-carta-pedido-42" {
		t.Fatalf("CreateOrder = %q, %v", id, err)
	}
	again, err := m.CreateOrder(ctx, demoOrder("carta-pedido-42"))
	if err != nil || again != id {
		t.Fatalf("repeated CreateOrder = %q, %v; want %q", again, err, id)
	}
	orders := m.Orders()
	if len(orders) != 1 || orders[0].ID != id || orders[0].Totals != got || orders[0].Title != "Luis · 21:00" ||
		orders[0].Lines[0].ModifierIDs[0] != "DEMOMERCHANT1-PAN-1" || orders[0].OrderType != "Carta — recoger" {
		t.Fatalf("orders = %+v", orders)
	}
	orders[0].Lines[0].ModifierIDs[0] = "changed"
	if m.Orders()[0].Lines[0].ModifierIDs[0] != "DEMOMERCHANT1-PAN-1" {
		t.Error("Orders hands out the POS's own slices")
	}

	bad := map[string]pos.Order{}
	o := demoOrder("carta-pedido-43")
	o.Lines[2].ItemID = "NOPE"
	bad["unknown item"] = o
	o = demoOrder("carta-pedido-44")
	o.Lines[2].ModifierIDs = []string{"DEMOMERCHANT1-PUNTO-2"} // a meat modifier on the gazpacho
	bad["foreign modifier"] = o
	o = demoOrder("carta-pedido-45")
	o.Lines = nil
	bad["empty cart"] = o
	for name, o := range bad {
		if _, err := m.Totals(ctx, o); !errors.Is(err, pos.ErrRejected) {
			t.Errorf("%s: Totals err = %v, want ErrRejected", name, err)
		}
		if _, err := m.CreateOrder(ctx, o); !errors.Is(err, pos.ErrRejected) {
			t.Errorf("%s: CreateOrder err = %v, want ErrRejected", name, err)
		}
	}
	if _, err := m.CreateOrder(ctx, demoOrder("")); err == nil {
		t.Error("an order without reference was created")
	}
	if n := len(m.Orders()); n != 1 {
		t.Errorf("%d orders after refusals, want 1", n)
	}
}

// TestDemoTotalsMatchClover prices the same carts with the demo POS and with the Clover client
// against the fake Clover serving the demo catalogue: the demo must charge what Clover would.
func TestDemoTotalsMatchClover(t *testing.T) {
	for _, id := range []string{"DEMOMERCHANT1", "DEMOMERCHANT2", demodata.VATMerchantID} {
		t.Run(id, func(t *testing.T) {
			m, err := New(id)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			vat, err := m.TaxIncluded(ctx)
			if err != nil || vat != (id == demodata.VATMerchantID) {
				t.Fatalf("TaxIncluded = %v, %v", vat, err)
			}
			fake := clovertest.Merchant{ID: id, Token: "tok-demo-test", VAT: vat}
			fake.Categories, _ = m.Categories(ctx)
			if err := m.Items(ctx, func(it pos.Item) error { fake.Items = append(fake.Items, it); return nil }); err != nil {
				t.Fatal(err)
			}
			srv := clovertest.NewServer(t, fake)
			c := clover.New(srv.URL, id, fake.Token)

			// Carts of growing size over the whole catalogue: every item once, with the first
			// modifier of each of its groups, in quantities 1–4.
			var carts [][]pos.OrderLine
			var cart []pos.OrderLine
			for i, it := range fake.Items {
				l := pos.OrderLine{ItemID: it.ID, Quantity: 1 + i%4}
				for _, g := range it.ModifierGroups {
					l.ModifierIDs = append(l.ModifierIDs, g.Modifiers[i%len(g.Modifiers)].ID)
				}
				cart = append(cart, l)
				carts = append(carts, slices.Clone(cart))
			}
			for _, lines := range carts {
				o := pos.Order{Lines: lines}
				want, err := c.Totals(ctx, o)
				if err != nil {
					t.Fatal(err)
				}
				got, err := m.Totals(ctx, o)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("%d lines: demo %+v, Clover %+v", len(lines), got, want)
				}
			}
		})
	}
}

// TestDemoPOSNamesExist: every name the demo owner gives the POS's
// modifiers and taxes (demodata.POSNames) is one of a demo merchant's.
func TestDemoPOSNamesExist(t *testing.T) {
	have := map[string]bool{}
	for id := range demodata.Catalogs {
		m, _ := New(id)
		_ = m.Items(context.Background(), func(it pos.Item) error {
			for _, g := range it.ModifierGroups {
				have["modificador_grupo "+g.ID] = true
				for _, x := range g.Modifiers {
					have["modificador "+x.ID] = true
				}
			}
			for _, r := range it.TaxRates {
				have["impuesto "+r.ID] = true
			}
			return nil
		})
	}
	for _, n := range demodata.POSNames {
		found := false
		for id := range demodata.Catalogs {
			found = found || have[n.Entidad+" "+id+"-"+n.Key]
		}
		if !found {
			t.Errorf("%s %s is no demo merchant's", n.Entidad, n.Key)
		}
	}
}

// TestDemoVATMerchant: the demo's VAT merchant sells restaurant 1's menu in
// euros with IVA 10% included; the order total is the sum of the prices.
//
//	2 × (18.50 + 1.50) + 42.00 + 7.50 = 89.50; IVA 89.50 × 10/110 = 8.136 → 8.14
func TestDemoVATMerchant(t *testing.T) {
	m, err := New(demodata.VATMerchantID)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	o := demoOrder("carta-pedido-iva")
	for i := range o.Lines {
		for j, id := range o.Lines[i].ModifierIDs {
			o.Lines[i].ModifierIDs[j] = demodata.VATMerchantID + id[len("DEMOMERCHANT1"):]
		}
	}
	want := pos.Totals{Subtotal: 8950, Tax: 814, Total: 8950, TaxIncluded: true}
	if got, err := m.Totals(ctx, o); err != nil || got != want {
		t.Fatalf("Totals = %+v, %v; want %+v", got, err, want)
	}
	if _, err := m.CreateOrder(ctx, o); err != nil {
		t.Fatal(err)
	}
	if got := m.Orders(); len(got) != 1 || got[0].Totals != want {
		t.Errorf("orders = %+v", got)
	}
	// Restaurants 1 and 2 keep adding their sales tax.
	for _, id := range []string{"DEMOMERCHANT1", "DEMOMERCHANT2"} {
		d, _ := New(id)
		if vat, _ := d.TaxIncluded(ctx); vat {
			t.Errorf("%s says its prices include the tax", id)
		}
	}
	m1, _ := New("DEMOMERCHANT1")
	if got, err := m1.Totals(ctx, demoOrder("carta-pedido-usd")); err != nil || got.TaxIncluded || got.Total != got.Subtotal+got.Tax {
		t.Errorf("restaurant 1: %+v, %v", got, err)
	}
}

// A restaurant connected to the demo with a merchant id of its own gets the
// demo merchant of its country: Spain's prices include IVA, Mexico's are in
// pesos with IVA included too; the demo merchants keep their own settings
// (the Taquería's adds IVA on top).
func TestForRestaurantFollowsTheCountry(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		merchant, pais, want string
		vat                  bool
	}{
		{"MNUEVOES", "ES", demodata.VATMerchantID, true},
		{"", "es", demodata.VATMerchantID, true},
		{"MNUEVOMX", "MX", demodata.MexicoVATMerchantID, true},
		{"DEMOMERCHANT2", "MX", "DEMOMERCHANT2", false},
		{"MNUEVOUS", "US", "DEMOMERCHANT1", false},
		{"MNUEVO", "", "DEMOMERCHANT1", false},
		{"DEMOMERCHANT1", "ES", "DEMOMERCHANT1", false},
		{"DEMOMERCHANT2", "ES", "DEMOMERCHANT2", false},
		{demodata.VATMerchantID, "US", demodata.VATMerchantID, true},
	} {
		m, err := ForRestaurant(c.merchant, c.pais)
		if err != nil {
			t.Fatal(c, err)
		}
		vat, err := m.TaxIncluded(ctx)
		if err != nil || m.cat.MerchantID != c.want || vat != c.vat {
			t.Errorf("ForRestaurant(%q, %q) = %s vat %v (%v), want %s vat %v", c.merchant, c.pais, m.cat.MerchantID, vat, err, c.want, c.vat)
		}
	}
}

func TestDemoTabs(t *testing.T) {
	m, err := New("DEMOMERCHANT1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	mesa := pos.Tab{Title: "Mesa 7", OrderType: "Carta — mesa", Reference: "carta-cuenta-12"}
	id, err := m.OpenTab(ctx, mesa)
	if err != nil || id != "DEMO-carta-cuenta-12" {
		t.Fatalf("OpenTab = %q, %v", id, err)
	}
	if again, err := m.OpenTab(ctx, mesa); err != nil || again != id || len(m.Tabs()) != 1 {
		t.Fatalf("OpenTab again = %q, %v with %d tabs; want the same tab", again, err, len(m.Tabs()))
	}
	// demoOrder's lines in one round, a gazpacho in another, the first round retried.
	ronda1 := demoOrder("").Lines
	ronda2 := []pos.OrderLine{{ItemID: "I1005", Quantity: 1}}
	for _, r := range []struct {
		batch string
		lines []pos.OrderLine
	}{{"carta-pedido-1", ronda1}, {"carta-pedido-2", ronda2}, {"carta-pedido-1", ronda1}} {
		if err := m.AddLines(ctx, id, r.batch, r.lines); err != nil {
			t.Fatal(err)
		}
	}
	tab := m.Tabs()[0]
	if tab.Title != "Mesa 7" || tab.OrderType != "Carta — mesa" || len(tab.Lines) != 4 {
		t.Fatalf("tab = %+v, want 4 lines (the retried round added nothing)", tab)
	}
	// 89.50 + 7.50 = 97.00, tax 8.0025 → 8.00.
	if want := (pos.Totals{Subtotal: 9700, Tax: 800, Total: 10500}); tab.Totals != want {
		t.Errorf("tab totals = %+v, want %+v", tab.Totals, want)
	}
	// A copy: changing it leaves the tab alone.
	tab.Lines[0].ModifierIDs[0] = "X"
	if m.Tabs()[0].Lines[0].ModifierIDs[0] == "X" {
		t.Error("Tabs returned the merchant's own slices")
	}
	if err := m.AddLines(ctx, id, "carta-pedido-3", []pos.OrderLine{{ItemID: "NOPE", Quantity: 1}}); !errors.Is(err, pos.ErrRejected) {
		t.Errorf("unknown item: %v", err)
	}
	if err := m.AddLines(ctx, "DEMO-nope", "carta-pedido-3", ronda2); !errors.Is(err, pos.ErrRejected) {
		t.Errorf("unknown tab: %v", err)
	}
	if err := m.RemoveLines(ctx, id, "carta-pedido-1"); err != nil {
		t.Fatal(err)
	}
	if err := m.RemoveLines(ctx, id, "carta-pedido-1"); err != nil {
		t.Fatal(err)
	}
	if lines := m.Tabs()[0].Lines; len(lines) != 1 || lines[0].Batch != "carta-pedido-2" || lines[0].ItemID != "I1005" {
		t.Errorf("after removing round 1: %+v", lines)
	}
	pago := pos.TabPayment{Amount: 812, Tip: 150, Reference: "carta-pago-1", Tender: "Efectivo"}
	for range 2 {
		if err := m.RecordPayment(ctx, id, pago); err != nil {
			t.Fatal(err)
		}
	}
	if got := m.Tabs()[0].Payments; !slices.Equal(got, []pos.TabPayment{pago}) {
		t.Errorf("payments = %+v, want the payment once", got)
	}
	for _, bad := range []pos.TabPayment{{Reference: "carta-pago-2", Tender: "Carta"}, {Amount: 1, Tip: -1, Reference: "carta-pago-2", Tender: "Carta"}, {Amount: 1, Reference: "carta-pago-2"}} {
		if err := m.RecordPayment(ctx, id, bad); !errors.Is(err, pos.ErrRejected) {
			t.Errorf("RecordPayment(%+v) = %v, want ErrRejected", bad, err)
		}
	}
	if _, err := m.OpenTab(ctx, pos.Tab{Title: "", Reference: "carta-cuenta-1"}); !errors.Is(err, pos.ErrRejected) {
		t.Errorf("tab without title: %v", err)
	}
}

// TestDemoTabsConcurrent adds rounds from many goroutines, each round twice:
// every round is on the tab once.
func TestDemoTabsConcurrent(t *testing.T) {
	m, err := New("DEMOMERCHANT1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	id, err := m.OpenTab(ctx, pos.Tab{Title: "Mesa 1", Reference: "carta-cuenta-1"})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			batch := fmt.Sprintf("carta-pedido-%d", i%20)
			if err := m.AddLines(ctx, id, batch, []pos.OrderLine{{ItemID: "I1005", Quantity: 1}}); err != nil {
				t.Error(err)
			}
			_ = m.Tabs()
		}()
	}
	wg.Wait()
	if n := len(m.Tabs()[0].Lines); n != 20 {
		t.Errorf("%d lines, want 20", n)
	}
}

package ordering_test

import (
	"context"
	"strings"
	"testing"

	"carta/internal/checkout"
	checkoutdemo "carta/internal/checkout/demo"
	"carta/internal/clientes"
	demodata "carta/internal/demo"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/pos"
	posdemo "carta/internal/pos/demo"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// TestVATRestaurant: a restaurant on the demo's VAT merchant. The sync
// stores the merchant's setting, the quote and the order say prices include
// the tax, the total is the sum of the prices, the POS confirms it to the
// cent, and the restaurants that add tax keep doing so.
func TestVATRestaurant(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		mid := demodata.VATMerchantID
		id, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "La Cava Madrid", MerchantID: &mid, Email: "madrid@example.com", Estado: clientes.EstadoActivo})
		if err != nil {
			t.Fatal(err)
		}
		madrid := tenant.Job(id)
		if err := clientes.SetPOSProvider(ctx, db, madrid, "demo"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Menu.Sync(ctx, madrid); err != nil {
			t.Fatal(err)
		}
		conn, err := clientes.GetPOSConnection(ctx, db, madrid)
		if err != nil || !conn.TaxIncluded {
			t.Fatalf("connection %+v, %v: the sync did not store the merchant's VAT setting", conn, err)
		}
		if c, _ := clientes.GetPOSConnection(ctx, db, f.cliente); c.TaxIncluded {
			t.Fatal("restaurant 1 has prices with tax included")
		}
		vatPOS, _ := posdemo.New(mid)
		prev := f.svc.POS
		f.svc.POS = func(c clientes.POSConnection) (pos.Orders, error) {
			if c.Merchant == mid {
				return vatPOS, nil
			}
			return prev(c)
		}
		own, err := f.svc.Config(ctx, f.cliente)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.SaveConfig(ctx, madrid, own); err != nil {
			t.Fatal(err)
		}
		items, err := menu.OrderItems(ctx, db, madrid, "es", nil)
		if err != nil {
			t.Fatal(err)
		}
		var steak menu.OrderItem
		for _, it := range items {
			if it.POSName == chuleton {
				steak = it
			}
		}
		// 2 × (42.00 + 3.00 fries) = 90.00 with IVA 10% inside: 90.00 × 10/110 = 8.1818 → 8.18.
		lines := []ordering.LineRequest{{ProductID: steak.ID, Quantity: 2, ModifierIDs: []string{steak.Groups[0].Modifiers[1].ID, steak.Groups[1].Modifiers[0].ID}}}
		q, err := f.svc.Quote(ctx, madrid.Int64(), "es", lines)
		if err != nil {
			t.Fatal(err)
		}
		if !q.TaxIncluded || q.Subtotal != 9000 || q.Total != 9000 || q.Taxes != 818 || len(q.TaxLines) != 1 || q.TaxLines[0].Rate != 1000000 {
			t.Fatalf("quote %+v", q.Totals)
		}
		rec := &recordingCheckout{Provider: checkoutdemo.Provider{BaseURL: "https://carta.test", Now: db.Now}}
		f.svc.Checkout = func(clientes.POSConnection) (checkout.Provider, error) { return rec, nil }
		p, err := f.place(t, ordering.PlaceInput{ClienteID: madrid.Int64(), Items: lines, Idioma: "es"})
		if err != nil {
			t.Fatalf("placing against the VAT merchant: %v", err)
		}
		if p.Total != 9000 {
			t.Fatalf("placed %+v", p)
		}
		// The hosted checkout's lines add up to the total: no tax line on top.
		if len(rec.reqs) != 1 || len(rec.reqs[0].LineItems) != 1 || rec.reqs[0].LineItems[0].Price*int64(rec.reqs[0].LineItems[0].Quantity) != 9000 {
			t.Fatalf("checkout request %+v", rec.reqs)
		}
		sg, err := f.svc.Follow(ctx, p.PedidoID, p.Token, nil)
		if err != nil || !sg.ImpuestosIncluidos || sg.Total != 9000 || sg.Impuestos != 818 {
			t.Fatalf("order %+v, %v", sg, err)
		}
		// Its e-mail: the total, then "IVA incluido (10 %)" with its amount; no subtotal, no tax on top.
		f.pay(t, p.PedidoID)
		var text, html string
		if err := db.QueryRow(ctx, `SELECT body_text, body_html FROM outbox WHERE kind = 'pedido' AND to_addr = 'ana@example.com' ORDER BY id DESC LIMIT 1`).Scan(&text, &html); err != nil {
			t.Fatal(err)
		}
		for _, part := range []string{text, html} {
			if !strings.Contains(part, "IVA incluido (10\u00a0%)") || strings.Contains(part, "Subtotal") || strings.Contains(part, "Impuestos") {
				t.Fatalf("e-mail:\n%s", part)
			}
		}
		// Restaurant 1 is priced as always: tax added, the order says so.
		q1, err := f.svc.Quote(ctx, f.cliente.Int64(), "es", []ordering.LineRequest{f.steak(t, 2)})
		if err != nil || q1.TaxIncluded || q1.Total != 9743 {
			t.Fatalf("restaurant 1 quote %+v, %v", q1.Totals, err)
		}
		p1, err := f.place(t, ordering.PlaceInput{})
		if err != nil {
			t.Fatal(err)
		}
		if sg1, err := f.svc.Follow(ctx, p1.PedidoID, p1.Token, nil); err != nil || sg1.ImpuestosIncluidos || sg1.Total != 9743 {
			t.Fatalf("restaurant 1 order %+v, %v", sg1, err)
		}
		// A change of the setting on the POS is read by the next sync.
		if _, err := db.Exec(ctx, `UPDATE clientes SET pos_impuestos_incluidos = 0 WHERE id = ?`, madrid.Int64()); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Menu.Sync(ctx, madrid); err != nil {
			t.Fatal(err)
		}
		if c, _ := clientes.GetPOSConnection(ctx, db, madrid); !c.TaxIncluded {
			t.Fatal("the sync did not restore the merchant's setting")
		}
	})
}

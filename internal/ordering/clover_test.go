package ordering_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"carta/internal/checkout"
	checkoutdemo "carta/internal/checkout/demo"
	"carta/internal/clientes"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// TestOrderThroughClover runs an order end to end against a server that
// speaks Clover's wire format: the catalogue synced from it, Carta's total
// confirmed by its atomic checkout, the paid order created once with
// Carta's reference even when Clover's answer is lost.
func TestOrderThroughClover(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		m := clovertest.GenerateMerchant("MCLOVER1", "tok-secret", 6, 80)
		fake := clovertest.NewServer(t, m)
		client := func(conn clientes.POSConnection) *clover.Client {
			c := clover.New(conn.BaseURL, conn.Merchant, conn.Token)
			c.Sleep = func(context.Context, time.Duration) error { return nil }
			return c
		}
		mid := m.ID
		cid, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Clover", MerchantID: &mid, Email: "c@example.com", Estado: clientes.EstadoActivo})
		if err != nil {
			t.Fatal(err)
		}
		tid := tenant.Job(cid)
		if err := clientes.SetPOSConnection(ctx, db, tid, clientes.POSConnection{Provider: "clover", Token: m.Token, BaseURL: fake.URL}); err != nil {
			t.Fatal(err)
		}
		menuSvc := &menu.Service{DB: db, Catalog: func(conn clientes.POSConnection) (pos.Catalog, error) { return client(conn), nil }}
		if _, err := menuSvc.Sync(ctx, tid); err != nil {
			t.Fatal(err)
		}
		orders := client(clientes.POSConnection{BaseURL: fake.URL, Merchant: m.ID, Token: m.Token})
		svc := &ordering.Service{DB: db, Menu: menuSvc, BaseURL: "https://carta.test", Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Feed: &ordering.Feed{DB: db},
			Checkout: func(clientes.POSConnection) (checkout.Provider, error) {
				return &checkoutdemo.Provider{BaseURL: "https://carta.test"}, nil
			},
			POS: func(clientes.POSConnection) (pos.Orders, error) { return orders, nil }}
		cfg := ordering.Config{Activo: true, PreparacionMin: 10, Horario: ordering.AlwaysOpen(), ZonaHoraria: "America/Puerto_Rico"}
		if _, err := svc.SaveConfig(ctx, tid, cfg); err != nil {
			t.Fatal(err)
		}

		// Three lines: items of both tax rates, one with a required choice,
		// several units.
		items, err := menu.OrderItems(ctx, db, tid, "es", nil)
		if err != nil {
			t.Fatal(err)
		}
		var lines []ordering.LineRequest
		rates := map[string]bool{}
		withGroup := false
		for _, it := range items {
			if !it.Orderable || len(lines) == 3 {
				continue
			}
			rate := ""
			if len(it.Taxes) > 0 {
				rate = it.Taxes[0].ID
			}
			hasGroup := len(it.Groups) > 0 && it.Groups[0].MinRequired > 0
			if rates[rate] && (withGroup || !hasGroup) {
				continue
			}
			rates[rate] = true
			l := ordering.LineRequest{ProductID: it.ID, Quantity: len(lines) + 1}
			for _, g := range it.Groups {
				for i := 0; i < max(g.MinRequired, 1) && i < len(g.Modifiers); i++ {
					l.ModifierIDs = append(l.ModifierIDs, g.Modifiers[i].ID)
				}
			}
			withGroup = withGroup || hasGroup
			lines = append(lines, l)
		}
		if len(lines) != 3 || len(rates) < 2 || !withGroup {
			t.Fatalf("the generated catalogue did not give the lines the test needs: %v rates %v group %v", lines, rates, withGroup)
		}
		q, err := svc.Quote(ctx, cid, "es", lines)
		if err != nil {
			t.Fatal(err)
		}
		placed, err := svc.Place(ctx, ordering.PlaceInput{ClienteID: cid, Items: lines, Customer: ordering.Customer{Nombre: "Ana", Email: "ana@example.com"}})
		if err != nil {
			t.Fatalf("Clover's total differs from Carta's: %v", err)
		}
		if placed.Total != q.Total {
			t.Fatalf("placed %d, quoted %d", placed.Total, q.Total)
		}
		var session string
		db.QueryRow(ctx, `SELECT checkout_session_id FROM pedidos WHERE id = ?`, placed.PedidoID).Scan(&session)
		if err := svc.Confirm(ctx, checkout.Outcome{Session: session, Approved: true, PaymentID: "CLV-PAY"}); err != nil {
			t.Fatal(err)
		}
		// Clover creates the order but its answer is lost: the retry finds
		// it by reference instead of creating a second one.
		fake.LoseAnswers("POST /v3/merchants/MCLOVER1/atomic_order/orders", 0, 1)
		svc.SendToPOS(ctx)
		if got := fake.Orders(); len(got) == 1 {
			// the client found it within its own retries
		} else if len(got) != 0 {
			t.Fatalf("%d orders in Clover after a lost answer", len(got))
		}
		db.Exec(ctx, `UPDATE pedidos SET pos_siguiente_at = 0`)
		svc.SendToPOS(ctx)
		got := fake.Orders()
		if len(got) != 1 {
			t.Fatalf("%d orders in Clover, want 1", len(got))
		}
		o := got[0]
		if o.ExternalReferenceID != fmt.Sprintf("carta-pedido-%d", placed.PedidoID) || o.Total != placed.Total || len(o.LineItems) != 6 {
			t.Fatalf("Clover's order %+v, want reference carta-pedido-%d, total %d, 6 units", o, placed.PedidoID, placed.Total)
		}
		var posEstado, posID string
		db.QueryRow(ctx, `SELECT pos_estado, pos_order_id FROM pedidos WHERE id = ?`, placed.PedidoID).Scan(&posEstado, &posID)
		if posEstado != ordering.POSCreado || posID != o.ID {
			t.Fatalf("recorded %s %s, Clover's id %s", posEstado, posID, o.ID)
		}
		types := fake.OrderTypes()
		if len(types) != 1 || types[0].Label != ordering.OrderType || !types[0].Taxable {
			t.Fatalf("order types %+v", types)
		}
		// Cancelled on the board: the job deletes it from Clover.
		if _, err := svc.Move(ctx, tid, placed.PedidoID, ordering.EstadoCancelado, "Cerramos antes"); err != nil {
			t.Fatal(err)
		}
		if n, err := svc.RemoveFromPOS(ctx); n != 1 || err != nil || len(fake.Orders()) != 0 {
			t.Fatalf("removed %d (%v); %d orders left in Clover", n, err, len(fake.Orders()))
		}
		db.QueryRow(ctx, `SELECT pos_estado FROM pedidos WHERE id = ?`, placed.PedidoID).Scan(&posEstado)
		if posEstado != ordering.POSAnulado {
			t.Fatalf("POS state %q after the deletion", posEstado)
		}
		for _, c := range fake.Calls() {
			if !strings.HasPrefix(c.UserAgent, "Carta/") {
				t.Fatalf("%s %s without Carta's User-Agent: %q", c.Method, c.Path, c.UserAgent)
			}
		}
	})
}

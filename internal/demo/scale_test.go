package demo_test

import (
	"context"
	"io"
	"testing"
	"time"

	"carta/internal/clientes"
	"carta/internal/demo"
	"carta/internal/menu"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// TestSeedScale seeds a small scale run twice on top of the demo
// restaurants and checks what the benchmarks read: the search finds the
// added restaurants, their menus and boards have what was asked for, the
// diner's history spans restaurants, and ids keep counting after it (the
// PostgreSQL sequences follow).
func TestSeedScale(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		o := demo.ScaleOptions{Restaurants: 7, Products: 12, Offers: 3, Days: 10, OrdersPerDay: 2, CouponsSold: 4, Diners: 5,
			Now: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)}
		rep, err := demo.SeedScale(ctx, db, o, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if rep.FirstID != 3 || rep.LastID != 9 {
			t.Fatalf("restaurants %d–%d, want 3–9", rep.FirstID, rep.LastID)
		}
		want := map[string]int64{"clientes": 7, "membresias": 7, "productos": 84, "cupones": 21, "compras": 28, "pedidos": 140, "pedido_lineas": 280, "usuarios": 5}
		for table, n := range want {
			if rep.Rows[table] != n {
				t.Errorf("%s: %d rows, want %d", table, rep.Rows[table], n)
			}
		}
		page, err := clientes.Search(ctx, db, clientes.Filter{Query: "taqueria", Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		if page.Total < 1 {
			t.Errorf("search for an added restaurant's name found %d", page.Total)
		}
		cats, err := menu.OrderCategories(ctx, db, tenant.Job(5), "es")
		if err != nil {
			t.Fatal(err)
		}
		items, err := menu.OrderItems(ctx, db, tenant.Job(5), "es", nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(cats) != 10 || len(items) != 12 {
			t.Errorf("restaurant 5's online menu: %d categories, %d items; want 10 and 12", len(cats), len(items))
		}
		var onBoard, dinerVouchers, dinerRestaurants int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM pedidos WHERE cliente_id = 9 AND estado = 'recibido'`).Scan(&onBoard); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow(ctx, `SELECT COUNT(*), COUNT(DISTINCT c.cliente_id) FROM compras c JOIN usuarios u ON u.id = c.usuario_id WHERE u.email = ?`,
			demo.ScaleDinerEmail).Scan(&dinerVouchers, &dinerRestaurants); err != nil {
			t.Fatal(err)
		}
		if onBoard != 2 || dinerRestaurants != 7 {
			t.Errorf("board of restaurant 9: %d orders (want 2); benchmark diner's vouchers at %d restaurants (want 7)", onBoard, dinerRestaurants)
		}
		// A second run adds after the first, and rows created the usual
		// way afterwards get fresh ids.
		if rep, err = demo.SeedScale(ctx, db, o, io.Discard); err != nil || rep.FirstID != 10 {
			t.Fatalf("second run starts at %d (%v), want 10", rep.FirstID, err)
		}
		mid := "AFTER1"
		id, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Después", MerchantID: &mid, Email: "d@example.com", Estado: clientes.EstadoActivo})
		if err != nil || id != 17 {
			t.Fatalf("restaurant created after the seed: id %d, %v; want 17", id, err)
		}
	})
}

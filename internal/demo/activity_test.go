package demo_test

import (
	"context"
	"testing"
	"time"

	"carta/internal/demo"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// TestSeedActivity: a demo restaurant with products gets a month of
// collected orders (numbered as the next live order continues) and coupon
// sales with their charged fees and points, none of it today; one without
// products gets nothing; seeding again adds nothing.
func TestSeedActivity(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		if err := demo.SeedDiners(ctx, db); err != nil {
			t.Fatal(err)
		}
		// One clock for the test and both seedings: a second passing between them put the
		// first seeding's newest order within a day of the test's own "now".
		fixed := time.Unix(db.NowUnix(), 0)
		db.Now = func() time.Time { return fixed }
		now := db.NowUnix()
		for i, p := range []struct {
			name  string
			price int64
		}{{"Tacos al pastor", 1250}, {"Agua de jamaica", 350}, {"Flan", 600}, {"Pozole", 1800}, {"Oculto", 900}} {
			visible := 1
			if p.name == "Oculto" {
				visible = 0
			}
			if _, err := db.Exec(ctx, `INSERT INTO productos (cliente_id, clover_item_id, name, price, visible) VALUES (1, ?, ?, ?, ?)`,
				"ITEM"+string(rune('A'+i)), p.name, p.price, visible); err != nil {
				t.Fatal(err)
			}
		}
		for range 2 {
			if err := demo.SeedActivity(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		want := 0
		for d := 1; d <= demo.ActivityDays; d++ {
			want += []int{3, 1, 2, 0, 2, 4, 5}[d%7]
		}
		count := func(query string, args ...any) int64 {
			t.Helper()
			var n int64
			if err := db.QueryRow(ctx, query, args...).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if got := count(`SELECT COUNT(*) FROM pedidos WHERE cliente_id = 1 AND estado = 'entregado' AND paid_at > 0`); got != int64(want) {
			t.Errorf("collected orders: %d, want %d", got, want)
		}
		if got := count(`SELECT COUNT(*) FROM pedidos WHERE cliente_id = 2`); got != 0 {
			t.Errorf("a restaurant without products got %d orders", got)
		}
		if got := count(`SELECT COUNT(*) FROM pedidos WHERE paid_at > ?`, now-86400); got != 0 {
			t.Errorf("%d orders within the last day", got)
		}
		if got := count(`SELECT MAX(numero) FROM pedidos WHERE cliente_id = 1`); got != int64(want) ||
			count(`SELECT pedidos_seq FROM clientes WHERE id = 1`) != int64(want) {
			t.Errorf("numbering: max %d, sequence %d, want %d", got, count(`SELECT pedidos_seq FROM clientes WHERE id = 1`), want)
		}
		// Each order's lines add up to it, and none is a hidden product.
		if got := count(`SELECT COUNT(*) FROM pedidos p WHERE p.cliente_id = 1 AND p.subtotal <> p.total OR p.total <>
			(SELECT SUM(l.subtotal) FROM pedido_lineas l WHERE l.pedido_id = p.id)`); got != 0 {
			t.Errorf("%d orders whose lines do not add up", got)
		}
		if got := count(`SELECT COUNT(*) FROM pedido_lineas WHERE nombre = 'Oculto'`); got != 0 {
			t.Errorf("hidden product ordered %d times", got)
		}
		sales := count(`SELECT COUNT(*) FROM compras WHERE cliente_id = 1 AND cupon_id IS NOT NULL AND estado IN ('pagado', 'canjeado') AND paid_at >= ?`, now-30*86400)
		if sales == 0 || count(`SELECT COUNT(*) FROM fees f JOIN compras c ON c.id = f.compra_id WHERE c.cupon_id IS NOT NULL AND f.estado = 'cobrado' AND f.amount = 500`) != sales {
			t.Errorf("coupon sales %d without a charged fee each", sales)
		}
		if got := count(`SELECT COUNT(*) FROM compras c WHERE c.cupon_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM puntos p WHERE p.compra_id = c.id AND p.created_at = c.paid_at)`); got != 0 {
			t.Errorf("%d coupon sales without their points on the day", got)
		}
		if got := count(`SELECT COUNT(*) FROM pedidos o WHERE o.usuario_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM puntos p WHERE p.pedido_id = o.id AND p.puntos = o.total / 100)`); got != 0 {
			t.Errorf("%d diners' orders without their points", got)
		}
		// The month's promotion has ended: diners are not offered it.
		if got := count(`SELECT COUNT(*) FROM cupones WHERE cliente_id = 1 AND (estado = 'activo' OR fecha_expiracion > ?)`, now); got != 0 {
			t.Errorf("%d demo offers still on sale", got)
		}
		// A diner's last visit is no earlier than their last order or coupon there.
		if got := count(`SELECT COUNT(*) FROM usuario_restaurantes ur WHERE ur.last_seen_at <
			(SELECT MAX(p.created_at) FROM puntos p WHERE p.usuario_id = ur.usuario_id AND p.cliente_id = ur.cliente_id)`); got != 0 {
			t.Errorf("%d diners last seen before their last purchase", got)
		}
		if got := count(`SELECT COUNT(*) FROM pedidos WHERE usuario_id IS NOT NULL`); got == 0 {
			t.Error("no order placed by a demo diner")
		}
	})
}

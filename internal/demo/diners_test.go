package demo_test

import (
	"context"
	"testing"

	"carta/internal/accounts"
	"carta/internal/demo"
	"carta/internal/panel"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// TestSeedDiners: the demo restaurants' 'Clientes' pages have diners, with
// coupons and points, seeding twice adds nothing, and the panel's 30-day
// figures stay those of real sales.
func TestSeedDiners(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if err := demo.SeedDiners(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		one, err := accounts.Roster(ctx, db, tenant.Job(1), accounts.RosterFilter{Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		if one.Total != 6 || one.Usuarios[0].Nombre != "Lucía Fernández" || one.Usuarios[0].Cupones != 2 ||
			one.Usuarios[0].Gastado != 6500 || one.Usuarios[0].Puntos != 65 {
			t.Fatalf("La Cava Demo's diners: %+v", one)
		}
		two, err := accounts.Roster(ctx, db, tenant.Job(2), accounts.RosterFilter{Limit: 50})
		if err != nil || two.Total != 2 {
			t.Fatalf("Taquería Demo's diners: %+v %v", two, err)
		}
		var sold int64
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM compras WHERE paid_at >= ?`, db.NowUnix()-panel.Days*24*3600).Scan(&sold); err != nil || sold != 0 {
			t.Errorf("demo coupons in the last %d days: %d %v", panel.Days, sold, err)
		}
	})
}

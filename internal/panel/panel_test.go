package panel_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"carta/internal/demo"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/panel"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// fixture writes the rows the summary reads, straight into the tables
// (the domains' own flows are tested in their packages).
type fixture struct {
	t   *testing.T
	db  *store.DB
	seq int
}

func (f *fixture) order(cliente int64, estado string, paidAt time.Time, total int64) {
	f.t.Helper()
	f.seq++
	paid := int64(0)
	if !paidAt.IsZero() {
		paid = paidAt.Unix()
	}
	_, err := f.db.Exec(context.Background(), `INSERT INTO pedidos (cliente_id, token, estado, nombre, email, recoger_at, franja,
		subtotal, impuestos, total, moneda, expires_at, created_at, paid_at, updated_at)
		VALUES (?, ?, ?, 'Ana', 'ana@example.com', 0, 0, ?, 0, ?, 'USD', 0, 0, ?, 0)`,
		cliente, fmt.Sprintf("tok%d", f.seq), estado, total, total, paid)
	if err != nil {
		f.t.Fatal(err)
	}
}

// coupon records a coupon purchase and, when it was paid, its fee.
func (f *fixture) coupon(cliente int64, estado string, paidAt time.Time, subtotal int64, feeEstado string) {
	f.t.Helper()
	ctx := context.Background()
	paid := int64(0)
	if !paidAt.IsZero() {
		paid = paidAt.Unix()
	}
	var id int64
	err := f.db.QueryRow(ctx, `INSERT INTO compras (cliente_id, descripcion, estado, subtotal, fee, total, paid_at, created_at)
		VALUES (?, 'Cupón', ?, ?, 500, ?, ?, ?) RETURNING id`, cliente, estado, subtotal, subtotal+500, paid, paid).Scan(&id)
	if err != nil {
		f.t.Fatal(err)
	}
	if feeEstado != "" {
		if _, err := f.db.Exec(ctx, `INSERT INTO fees (compra_id, cliente_id, amount, currency, estado, created_at) VALUES (?, ?, 500, 'USD', ?, ?)`,
			id, cliente, feeEstado, paid); err != nil {
			f.t.Fatal(err)
		}
	}
}

func TestSummary(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		ny, err := time.LoadLocation(ordering.DefaultZone)
		if err != nil {
			t.Fatal(err)
		}
		// 10:00 in New York on 23 November (15:00 UTC).
		now := time.Date(2026, 11, 23, 10, 0, 0, 0, ny)
		db.Now = func() time.Time { return now }
		at := func(day, hour, minute int) time.Time { return time.Date(2026, 11, day, hour, minute, 0, 0, ny) }
		f := &fixture{t: t, db: db}

		f.order(1, "recibido", at(23, 9, 0), 1234)                    // today
		f.order(1, "entregado", at(23, 0, 30), 1001)                  // today, 05:30 UTC
		f.order(1, "listo", at(22, 23, 30), 2000)                     // yesterday in New York, already the 23rd in UTC
		f.order(1, "cancelado", at(23, 8, 0), 999)                    // cancelled: not a sale
		f.order(1, "pendiente_pago", time.Time{}, 50)                 // never paid
		f.order(1, "entregado", at(25, 0, 0).AddDate(0, 0, -32), 700) // 24 October: before the window
		f.order(1, "entregado", at(25, 0, 0).AddDate(0, 0, -31), 300) // 25 October, the window's first day (before the change of time)
		f.order(2, "recibido", at(23, 9, 0), 5000)                    // another restaurant

		f.coupon(1, "pagado", at(22, 12, 0), 2000, "cobrado")
		f.coupon(1, "canjeado", at(23, 9, 30), 1500, "pendiente")
		f.coupon(1, "fallido", time.Time{}, 900, "")
		f.coupon(2, "pagado", at(23, 9, 30), 4000, "cobrado")

		s := &panel.Service{DB: db, Menu: &menu.Service{DB: db}, Ordering: &ordering.Service{DB: db}}
		r, err := s.Summary(ctx, tenant.Job(1), true)
		if err != nil {
			t.Fatal(err)
		}
		if r.Moneda != "USD" || r.ZonaHoraria != ordering.DefaultZone || r.Dias != 30 || len(r.Serie) != 30 {
			t.Fatalf("head = %+v", r)
		}
		if first, last := r.Serie[0].Fecha, r.Serie[29].Fecha; first != "2026-10-25" || last != "2026-11-23" {
			t.Fatalf("series %s … %s", first, last)
		}
		wantHoy := panel.Totals{Pedidos: 2, VentasPedidos: 2235, Cupones: 1, VentasCupones: 1500, Ingresos: 3735}
		if r.Hoy != wantHoy {
			t.Errorf("hoy = %+v, want %+v", r.Hoy, wantHoy)
		}
		wantPeriodo := panel.Totals{Pedidos: 4, VentasPedidos: 4535, Cupones: 2, VentasCupones: 3500, Ingresos: 8035}
		if r.Periodo != wantPeriodo {
			t.Errorf("periodo = %+v, want %+v", r.Periodo, wantPeriodo)
		}
		if y := r.Serie[28]; y.Fecha != "2026-11-22" || y.Pedidos != 1 || y.VentasPedidos != 2000 || y.Cupones != 1 || y.VentasCupones != 2000 {
			t.Errorf("yesterday = %+v", y)
		}
		// The fees: 500 charged today (still pending), 500 yesterday (collected).
		if f := r.Fees; f == nil || f.Hoy != 500 || f.HoyCobrados != 0 || f.Periodo != 1000 || f.PeriodoCobrados != 500 ||
			len(f.Serie) != 30 || f.Serie[28] != 500 || f.Serie[29] != 500 {
			t.Errorf("fees = %+v", r.Fees)
		}
		// Without them (a manager's summary): the same numbers, no fees read.
		plain, err := s.Summary(ctx, tenant.Job(1), false)
		if err != nil {
			t.Fatal(err)
		}
		if plain.Fees != nil || plain.Hoy != wantHoy || plain.Periodo != wantPeriodo {
			t.Errorf("without fees = %+v", plain)
		}
	})
}

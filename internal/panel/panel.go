// Package panel is the restaurant panel's summary: today's orders and, for
// the last 30 days of the restaurant's own calendar, its orders, coupons
// sold, revenue and the platform's fees, day by day. It only reads, through
// the SQL functions of the domains that own the rows (ordering, offers,
// billing). It also counts what needs the super admin's attention across
// the platform (Oversight).
package panel

import (
	"context"
	"time"

	"carta/internal/billing"
	"carta/internal/menu"
	"carta/internal/offers"
	"carta/internal/ordering"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Days is how many days the summary covers, today included.
const Days = 30

// Service computes the summary.
type Service struct {
	DB       *store.DB
	Menu     *menu.Service
	Ordering *ordering.Service
}

// Day is one day of the series, in the restaurant's time zone. Amounts are cents.
type Day struct {
	Fecha         string `json:"fecha"` // YYYY-MM-DD
	Pedidos       int64  `json:"pedidos"`
	VentasPedidos int64  `json:"ventas_pedidos"`
	Propinas      int64  `json:"propinas"` // tips paid at the tables, cents (not revenue: the staff's)
	Cupones       int64  `json:"cupones"`
	VentasCupones int64  `json:"ventas_cupones"`
	Fees          int64  `json:"fees"`
}

// Totals is the sum of a span of days. Ingresos is what the restaurant
// sold: orders' totals plus coupons' prices (the diner's service fee goes to
// the platform); Fees is what the platform charges it per coupon sold.
type Totals struct {
	Pedidos       int64 `json:"pedidos"`
	VentasPedidos int64 `json:"ventas_pedidos"`
	Propinas      int64 `json:"propinas"`
	Cupones       int64 `json:"cupones"`
	VentasCupones int64 `json:"ventas_cupones"`
	Ingresos      int64 `json:"ingresos"`
	Fees          int64 `json:"fees"`
	FeesCobrados  int64 `json:"fees_cobrados"`
}

// Resumen is the panel's summary.
type Resumen struct {
	Moneda      string `json:"moneda"`
	ZonaHoraria string `json:"zona_horaria"`
	Dias        int    `json:"dias"`
	Hoy         Totals `json:"hoy"`
	Periodo     Totals `json:"periodo"`
	Serie       []Day  `json:"serie"`
}

// Summary computes the restaurant's summary at the database clock's now.
// It only reads, and a report may lag by the replication delay: its reads
// go to the read replica when there is one (store.ReadReplica).
func (s *Service) Summary(ctx context.Context, t tenant.ID) (Resumen, error) {
	ctx = store.ReadReplica(ctx)
	set, err := s.Menu.Settings(ctx, t)
	if err != nil {
		return Resumen{}, err
	}
	cfg, err := s.Ordering.Config(ctx, t)
	if err != nil {
		return Resumen{}, err
	}
	loc := cfg.Location()
	now := s.DB.Now().In(loc)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
	first := today.AddDate(0, 0, -(Days - 1))
	since := first.Unix()

	r := Resumen{Moneda: set.Moneda, ZonaHoraria: loc.String(), Dias: Days, Serie: make([]Day, Days)}
	index := map[string]int{}
	for i := range r.Serie {
		d := first.AddDate(0, 0, i).Format(time.DateOnly)
		r.Serie[i].Fecha = d
		index[d] = i
	}
	day := func(at int64) *Day {
		if i, ok := index[time.Unix(at, 0).In(loc).Format(time.DateOnly)]; ok {
			return &r.Serie[i]
		}
		return nil // after today (a clock skew): not counted
	}

	orders, err := ordering.PaidOrders(ctx, s.DB, t, since)
	if err != nil {
		return Resumen{}, err
	}
	for _, o := range orders {
		if d := day(o.At); d != nil {
			d.Pedidos++
			d.VentasPedidos += o.Amount
		}
	}
	tips, err := ordering.PaidTips(ctx, s.DB, t, since)
	if err != nil {
		return Resumen{}, err
	}
	for _, p := range tips {
		if d := day(p.At); d != nil {
			d.Propinas += p.Amount
		}
	}
	sales, err := offers.SoldSince(ctx, s.DB, t, since)
	if err != nil {
		return Resumen{}, err
	}
	for _, c := range sales {
		if d := day(c.At); d != nil {
			d.Cupones++
			d.VentasCupones += c.Subtotal
		}
	}
	fees, err := billing.FeesSince(ctx, s.DB, t, since)
	if err != nil {
		return Resumen{}, err
	}
	for _, f := range fees {
		if d := day(f.At); d != nil {
			d.Fees += f.Amount
			if f.Estado == "cobrado" {
				r.Periodo.FeesCobrados += f.Amount
				if d == &r.Serie[Days-1] {
					r.Hoy.FeesCobrados += f.Amount
				}
			}
		}
	}
	for i, d := range r.Serie {
		r.Periodo.add(d)
		if i == Days-1 {
			r.Hoy.add(d)
		}
	}
	return r, nil
}

func (t *Totals) add(d Day) {
	t.Pedidos += d.Pedidos
	t.VentasPedidos += d.VentasPedidos
	t.Propinas += d.Propinas
	t.Cupones += d.Cupones
	t.VentasCupones += d.VentasCupones
	t.Ingresos += d.VentasPedidos + d.VentasCupones
	t.Fees += d.Fees
}

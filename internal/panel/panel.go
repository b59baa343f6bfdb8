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
}

// Totals is the sum of a span of days. Ingresos is what the restaurant
// sold: orders' totals plus coupons' prices (the diner's service fee goes to
// the platform).
type Totals struct {
	Pedidos       int64 `json:"pedidos"`
	VentasPedidos int64 `json:"ventas_pedidos"`
	Propinas      int64 `json:"propinas"`
	Cupones       int64 `json:"cupones"`
	VentasCupones int64 `json:"ventas_cupones"`
	Ingresos      int64 `json:"ingresos"`
}

// Fees is what the platform charged the restaurant per coupon sold, and how
// much of it was collected from the card on file, today and over the
// period, with the period's days in Resumen.Serie's order. Billing is the
// owner's: only the owner's and the super admin's summary carries it.
type Fees struct {
	Hoy             int64   `json:"hoy"`
	HoyCobrados     int64   `json:"hoy_cobrados"`
	Periodo         int64   `json:"periodo"`
	PeriodoCobrados int64   `json:"periodo_cobrados"`
	Serie           []int64 `json:"serie"`
}

// Resumen is the panel's summary.
type Resumen struct {
	Moneda      string `json:"moneda"`
	ZonaHoraria string `json:"zona_horaria"`
	Dias        int    `json:"dias"`
	Hoy         Totals `json:"hoy"`
	Periodo     Totals `json:"periodo"`
	Serie       []Day  `json:"serie"`
	// Fees is nil unless the summary was asked for with its fees.
	Fees *Fees `json:"fees,omitempty"`
}

// Summary computes the restaurant's summary at the database clock's now,
// with the platform's fees when withFees (the owner's and the super
// admin's: a manager's summary does not read them). It only reads, and a
// report may lag by the replication delay: its reads go to the read
// replica when there is one (store.ReadReplica).
func (s *Service) Summary(ctx context.Context, t tenant.ID, withFees bool) (Resumen, error) {
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
	// at is the series' day a time falls on; false after today (a clock
	// skew: not counted).
	at := func(unix int64) (int, bool) {
		i, ok := index[time.Unix(unix, 0).In(loc).Format(time.DateOnly)]
		return i, ok
	}

	orders, err := ordering.PaidOrders(ctx, s.DB, t, since)
	if err != nil {
		return Resumen{}, err
	}
	for _, o := range orders {
		if i, ok := at(o.At); ok {
			r.Serie[i].Pedidos++
			r.Serie[i].VentasPedidos += o.Amount
		}
	}
	tips, err := ordering.PaidTips(ctx, s.DB, t, since)
	if err != nil {
		return Resumen{}, err
	}
	for _, p := range tips {
		if i, ok := at(p.At); ok {
			r.Serie[i].Propinas += p.Amount
		}
	}
	sales, err := offers.SoldSince(ctx, s.DB, t, since)
	if err != nil {
		return Resumen{}, err
	}
	for _, c := range sales {
		if i, ok := at(c.At); ok {
			r.Serie[i].Cupones++
			r.Serie[i].VentasCupones += c.Subtotal
		}
	}
	for i, d := range r.Serie {
		r.Periodo.add(d)
		if i == Days-1 {
			r.Hoy.add(d)
		}
	}
	if withFees {
		fees, err := billing.FeesSince(ctx, s.DB, t, since)
		if err != nil {
			return Resumen{}, err
		}
		r.Fees = &Fees{Serie: make([]int64, Days)}
		for _, f := range fees {
			i, ok := at(f.At)
			if !ok {
				continue
			}
			cobrado := f.Estado == "cobrado"
			r.Fees.Serie[i] += f.Amount
			r.Fees.Periodo += f.Amount
			if cobrado {
				r.Fees.PeriodoCobrados += f.Amount
			}
			if i == Days-1 {
				r.Fees.Hoy += f.Amount
				if cobrado {
					r.Fees.HoyCobrados += f.Amount
				}
			}
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
}

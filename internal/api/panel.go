package api

import (
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"carta/internal/money"
)

// The restaurant panel's summary, and the same as a file.

// summary answers the panel's summary; the platform's fees are billing,
// so only the owner's (and the super admin's) carries them.
func (s *Server) summary(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	sum, err := s.Panel.Summary(r.Context(), t, ownerAt(r, t))
	if err != nil {
		return err
	}
	return ok(w, sum)
}

// exportSummary answers the panel's summary by day as a CSV file (a row per
// day of the period: orders and their sales, the tips paid at the tables,
// coupons and their sales), amounts as plain decimals in the restaurant's
// currency, headers in the caller's language.
func (s *Server) exportSummary(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	sum, err := s.Panel.Summary(r.Context(), t, false) // the file has no fees
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="resumen-%d.csv"`, t.Int64()))
	w.Header().Set("Cache-Control", "no-store")
	_, _ = io.WriteString(w, "\ufeff") // so spreadsheet programs read the file as UTF-8
	out := csv.NewWriter(w)
	cur := " (" + sum.Moneda + ")"
	_ = out.Write([]string{msg(r, "fecha", "date"), msg(r, "pedidos", "orders"), msg(r, "ventas de pedidos", "order sales") + cur,
		msg(r, "propinas", "tips") + cur, msg(r, "cupones", "coupons"), msg(r, "ventas de cupones", "coupon sales") + cur})
	for _, d := range sum.Serie {
		_ = out.Write([]string{d.Fecha, strconv.FormatInt(d.Pedidos, 10), money.Decimal(d.VentasPedidos), money.Decimal(d.Propinas),
			strconv.FormatInt(d.Cupones, 10), money.Decimal(d.VentasCupones)})
	}
	out.Flush()
	return out.Error()
}

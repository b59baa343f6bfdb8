package api

import (
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"carta/internal/accounts"
	"carta/internal/limits"
	"carta/internal/tenant"
)

// The restaurant's customers ('Clientes': diners with accounts and guests),
// for its owner or a super admin: the list as JSON, and the contactable
// ones as a CSV file.

const (
	comensalesPage    = 50
	comensalesPageMax = 200
)

// rosterFilter reads ?q= (bounded) and, for a page, ?limit= (1–200, 50 by
// default) and ?cursor= (the previous page's siguiente).
func rosterFilter(r *http.Request, paged bool) (accounts.RosterFilter, error) {
	q := r.URL.Query()
	var f accounts.RosterFilter
	var err error
	if f.Query, err = limits.Search.Check(q.Get("q")); err != nil {
		return f, err
	}
	if !paged {
		return f, nil
	}
	if f.Limit, err = intParam(q.Get("limit"), comensalesPage, 1, comensalesPageMax); err != nil {
		return f, err
	}
	if raw := q.Get("cursor"); raw != "" {
		var okCursor bool
		if f.After, okCursor = accounts.ParseCursor(raw); !okCursor {
			return f, errPaging
		}
	}
	return f, nil
}

// comensalesAnswer is a page of diners with the restaurant's currency, in
// which their spending is shown.
type comensalesAnswer struct {
	accounts.RosterPage
	Moneda string `json:"moneda"`
}

// roster reads the checked restaurant of the path and the page of its
// diners the request asks for.
func (s *Server) roster(r *http.Request) (tenant.ID, accounts.RosterPage, error) {
	t, err := tenantInPath(r)
	if err != nil {
		return t, accounts.RosterPage{}, err
	}
	f, err := rosterFilter(r, true)
	if err != nil {
		return t, accounts.RosterPage{}, err
	}
	page, err := accounts.Roster(r.Context(), s.DB, t, f)
	return t, page, err
}

// listComensales answers a page of the restaurant's diners, latest visit
// first.
func (s *Server) listComensales(w http.ResponseWriter, r *http.Request) error {
	t, page, err := s.roster(r)
	if err != nil {
		return err
	}
	set, err := s.Menu.Settings(r.Context(), t)
	if err != nil {
		return err
	}
	return ok(w, comensalesAnswer{RosterPage: page, Moneda: set.Moneda})
}

// exportComensales answers the contactable customers (?q= as the list) as
// a CSV file: name, e-mail, phone (each only with the customer's consent),
// last visit in the restaurant's time zone, coupons bought, points, orders
// paid and whether they have an account or are a guest. The rows
// are written as they are read (accounts.EachComensal), so a large
// restaurant's file is never held whole; a failure once the file has
// started aborts the answer instead of ending it as if it were complete.
func (s *Server) exportComensales(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	f, err := rosterFilter(r, false)
	if err != nil {
		return err
	}
	f.Contactable = true
	// The export is recorded as it starts (the file is streamed: there is
	// no moment after it that the server could record).
	detalle := "Clientes contactables"
	if f.Query != "" {
		detalle += "; búsqueda: " + f.Query
	}
	if err := s.audit(r.Context(), s.DB, r, t, "comensales.exportar", "Lista de clientes (CSV)", detalle); err != nil {
		return err
	}
	cfg, err := s.Ordering.Config(r.Context(), t)
	if err != nil {
		return err
	}
	loc := cfg.Location()
	var out *csv.Writer
	start := func() {
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="clientes-%d.csv"`, t.Int64()))
		w.Header().Set("Cache-Control", "no-store")
		_, _ = io.WriteString(w, "\ufeff") // so spreadsheet programs read the file as UTF-8
		out = csv.NewWriter(w)
		_ = out.Write([]string{
			msg(r, "nombre", "name"), msg(r, "email", "e-mail"), msg(r, "teléfono", "phone"),
			msg(r, "última visita", "last visit"), msg(r, "cupones", "coupons"), msg(r, "puntos", "points"),
			msg(r, "pedidos", "orders"), msg(r, "tipo", "type"),
		})
	}
	err = accounts.EachComensal(r.Context(), s.DB, t, f, func(c accounts.Comensal) error {
		if out == nil {
			start()
		}
		_ = out.Write([]string{
			csvCell(c.Nombre), csvCell(c.Email), csvCell(c.Telefono),
			time.Unix(c.UltimaVisita, 0).In(loc).Format("2006-01-02 15:04"),
			strconv.FormatInt(c.Cupones, 10), strconv.FormatInt(c.Puntos, 10),
			strconv.FormatInt(c.Pedidos, 10), customerType(r, c),
		})
		return out.Error()
	})
	switch {
	case err != nil && out == nil:
		return err
	case err != nil:
		s.Log.WarnContext(r.Context(), "diners' export cut short", "err", err)
		panic(http.ErrAbortHandler)
	case out == nil:
		start()
	}
	out.Flush()
	return nil
}

// customerType is the export's "tipo": an account's customer, or a guest.
func customerType(r *http.Request, c accounts.Comensal) string {
	if c.Invitado {
		return msg(r, "invitado", "guest")
	}
	return msg(r, "cuenta", "account")
}

// csvCell neutralises a cell a spreadsheet would run as a formula (it
// starts with = + - @, a tab or a carriage return) by putting an
// apostrophe first, as OWASP advises; encoding/csv does the quoting.
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

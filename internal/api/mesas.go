package api

import (
	"context"
	"net/http"
	"strconv"

	"carta/internal/auth"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/qr"
	"carta/internal/respond"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Ordering and paying at the table: what a table's QR opens, orders placed
// from it, the tab the phones at the table share and its payments (public:
// the table's printed code, the tab's token and a payment's token are the
// secrets); the owner's dining-room settings and the floor's tabs.

// table answers what a table's printed code opens.
func (s *Server) table(w http.ResponseWriter, r *http.Request) error {
	id, err := parseClienteID(r.PathValue("cliente_id"))
	if err != nil {
		return ordering.ErrTableCode
	}
	info, err := s.Ordering.Table(r.Context(), id, r.PathValue("codigo"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return ok(w, info)
}

// placeTableOrder places an order from a table's QR.
func (s *Server) placeTableOrder(w http.ResponseWriter, r *http.Request) error {
	id, err := parseClienteID(r.PathValue("cliente_id"))
	if err != nil {
		return ordering.ErrTableCode
	}
	var in struct {
		Items  []ordering.LineRequest `json:"items"`
		Nota   string                 `json:"nota"`
		Idioma string                 `json:"idioma"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	placed, err := s.Ordering.PlaceAtTable(r.Context(), ordering.TableOrderInput{ClienteID: id, Codigo: r.PathValue("codigo"), Items: in.Items,
		Nota: in.Nota, Idioma: menu.Lang(in.Idioma), Address: s.clientIP(r)})
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, placed)
	return nil
}

// tabToken is the tab's token a phone sends.
func tabToken(r *http.Request) string {
	if t := r.Header.Get("X-Cuenta-Token"); t != "" {
		return t
	}
	return r.URL.Query().Get("t")
}

// dinersTab answers the tab to a phone that joined it.
func (s *Server) dinersTab(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", ordering.ErrTabNotFound)
	if err != nil {
		return err
	}
	v, err := s.Ordering.DinersTab(r.Context(), id, tabToken(r))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return ok(w, v)
}

// startTabPayment starts a diner's payment toward the tab.
func (s *Server) startTabPayment(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", ordering.ErrTabNotFound)
	if err != nil {
		return err
	}
	var in ordering.PayInput
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	in.Idioma = menu.Lang(in.Idioma)
	out, err := s.Ordering.StartTabPayment(r.Context(), id, tabToken(r), in)
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, out)
	return nil
}

// tabReceipt answers (GET) or gives up (DELETE) a tab payment, for the
// phone holding its token.
func (s *Server) tabReceipt(cancel bool) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := objectID(r, "id", ordering.ErrPayNotFound)
		if err != nil {
			return err
		}
		pago, err := objectID(r, "pago_id", ordering.ErrPayNotFound)
		if err != nil {
			return err
		}
		load := s.Ordering.Receipt
		if cancel {
			load = s.Ordering.CancelTabPayment
		}
		v, err := load(r.Context(), id, pago, r.URL.Query().Get("p"))
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "no-store")
		return ok(w, v)
	}
}

// saveTables replaces the restaurant's dining room (audited: how tables
// pay, the tips and pickup change what diners pay).
func (s *Server) saveTables(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	var in ordering.TablesInput
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	v, err := s.Ordering.SaveTables(r.Context(), t, in, s.recorder(r))
	if err != nil {
		return err
	}
	return ok(w, v)
}

// renewTableCodes gives every table a new printed code (audited: the old
// sheets stop working).
func (s *Server) renewTableCodes(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	v, err := s.Ordering.RenewCodes(r.Context(), t, s.recorder(r))
	if err != nil {
		return err
	}
	return ok(w, v)
}

// tableQR is one table's printable code.
type tableQR struct {
	ID  int64  `json:"id"`
	SVG string `json:"svg"`
}

// tablesQR answers the QR code of each active table's secret URL, drawn
// here with the server's QR library (the one the menu's code uses) so the
// browser carries no encoder. High error correction: printed codes get
// scratched. Drawn in the handler to keep internal/ordering free of drawing.
func (s *Server) tablesQR(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	v, err := s.Ordering.Tables(r.Context(), t)
	if err != nil {
		return err
	}
	out := struct {
		Mesas []tableQR `json:"mesas"`
	}{Mesas: make([]tableQR, 0, len(v.Mesas))}
	for _, m := range v.Mesas {
		b, err := qr.SVG(m.URL, true)
		if err != nil {
			return err
		}
		out.Mesas = append(out.Mesas, tableQR{ID: m.ID, SVG: string(b)})
	}
	// The codes are the tables' secrets: no cache keeps them.
	w.Header().Set("Cache-Control", "no-store")
	return ok(w, out)
}

// staffID is the signed-in staff person (0 for none).
func staffID(r *http.Request) int64 {
	if p := auth.FromContext(r.Context()); p.IsStaff() {
		return p.SubjectID()
	}
	return 0
}

// tabAction runs a staff action on the {cuenta_id} tab of the restaurant.
func (s *Server) tabAction(act func(w http.ResponseWriter, r *http.Request, t tenant.ID, id int64) (ordering.Tab, error)) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		t, err := tenantInPath(r)
		if err != nil {
			return err
		}
		id, err := objectID(r, "cuenta_id", ordering.ErrTabNotFound)
		if err != nil {
			return err
		}
		v, err := act(w, r, t, id)
		if err != nil {
			return err
		}
		return ok(w, v)
	}
}

// auditNote writes an audit entry about a tab in the action's transaction.
func (s *Server) auditNote(r *http.Request, t tenant.ID, accion string, id int64) func(context.Context, *store.Tx, string) error {
	rec := s.recorder(r)
	return func(ctx context.Context, tx *store.Tx, detalle string) error {
		return rec(ctx, tx, t, accion, "cuenta #"+strconv.FormatInt(id, 10), detalle)
	}
}

// staffTab answers one tab of the restaurant.
func (s *Server) staffTab(w http.ResponseWriter, r *http.Request) error {
	return s.tabAction(func(w http.ResponseWriter, r *http.Request, t tenant.ID, id int64) (ordering.Tab, error) {
		return s.Ordering.StaffTab(r.Context(), t, id)
	})(w, r)
}

// acceptTab is a waiter accepting a new pay-at-the-end tab.
func (s *Server) acceptTab(w http.ResponseWriter, r *http.Request) error {
	return s.tabAction(func(w http.ResponseWriter, r *http.Request, t tenant.ID, id int64) (ordering.Tab, error) {
		return s.Ordering.AcceptTab(r.Context(), t, id, staffID(r))
	})(w, r)
}

// closeTab closes a tab (with the reason when something is unpaid: audited).
func (s *Server) closeTab(w http.ResponseWriter, r *http.Request) error {
	return s.tabAction(func(w http.ResponseWriter, r *http.Request, t tenant.ID, id int64) (ordering.Tab, error) {
		var in struct {
			Motivo string `json:"motivo"`
		}
		if err := respond.Decode(w, r, &in); err != nil {
			return ordering.Tab{}, err
		}
		return s.Ordering.CloseTab(r.Context(), t, id, staffID(r), in.Motivo, s.auditNote(r, t, "cuenta.cerrar", id))
	})(w, r)
}

// moveTab moves a tab to another table.
func (s *Server) moveTab(w http.ResponseWriter, r *http.Request) error {
	return s.tabAction(func(w http.ResponseWriter, r *http.Request, t tenant.ID, id int64) (ordering.Tab, error) {
		var in struct {
			MesaID int64 `json:"mesa_id"`
		}
		if err := respond.Decode(w, r, &in); err != nil {
			return ordering.Tab{}, err
		}
		return s.Ordering.MoveTab(r.Context(), t, id, in.MesaID)
	})(w, r)
}

// recordTabPayment records a part paid at the table (audited).
func (s *Server) recordTabPayment(w http.ResponseWriter, r *http.Request) error {
	return s.tabAction(func(w http.ResponseWriter, r *http.Request, t tenant.ID, id int64) (ordering.Tab, error) {
		var in struct {
			Metodo  string `json:"metodo"`
			Importe int64  `json:"importe"`
			Propina int64  `json:"propina"`
		}
		if err := respond.Decode(w, r, &in); err != nil {
			return ordering.Tab{}, err
		}
		return s.Ordering.RecordTablePayment(r.Context(), t, id, staffID(r), in.Metodo, in.Importe, in.Propina, s.auditNote(r, t, "cuenta.cobro", id))
	})(w, r)
}

// refundTabPayment refunds the part a tab payment owes back through the
// restaurant's provider (super admin's 'Reembolsar', 'Reintentar'); it
// answers the payment's line of the one refunds list.
func (s *Server) refundTabPayment(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "pago_id", ordering.ErrPayNotFound)
	if err != nil {
		return err
	}
	line, err := s.Ordering.RefundTabPayment(r.Context(), id, s.recorder(r))
	if err != nil {
		return err
	}
	return ok(w, line)
}

// markTabPaymentRefunded records that the part a tab payment owes back was
// refunded by hand (super admin's 'Marcar como reembolsado'); it answers the
// payment's line of the one refunds list.
func (s *Server) markTabPaymentRefunded(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "pago_id", ordering.ErrPayNotFound)
	if err != nil {
		return err
	}
	line, err := s.Ordering.MarkTabPaymentRefunded(r.Context(), id, s.recorder(r))
	if err != nil {
		return err
	}
	return ok(w, line)
}

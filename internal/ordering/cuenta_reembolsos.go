package ordering

import (
	"context"
	"errors"
	"fmt"

	"carta/internal/apperr"
	"carta/internal/audit"
	"carta/internal/clientes"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Tab payments owed back in part. A tab payment owes back part of what it
// took (cuenta_pagos.reembolso) when it arrived late for what others had
// paid meanwhile, or when an order of its tab was cancelled after it was
// paid. That part is refunded through the provider that took the payment,
// under the refunds kind "cuenta" (objeto_id: the payment's id), from the
// super admin's one list of payments owed back; the manual mark stays for
// payments the provider cannot refund.

// ErrNoTabRefund: the tab payment owes nothing back.
var ErrNoTabRefund = apperr.E(apperr.Conflict, "Este pago de mesa no tiene nada por reembolsar.", "This table payment has nothing to refund.")

// useTabRefunds registers the kind "cuenta" with the refunds service.
func (s *Service) useTabRefunds(r *refunds.Service) {
	r.Handle(refunds.Cuenta, s.tabRefundChanged, s.changed)
	r.Lists(refunds.Cuenta, s.tabRefundLines)
}

// tabRefundChanged tells the tab's boards (the staff's 'Mesas') that a
// refund of one of its payments changed.
func (s *Service) tabRefundChanged(ctx context.Context, tx *store.Tx, r refunds.Refund) error {
	return addEvent(ctx, tx, r.ClienteID, 0, "cuenta")
}

// owedTabPayment is a paid tab payment that owes part of itself back.
type owedTabPayment struct {
	ID, CuentaID, ClienteID int64
	PaymentID, Moneda       string
	Importe, Propina        int64
	Reembolso               int64 // the part owed back, in cents
	PaidAt                  int64
	Mesa                    TableRef
	Restaurante             string
}

const owedTabCols = `pg.id, pg.cuenta_id, pg.cliente_id, pg.payment_id, pg.moneda, pg.importe, pg.propina, pg.reembolso, pg.paid_at, m.numero, m.nombre,
	COALESCE(NULLIF(cf.nombre_restaurante, ''), c.nombre)`

const owedTabFrom = ` FROM cuenta_pagos pg JOIN cuentas cu ON cu.id = pg.cuenta_id JOIN mesas m ON m.id = cu.mesa_id
	JOIN clientes c ON c.id = pg.cliente_id LEFT JOIN configuraciones cf ON cf.cliente_id = pg.cliente_id`

var scanOwedTab = store.Collect(func(row store.Scanner) (p owedTabPayment, err error) {
	err = row.Scan(&p.ID, &p.CuentaID, &p.ClienteID, &p.PaymentID, &p.Moneda, &p.Importe, &p.Propina, &p.Reembolso, &p.PaidAt, &p.Mesa.Numero,
		&p.Mesa.Nombre, &p.Restaurante)
	return p, err
})

// owed is what payment p gives back now: the part owed less what was given
// back or is being given back (refunds.Left), on the restaurant's provider.
func (p owedTabPayment) owed(conn clientes.POSConnection, rs []refunds.Refund) refunds.Owed {
	return refunds.Owed{Kind: refunds.Cuenta, ObjectID: p.ID, ClienteID: p.ClienteID, PaymentID: p.PaymentID, Provider: conn.Provider,
		Paid: p.Reembolso, Amount: refundable(p.Reembolso, refunds.Given(rs)), Currency: p.Moneda}
}

// line is payment p as a line of the one list of payments owed back.
func (p owedTabPayment) line(rs []refunds.Refund, why string) refunds.Line {
	// The table: its number, and its own name when it has one (the page names it 'Mesa 7' in
	// the reader's language otherwise).
	l := refunds.Line{Tipo: refunds.Cuenta, ID: p.ID, ClienteID: p.ClienteID, Restaurante: p.Restaurante, Descripcion: p.Mesa.Nombre, Numero: int64(p.Mesa.Numero),
		Total: p.Reembolso, Moneda: p.Moneda, PaymentID: p.PaymentID, Estado: refunds.Pendiente, PaidAt: p.PaidAt}
	l.Estado = refundState(p.Reembolso, rs)
	var last *refunds.Refund
	if n := len(rs); n > 0 {
		last = &rs[n-1]
		if l.Estado == refunds.Reembolsado {
			l.RefundedAt = last.RefundedAt
		}
	}
	l.Detalle = refunds.Describe(last, why)
	return l
}

// refundState is where the part owed of a payment stands given its refunds:
// reembolsado once all of it was given back, else pendiente.
func refundState(owed int64, rs []refunds.Refund) string {
	if len(rs) > 0 && refundable(owed, refunds.Given(rs)) == 0 && !inFlight(rs) {
		return refunds.Reembolsado
	}
	return refunds.Pendiente
}

func inFlight(rs []refunds.Refund) bool {
	for _, r := range rs {
		if r.Estado == refunds.Pendiente {
			return true
		}
	}
	return false
}

// tabRefundLines are the tab payments that owe part of themselves back, as
// lines of the one list of every kind's (at most 500).
func (s *Service) tabRefundLines(ctx context.Context) ([]refunds.Line, error) {
	ps, err := scanOwedTab(s.DB.Query(ctx, `SELECT `+owedTabCols+owedTabFrom+` WHERE pg.reembolso > 0 AND pg.estado = 'pagado' ORDER BY pg.paid_at, pg.id LIMIT 500`))
	if err != nil {
		return nil, err
	}
	out := make([]refunds.Line, 0, len(ps))
	conns := map[int64]clientes.POSConnection{}
	for _, p := range ps {
		conn, ok := conns[p.ClienteID]
		if !ok {
			if conn, err = clientes.GetPOSConnection(ctx, s.DB, tenant.FromRecord(p.ClienteID)); err != nil {
				return nil, err
			}
			conns[p.ClienteID] = conn
		}
		rs, err := refunds.Of(ctx, s.DB, refunds.Cuenta, p.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, p.line(rs, s.Refunds.Can(conn, p.PaymentID)))
	}
	return out, nil
}

// owedTab is a paid tab payment that owes part of itself back, locked for
// the transaction, with its refunds and the restaurant's POS connection;
// ErrPayNotFound when there is no such payment, ErrNoTabRefund when it owes
// nothing back (or is not a paid payment).
func owedTab(ctx context.Context, tx *store.Tx, id int64) (owedTabPayment, []refunds.Refund, clientes.POSConnection, error) {
	var none clientes.POSConnection
	if _, err := tx.Exec(ctx, `UPDATE cuenta_pagos SET updated_at = updated_at WHERE id = ?`, id); err != nil {
		return owedTabPayment{}, nil, none, err
	}
	ps, err := scanOwedTab(tx.Query(ctx, `SELECT `+owedTabCols+owedTabFrom+` WHERE pg.id = ? AND pg.estado = 'pagado' AND pg.reembolso > 0`, id))
	if err != nil {
		return owedTabPayment{}, nil, none, err
	}
	if len(ps) == 0 {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM cuenta_pagos WHERE id = ?`, id).Scan(&n); err != nil {
			return owedTabPayment{}, nil, none, err
		}
		if n == 0 {
			return owedTabPayment{}, nil, none, ErrPayNotFound
		}
		return owedTabPayment{}, nil, none, ErrNoTabRefund
	}
	rs, err := refunds.Of(ctx, tx, refunds.Cuenta, id)
	if err != nil {
		return owedTabPayment{}, nil, none, err
	}
	conn, err := clientes.GetPOSConnection(ctx, tx, tenant.FromRecord(ps[0].ClienteID))
	return ps[0], rs, conn, err
}

// auditObject names a tab payment in the audit log.
func (p owedTabPayment) auditObject() string {
	return fmt.Sprintf("Pago %d de la cuenta %d (%s)", p.ID, p.CuentaID, p.Mesa.label())
}

// RefundTabPayment asks the provider to refund the part a tab payment owes
// back (the super admin's 'Reembolsar', 'Reintentar'): what is left of it,
// never more. Two clicks make one refund; a retry after no answer asks under
// the same idempotency key. It answers the payment's line of the one list.
//
// The request is recorded in the audit log by rec, in its transaction.
func (s *Service) RefundTabPayment(ctx context.Context, id int64, rec ...audit.Recorder) (refunds.Line, error) {
	var rid int64
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		p, rs, conn, err := owedTab(ctx, tx, id)
		if err != nil {
			return err
		}
		if why := s.Refunds.Can(conn, p.PaymentID); why != "" {
			return refunds.ErrCannot(why)
		}
		o := p.owed(conn, rs)
		if o.Amount == 0 && !inFlight(rs) {
			return refunds.ErrNothingLeft
		}
		r, err := s.Refunds.Start(ctx, tx, o)
		if err != nil {
			return err
		}
		rid = r.ID
		if err := audit.Note(ctx, tx, rec, tenant.FromRecord(p.ClienteID), "cuenta.reembolsar", p.auditObject(),
			fmt.Sprintf("Importe: %s; proveedor: %s", audit.Amount(r.Amount, p.Moneda), conn.Provider)); err != nil {
			return err
		}
		return addEvent(ctx, tx, p.ClienteID, 0, "cuenta")
	})
	if err != nil {
		return refunds.Line{}, err
	}
	s.changed()
	s.Refunds.After(ctx, rid)
	return s.tabRefundLine(ctx, id)
}

// MarkTabPaymentRefunded records that the part a tab payment owes back was
// given back by hand (the provider could not, or it was refunded in the
// provider's dashboard). A refund under way with the provider refuses it.
func (s *Service) MarkTabPaymentRefunded(ctx context.Context, id int64, rec ...audit.Recorder) (refunds.Line, error) {
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		p, rs, conn, err := owedTab(ctx, tx, id)
		if err != nil {
			return err
		}
		r, err := s.Refunds.MarkManual(ctx, tx, p.owed(conn, rs))
		if err != nil {
			return err
		}
		if err := audit.Note(ctx, tx, rec, tenant.FromRecord(p.ClienteID), "cuenta.reembolso_manual", p.auditObject(),
			"Importe: "+audit.Amount(r.Amount, p.Moneda)); err != nil {
			return err
		}
		return addEvent(ctx, tx, p.ClienteID, 0, "cuenta")
	})
	if err != nil {
		return refunds.Line{}, err
	}
	s.changed()
	return s.tabRefundLine(ctx, id)
}

// tabRefundLine is one tab payment's line of the one list.
func (s *Service) tabRefundLine(ctx context.Context, id int64) (refunds.Line, error) {
	ps, err := scanOwedTab(s.DB.Query(ctx, `SELECT `+owedTabCols+owedTabFrom+` WHERE pg.id = ?`, id))
	if err != nil {
		return refunds.Line{}, err
	}
	if len(ps) == 0 {
		return refunds.Line{}, ErrPayNotFound
	}
	rs, err := refunds.Of(ctx, s.DB, refunds.Cuenta, id)
	if err != nil {
		return refunds.Line{}, err
	}
	conn, err := clientes.GetPOSConnection(ctx, s.DB, tenant.FromRecord(ps[0].ClienteID))
	if err != nil {
		return refunds.Line{}, err
	}
	return ps[0].line(rs, s.Refunds.Can(conn, ps[0].PaymentID)), nil
}

// tabOrderCancelled records, in the cancellation's transaction, what
// cancelling order p of a tab changes in the tab's money:
//
//  1. the payments under way toward the tab end (their amounts were computed
//     on the old total); one the diner completes anyway is a late payment,
//     and what it takes beyond what is left is owed back;
//  2. a paid payment that covered lines of the cancelled order owes back
//     what those lines cost;
//  3. whatever the tab's paid payments still took beyond its new total is
//     owed back by the latest payments first (owedBack).
//
// A pay-at-the-end tab with nothing left to pay then closes itself.
func (s *Service) tabOrderCancelled(ctx context.Context, tx *store.Tx, p Pedido) error {
	if p.CuentaID == 0 {
		return nil
	}
	c, err := lockTab(ctx, tx, p.CuentaID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	} else if err != nil {
		return err
	}
	pending, err := ids(tx.Query(ctx, `SELECT id FROM cuenta_pagos WHERE cuenta_id = ? AND estado = 'pendiente_pago' ORDER BY id`, c.ID))
	if err != nil {
		return err
	}
	for _, id := range pending {
		if _, err := endPaymentTx(ctx, tx, id, "cancelado"); err != nil {
			return err
		}
	}
	// 2. The cancelled order's lines that a paid payment covered.
	subs := make([]int64, len(p.Lineas))
	for i, l := range p.Lineas {
		subs[i] = l.Subtotal
	}
	costs := lineCosts(subs, p.Impuestos, p.ImpuestosIncluidos)
	rows, err := tx.Query(ctx, `SELECT cl.pago_id, cl.posicion FROM cuenta_pago_lineas cl JOIN cuenta_pagos pg ON pg.id = cl.pago_id
		WHERE cl.pedido_id = ? AND cl.activa = 1 AND pg.estado = 'pagado' ORDER BY cl.pago_id, cl.posicion`, p.ID)
	if err != nil {
		return err
	}
	byPayment := map[int64]int64{}
	var order []int64
	for rows.Next() {
		var pago int64
		var pos int
		if err := rows.Scan(&pago, &pos); err != nil {
			rows.Close()
			return err
		}
		if pos >= 0 && pos < len(costs) {
			if _, ok := byPayment[pago]; !ok {
				order = append(order, pago)
			}
			byPayment[pago] += costs[pos].Importe
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, pago := range order {
		if _, err := tx.Exec(ctx, `UPDATE cuenta_pagos SET reembolso = CASE WHEN reembolso + ? > importe THEN importe ELSE reembolso + ? END, updated_at = ?
			WHERE id = ?`, byPayment[pago], byPayment[pago], tx.NowUnix(), pago); err != nil {
			return err
		}
	}
	// 3. What the paid payments still take beyond the new total.
	v, err := s.tabSums(ctx, tx, c)
	if err != nil {
		return err
	}
	if over := v.Pagado - v.Total; over > 0 {
		var paid []TabPayment
		var rooms []int64
		for _, pg := range v.Pagos {
			if pg.Estado == "pagado" {
				paid = append(paid, pg)
				rooms = append(rooms, pg.Importe-pg.Reembolso)
			}
		}
		for i, add := range owedBack(over, rooms) {
			if add == 0 {
				continue
			}
			if _, err := tx.Exec(ctx, `UPDATE cuenta_pagos SET reembolso = reembolso + ?, updated_at = ? WHERE id = ?`, add, tx.NowUnix(), paid[i].ID); err != nil {
				return err
			}
		}
	}
	return s.closeIfPaid(ctx, tx, c)
}

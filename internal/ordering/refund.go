package ordering

import (
	"context"
	"errors"
	"fmt"

	"carta/internal/audit"
	"carta/internal/clientes"
	"carta/internal/mail"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Refunds of cancelled orders: cancelling a paid order records its refund in the cancellation's
// transaction and asks the provider once that commits ('Cancelar pedido' is the one click);
// 'Reembolsar' asks again for one the provider refused or did not answer; 'Marcar como
// reembolsado' stays for payments the provider cannot refund. The refunds module runs the
// refund's life and tells refundChanged of every outcome.

// UseRefunds makes r this service's refunds and registers what an order does when its refund
// changes.
func (s *Service) UseRefunds(r *refunds.Service) {
	s.Refunds = r
	r.Handle(refunds.Pedido, s.refundChanged, s.changed)
	r.Lists(Kind, s.refundLines)
	s.useTabRefunds(r)
}

// refundLines are the orders of RefundsOwed as lines of the one list of every kind's.
func (s *Service) refundLines(ctx context.Context) ([]refunds.Line, error) {
	rs, err := s.RefundsOwed(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]refunds.Line, 0, len(rs))
	for _, r := range rs {
		out = append(out, refunds.Line{Tipo: Kind, ID: r.PedidoID, ClienteID: r.ClienteID, Restaurante: r.Restaurante, Numero: r.Numero,
			Email: r.Email, Total: r.Total, Moneda: r.Moneda, Motivo: r.Motivo, PaymentID: r.PaymentID, Estado: r.Estado, PaidAt: r.PaidAt,
			RefundedAt: r.RefundedAt, Detalle: r.Detalle})
	}
	return out, nil
}

// owed is what order p's payment owes back in full, on the restaurant's provider conn.
func owed(p Pedido, conn clientes.POSConnection) refunds.Owed {
	return refunds.Owed{Kind: refunds.Pedido, ObjectID: p.ID, ClienteID: p.ClienteID, PaymentID: p.paymentID, Provider: conn.Provider,
		Paid: p.Total, Amount: p.Total, Currency: p.Moneda}
}

// startRefund records, in the cancellation's transaction, the refund of a cancelled order's
// payment when its provider can make it; 0 when it cannot (the manual mark is offered).
func (s *Service) startRefund(ctx context.Context, tx *store.Tx, t tenant.ID, p Pedido) (int64, error) {
	if p.paymentID == "" {
		return 0, nil
	}
	conn, err := clientes.GetPOSConnection(ctx, tx, t)
	if err != nil {
		return 0, err
	}
	if s.Refunds.Can(conn, p.paymentID) != "" {
		return 0, nil
	}
	r, err := s.Refunds.Start(ctx, tx, owed(p, conn))
	return r.ID, err
}

// Refund asks the provider to refund a cancelled order's payment: the first time for one the
// provider could not take at its cancellation, or again after a failure. Two clicks make one
// refund. It answers the order as it is afterwards.
//
// The request is recorded in the audit log by rec, in its transaction.
func (s *Service) Refund(ctx context.Context, t tenant.ID, id int64, rec ...audit.Recorder) (Pedido, error) {
	var rid int64
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		p, conn, err := owedOrder(ctx, tx, t, id)
		if err != nil {
			return err
		}
		if why := s.Refunds.Can(conn, p.paymentID); why != "" {
			return refunds.ErrCannot(why)
		}
		r, err := s.Refunds.Start(ctx, tx, owed(p, conn))
		if err != nil {
			return err
		}
		rid = r.ID
		if err := audit.Note(ctx, tx, rec, t, "pedido.reembolsar", p.auditObject(),
			fmt.Sprintf("Importe: %s; proveedor: %s", audit.Amount(p.Total, p.Moneda), conn.Provider)); err != nil {
			return err
		}
		return addEvent(ctx, tx, t.Int64(), id, "reembolso")
	})
	if err != nil {
		return Pedido{}, err
	}
	s.changed()
	s.Refunds.After(ctx, rid)
	return s.staffView(ctx, t, id)
}

// refundChanged records, in the outcome's transaction, what a refund of an order changed: a
// refunded payment marks the order refunded and e-mails the diner; every outcome reaches the
// boards.
func (s *Service) refundChanged(ctx context.Context, tx *store.Tx, r refunds.Refund) error {
	if r.Estado == refunds.Reembolsado {
		if err := s.markRefunded(ctx, tx, r.ObjectID); err != nil {
			return err
		}
	}
	return addEvent(ctx, tx, r.ClienteID, r.ObjectID, "reembolso")
}

// markRefunded marks an order's refund done and e-mails the diner (when the
// order has an e-mail: a table order has none), once.
func (s *Service) markRefunded(ctx context.Context, tx *store.Tx, id int64) error {
	now := tx.NowUnix()
	res, err := tx.Exec(ctx, `UPDATE pedidos SET reembolso = 'reembolsado', reembolsado_at = ?, updated_at = ? WHERE id = ? AND reembolso = 'pendiente'`,
		now, now, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrNoRefund
	}
	p, err := getPedido(ctx, tx, id)
	if err != nil {
		return err
	}
	if p.Email == "" {
		return nil // a table order has no e-mail: its tab's page shows the refund
	}
	lugar, err := readLugar(ctx, tx, p.ClienteID)
	if err != nil {
		return err
	}
	m := refundMail(p.inItsLanguage(), s.orderURL(p.ClienteID, p.ID, p.token), lugar.pais)
	_, err = mail.Enqueue(ctx, tx, mail.OutboxMessage{Kind: "refunded", To: p.Email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
	return err
}

// staffView reads an order of the restaurant for staff, with its refund's status.
func (s *Service) staffView(ctx context.Context, t tenant.ID, id int64) (Pedido, error) {
	p, err := staffOrder(ctx, s.DB, t, id)
	if err != nil {
		return p, err
	}
	ps := []Pedido{p}
	err = s.refundDetails(ctx, s.DB, ps)
	return ps[0], err
}

// refundDetails fills in where each order's refund stands and whether its provider can refund it.
func (s *Service) refundDetails(ctx context.Context, q store.Querier, ps []Pedido) error {
	if len(ps) == 0 {
		return nil
	}
	ids := make([]int64, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	latest, err := refunds.Latest(ctx, q, refunds.Pedido, ids)
	if err != nil {
		return err
	}
	conns := map[int64]clientes.POSConnection{}
	for i := range ps {
		conn, ok := conns[ps[i].ClienteID]
		if !ok {
			if conn, err = clientes.GetPOSConnection(ctx, q, tenant.FromRecord(ps[i].ClienteID)); err != nil {
				return err
			}
			conns[ps[i].ClienteID] = conn
		}
		var last *refunds.Refund
		if r, ok := latest[ps[i].ID]; ok {
			last = &r
		}
		ps[i].ReembolsoDetalle = refunds.Describe(last, s.Refunds.Can(conn, ps[i].paymentID))
	}
	return nil
}

// owedOrder is a cancelled order of the restaurant whose payment is owed
// back, locked for the transaction, with the restaurant's POS connection;
// ErrNotFound, or ErrNoRefund when nothing is owed.
func owedOrder(ctx context.Context, tx *store.Tx, t tenant.ID, id int64) (Pedido, clientes.POSConnection, error) {
	if _, err := lockRecord(ctx, tx, id); errors.Is(err, store.ErrNotFound) {
		return Pedido{}, clientes.POSConnection{}, ErrNotFound
	} else if err != nil {
		return Pedido{}, clientes.POSConnection{}, err
	}
	p, err := staffOrder(ctx, tx, t, id)
	if err != nil {
		return Pedido{}, clientes.POSConnection{}, err
	}
	if p.Reembolso != "pendiente" {
		return Pedido{}, clientes.POSConnection{}, ErrNoRefund
	}
	conn, err := clientes.GetPOSConnection(ctx, tx, t)
	return p, conn, err
}

// auditObject names an order in the audit log: its number of the day and
// its diner.
func (p Pedido) auditObject() string {
	return fmt.Sprintf("Pedido #%d (%s)", p.Numero, p.Nombre)
}

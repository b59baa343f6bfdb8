package offers

import (
	"context"
	"errors"
	"fmt"

	"carta/internal/accounts"
	"carta/internal/audit"
	"carta/internal/clientes"
	"carta/internal/mail"
	"carta/internal/menu"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Refunds of coupon payments that could not be honoured (the offer sold out while the diner
// paid): the super admin's 'Reembolsar' asks the restaurant's provider, the payment having gone
// to the restaurant's account; 'Marcar como reembolsado' stays for payments the provider cannot
// refund. The refunds module runs the refund's life and tells refundChanged of every outcome.

// UseRefunds makes r this service's refunds and registers what a purchase does when its refund
// changes.
func (s *Service) UseRefunds(r *refunds.Service) {
	s.Refunds = r
	r.Handle(refunds.Compra, s.refundChanged, nil)
	r.Lists(Kind, s.refundLines)
}

// refundLines are the purchases of RefundsOwed as lines of the one list of every kind's.
func (s *Service) refundLines(ctx context.Context) ([]refunds.Line, error) {
	rs, err := s.RefundsOwed(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]refunds.Line, 0, len(rs))
	for _, r := range rs {
		out = append(out, refunds.Line{Tipo: Kind, ID: r.CompraID, ClienteID: r.ClienteID, Restaurante: r.Restaurante, Descripcion: r.Descripcion,
			Email: r.Email, Total: r.Total, Moneda: r.Moneda, Motivo: r.Motivo, PaymentID: r.PaymentID, Estado: r.Estado, PaidAt: r.PaidAt,
			RefundedAt: r.RefundedAt, Detalle: r.Detalle})
	}
	return out, nil
}

// owedPurchase is a refund of what is left of a purchase's payment, locked in tx; ErrNoRefund
// when nothing is owed.
func owedPurchase(ctx context.Context, tx *store.Tx, compraID int64) (refunds.Owed, clientes.POSConnection, error) {
	if err := lockCompra(ctx, tx, compraID); errors.Is(err, store.ErrNotFound) {
		return refunds.Owed{}, clientes.POSConnection{}, ErrNoRefund
	} else if err != nil {
		return refunds.Owed{}, clientes.POSConnection{}, err
	}
	var o refunds.Owed
	var estado string
	err := tx.QueryRow(ctx, `SELECT id, cliente_id, payment_id, total, reembolso FROM compras WHERE id = ?`, compraID).
		Scan(&o.ObjectID, &o.ClienteID, &o.PaymentID, &o.Paid, &estado)
	if err != nil {
		return o, clientes.POSConnection{}, err
	}
	if estado != "pendiente" {
		return o, clientes.POSConnection{}, ErrNoRefund
	}
	t := tenant.FromRecord(o.ClienteID)
	conn, err := clientes.GetPOSConnection(ctx, tx, t)
	if err != nil {
		return o, conn, err
	}
	if o.Currency, err = menu.Currency(ctx, tx, t); err != nil {
		return o, conn, err
	}
	o.Kind, o.Amount, o.Provider = refunds.Compra, o.Paid, conn.Provider
	return o, conn, nil
}

// Refund asks the restaurant's provider to give a purchase's payment back (super admin): the first
// time, or again after a failure; two clicks make one refund. It answers the purchase's line of
// the refunds list as it is afterwards.
//
// The request is recorded in the purchase's restaurant's audit log by rec, in its transaction.
func (s *Service) Refund(ctx context.Context, compraID int64, rec ...audit.Recorder) (Refund, error) {
	var rid int64
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		o, conn, err := owedPurchase(ctx, tx, compraID)
		if err != nil {
			return err
		}
		if why := s.Refunds.Can(conn, o.PaymentID); why != "" {
			return refunds.ErrCannot(why)
		}
		r, err := s.Refunds.Start(ctx, tx, o)
		if err != nil {
			return err
		}
		rid = r.ID
		return s.note(ctx, tx, rec, o, "compra.reembolsar", "Importe: %s; proveedor: %s", audit.Amount(o.Amount, o.Currency), o.Provider)
	})
	if err != nil {
		return Refund{}, err
	}
	s.Refunds.After(ctx, rid)
	return s.refundLine(ctx, compraID)
}

// MarkRefunded records that a purchase's payment was refunded by hand (super admin) and tells the
// diner. A refund under way with the provider refuses it.
//
// The mark is recorded in the purchase's restaurant's audit log by rec, in its transaction.
func (s *Service) MarkRefunded(ctx context.Context, compraID int64, rec ...audit.Recorder) error {
	return s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		o, _, err := owedPurchase(ctx, tx, compraID)
		if err != nil {
			return err
		}
		if _, err := s.Refunds.MarkManual(ctx, tx, o); err != nil {
			return err
		}
		if err := s.note(ctx, tx, rec, o, "compra.reembolso_manual", "Importe: %s", audit.Amount(o.Amount, o.Currency)); err != nil {
			return err
		}
		return s.markRefunded(ctx, tx, compraID)
	})
}

// refundChanged records, in the outcome's transaction, that a purchase's refund was made.
func (s *Service) refundChanged(ctx context.Context, tx *store.Tx, r refunds.Refund) error {
	if r.Estado != refunds.Reembolsado {
		return nil
	}
	return s.markRefunded(ctx, tx, r.ObjectID)
}

// markRefunded marks a purchase's refund done and e-mails the diner, once.
func (s *Service) markRefunded(ctx context.Context, tx *store.Tx, compraID int64) error {
	if err := MarkRefunded(ctx, tx, compraID); err != nil {
		return found(err, ErrNoRefund)
	}
	c, err := getCompra(ctx, tx, compraID)
	if err != nil || c.UsuarioID == nil {
		return err
	}
	u, err := accounts.Get(ctx, tx, tenant.DinerFromRecord(*c.UsuarioID))
	if err != nil {
		return err
	}
	moneda, pais, err := menu.Local(ctx, tx, tenant.FromRecord(c.ClienteID))
	if err != nil {
		return err
	}
	m := RefundDoneMail(c.Idioma, u.Nombre, c.title(), c.Total, moneda, pais, s.BaseURL)
	_, err = mail.Enqueue(ctx, tx, mail.OutboxMessage{Kind: "refunded", To: u.Email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
	return err
}

// refundLine is one purchase's line of the refunds list.
func (s *Service) refundLine(ctx context.Context, compraID int64) (Refund, error) {
	rs, err := listRefunds(ctx, s.DB, `co.id = ?`, compraID)
	if err != nil {
		return Refund{}, err
	}
	if len(rs) == 0 {
		return Refund{}, ErrNoRefund
	}
	if err := s.refundDetails(ctx, rs); err != nil {
		return Refund{}, err
	}
	return rs[0], nil
}

// refundDetails fills in where each payment's refund stands and whether its provider can refund it.
func (s *Service) refundDetails(ctx context.Context, rs []Refund) error {
	ids := make([]int64, len(rs))
	for i, r := range rs {
		ids[i] = r.CompraID
	}
	latest, err := refunds.Latest(ctx, s.DB, refunds.Compra, ids)
	if err != nil {
		return err
	}
	conns := map[int64]clientes.POSConnection{}
	for i := range rs {
		conn, ok := conns[rs[i].ClienteID]
		if !ok {
			if conn, err = clientes.GetPOSConnection(ctx, s.DB, tenant.FromRecord(rs[i].ClienteID)); err != nil {
				return err
			}
			conns[rs[i].ClienteID] = conn
		}
		var last *refunds.Refund
		if r, ok := latest[rs[i].CompraID]; ok {
			last = &r
		}
		rs[i].Detalle = refunds.Describe(last, s.Refunds.Can(conn, rs[i].PaymentID))
	}
	return nil
}

// note records a super admin's action on a purchase owed a refund in its
// restaurant's audit log: the purchase and its offer, and the particulars.
func (s *Service) note(ctx context.Context, tx *store.Tx, rec []audit.Recorder, o refunds.Owed, accion, format string, args ...any) error {
	if len(rec) == 0 {
		return nil
	}
	c, err := getCompra(ctx, tx, o.ObjectID)
	if err != nil {
		return err
	}
	return audit.Note(ctx, tx, rec, tenant.FromRecord(o.ClienteID), accion, fmt.Sprintf("Compra #%d (%s)", o.ObjectID, c.title()),
		fmt.Sprintf(format, args...))
}

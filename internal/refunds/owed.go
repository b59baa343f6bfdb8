package refunds

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// Line is one payment owed back, or refunded lately, in the one list of every kind's (the super
// admin's 'refunds owed'): what the kind that took it knows of it, and where its refund stands.
type Line struct {
	// Tipo is the checkout kind of the purchase: "cupon" (a coupon purchase), "pedido" (an
	// online order), "cuenta" (a table's tab payment, of which only a part is owed back); ID is
	// the kind's own id of it (compra_id, pedido_id, the tab payment's id).
	Tipo        string `json:"tipo"`
	ID          int64  `json:"id"`
	ClienteID   int64  `json:"cliente_id"`
	Restaurante string `json:"restaurante"`
	// Descripcion is what was bought (a coupon's description; empty for an order; a tab
	// payment's table's own name), Numero the order's number of the day (0 for a coupon; a tab
	// payment's table's number). Total is what is owed back: for a tab payment, the part.
	Descripcion string `json:"descripcion"`
	Numero      int64  `json:"numero"`
	Email       string `json:"email"`
	Total       int64  `json:"total"`
	Moneda      string `json:"moneda"`
	Motivo      string `json:"motivo"`
	PaymentID   string `json:"payment_id"`
	// Estado is the payment's refund: pendiente (owed) or reembolsado.
	Estado     string `json:"reembolso"`
	PaidAt     int64  `json:"paid_at"`
	RefundedAt int64  `json:"reembolsado_at"`
	Detalle    Status `json:"reembolso_detalle"`
}

// Lister lists a kind's payments owed back, then its latest refunded.
type Lister func(ctx context.Context) ([]Line, error)

// Lists registers how a kind lists its payments owed back (its lines' Tipo); Owed asks every
// registered kind, in the order they registered.
func (s *Service) Lists(kind string, l Lister) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.listers = append(s.listers, lister{kind, l})
}

type lister struct {
	kind string
	list Lister
}

// Owed is the one list of payments owed back, of every kind (the super admin's): those to refund
// first, oldest paid first, then the latest refunded.
func (s *Service) Owed(ctx context.Context) ([]Line, error) {
	s.mu.Lock()
	ls := slices.Clone(s.listers)
	s.mu.Unlock()
	out := []Line{}
	for _, l := range ls {
		lines, err := l.list(ctx)
		if err != nil {
			return nil, fmt.Errorf("refunds owed (%s): %w", l.kind, err)
		}
		out = append(out, lines...)
	}
	slices.SortStableFunc(out, func(a, b Line) int {
		return cmp.Or(cmp.Compare(owedFirst(a), owedFirst(b)), cmp.Compare(a.PaidAt, b.PaidAt))
	})
	return out, nil
}

// owedFirst orders a line: a payment still owed (pendiente) before one refunded.
func owedFirst(l Line) int {
	if l.Estado == Pendiente {
		return 0
	}
	return 1
}

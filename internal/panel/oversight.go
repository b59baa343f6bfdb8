package panel

import (
	"context"

	"carta/internal/billing"
	"carta/internal/clientes"
	"carta/internal/mail"
	"carta/internal/offers"
	"carta/internal/ordering"
)

// Oversight is what needs the super admin's attention across the
// platform: the counts behind the dashboard's badges.
type Oversight struct {
	Clientes         clientes.Counts `json:"clientes"`
	Outbox           map[string]int  `json:"outbox"`
	FeesFallidas     int             `json:"fees_fallidas"`
	Reembolsos       int             `json:"reembolsos_pendientes"`
	PedidoReembolsos int             `json:"pedidos_reembolso_pendientes"`
	CuentaReembolsos int             `json:"cuentas_reembolso_pendientes"`
}

// Oversight counts the platform's restaurants by state, the outbox by
// status, the failed fees and the refunds owed (coupons, orders, tab payments), each
// through the SQL function of the domain that owns the rows. It is the
// super admin's: it reads every restaurant.
func (s *Service) Oversight(ctx context.Context) (Oversight, error) {
	var o Oversight
	var err error
	if o.Clientes, err = clientes.Count(ctx, s.DB); err != nil {
		return o, err
	}
	if o.Outbox, err = mail.CountByStatus(ctx, s.DB); err != nil {
		return o, err
	}
	if o.FeesFallidas, err = billing.CountFailedFees(ctx, s.DB); err != nil {
		return o, err
	}
	if o.Reembolsos, err = offers.PendingRefunds(ctx, s.DB); err != nil {
		return o, err
	}
	if o.PedidoReembolsos, err = ordering.PendingRefunds(ctx, s.DB); err != nil {
		return o, err
	}
	o.CuentaReembolsos, err = ordering.PendingTabRefunds(ctx, s.DB)
	return o, err
}

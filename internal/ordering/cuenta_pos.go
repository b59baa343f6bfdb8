package ordering

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"carta/internal/pos"
	"carta/internal/store"
)

// A tab in the POS: one POS order per tab, titled with the table and of the
// order type "Carta — mesa" (created on first use), opened when the tab's
// first order is sent; each order of the tab adds its lines to it as a
// batch named by the order's reference, and each payment is recorded on it
// with its tip. Every call is idempotent by reference, so the retries of
// the POS job (the pickup orders' back-off) never add or pay twice.

// errNoTabs: the restaurant's POS cannot keep tabs (an adapter without the
// port); its table orders are retried like any POS failure.
var errNoTabs = errors.New("ordering: the POS cannot keep table tabs")

func tabRef(id int64) string { return "carta-cuenta-" + strconv.FormatInt(id, 10) }

// isTableOrder reports whether an order belongs to a tab.
func isTableOrder(ctx context.Context, q store.Querier, id int64) bool {
	var c int64
	_ = q.QueryRow(ctx, `SELECT COALESCE(cuenta_id, 0) FROM pedidos WHERE id = ?`, id).Scan(&c)
	return c != 0
}

// tabPOSOrder is the tab's POS order, opened now when it has none.
func (s *Service) tabPOSOrder(ctx context.Context, tabs pos.Tabs, cuentaID int64) (string, error) {
	c, err := getTab(ctx, s.DB, cuentaID)
	if err != nil {
		return "", err
	}
	if c.PosOrderID != "" {
		return c.PosOrderID, nil
	}
	var m TableRef
	if err := s.DB.QueryRow(ctx, `SELECT id, numero, nombre FROM mesas WHERE id = ?`, c.MesaID).Scan(&m.ID, &m.Numero, &m.Nombre); err != nil {
		return "", err
	}
	id, err := tabs.OpenTab(ctx, pos.Tab{Title: m.label(), OrderType: TableOrderType, Reference: tabRef(c.ID), Note: "Carta"})
	if err != nil {
		return "", err
	}
	_, err = s.DB.Exec(ctx, `UPDATE cuentas SET pos_order_id = ? WHERE id = ? AND pos_order_id = ''`, id, c.ID)
	return id, err
}

// sendTableOrder adds a table order's lines to its tab's POS order (and,
// paid on its own, its payment) and answers the tab's POS order id.
func (s *Service) sendTableOrder(ctx context.Context, orders pos.Orders, p Pedido, lines []pos.OrderLine) (string, error) {
	tabs, ok := orders.(pos.Tabs)
	if !ok {
		return "", errNoTabs
	}
	id, err := s.tabPOSOrder(ctx, tabs, p.CuentaID)
	if err != nil {
		return "", err
	}
	if err := tabs.AddLines(ctx, id, orderRef(p.ID), lines); err != nil {
		return "", err
	}
	if p.paymentID != "" {
		err = tabs.RecordPayment(ctx, id, pos.TabPayment{Amount: p.Total, Reference: orderRef(p.ID) + "-pago", Tender: "Carta"})
	}
	return id, err
}

// tenders name a payment's method in the POS.
var tenders = map[string]string{"tarjeta": "Carta", "efectivo": "Efectivo", "terminal": "Tarjeta"}

// SendTabPayments records the paid tab payments in their tab's POS order,
// with their tips; a failure is retried with the orders' back-off.
func (s *Service) SendTabPayments(ctx context.Context) (int, error) {
	due, err := ids(s.DB.Query(ctx, `SELECT id FROM cuenta_pagos WHERE pos_estado IN ('pendiente', 'error') AND estado = 'pagado' AND pos_siguiente_at <= ?
		ORDER BY pos_siguiente_at, id LIMIT 20`, s.DB.NowUnix()))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range due {
		if err := s.sendTabPayment(ctx, id); err != nil {
			if ctx.Err() != nil {
				return n, ctx.Err()
			}
			continue
		}
		n++
	}
	return n, nil
}

func (s *Service) sendTabPayment(ctx context.Context, id int64) error {
	var cuenta, cliente, importe, propina int64
	var metodo string
	var intentos int
	if err := s.DB.QueryRow(ctx, `SELECT cuenta_id, cliente_id, importe, propina, metodo, pos_intentos FROM cuenta_pagos WHERE id = ?`, id).
		Scan(&cuenta, &cliente, &importe, &propina, &metodo, &intentos); err != nil {
		return err
	}
	r, err := s.anyRestaurant(ctx, cliente)
	if err != nil {
		return err
	}
	if s.POS == nil || r.conn.Provider == "" {
		_, err := s.DB.Exec(ctx, `UPDATE cuenta_pagos SET pos_estado = '' WHERE id = ?`, id)
		return err
	}
	orders, err := s.POS(r.conn)
	if err == nil {
		tabs, ok := orders.(pos.Tabs)
		if !ok {
			err = errNoTabs
		} else {
			var posID string
			if posID, err = s.tabPOSOrder(ctx, tabs, cuenta); err == nil {
				err = tabs.RecordPayment(ctx, posID, pos.TabPayment{Amount: importe, Tip: propina, Reference: paymentRef(id), Tender: tenders[metodo]})
			}
		}
	}
	if err != nil {
		s.Log.WarnContext(ctx, "tab payment not recorded in the POS: will retry", "pago_id", id, "attempt", intentos+1, "err", err)
		_, werr := s.DB.Exec(ctx, `UPDATE cuenta_pagos SET pos_estado = 'error', pos_intentos = ?, pos_error = ?, pos_siguiente_at = ? WHERE id = ?`,
			intentos+1, posErrorText(err), s.DB.Now().Add(posBackoff(intentos+1)).Unix(), id)
		if werr != nil {
			return werr
		}
		return fmt.Errorf("tab payment %d: %w", id, err)
	}
	_, err = s.DB.Exec(ctx, `UPDATE cuenta_pagos SET pos_estado = 'creado', pos_error = '', pos_intentos = pos_intentos + 1 WHERE id = ?`, id)
	return err
}

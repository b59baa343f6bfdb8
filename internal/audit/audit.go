// Package audit keeps the restaurant's audit log: the sensitive actions
// (cancelling and refunding orders, price-affecting changes, exports of
// the diner list, staff and POS connection changes), who did them, when,
// and from which address. The log is append-only: nothing updates or
// deletes a row.
package audit

import (
	"context"
	"fmt"
	"strings"

	"carta/internal/money"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Entry is one action of the log.
type Entry struct {
	// ActorID is the staff account that acted (0: the platform itself).
	ActorID int64
	// Actor is the account's e-mail at the time (the log outlives
	// accounts); empty: read from the account.
	Actor string
	// Accion names the action ("pedido.cancelar", "equipo.invitar", ...).
	Accion string
	// Objeto is what it acted on ("pedido 12", "producto 7", an e-mail).
	Objeto string
	// Detalle is the action's particulars (an amount, a new role, a reason).
	Detalle string
	// IP is the address the request came from.
	IP string
}

// Amount writes an amount of cents for an entry's Detalle, which the owner
// reads in either language: a plain decimal and the currency's code
// ("22.35 USD"; entries written before the fifteenth session wrote cents,
// "2235 USD").
func Amount(cents int64, currency string) string {
	return money.Decimal(cents) + " " + strings.ToUpper(currency)
}

// Record appends e to restaurant t's log, in the caller's transaction
// when q is one: the action and its record commit together.
func Record(ctx context.Context, q store.Querier, t tenant.ID, e Entry) error {
	var actor any
	if e.ActorID != 0 {
		actor = e.ActorID
	}
	_, err := q.Exec(ctx, `INSERT INTO auditoria (cliente_id, staff_user_id, actor, accion, objeto, detalle, ip, created_at)
		VALUES (?, ?, COALESCE(NULLIF(?, ''), (SELECT email FROM staff_users WHERE id = ?), ''), ?, ?, ?, ?, ?)`,
		t.Int64(), actor, e.Actor, e.ActorID, e.Accion, e.Objeto, e.Detalle, e.IP, q.NowUnix())
	if err != nil {
		return fmt.Errorf("audit %s: %w", e.Accion, err)
	}
	return nil
}

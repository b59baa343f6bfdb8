package ordering

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"time"

	"carta/internal/apperr"
	"carta/internal/audit"
	"carta/internal/limits"
	"carta/internal/menu"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/tenant"
)

// The kitchen's side: the board of the day's orders, the moves of an
// order through its states, the POS retry and refunds; the restaurant's
// ordering settings; and the diner's views of their orders.

// transitions is the one table of the moves staff can make: every other
// move is refused. Cancelling needs a reason and marks the payment for
// refund.
var transitions = map[string][]string{
	EstadoRecibido:    {EstadoPreparacion, EstadoCancelado},
	EstadoPreparacion: {EstadoListo, EstadoCancelado},
	EstadoListo:       {EstadoEntregado, EstadoCancelado},
}

// tableTransitions are the moves of a table's order: brought to the table
// ('servido', stored as entregado) once prepared, with no pickup step.
var tableTransitions = map[string][]string{
	EstadoRecibido:    {EstadoPreparacion, EstadoCancelado},
	EstadoPreparacion: {EstadoEntregado, EstadoCancelado},
	EstadoListo:       {EstadoEntregado, EstadoCancelado},
}

// canMove reports whether staff may move order p to a state.
func canMove(p Pedido, to string) bool {
	if p.Mesa != nil {
		for _, s := range tableTransitions[p.Estado] {
			if s == to {
				return true
			}
		}
		return false
	}
	return CanMove(p.Estado, to)
}

// CanMove reports whether staff may move a pickup order from one state to
// another.
func CanMove(from, to string) bool {
	for _, s := range transitions[from] {
		if s == to {
			return true
		}
	}
	return false
}

// Staff errors.
var (
	ErrMotivo    = apperr.E(apperr.Invalid, "Escribe el motivo de la cancelación.", "Enter the reason for the cancellation.")
	ErrEstado    = apperr.E(apperr.Invalid, "Estado de pedido desconocido.", "Unknown order status.")
	ErrNoRefund  = apperr.E(apperr.Conflict, "Este pedido no tiene un reembolso pendiente.", "This order has no pending refund.")
	ErrPOSDone   = apperr.E(apperr.Conflict, "Este pedido ya está en el punto de venta.", "This order is already in the point of sale.")
	ErrBadDay    = apperr.E(apperr.Invalid, "La fecha debe tener el formato AAAA-MM-DD.", "The date must be written YYYY-MM-DD.")
	estadoNombre = map[string][2]string{
		EstadoPendientePago: {"pendiente de pago", "awaiting payment"},
		EstadoRecibido:      {"recibido", "received"},
		EstadoPreparacion:   {"en preparación", "being prepared"},
		EstadoListo:         {"listo para recoger", "ready for pickup"},
		EstadoEntregado:     {"entregado", "picked up"},
		EstadoCancelado:     {"cancelado", "cancelled"},
		EstadoFallido:       {"pago fallido", "payment failed"},
		EstadoExpirado:      {"expirado", "expired"},
	}
)

func errMove(from, to string) error {
	f, t := estadoNombre[from], estadoNombre[to]
	return apperr.E(apperr.Conflict, fmt.Sprintf("No se puede pasar un pedido de «%s» a «%s».", f[0], t[0]),
		fmt.Sprintf("An order cannot go from “%s” to “%s”.", f[1], t[1]))
}

// Board is a restaurant's orders of one day with their totals.
type Board struct {
	Dia     string   `json:"dia"` // YYYY-MM-DD, the restaurant's day
	Pedidos []Pedido `json:"pedidos"`
	Resumen Resumen  `json:"resumen"`
	// Config is the ordering settings (pause and activity show on the board).
	Config Config `json:"config"`
}

// Resumen totals a day's orders that were paid and not cancelled.
type Resumen struct {
	Pedidos    int            `json:"pedidos"`
	Subtotal   int64          `json:"subtotal"`
	Impuestos  int64          `json:"impuestos"`
	Total      int64          `json:"total"`
	Moneda     string         `json:"moneda"`
	PorEstado  map[string]int `json:"por_estado"`
	Cancelados int            `json:"cancelados"`
}

// Board lists the orders paid on day (YYYY-MM-DD in the restaurant's time;
// today when empty), plus any order of an earlier day still open, oldest
// first, with the day's totals.
func (s *Service) Board(ctx context.Context, t tenant.ID, day string) (Board, error) {
	cfg, err := getConfig(ctx, s.DB, t.Int64())
	if err != nil {
		return Board{}, err
	}
	now := s.DB.Now()
	start, end := cfg.DayBounds(now)
	if day != "" {
		d, err := time.ParseInLocation("2006-01-02", day, cfg.location())
		if err != nil {
			return Board{}, ErrBadDay
		}
		start, end = cfg.DayBounds(d)
	}
	ps, err := listPedidos(ctx, s.DB, `p.cliente_id = ? AND p.paid_at > 0 AND ((p.paid_at >= ? AND p.paid_at < ?)
		OR (p.paid_at < ? AND p.estado IN ('recibido', 'en_preparacion', 'listo')))`, `p.recoger_at, p.id`,
		t.Int64(), start.Unix(), end.Unix(), start.Unix())
	if err != nil {
		return Board{}, err
	}
	if err := s.refundDetails(ctx, s.DB, ps); err != nil {
		return Board{}, err
	}
	moneda, err := menu.Currency(ctx, s.DB, t)
	if err != nil {
		return Board{}, err
	}
	b := Board{Dia: start.Format("2006-01-02"), Pedidos: ps, Config: cfg, Resumen: Resumen{Moneda: moneda, PorEstado: map[string]int{}}}
	for _, p := range ps {
		b.Resumen.PorEstado[p.Estado]++
		if p.PaidAt < start.Unix() {
			continue // an earlier day's open order: on the board, not in today's totals
		}
		if p.Estado == EstadoCancelado {
			b.Resumen.Cancelados++
			continue
		}
		b.Resumen.Pedidos++
		b.Resumen.Subtotal += p.Subtotal
		b.Resumen.Impuestos += p.Impuestos
		b.Resumen.Total += p.Total
	}
	return b, nil
}

// staffOrder returns a paid order of the restaurant (others' orders and
// unpaid ones are not found).
func staffOrder(ctx context.Context, q store.Querier, t tenant.ID, id int64) (Pedido, error) {
	p, err := getPedido(ctx, q, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && (p.ClienteID != t.Int64() || p.PaidAt == 0)) {
		return Pedido{}, ErrNotFound
	}
	return p, err
}

// Move moves an order to state to, if the transition table allows it from
// its current state; cancelling needs motivo and marks the payment for
// refund: when the provider can refund it, the refund is recorded in the
// same transaction and asked once that commits. The diner is e-mailed and
// the boards and the order's page follow. It answers the order as it is
// afterwards.
//
// A cancellation is recorded in the audit log by rec, in its transaction.
func (s *Service) Move(ctx context.Context, t tenant.ID, id int64, to, motivo string, rec ...audit.Recorder) (Pedido, error) {
	if _, ok := estadoNombre[to]; !ok {
		return Pedido{}, ErrEstado
	}
	motivo, err := limits.CancelReason.Check(motivo)
	if err != nil {
		return Pedido{}, err
	}
	if to == EstadoCancelado && motivo == "" {
		return Pedido{}, ErrMotivo
	}
	if to != EstadoCancelado {
		motivo = ""
	}
	var refundID int64
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		p, err := staffOrder(ctx, tx, t, id)
		if err != nil {
			return err
		}
		if !canMove(p, to) {
			return errMove(p.Estado, to)
		}
		if to == EstadoCancelado && p.CuentaID != 0 {
			// A table order's tab is locked first, as every change to a tab's money
			// is (MoveTab renames the tab's orders under the tab's lock).
			if _, err := lockTab(ctx, tx, p.CuentaID); err != nil && !errors.Is(err, store.ErrNotFound) {
				return err
			}
		}
		if err := setEstado(ctx, tx, t, id, p.Estado, to, motivo); errors.Is(err, errState) {
			return errMove(p.Estado, to) // another move came first
		} else if err != nil {
			return err
		}
		if to == EstadoPreparacion {
			// Starting an order acknowledges it too: its alert stops (the
			// board's one-tap "aceptar e iniciar").
			if _, err := tx.Exec(ctx, `UPDATE pedidos SET visto_at = ? WHERE id = ? AND visto_at = 0`, tx.NowUnix(), id); err != nil {
				return err
			}
		}
		if to == EstadoCancelado {
			// The POS's copy goes too (RemoveFromPOS): at once when it was
			// created; otherwise once a send under way has ended (its lease)
			// or after the current back-off, looked up by reference then.
			if _, err := tx.Exec(ctx, `UPDATE pedidos SET pos_estado = 'anular', pos_error = '', pos_intentos = 0,
				pos_siguiente_at = CASE WHEN pos_estado = 'creado' THEN 0 ELSE pos_siguiente_at END
				WHERE id = ? AND pos_estado IN ('pendiente', 'error', 'creado')`, id); err != nil {
				return err
			}
			if refundID, err = s.startRefund(ctx, tx, t, p); err != nil {
				return err
			}
			if err := s.tabOrderCancelled(ctx, tx, p); err != nil {
				return err
			}
			if err := audit.Note(ctx, tx, rec, t, "pedido.cancelar", p.auditObject(),
				fmt.Sprintf("Motivo: %s; importe: %s", motivo, audit.Amount(p.Total, p.Moneda))); err != nil {
				return err
			}
		}
		cfg, err := getConfig(ctx, tx, t.Int64())
		if err != nil {
			return err
		}
		if _, err = s.queueMail(ctx, tx, id, cfg.location()); err != nil {
			return err
		}
		return addEvent(ctx, tx, t.Int64(), id, to)
	})
	if err != nil {
		return Pedido{}, err
	}
	s.changed()
	if to == EstadoCancelado {
		s.kickPOS()
	}
	if refundID != 0 {
		s.Refunds.After(ctx, refundID)
	}
	return s.staffView(ctx, t, id)
}

// Acknowledge records that someone on the board saw a new order (its
// alert stops on every board).
func (s *Service) Acknowledge(ctx context.Context, t tenant.ID, id int64) error {
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if _, err := staffOrder(ctx, tx, t, id); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `UPDATE pedidos SET visto_at = ? WHERE id = ? AND visto_at = 0`, tx.NowUnix(), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return addEvent(ctx, tx, t.Int64(), id, "visto")
	})
	if err == nil {
		s.changed()
	}
	return err
}

// RetryPOS sends an order that has not reached the POS again now.
func (s *Service) RetryPOS(ctx context.Context, t tenant.ID, id int64) error {
	if _, err := staffOrder(ctx, s.DB, t, id); err != nil {
		return err
	}
	res, err := s.DB.Exec(ctx, `UPDATE pedidos SET pos_siguiente_at = 0 WHERE id = ? AND pos_estado IN ('pendiente', 'error')`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrPOSDone
	}
	s.kickPOS()
	return nil
}

// MarkRefunded records that the restaurant refunded a cancelled order's
// payment by hand (the provider could not, or it was refunded in the POS),
// and tells the diner. A refund under way with the provider refuses it.
func (s *Service) MarkRefunded(ctx context.Context, t tenant.ID, id int64, rec ...audit.Recorder) (Pedido, error) {
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		p, conn, err := owedOrder(ctx, tx, t, id)
		if err != nil {
			return err
		}
		if err := audit.Note(ctx, tx, rec, t, "pedido.reembolso_manual", p.auditObject(), "Importe: "+audit.Amount(p.Total, p.Moneda)); err != nil {
			return err
		}
		if _, err := s.Refunds.MarkManual(ctx, tx, owed(p, conn)); err != nil {
			return err
		}
		if err := s.markRefunded(ctx, tx, id); err != nil {
			return err
		}
		return addEvent(ctx, tx, t.Int64(), id, "reembolso")
	})
	if err != nil {
		return Pedido{}, err
	}
	s.changed()
	return s.staffView(ctx, t, id)
}

// --- Settings ---

// Config is the restaurant's ordering settings.
func (s *Service) Config(ctx context.Context, t tenant.ID) (Config, error) {
	return getConfig(ctx, s.DB, t.Int64())
}

// SaveConfig validates and stores the restaurant's ordering settings.
func (s *Service) SaveConfig(ctx context.Context, t tenant.ID, c Config) (Config, error) {
	c, err := c.Check(s.DB.Now())
	if err != nil {
		return c, err
	}
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		old, err := getConfig(ctx, tx, t.Int64())
		if err != nil {
			return err
		}
		if err := saveConfig(ctx, tx, t, c); err != nil {
			return err
		}
		// The public settings carry the zone (the diner's dates): a new
		// zone is a new version of them.
		if old.ZonaHoraria != c.ZonaHoraria {
			if err := menu.BumpVersion(ctx, tx, t); err != nil {
				return err
			}
		}
		return addEvent(ctx, tx, t.Int64(), 0, "config")
	})
	if err == nil {
		s.forget(t.Int64())
		s.changed()
	}
	return c, err
}

// Pause pauses online ordering until the unix time until (0 or a past
// time: resume now), leaving the other settings as they are: the
// kitchen's own change, in one transaction with the board's event.
func (s *Service) Pause(ctx context.Context, t tenant.ID, until int64) (Config, error) {
	var c Config
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		var err error
		if c, err = getConfig(ctx, tx, t.Int64()); err != nil {
			return err
		}
		c.PausadoHasta = until
		if c, err = c.Check(s.DB.Now()); err != nil {
			return err
		}
		if err := saveConfig(ctx, tx, t, c); err != nil {
			return err
		}
		return addEvent(ctx, tx, t.Int64(), 0, "config")
	})
	if err == nil {
		s.forget(t.Int64())
		s.changed()
	}
	return c, err
}

// SetSoldOut marks a product sold out until the restaurant's next
// midnight, or available again.
func (s *Service) SetSoldOut(ctx context.Context, t tenant.ID, productID int64, soldOut bool) error {
	var until int64
	if soldOut {
		cfg, err := getConfig(ctx, s.DB, t.Int64())
		if err != nil {
			return err
		}
		until = cfg.NextMidnight(s.DB.Now()).Unix()
	}
	return s.Menu.SetSoldOut(ctx, t, productID, until)
}

// --- The diner's views ---

// Seguimiento is an order as its diner follows it: products, modifiers and
// taxes named in the language the order was placed in.
type Seguimiento struct {
	ID             int64   `json:"id"`
	ClienteID      int64   `json:"cliente_id"`
	Restaurante    string  `json:"restaurante"`
	Numero         int64   `json:"numero"`
	Estado         string  `json:"estado"`
	Nombre         string  `json:"nombre"`
	RecogerAt      int64   `json:"recoger_at"`
	LoAntesPosible bool    `json:"lo_antes_posible"`
	Subtotal       int64   `json:"subtotal"`
	Impuestos      int64   `json:"impuestos"`
	Total          int64   `json:"total"`
	Moneda         string  `json:"moneda"`
	Lineas         []Linea `json:"lineas"`
	// DetalleImpuestos: the tax of each rate.
	DetalleImpuestos []TaxLine `json:"detalle_impuestos"`
	// ImpuestosIncluidos: the prices included the taxes ("IVA incluido").
	ImpuestosIncluidos bool   `json:"impuestos_incluidos"`
	Nota               string `json:"nota"`
	MotivoCancelacion  string `json:"motivo_cancelacion"`
	Reembolso          string `json:"reembolso"`
	ZonaHoraria        string `json:"zona_horaria"`
	CreatedAt          int64  `json:"created_at"`
	PaidAt             int64  `json:"paid_at"`
	UpdatedAt          int64  `json:"updated_at"`
	// Mesa is a table order's table (nil: pickup); CuentaID its tab.
	Mesa     *TableRef `json:"mesa"`
	CuentaID int64     `json:"cuenta_id"`
	// Lugar: where to pick it up (the restaurant's address, directions
	// link and phone).
	Lugar
}

func seguimiento(p Pedido, zona string, lugar Lugar) Seguimiento {
	return Seguimiento{Lugar: lugar, ID: p.ID, ClienteID: p.ClienteID, Restaurante: p.Restaurante, Numero: p.Numero, Estado: p.Estado, Nombre: p.Nombre,
		RecogerAt: p.RecogerAt, LoAntesPosible: p.LoAntesPosible, Subtotal: p.Subtotal, Impuestos: p.Impuestos, Total: p.Total,
		Moneda: p.Moneda, Lineas: p.Lineas, DetalleImpuestos: p.DetalleImpuestos, ImpuestosIncluidos: p.ImpuestosIncluidos, Nota: p.Nota, MotivoCancelacion: p.MotivoCancelacion, Reembolso: p.Reembolso,
		ZonaHoraria: zona, CreatedAt: p.CreatedAt, PaidAt: p.PaidAt, UpdatedAt: p.UpdatedAt, Mesa: p.Mesa, CuentaID: p.CuentaID}
}

func tokenEqual(a, b string) bool {
	return a != "" && len(a) == len(b) && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// dinersOrder is an order for its diner: the holder of its token (the
// browser that placed it, or the link in its e-mails), or the signed-in
// diner who placed it. Anything else is not found.
func (s *Service) dinersOrder(ctx context.Context, id int64, token string, d *tenant.Diner) (Pedido, error) {
	p, err := getPedido(ctx, s.DB, id)
	if errors.Is(err, store.ErrNotFound) {
		return Pedido{}, ErrNotFound
	}
	if err != nil {
		return Pedido{}, err
	}
	mine := d != nil && p.usuarioID != nil && *p.usuarioID == d.Int64()
	if !mine && !tokenEqual(p.token, token) {
		return Pedido{}, ErrNotFound
	}
	return p, nil
}

// Follow returns an order for its diner (see dinersOrder).
func (s *Service) Follow(ctx context.Context, id int64, token string, d *tenant.Diner) (Seguimiento, error) {
	p, err := s.dinersOrder(ctx, id, token, d)
	if err != nil {
		return Seguimiento{}, err
	}
	// The restaurant's zone and place as its ordering data has them (read
	// at most restaurantTTL ago; a suspended restaurant's are read now).
	r, err := s.anyRestaurant(ctx, p.ClienteID)
	if err != nil {
		return Seguimiento{}, err
	}
	return seguimiento(p.inItsLanguage(), r.cfg.ZonaHoraria, r.lugar), nil
}

// Final reports whether an order in estado never changes again: picked
// up, cancelled, or its checkout ended unpaid.
func Final(estado string) bool {
	switch estado {
	case EstadoEntregado, EstadoCancelado, EstadoFallido, EstadoExpirado:
		return true
	}
	return false
}

// Live streams refused by an order's state: its page reads the order
// instead (it stops following a finished order, and reads an unpaid one
// again until its payment is confirmed).
var (
	ErrLiveUnpaid = apperr.E(apperr.Conflict, "Este pedido aún no está pagado: se sigue en vivo una vez confirmado el pago.",
		"This order is not paid yet: it can be followed live once its payment is confirmed.")
	ErrLiveOver = apperr.E(apperr.Conflict, "Este pedido ya terminó: su estado no cambiará más.",
		"This order is over: its status will not change any more.")
)

// FollowLive starts the live stream of an order's page for its diner (as
// Follow) from addr, the client's address block. Only a paid order that
// can still change streams: an unpaid one changes only by its payment, and
// costs nothing to place, so its token would let anyone hold streams; a
// finished one never changes. The feed bounds the streams per order, per
// address and in all (ListenOrder). Stop the listener with Feed.Stop.
func (s *Service) FollowLive(ctx context.Context, id int64, token string, d *tenant.Diner, addr string) (*Listener, error) {
	p, err := s.dinersOrder(ctx, id, token, d)
	if err != nil {
		return nil, err
	}
	switch {
	case p.Estado == EstadoPendientePago:
		return nil, ErrLiveUnpaid
	case Final(p.Estado):
		return nil, ErrLiveOver
	}
	return s.Feed.ListenOrder(ctx, p.ClienteID, p.ID, addr)
}

// DinerOrders lists a signed-in diner's paid orders, newest first.
func (s *Service) DinerOrders(ctx context.Context, d tenant.Diner) ([]Seguimiento, error) {
	ps, err := listPedidos(ctx, s.DB, `p.usuario_id = ? AND p.paid_at > 0`, `p.created_at DESC, p.id DESC LIMIT 100`, d.Int64())
	if err != nil {
		return nil, err
	}
	out := make([]Seguimiento, 0, len(ps))
	zones, lugares := map[int64]string{}, map[int64]Lugar{}
	for _, p := range ps {
		z, ok := zones[p.ClienteID]
		if !ok {
			cfg, err := getConfig(ctx, s.DB, p.ClienteID)
			if err != nil {
				return nil, err
			}
			z = cfg.ZonaHoraria
			zones[p.ClienteID] = z
			if lugares[p.ClienteID], err = readLugar(ctx, s.DB, p.ClienteID); err != nil {
				return nil, err
			}
		}
		out = append(out, seguimiento(p.inItsLanguage(), z, lugares[p.ClienteID]))
	}
	return out, nil
}

// SeedConfig stores ordering settings for a restaurant that has none (the
// demo restaurants take orders at any hour); existing settings are kept.
func SeedConfig(ctx context.Context, db *store.DB, t tenant.ID, c Config) error {
	c, err := c.Check(db.Now())
	if err != nil {
		return err
	}
	var n int
	if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM pedidos_config WHERE cliente_id = ?`, t.Int64()).Scan(&n); err != nil || n > 0 {
		return err
	}
	return saveConfig(ctx, db, t, c)
}

// AlwaysOpen is every day from 00:00 to 24:00.
func AlwaysOpen() []Hours {
	h := make([]Hours, 0, 7)
	for d := 0; d < 7; d++ {
		h = append(h, Hours{Dia: d, Abre: "00:00", Cierra: "24:00"})
	}
	return h
}

// OrderRefund is a cancelled paid order to refund, across restaurants (the
// super admin's oversight).
type OrderRefund struct {
	PedidoID    int64  `json:"pedido_id"`
	ClienteID   int64  `json:"cliente_id"`
	Restaurante string `json:"restaurante"`
	Numero      int64  `json:"numero"`
	Email       string `json:"email"`
	Total       int64  `json:"total"`
	Moneda      string `json:"moneda"`
	Motivo      string `json:"motivo"`
	PaymentID   string `json:"payment_id"`
	Estado      string `json:"reembolso"`
	PaidAt      int64  `json:"paid_at"`
	RefundedAt  int64  `json:"reembolsado_at"`
	// Detalle is where the refund through the provider stands.
	Detalle refunds.Status `json:"reembolso_detalle"`
}

// The orders RefundsOwed lists, in its order (index pedidos_reembolsos,
// migration 0046: the platform's orders with a refund, not all of them).
const refundsOwedWhere, refundsOwedOrder = `p.reembolso <> ''`, `p.reembolso DESC, p.paid_at, p.id LIMIT 500`

// RefundsOwed lists the orders to refund, oldest first, then the latest
// refunded ones (super admin).
func (s *Service) RefundsOwed(ctx context.Context) ([]OrderRefund, error) {
	ps, err := listPedidos(ctx, s.DB, refundsOwedWhere, refundsOwedOrder)
	if err != nil {
		return nil, err
	}
	if err := s.refundDetails(ctx, s.DB, ps); err != nil {
		return nil, err
	}
	out := make([]OrderRefund, 0, len(ps))
	for _, p := range ps {
		out = append(out, OrderRefund{PedidoID: p.ID, ClienteID: p.ClienteID, Restaurante: p.Restaurante, Numero: p.Numero, Email: p.Email,
			Total: p.Total, Moneda: p.Moneda, Motivo: p.MotivoCancelacion, PaymentID: p.paymentID, Estado: p.Reembolso, PaidAt: p.PaidAt,
			RefundedAt: p.refundedAt, Detalle: p.ReembolsoDetalle})
	}
	return out, nil
}

// PendingRefunds counts the orders waiting for their refund.
func PendingRefunds(ctx context.Context, q store.Querier) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM pedidos WHERE reembolso = 'pendiente'`).Scan(&n)
	return n, err
}

// PendingTabRefunds counts the tab payments with a part still owed back: what they owe
// (cuenta_pagos.reembolso) is more than their refunds have given back.
func PendingTabRefunds(ctx context.Context, q store.Querier) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM cuenta_pagos pg WHERE pg.estado = 'pagado' AND pg.reembolso >
		COALESCE((SELECT SUM(r.monto) FROM reembolsos r WHERE r.tipo = 'cuenta' AND r.objeto_id = pg.id AND r.estado = 'reembolsado'), 0)`).Scan(&n)
	return n, err
}

package ordering

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"testing"
	"time"

	"carta/internal/apperr"
	"carta/internal/audit"
	"carta/internal/limits"
	"carta/internal/menu"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/tenant"
)

// A table's tab (cuenta): one per sitting. The first order placed from a
// table's QR opens it; every phone that scans the table while it is open
// joins it (the tab's token); when it is paid or closed by staff, the token
// stops working and the next scan starts a new tab. Its orders are pedidos
// rows with cuenta_id, priced, checked against the POS and shown on the
// board exactly as pickup orders are.

// Tab states.
const (
	TabPorAceptar = "por_aceptar"
	TabAbierta    = "abierta"
	TabPagada     = "pagada"
	TabCerrada    = "cerrada"
)

// TabWaitAcceptance is how long a pay-at-the-end tab's orders wait for a
// waiter's acceptance before they expire (nobody was at the table).
const TabWaitAcceptance = time.Hour

// TabIdle is how long a pay-per-order tab with nothing left to pay stays
// open without a new order: the next scan after it starts a new tab (a
// phone is never stuck on yesterday's table).
const TabIdle = 3 * time.Hour

// Tab errors.
var (
	ErrTabNotFound = apperr.E(apperr.NotFound, "Cuenta no encontrada.", "Tab not found.")
	ErrTabClosed   = apperr.E(apperr.Gone, "Esta cuenta ya está cerrada. Escanea el código de tu mesa para pedir de nuevo.", "This tab is closed. Scan your table's code to order again.")
	ErrTabWaiting  = apperr.E(apperr.Conflict, "Un mesero debe aceptar la mesa antes de cobrar.", "A waiter must accept the table before it can be paid.")
	ErrTabNotOpen  = apperr.E(apperr.Conflict, "Esta cuenta ya no está abierta.", "This tab is no longer open.")
	ErrTabMotivo   = apperr.E(apperr.Invalid, "Queda algo por pagar: escribe el motivo para cerrar la cuenta.", "Something is unpaid: enter the reason for closing the tab.")
	ErrTableTaken  = apperr.E(apperr.Conflict, "Esa mesa ya tiene una cuenta abierta.", "That table already has an open tab.")
	ErrNoTable     = apperr.E(apperr.NotFound, "Mesa no encontrada.", "Table not found.")
)

// TabAccess is what a phone at the table holds of the tab it joined.
type TabAccess struct {
	ID    int64  `json:"id"`
	Token string `json:"token"`
}

// TableInfo is what a table's QR opens.
type TableInfo struct {
	ClienteID     int64       `json:"cliente_id"`
	Mesa          TableRef    `json:"mesa"`
	Modo          string      `json:"modo"`
	Propinas      TipSettings `json:"propinas"`
	Moneda        string      `json:"moneda"`
	RecogerActivo bool        `json:"recoger_activo"`
	Cuenta        *TabAccess  `json:"cuenta"`
}

// tabRow is a tab as the flows need it.
type tabRow struct {
	ID, ClienteID, MesaID int64
	Token, Estado, Modo   string
	AbiertaAt, Actividad  int64
	Partes                int
	PartesBase            int64
	PosOrderID, Motivo    string
}

const tabCols = `id, cliente_id, mesa_id, token, estado, modo, abierta_at, actividad_at, partes, partes_base, pos_order_id, motivo`

func scanTab(row interface{ Scan(...any) error }) (tabRow, error) {
	var c tabRow
	err := row.Scan(&c.ID, &c.ClienteID, &c.MesaID, &c.Token, &c.Estado, &c.Modo, &c.AbiertaAt, &c.Actividad, &c.Partes, &c.PartesBase, &c.PosOrderID, &c.Motivo)
	return c, store.NotFound(err)
}

func (c tabRow) open() bool { return c.Estado == TabPorAceptar || c.Estado == TabAbierta }

// lockTab reads a tab in a transaction that is about to change it or its
// payments, its row locked until the end (PostgreSQL; SQLite serialises
// writers): every change to one tab's money happens one at a time.
func lockTab(ctx context.Context, tx *store.Tx, id int64) (tabRow, error) {
	return scanTab(tx.QueryRow(ctx, `SELECT `+tabCols+` FROM cuentas WHERE id = ?`+store.ForUpdate(tx), id))
}

func getTab(ctx context.Context, q store.Querier, id int64) (tabRow, error) {
	return scanTab(q.QueryRow(ctx, `SELECT `+tabCols+` FROM cuentas WHERE id = ?`, id))
}

// openTabOf is the table's open tab; store.ErrNotFound when none.
func openTabOf(ctx context.Context, q store.Querier, mesaID int64) (tabRow, error) {
	return scanTab(q.QueryRow(ctx, `SELECT `+tabCols+` FROM cuentas WHERE mesa_id = ? AND estado IN ('por_aceptar', 'abierta')`, mesaID))
}

// dinersTab is the tab a phone's token opens: ErrTabNotFound for another
// tab's or a guessed token, ErrTabClosed once it is paid or closed.
func dinersTab(ctx context.Context, q store.Querier, id int64, token string) (tabRow, error) {
	c, err := getTab(ctx, q, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !tokenEqual(c.Token, token)) {
		return tabRow{}, ErrTabNotFound
	}
	if err != nil {
		return tabRow{}, err
	}
	if !c.open() {
		return tabRow{}, ErrTabClosed
	}
	return c, nil
}

// Table is what a table's printed code opens: the table, how it pays, the
// tips and its open tab (which the phone joins). An idle pay-per-order tab
// with nothing left to pay is closed here, so the next sitting starts anew.
func (s *Service) Table(ctx context.Context, clienteID int64, codigo string) (TableInfo, error) {
	r, err := s.restaurant(ctx, clienteID)
	if err != nil {
		return TableInfo{}, err
	}
	m, err := tableByCode(ctx, s.DB, clienteID, codigo)
	if err != nil {
		return TableInfo{}, err
	}
	tc := r.tables // as the restaurant's ordering data has it (read at most restaurantTTL ago)
	out := TableInfo{ClienteID: clienteID, Mesa: m, Modo: tc.Modo, Propinas: tc.Propinas, Moneda: r.moneda, RecogerActivo: tc.RecogerActivo}
	c, err := openTabOf(ctx, s.DB, m.ID)
	if errors.Is(err, store.ErrNotFound) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	if stale, err := s.closeIfIdle(ctx, c); err != nil || stale {
		return out, err
	}
	out.Modo = c.Modo
	out.Cuenta = &TabAccess{ID: c.ID, Token: c.Token}
	return out, nil
}

// closeIfIdle closes a pay-per-order tab with nothing left to pay and no
// order for TabIdle; it reports whether it did.
func (s *Service) closeIfIdle(ctx context.Context, c tabRow) (bool, error) {
	if c.Modo != ModoPorPedido || c.Estado != TabAbierta || s.DB.NowUnix()-c.Actividad < int64(TabIdle/time.Second) {
		return false, nil
	}
	closed := false
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		c, err := lockTab(ctx, tx, c.ID)
		if err != nil || c.Estado != TabAbierta {
			return err
		}
		a, err := s.amountsOf(ctx, tx, c)
		if err != nil || a.restante() > 0 || a.EnPago > 0 {
			return err
		}
		closed = true
		return endTab(ctx, tx, c, TabPagada, nil, "")
	})
	return closed, err
}

// endTab ends a tab (paid or closed by staff): its phones lose access at
// once, and its orders still waiting for a waiter never reach the kitchen.
func endTab(ctx context.Context, tx *store.Tx, c tabRow, estado string, staff *int64, motivo string) error {
	now := tx.NowUnix()
	if _, err := tx.Exec(ctx, `UPDATE cuentas SET estado = ?, cerrada_at = ?, cerrada_por = ?, motivo = ?, version = version + 1 WHERE id = ?`,
		estado, now, staff, motivo, c.ID); err != nil {
		return err
	}
	if c.Modo == ModoAlFinal {
		if _, err := tx.Exec(ctx, `UPDATE pedidos SET estado = 'fallido', updated_at = ? WHERE cuenta_id = ? AND estado = 'pendiente_pago'`, now, c.ID); err != nil {
			return err
		}
	}
	return addEvent(ctx, tx, c.ClienteID, 0, "cuenta")
}

// TableOrderInput is an order placed from a table's QR.
type TableOrderInput struct {
	ClienteID int64
	Codigo    string
	Items     []LineRequest
	Nota      string
	Idioma    string
	Address   string
}

// TableOrderPlaced is an order placed at a table.
type TableOrderPlaced struct {
	PedidoID    int64     `json:"pedido_id"`
	Token       string    `json:"token"`
	Cuenta      TabAccess `json:"cuenta"`
	CheckoutURL string    `json:"checkout_url"`
	Total       int64     `json:"total"`
	Moneda      string    `json:"moneda"`
	Estado      string    `json:"estado"`
}

// tabURL is a tab's page for the phones at the table.
func (s *Service) tabURL(clienteID int64, c TabAccess) string {
	return fmt.Sprintf("%s/cuenta/%d?t=%s&menu=%d", s.BaseURL, c.ID, c.Token, clienteID)
}

// PlaceAtTable places an order from a table's QR: priced, checked against
// the restaurant's hours and pause and the POS's total exactly as a pickup
// order, in the table's open tab (opened now when there is none: two phones
// ordering at once join the same one). Pay per order: the order waits for
// its hosted checkout. Pay at the end: it goes to the kitchen at once,
// unless its tab waits for a waiter's acceptance.
func (s *Service) PlaceAtTable(ctx context.Context, in TableOrderInput) (TableOrderPlaced, error) {
	r, err := s.restaurant(ctx, in.ClienteID)
	if err != nil {
		return TableOrderPlaced{}, err
	}
	m, err := tableByCode(ctx, s.DB, in.ClienteID, in.Codigo)
	if err != nil {
		return TableOrderPlaced{}, err
	}
	nota, err := limits.OrderNote.Check(in.Nota)
	if err != nil {
		return TableOrderPlaced{}, err
	}
	lang := menu.Lang(in.Idioma)
	priced, err := s.price(ctx, r, lang, in.Items)
	if err != nil {
		return TableOrderPlaced{}, err
	}
	now := s.DB.Now()
	if _, _, err := r.cfg.pickup(now, 0); err != nil { // open now: hours, pause
		return TableOrderPlaced{}, err
	}
	if err := s.readyToCharge(ctx, r, in.Address, priced); err != nil {
		return TableOrderPlaced{}, err
	}
	token, err := newToken()
	if err != nil {
		return TableOrderPlaced{}, err
	}
	var (
		id  int64
		tab tabRow
		out = TableOrderPlaced{Token: token, Total: priced.Total, Moneda: r.moneda}
	)
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		// A new tab takes the mode of the restaurant's settings as its
		// ordering data has them (read at most restaurantTTL ago).
		if tab, err = joinOrOpenTab(ctx, tx, in.ClienteID, m, r.tables.Modo); err != nil {
			return err
		}
		exp := now.Add(HoldTime)
		if tab.Modo == ModoAlFinal {
			exp = now.Add(TabWaitAcceptance)
		}
		o := newOrder{ClienteID: in.ClienteID, Token: token, Nombre: m.label(), Nota: nota, Idioma: lang, RecogerAt: now.Unix(),
			LoAntesPosible: true, Priced: priced, Moneda: r.moneda, ExpiresAt: exp.Unix(), CuentaID: tab.ID, Mesa: m}
		if id, err = insertOrder(ctx, tx, o); err != nil {
			return err
		}
		out.Estado = EstadoPendientePago
		switch {
		case tab.Modo == ModoAlFinal && tab.Estado == TabAbierta:
			// The order just written (this transaction holds it), numbered
			// last with its board event (markPaid).
			rec := record{ID: id, ClienteID: in.ClienteID, Estado: EstadoPendientePago, Franja: o.Franja}
			_, _, err = markPaid(ctx, tx, rec, "", s.POS != nil && r.conn.Provider != "", s.sends())
			out.Estado = EstadoRecibido
			return err
		case tab.Modo == ModoAlFinal:
			out.Estado = TabPorAceptar
			return addEvent(ctx, tx, in.ClienteID, 0, "cuenta")
		}
		return nil
	})
	if err != nil {
		return TableOrderPlaced{}, err
	}
	out.PedidoID, out.Cuenta = id, TabAccess{ID: tab.ID, Token: tab.Token}
	if out.Estado != EstadoPendientePago {
		s.changed()
		if out.Estado == EstadoRecibido {
			s.sendNow(id)
		}
		return out, nil
	}
	// Pay per order: the order's own hosted checkout, back to the tab.
	back := s.tabURL(in.ClienteID, out.Cuenta)
	if out.CheckoutURL, err = s.orderCheckout(ctx, r, id, lang, priced, Customer{}, back+"&pedido="+strconv.FormatInt(id, 10), back, back); err != nil {
		return TableOrderPlaced{}, err
	}
	return out, nil
}

// joinOrOpenTab is the table's open tab, opened now (in mode) when there is
// none, its activity touched and its row locked as lockTab's. The partial
// unique index on open tabs makes concurrent openings meet: the second
// INSERT does nothing and joins the first's tab.
func joinOrOpenTab(ctx context.Context, tx *store.Tx, clienteID int64, m TableRef, modo string) (tabRow, error) {
	c, err := touchOpenTabOf(ctx, tx, m.ID)
	if !errors.Is(err, store.ErrNotFound) {
		return c, err
	}
	token, err := newToken()
	if err != nil {
		return tabRow{}, err
	}
	estado := TabAbierta
	if modo == ModoAlFinal {
		estado = TabPorAceptar
	}
	now := tx.NowUnix()
	if _, err := tx.Exec(ctx, `INSERT INTO cuentas (cliente_id, mesa_id, token, estado, modo, abierta_at, actividad_at) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, clienteID, m.ID, token, estado, modo, now, now); err != nil {
		return tabRow{}, err
	}
	return touchOpenTabOf(ctx, tx, m.ID)
}

// touchOpenTabOf marks the table's open tab active now (a new order) and
// returns it, its row locked until the transaction ends; store.ErrNotFound
// when none. Found and locked in one statement: a tab closed while this
// waited for its lock is not the table's open tab any more (PostgreSQL
// checks the condition again on the row it locked).
func touchOpenTabOf(ctx context.Context, tx *store.Tx, mesaID int64) (tabRow, error) {
	return scanTab(tx.QueryRow(ctx, `UPDATE cuentas SET actividad_at = ?, version = version + 1
		WHERE mesa_id = ? AND estado IN ('por_aceptar', 'abierta') RETURNING `+tabCols, tx.NowUnix(), mesaID))
}

// --- The tab's view ---

// TabLine is one line of a tab's order with what paying it costs.
type TabLine struct {
	ID            string   `json:"id"` // "{pedido_id}-{posicion}"
	PedidoID      int64    `json:"pedido_id"`
	Nombre        string   `json:"nombre"`
	Cantidad      int      `json:"cantidad"`
	Modificadores []string `json:"modificadores"`
	Importe       int64    `json:"importe"`
	Impuestos     int64    `json:"impuestos"`
	EstadoPago    string   `json:"estado_pago"` // libre, en_pago, pagada
}

// TabOrder is one order of a tab.
type TabOrder struct {
	ID        int64     `json:"id"`
	Numero    int64     `json:"numero"`
	Estado    string    `json:"estado"`
	CreatedAt int64     `json:"created_at"`
	Total     int64     `json:"total"`
	Lineas    []TabLine `json:"lineas"`
}

// TabSplit is a tab's even split.
type TabSplit struct {
	Partes    int   `json:"partes"`
	Base      int64 `json:"base"`
	Pagadas   int   `json:"pagadas"`
	EnPago    int   `json:"en_pago"`
	Siguiente int64 `json:"siguiente"`
}

// TabPayment is a payment toward a tab.
type TabPayment struct {
	ID            int64  `json:"id"`
	Modo          string `json:"modo"`
	Metodo        string `json:"metodo"`
	Parte         int    `json:"parte"`
	Importe       int64  `json:"importe"`
	Base          int64  `json:"base"`
	Propina       int64  `json:"propina"`
	Total         int64  `json:"total"`
	Estado        string `json:"estado"`
	PaidAt        int64  `json:"paid_at"`
	RegistradoPor string `json:"registrado_por"`
	Reembolso     int64  `json:"reembolso"`
	// ReembolsoEstado is where the part owed back stands: "" (nothing owed
	// back), pendiente (to give back, or being given back), reembolsado.
	ReembolsoEstado string `json:"reembolso_estado"`
}

// TabTax is the tax of one rate over a tab.
type TabTax struct {
	Nombre  string `json:"nombre"`
	Tasa    int64  `json:"tasa"`
	Importe int64  `json:"importe"`
}

// Tab is a table's tab as the phones at the table and the staff see it.
type Tab struct {
	ID                 int64        `json:"id"`
	ClienteID          int64        `json:"cliente_id"`
	Restaurante        string       `json:"restaurante"`
	Mesa               TableRef     `json:"mesa"`
	Estado             string       `json:"estado"`
	Modo               string       `json:"modo"`
	Moneda             string       `json:"moneda"`
	AbiertaAt          int64        `json:"abierta_at"`
	ImpuestosIncluidos bool         `json:"impuestos_incluidos"`
	Subtotal           int64        `json:"subtotal"`
	Impuestos          int64        `json:"impuestos"`
	DetalleImpuestos   []TabTax     `json:"detalle_impuestos"`
	Total              int64        `json:"total"`
	Pagado             int64        `json:"pagado"`
	EnPago             int64        `json:"en_pago"`
	Restante           int64        `json:"restante"`
	PropinaTotal       int64        `json:"propina_total"`
	Division           *TabSplit    `json:"division"`
	Propinas           TipSettings  `json:"propinas"`
	Pedidos            []TabOrder   `json:"pedidos"`
	Pagos              []TabPayment `json:"pagos"`
	Motivo             string       `json:"motivo"`

	// lines are the tab's billable lines not paid with their order, by id.
	lines map[string]TabLine
	// amountPaid: a payment by amount (todo, partes, mesa) holds or paid
	// part of the tab, so paying by lines is no longer exact.
	amountPaid bool
	// activeBase is the pre-tax part of the payments held or paid.
	activeBase int64
	// taken are the even split's shares held or paid.
	taken map[int]bool
	// pais is the restaurant's country (its money format).
	pais string
}

// lineID names a line of a tab.
func lineID(pedidoID int64, pos int) string {
	return strconv.FormatInt(pedidoID, 10) + "-" + strconv.Itoa(pos)
}

// tableOrderState is a table order's state as its tab shows it.
func tableOrderState(estado, modo string) string {
	switch estado {
	case EstadoPendientePago:
		if modo == ModoAlFinal {
			return TabPorAceptar
		}
	case EstadoListo:
		return EstadoPreparacion
	case EstadoEntregado:
		return "servido"
	}
	return estado
}

// tabView computes a tab: its orders and lines, what each line costs, what
// is paid, held and left, the split and the payments. diner names things in
// each order's language; staff read the restaurant's.
func (s *Service) tabView(ctx context.Context, q store.Querier, c tabRow, diner bool) (Tab, error) {
	p, err := placeOf(ctx, q, c.ClienteID, nil)
	if err != nil {
		return Tab{}, err
	}
	return s.tabViewAt(ctx, q, c, diner, p)
}

// tabSums is a tab's view for a decision inside a write (what is paid,
// held and left, its lines and payments) without its restaurant's part
// (name, currency, tips: tabPlace), which would be read while every other
// write waits for the transaction.
func (s *Service) tabSums(ctx context.Context, tx *store.Tx, c tabRow) (Tab, error) {
	return s.tabViewAt(ctx, tx, c, false, tabPlace{})
}

// tabAmounts are the figures of a tab's view (tabViewAt) that a decision
// inside a write needs: what its orders cost, what its payments paid and
// what they hold. Read in one statement, they spare the write turn the
// view's four reads (a sixth of the stress run's time under the turn;
// docs/benchmarks.md, seventeenth session).
type tabAmounts struct{ Total, Pagado, EnPago int64 }

// restante is what is left to pay (Tab.Restante).
func (a tabAmounts) restante() int64 { return max(0, a.Total-a.Pagado-a.EnPago) }

// tabAmountsSQL sums as tabViewAt does: the billable orders (paid, not
// cancelled, failed or expired) and those of them paid with their own
// checkout; the payments paid (less what they owe back) and those held.
// Each table is read by the tab alone (indexes pedidos_cuenta and
// cuenta_pagos_cuenta; TestReadsUseTheirIndexes).
const tabAmountsSQL = `SELECT o.total, o.propios + p.pagado, p.en_pago FROM
	(SELECT CAST(COALESCE(SUM(total), 0) AS BIGINT) AS total, CAST(COALESCE(SUM(CASE WHEN payment_id <> '' THEN total ELSE 0 END), 0) AS BIGINT) AS propios
		FROM pedidos WHERE cuenta_id = ? AND paid_at > 0 AND estado NOT IN ('fallido', 'expirado', 'cancelado')) o,
	(SELECT CAST(COALESCE(SUM(CASE WHEN estado = 'pagado' THEN importe - reembolso ELSE 0 END), 0) AS BIGINT) AS pagado,
		CAST(COALESCE(SUM(CASE WHEN estado = 'pendiente_pago' THEN importe ELSE 0 END), 0) AS BIGINT) AS en_pago
		FROM cuenta_pagos WHERE cuenta_id = ?) p`

// amountsOf reads a tab's amounts in its write. In a test binary it also
// reads the whole view and panics when the two disagree, so every test
// that pays, refunds or closes a tab checks the sum against the view.
func (s *Service) amountsOf(ctx context.Context, tx *store.Tx, c tabRow) (tabAmounts, error) {
	var a tabAmounts
	if err := tx.QueryRow(ctx, tabAmountsSQL, c.ID, c.ID).Scan(&a.Total, &a.Pagado, &a.EnPago); err != nil {
		return a, err
	}
	if checkAmounts {
		v, err := s.tabSums(ctx, tx, c)
		if err != nil {
			return a, err
		}
		if w := (tabAmounts{Total: v.Total, Pagado: v.Pagado, EnPago: v.EnPago}); w != a {
			panic(fmt.Sprintf("ordering: tab %d amounts %+v, its view says %+v", c.ID, a, w))
		}
	}
	return a, nil
}

// checkAmounts: amountsOf checks itself against the view (test binaries).
var checkAmounts = testing.Testing()

// tabPlace is what a tab's view takes from its restaurant, the same for
// every tab of it: the floor's list reads it once, not once per tab.
type tabPlace struct {
	restaurante, moneda string
	tc                  tablesConfig
	mesas               map[int64]TableRef // the restaurant's tables when already read (nil: read the tab's own)
}

// placeOf reads a restaurant's part of its tabs' views in one statement
// (each view of a tab reads it; it was five).
func placeOf(ctx context.Context, q store.Querier, clienteID int64, mesas []TableRef) (tabPlace, error) {
	p := tabPlace{}
	var moneda sql.NullString
	var pais, modo, tips string
	var recoger int
	err := q.QueryRow(ctx, `SELECT COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre), s.moneda, `+tablesConfigCols+`
		FROM `+tablesConfigFrom+` LEFT JOIN configuraciones s ON s.cliente_id = c.id WHERE c.id = ?`, clienteID).
		Scan(&p.restaurante, &moneda, &pais, &modo, &tips, &recoger)
	if err != nil {
		return p, store.NotFound(err)
	}
	// No look saved: the currency of the default settings (menu.Currency).
	if !moneda.Valid {
		p.moneda = menu.DefaultSettings(clienteID).Moneda
	} else {
		p.moneda = moneda.String
	}
	if p.tc, err = tablesConfigOf(clienteID, pais, modo, tips, recoger); err != nil {
		return p, err
	}
	if mesas != nil {
		p.mesas = make(map[int64]TableRef, len(mesas))
		for _, m := range mesas {
			p.mesas[m.ID] = m
		}
	}
	return p, nil
}

// tabClaimsSQL reads the lines a tab's payments hold or paid (index
// cuenta_pago_lineas_cuenta, migration 0045: without it each view of a tab
// walked every tab's lines; TestReadsUseTheirIndexes).
const tabClaimsSQL = `SELECT cl.pedido_id, cl.posicion, pg.estado FROM cuenta_pago_lineas cl JOIN cuenta_pagos pg ON pg.id = cl.pago_id
	WHERE cl.cuenta_id = ? AND cl.activa = 1`

// tabViewAt is tabView with its restaurant's part already read.
func (s *Service) tabViewAt(ctx context.Context, q store.Querier, c tabRow, diner bool, place tabPlace) (Tab, error) {
	v := Tab{ID: c.ID, ClienteID: c.ClienteID, Estado: c.Estado, Modo: c.Modo, AbiertaAt: c.AbiertaAt, Motivo: c.Motivo,
		DetalleImpuestos: []TabTax{}, Pedidos: []TabOrder{}, Pagos: []TabPayment{}, lines: map[string]TabLine{}, taken: map[int]bool{}}
	if m, ok := place.mesas[c.MesaID]; ok {
		v.Mesa = m
	} else if err := q.QueryRow(ctx, `SELECT id, numero, nombre FROM mesas WHERE id = ?`, c.MesaID).Scan(&v.Mesa.ID, &v.Mesa.Numero, &v.Mesa.Nombre); err != nil {
		return v, err
	}
	v.Restaurante, v.Moneda = place.restaurante, place.moneda
	v.Propinas, v.pais = place.tc.Propinas, place.tc.Pais
	claims := map[string]string{}
	rows, err := q.Query(ctx, tabClaimsSQL, c.ID)
	if err != nil {
		return v, err
	}
	for rows.Next() {
		var pid int64
		var pos int
		var estado string
		if err := rows.Scan(&pid, &pos, &estado); err != nil {
			rows.Close()
			return v, err
		}
		claims[lineID(pid, pos)] = map[string]string{EstadoPendientePago: "en_pago", "pagado": "pagada"}[estado]
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return v, err
	}
	ps, err := listPedidos(ctx, q, `p.cuenta_id = ? AND p.estado NOT IN ('fallido', 'expirado')`, `p.id`, c.ID)
	if err != nil {
		return v, err
	}
	taxes := map[string]int{}
	var preTaxTotal int64
	for _, p := range ps {
		if diner {
			p = p.inItsLanguage()
		}
		billable := p.PaidAt > 0 && p.Estado != EstadoCancelado
		o := TabOrder{ID: p.ID, Numero: p.Numero, Estado: tableOrderState(p.Estado, c.Modo), CreatedAt: p.CreatedAt, Total: p.Total, Lineas: []TabLine{}}
		subs := make([]int64, len(p.Lineas))
		for i, l := range p.Lineas {
			subs[i] = l.Subtotal
		}
		costs := lineCosts(subs, p.Impuestos, p.ImpuestosIncluidos)
		for i, l := range p.Lineas {
			mods := make([]string, 0, len(l.Modificadores))
			for _, m := range l.Modificadores {
				mods = append(mods, m.Name)
			}
			tl := TabLine{ID: lineID(p.ID, i), PedidoID: p.ID, Nombre: l.Nombre, Cantidad: l.Cantidad, Modificadores: mods,
				Importe: costs[i].Importe, Impuestos: costs[i].Impuestos, EstadoPago: "libre"}
			switch {
			case p.paymentID != "":
				tl.EstadoPago = "pagada"
			case claims[tl.ID] != "":
				tl.EstadoPago = claims[tl.ID]
			}
			if billable && p.paymentID == "" {
				v.lines[tl.ID] = tl
			}
			o.Lineas = append(o.Lineas, tl)
		}
		v.Pedidos = append(v.Pedidos, o)
		if !billable {
			continue
		}
		v.ImpuestosIncluidos = v.ImpuestosIncluidos || p.ImpuestosIncluidos
		v.Total += p.Total
		v.Impuestos += p.Impuestos
		preTaxTotal += p.Total - p.Impuestos
		if p.paymentID != "" {
			v.Pagado += p.Total
		}
		for _, t := range p.DetalleImpuestos {
			k := t.Name + "|" + strconv.FormatInt(t.Rate, 10)
			if i, ok := taxes[k]; ok {
				v.DetalleImpuestos[i].Importe += t.Amount
				continue
			}
			taxes[k] = len(v.DetalleImpuestos)
			v.DetalleImpuestos = append(v.DetalleImpuestos, TabTax{Nombre: t.Name, Tasa: t.Rate, Importe: t.Amount})
		}
	}
	v.Subtotal = preTaxTotal
	prow, err := q.Query(ctx, `SELECT pg.id, pg.modo, pg.metodo, pg.parte, pg.importe, pg.base, pg.propina, pg.estado, pg.paid_at, COALESCE(u.email, ''), pg.reembolso
		FROM cuenta_pagos pg LEFT JOIN staff_users u ON u.id = pg.registrado_por
		WHERE pg.cuenta_id = ? AND pg.estado IN ('pendiente_pago', 'pagado') ORDER BY pg.id`, c.ID)
	if err != nil {
		return v, err
	}
	defer prow.Close()
	split := TabSplit{Partes: c.Partes, Base: c.PartesBase}
	var owed []int // the payments owing part of themselves back
	for prow.Next() {
		var p TabPayment
		if err := prow.Scan(&p.ID, &p.Modo, &p.Metodo, &p.Parte, &p.Importe, &p.Base, &p.Propina, &p.Estado, &p.PaidAt, &p.RegistradoPor, &p.Reembolso); err != nil {
			return v, err
		}
		p.Total = p.Importe + p.Propina
		if diner {
			p.RegistradoPor = "" // staff's e-mails are not the diners'
		}
		if p.Reembolso > 0 {
			owed = append(owed, len(v.Pagos))
		}
		v.Pagos = append(v.Pagos, p)
		v.activeBase += p.Base
		if p.Modo != "lineas" {
			v.amountPaid = true
		}
		if p.Parte > 0 {
			v.taken[p.Parte] = true
		}
		if p.Estado == "pagado" {
			// What it owes back is not the tab's: paid is what the payments keep.
			v.Pagado += p.Importe - p.Reembolso
			v.PropinaTotal += p.Propina
			if p.Parte > 0 {
				split.Pagadas++
			}
		} else {
			v.EnPago += p.Importe
			if p.Parte > 0 {
				split.EnPago++
			}
		}
	}
	if err := prow.Err(); err != nil {
		return v, err
	}
	prow.Close()
	for _, i := range owed {
		rs, err := refunds.Of(ctx, q, refunds.Cuenta, v.Pagos[i].ID)
		if err != nil {
			return v, err
		}
		v.Pagos[i].ReembolsoEstado = refundState(v.Pagos[i].Reembolso, rs)
	}
	v.Restante = max(0, v.Total-v.Pagado-v.EnPago)
	if c.Partes > 0 {
		if k := v.nextShare(c.Partes); k > 0 {
			split.Siguiente = min(share(c.PartesBase, c.Partes, k), v.Restante)
		}
		v.Division = &split
	}
	return v, nil
}

// nextShare is the first share of an n-way split nobody holds or paid; 0
// when every share is taken.
func (v Tab) nextShare(n int) int {
	for k := 1; k <= n; k++ {
		if !v.taken[k] {
			return k
		}
	}
	return 0
}

// DinersTab is the tab for a phone that joined it (its token).
func (s *Service) DinersTab(ctx context.Context, id int64, token string) (Tab, error) {
	c, err := dinersTab(ctx, s.DB, id, token)
	if err != nil {
		return Tab{}, err
	}
	return s.tabView(ctx, s.DB, c, true)
}

// --- Staff ---

// StaffTabs are the restaurant's open tabs and its tables.
type StaffTabs struct {
	Cuentas []Tab      `json:"cuentas"`
	Mesas   []TableRef `json:"mesas"`
}

// OpenTabs lists the restaurant's open tabs, oldest first, with its tables.
func (s *Service) OpenTabs(ctx context.Context, t tenant.ID) (StaffTabs, error) {
	out := StaffTabs{Cuentas: []Tab{}}
	var err error
	if out.Mesas, err = tableRefs(ctx, s.DB, t); err != nil {
		return out, err
	}
	rows, err := s.DB.Query(ctx, `SELECT `+tabCols+` FROM cuentas WHERE cliente_id = ? AND estado IN ('por_aceptar', 'abierta') ORDER BY abierta_at, id`, t.Int64())
	if err != nil {
		return out, err
	}
	var tabs []tabRow
	for rows.Next() {
		c, err := scanTab(rows)
		if err != nil {
			rows.Close()
			return out, err
		}
		tabs = append(tabs, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, err
	}
	if len(tabs) == 0 {
		return out, nil
	}
	place, err := placeOf(ctx, s.DB, t.Int64(), out.Mesas)
	if err != nil {
		return out, err
	}
	for _, c := range tabs {
		v, err := s.tabViewAt(ctx, s.DB, c, false, place)
		if err != nil {
			return out, err
		}
		out.Cuentas = append(out.Cuentas, v)
	}
	return out, nil
}

// staffTab is one of the restaurant's tabs (others' are not found).
func staffTab(ctx context.Context, q store.Querier, t tenant.ID, id int64) (tabRow, error) {
	c, err := getTab(ctx, q, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && c.ClienteID != t.Int64()) {
		return tabRow{}, ErrTabNotFound
	}
	return c, err
}

// StaffTab is one tab of the restaurant.
func (s *Service) StaffTab(ctx context.Context, t tenant.ID, id int64) (Tab, error) {
	c, err := staffTab(ctx, s.DB, t, id)
	if err != nil {
		return Tab{}, err
	}
	return s.tabView(ctx, s.DB, c, false)
}

// staffChange runs change on one of the restaurant's tabs, locked, and
// answers the tab afterwards.
func (s *Service) staffChange(ctx context.Context, t tenant.ID, id int64, change func(context.Context, *store.Tx, tabRow) error) (Tab, error) {
	var after []int64
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		// The restaurant's own tab, locked: another's is not found.
		c, err := scanTab(tx.QueryRow(ctx, `SELECT `+tabCols+` FROM cuentas WHERE id = ? AND cliente_id = ?`+store.ForUpdate(tx), id, t.Int64()))
		if errors.Is(err, store.ErrNotFound) {
			return ErrTabNotFound
		}
		if err != nil {
			return err
		}
		if err := change(ctx, tx, c); err != nil {
			return err
		}
		after, err = ids(tx.Query(ctx, `SELECT id FROM pedidos WHERE cuenta_id = ? AND pos_estado = 'pendiente'`, id))
		return err
	})
	if err != nil {
		return Tab{}, err
	}
	s.changed()
	for _, pid := range after {
		s.sendNow(pid)
	}
	return s.StaffTab(ctx, t, id)
}

// AcceptTab is a waiter accepting a new pay-at-the-end tab: its waiting
// orders go to the kitchen.
func (s *Service) AcceptTab(ctx context.Context, t tenant.ID, id, staffID int64) (Tab, error) {
	r, err := s.anyRestaurant(ctx, t.Int64())
	if err != nil {
		return Tab{}, err
	}
	return s.staffChange(ctx, t, id, func(ctx context.Context, tx *store.Tx, c tabRow) error {
		if c.Estado != TabPorAceptar {
			if c.Estado == TabAbierta {
				return nil // accepted already (two waiters at once)
			}
			return ErrTabNotOpen
		}
		now := tx.NowUnix()
		if _, err := tx.Exec(ctx, `UPDATE cuentas SET estado = 'abierta', aceptada_at = ?, aceptada_por = ?, version = version + 1 WHERE id = ?`, now, nullID(staffID), id); err != nil {
			return err
		}
		waiting, err := ids(tx.Query(ctx, `SELECT id FROM pedidos WHERE cuenta_id = ? AND estado = 'pendiente_pago' ORDER BY id`, id))
		if err != nil {
			return err
		}
		for _, pid := range waiting {
			rec, err := lockRecord(ctx, tx, pid)
			if err != nil {
				return err
			}
			if _, _, err := markPaid(ctx, tx, rec, "", s.POS != nil && r.conn.Provider != "", false); err != nil { // with its board event
				return err
			}
		}
		return addEvent(ctx, tx, c.ClienteID, 0, "cuenta")
	})
}

func nullID(id int64) *int64 {
	if id <= 0 {
		return nil
	}
	return &id
}

// CloseTab is staff closing a tab: paid when nothing is left, else closed
// with the reason (recorded in the audit log by note).
func (s *Service) CloseTab(ctx context.Context, t tenant.ID, id, staffID int64, motivo string, note func(context.Context, *store.Tx, string) error) (Tab, error) {
	motivo, err := limits.CancelReason.Check(motivo)
	if err != nil {
		return Tab{}, err
	}
	return s.staffChange(ctx, t, id, func(ctx context.Context, tx *store.Tx, c tabRow) error {
		if !c.open() {
			return ErrTabNotOpen
		}
		v, err := s.tabView(ctx, tx, c, false)
		if err != nil {
			return err
		}
		left := v.Total - v.Pagado
		if left > 0 && motivo == "" {
			return ErrTabMotivo
		}
		estado := TabPagada
		if left > 0 || v.Total == 0 {
			estado = TabCerrada
		}
		if left > 0 && note != nil {
			if err := note(ctx, tx, fmt.Sprintf("Mesa %d; sin pagar: %s; motivo: %s", v.Mesa.Numero, audit.Amount(left, v.Moneda), motivo)); err != nil {
				return err
			}
		}
		return endTab(ctx, tx, c, estado, nullID(staffID), motivo)
	})
}

// MoveTab moves a tab to another of the restaurant's tables, one with no
// open tab; its orders take the new table's name.
func (s *Service) MoveTab(ctx context.Context, t tenant.ID, id, mesaID int64) (Tab, error) {
	return s.staffChange(ctx, t, id, func(ctx context.Context, tx *store.Tx, c tabRow) error {
		if !c.open() {
			return ErrTabNotOpen
		}
		var m TableRef
		err := tx.QueryRow(ctx, `SELECT id, numero, nombre FROM mesas WHERE id = ? AND cliente_id = ? AND activa = 1`, mesaID, t.Int64()).Scan(&m.ID, &m.Numero, &m.Nombre)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNoTable
		}
		if err != nil {
			return err
		}
		if m.ID == c.MesaID {
			return nil
		}
		if _, err := openTabOf(ctx, tx, m.ID); err == nil {
			return ErrTableTaken
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE cuentas SET mesa_id = ?, version = version + 1 WHERE id = ?`, m.ID, id); err != nil {
			if store.IsUniqueViolation(err) {
				return ErrTableTaken
			}
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE pedidos SET mesa_numero = ?, mesa_nombre = ?, nombre = ? WHERE cuenta_id = ?`, m.Numero, m.Nombre, m.label(), id); err != nil {
			return err
		}
		return addEvent(ctx, tx, c.ClienteID, 0, "cuenta")
	})
}

// tableOf is a table order's table for the board (nil for pickup).
func tableOf(numero int, nombre string) *TableRef {
	if numero == 0 {
		return nil
	}
	return &TableRef{Numero: numero, Nombre: nombre}
}

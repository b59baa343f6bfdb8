package ordering

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Orders, their lines, the pickup slots' capacity and the feed of changes.
// State changes are single conditional UPDATEs on the current state, so
// concurrent confirmations, expiries and staff moves never apply twice.

// Order states.
const (
	EstadoPendientePago = "pendiente_pago"
	EstadoRecibido      = "recibido"
	EstadoPreparacion   = "en_preparacion"
	EstadoListo         = "listo"
	EstadoEntregado     = "entregado"
	EstadoCancelado     = "cancelado"
	EstadoFallido       = "fallido"
	EstadoExpirado      = "expirado"
)

// POS states of a paid order: to create (pendiente, error after a failed
// attempt), created; once the order is cancelled, to delete from the POS
// (anular, with pos_error after a failed attempt), deleted or never created
// (anulado), or the POS refused to delete it (no_anulado: the staff do it
// in the POS).
const (
	POSPendiente = "pendiente"
	POSCreado    = "creado"
	POSError     = "error"
	POSAnular    = "anular"
	POSAnulado   = "anulado"
	POSNoAnulado = "no_anulado"
)

var (
	errNotPending = errors.New("ordering: order is not pending payment")
	errSlotFull   = errors.New("ordering: pickup slot full")
	errState      = errors.New("ordering: order is not in the expected state")
)

// --- Settings ---

func getConfig(ctx context.Context, q store.Querier, clienteID int64) (Config, error) {
	var c Config
	var horario string
	var activo, dosPasos int
	err := q.QueryRow(ctx, `SELECT activo, preparacion_min, horario_json, pedidos_por_franja, pausado_hasta, zona_horaria,
		aviso_ambar_min, aviso_rojo_min, dos_pasos
		FROM pedidos_config WHERE cliente_id = ?`, clienteID).Scan(&activo, &c.PreparacionMin, &horario, &c.PedidosPorFranja, &c.PausadoHasta, &c.ZonaHoraria,
		&c.AvisoAmbarMin, &c.AvisoRojoMin, &dosPasos)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultConfig(), nil
	}
	if err != nil {
		return c, err
	}
	c.Activo, c.DosPasos = activo == 1, dosPasos == 1
	if err := json.Unmarshal([]byte(horario), &c.Horario); err != nil {
		return c, fmt.Errorf("ordering settings of %d: %w", clienteID, err)
	}
	if c.Horario == nil {
		c.Horario = []Hours{}
	}
	return c, nil
}

func saveConfig(ctx context.Context, q store.Querier, t tenant.ID, c Config) error {
	h, err := json.Marshal(c.Horario)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `INSERT INTO pedidos_config (cliente_id, activo, preparacion_min, horario_json, pedidos_por_franja, pausado_hasta, zona_horaria,
			aviso_ambar_min, aviso_rojo_min, dos_pasos, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (cliente_id) DO UPDATE SET activo = excluded.activo, preparacion_min = excluded.preparacion_min,
			horario_json = excluded.horario_json, pedidos_por_franja = excluded.pedidos_por_franja,
			pausado_hasta = excluded.pausado_hasta, zona_horaria = excluded.zona_horaria,
			aviso_ambar_min = excluded.aviso_ambar_min, aviso_rojo_min = excluded.aviso_rojo_min, dos_pasos = excluded.dos_pasos,
			updated_at = excluded.updated_at`,
		t.Int64(), store.BoolInt(c.Activo), c.PreparacionMin, string(h), c.PedidosPorFranja, c.PausadoHasta, c.ZonaHoraria,
		c.AvisoAmbarMin, c.AvisoRojoMin, store.BoolInt(c.DosPasos), q.NowUnix())
	return err
}

// --- Pickup slots ---

// slotsTaken counts the orders held per slot in [from, to).
func slotsTaken(ctx context.Context, q store.Querier, clienteID, from, to int64) (map[int64]int, error) {
	rows, err := q.Query(ctx, `SELECT franja, ocupados FROM pedidos_franjas WHERE cliente_id = ? AND franja >= ? AND franja < ? AND ocupados > 0`,
		clienteID, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var f int64
		var n int
		if err := rows.Scan(&f, &n); err != nil {
			return nil, err
		}
		out[f] = n
	}
	return out, rows.Err()
}

// takeSlot holds one order in a slot, unless max (> 0) orders hold it
// already (errSlotFull): one conditional upsert, exact under concurrency.
// force takes it whatever the maximum (a payment that arrived late). The
// slot's row stays locked until the transaction ends (PostgreSQL), so a
// new order takes it last, just before its commit (on PostgreSQL a new
// order usually takes it in placeInSlot's one statement instead).
func takeSlot(ctx context.Context, tx *store.Tx, clienteID, franja int64, max int, force bool) error {
	q, args := slotStmt(clienteID, franja, max, force)
	res, err := tx.Exec(ctx, q, args...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errSlotFull
	}
	return nil
}

// slotStmt is takeSlot's conditional upsert: it changes no row when the
// slot is full.
func slotStmt(clienteID, franja int64, max int, force bool) (string, []any) {
	q := `INSERT INTO pedidos_franjas (cliente_id, franja, ocupados) VALUES (?, ?, 1)
		ON CONFLICT (cliente_id, franja) DO UPDATE SET ocupados = pedidos_franjas.ocupados + 1`
	args := []any{clienteID, franja}
	if max > 0 && !force {
		q += ` WHERE pedidos_franjas.ocupados < ?`
		args = append(args, max)
	}
	return q, args
}

func releaseSlot(ctx context.Context, q store.Querier, clienteID, franja int64) error {
	_, err := q.Exec(ctx, `UPDATE pedidos_franjas SET ocupados = ocupados - 1 WHERE cliente_id = ? AND franja = ? AND ocupados > 0`, clienteID, franja)
	return err
}

// --- Orders ---

// newOrder is an order about to be stored, priced and with its pickup.
type newOrder struct {
	ClienteID                     int64
	UsuarioID                     *int64
	Token                         string
	Nombre, Telefono, Email, Nota string
	Idioma                        string
	RecogerAt, Franja             int64
	LoAntesPosible                bool
	Priced                        Priced
	Moneda                        string
	ExpiresAt                     int64
	// Novedades is a guest's "quiero recibir novedades" (false for a
	// signed-in diner: the account's consent counts).
	Novedades bool
	// Avisos is a guest's channel of the order notices (issue 32; '' email).
	Avisos string
	// CuentaID is a table's order's tab, at table Mesa (0: a pickup order).
	CuentaID int64
	Mesa     TableRef
}

// storedModifier is a line's modifier as pedido_lineas keeps it: the
// restaurant's own names (name, group_name: what the kitchen reads) and the
// names in the order's language (empty in orders placed before they were
// kept: the restaurant's then).
type storedModifier struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	Price           int64  `json:"price"`
	GroupID         string `json:"group_id"`
	GroupName       string `json:"group_name"`
	NameIdioma      string `json:"name_idioma,omitempty"`
	GroupNameIdioma string `json:"group_name_idioma,omitempty"`
}

// storedTax is a tax line as pedidos.impuestos_json keeps it, with its name
// in the order's language beside the restaurant's.
type storedTax struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Rate       int64  `json:"rate"`
	Amount     int64  `json:"amount"`
	NameIdioma string `json:"name_idioma,omitempty"`
}

// insertOrder stores new order o, unpaid, with its lines, in tx (the slot
// is the caller's: takeSlot). On PostgreSQL one statement (orderStmt), on
// SQLite two.
func insertOrder(ctx context.Context, tx *store.Tx, o newOrder) (int64, error) {
	row, lines, err := orderValues(o, tx.NowUnix())
	if err != nil {
		return 0, err
	}
	if tx.Dialect() == store.Postgres {
		q, args := orderStmt(row, lines, "", nil)
		var id int64
		err := tx.QueryRow(ctx, q, args...).Scan(&id)
		return id, err
	}
	id, err := store.InsertID(ctx, tx, `INSERT INTO pedidos (`+orderColumns+`) VALUES (`+store.Placeholders(len(row))+`)`, row...)
	if err != nil {
		return 0, err
	}
	// The lines in one statement (one round trip; at most MaxLines of 10
	// parameters each, far below either engine's limit).
	var q strings.Builder
	q.WriteString(`INSERT INTO pedido_lineas (pedido_id, ` + lineColumns + `) VALUES `)
	args := make([]any, 0, (1+len(lineColumnTypes))*len(lines))
	for k, l := range lines {
		if k > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(?, " + store.Placeholders(len(l)) + ")")
		args = append(append(args, id), l...)
	}
	if _, err := tx.Exec(ctx, q.String(), args...); err != nil {
		return 0, err
	}
	return id, nil
}

// placeInSlot stores new order o, with its lines, only if it can hold its
// slot (unless max > 0 orders hold it already: errSlotFull), all in one
// statement run on its own (orderStmt with the slot's upsert): one round
// trip instead of the five of a transaction (BEGIN, the order, its lines,
// the slot, COMMIT), and the slot's row, which every order of that quarter
// hour updates, stays locked for that statement and its commit, inside the
// server, rather than until the client's COMMIT arrives (under load, the
// orders of a slot then passed its row one client round trip at a time).
// PostgreSQL only (SQLite has no INSERT in a WITH): Place's transaction
// does the same there.
func placeInSlot(ctx context.Context, db *store.DB, o newOrder, max int) (int64, error) {
	row, lines, err := orderValues(o, db.NowUnix())
	if err != nil {
		return 0, err
	}
	slot, slotArgs := slotStmt(o.ClienteID, o.Franja, max, false)
	q, args := orderStmt(row, lines, slot, slotArgs)
	var id int64
	err = db.QueryRow(ctx, q, args...).Scan(&id)
	if errors.Is(store.NotFound(err), store.ErrNotFound) {
		return 0, errSlotFull
	}
	return id, err
}

// orderStmt is, on PostgreSQL, one statement of data-modifying CTEs that
// inserts an order (row, orderValues') and its lines and returns its id.
// With a slot (slotStmt's upsert and its args) the slot is taken first and
// the order inserted only if it was: no row back when the slot is full.
// The order's values take their types from its columns (INSERT … VALUES or
// INSERT … SELECT); a VALUES list in a FROM does not, so the lines' are cast.
func orderStmt(row []any, lines [][]any, slot string, slotArgs []any) (string, []any) {
	var q strings.Builder
	args := make([]any, 0, len(slotArgs)+len(row)+len(lineColumnTypes)*len(lines))
	if slot != "" {
		q.WriteString(`WITH f AS (` + slot + ` RETURNING 1),
			p AS (INSERT INTO pedidos (` + orderColumns + `) SELECT ` + store.Placeholders(len(row)) + ` FROM f RETURNING id),`)
		args = append(args, slotArgs...)
	} else {
		q.WriteString(`WITH p AS (INSERT INTO pedidos (` + orderColumns + `) VALUES (` + store.Placeholders(len(row)) + `) RETURNING id),`)
	}
	args = append(args, row...)
	q.WriteString(`
		l AS (INSERT INTO pedido_lineas (pedido_id, ` + lineColumns + `) SELECT p.id, v.* FROM p, (VALUES `)
	for k, l := range lines {
		if k > 0 {
			q.WriteString(", ")
		}
		q.WriteByte('(')
		for c, typ := range lineColumnTypes {
			if c > 0 {
				q.WriteString(", ")
			}
			q.WriteString("?::" + typ)
		}
		q.WriteByte(')')
		args = append(args, l...)
	}
	q.WriteString(`) AS v) SELECT id FROM p`)
	return q.String(), args
}

// orderColumns are pedidos' columns a new order is inserted with, in the
// order of orderValues' row.
const orderColumns = `cliente_id, usuario_id, token, estado, nombre, telefono, email, nota, idioma,
		recoger_at, lo_antes_posible, franja, subtotal, impuestos, impuestos_json, impuestos_incluidos, total, moneda, expires_at, novedades, avisos_canal,
		cuenta_id, mesa_numero, mesa_nombre, created_at, updated_at`

// lineColumnDefs are pedido_lineas' columns after pedido_id, in the order of
// each of orderValues' lines, with their PostgreSQL types (orderStmt casts
// the lines' values to them); lineColumns and lineColumnTypes are made from
// them.
var lineColumnDefs = [...]struct{ name, typ string }{
	{"posicion", "integer"}, {"producto_id", "bigint"}, {"clover_item_id", "text"}, {"nombre", "text"}, {"nombre_idioma", "text"},
	{"cantidad", "integer"}, {"precio_unitario", "bigint"}, {"modificadores_json", "text"}, {"subtotal", "bigint"},
}

var lineColumns, lineColumnTypes = func() (string, []string) {
	names := make([]string, len(lineColumnDefs))
	types := make([]string, len(lineColumnDefs))
	for i, c := range lineColumnDefs {
		names[i], types[i] = c.name, c.typ
	}
	return strings.Join(names, ", "), types
}()

// orderValues is new order o as pedidos' row (orderColumns, 'pendiente_pago',
// made at now) and its lines' rows (lineColumns).
func orderValues(o newOrder, now int64) (row []any, lines [][]any, err error) {
	st := make([]storedTax, 0, len(o.Priced.TaxLines))
	for _, t := range o.Priced.TaxLines {
		st = append(st, storedTax{ID: t.ID, Name: cmp.Or(t.posName, t.Name), Rate: t.Rate, Amount: t.Amount, NameIdioma: t.Name})
	}
	taxes, err := json.Marshal(st)
	if err != nil {
		return nil, nil, err
	}
	row = []any{o.ClienteID, o.UsuarioID, o.Token, EstadoPendientePago, o.Nombre, o.Telefono, o.Email, o.Nota, o.Idioma, o.RecogerAt,
		store.BoolInt(o.LoAntesPosible), o.Franja, o.Priced.Subtotal, o.Priced.Taxes, string(taxes), store.BoolInt(o.Priced.TaxIncluded), o.Priced.Total,
		o.Moneda, o.ExpiresAt, store.BoolInt(o.Novedades), cmp.Or(o.Avisos, "email"), nullID(o.CuentaID), o.Mesa.Numero, o.Mesa.Nombre, now, now}
	lines = make([][]any, 0, len(o.Priced.Lines))
	for k, l := range o.Priced.Lines {
		sm := make([]storedModifier, 0, len(l.Modifiers))
		for _, m := range l.Modifiers {
			sm = append(sm, storedModifier{ID: m.ID, Name: cmp.Or(m.posName, m.Name), Price: m.Price, GroupID: m.GroupID,
				GroupName: cmp.Or(m.posGroupName, m.GroupName), NameIdioma: m.Name, GroupNameIdioma: m.GroupName})
		}
		mods, err := json.Marshal(sm)
		if err != nil {
			return nil, nil, err
		}
		lines = append(lines, []any{k, l.ProductID, l.CloverItemID, cmp.Or(l.POSName, l.Name), l.Name, l.Quantity, l.UnitPrice, string(mods), l.Subtotal})
	}
	return row, lines, nil
}

// setSessionStmt is the statement that stores a checkout session (its id,
// page and end) on pending order id (for checkout.RecordSessionOn).
func setSessionStmt(id int64, sessionID, url string, expiresAt int64) (string, []any) {
	return `UPDATE pedidos SET checkout_session_id = ?, checkout_url = ?, expires_at = CASE WHEN ? > 0 AND ? < expires_at THEN ? ELSE expires_at END
		WHERE id = ? AND estado = 'pendiente_pago'`, []any{sessionID, url, expiresAt, expiresAt, expiresAt, id}
}

// record is an order as the server's flows need it.
type record struct {
	ID, ClienteID         int64
	UsuarioID             *int64
	Numero                int64
	Token                 string
	Estado                string
	Nombre, Email, Idioma string
	Franja, RecogerAt     int64
	Total                 int64
	Session               string
	PaymentID             string
	PosEstado             string
	// Who placed it (a guest's customer record is made of these).
	Telefono  string
	Novedades bool
	CreatedAt int64
	// CuentaID is a table order's tab (0: pickup).
	CuentaID int64
	// Avisos is the channel of its notices the diner chose ('email',
	// 'whatsapp', 'sms').
	Avisos string
}

const recordCols = `id, cliente_id, usuario_id, COALESCE(numero, 0), token, estado, nombre, email, idioma, franja, recoger_at, total,
	COALESCE(checkout_session_id, ''), payment_id, pos_estado, telefono, novedades, created_at, COALESCE(cuenta_id, 0), avisos_canal`

func scanRecord(row interface{ Scan(...any) error }) (record, error) {
	var r record
	var uid sql.NullInt64
	var novedades int
	err := row.Scan(&r.ID, &r.ClienteID, &uid, &r.Numero, &r.Token, &r.Estado, &r.Nombre, &r.Email, &r.Idioma, &r.Franja, &r.RecogerAt,
		&r.Total, &r.Session, &r.PaymentID, &r.PosEstado, &r.Telefono, &novedades, &r.CreatedAt, &r.CuentaID, &r.Avisos)
	r.Novedades = novedades == 1
	if uid.Valid {
		r.UsuarioID = &uid.Int64
	}
	return r, store.NotFound(err)
}

func getRecord(ctx context.Context, q store.Querier, id int64) (record, error) {
	return scanRecord(q.QueryRow(ctx, `SELECT `+recordCols+` FROM pedidos WHERE id = ?`, id))
}

// lockRecord reads an order in a transaction that is about to change it,
// its row locked until the transaction ends (on PostgreSQL; SQLite's write
// transactions are serialised already): a concurrent change of the same
// order waits here and then reads the state the first one committed, so
// it decides on that state rather than fail on a conditional UPDATE.
func lockRecord(ctx context.Context, tx *store.Tx, id int64) (record, error) {
	return scanRecord(tx.QueryRow(ctx, `SELECT `+recordCols+` FROM pedidos WHERE id = ?`+store.ForUpdate(tx), id))
}

func getRecordBySession(ctx context.Context, q store.Querier, session string) (record, error) {
	return scanRecord(q.QueryRow(ctx, `SELECT `+recordCols+` FROM pedidos WHERE checkout_session_id = ?`, session))
}

// failPending ends an order that was never paid (fallido or expirado) and
// frees its slot; an order that is not pending is left alone
// (errNotPending).
func failPending(ctx context.Context, tx *store.Tx, id int64, estado string) error {
	res, err := tx.Exec(ctx, `UPDATE pedidos SET estado = ?, updated_at = ? WHERE id = ? AND estado = 'pendiente_pago'`, estado, tx.NowUnix(), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errNotPending
	}
	r, err := getRecord(ctx, tx, id)
	if err != nil {
		return err
	}
	return releaseSlot(ctx, tx, r.ClienteID, r.Franja)
}

// markPaid turns an order whose checkout was paid into a received order
// with the restaurant's next number and its board event (markReceived,
// then numberOrder: the last statement before the commit). It reports
// false when the order was paid already.
func markPaid(ctx context.Context, tx *store.Tx, r record, paymentID string, posDue, claim bool) (bool, int64, error) {
	first, err := markReceived(ctx, tx, r, paymentID, posDue, claim, 0)
	if err != nil || !first {
		return false, r.Numero, err
	}
	numero, err := numberOrder(ctx, tx, r.ClienteID, r.ID, numbering{})
	if err != nil {
		return false, 0, err
	}
	return true, numero, nil
}

// markReceived turns an order whose checkout was paid into a received
// order, not yet numbered (numberOrder, before the commit), due in the POS
// when posDue (and claimed for posLease when claim: this replica sends it
// at once), made by guest (accounts.RecordGuest; 0: none). An order whose
// checkout had ended (expired or declined) is received all the same (its
// payment is never dropped) and takes its slot again whatever the maximum.
// It reports false when the order was paid already.
func markReceived(ctx context.Context, tx *store.Tx, r record, paymentID string, posDue, claim bool, guest int64) (bool, error) {
	if !payable(r.Estado) {
		return false, nil
	}
	now := tx.NowUnix()
	next := now
	if claim {
		next = now + int64(posLease/time.Second)
	}
	if r.Estado != EstadoPendientePago {
		if err := takeSlot(ctx, tx, r.ClienteID, r.Franja, 0, true); err != nil {
			return false, err
		}
	}
	posEstado := ""
	if posDue {
		posEstado = POSPendiente
	}
	res, err := tx.Exec(ctx, `UPDATE pedidos SET estado = 'recibido', payment_id = ?, paid_at = ?, updated_at = ?, pos_estado = ?, pos_siguiente_at = ?,
		invitado_id = COALESCE(?, invitado_id) WHERE id = ? AND estado = ?`, paymentID, now, now, posEstado, next, nullID(guest), r.ID, r.Estado)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return false, errState
	}
	return true, nil
}

// payable reports whether an order in estado can take its payment: one
// awaiting it, or one whose checkout ended (expired or declined) before
// the payment arrived.
func payable(estado string) bool {
	return estado == EstadoPendientePago || estado == EstadoExpirado || estado == EstadoFallido
}

// numbering is what else a paid order's number is written into: the
// confirmation e-mail queued (outbox row Mail) and the points' entry
// credited (Points) before the number was known, each with Placeholder
// where the number goes.
type numbering struct {
	Placeholder string
	Mail        int64
	Points      bool
}

// numberPlaceholder is a number to render in place of an order's number
// before it is known: 19 random digits, which nothing else in an e-mail or
// a points entry (prices, dates, the order's link) could match.
func numberPlaceholder() int64 {
	return 1_000_000_000_000_000_000 + rand.Int64N(8_000_000_000_000_000_000)
}

// numberOrder gives order id the restaurant's next number, writes it where
// n's placeholder stands, adds the order's 'recibido' board event
// (addEvent) and returns the number. It is the last statement of the
// transaction: the restaurant's counter row (pedidos_numeros, created with
// its first number from what clientes.pedidos_seq had reached: the demo's
// history and the numbers of before migration 0039) stays locked until the
// commit (PostgreSQL; SQLite serialises writers), so one restaurant's
// confirmations pass it one at a time. On PostgreSQL all of it is one
// statement: one round trip, then the commit, while the row is locked. A
// transaction that rolls back gives its number back with it; two never get
// the same one (and pedidos' UNIQUE (cliente_id, numero) would refuse it).
func numberOrder(ctx context.Context, tx *store.Tx, clienteID, id int64, n numbering) (int64, error) {
	const next = `INSERT INTO pedidos_numeros (cliente_id, ultimo) SELECT id, pedidos_seq + 1 FROM clientes WHERE id = ?
		ON CONFLICT (cliente_id) DO UPDATE SET ultimo = pedidos_numeros.ultimo + 1 RETURNING ultimo`
	now := tx.NowUnix()
	var numero int64
	if tx.Dialect() == store.Postgres {
		q := `WITH n AS (` + next + `),
			p AS (UPDATE pedidos SET numero = n.ultimo FROM n WHERE pedidos.id = ? RETURNING pedidos.numero)`
		args := []any{clienteID, id}
		if n.Mail != 0 {
			q += `, m AS (UPDATE outbox SET subject = replace(subject, ?, n.ultimo::text), body_text = replace(body_text, ?, n.ultimo::text),
				body_html = replace(body_html, ?, n.ultimo::text) FROM n WHERE outbox.id = ?)`
			args = append(args, n.Placeholder, n.Placeholder, n.Placeholder, n.Mail)
		}
		if n.Points {
			q += `, pt AS (UPDATE puntos SET motivo = replace(motivo, ?, n.ultimo::text) FROM n WHERE puntos.pedido_id = ?)`
			args = append(args, n.Placeholder, id)
		}
		q += `, e AS (INSERT INTO pedido_eventos (cliente_id, pedido_id, estado, created_at)
				SELECT ?::bigint, ?::bigint, 'recibido', ?::bigint FROM p RETURNING id)
			SELECT p.numero FROM p, e`
		args = append(args, clienteID, id, now)
		err := tx.QueryRow(ctx, q, args...).Scan(&numero)
		return numero, store.NotFound(err)
	}
	if err := tx.QueryRow(ctx, next, clienteID).Scan(&numero); err != nil {
		return 0, store.NotFound(err)
	}
	res, err := tx.Exec(ctx, `UPDATE pedidos SET numero = ? WHERE id = ?`, numero, id)
	if err != nil {
		return 0, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return 0, store.ErrNotFound
	}
	num := strconv.FormatInt(numero, 10)
	if n.Mail != 0 {
		if _, err := tx.Exec(ctx, `UPDATE outbox SET subject = replace(subject, ?, ?), body_text = replace(body_text, ?, ?), body_html = replace(body_html, ?, ?)
			WHERE id = ?`, n.Placeholder, num, n.Placeholder, num, n.Placeholder, num, n.Mail); err != nil {
			return 0, err
		}
	}
	if n.Points {
		if _, err := tx.Exec(ctx, `UPDATE puntos SET motivo = replace(motivo, ?, ?) WHERE pedido_id = ?`, n.Placeholder, num, id); err != nil {
			return 0, err
		}
	}
	return numero, addEvent(ctx, tx, clienteID, id, EstadoRecibido)
}

// setEstado moves an order of the restaurant from one state to another;
// errState when it is not in from (another move came first).
func setEstado(ctx context.Context, tx *store.Tx, t tenant.ID, id int64, from, to, motivo string) error {
	q := `UPDATE pedidos SET estado = ?, updated_at = ?`
	args := []any{to, tx.NowUnix()}
	if to == EstadoCancelado {
		q += `, motivo_cancelacion = ?, reembolso = CASE WHEN payment_id <> '' THEN 'pendiente' ELSE '' END`
		args = append(args, motivo)
	}
	res, err := tx.Exec(ctx, q+` WHERE id = ? AND cliente_id = ? AND estado = ?`, append(args, id, t.Int64(), from)...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errState
	}
	return nil
}

// addEvent appends a change to the feed the boards follow. Call it last in
// the change's transaction: the event's id is taken here, and the feed
// looks for an id it has not seen below the highest for a while only
// (Feed: on PostgreSQL transactions commit in any order, so an event may
// appear after events with higher ids).
func addEvent(ctx context.Context, tx *store.Tx, clienteID, pedidoID int64, estado string) error {
	_, err := tx.Exec(ctx, `INSERT INTO pedido_eventos (cliente_id, pedido_id, estado, created_at) VALUES (?, ?, ?, ?)`, clienteID, pedidoID, estado, tx.NowUnix())
	return err
}

// changeWithEvent runs update (one UPDATE of order pedidoID, with its args,
// no RETURNING) and appends its feed event (addEvent), both or neither. On
// PostgreSQL it is one statement, one round trip instead of four with a
// transaction's BEGIN and COMMIT; an update that changed no row adds no
// event. On SQLite, a transaction.
func changeWithEvent(ctx context.Context, db *store.DB, update string, args []any, clienteID, pedidoID int64, estado string) error {
	if db.Dialect() == store.Postgres {
		_, err := db.Exec(ctx, `WITH u AS (`+update+` RETURNING 1)
			INSERT INTO pedido_eventos (cliente_id, pedido_id, estado, created_at) SELECT ?::bigint, ?::bigint, ?::text, ?::bigint FROM u`,
			append(args[:len(args):len(args)], clienteID, pedidoID, estado, db.NowUnix())...)
		return err
	}
	return db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if _, err := tx.Exec(ctx, update, args...); err != nil {
			return err
		}
		return addEvent(ctx, tx, clienteID, pedidoID, estado)
	})
}

// expiredPending lists orders whose checkout ended unpaid.
func expiredPending(ctx context.Context, q store.Querier, limit int) ([]int64, error) {
	return ids(q.Query(ctx, `SELECT id FROM pedidos WHERE estado = 'pendiente_pago' AND expires_at < ? ORDER BY id LIMIT ?`, q.NowUnix(), limit))
}

func ids(rows *store.Rows, err error) ([]int64, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// --- Reading orders ---

// Pedido is an order as the restaurant's staff see it: the restaurant's
// own names of products, modifiers and taxes (inItsLanguage gives the
// diner's).
type Pedido struct {
	ID               int64     `json:"id"`
	ClienteID        int64     `json:"cliente_id"`
	Numero           int64     `json:"numero"`
	Estado           string    `json:"estado"`
	Nombre           string    `json:"nombre"`
	Telefono         string    `json:"telefono"`
	Email            string    `json:"email"`
	Nota             string    `json:"nota"`
	RecogerAt        int64     `json:"recoger_at"`
	LoAntesPosible   bool      `json:"lo_antes_posible"`
	Subtotal         int64     `json:"subtotal"`
	Impuestos        int64     `json:"impuestos"`
	DetalleImpuestos []TaxLine `json:"detalle_impuestos"`
	// ImpuestosIncluidos: the prices included the taxes (a VAT merchant):
	// Total is Subtotal and Impuestos the part of it that is tax.
	ImpuestosIncluidos bool    `json:"impuestos_incluidos"`
	Total              int64   `json:"total"`
	Moneda             string  `json:"moneda"`
	Lineas             []Linea `json:"lineas"`
	PosEstado          string  `json:"pos_estado"`
	PosError           string  `json:"pos_error"`
	PosIntentos        int     `json:"pos_intentos"`
	MotivoCancelacion  string  `json:"motivo_cancelacion"`
	Reembolso          string  `json:"reembolso"`
	// ReembolsoDetalle is where the refund through the provider stands, and whether the
	// provider can refund the payment at all (staff's views; refundDetails fills it).
	ReembolsoDetalle refunds.Status `json:"reembolso_detalle"`
	Visto            bool           `json:"visto"`
	PaidAt           int64          `json:"paid_at"`
	UpdatedAt        int64          `json:"updated_at"`
	CreatedAt        int64          `json:"created_at"`
	// Restaurante is the restaurant's name.
	Restaurante string `json:"restaurante"`
	// Mesa is a table order's table (nil: pickup); CuentaID its tab.
	Mesa     *TableRef `json:"mesa"`
	CuentaID int64     `json:"cuenta_id"`

	token, idioma, paymentID string
	usuarioID                *int64
	refundedAt               int64
	// taxesIdioma: the tax lines named in the order's language.
	taxesIdioma []TaxLine
}

// Linea is an order line.
type Linea struct {
	Nombre         string           `json:"nombre"`
	Cantidad       int              `json:"cantidad"`
	PrecioUnitario int64            `json:"precio_unitario"`
	Modificadores  []ChosenModifier `json:"modificadores"`
	Subtotal       int64            `json:"subtotal"`

	cloverItemID string
	// nombreIdioma and modsIdioma: the names in the order's language.
	nombreIdioma string
	modsIdioma   []ChosenModifier
}

// inItsLanguage is the order with its products, modifiers and taxes named
// in the language it was placed in (what the diner chose from), for the
// diner's page and e-mails; the kitchen reads the restaurant's.
func (p Pedido) inItsLanguage() Pedido {
	p.DetalleImpuestos = p.taxesIdioma
	lines := make([]Linea, len(p.Lineas))
	for i, l := range p.Lineas {
		l.Nombre, l.Modificadores = l.nombreIdioma, l.modsIdioma
		lines[i] = l
	}
	p.Lineas = lines
	return p
}

const pedidoCols = `p.id, p.cliente_id, COALESCE(p.numero, 0), p.estado, p.nombre, p.telefono, p.email, p.nota, p.recoger_at, p.lo_antes_posible,
	p.subtotal, p.impuestos, p.impuestos_json, p.impuestos_incluidos, p.total, p.moneda, p.pos_estado, p.pos_error, p.pos_intentos, p.motivo_cancelacion, p.reembolso, p.visto_at,
	p.paid_at, p.updated_at, p.created_at, COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre), p.token, p.idioma, p.usuario_id, p.payment_id, p.reembolsado_at,
	COALESCE(p.cuenta_id, 0), p.mesa_numero, p.mesa_nombre`

const pedidoFrom = ` FROM pedidos p JOIN clientes c ON c.id = p.cliente_id LEFT JOIN configuraciones s ON s.cliente_id = p.cliente_id`

// listPedidos reads orders with their lines (where is after WHERE).
func listPedidos(ctx context.Context, q store.Querier, where, order string, args ...any) ([]Pedido, error) {
	rows, err := q.Query(ctx, `SELECT `+pedidoCols+pedidoFrom+` WHERE `+where+` ORDER BY `+order, args...)
	if err != nil {
		return nil, err
	}
	out := []Pedido{}
	byID := map[int64]int{}
	for rows.Next() {
		var p Pedido
		var asap, included int
		var visto int64
		var taxes string
		var uid sql.NullInt64
		var mesaNumero int
		var mesaNombre string
		if err := rows.Scan(&p.ID, &p.ClienteID, &p.Numero, &p.Estado, &p.Nombre, &p.Telefono, &p.Email, &p.Nota, &p.RecogerAt, &asap,
			&p.Subtotal, &p.Impuestos, &taxes, &included, &p.Total, &p.Moneda, &p.PosEstado, &p.PosError, &p.PosIntentos, &p.MotivoCancelacion, &p.Reembolso, &visto,
			&p.PaidAt, &p.UpdatedAt, &p.CreatedAt, &p.Restaurante, &p.token, &p.idioma, &uid, &p.paymentID, &p.refundedAt,
			&p.CuentaID, &mesaNumero, &mesaNombre); err != nil {
			rows.Close()
			return nil, err
		}
		var st []storedTax
		_ = json.Unmarshal([]byte(taxes), &st) // a row that is not a list: no tax lines
		p.DetalleImpuestos, p.taxesIdioma = make([]TaxLine, 0, len(st)), make([]TaxLine, 0, len(st))
		for _, t := range st {
			p.DetalleImpuestos = append(p.DetalleImpuestos, TaxLine{ID: t.ID, Name: t.Name, Rate: t.Rate, Amount: t.Amount})
			p.taxesIdioma = append(p.taxesIdioma, TaxLine{ID: t.ID, Name: cmp.Or(t.NameIdioma, t.Name), Rate: t.Rate, Amount: t.Amount})
		}
		if uid.Valid {
			p.usuarioID = &uid.Int64
		}
		p.LoAntesPosible = asap == 1
		p.Mesa = tableOf(mesaNumero, mesaNombre)
		p.ImpuestosIncluidos = included == 1
		p.Visto = visto > 0
		p.Lineas = []Linea{}
		byID[p.ID] = len(out)
		out = append(out, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(out) == 0 {
		return out, err
	}
	args = make([]any, 0, len(out))
	for _, p := range out {
		args = append(args, p.ID)
	}
	lrows, err := q.Query(ctx, `SELECT pedido_id, nombre, nombre_idioma, cantidad, precio_unitario, modificadores_json, subtotal, clover_item_id FROM pedido_lineas
		WHERE pedido_id IN (`+store.Placeholders(len(args))+`) ORDER BY pedido_id, posicion`, args...)
	if err != nil {
		return nil, err
	}
	defer lrows.Close()
	for lrows.Next() {
		var id int64
		var l Linea
		var mods string
		if err := lrows.Scan(&id, &l.Nombre, &l.nombreIdioma, &l.Cantidad, &l.PrecioUnitario, &mods, &l.Subtotal, &l.cloverItemID); err != nil {
			return nil, err
		}
		var sm []storedModifier
		if err := json.Unmarshal([]byte(mods), &sm); err != nil {
			return nil, err
		}
		l.nombreIdioma = cmp.Or(l.nombreIdioma, l.Nombre)
		l.Modificadores, l.modsIdioma = make([]ChosenModifier, 0, len(sm)), make([]ChosenModifier, 0, len(sm))
		for _, m := range sm {
			l.Modificadores = append(l.Modificadores, ChosenModifier{ID: m.ID, Name: m.Name, Price: m.Price, GroupID: m.GroupID, GroupName: m.GroupName})
			l.modsIdioma = append(l.modsIdioma, ChosenModifier{ID: m.ID, Name: cmp.Or(m.NameIdioma, m.Name), Price: m.Price, GroupID: m.GroupID,
				GroupName: cmp.Or(m.GroupNameIdioma, m.GroupName)})
		}
		p := &out[byID[id]]
		p.Lineas = append(p.Lineas, l)
	}
	return out, lrows.Err()
}

func getPedido(ctx context.Context, q store.Querier, id int64) (Pedido, error) {
	ps, err := listPedidos(ctx, q, `p.id = ?`, `p.id`, id)
	if err != nil {
		return Pedido{}, err
	}
	if len(ps) == 0 {
		return Pedido{}, store.ErrNotFound
	}
	return ps[0], nil
}

// --- The POS queue ---

// posToCreate and posToDelete are the POS states duePOS claims orders in:
// to create in the POS, or to delete from it.
const (
	posToCreate = `pos_estado IN ('pendiente', 'error')`
	posToDelete = `pos_estado = 'anular'`
)

// duePOS claims up to limit paid orders due in the POS (in states, one of
// posToCreate and posToDelete): each is leased until leaseUntil, so
// replicas running the job at once never send the same order together.
func duePOS(ctx context.Context, db *store.DB, states string, limit int, leaseUntil int64) ([]int64, error) {
	cand, err := ids(db.Query(ctx, `SELECT id FROM pedidos WHERE `+states+` AND pos_siguiente_at <= ? ORDER BY pos_siguiente_at, id LIMIT ?`,
		db.NowUnix(), limit))
	if err != nil {
		return nil, err
	}
	var out []int64
	for _, id := range cand {
		res, err := db.Exec(ctx, `UPDATE pedidos SET pos_siguiente_at = ? WHERE id = ? AND `+states+` AND pos_siguiente_at <= ?`,
			leaseUntil, id, db.NowUnix())
		if err != nil {
			return out, err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			out = append(out, id)
		}
	}
	return out, nil
}

// CountAwaitingPOS counts the paid orders not yet created in their POS
// (the POS retry's queue).
func CountAwaitingPOS(ctx context.Context, q store.Querier) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM pedidos WHERE pos_estado IN ('pendiente', 'error')`).Scan(&n)
	return n, err
}

// Paid is one paid amount and when it was paid (Unix seconds), for the
// panel's summary.
type Paid struct {
	At     int64
	Amount int64
}

// PaidOrders lists the restaurant's orders paid since since (Unix seconds),
// with their totals in cents; a cancelled order is not a sale.
func PaidOrders(ctx context.Context, q store.Querier, t tenant.ID, since int64) ([]Paid, error) {
	return scanPaid(q.Query(ctx, `SELECT paid_at, total FROM pedidos
		WHERE cliente_id = ? AND paid_at >= ? AND paid_at > 0 AND estado <> 'cancelado' ORDER BY paid_at`, t.Int64(), since))
}

// PaidTips lists the tips of the restaurant's tab payments paid since
// since (Unix seconds), in cents, by when they were paid.
func PaidTips(ctx context.Context, q store.Querier, t tenant.ID, since int64) ([]Paid, error) {
	return scanPaid(q.Query(ctx, `SELECT paid_at, propina FROM cuenta_pagos
		WHERE cliente_id = ? AND estado = 'pagado' AND propina > 0 AND paid_at >= ? ORDER BY paid_at`, t.Int64(), since))
}

func scanPaid(rows *store.Rows, err error) ([]Paid, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Paid{}
	for rows.Next() {
		var p Paid
		if err := rows.Scan(&p.At, &p.Amount); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// SetZone sets the restaurant's time zone (its country's, when the super
// admin sets the country), keeping every other ordering setting.
func SetZone(ctx context.Context, q store.Querier, t tenant.ID, zona string) error {
	c, err := getConfig(ctx, q, t.Int64())
	if err != nil {
		return err
	}
	c.ZonaHoraria = zona
	return saveConfig(ctx, q, t, c)
}

package offers

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"carta/internal/billing"
	"carta/internal/locale"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Coupon offers, their purchases (vouchers), the platform fee per coupon
// sold and the restaurant's card on file. Stock and money change only in
// single conditional statements, so concurrent buyers can never oversell.

// Cupon is a coupon offer; Precio is cents before the discount.
type Cupon struct {
	ID          int64  `json:"id"`
	ClienteID   int64  `json:"cliente_id"`
	Codigo      string `json:"codigo"`
	Titulo      string `json:"titulo"`
	Descripcion string `json:"descripcion"`
	// TituloEN and DescripcionEN are the owner's optional English texts;
	// a diner reading in English gets them as Titulo and Descripcion.
	TituloEN           string `json:"titulo_en"`
	DescripcionEN      string `json:"descripcion_en"`
	Descuento          int64  `json:"descuento"`
	Precio             int64  `json:"precio"`
	PrecioFinal        int64  `json:"precio_final"`
	ImagenURL          string `json:"imagen_url"`
	FechaExpiracion    int64  `json:"fecha_expiracion"`
	CantidadDisponible int64  `json:"cantidad_disponible"`
	Estado             string `json:"estado"`
	Vendidos           int64  `json:"vendidos"`
}

// Localize returns the offer as a diner reading lang sees it: in English
// the owner's English title and description where given, else the Spanish.
func (c Cupon) Localize(lang string) Cupon {
	if lang == "en" {
		if c.TituloEN != "" {
			c.Titulo = c.TituloEN
		}
		if c.DescripcionEN != "" {
			c.Descripcion = c.DescripcionEN
		}
	}
	return c
}

// DiscountedPrice is what a diner pays for the coupon before the fee:
// precio less descuento percent, rounded half up to the cent.
func DiscountedPrice(precio, descuento int64) int64 {
	return (precio*(100-descuento) + 50) / 100
}

const cuponCols = `id, cliente_id, codigo, titulo, descripcion, titulo_en, descripcion_en, descuento, precio, imagen_url, fecha_expiracion, cantidad_disponible, estado,
	(SELECT COUNT(*) FROM compras co WHERE co.cupon_id = cupones.id AND co.estado IN ('pagado', 'canjeado'))`

var scanCupones = store.Collect(scanCupon)

func scanCupon(row store.Scanner) (Cupon, error) {
	var c Cupon
	err := row.Scan(&c.ID, &c.ClienteID, &c.Codigo, &c.Titulo, &c.Descripcion, &c.TituloEN, &c.DescripcionEN, &c.Descuento, &c.Precio, &c.ImagenURL,
		&c.FechaExpiracion, &c.CantidadDisponible, &c.Estado, &c.Vendidos)
	c.PrecioFinal = DiscountedPrice(c.Precio, c.Descuento)
	return c, store.NotFound(err)
}

// CreateCupon stores an offer of the restaurant; a taken code is
// store.ErrConflict.
func CreateCupon(ctx context.Context, q store.Querier, t tenant.ID, c Cupon) (int64, error) {
	c.ClienteID = t.Int64()
	id, err := store.InsertID(ctx, q, `INSERT INTO cupones (cliente_id, codigo, titulo, descripcion, titulo_en, descripcion_en, descuento, precio,
		imagen_url, fecha_expiracion, cantidad_disponible, estado, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'activo', ?)`,
		c.ClienteID, c.Codigo, c.Titulo, c.Descripcion, c.TituloEN, c.DescripcionEN, c.Descuento, c.Precio, c.ImagenURL, c.FechaExpiracion, c.CantidadDisponible, q.NowUnix())
	if store.IsUniqueViolation(err) {
		return 0, store.ErrConflict
	}
	return id, err
}

// getCupon returns one offer of the restaurant.
func getCupon(ctx context.Context, q store.Querier, t tenant.ID, id int64) (Cupon, error) {
	return scanCupon(q.QueryRow(ctx, `SELECT `+cuponCols+` FROM cupones WHERE id = ? AND cliente_id = ?`, id, t.Int64()))
}

// onSaleCupon returns an offer diners can buy now (active, unexpired, of an
// active restaurant): the public path to an offer named only by its id.
func onSaleCupon(ctx context.Context, q store.Querier, id int64) (Cupon, error) {
	return scanCupon(q.QueryRow(ctx, `SELECT `+cuponCols+` FROM cupones WHERE id = ? AND estado = 'activo' AND fecha_expiracion > ?
		AND cliente_id IN (SELECT id FROM clientes WHERE estado = 'activo')`, id, q.NowUnix()))
}

// ListActiveCupones returns the offers diners can buy (active, not expired),
// of one restaurant or of all when scope is nil; soonest expiry first.
func ListActiveCupones(ctx context.Context, q store.Querier, scope tenant.Scope) ([]Cupon, error) {
	query := `SELECT ` + cuponCols + ` FROM cupones WHERE estado = 'activo' AND fecha_expiracion > ?
		AND cliente_id IN (SELECT id FROM clientes WHERE estado = 'activo')`
	args := []any{q.NowUnix()}
	if scope != nil {
		query += ` AND cliente_id = ?`
		args = append(args, scope.Int64())
	}
	return scanCupones(q.Query(ctx, query+` ORDER BY fecha_expiracion, id`, args...))
}

// ListClienteCupones returns every offer of a restaurant, newest first.
func ListClienteCupones(ctx context.Context, q store.Querier, t tenant.ID) ([]Cupon, error) {
	return scanCupones(q.Query(ctx, `SELECT `+cuponCols+` FROM cupones WHERE cliente_id = ? ORDER BY created_at DESC, id DESC`, t.Int64()))
}

// SetCuponEstado pauses, resumes or ends an offer. An ended offer cannot
// be resumed.
func setCuponEstado(ctx context.Context, q store.Querier, t tenant.ID, id int64, estado string) error {
	res, err := q.Exec(ctx, `UPDATE cupones SET estado = ? WHERE id = ? AND cliente_id = ? AND estado <> 'finalizado'`, estado, id, t.Int64())
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrConflict
	}
	return nil
}

// Purchase errors.
var (
	errSoldOut      = errors.New("offers: coupon sold out or not on sale")
	errNotPending   = errors.New("offers: purchase is not pending")
	errVoucherUsed  = errors.New("offers: voucher already redeemed")
	errVoucherState = errors.New("offers: voucher not redeemable")
)

// Compra states.
const (
	CompraPendiente = "pendiente"
	CompraPagado    = "pagado"
	CompraFallido   = "fallido"
	CompraExpirado  = "expirado"
	CompraCanjeado  = "canjeado"
)

// PendingCompra is a purchase holding one unit of stock while its checkout
// is open.
type PendingCompra struct {
	ID        int64
	ClienteID int64
	CuponID   int64
	Titulo    string
	Subtotal  int64
	Fee       int64
	Total     int64
	ExpiresAt int64
}

// errTooManyHolds is returned when a diner already has the most open
// checkouts allowed.
var errTooManyHolds = errors.New("offers: too many open checkouts")

// ReserveCupon takes one unit of the offer's stock for a new pending
// purchase of the diner that expires after ttl. The decrement is one
// conditional UPDATE: whatever the concurrency, stock never goes below zero
// (errSoldOut). A diner holds at most maxOpen units at once across offers
// (errTooManyHolds) and one per offer (a unique index: store.ErrConflict).
func reserveCupon(ctx context.Context, tx *store.Tx, cuponID int64, usuarioID int64, lang string, ttl time.Duration, maxOpen int) (PendingCompra, error) {
	now := tx.NowUnix()
	if err := lockUsuario(ctx, tx, usuarioID); err != nil {
		return PendingCompra{}, err
	}
	var open int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM compras WHERE usuario_id = ? AND estado = 'pendiente' AND expires_at > ?`, usuarioID, now).Scan(&open); err != nil {
		return PendingCompra{}, err
	}
	if open >= maxOpen {
		return PendingCompra{}, errTooManyHolds
	}
	res, err := tx.Exec(ctx, `UPDATE cupones SET cantidad_disponible = cantidad_disponible - 1
		WHERE id = ? AND estado = 'activo' AND cantidad_disponible > 0 AND fecha_expiracion > ?`, cuponID, now)
	if err != nil {
		return PendingCompra{}, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return PendingCompra{}, errSoldOut
	}
	c, err := scanCupon(tx.QueryRow(ctx, `SELECT `+cuponCols+` FROM cupones WHERE id = ?`, cuponID))
	if err != nil {
		return PendingCompra{}, err
	}
	p := PendingCompra{ClienteID: c.ClienteID, CuponID: c.ID, Titulo: c.Titulo, Subtotal: c.PrecioFinal, Fee: billing.FeeCents,
		ExpiresAt: now + int64(ttl/time.Second)}
	p.Total = p.Subtotal + p.Fee
	if lang != "en" {
		lang = "es"
	}
	p.ID, err = store.InsertID(ctx, tx, `INSERT INTO compras (usuario_id, cliente_id, cupon_id, descripcion, descripcion_en, idioma, estado, subtotal, fee, total, expires_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, 'pendiente', ?, ?, ?, ?, ?)`, usuarioID, c.ClienteID, c.ID, c.Titulo, c.TituloEN, lang, p.Subtotal, p.Fee, p.Total, p.ExpiresAt, now)
	if store.IsUniqueViolation(err) {
		return p, store.ErrConflict
	}
	return p, err
}

// lockUsuario serialises a diner's concurrent purchases (a row lock).
func lockUsuario(ctx context.Context, tx *store.Tx, usuarioID int64) error {
	var id int64
	return store.NotFound(tx.QueryRow(ctx, `SELECT id FROM usuarios WHERE id = ?`+store.ForUpdate(tx), usuarioID).Scan(&id))
}

// OpenHold is a diner's pending purchase of an offer.
type OpenHold struct {
	ID          int64
	CheckoutURL string
	Total       int64
	ExpiresAt   int64
	CreatedAt   int64
}

// GetOpenHold returns the diner's pending purchase of the offer, or
// store.ErrNotFound.
func getOpenHold(ctx context.Context, q store.Querier, usuarioID, cuponID int64) (OpenHold, error) {
	var h OpenHold
	err := q.QueryRow(ctx, `SELECT id, checkout_url, total, expires_at, created_at FROM compras WHERE usuario_id = ? AND cupon_id = ? AND estado = 'pendiente'`,
		usuarioID, cuponID).Scan(&h.ID, &h.CheckoutURL, &h.Total, &h.ExpiresAt, &h.CreatedAt)
	return h, store.NotFound(err)
}

// setCompraSessionStmt is the statement that records the checkout session
// (and its page) of a pending purchase (for checkout.RecordSessionOn).
func setCompraSessionStmt(compraID int64, sessionID, url string, expiresAt int64) (string, []any) {
	return `UPDATE compras SET checkout_session_id = ?, checkout_url = ?, expires_at = CASE WHEN ? > 0 AND ? < expires_at THEN ? ELSE expires_at END
		WHERE id = ? AND estado = 'pendiente'`, []any{sessionID, url, expiresAt, expiresAt, expiresAt, compraID}
}

// ReleaseCompra ends a pending purchase as fallido or expirado and gives its
// unit back to the offer. A purchase that is no longer pending is left
// alone (errNotPending), so a release can never return stock twice.
func releaseCompra(ctx context.Context, tx *store.Tx, compraID int64, estado string) error {
	res, err := tx.Exec(ctx, `UPDATE compras SET estado = ? WHERE id = ? AND estado = 'pendiente'`, estado, compraID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errNotPending
	}
	_, err = tx.Exec(ctx, `UPDATE cupones SET cantidad_disponible = cantidad_disponible + 1
		WHERE id = (SELECT cupon_id FROM compras WHERE id = ?)`, compraID)
	return err
}

// CompraRecord is a purchase as the payment flow needs it.
type CompraRecord struct {
	ID, ClienteID int64
	UsuarioID     *int64
	CuponID       *int64
	Descripcion   string
	// DescripcionEN is the offer's English title when bought ('' when none);
	// Idioma the language the diner bought in ("es" or "en").
	DescripcionEN string
	Idioma        string
	Estado        string
	Subtotal, Fee int64
	Total         int64
	Session       string
	Voucher       string
	ExpiresAt     int64
}

const compraCols = `id, cliente_id, usuario_id, cupon_id, descripcion, descripcion_en, idioma, estado, subtotal, fee, total, COALESCE(checkout_session_id, ''), COALESCE(codigo_voucher, ''), expires_at`

func scanCompra(row interface{ Scan(...any) error }) (CompraRecord, error) {
	var c CompraRecord
	var uid, cid sql.NullInt64
	err := row.Scan(&c.ID, &c.ClienteID, &uid, &cid, &c.Descripcion, &c.DescripcionEN, &c.Idioma, &c.Estado, &c.Subtotal, &c.Fee, &c.Total, &c.Session, &c.Voucher, &c.ExpiresAt)
	if uid.Valid {
		c.UsuarioID = &uid.Int64
	}
	if cid.Valid {
		c.CuponID = &cid.Int64
	}
	return c, store.NotFound(err)
}

// GetCompraBySession finds a purchase by its checkout session.
func GetCompraBySession(ctx context.Context, q store.Querier, sessionID string) (CompraRecord, error) {
	return scanCompra(q.QueryRow(ctx, `SELECT `+compraCols+` FROM compras WHERE checkout_session_id = ?`, sessionID))
}

// GetCompra finds a purchase by id.
func getCompra(ctx context.Context, q store.Querier, id int64) (CompraRecord, error) {
	return scanCompra(q.QueryRow(ctx, `SELECT `+compraCols+` FROM compras WHERE id = ?`, id))
}

// lockCompra locks a purchase's row until the transaction ends (on
// PostgreSQL; SQLite's write transactions are serialised already): of
// concurrent confirmations of one purchase the first decides on its state
// and the others, waiting here, read the state it committed.
func lockCompra(ctx context.Context, tx *store.Tx, compraID int64) error {
	var id int64
	return store.NotFound(tx.QueryRow(ctx, `SELECT id FROM compras WHERE id = ?`+store.ForUpdate(tx), compraID).Scan(&id))
}

// MarkCompraPaid turns a pending purchase into a paid voucher with code.
// A purchase that expired or failed meanwhile is paid only if a unit of
// stock can be taken again. It reports false when the purchase was already
// paid (a repeated confirmation changes nothing).
func markCompraPaid(ctx context.Context, tx *store.Tx, compraID int64, code, paymentID string) (bool, error) {
	now := tx.NowUnix()
	res, err := tx.Exec(ctx, `UPDATE compras SET estado = 'pagado', paid_at = ?, codigo_voucher = ?, payment_id = ? WHERE id = ? AND estado = 'pendiente'`,
		now, code, paymentID, compraID)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return true, nil
	}
	c, err := getCompra(ctx, tx, compraID)
	if err != nil {
		return false, err
	}
	switch c.Estado {
	case CompraPagado, CompraCanjeado:
		return false, nil
	case CompraExpirado, CompraFallido:
		// Paid after its hold ended: take a unit again if there is one.
		res, err := tx.Exec(ctx, `UPDATE cupones SET cantidad_disponible = cantidad_disponible - 1 WHERE id = ? AND cantidad_disponible > 0`, c.CuponID)
		if err != nil {
			return false, err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return false, errSoldOut
		}
		if _, err := tx.Exec(ctx, `UPDATE compras SET estado = 'pagado', paid_at = ?, codigo_voucher = ?, payment_id = ? WHERE id = ?`, now, code, paymentID, compraID); err != nil {
			return false, err
		}
		return true, nil
	}
	return false, fmt.Errorf("compra %d in state %s", compraID, c.Estado)
}

// MarkCompraRefund records that a payment was taken for a purchase that
// cannot be honoured (reason says why) and must be refunded. It reports
// false when the purchase was marked already (a repeated confirmation).
func markCompraRefund(ctx context.Context, q store.Querier, compraID int64, reason, paymentID string) (bool, error) {
	res, err := q.Exec(ctx, `UPDATE compras SET reembolso = 'pendiente', reembolso_motivo = ?, payment_id = ?, paid_at = ?
		WHERE id = ? AND reembolso = '' AND estado IN ('expirado', 'fallido')`, reason, paymentID, q.NowUnix(), compraID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Refund is a payment the platform owes back to a diner.
type Refund struct {
	CompraID    int64  `json:"compra_id"`
	ClienteID   int64  `json:"cliente_id"`
	Restaurante string `json:"restaurante"`
	Email       string `json:"email"`
	Descripcion string `json:"descripcion"`
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

// ListRefunds lists the payments to refund, oldest first, then the latest
// refunded ones (super admin).
func ListRefunds(ctx context.Context, q store.Querier) ([]Refund, error) {
	return listRefunds(ctx, q, refundsWhere)
}

// refundsSQL is listRefunds' statement for the purchases where picks
// (ListRefunds': index compras_reembolsos, migration 0046).
func refundsSQL(where string) string {
	return `SELECT co.id, co.cliente_id, c.nombre, COALESCE(u.email, ''), co.descripcion, co.total, COALESCE(s.moneda, 'USD'),
			co.reembolso_motivo, co.payment_id, co.reembolso, co.paid_at, co.reembolsado_at
		FROM compras co JOIN clientes c ON c.id = co.cliente_id LEFT JOIN usuarios u ON u.id = co.usuario_id
		LEFT JOIN configuraciones s ON s.cliente_id = co.cliente_id
		WHERE ` + where + `
		ORDER BY co.reembolso DESC, co.paid_at, co.id LIMIT 500`
}

// refundsWhere picks the purchases with a refund, owed or done.
const refundsWhere = `co.reembolso <> ''`

func listRefunds(ctx context.Context, q store.Querier, where string, args ...any) ([]Refund, error) {
	rows, err := q.Query(ctx, refundsSQL(where), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Refund{}
	for rows.Next() {
		var r Refund
		if err := rows.Scan(&r.CompraID, &r.ClienteID, &r.Restaurante, &r.Email, &r.Descripcion, &r.Total, &r.Moneda, &r.Motivo, &r.PaymentID,
			&r.Estado, &r.PaidAt, &r.RefundedAt); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// MarkRefunded records that a pending refund was made; store.ErrNotFound when
// the purchase has no pending refund.
func MarkRefunded(ctx context.Context, q store.Querier, compraID int64) error {
	res, err := q.Exec(ctx, `UPDATE compras SET reembolso = 'reembolsado', reembolsado_at = ? WHERE id = ? AND reembolso = 'pendiente'`, q.NowUnix(), compraID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// ExpiredCompras lists pending purchases whose hold has ended.
func expiredCompras(ctx context.Context, q store.Querier, limit int) ([]int64, error) {
	return store.Int64s(q.Query(ctx, `SELECT id FROM compras WHERE estado = 'pendiente' AND expires_at < ? ORDER BY id LIMIT ?`, q.NowUnix(), limit))
}

// Voucher is a paid purchase as restaurant staff see it when redeeming.
type Voucher struct {
	Codigo      string `json:"codigo"`
	Descripcion string `json:"descripcion"`
	Estado      string `json:"estado"`
	Total       int64  `json:"total"`
	RedeemedAt  int64  `json:"redeemed_at"`
}

// RedeemVoucher marks a paid, unexpired voucher of the restaurant as used,
// once. A used voucher is errVoucherUsed; an unknown one (or another
// restaurant's) store.ErrNotFound; an expired or unpaid one errVoucherState.
func redeemVoucher(ctx context.Context, tx *store.Tx, t tenant.ID, code string) (Voucher, error) {
	clienteID := t.Int64()
	now := tx.NowUnix()
	res, err := tx.Exec(ctx, `UPDATE compras SET estado = 'canjeado', redeemed_at = ?
		WHERE cliente_id = ? AND codigo_voucher = ? AND estado = 'pagado'
		AND (cupon_id IS NULL OR (SELECT fecha_expiracion FROM cupones WHERE id = compras.cupon_id) > ?)`, now, clienteID, code, now)
	if err != nil {
		return Voucher{}, err
	}
	var v Voucher
	err = tx.QueryRow(ctx, `SELECT codigo_voucher, descripcion, estado, total, redeemed_at FROM compras WHERE cliente_id = ? AND codigo_voucher = ?`,
		clienteID, code).Scan(&v.Codigo, &v.Descripcion, &v.Estado, &v.Total, &v.RedeemedAt)
	if err != nil {
		return v, store.NotFound(err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return v, nil
	}
	if v.Estado == CompraCanjeado {
		return v, errVoucherUsed
	}
	return v, errVoucherState
}

// Compra is a purchase as its diner sees it.
type Compra struct {
	ID            int64   `json:"id"`
	ClienteID     int64   `json:"cliente_id"`
	Restaurante   string  `json:"restaurante"`
	CuponID       *int64  `json:"cupon_id"`
	Descripcion   string  `json:"descripcion"`
	Estado        string  `json:"estado"`
	Subtotal      int64   `json:"subtotal"`
	Fee           int64   `json:"fee"`
	Total         int64   `json:"total"`
	CodigoVoucher *string `json:"codigo_voucher"`
	Reembolso     string  `json:"reembolso"` // "", "pendiente" or "reembolsado"
	Moneda        string  `json:"moneda"`
	ExpiraEn      int64   `json:"fecha_expiracion"`
	PaidAt        int64   `json:"paid_at"`
	RedeemedAt    int64   `json:"redeemed_at"`
	CreatedAt     int64   `json:"created_at"`
	// ZonaHoraria is the restaurant's time zone (its ordering settings',
	// else its country's): the page writes the voucher's dates in it.
	ZonaHoraria string `json:"zona_horaria"`
}

// ListCompras lists a diner's purchases, newest first: vouchers
// paid or redeemed, and payments that are (or were) to be refunded; an
// abandoned or declined checkout is not a purchase. A paid voucher past its
// offer's expiry is reported as expirado. In English (lang "en") a voucher
// is described by its offer's English title when the owner gave one.
func ListCompras(ctx context.Context, q store.Querier, d tenant.Diner, lang string) ([]Compra, error) {
	usuarioID := d.Int64()
	rows, err := q.Query(ctx, `SELECT co.id, co.cliente_id, COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre), co.cupon_id, co.descripcion,
			COALESCE(cu.titulo_en, ''),
			CASE WHEN co.estado = 'pagado' AND cu.fecha_expiracion IS NOT NULL AND cu.fecha_expiracion < ? THEN 'expirado' ELSE co.estado END,
			co.subtotal, co.fee, co.total, co.codigo_voucher, co.reembolso, COALESCE(s.moneda, 'USD'), COALESCE(cu.fecha_expiracion, 0),
			co.paid_at, co.redeemed_at, co.created_at, c.pais, COALESCE(pc.zona_horaria, '')
		FROM compras co JOIN clientes c ON c.id = co.cliente_id
		LEFT JOIN configuraciones s ON s.cliente_id = co.cliente_id
		LEFT JOIN cupones cu ON cu.id = co.cupon_id
		LEFT JOIN pedidos_config pc ON pc.cliente_id = co.cliente_id
		WHERE co.usuario_id = ? AND (co.estado IN ('pagado', 'canjeado') OR co.reembolso <> '')
		ORDER BY co.created_at DESC, co.id DESC`, q.NowUnix(), usuarioID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Compra{}
	for rows.Next() {
		var c Compra
		var cup sql.NullInt64
		var code sql.NullString
		var tituloEN, pais, zona string
		if err := rows.Scan(&c.ID, &c.ClienteID, &c.Restaurante, &cup, &c.Descripcion, &tituloEN, &c.Estado, &c.Subtotal, &c.Fee, &c.Total,
			&code, &c.Reembolso, &c.Moneda, &c.ExpiraEn, &c.PaidAt, &c.RedeemedAt, &c.CreatedAt, &pais, &zona); err != nil {
			return nil, err
		}
		c.ZonaHoraria = locale.ZoneOf(pais, zona).String()
		if cup.Valid {
			c.CuponID = &cup.Int64
		}
		if code.Valid {
			c.CodigoVoucher = &code.String
		}
		if lang == "en" && tituloEN != "" {
			c.Descripcion = tituloEN
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// PendingRefunds counts the purchases waiting for their refund.
func PendingRefunds(ctx context.Context, q store.Querier) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM compras WHERE reembolso = 'pendiente'`).Scan(&n)
	return n, err
}

// Sale is one coupon sold: when it was paid (Unix seconds) and its price in
// cents, without the service fee (which goes to the platform).
type Sale struct {
	At       int64
	Subtotal int64
}

// SoldSince lists the restaurant's coupons paid since since (Unix seconds):
// a voucher paid or already redeemed (a payment kept for refund is not a sale).
func SoldSince(ctx context.Context, q store.Querier, t tenant.ID, since int64) ([]Sale, error) {
	rows, err := q.Query(ctx, `SELECT paid_at, subtotal FROM compras
		WHERE cliente_id = ? AND paid_at >= ? AND paid_at > 0 AND estado IN ('pagado', 'canjeado') ORDER BY paid_at`, t.Int64(), since)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Sale{}
	for rows.Next() {
		var s Sale
		if err := rows.Scan(&s.At, &s.Subtotal); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

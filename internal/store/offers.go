package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Coupon offers, their purchases (vouchers), the platform fee per coupon
// sold and the restaurant's card on file. Stock and money change only in
// single conditional statements, so concurrent buyers can never oversell.

// FeeCents is the platform's service fee per coupon sold (spec section 9).
const FeeCents = 500

// Cupon is a coupon offer; Precio is cents before the discount.
type Cupon struct {
	ID                 int64  `json:"id"`
	ClienteID          int64  `json:"cliente_id"`
	Codigo             string `json:"codigo"`
	Titulo             string `json:"titulo"`
	Descripcion        string `json:"descripcion"`
	Descuento          int64  `json:"descuento"`
	Precio             int64  `json:"precio"`
	PrecioFinal        int64  `json:"precio_final"`
	ImagenURL          string `json:"imagen_url"`
	FechaExpiracion    int64  `json:"fecha_expiracion"`
	CantidadDisponible int64  `json:"cantidad_disponible"`
	Estado             string `json:"estado"`
	Vendidos           int64  `json:"vendidos"`
}

// DiscountedPrice is what a diner pays for the coupon before the fee:
// precio less descuento percent, rounded half up to the cent.
func DiscountedPrice(precio, descuento int64) int64 {
	return (precio*(100-descuento) + 50) / 100
}

const cuponCols = `id, cliente_id, codigo, titulo, descripcion, descuento, precio, imagen_url, fecha_expiracion, cantidad_disponible, estado,
	(SELECT COUNT(*) FROM compras co WHERE co.cupon_id = cupones.id AND co.estado IN ('pagado', 'canjeado'))`

func scanCupones(rows *sql.Rows, err error) ([]Cupon, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Cupon{}
	for rows.Next() {
		c, err := scanCupon(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

func scanCupon(row interface{ Scan(...any) error }) (Cupon, error) {
	var c Cupon
	err := row.Scan(&c.ID, &c.ClienteID, &c.Codigo, &c.Titulo, &c.Descripcion, &c.Descuento, &c.Precio, &c.ImagenURL,
		&c.FechaExpiracion, &c.CantidadDisponible, &c.Estado, &c.Vendidos)
	c.PrecioFinal = DiscountedPrice(c.Precio, c.Descuento)
	return c, notFound(err)
}

// CreateCupon stores an offer; a taken code is ErrConflict.
func CreateCupon(ctx context.Context, q Querier, c Cupon) (int64, error) {
	id, err := insertID(ctx, q, `INSERT INTO cupones (cliente_id, codigo, titulo, descripcion, descuento, precio, imagen_url, fecha_expiracion,
		cantidad_disponible, estado, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'activo', ?)`,
		c.ClienteID, c.Codigo, c.Titulo, c.Descripcion, c.Descuento, c.Precio, c.ImagenURL, c.FechaExpiracion, c.CantidadDisponible, q.now())
	if isUniqueViolation(err) {
		return 0, ErrConflict
	}
	return id, err
}

// GetCupon returns one offer.
func GetCupon(ctx context.Context, q Querier, id int64) (Cupon, error) {
	return scanCupon(q.QueryRow(ctx, `SELECT `+cuponCols+` FROM cupones WHERE id = ?`, id))
}

// ListActiveCupones returns the offers diners can buy (active, not expired),
// of one restaurant or of all when clienteID is 0; soonest expiry first.
func ListActiveCupones(ctx context.Context, q Querier, clienteID int64) ([]Cupon, error) {
	query := `SELECT ` + cuponCols + ` FROM cupones WHERE estado = 'activo' AND fecha_expiracion > ?
		AND cliente_id IN (SELECT id FROM clientes WHERE estado = 'activo')`
	args := []any{q.now()}
	if clienteID != 0 {
		query += ` AND cliente_id = ?`
		args = append(args, clienteID)
	}
	return scanCupones(q.Query(ctx, query+` ORDER BY fecha_expiracion, id`, args...))
}

// ListClienteCupones returns every offer of a restaurant, newest first.
func ListClienteCupones(ctx context.Context, q Querier, clienteID int64) ([]Cupon, error) {
	return scanCupones(q.Query(ctx, `SELECT `+cuponCols+` FROM cupones WHERE cliente_id = ? ORDER BY created_at DESC, id DESC`, clienteID))
}

// SetCuponEstado pauses, resumes or ends an offer. An ended offer cannot
// be resumed.
func SetCuponEstado(ctx context.Context, q Querier, clienteID, id int64, estado string) error {
	res, err := q.Exec(ctx, `UPDATE cupones SET estado = ? WHERE id = ? AND cliente_id = ? AND estado <> 'finalizado'`, estado, id, clienteID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrConflict
	}
	return nil
}

// Purchase errors.
var (
	ErrSoldOut      = errors.New("store: coupon sold out or not on sale")
	ErrNotPending   = errors.New("store: purchase is not pending")
	ErrVoucherUsed  = errors.New("store: voucher already redeemed")
	ErrVoucherState = errors.New("store: voucher not redeemable")
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

// ReserveCupon takes one unit of the offer's stock for a new pending
// purchase that expires after ttl. The decrement is one conditional UPDATE:
// whatever the concurrency, stock never goes below zero (ErrSoldOut).
func ReserveCupon(ctx context.Context, tx *Tx, cuponID int64, usuarioID int64, ttl time.Duration) (PendingCompra, error) {
	now := tx.now()
	res, err := tx.Exec(ctx, `UPDATE cupones SET cantidad_disponible = cantidad_disponible - 1
		WHERE id = ? AND estado = 'activo' AND cantidad_disponible > 0 AND fecha_expiracion > ?`, cuponID, now)
	if err != nil {
		return PendingCompra{}, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return PendingCompra{}, ErrSoldOut
	}
	c, err := GetCupon(ctx, tx, cuponID)
	if err != nil {
		return PendingCompra{}, err
	}
	p := PendingCompra{ClienteID: c.ClienteID, CuponID: c.ID, Titulo: c.Titulo, Subtotal: c.PrecioFinal, Fee: FeeCents,
		ExpiresAt: now + int64(ttl/time.Second)}
	p.Total = p.Subtotal + p.Fee
	p.ID, err = insertID(ctx, tx, `INSERT INTO compras (usuario_id, cliente_id, cupon_id, descripcion, estado, subtotal, fee, total, expires_at, created_at)
		VALUES (?, ?, ?, ?, 'pendiente', ?, ?, ?, ?, ?)`, usuarioID, c.ClienteID, c.ID, c.Titulo, p.Subtotal, p.Fee, p.Total, p.ExpiresAt, now)
	return p, err
}

// SetCompraSession records the checkout session of a pending purchase.
func SetCompraSession(ctx context.Context, q Querier, compraID int64, sessionID string, expiresAt int64) error {
	_, err := q.Exec(ctx, `UPDATE compras SET checkout_session_id = ?, expires_at = CASE WHEN ? > 0 AND ? < expires_at THEN ? ELSE expires_at END
		WHERE id = ? AND estado = 'pendiente'`, sessionID, expiresAt, expiresAt, expiresAt, compraID)
	return err
}

// ReleaseCompra ends a pending purchase as fallido or expirado and gives its
// unit back to the offer. A purchase that is no longer pending is left
// alone (ErrNotPending), so a release can never return stock twice.
func ReleaseCompra(ctx context.Context, tx *Tx, compraID int64, estado string) error {
	res, err := tx.Exec(ctx, `UPDATE compras SET estado = ? WHERE id = ? AND estado = 'pendiente'`, estado, compraID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrNotPending
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
	Estado        string
	Subtotal, Fee int64
	Total         int64
	Session       string
	Voucher       string
	ExpiresAt     int64
}

const compraCols = `id, cliente_id, usuario_id, cupon_id, descripcion, estado, subtotal, fee, total, COALESCE(checkout_session_id, ''), COALESCE(codigo_voucher, ''), expires_at`

func scanCompra(row interface{ Scan(...any) error }) (CompraRecord, error) {
	var c CompraRecord
	var uid, cid sql.NullInt64
	err := row.Scan(&c.ID, &c.ClienteID, &uid, &cid, &c.Descripcion, &c.Estado, &c.Subtotal, &c.Fee, &c.Total, &c.Session, &c.Voucher, &c.ExpiresAt)
	if uid.Valid {
		c.UsuarioID = &uid.Int64
	}
	if cid.Valid {
		c.CuponID = &cid.Int64
	}
	return c, notFound(err)
}

// GetCompraBySession finds a purchase by its checkout session.
func GetCompraBySession(ctx context.Context, q Querier, sessionID string) (CompraRecord, error) {
	return scanCompra(q.QueryRow(ctx, `SELECT `+compraCols+` FROM compras WHERE checkout_session_id = ?`, sessionID))
}

// GetCompra finds a purchase by id.
func GetCompra(ctx context.Context, q Querier, id int64) (CompraRecord, error) {
	return scanCompra(q.QueryRow(ctx, `SELECT `+compraCols+` FROM compras WHERE id = ?`, id))
}

// MarkCompraPaid turns a pending purchase into a paid voucher with code.
// A purchase that expired or failed meanwhile is paid only if a unit of
// stock can be taken again. It reports false when the purchase was already
// paid (a repeated confirmation changes nothing).
func MarkCompraPaid(ctx context.Context, tx *Tx, compraID int64, code string) (bool, error) {
	now := tx.now()
	res, err := tx.Exec(ctx, `UPDATE compras SET estado = 'pagado', paid_at = ?, codigo_voucher = ? WHERE id = ? AND estado = 'pendiente'`, now, code, compraID)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return true, nil
	}
	c, err := GetCompra(ctx, tx, compraID)
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
			return false, ErrSoldOut
		}
		if _, err := tx.Exec(ctx, `UPDATE compras SET estado = 'pagado', paid_at = ?, codigo_voucher = ? WHERE id = ?`, now, code, compraID); err != nil {
			return false, err
		}
		return true, nil
	}
	return false, fmt.Errorf("compra %d in state %s", compraID, c.Estado)
}

// AddPuntos credits (or debits) a diner's points at a restaurant.
func AddPuntos(ctx context.Context, q Querier, usuarioID, clienteID, compraID int64, puntos int64, motivo string) error {
	_, err := q.Exec(ctx, `INSERT INTO puntos (usuario_id, cliente_id, compra_id, puntos, motivo, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		usuarioID, clienteID, compraID, puntos, motivo, q.now())
	return err
}

// ExpiredCompras lists pending purchases whose hold has ended.
func ExpiredCompras(ctx context.Context, q Querier, limit int) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM compras WHERE estado = 'pendiente' AND expires_at < ? ORDER BY id LIMIT ?`, q.now(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
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
// once. A used voucher is ErrVoucherUsed; an unknown one (or another
// restaurant's) ErrNotFound; an expired or unpaid one ErrVoucherState.
func RedeemVoucher(ctx context.Context, tx *Tx, clienteID int64, code string) (Voucher, error) {
	now := tx.now()
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
		return v, notFound(err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return v, nil
	}
	if v.Estado == CompraCanjeado {
		return v, ErrVoucherUsed
	}
	return v, ErrVoucherState
}

// Tarjeta is a restaurant's card on file (never a card number).
type Tarjeta struct {
	ClienteID       int64  `json:"cliente_id"`
	Provider        string `json:"provider"`
	CustomerID      string `json:"-"`
	PaymentMethodID string `json:"-"`
	Brand           string `json:"brand"`
	Last4           string `json:"last4"`
}

// GetTarjeta returns the card on file or ErrNotFound.
func GetTarjeta(ctx context.Context, q Querier, clienteID int64) (Tarjeta, error) {
	t := Tarjeta{ClienteID: clienteID}
	err := q.QueryRow(ctx, `SELECT provider, customer_id, payment_method_id, brand, last4 FROM tarjetas WHERE cliente_id = ?`, clienteID).
		Scan(&t.Provider, &t.CustomerID, &t.PaymentMethodID, &t.Brand, &t.Last4)
	return t, notFound(err)
}

// SaveTarjeta stores the card on file and puts failed fees back in the
// queue, so they are retried with the new card.
func SaveTarjeta(ctx context.Context, q Querier, t Tarjeta) error {
	_, err := q.Exec(ctx, `INSERT INTO tarjetas (cliente_id, provider, customer_id, payment_method_id, brand, last4, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (cliente_id) DO UPDATE SET provider = excluded.provider, customer_id = excluded.customer_id,
			payment_method_id = excluded.payment_method_id, brand = excluded.brand, last4 = excluded.last4, updated_at = excluded.updated_at`,
		t.ClienteID, t.Provider, t.CustomerID, t.PaymentMethodID, t.Brand, t.Last4, q.now())
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `UPDATE fees SET estado = 'pendiente', next_attempt_at = 0 WHERE cliente_id = ? AND estado = 'fallido'`, t.ClienteID)
	return err
}

// BillingCustomer returns and SetBillingCustomer stores the restaurant's
// customer id at the billing provider.
func BillingCustomer(ctx context.Context, q Querier, clienteID int64) (string, error) {
	var id string
	err := q.QueryRow(ctx, `SELECT billing_customer_id FROM clientes WHERE id = ?`, clienteID).Scan(&id)
	return id, notFound(err)
}

func SetBillingCustomer(ctx context.Context, q Querier, clienteID int64, customerID string) error {
	_, err := q.Exec(ctx, `UPDATE clientes SET billing_customer_id = ? WHERE id = ?`, customerID, clienteID)
	return err
}

// Fee is the platform fee of one coupon sold.
type Fee struct {
	ID        int64  `json:"id"`
	CompraID  int64  `json:"compra_id"`
	ClienteID int64  `json:"cliente_id"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Estado    string `json:"estado"`
	Attempts  int    `json:"attempts"`
	ChargeID  string `json:"charge_id"`
	LastError string `json:"last_error"`
	CreatedAt int64  `json:"created_at"`
	ChargedAt int64  `json:"charged_at"`
}

// QueueFee records the fee of a coupon sold (once per purchase).
func QueueFee(ctx context.Context, q Querier, compraID, clienteID, amount int64, currency string) error {
	_, err := q.Exec(ctx, `INSERT INTO fees (compra_id, cliente_id, amount, currency, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (compra_id) DO NOTHING`, compraID, clienteID, amount, currency, q.now())
	return err
}

const feeCols = `id, compra_id, cliente_id, amount, currency, estado, attempts, charge_id, last_error, created_at, charged_at`

func scanFees(rows *sql.Rows, err error) ([]Fee, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Fee{}
	for rows.Next() {
		var f Fee
		if err := rows.Scan(&f.ID, &f.CompraID, &f.ClienteID, &f.Amount, &f.Currency, &f.Estado, &f.Attempts, &f.ChargeID, &f.LastError, &f.CreatedAt, &f.ChargedAt); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// ClaimDueFees leases due pending fees to one worker (each claim is a
// conditional UPDATE, so two workers never charge the same fee at once).
func ClaimDueFees(ctx context.Context, db *DB, limit int, lease time.Duration) ([]Fee, error) {
	now := db.now()
	cands, err := scanFees(db.Query(ctx, `SELECT `+feeCols+` FROM fees WHERE estado = 'pendiente' AND next_attempt_at <= ? ORDER BY id LIMIT ?`, now, limit))
	if err != nil {
		return nil, err
	}
	var out []Fee
	for _, f := range cands {
		res, err := db.Exec(ctx, `UPDATE fees SET next_attempt_at = ? WHERE id = ? AND estado = 'pendiente' AND next_attempt_at <= ?`,
			now+int64(lease/time.Second), f.ID, now)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			out = append(out, f)
		}
	}
	return out, nil
}

// MarkFeeCharged records a successful charge.
func MarkFeeCharged(ctx context.Context, q Querier, id int64, chargeID string) error {
	_, err := q.Exec(ctx, `UPDATE fees SET estado = 'cobrado', charge_id = ?, attempts = attempts + 1, charged_at = ?, last_error = '' WHERE id = ? AND estado = 'pendiente'`,
		chargeID, q.now(), id)
	return err
}

// MarkFeeAttempt records a failed attempt: retried at next, or failed for
// good (until the card is updated) when final.
func MarkFeeAttempt(ctx context.Context, q Querier, id int64, errText string, next time.Time, final bool) error {
	if len(errText) > 500 {
		errText = errText[:500]
	}
	estado := "pendiente"
	if final {
		estado = "fallido"
	}
	_, err := q.Exec(ctx, `UPDATE fees SET estado = ?, attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ? AND estado = 'pendiente'`,
		estado, errText, next.Unix(), id)
	return err
}

// ListClienteFees lists a restaurant's fees, newest first.
func ListClienteFees(ctx context.Context, q Querier, clienteID int64) ([]Fee, error) {
	return scanFees(q.Query(ctx, `SELECT `+feeCols+` FROM fees WHERE cliente_id = ? ORDER BY created_at DESC, id DESC`, clienteID))
}

// ListFeesByEstado lists fees in one state across restaurants (super admin).
func ListFeesByEstado(ctx context.Context, q Querier, estado string) ([]Fee, error) {
	return scanFees(q.Query(ctx, `SELECT `+feeCols+` FROM fees WHERE estado = ? ORDER BY created_at DESC, id DESC LIMIT 500`, estado))
}

// FirstWebhook records a provider event id and reports whether it is new;
// a replayed event is seen once only.
func FirstWebhook(ctx context.Context, q Querier, provider, eventID string) (bool, error) {
	res, err := q.Exec(ctx, `INSERT INTO webhook_events (provider, event_id, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, provider, eventID, q.now())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MarkFeeChargedByCompra records a charge the provider reports for the fee
// of a purchase (webhook reconciliation); a fee already charged is left.
func MarkFeeChargedByCompra(ctx context.Context, q Querier, compraID int64, chargeID string) error {
	_, err := q.Exec(ctx, `UPDATE fees SET estado = 'cobrado', charge_id = ?, charged_at = ?, last_error = '' WHERE compra_id = ? AND estado <> 'cobrado'`,
		chargeID, q.now(), compraID)
	return err
}

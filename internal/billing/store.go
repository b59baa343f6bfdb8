package billing

import (
	"context"
	"time"

	"carta/internal/store"
	"carta/internal/tenant"
)

// The SQL of the card on file and of the fee ledger.

// Tarjeta is a restaurant's card on file as stored (never a card number).
type Tarjeta struct {
	ClienteID       int64  `json:"cliente_id"`
	Provider        string `json:"provider"`
	CustomerID      string `json:"-"`
	PaymentMethodID string `json:"-"`
	Brand           string `json:"brand"`
	Last4           string `json:"last4"`
}

// GetTarjeta returns the card on file or store.ErrNotFound.
func GetTarjeta(ctx context.Context, q store.Querier, tn tenant.ID) (Tarjeta, error) {
	t := Tarjeta{ClienteID: tn.Int64()}
	err := q.QueryRow(ctx, `SELECT provider, customer_id, payment_method_id, brand, last4 FROM tarjetas WHERE cliente_id = ?`, tn.Int64()).
		Scan(&t.Provider, &t.CustomerID, &t.PaymentMethodID, &t.Brand, &t.Last4)
	return t, store.NotFound(err)
}

// SaveTarjeta stores the card on file and puts failed fees back in the
// queue, so they are retried with the new card.
func SaveTarjeta(ctx context.Context, q store.Querier, tn tenant.ID, t Tarjeta) error {
	t.ClienteID = tn.Int64()
	_, err := q.Exec(ctx, `INSERT INTO tarjetas (cliente_id, provider, customer_id, payment_method_id, brand, last4, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (cliente_id) DO UPDATE SET provider = excluded.provider, customer_id = excluded.customer_id,
			payment_method_id = excluded.payment_method_id, brand = excluded.brand, last4 = excluded.last4, updated_at = excluded.updated_at`,
		t.ClienteID, t.Provider, t.CustomerID, t.PaymentMethodID, t.Brand, t.Last4, q.NowUnix())
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `UPDATE fees SET estado = 'pendiente', next_attempt_at = 0 WHERE cliente_id = ? AND estado = 'fallido'`, t.ClienteID)
	return err
}

// billingCustomer returns and setBillingCustomer stores the restaurant's
// customer id at the billing provider.
func billingCustomer(ctx context.Context, q store.Querier, t tenant.ID) (string, error) {
	var id string
	err := q.QueryRow(ctx, `SELECT billing_customer_id FROM clientes WHERE id = ?`, t.Int64()).Scan(&id)
	return id, store.NotFound(err)
}

func setBillingCustomer(ctx context.Context, q store.Querier, t tenant.ID, customerID string) error {
	_, err := q.Exec(ctx, `UPDATE clientes SET billing_customer_id = ? WHERE id = ?`, customerID, t.Int64())
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
func QueueFee(ctx context.Context, q store.Querier, compraID int64, t tenant.ID, amount int64, currency string) error {
	_, err := q.Exec(ctx, `INSERT INTO fees (compra_id, cliente_id, amount, currency, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (compra_id) DO NOTHING`, compraID, t.Int64(), amount, currency, q.NowUnix())
	return err
}

const feeCols = `id, compra_id, cliente_id, amount, currency, estado, attempts, charge_id, last_error, created_at, charged_at`

var scanFees = store.Collect(func(row store.Scanner) (f Fee, err error) {
	return f, row.Scan(&f.ID, &f.CompraID, &f.ClienteID, &f.Amount, &f.Currency, &f.Estado, &f.Attempts, &f.ChargeID, &f.LastError, &f.CreatedAt, &f.ChargedAt)
})

// ClaimDueFees leases due pending fees to one worker (each claim is a
// conditional UPDATE, so two workers never charge the same fee at once).
func claimDueFees(ctx context.Context, db *store.DB, limit int, lease time.Duration) ([]Fee, error) {
	now := db.NowUnix()
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
func markFeeCharged(ctx context.Context, q store.Querier, id int64, chargeID string) error {
	_, err := q.Exec(ctx, `UPDATE fees SET estado = 'cobrado', charge_id = ?, attempts = attempts + 1, charged_at = ?, last_error = '' WHERE id = ? AND estado = 'pendiente'`,
		chargeID, q.NowUnix(), id)
	return err
}

// MarkFeeAttempt records a failed attempt: retried at next, or failed for
// good (until the card is updated) when final.
func markFeeAttempt(ctx context.Context, q store.Querier, id int64, errText string, next time.Time, final bool) error {
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
func ListClienteFees(ctx context.Context, q store.Querier, t tenant.ID) ([]Fee, error) {
	return scanFees(q.Query(ctx, `SELECT `+feeCols+` FROM fees WHERE cliente_id = ? ORDER BY created_at DESC, id DESC`, t.Int64()))
}

// ListFeesByEstado lists fees in one state across restaurants (super admin).
func ListFeesByEstado(ctx context.Context, q store.Querier, estado string) ([]Fee, error) {
	return scanFees(q.Query(ctx, `SELECT `+feeCols+` FROM fees WHERE estado = ? ORDER BY created_at DESC, id DESC LIMIT 500`, estado))
}

// MarkFeeChargedByCompra records a charge the provider reports for the fee
// of a purchase (webhook reconciliation); a fee already charged is left.
func MarkFeeChargedByCompra(ctx context.Context, q store.Querier, compraID int64, chargeID string) error {
	_, err := q.Exec(ctx, `UPDATE fees SET estado = 'cobrado', charge_id = ?, charged_at = ?, last_error = '' WHERE compra_id = ? AND estado <> 'cobrado'`,
		chargeID, q.NowUnix(), compraID)
	return err
}

// CountFailedFees counts the fees that could not be charged.
func CountFailedFees(ctx context.Context, q store.Querier) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM fees WHERE estado = 'fallido'`).Scan(&n)
	return n, err
}

// CountPendingFees counts the fees waiting to be charged (the fee job's
// queue).
func CountPendingFees(ctx context.Context, q store.Querier) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM fees WHERE estado = 'pendiente'`).Scan(&n)
	return n, err
}

// Charge is one entry of the fee ledger for the panel's summary: when the
// fee arose (Unix seconds), its amount in cents and its state.
type Charge struct {
	At     int64
	Amount int64
	Estado string
}

// FeesSince lists the restaurant's fees that arose since since (Unix seconds).
func FeesSince(ctx context.Context, q store.Querier, t tenant.ID, since int64) ([]Charge, error) {
	return store.Collect(func(row store.Scanner) (c Charge, err error) {
		return c, row.Scan(&c.At, &c.Amount, &c.Estado)
	})(q.Query(ctx, `SELECT created_at, amount, estado FROM fees WHERE cliente_id = ? AND created_at >= ? ORDER BY created_at`, t.Int64(), since))
}

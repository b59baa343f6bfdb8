// Package offers sells coupon vouchers: it reserves stock while a hosted
// checkout is open, confirms payments (webhook or demo page) exactly once,
// issues vouchers and points, queues the platform fee and the receipt, and
// runs the jobs that expire abandoned checkouts and charge fees.
package offers

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/billing"
	"carta/internal/checkout"
	"carta/internal/store"
)

// HoldTime is how long a purchase holds its unit of stock: the life of a
// Clover hosted checkout session.
const HoldTime = 15 * time.Minute

// Errors shown to diners and staff (the spec's text where it has one).
var (
	ErrSoldOut        = apperr.E(apperr.Conflict, "Este cupón está agotado o ya no está disponible.", "This coupon is sold out or no longer available.")
	ErrCheckout       = apperr.E(apperr.Unavailable, "Error al generar el checkout en Clover", "Error creating the Clover checkout")
	ErrWrongTotal     = apperr.E(apperr.Invalid, "El total enviado no coincide con el precio del cupón.", "The total sent does not match the coupon's price.")
	ErrNoMerchant     = apperr.E(apperr.Invalid, "❌ No se encontró un Merchant ID para este cliente.", "❌ No Merchant ID was found for this client.")
	ErrVoucherUnknown = apperr.E(apperr.NotFound, "Código de cupón no encontrado.", "Voucher code not found.")
	ErrVoucherUsed    = apperr.E(apperr.Conflict, "Este cupón ya fue canjeado.", "This voucher was already redeemed.")
	ErrVoucherState   = apperr.E(apperr.Conflict, "Este cupón está expirado o no está pagado.", "This voucher is expired or not paid.")
)

// Service is the coupon sales flow.
type Service struct {
	DB      *store.DB
	BaseURL string
	Billing billing.Provider
	Log     *slog.Logger
	// Checkout picks the restaurant's hosted checkout.
	Checkout func(conn store.POSConnection) (checkout.Provider, error)
}

// Buyer is the signed-in diner paying.
type Buyer struct {
	UsuarioID                         int64
	Email, FirstName, LastName, Phone string
}

// Purchase is a started checkout.
type Purchase struct {
	CompraID    int64  `json:"compra_id"`
	CheckoutURL string `json:"checkout_url"`
	Total       int64  `json:"total"`
}

// Buy reserves a unit of the offer, opens the restaurant's hosted checkout
// and returns its URL. clientTotal, when not nil, must equal the server's
// total (discounted price + fee) or the call fails and nothing changes.
func (s *Service) Buy(ctx context.Context, cuponID int64, b Buyer, clientTotal *int64) (Purchase, error) {
	cup, err := store.GetCupon(ctx, s.DB, cuponID)
	if errors.Is(err, store.ErrNotFound) {
		return Purchase{}, ErrSoldOut
	}
	if err != nil {
		return Purchase{}, err
	}
	total := cup.PrecioFinal + store.FeeCents
	if clientTotal != nil && *clientTotal != total {
		return Purchase{}, ErrWrongTotal
	}
	conn, err := store.GetPOSConnection(ctx, s.DB, cup.ClienteID)
	if err != nil {
		return Purchase{}, err
	}
	if conn.Merchant == "" {
		return Purchase{}, ErrNoMerchant
	}
	settings, err := store.GetSettings(ctx, s.DB, cup.ClienteID)
	if err != nil {
		return Purchase{}, err
	}
	provider, err := s.Checkout(conn)
	if err != nil {
		return Purchase{}, err
	}
	var p store.PendingCompra
	err = s.DB.InTx(ctx, func(tx *store.Tx) error {
		var err error
		p, err = store.ReserveCupon(ctx, tx, cuponID, b.UsuarioID, HoldTime)
		return err
	})
	if errors.Is(err, store.ErrSoldOut) {
		return Purchase{}, ErrSoldOut
	}
	if err != nil {
		return Purchase{}, err
	}
	ref := fmt.Sprintf("compra-%d", p.ID)
	sess, err := provider.Create(ctx, checkout.Request{
		MerchantID: conn.Merchant, Token: conn.Token, Reference: ref, Currency: settings.Moneda,
		LineItems: []checkout.LineItem{
			{Name: cup.Titulo, Price: p.Subtotal, Quantity: 1, Note: fmt.Sprintf("Cupón %d%% de descuento", cup.Descuento)},
			{Name: "Fee de servicio", Price: p.Fee, Quantity: 1},
		},
		Customer:   checkout.Customer{Email: b.Email, FirstName: b.FirstName, LastName: b.LastName, Phone: b.Phone},
		SuccessURL: fmt.Sprintf("%s/usuario/mis-compras?pago=ok&compra=%d", s.BaseURL, p.ID),
		FailureURL: fmt.Sprintf("%s/usuario/%d/ofertas?pago=error", s.BaseURL, cup.ClienteID),
		CancelURL:  fmt.Sprintf("%s/usuario/%d/ofertas", s.BaseURL, cup.ClienteID),
	})
	if err != nil {
		s.release(ctx, p.ID, store.CompraFallido)
		var ae *apperr.Error
		if errors.As(err, &ae) {
			return Purchase{}, err
		}
		e := *ErrCheckout
		e.Err = err
		return Purchase{}, &e
	}
	var exp int64
	if !sess.ExpiresAt.IsZero() {
		exp = sess.ExpiresAt.Unix()
	}
	if err := store.SetCompraSession(ctx, s.DB, p.ID, sess.ID, exp); err != nil {
		s.release(ctx, p.ID, store.CompraFallido)
		return Purchase{}, err
	}
	return Purchase{CompraID: p.ID, CheckoutURL: sess.URL, Total: p.Total}, nil
}

func (s *Service) release(ctx context.Context, compraID int64, estado string) {
	err := s.DB.InTx(ctx, func(tx *store.Tx) error { return store.ReleaseCompra(ctx, tx, compraID, estado) })
	if err != nil && !errors.Is(err, store.ErrNotPending) {
		s.Log.Error("release purchase", "compra_id", compraID, "err", err)
	}
}

// voucherAlphabet avoids look-alike characters (0/O, 1/I).
const voucherAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// NewVoucherCode returns a random redemption code like "CARTA-7KQ2-M9XD".
func NewVoucherCode() (string, error) {
	var b strings.Builder
	b.WriteString("CARTA-")
	for i := 0; i < 8; i++ {
		if i == 4 {
			b.WriteByte('-')
		}
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(voucherAlphabet))))
		if err != nil {
			return "", err
		}
		b.WriteByte(voucherAlphabet[n.Int64()])
	}
	return b.String(), nil
}

// Confirm records the outcome of a checkout session. An approved payment,
// in one transaction: the purchase is paid with a voucher code, points are
// credited (1 per whole currency unit), the platform fee is queued and the
// receipt e-mail is queued. A declined one releases the unit. Confirming
// the same session again changes nothing.
func (s *Service) Confirm(ctx context.Context, sessionID string, approved bool) error {
	c, err := store.GetCompraBySession(ctx, s.DB, sessionID)
	if err != nil {
		return err
	}
	if !approved {
		s.release(ctx, c.ID, store.CompraFallido)
		return nil
	}
	code, err := NewVoucherCode()
	if err != nil {
		return err
	}
	settings, err := store.GetSettings(ctx, s.DB, c.ClienteID)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(tx *store.Tx) error {
		first, err := store.MarkCompraPaid(ctx, tx, c.ID, code)
		if err != nil || !first {
			return err
		}
		if err := store.QueueFee(ctx, tx, c.ID, c.ClienteID, store.FeeCents, settings.Moneda); err != nil {
			return err
		}
		if c.UsuarioID == nil {
			return nil
		}
		if pts := c.Total / 100; pts > 0 {
			if err := store.AddPuntos(ctx, tx, *c.UsuarioID, c.ClienteID, c.ID, pts, "Compra: "+c.Descripcion); err != nil {
				return err
			}
		}
		u, err := store.GetUsuario(ctx, tx, *c.UsuarioID)
		if err != nil {
			return err
		}
		m := ReceiptMail(u.Nombre, c.Descripcion, code, c.Total, settings.Moneda, s.BaseURL)
		_, err = store.EnqueueMail(ctx, tx, store.OutboxMessage{Kind: "receipt", To: u.Email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
		return err
	})
}

// ExpireHolds releases the units of checkouts left open past their life.
func (s *Service) ExpireHolds(ctx context.Context) (int, error) {
	ids, err := store.ExpiredCompras(ctx, s.DB, 200)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		err := s.DB.InTx(ctx, func(tx *store.Tx) error { return store.ReleaseCompra(ctx, tx, id, store.CompraExpirado) })
		if err == nil {
			n++
		} else if !errors.Is(err, store.ErrNotPending) {
			return n, err
		}
	}
	return n, nil
}

// Redeem marks a voucher of the restaurant as used.
func (s *Service) Redeem(ctx context.Context, clienteID int64, code string) (store.Voucher, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	var v store.Voucher
	err := s.DB.InTx(ctx, func(tx *store.Tx) error {
		var err error
		v, err = store.RedeemVoucher(ctx, tx, clienteID, code)
		return err
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		return v, ErrVoucherUnknown
	case errors.Is(err, store.ErrVoucherUsed):
		return v, ErrVoucherUsed
	case errors.Is(err, store.ErrVoucherState):
		return v, ErrVoucherState
	}
	return v, err
}

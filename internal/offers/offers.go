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

	"carta/internal/accounts"
	"carta/internal/apperr"
	"carta/internal/billing"
	"carta/internal/checkout"
	"carta/internal/clientes"
	"carta/internal/jobs"
	"carta/internal/limits"
	"carta/internal/mail"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/metrics"
	"carta/internal/notify"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/tenant"
)

// HoldTime is how long a purchase holds its unit of stock: the life of a
// Clover hosted checkout session.
const HoldTime = 15 * time.Minute

// MaxOpenHolds is how many checkouts one diner may have open at once across
// offers; per offer a diner has one (buying again hands back the same
// checkout), so no diner can hold an offer's stock away from the others.
const MaxOpenHolds = 3

// OpeningTime is how long a hold may wait for its checkout to be opened
// and recorded: the provider's call is bounded well below it (15 s for
// Clover), so a hold older than this without a checkout lost it.
const OpeningTime = 2 * time.Minute

// reuseMargin is how much life an open checkout must have left to be
// handed back instead of replaced.
const reuseMargin = time.Minute

// Errors shown to diners and staff (the spec's text where it has one).
var (
	ErrSoldOut        = apperr.E(apperr.Conflict, "Este cupón está agotado o ya no está disponible.", "This coupon is sold out or no longer available.")
	ErrCheckout       = apperr.E(apperr.Unavailable, "Error al generar el checkout en Clover", "Error creating the Clover checkout")
	ErrWrongTotal     = apperr.E(apperr.Invalid, "El total enviado no coincide con el precio del cupón.", "The total sent does not match the coupon's price.")
	ErrNoMerchant     = apperr.E(apperr.Invalid, "❌ No se encontró un Merchant ID para este cliente.", "❌ No Merchant ID was found for this client.")
	ErrVoucherUnknown = apperr.E(apperr.NotFound, "Código de cupón no encontrado.", "Voucher code not found.")
	ErrVoucherUsed    = apperr.E(apperr.Conflict, "Este cupón ya fue canjeado.", "This voucher was already redeemed.")
	ErrVoucherState   = apperr.E(apperr.Conflict, "Este cupón está expirado o no está pagado.", "This voucher is expired or not paid.")
	ErrVoucherEmpty   = apperr.E(apperr.Invalid, "Escribe o escanea el código del cupón.", "Type or scan the voucher code.")
	// ErrPaidSoldOut answers a payment that arrived after the offer sold
	// out: nothing is oversold and the payment is kept for refund.
	ErrPaidSoldOut = apperr.E(apperr.Conflict, "Esta oferta se agotó.", "This offer sold out.")
	// errPaidSoldOut is ErrPaidSoldOut as a confirmation answers it: also
	// checkout.ErrRefundOwed, so a provider's webhook is answered received.
	errPaidSoldOut    = fmt.Errorf("%w (%w)", ErrPaidSoldOut, checkout.ErrRefundOwed)
	ErrTooManyHolds   = apperr.E(apperr.Conflict, "Tienes demasiados pagos sin terminar. Termínalos o espera unos minutos.", "You have too many unfinished payments. Finish them or wait a few minutes.")
	ErrHoldInProgress = apperr.E(apperr.Conflict, "Ya estás pagando esta oferta. Espera unos segundos.", "You are already paying for this offer. Wait a few seconds.")
)

// Service is the coupon sales flow.
type Service struct {
	DB      *store.DB
	BaseURL string
	Log     *slog.Logger
	// Media checks the offers' images belong to their restaurant.
	Media *media.Pipeline
	// Checkout picks the restaurant's hosted checkout.
	Checkout func(conn clientes.POSConnection) (checkout.Provider, error)
	// Metrics counts the job's passes; nil records nothing.
	Metrics *metrics.Metrics
	// Refunds gives payments that could not be honoured back through the provider
	// (UseRefunds); nil leaves only the manual mark.
	Refunds *refunds.Service
}

// Buyer is the signed-in diner paying.
type Buyer struct {
	UsuarioID                         int64
	Email, FirstName, LastName, Phone string
	// Lang is the language the diner buys in ("es" or "en"): the receipt's.
	Lang string
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
	cup, err := onSaleCupon(ctx, s.DB, cuponID)
	if errors.Is(err, store.ErrNotFound) {
		return Purchase{}, ErrSoldOut
	}
	if err != nil {
		return Purchase{}, err
	}
	total := cup.PrecioFinal + billing.FeeCents
	if clientTotal != nil && *clientTotal != total {
		return Purchase{}, ErrWrongTotal
	}
	// The offer is on sale: the server acts on its restaurant to sell it.
	t := tenant.FromRecord(cup.ClienteID)
	conn, err := clientes.GetPOSConnection(ctx, s.DB, t)
	if err != nil {
		return Purchase{}, err
	}
	if conn.Merchant == "" {
		return Purchase{}, ErrNoMerchant
	}
	moneda, err := menu.Currency(ctx, s.DB, t)
	if err != nil {
		return Purchase{}, err
	}
	provider, err := s.Checkout(conn)
	if err != nil {
		return Purchase{}, err
	}
	var p PendingCompra
	var reuse *Purchase
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		// The diner's open checkout of this offer is handed back; one
		// about to end (or still being opened) is not.
		h, err := getOpenHold(ctx, tx, b.UsuarioID, cuponID)
		now := s.DB.Now()
		// A hold still without its checkout long after it was taken lost
		// it (the request that opened it failed before recording it, the
		// release too): nobody can pay it, so it ends here.
		stale := err == nil && h.CheckoutURL == "" && h.CreatedAt < now.Add(-OpeningTime).Unix()
		switch {
		case err == nil && !stale && h.ExpiresAt > now.Add(reuseMargin).Unix():
			if h.CheckoutURL == "" {
				return ErrHoldInProgress
			}
			reuse = &Purchase{CompraID: h.ID, CheckoutURL: h.CheckoutURL, Total: h.Total}
			return nil
		case err == nil:
			if err := releaseCompra(ctx, tx, h.ID, CompraExpirado); err != nil {
				return err
			}
		case !errors.Is(err, store.ErrNotFound):
			return err
		}
		p, err = reserveCupon(ctx, tx, cuponID, b.UsuarioID, b.Lang, HoldTime, MaxOpenHolds)
		return err
	})
	switch {
	case errors.Is(err, errSoldOut):
		return Purchase{}, ErrSoldOut
	case errors.Is(err, errTooManyHolds):
		return Purchase{}, ErrTooManyHolds
	case errors.Is(err, store.ErrConflict): // a concurrent request of the same diner holds it
		return Purchase{}, ErrHoldInProgress
	case err != nil:
		return Purchase{}, err
	case reuse != nil:
		return *reuse, nil
	}
	ref := fmt.Sprintf("compra-%d", p.ID)
	sess, err := provider.Create(ctx, checkout.Request{
		MerchantID: conn.Merchant, Token: conn.Token, Reference: ref, Currency: moneda,
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
		s.release(ctx, p.ID, CompraFallido)
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
	update, args := setCompraSessionStmt(p.ID, sess.ID, sess.URL, exp)
	err = checkout.RecordSessionOn(ctx, s.DB, checkout.SessionRecord{ID: sess.ID, Kind: Kind, Ref: p.ID, Restaurant: cup.ClienteID}, update, args...)
	if err != nil {
		s.release(ctx, p.ID, CompraFallido)
		return Purchase{}, err
	}
	return Purchase{CompraID: p.ID, CheckoutURL: sess.URL, Total: p.Total}, nil
}

func (s *Service) release(ctx context.Context, compraID int64, estado string) {
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error { return releaseCompra(ctx, tx, compraID, estado) })
	if err != nil && !errors.Is(err, errNotPending) {
		s.Log.ErrorContext(ctx, "release purchase", "compra_id", compraID, "err", err)
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

// Confirm records the outcome of a coupon purchase's checkout session, in
// one transaction with the event's record (checkout.Confirm): see Apply.
// store.ErrNotFound: no purchase has that session.
func (s *Service) Confirm(ctx context.Context, o checkout.Outcome) error {
	sess, err := s.Find(ctx, o.Session)
	if err != nil {
		return err
	}
	c, err := s.Prepare(ctx, sess)
	if err != nil {
		return err
	}
	return checkout.Confirm(ctx, s.DB, c, o)
}

// Kind is the checkout kind of coupon purchases (checkout.Kind's Name,
// checkout.Session's Kind).
const Kind = "cupon"

// Name is the checkout kind of coupon purchases.
func (s *Service) Name() string { return Kind }

// session is a purchase's checkout session as the checkout domain records it.
func (c CompraRecord) session() checkout.SessionRecord {
	return checkout.SessionRecord{ID: c.Session, Kind: Kind, Ref: c.ID, Restaurant: c.ClienteID}
}

// Find is the purchase of a checkout session from the purchases' own
// column (checkout.Kind: sessions created before they were recorded);
// store.ErrNotFound when none.
func (s *Service) Find(ctx context.Context, session string) (checkout.SessionRecord, error) {
	c, err := GetCompraBySession(ctx, s.DB, session)
	if err != nil {
		return checkout.SessionRecord{}, err
	}
	return c.session(), nil
}

// Prepare reads the purchase of a checkout session and what confirming it
// needs (checkout.Kind); store.ErrNotFound when the session is not the
// purchase's.
func (s *Service) Prepare(ctx context.Context, sess checkout.SessionRecord) (checkout.Confirmation, error) {
	c, err := getCompra(ctx, s.DB, sess.Ref)
	if err != nil {
		return nil, err
	}
	if c.Session != sess.ID {
		return nil, store.ErrNotFound
	}
	code, err := NewVoucherCode()
	if err != nil {
		return nil, err
	}
	moneda, pais, err := menu.Local(ctx, s.DB, tenant.FromRecord(c.ClienteID))
	if err != nil {
		return nil, err
	}
	return &confirmation{s: s, c: c, code: code, moneda: moneda, pais: pais}, nil
}

// confirmation is one outcome of a coupon purchase's checkout.
type confirmation struct {
	s       *Service
	c       CompraRecord
	code    string // the voucher's code, if it is paid now
	moneda  string
	pais    string // the restaurant's country: how the receipt writes money
	soldOut bool
	payment string
}

// Apply: an approved payment makes the purchase paid with a voucher code,
// credits points (1 per whole currency unit), queues the platform fee and
// the receipt e-mail. A payment for a purchase whose hold ended after the
// offer sold out is not a voucher: it is marked for refund, the diner is
// told by e-mail, and the confirmation answers ErrPaidSoldOut (after
// committing). A declined one releases the unit. Confirming the same
// session again, or at the same time, changes nothing.
func (k *confirmation) Apply(ctx context.Context, tx *store.Tx, o checkout.Outcome) error {
	c, s := k.c, k.s
	// Under lock: a concurrent confirmation of this purchase (a double
	// click, the demo page and a webhook) waits for this one and then
	// finds it paid, so the unit, fee, points and receipt are taken once.
	if err := lockCompra(ctx, tx, c.ID); err != nil {
		return err
	}
	if !o.Approved {
		err := releaseCompra(ctx, tx, c.ID, CompraFallido)
		if errors.Is(err, errNotPending) {
			return nil
		}
		return err
	}
	first, err := markCompraPaid(ctx, tx, c.ID, k.code, o.PaymentID)
	if errors.Is(err, errSoldOut) {
		k.soldOut, k.payment = true, o.PaymentID
		return s.refund(ctx, tx, c, k.moneda, k.pais, o.PaymentID)
	}
	if err != nil || !first {
		return err
	}
	if err := billing.QueueFee(ctx, tx, c.ID, tenant.FromRecord(c.ClienteID), billing.FeeCents, k.moneda); err != nil {
		return err
	}
	if c.UsuarioID == nil {
		return nil
	}
	if pts := c.Total / 100; pts > 0 {
		if err := accounts.CreditPoints(ctx, tx, tenant.DinerFromRecord(*c.UsuarioID), tenant.FromRecord(c.ClienteID), accounts.PointsForPurchase(c.ID), pts, "Compra: "+c.Descripcion); err != nil {
			return err
		}
	}
	u, err := accounts.Get(ctx, tx, tenant.DinerFromRecord(*c.UsuarioID))
	if err != nil {
		return err
	}
	if err := notify.Voucher(ctx, tx, c.ID); err != nil { // its code by WhatsApp or SMS (issue 32)
		return err
	}
	m := ReceiptMail(c.Idioma, u.Nombre, c.title(), k.code, c.Total, k.moneda, k.pais, s.BaseURL)
	_, err = mail.Enqueue(ctx, tx, mail.OutboxMessage{Kind: "receipt", To: u.Email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
	return err
}

// Committed answers a payment that came after the offer sold out.
func (k *confirmation) Committed(ctx context.Context) error {
	if !k.soldOut {
		return nil
	}
	k.s.Log.WarnContext(ctx, "payment received after the offer sold out: marked for refund", "compra_id", k.c.ID, "payment_id", k.payment)
	return errPaidSoldOut
}

// refund marks a paid purchase that cannot be honoured for refund and
// tells the diner, once.
func (s *Service) refund(ctx context.Context, tx *store.Tx, c CompraRecord, moneda, pais, paymentID string) error {
	first, err := markCompraRefund(ctx, tx, c.ID, "agotado", paymentID)
	if err != nil || !first || c.UsuarioID == nil {
		return err
	}
	u, err := accounts.Get(ctx, tx, tenant.DinerFromRecord(*c.UsuarioID))
	if err != nil {
		return err
	}
	m := RefundMail(c.Idioma, u.Nombre, c.title(), c.Total, moneda, pais)
	_, err = mail.Enqueue(ctx, tx, mail.OutboxMessage{Kind: "refund", To: u.Email, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
	return err
}

// ExpireHolds releases the units of checkouts left open past their life.
func (s *Service) ExpireHolds(ctx context.Context) (int, error) {
	ids, err := expiredCompras(ctx, s.DB, 200)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error { return releaseCompra(ctx, tx, id, CompraExpirado) })
		if err == nil {
			n++
		} else if !errors.Is(err, errNotPending) {
			return n, err
		}
	}
	return n, nil
}

// Redeem marks a voucher of the restaurant as used.
func (s *Service) Redeem(ctx context.Context, t tenant.ID, code string) (Voucher, error) {
	code, err := limits.VoucherCode.Check(code)
	if err == nil && code == "" {
		err = ErrVoucherEmpty
	}
	if err != nil {
		return Voucher{}, err
	}
	code = strings.ToUpper(code)
	var v Voucher
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		var err error
		v, err = redeemVoucher(ctx, tx, t, code)
		return err
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		return v, ErrVoucherUnknown
	case errors.Is(err, errVoucherUsed):
		return v, ErrVoucherUsed
	case errors.Is(err, errVoucherState):
		return v, ErrVoucherState
	}
	return v, err
}

// Run releases the units of abandoned checkouts every interval until ctx
// ends.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	jobs.Every(ctx, "checkout_holds", interval, func(pctx context.Context) error {
		n, err := s.ExpireHolds(pctx)
		if err != nil && ctx.Err() == nil {
			s.Log.WarnContext(pctx, "expire checkout holds", "err", err)
		} else if n > 0 {
			s.Log.InfoContext(pctx, "released expired checkout holds", "count", n)
		}
		return err
	}, jobs.Measured(s.Metrics))
}

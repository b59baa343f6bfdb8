package checkout

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/tenant"
)

// A Kind is one kind of purchase paid through a hosted checkout — a coupon
// ("cupon", internal/offers), an online order ("pedido", internal/ordering),
// next a table's tab. Each kind keeps its purchases (and their sessions) in
// its own tables; the Confirmer finds a session's kind by asking each
// registered kind in turn. Adding a kind is: implement Kind (and DemoKind
// for the demo checkout page), register it in the wiring.
type Kind interface {
	// Name is the kind's name ("cupon", "pedido").
	Name() string
	// Prepare finds the kind's purchase of a checkout session and reads
	// what confirming it needs, outside any transaction.
	// store.ErrNotFound: the session is not one of this kind's.
	Prepare(ctx context.Context, session string) (Confirmation, error)
}

// A Confirmation applies one provider outcome to one purchase.
type Confirmation interface {
	// Restaurant is the restaurant the purchase belongs to: its webhook
	// secret verifies the provider's event.
	Restaurant() int64
	// Apply records the outcome in the confirmation's transaction, which
	// also records the provider's event (a replay changes nothing).
	// Confirming a purchase twice, or at the same time, must change
	// nothing the second time (lock the purchase's row).
	Apply(ctx context.Context, tx *store.Tx, o Outcome) error
	// Committed runs after the transaction committed (tell the boards,
	// send the POS order). Its error is the confirmation's answer; the
	// purchase's state is recorded already.
	Committed(ctx context.Context) error
}

// DemoKind is a Kind the demo checkout page can pay or decline.
type DemoKind interface {
	Kind
	// DemoSession is what the demo page shows of a session of this kind
	// on a restaurant that uses the demo provider; store.ErrNotFound for
	// any other session.
	DemoSession(ctx context.Context, session string) (DemoView, error)
}

// DemoView is a demo session as its page shows it (encoded as JSON).
type DemoView interface {
	// DemoPaymentID is the payment id the demo's 'Pagar' records (the
	// demo checkout refunds by it).
	DemoPaymentID() string
}

// ErrRefundOwed: the payment was recorded but its purchase cannot be
// honoured (the offer sold out meanwhile); it is marked for refund. A
// provider's webhook is answered as received: there is nothing to retry.
var ErrRefundOwed = errors.New("checkout: paid, marked for refund")

// ErrNoDemoSession: no demo checkout session has that id.
var ErrNoDemoSession = errors.New("checkout: no such demo session")

// Confirm applies a provider's outcome to a prepared purchase: the event
// is recorded (deduplicated by provider and event id) in one transaction
// with the purchase's change, then Committed runs.
func Confirm(ctx context.Context, db *store.DB, c Confirmation, o Outcome) error {
	err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if o.Event != "" {
			first, err := store.FirstEvent(ctx, tx, o.Provider, o.Event)
			if err != nil || !first {
				return err
			}
		}
		return c.Apply(ctx, tx, o)
	})
	if err != nil {
		return err
	}
	return c.Committed(ctx)
}

// Notifications is a provider's webhook format: how its events are read
// and their signatures checked (checkout/clover's Webhooks).
type Notifications interface {
	// Provider names the provider in the events' record ("clover").
	Provider() string
	// Parse reads an event's body, before its signature is known good.
	Parse(body []byte) (Event, error)
	// Verify checks the signature header over the raw body with secret;
	// an error wraps ErrBadSignature.
	Verify(header string, body []byte, secret string, now time.Time) error
}

// Confirmer owns a purchase's life after its checkout session was created:
// it verifies a provider's webhook with the right restaurant's secret,
// finds the session's kind and confirms it, and serves the demo checkout
// page for every kind.
type Confirmer struct {
	DB            *store.DB
	Notifications Notifications
	// PlatformSecret verifies the events of restaurants without a secret
	// of their own (the demo set-up's single app).
	PlatformSecret string
	Now            func() time.Time
	Log            *slog.Logger
	kinds          []Kind
}

// Register adds a kind; sessions are looked up in the order kinds were
// registered.
func (c *Confirmer) Register(k Kind) { c.kinds = append(c.kinds, k) }

// Kinds are the registered kinds' names, in order.
func (c *Confirmer) Kinds() []string {
	names := make([]string, len(c.kinds))
	for i, k := range c.kinds {
		names[i] = k.Name()
	}
	return names
}

// find is the purchase of a session, of whichever kind holds it.
func (c *Confirmer) find(ctx context.Context, session string) (Confirmation, error) {
	for _, k := range c.kinds {
		conf, err := k.Prepare(ctx, session)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k.Name(), err)
		}
		return conf, nil
	}
	return nil, store.ErrNotFound
}

// Confirm confirms a session's outcome, whatever its kind.
// store.ErrNotFound: no kind has that session.
func (c *Confirmer) Confirm(ctx context.Context, o Outcome) error {
	conf, err := c.find(ctx, o.Session)
	if err != nil {
		return err
	}
	return Confirm(ctx, c.DB, conf, o)
}

// Webhook is a provider's payment notification: verified with the secret
// of the restaurant the session belongs to (its own, or the platform's for
// one without), which must be the merchant the event names — a merchant's
// secret never confirms another's payment — then confirmed once. A bad or
// missing signature is ErrBadSignature and changes nothing. A verified
// event for an unknown session, or for a purchase marked for refund, is
// received: nil.
func (c *Confirmer) Webhook(ctx context.Context, body []byte, signature string) error {
	ev, err := c.Notifications.Parse(body)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	secret := c.PlatformSecret
	conf, err := c.find(ctx, ev.SessionID)
	known := err == nil
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return err
	default:
		merchant, own, err := clientes.WebhookSigner(ctx, c.DB, tenant.FromRecord(conf.Restaurant()))
		switch {
		case err != nil:
			return err
		case own != "" && ev.MerchantID != merchant:
			return ErrBadSignature
		case own != "":
			secret = own
		case ev.MerchantID != "" && merchant != "" && ev.MerchantID != merchant:
			return ErrBadSignature
		}
	}
	if secret == "" {
		return ErrBadSignature
	}
	if err := c.Notifications.Verify(signature, body, secret, c.now()); err != nil {
		return err
	}
	if !known {
		c.Log.WarnContext(ctx, "checkout webhook for an unknown session", "session", ev.SessionID)
		return nil
	}
	key := ev.PaymentID
	if key == "" {
		key = ev.SessionID + ":" + ev.Status
	}
	o := Outcome{Session: ev.SessionID, Approved: ev.Approved, PaymentID: ev.PaymentID, Provider: c.Notifications.Provider(), Event: key}
	err = Confirm(ctx, c.DB, conf, o)
	if errors.Is(err, ErrRefundOwed) {
		return nil // recorded and marked for refund: nothing for the provider to retry
	}
	return err
}

// DemoSession is the demo checkout page's view of a session, of whichever
// kind; ErrNoDemoSession when none (or not on the demo provider).
func (c *Confirmer) DemoSession(ctx context.Context, session string) (DemoView, error) {
	_, v, err := c.demo(ctx, session)
	return v, err
}

// DemoResult is the demo page's 'Pagar' (approved) or 'Rechazar': the same
// confirmation as a provider's webhook, answering the session as it is
// afterwards (and the confirmation's error, ErrRefundOwed included).
func (c *Confirmer) DemoResult(ctx context.Context, session string, approved bool) (DemoView, error) {
	k, v, err := c.demo(ctx, session)
	if err != nil {
		return nil, err
	}
	conf, err := k.Prepare(ctx, session)
	if err != nil {
		return nil, err
	}
	if err := Confirm(ctx, c.DB, conf, Outcome{Session: session, Approved: approved, PaymentID: v.DemoPaymentID()}); err != nil {
		return v, err
	}
	return k.DemoSession(ctx, session)
}

func (c *Confirmer) demo(ctx context.Context, session string) (DemoKind, DemoView, error) {
	for _, k := range c.kinds {
		dk, ok := k.(DemoKind)
		if !ok {
			continue
		}
		v, err := dk.DemoSession(ctx, session)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		return dk, v, nil
	}
	return nil, nil, ErrNoDemoSession
}

func (c *Confirmer) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

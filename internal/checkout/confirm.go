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
// a payment towards a table's tab ("cuenta", ordering.Tabs). Each kind
// keeps its purchases in its own tables and, when it creates a purchase's
// checkout session, records the session with its kind (RecordSession); a
// confirmation looks the session up and goes to its kind's handler. Adding
// a kind is: implement Kind (and DemoKind, whose DemoView answers the demo
// page itself, for the demo checkout), record its sessions, register it in
// the wiring (app.NewServer).
type Kind interface {
	// Name is the kind's name ("cupon", "pedido"): SessionRecord.Kind.
	Name() string
	// Find is a session of this kind read from the kind's own tables: how
	// a session created before sessions were recorded (migration 0032) is
	// found. store.ErrNotFound: the session is not one of this kind's.
	Find(ctx context.Context, session string) (SessionRecord, error)
	// Prepare reads what confirming the session's purchase needs, outside
	// any transaction; it runs only after the provider's event was
	// verified and found new. store.ErrNotFound: no such purchase.
	Prepare(ctx context.Context, s SessionRecord) (Confirmation, error)
}

// A Confirmation applies one provider outcome to one purchase.
type Confirmation interface {
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
	DemoSession(ctx context.Context, s SessionRecord) (DemoView, error)
}

// DemoView is a demo session as its page shows it (encoded as JSON).
type DemoView interface {
	// DemoPaymentID is the payment id the demo's 'Pagar' records (the
	// demo checkout refunds by it).
	DemoPaymentID() string
	// DemoAnswer is what the page's 'Pagar' (approved) or 'Rechazar'
	// answers, the view being the session as it is after the
	// confirmation: each kind says it, so the API has no case per kind.
	DemoAnswer(approved bool) DemoAnswer
}

// DemoAnswer is the demo page's answer to 'Pagar' or 'Rechazar': the
// purchase's fields ("tipo", "estado", "cliente_id", the purchase's id and
// where the page goes next), and the message once the payment went
// through, in Spanish and English (empty: none).
type DemoAnswer struct {
	Fields               map[string]any
	MessageES, MessageEN string
}

// ErrRefundOwed: the payment was recorded but its purchase cannot be
// honoured (the offer sold out meanwhile); it is marked for refund. A
// provider's webhook is answered as received: there is nothing to retry.
var ErrRefundOwed = errors.New("checkout: paid, marked for refund")

// errNoPurchase: a session's record names a purchase that does not hold
// that session (a store.ErrNotFound too).
var errNoPurchase = errors.New("checkout: no purchase holds the session")

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
// it looks a session up (recorded with its kind, its purchase and its
// restaurant), verifies a provider's webhook with that restaurant's secret
// before anything else is read, skips an event it has seen, and hands the
// outcome to the session's kind in one transaction; it also serves the
// demo checkout page for every kind.
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

// Register adds a kind (its Name once); sessions created before they were
// recorded are looked for in the kinds' own tables in the order the kinds
// were registered.
func (c *Confirmer) Register(k Kind) {
	if c.kind(k.Name()) != nil {
		panic("checkout: kind " + k.Name() + " registered twice")
	}
	c.kinds = append(c.kinds, k)
}

// Kinds are the registered kinds' names, in order.
func (c *Confirmer) Kinds() []string {
	names := make([]string, len(c.kinds))
	for i, k := range c.kinds {
		names[i] = k.Name()
	}
	return names
}

func (c *Confirmer) kind(name string) Kind {
	for _, k := range c.kinds {
		if k.Name() == name {
			return k
		}
	}
	return nil
}

// Lookup is a session as recorded when its kind created it or, for one
// created before sessions were recorded, as a registered kind's own tables
// know it. store.ErrNotFound: no kind has that session.
func (c *Confirmer) Lookup(ctx context.Context, id string) (SessionRecord, error) {
	s, err := recordedSession(ctx, c.DB, id)
	if !errors.Is(err, store.ErrNotFound) {
		return s, err
	}
	for _, k := range c.kinds {
		s, err := k.Find(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return SessionRecord{}, fmt.Errorf("%s: %w", k.Name(), err)
		}
		s.ID, s.Kind = id, k.Name()
		return s, nil
	}
	return SessionRecord{}, store.ErrNotFound
}

// handler is the registered kind of a session.
func (c *Confirmer) handler(s SessionRecord) (Kind, error) {
	k := c.kind(s.Kind)
	if k == nil {
		return nil, fmt.Errorf("checkout: session %s is of kind %q, which is not registered", s.ID, s.Kind)
	}
	return k, nil
}

// Confirm confirms a session's outcome, whatever its kind.
// store.ErrNotFound: no kind has that session.
func (c *Confirmer) Confirm(ctx context.Context, o Outcome) error {
	s, err := c.Lookup(ctx, o.Session)
	if err != nil {
		return err
	}
	return c.confirm(ctx, s, o)
}

// confirm hands a looked-up session's outcome to its kind: an event seen
// already is answered at once (nothing is read for it); otherwise the
// kind prepares it and applies it in the transaction that records the
// event (which deduplicates for good, under concurrency too).
func (c *Confirmer) confirm(ctx context.Context, s SessionRecord, o Outcome) error {
	k, err := c.handler(s)
	if err != nil {
		return err
	}
	if o.Event != "" {
		seen, err := store.SeenEvent(ctx, c.DB, o.Provider, o.Event)
		if err != nil || seen {
			return err
		}
	}
	conf, err := k.Prepare(ctx, s)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("%w: %s %d (%w)", errNoPurchase, k.Name(), s.Ref, err)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", k.Name(), err)
	}
	return Confirm(ctx, c.DB, conf, o)
}

// Webhook is a provider's payment notification. Its session is looked up
// (one read: the session's kind, purchase and restaurant) and the event is
// verified first, with the secret of the session's restaurant (its own, or
// the platform's for one without), which must be the merchant the event
// names — a merchant's secret never confirms another's payment; only then
// is it deduplicated and confirmed by the session's kind. A bad or missing
// signature is ErrBadSignature and changes nothing. A verified event for an
// unknown session, or for a purchase marked for refund, is received: nil.
func (c *Confirmer) Webhook(ctx context.Context, body []byte, signature string) error {
	ev, err := c.Notifications.Parse(body)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	secret := c.PlatformSecret
	sess, err := c.Lookup(ctx, ev.SessionID)
	known := err == nil
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return err
	default:
		merchant, own, err := clientes.WebhookSigner(ctx, c.DB, tenant.FromRecord(sess.Restaurant))
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
	err = c.confirm(ctx, sess, o)
	switch {
	case errors.Is(err, ErrRefundOwed):
		return nil // recorded and marked for refund: nothing for the provider to retry
	case errors.Is(err, errNoPurchase):
		// A session recorded for a purchase that never took it (it ended
		// while its checkout was being created): as unknown as before.
		c.Log.WarnContext(ctx, "checkout webhook for a session no purchase holds", "session", ev.SessionID, "kind", sess.Kind, "err", err)
		return nil
	}
	return err
}

// DemoSession is the demo checkout page's view of a session, of whichever
// kind; ErrNoDemoSession when none (or not on the demo provider).
func (c *Confirmer) DemoSession(ctx context.Context, session string) (DemoView, error) {
	_, _, v, err := c.demo(ctx, session)
	return v, err
}

// DemoResult is the demo page's 'Pagar' (approved) or 'Rechazar': the same
// confirmation as a provider's webhook, answering the session as it is
// afterwards (and the confirmation's error, ErrRefundOwed included).
func (c *Confirmer) DemoResult(ctx context.Context, session string, approved bool) (DemoView, error) {
	s, k, v, err := c.demo(ctx, session)
	if err != nil {
		return nil, err
	}
	if err := c.confirm(ctx, s, Outcome{Session: session, Approved: approved, PaymentID: v.DemoPaymentID()}); err != nil {
		return v, err
	}
	return k.DemoSession(ctx, s)
}

func (c *Confirmer) demo(ctx context.Context, id string) (SessionRecord, DemoKind, DemoView, error) {
	s, err := c.Lookup(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return s, nil, nil, ErrNoDemoSession
	}
	if err != nil {
		return s, nil, nil, err
	}
	k, err := c.handler(s)
	if err != nil {
		return s, nil, nil, err
	}
	dk, ok := k.(DemoKind)
	if !ok {
		return s, nil, nil, ErrNoDemoSession
	}
	v, err := dk.DemoSession(ctx, s)
	if errors.Is(err, store.ErrNotFound) {
		return s, nil, nil, ErrNoDemoSession
	}
	if err != nil {
		return s, nil, nil, err
	}
	return s, dk, v, nil
}

func (c *Confirmer) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

package checkout_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"carta/internal/checkout"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// fakeKind is a kind of purchase holding the sessions it knows in its own
// "tables" (sessions: session → restaurant; the purchase's id is its index).
type fakeKind struct {
	name     string
	sessions map[string]int64 // session → restaurant
	applied  []checkout.Outcome
	after    error // what Committed answers
	// reads counts Find and Prepare calls: what a provider's event costs
	// before it is verified.
	finds, prepares int
}

func (k *fakeKind) Name() string { return k.name }

func (k *fakeKind) Find(_ context.Context, session string) (checkout.SessionRecord, error) {
	k.finds++
	id, ok := k.sessions[session]
	if !ok {
		return checkout.SessionRecord{}, store.ErrNotFound
	}
	return checkout.SessionRecord{ID: session, Kind: k.name, Ref: 1, Restaurant: id}, nil
}

func (k *fakeKind) Prepare(_ context.Context, s checkout.SessionRecord) (checkout.Confirmation, error) {
	k.prepares++
	if s.Kind != k.name {
		return nil, fmt.Errorf("%s asked to prepare a %s session", k.name, s.Kind)
	}
	if _, ok := k.sessions[s.ID]; !ok && s.Ref != 7 { // 7: a recorded session only
		return nil, store.ErrNotFound
	}
	return &fakeConfirmation{k: k}, nil
}

type fakeConfirmation struct {
	k       *fakeKind
	applied bool
}

func (c *fakeConfirmation) Apply(_ context.Context, _ *store.Tx, o checkout.Outcome) error {
	c.k.applied = append(c.k.applied, o)
	c.applied = true
	return nil
}

func (c *fakeConfirmation) Committed(context.Context) error {
	if c.applied {
		return c.k.after
	}
	return nil
}

// fakeWebhooks reads {"session":…,"merchant":…} and accepts the signature
// "ok:<secret>".
type fakeWebhooks struct{}

func (fakeWebhooks) Provider() string { return "fake" }
func (fakeWebhooks) Parse(body []byte) (checkout.Event, error) {
	var w struct{ Session, Merchant, Payment string }
	err := json.Unmarshal(body, &w)
	return checkout.Event{SessionID: w.Session, MerchantID: w.Merchant, PaymentID: w.Payment, Approved: true, Status: "APPROVED"}, err
}
func (fakeWebhooks) Verify(header string, _ []byte, secret string, _ time.Time) error {
	if header != "ok:"+secret {
		return checkout.ErrBadSignature
	}
	return nil
}

func restaurant(t *testing.T, db *store.DB, merchant string) int64 {
	t.Helper()
	id, err := store.InsertID(context.Background(), db, `INSERT INTO clientes (nombre, merchant_id, created_at) VALUES ('R', ?, 0)`, merchant)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A session is confirmed by the kind that holds it, its event recorded once
// in the same transaction; a kind's after-commit answer is the answer; no
// kind, store.ErrNotFound.
func TestConfirmerDispatchesToTheSessionsKind(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := restaurant(t, db, "M1")
		cupon := &fakeKind{name: "cupon", sessions: map[string]int64{"cs_coupon": r}}
		pedido := &fakeKind{name: "pedido", sessions: map[string]int64{"cs_order": r}, after: checkout.ErrRefundOwed}
		c := &checkout.Confirmer{DB: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		c.Register(cupon)
		c.Register(pedido)
		if got := c.Kinds(); len(got) != 2 || got[0] != "cupon" || got[1] != "pedido" {
			t.Fatalf("kinds %v", got)
		}
		o := checkout.Outcome{Session: "cs_coupon", Approved: true, PaymentID: "P1", Provider: "fake", Event: "E1"}
		if err := c.Confirm(ctx, o); err != nil {
			t.Fatal(err)
		}
		if err := c.Confirm(ctx, o); err != nil { // the provider's retry of the same event
			t.Fatal(err)
		}
		if len(cupon.applied) != 1 || len(pedido.applied) != 0 {
			t.Fatalf("applied: cupon %d, pedido %d; want 1, 0", len(cupon.applied), len(pedido.applied))
		}
		if err := c.Confirm(ctx, checkout.Outcome{Session: "cs_order", Approved: true}); !errors.Is(err, checkout.ErrRefundOwed) {
			t.Fatalf("order's answer: %v", err)
		}
		if err := c.Confirm(ctx, checkout.Outcome{Session: "cs_nobody"}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown session: %v", err)
		}
	})
}

// A webhook is verified with the platform's secret for a restaurant without
// its own, must name the session's merchant, and is confirmed once; a bad
// signature confirms nothing; a refund owed is received.
func TestConfirmerWebhook(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := restaurant(t, db, "M1")
		k := &fakeKind{name: "pedido", sessions: map[string]int64{"cs_1": r}, after: checkout.ErrRefundOwed}
		c := &checkout.Confirmer{DB: db, Notifications: fakeWebhooks{}, PlatformSecret: "platform", Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		c.Register(k)
		body := []byte(`{"session":"cs_1","merchant":"M1","payment":"PAY"}`)
		if err := c.Webhook(ctx, body, "ok:wrong"); !errors.Is(err, checkout.ErrBadSignature) {
			t.Fatalf("bad signature: %v", err)
		}
		other := []byte(`{"session":"cs_1","merchant":"M2","payment":"PAY"}`)
		if err := c.Webhook(ctx, other, "ok:platform"); !errors.Is(err, checkout.ErrBadSignature) {
			t.Fatalf("another merchant's event: %v", err)
		}
		if len(k.applied) != 0 {
			t.Fatalf("refused events applied: %v", k.applied)
		}
		for range 2 {
			if err := c.Webhook(ctx, body, "ok:platform"); err != nil {
				t.Fatalf("signed event: %v", err)
			}
		}
		if len(k.applied) != 1 || k.applied[0].Provider != "fake" || k.applied[0].Event != "PAY" || k.applied[0].PaymentID != "PAY" {
			t.Fatalf("applied %+v, want one event PAY from fake", k.applied)
		}
		if err := c.Webhook(ctx, []byte(`{"session":"cs_unknown"}`), "ok:platform"); err != nil {
			t.Fatalf("a signed event of an unknown session is received: %v", err)
		}
		if err := c.Webhook(ctx, []byte(`not json`), "ok:platform"); !errors.Is(err, checkout.ErrBadSignature) {
			t.Fatalf("unreadable body: %v", err)
		}
	})
}

func record(t *testing.T, db *store.DB, s checkout.SessionRecord) {
	t.Helper()
	err := db.InTx(context.Background(), func(ctx context.Context, tx *store.Tx) error { return checkout.RecordSession(ctx, tx, s) })
	if err != nil {
		t.Fatal(err)
	}
}

// A recorded session goes to its own kind only (no other kind is asked),
// with its reference; a session recorded under a kind nobody registered is
// an error, not another kind's purchase; a session without its kind or
// purchase is not recorded.
func TestConfirmerDispatchesARecordedSessionToItsKind(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := restaurant(t, db, "M1")
		cupon := &fakeKind{name: "cupon", sessions: map[string]int64{}}
		pedido := &fakeKind{name: "pedido", sessions: map[string]int64{}}
		c := &checkout.Confirmer{DB: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		c.Register(cupon)
		c.Register(pedido)
		record(t, db, checkout.SessionRecord{ID: "cs_new", Kind: "pedido", Ref: 7, Restaurant: r})
		record(t, db, checkout.SessionRecord{ID: "cs_new", Kind: "pedido", Ref: 7, Restaurant: r}) // recorded again: nothing changes
		got, err := c.Lookup(ctx, "cs_new")
		if err != nil || got != (checkout.SessionRecord{ID: "cs_new", Kind: "pedido", Ref: 7, Restaurant: r}) {
			t.Fatalf("lookup: %+v, %v", got, err)
		}
		if err := c.Confirm(ctx, checkout.Outcome{Session: "cs_new", Approved: true, Provider: "fake", Event: "E1"}); err != nil {
			t.Fatal(err)
		}
		if len(pedido.applied) != 1 || len(cupon.applied) != 0 || cupon.finds+cupon.prepares+pedido.finds != 0 {
			t.Fatalf("pedido applied %d, cupon applied %d, cupon asked %d times, kinds' own tables read %d times",
				len(pedido.applied), len(cupon.applied), cupon.finds+cupon.prepares, cupon.finds+pedido.finds)
		}
		// A replay is answered before the kind reads anything.
		before := pedido.prepares
		if err := c.Confirm(ctx, checkout.Outcome{Session: "cs_new", Approved: true, Provider: "fake", Event: "E1"}); err != nil {
			t.Fatal(err)
		}
		if pedido.prepares != before || len(pedido.applied) != 1 {
			t.Fatalf("a replayed event was prepared (%d → %d) or applied (%d)", before, pedido.prepares, len(pedido.applied))
		}
		record(t, db, checkout.SessionRecord{ID: "cs_tab", Kind: "cuenta", Ref: 3, Restaurant: r})
		if err := c.Confirm(ctx, checkout.Outcome{Session: "cs_tab", Approved: true}); err == nil || errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a session of an unregistered kind: %v", err)
		}
		for _, bad := range []checkout.SessionRecord{{ID: "x", Ref: 1, Restaurant: r}, {Kind: "cupon", Ref: 1, Restaurant: r}, {ID: "x", Kind: "cupon", Restaurant: r}, {ID: "x", Kind: "cupon", Ref: 1}} {
			err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error { return checkout.RecordSession(ctx, tx, bad) })
			if !errors.Is(err, checkout.ErrInvalid) {
				t.Fatalf("record %+v: %v", bad, err)
			}
		}
	})
}

// A session created before sessions were recorded (no row) is still found
// in its kind's own tables and confirmed, by webhook too.
func TestConfirmerFindsSessionsCreatedBeforeTheyWereRecorded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := restaurant(t, db, "M1")
		cupon := &fakeKind{name: "cupon", sessions: map[string]int64{}}
		pedido := &fakeKind{name: "pedido", sessions: map[string]int64{"cs_old": r}}
		c := &checkout.Confirmer{DB: db, Notifications: fakeWebhooks{}, PlatformSecret: "platform", Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		c.Register(cupon)
		c.Register(pedido)
		got, err := c.Lookup(ctx, "cs_old")
		if err != nil || got.Kind != "pedido" || got.Restaurant != r {
			t.Fatalf("lookup of an old session: %+v, %v", got, err)
		}
		if err := c.Webhook(ctx, []byte(`{"session":"cs_old","merchant":"M1","payment":"PAY-OLD"}`), "ok:platform"); err != nil {
			t.Fatal(err)
		}
		if len(pedido.applied) != 1 || pedido.applied[0].PaymentID != "PAY-OLD" || len(cupon.applied) != 0 {
			t.Fatalf("old session: pedido applied %+v, cupon %d", pedido.applied, len(cupon.applied))
		}
	})
}

// A provider's event is verified before any kind prepares anything: a
// forged one costs the session's lookup only.
func TestConfirmerVerifiesBeforeItPrepares(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := restaurant(t, db, "M1")
		k := &fakeKind{name: "pedido", sessions: map[string]int64{}}
		c := &checkout.Confirmer{DB: db, Notifications: fakeWebhooks{}, PlatformSecret: "platform", Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		c.Register(k)
		record(t, db, checkout.SessionRecord{ID: "cs_1", Kind: "pedido", Ref: 7, Restaurant: r})
		body := []byte(`{"session":"cs_1","merchant":"M1","payment":"PAY"}`)
		if err := c.Webhook(ctx, body, "ok:forged"); !errors.Is(err, checkout.ErrBadSignature) {
			t.Fatalf("forged: %v", err)
		}
		if k.prepares+k.finds != 0 || len(k.applied) != 0 {
			t.Fatalf("a forged event was prepared %d times, found %d times, applied %d times", k.prepares, k.finds, len(k.applied))
		}
		if err := c.Webhook(ctx, body, "ok:platform"); err != nil {
			t.Fatal(err)
		}
		if k.prepares != 1 || len(k.applied) != 1 {
			t.Fatalf("signed event: prepared %d, applied %d", k.prepares, len(k.applied))
		}
	})
}

// A signed event of a session recorded for a purchase that does not hold
// it (the purchase ended while its checkout was being created) is received
// and changes nothing, as an unknown session's is.
func TestConfirmerWebhookOfASessionNoPurchaseHolds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := restaurant(t, db, "M1")
		k := &fakeKind{name: "pedido", sessions: map[string]int64{}}
		c := &checkout.Confirmer{DB: db, Notifications: fakeWebhooks{}, PlatformSecret: "platform", Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		c.Register(k)
		record(t, db, checkout.SessionRecord{ID: "cs_gone", Kind: "pedido", Ref: 8, Restaurant: r})
		if err := c.Webhook(ctx, []byte(`{"session":"cs_gone","merchant":"M1","payment":"PAY"}`), "ok:platform"); err != nil {
			t.Fatalf("received: %v", err)
		}
		if err := c.Confirm(ctx, checkout.Outcome{Session: "cs_gone", Approved: true}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("confirming it: %v", err)
		}
		if len(k.applied) != 0 {
			t.Fatalf("applied %v", k.applied)
		}
	})
}

// RecordSessionOn writes the kind's statement and the session's record
// both or neither (one statement on PostgreSQL, a transaction on SQLite).
func TestRecordSessionOnIsAllOrNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := restaurant(t, db, "M1")
		s := checkout.SessionRecord{ID: "cs_on", Kind: "pedido", Ref: 7, Restaurant: r}
		if err := checkout.RecordSessionOn(ctx, db, s, `UPDATE clientes SET email = ? WHERE id = ?`, "pagos@example.com", r); err != nil {
			t.Fatal(err)
		}
		var email string
		if err := db.QueryRow(ctx, `SELECT email FROM clientes WHERE id = ?`, r).Scan(&email); err != nil || email != "pagos@example.com" {
			t.Fatalf("the kind's statement: %q %v", email, err)
		}
		c := &checkout.Confirmer{DB: db}
		if got, err := c.Lookup(ctx, "cs_on"); err != nil || got != s {
			t.Fatalf("recorded: %+v %v", got, err)
		}
		// A statement that fails records nothing.
		bad := checkout.SessionRecord{ID: "cs_off", Kind: "pedido", Ref: 8, Restaurant: r}
		if err := checkout.RecordSessionOn(ctx, db, bad, `UPDATE clientes SET nombre = NULL WHERE id = ?`, r); err == nil {
			t.Fatal("a failing statement: no error")
		}
		if _, err := c.Lookup(ctx, "cs_off"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a failing statement's session: %v, want not recorded", err)
		}
		// An invalid session is refused before anything is written.
		if err := checkout.RecordSessionOn(ctx, db, checkout.SessionRecord{ID: "x", Kind: "pedido", Restaurant: r}, `UPDATE clientes SET email = 'no' WHERE id = ?`, r); !errors.Is(err, checkout.ErrInvalid) {
			t.Fatalf("invalid session: %v", err)
		}
		if err := db.QueryRow(ctx, `SELECT email FROM clientes WHERE id = ?`, r).Scan(&email); err != nil || email != "pagos@example.com" {
			t.Fatalf("after the refusals: %q %v", email, err)
		}
	})
}

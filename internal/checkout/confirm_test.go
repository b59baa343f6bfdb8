package checkout_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"carta/internal/checkout"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// fakeKind is a kind of purchase holding the sessions it knows.
type fakeKind struct {
	name     string
	sessions map[string]int64 // session → restaurant
	applied  []checkout.Outcome
	after    error // what Committed answers
}

func (k *fakeKind) Name() string { return k.name }

func (k *fakeKind) Prepare(_ context.Context, session string) (checkout.Confirmation, error) {
	id, ok := k.sessions[session]
	if !ok {
		return nil, store.ErrNotFound
	}
	return &fakeConfirmation{k: k, restaurant: id}, nil
}

type fakeConfirmation struct {
	k          *fakeKind
	restaurant int64
	applied    bool
}

func (c *fakeConfirmation) Restaurant() int64 { return c.restaurant }

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

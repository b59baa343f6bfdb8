package refunds_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"testing"
	"time"

	"carta/internal/apperr"
	"carta/internal/checkout"
	clovercheckout "carta/internal/checkout/clover"
	"carta/internal/checkout/clover/clovercheckouttest"
	checkoutdemo "carta/internal/checkout/demo"
	"carta/internal/clientes"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// provider is a Refunder whose answers a test decides; it counts the calls per key.
type provider struct {
	mu     sync.Mutex
	calls  map[string]int
	keys   []string
	answer func(r checkout.RefundRequest) (checkout.Refund, error)
	gets   int
	get    func(id string) (checkout.Refund, error)
	// hold, when set, keeps every call until it is closed; entered is told when a call arrives.
	hold, entered chan struct{}
}

func (p *provider) Refund(ctx context.Context, r checkout.RefundRequest) (checkout.Refund, error) {
	if p.entered != nil {
		p.entered <- struct{}{}
	}
	if p.hold != nil {
		<-p.hold
	}
	p.mu.Lock()
	if p.calls == nil {
		p.calls = map[string]int{}
	}
	p.calls[r.IdempotencyKey]++
	p.keys = append(p.keys, r.IdempotencyKey)
	answer := p.answer
	p.mu.Unlock()
	if answer == nil {
		return checkout.Refund{ID: "RF-" + r.IdempotencyKey, Charge: r.Charge, Amount: r.Amount, Status: checkout.RefundSucceeded}, nil
	}
	return answer(r)
}

func (p *provider) GetRefund(ctx context.Context, id string) (checkout.Refund, error) {
	p.mu.Lock()
	p.gets++
	p.mu.Unlock()
	return p.get(id)
}

func (p *provider) sent() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.keys...)
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type env struct {
	db      *store.DB
	svc     *refunds.Service
	p       *provider
	clock   *clock
	cliente int64
	// changed records what the kind's handler saw, in order.
	mu      sync.Mutex
	changed []refunds.Refund
}

func newEnv(t *testing.T, db *store.DB, pos string) *env {
	t.Helper()
	ctx := context.Background()
	mid := "M-REFUNDS"
	cid, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Reembolsos", MerchantID: &mid, Email: "dueno@example.com", Estado: clientes.EstadoActivo})
	if err != nil {
		t.Fatal(err)
	}
	if err := clientes.SetPOSProvider(ctx, db, tenant.Job(cid), pos); err != nil {
		t.Fatal(err)
	}
	e := &env{db: db, p: &provider{}, clock: &clock{t: time.Date(2026, 5, 4, 12, 0, 0, 0, time.UTC)}, cliente: cid}
	db.Now = e.clock.Now
	e.svc = &refunds.Service{DB: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Provider: func(clientes.POSConnection) (checkout.Refunder, error) { return e.p, nil }}
	e.svc.Handle(refunds.Pedido, func(ctx context.Context, tx *store.Tx, r refunds.Refund) error {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.changed = append(e.changed, r)
		return nil
	}, nil)
	return e
}

func (e *env) owed(objectID, amount int64) refunds.Owed {
	return refunds.Owed{Kind: refunds.Pedido, ObjectID: objectID, ClienteID: e.cliente, PaymentID: fmt.Sprintf("demo_pay_pedido_%d", objectID),
		Provider: "demo", Paid: 4871, Amount: amount, Currency: "USD"}
}

// start records a refund in a transaction of its own, as a cancellation does.
func (e *env) start(t *testing.T, o refunds.Owed) (refunds.Refund, error) {
	t.Helper()
	var r refunds.Refund
	err := e.db.InTx(context.Background(), func(ctx context.Context, tx *store.Tx) error {
		var err error
		r, err = e.svc.Start(context.Background(), tx, o)
		return err
	})
	return r, err
}

func (e *env) mustStart(t *testing.T, o refunds.Owed) refunds.Refund {
	t.Helper()
	r, err := e.start(t, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (e *env) seen() []refunds.Refund {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]refunds.Refund(nil), e.changed...)
}

func TestStartThenProcessRefundsOnceAndTellsTheKind(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, "demo")
		r := e.mustStart(t, e.owed(7, 4871))
		if r.Estado != refunds.Pendiente || r.Key != "carta-reembolso-pedido-7-1" || r.Amount != 4871 || r.Provider != "demo" {
			t.Fatalf("recorded %+v", r)
		}
		got := e.svc.After(context.Background(), r.ID)
		if got.Estado != refunds.Reembolsado || got.ProviderID != "RF-carta-reembolso-pedido-7-1" || got.RefundedAt == 0 || got.Attempts != 1 {
			t.Fatalf("after the provider: %+v", got)
		}
		if seen := e.seen(); len(seen) != 1 || seen[0].Estado != refunds.Reembolsado {
			t.Errorf("the kind saw %+v", seen)
		}
		// Processing it again asks nothing.
		if _, err := e.svc.Process(context.Background(), r.ID); err != nil {
			t.Fatal(err)
		}
		if n, _ := e.svc.ProcessDue(context.Background()); n != 0 || len(e.p.sent()) != 1 {
			t.Errorf("a settled refund was asked again: %v", e.p.sent())
		}
		// Nothing is left to give back.
		if _, err := e.start(t, e.owed(7, 1)); !errors.Is(err, refunds.ErrNothingLeft) {
			t.Errorf("a second refund: %v, want ErrNothingLeft", err)
		}
	})
}

// Two clicks at once — two requests, two replicas — record one refund and ask the provider once.
func TestConcurrentStartsMakeOneRefund(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, "demo")
		ctx := context.Background()
		// The payment's row the callers lock, as the order's row is.
		if _, err := db.Exec(ctx, `CREATE TABLE pagos_test (id BIGINT PRIMARY KEY)`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `INSERT INTO pagos_test (id) VALUES (7)`); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		ids := make([]int64, 8)
		errs := make([]error, 8)
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var r refunds.Refund
				errs[i] = db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
					if _, err := tx.Exec(ctx, `UPDATE pagos_test SET id = id WHERE id = 7`); err != nil {
						return err
					}
					var err error
					r, err = e.svc.Start(ctx, tx, e.owed(7, 4871))
					return err
				})
				if errs[i] == nil {
					ids[i] = e.svc.After(ctx, r.ID).ID
				}
			}()
		}
		wg.Wait()
		for i := range ids {
			if errs[i] != nil && !errors.Is(errs[i], refunds.ErrNothingLeft) {
				t.Errorf("start %d: %v", i, errs[i])
			}
		}
		rs, err := refunds.Of(ctx, db, refunds.Pedido, 7)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != 1 || rs[0].Estado != refunds.Reembolsado {
			t.Fatalf("refunds recorded: %+v", rs)
		}
		if sent := e.p.sent(); len(sent) != 1 {
			t.Errorf("the provider was asked %d times: %v", len(sent), sent)
		}
	})
}

func TestAmountNeverExceedsWhatIsLeft(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, "demo")
		ctx := context.Background()
		if _, err := e.start(t, e.owed(7, 4872)); !errors.Is(err, refunds.ErrTooMuch) {
			t.Fatalf("more than paid: %v, want ErrTooMuch", err)
		}
		// A part, then the rest: each its own key.
		first := e.mustStart(t, e.owed(7, 1000))
		e.svc.After(ctx, first.ID)
		if _, err := e.start(t, e.owed(7, 3872)); !errors.Is(err, refunds.ErrTooMuch) {
			t.Fatalf("more than what is left: %v, want ErrTooMuch", err)
		}
		rest := e.mustStart(t, e.owed(7, 3871))
		if rest.Key == first.Key {
			t.Fatalf("the rest reused the key %s", rest.Key)
		}
		e.svc.After(ctx, rest.ID)
		var ae *apperr.Error
		if _, err := e.start(t, e.owed(7, 1)); !errors.As(err, &ae) || ae.Kind != apperr.Conflict {
			t.Errorf("a refund of a refunded payment: %v, want a conflict", err)
		}
	})
}

// The provider does not answer: the refund stays pending under its key and the job asks again with
// the same key; after MaxAttempts it shows failed, and 'Reintentar' asks under the same key again
// (the provider may have refunded: only that key may ask).
func TestUnansweredRefundIsRetriedWithTheSameKey(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, "demo")
		ctx := context.Background()
		e.p.answer = func(checkout.RefundRequest) (checkout.Refund, error) {
			return checkout.Refund{}, fmt.Errorf("clover: refund: %w: read tcp: i/o timeout", checkout.ErrUnavailable)
		}
		r := e.mustStart(t, e.owed(7, 4871))
		got := e.svc.After(ctx, r.ID)
		if got.Estado != refunds.Pendiente || got.Attempts != 1 || got.NextAt <= e.clock.Now().Unix() {
			t.Fatalf("after no answer: %+v", got)
		}
		// Not due yet: the job waits for the back-off.
		if _, err := e.svc.ProcessDue(ctx); err != nil || len(e.p.sent()) != 1 {
			t.Fatalf("asked before its time: %v %v", e.p.sent(), err)
		}
		for i := 2; i <= refunds.MaxAttempts; i++ {
			e.clock.Add(time.Hour)
			if _, err := e.svc.ProcessDue(ctx); err != nil {
				t.Fatal(err)
			}
		}
		got, _ = refunds.Get(ctx, db, r.ID)
		if got.Estado != refunds.Fallido || got.Code != refunds.CodeNoAnswer || got.Final || got.Reason == "" {
			t.Fatalf("after %d unanswered attempts: %+v", refunds.MaxAttempts, got)
		}
		// The manual mark is offered now (nothing is in flight).
		again := e.mustStart(t, e.owed(7, 4871))
		if again.ID != r.ID || again.Key != r.Key || again.Estado != refunds.Pendiente {
			t.Fatalf("retry = %+v, want the same refund and key %s", again, r.Key)
		}
		e.p.answer = nil
		if got := e.svc.After(ctx, again.ID); got.Estado != refunds.Reembolsado {
			t.Fatalf("retry answered: %+v", got)
		}
		for _, k := range e.p.sent() {
			if k != r.Key {
				t.Errorf("a call sent key %q, want only %q", k, r.Key)
			}
		}
	})
}

// The provider refuses: the refund fails with its reason at once; a retry is a new refund with a
// new key (the provider replays a refusal for its key).
func TestRefusedRefundFailsWithTheReasonAndARetryUsesANewKey(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, "demo")
		ctx := context.Background()
		e.p.answer = func(checkout.RefundRequest) (checkout.Refund, error) {
			return checkout.Refund{}, fmt.Errorf("clover: refund: %w", &checkout.RefusedError{Code: "insufficient_funds", Message: "Balance too low."})
		}
		r := e.mustStart(t, e.owed(7, 4871))
		got := e.svc.After(ctx, r.ID)
		if got.Estado != refunds.Fallido || got.Code != refunds.CodeRefused || !got.Final || got.Reason != "Balance too low. (insufficient_funds)" {
			t.Fatalf("refused: %+v", got)
		}
		if seen := e.seen(); len(seen) != 1 || seen[0].Estado != refunds.Fallido {
			t.Errorf("the kind saw %+v", seen)
		}
		e.p.answer = nil
		again := e.mustStart(t, e.owed(7, 4871))
		if again.ID == r.ID || again.Key == r.Key || again.Key != "carta-reembolso-pedido-7-2" {
			t.Fatalf("retry = %+v, want a new refund with a new key", again)
		}
		if got := e.svc.After(ctx, again.ID); got.Estado != refunds.Reembolsado {
			t.Fatalf("retry answered %+v", got)
		}
		st := refunds.Describe(&got, "")
		if st.Estado != refunds.Fallido || st.Motivo == "" {
			t.Errorf("status of the refused one: %+v", st)
		}
	})
}

// A crash between the commit that recorded a refund and the provider's answer leaves it pending:
// the job asks with the same key, and a lease keeps two askers apart.
func TestARefundLeftByACrashIsTheJobs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, "demo")
		ctx := context.Background()
		r := e.mustStart(t, e.owed(7, 4871)) // …and the process died before asking
		e.p.hold, e.p.entered = make(chan struct{}), make(chan struct{}, 1)
		done := make(chan refunds.Refund)
		go func() {
			got, _ := e.svc.Process(ctx, r.ID)
			done <- got
		}()
		// While the first asker waits for the provider, the job finds the refund claimed.
		<-e.p.entered
		if n, err := e.svc.ProcessDue(ctx); err != nil || n != 0 {
			t.Fatalf("job during the lease: %d, %v", n, err)
		}
		close(e.p.hold)
		if got := <-done; got.Estado != refunds.Reembolsado {
			t.Fatalf("processed: %+v", got)
		}
		if sent := e.p.sent(); len(sent) != 1 || sent[0] != r.Key {
			t.Errorf("calls: %v", sent)
		}
	})
}

// The manual mark records what is left as given back by hand, and is refused while the provider
// is asked (marking then could give the money back twice).
func TestManualMark(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, "demo")
		ctx := context.Background()
		e.p.answer = func(checkout.RefundRequest) (checkout.Refund, error) {
			return checkout.Refund{}, checkout.ErrUnavailable
		}
		e.svc.After(ctx, e.mustStart(t, e.owed(7, 4871)).ID)
		mark := func(id int64) (refunds.Refund, error) {
			var r refunds.Refund
			err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
				var err error
				r, err = e.svc.MarkManual(ctx, tx, e.owed(id, 4871))
				return err
			})
			return r, err
		}
		if _, err := mark(7); !errors.Is(err, refunds.ErrInFlight) {
			t.Fatalf("manual mark during a refund: %v, want ErrInFlight", err)
		}
		r, err := mark(8)
		if err != nil || r.Estado != refunds.Reembolsado || r.Provider != refunds.ProviderManual || r.Amount != 4871 {
			t.Fatalf("manual mark: %+v, %v", r, err)
		}
		if st := refunds.Describe(&r, ""); !st.Manual || st.Estado != refunds.Reembolsado {
			t.Errorf("status %+v", st)
		}
		if _, err := mark(8); !errors.Is(err, refunds.ErrNothingLeft) {
			t.Errorf("a second mark: %v", err)
		}
	})
}

func TestCanSaysWhyNot(t *testing.T) {
	svc := &refunds.Service{Provider: func(c clientes.POSConnection) (checkout.Refunder, error) {
		if c.Provider == "otro" {
			return nil, checkout.ErrNoRefunds
		}
		return &checkoutdemo.Provider{}, nil
	}}
	for _, tt := range []struct {
		conn    clientes.POSConnection
		payment string
		want    string
	}{
		{clientes.POSConnection{Provider: "demo"}, "demo_pay_1", ""},
		{clientes.POSConnection{Provider: "clover"}, "ABCDEF1234567", ""},
		{clientes.POSConnection{Provider: "demo"}, "", refunds.NoPayment},
		{clientes.POSConnection{Provider: ""}, "ABCDEF1234567", refunds.NoProvider},
		{clientes.POSConnection{Provider: "clover"}, "demo_pay_1", refunds.OtherProvider},
		{clientes.POSConnection{Provider: "demo"}, "ABCDEF1234567", refunds.OtherProvider},
		{clientes.POSConnection{Provider: "clover", Reconnect: true}, "ABCDEF1234567", refunds.Reconnect},
		{clientes.POSConnection{Provider: "otro"}, "ABCDEF1234567", refunds.NotSupported},
	} {
		if got := svc.Can(tt.conn, tt.payment); got != tt.want {
			t.Errorf("Can(%+v, %q) = %q, want %q", tt.conn, tt.payment, got, tt.want)
		}
	}
	var none *refunds.Service
	if got := none.Can(clientes.POSConnection{Provider: "demo"}, "demo_pay_1"); got != refunds.NotSupported {
		t.Errorf("nil service: %q", got)
	}
}

// Against the Clover fake: a refund answered pending is read again by the job until it settles,
// and one Clover refuses shows its reason.
func TestCloverRefundThroughTheFake(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, "clover")
		ctx := context.Background()
		fake := clovercheckouttest.New(t)
		fake.AccessToken = "oauth-token"
		fake.AddCharge("CLOVERPAY7", 4871)
		fake.RefundStatus = "pending"
		e.svc.Provider = func(clientes.POSConnection) (checkout.Refunder, error) {
			c := clovercheckout.New(fake.URL)
			c.Sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
			return &clovercheckout.Refunds{Client: c, Tokens: staticToken("oauth-token")}, nil
		}
		o := e.owed(7, 4871)
		o.PaymentID, o.Provider = "CLOVERPAY7", "clover"
		r := e.mustStart(t, o)
		got := e.svc.After(ctx, r.ID)
		if got.Estado != refunds.Pendiente || got.ProviderID == "" {
			t.Fatalf("answered pending: %+v", got)
		}
		fake.SettleRefund(got.ProviderID, "succeeded")
		e.clock.Add(time.Hour)
		if _, err := e.svc.ProcessDue(ctx); err != nil {
			t.Fatal(err)
		}
		if got, _ = refunds.Get(ctx, db, r.ID); got.Estado != refunds.Reembolsado {
			t.Fatalf("after settling: %+v", got)
		}
		if len(fake.Refunds()) != 1 || fake.Refunded("CLOVERPAY7") != 4871 {
			t.Errorf("fake refunds %+v", fake.Refunds())
		}
		// A refusal carries Clover's reason.
		fake.AddCharge("CLOVERPAY8", 4871)
		fake.RefundStatus = ""
		fake.RefuseRefunds(http.StatusPaymentRequired, "insufficient_funds", "The merchant's balance cannot cover the refund.")
		o = e.owed(8, 4871)
		o.PaymentID, o.Provider = "CLOVERPAY8", "clover"
		got = e.svc.After(ctx, e.mustStart(t, o).ID)
		if got.Estado != refunds.Fallido || got.Code != refunds.CodeRefused || got.Reason != "The merchant's balance cannot cover the refund. (insufficient_funds)" {
			t.Fatalf("refused: %+v", got)
		}
	})
}

type staticToken string

func (s staticToken) Token(context.Context) (string, error) { return string(s), nil }
func (s staticToken) Refused(context.Context, string) error { return nil }

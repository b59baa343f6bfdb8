package mail

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/messaging"
	"carta/internal/metrics"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// fakeSender is a WhatsApp or SMS provider: it records what it accepted and answers with the
// errors queued in fail (one per send, nil: accepted).
type fakeSender struct {
	mu   sync.Mutex
	sent []messaging.Message
	fail []error
	n    int
}

func (f *fakeSender) Send(_ context.Context, m messaging.Message) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.fail) > 0 {
		err := f.fail[0]
		f.fail = f.fail[1:]
		if err != nil {
			return "", err
		}
	}
	f.n++
	f.sent = append(f.sent, m)
	return fmt.Sprintf("wamid.%d", f.n), nil
}

func (f *fakeSender) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.sent)
}

// diner adds an account with an e-mail (the fallback's recipient).
func diner(t *testing.T, db store.Querier, email string) int64 {
	t.Helper()
	id, err := store.InsertID(context.Background(), db, `INSERT INTO usuarios (nombre, email, telefono, password_hash, created_at)
		VALUES ('Ana', ?, '+34600111222', 'x', 1)`, email)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func enqueueOn(t *testing.T, db store.Querier, channel string, usuarioID int64, key string) int64 {
	t.Helper()
	m := OutboxMessage{Channel: channel, Kind: "pedido_listo", To: "+34600111222", Lang: "es",
		Subject: "¡Tu pedido #7 está listo!", Text: "La Taberna: tu pedido #7 está listo para recoger.",
		UsuarioID: usuarioID, DedupeKey: key}
	if channel == messaging.ChannelWhatsApp {
		m.Template, m.Params = "carta_pedido_listo", []string{"La Taberna", "7"}
	}
	id, err := Enqueue(context.Background(), db, m)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestChannelSendsRecordsProviderID(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock(db)
		wa := &fakeSender{}
		w := &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelWhatsApp: wa}, Log: quietLog}
		id := enqueueOn(t, db, messaging.ChannelWhatsApp, 0, "pedido_listo:7")
		email := enqueue(t, db, "ana@example.com", "sin SMTP")
		if n := tick(t, w); n != 1 {
			t.Fatalf("sent %d, want 1", n)
		}
		m := get(t, db, id)
		if m.Status != MailSent || m.ProviderID != "wamid.1" || m.Delivery != messaging.StatusSent {
			t.Fatalf("after send: %+v", m)
		}
		if got := wa.sent[0]; got.Template != "carta_pedido_listo" || got.Lang != "es" || len(got.Params) != 2 || got.To != "+34600111222" {
			t.Fatalf("sent %+v", got)
		}
		// No SMTP: the e-mail stays pending (demo), the WhatsApp channel is not affected.
		if get(t, db, email).Status != MailPending {
			t.Fatal("the e-mail left the outbox without SMTP")
		}
		if n := tick(t, w); n != 0 || wa.count() != 1 {
			t.Fatal("a sent message was sent again")
		}
	})
}

func TestChannelDemoKeepsPending(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock(db)
		w := &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelSMS: nil}, Log: quietLog}
		id := enqueueOn(t, db, messaging.ChannelWhatsApp, 0, "")
		sms := enqueueOn(t, db, messaging.ChannelSMS, 0, "")
		if n := tick(t, w); n != 0 {
			t.Fatalf("sent %d in demo", n)
		}
		for _, i := range []int64{id, sms} {
			if m := get(t, db, i); m.Status != MailPending || m.Attempts != 0 {
				t.Fatalf("demo message: %+v", m)
			}
		}
	})
}

func TestChannelDedupe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock(db)
		wa := &fakeSender{}
		w := &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelWhatsApp: wa}, Log: quietLog}
		first := enqueueOn(t, db, messaging.ChannelWhatsApp, 0, "pedido_listo:9")
		if again := enqueueOn(t, db, messaging.ChannelWhatsApp, 0, "pedido_listo:9"); first == 0 || again != 0 {
			t.Fatalf("ids %d, %d", first, again)
		}
		tick(t, w)
		// Set 'ready' again after it was sent: still once.
		if again := enqueueOn(t, db, messaging.ChannelWhatsApp, 0, "pedido_listo:9"); again != 0 {
			t.Fatal("queued again after sending")
		}
		tick(t, w)
		if wa.count() != 1 {
			t.Fatalf("sent %d times", wa.count())
		}
	})
}

func TestChannelRetryAfterPausesChannel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := clock(db)
		sms := &fakeSender{fail: []error{nil, &messaging.RetryAfter{After: 40 * time.Second, Err: errors.New("429")}}}
		w := &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelSMS: sms}, Rates: map[string]float64{messaging.ChannelSMS: 100}, Log: quietLog}
		var ids []int64
		for i := 0; i < 4; i++ {
			ids = append(ids, enqueueOn(t, db, messaging.ChannelSMS, 0, ""))
		}
		if n := tick(t, w); n != 1 {
			t.Fatalf("sent %d before the 429, want 1", n)
		}
		m := get(t, db, ids[1])
		if m.Status != MailPending || m.Attempts != 0 || m.NextAttemptAt != now.Unix()+40 {
			t.Fatalf("the message asked to wait: %+v", m)
		}
		for _, id := range ids[2:] {
			if m := get(t, db, id); m.NextAttemptAt != now.Unix()+40 {
				t.Fatalf("the channel did not pause: %+v", m)
			}
		}
		*now = now.Add(10 * time.Second)
		if n := tick(t, w); n != 0 {
			t.Fatalf("sent %d during the wait", n)
		}
		*now = now.Add(31 * time.Second)
		if n := tick(t, w); n != 3 || sms.count() != 4 {
			t.Fatalf("after the wait sent %d (total %d)", n, sms.count())
		}
	})
}

func TestChannelPermanentFallsBackToEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock(db)
		u := diner(t, db, "ana@example.com")
		wa := &fakeSender{fail: []error{fmt.Errorf("template paused: %w", messaging.ErrPermanent)}}
		w := &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelWhatsApp: wa}, Log: quietLog}
		id := enqueueOn(t, db, messaging.ChannelWhatsApp, u, "pedido_listo:7")
		tick(t, w)
		m := get(t, db, id)
		if m.Status != MailFailed || m.Attempts != 1 {
			t.Fatalf("after a permanent failure: %+v", m)
		}
		list, err := ListOutbox(context.Background(), db, 10)
		if err != nil {
			t.Fatal(err)
		}
		var fb []OutboxMessage
		for _, x := range list {
			if x.FallbackOf == id {
				fb = append(fb, x)
			}
		}
		if len(fb) != 1 || fb[0].Channel != messaging.ChannelEmail || fb[0].To != "ana@example.com" || fb[0].Kind != "pedido_listo" ||
			fb[0].Lang != "es" || fb[0].Subject != "¡Tu pedido #7 está listo!" || fb[0].DedupeKey != fmt.Sprintf("fallback:%d", id) ||
			fb[0].Status != MailPending {
			t.Fatalf("fallback: %+v", fb)
		}
		// A late 'failed' callback queues no second fallback.
		if _, err := RecordDelivery(context.Background(), db, messaging.ChannelWhatsApp, "wamid.x", messaging.StatusFailed, "", time.Time{}); err != nil {
			t.Fatal(err)
		}
		if n, _ := CountPending(context.Background(), db); n != 1 {
			t.Fatalf("%d pending", n)
		}
	})
}

func TestChannelMaxAttemptsFallsBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := clock(db)
		u := diner(t, db, "ana@example.com")
		sms := &fakeSender{fail: []error{errors.New("timeout"), errors.New("timeout")}}
		w := &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelSMS: sms}, MaxAttempts: 2, Log: quietLog}
		id := enqueueOn(t, db, messaging.ChannelSMS, u, "")
		tick(t, w)
		if m := get(t, db, id); m.Status != MailPending || m.Attempts != 1 {
			t.Fatalf("after one failure: %+v", m)
		}
		*now = now.Add(time.Minute)
		tick(t, w)
		if m := get(t, db, id); m.Status != MailFailed {
			t.Fatalf("after max attempts: %+v", m)
		}
		list, _ := ListOutbox(context.Background(), db, 10)
		if len(list) != 2 || list[0].FallbackOf != id || list[0].To != "ana@example.com" {
			t.Fatalf("outbox: %+v", list)
		}
	})
}

func TestChannelFallbackNeedsAnEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock(db)
		wa := &fakeSender{fail: []error{messaging.ErrPermanent}}
		w := &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelWhatsApp: wa}, Log: quietLog}
		enqueueOn(t, db, messaging.ChannelWhatsApp, 0, "")
		tick(t, w)
		if list, _ := ListOutbox(context.Background(), db, 10); len(list) != 1 {
			t.Fatalf("a fallback without a recipient: %+v", list)
		}
	})
}

func TestRecordDelivery(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := clock(db)
		u := diner(t, db, "ana@example.com")
		wa := &fakeSender{}
		w := &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelWhatsApp: wa}, Log: quietLog}
		a := enqueueOn(t, db, messaging.ChannelWhatsApp, u, "a")
		b := enqueueOn(t, db, messaging.ChannelWhatsApp, u, "b")
		tick(t, w) // a: wamid.1, b: wamid.2
		at := now.Add(5 * time.Second)
		steps := []struct {
			provider, status string
			wantA, wantB     string
		}{
			{"wamid.1", messaging.StatusDelivered, "delivered", "sent"},
			{"wamid.1", messaging.StatusDelivered, "delivered", "sent"}, // again: idempotent
			{"wamid.1", messaging.StatusRead, "read", "sent"},
			{"wamid.1", messaging.StatusDelivered, "read", "sent"}, // late: never backwards
			{"wamid.1", messaging.StatusFailed, "read", "sent"},    // read is final
			{"wamid.2", messaging.StatusFailed, "read", "failed"},
			{"wamid.2", messaging.StatusFailed, "read", "failed"}, // once
			{"wamid.2", messaging.StatusRead, "read", "failed"},
			{"wamid.unknown", messaging.StatusRead, "read", "failed"},
		}
		for i, s := range steps {
			if _, err := RecordDelivery(ctx, db, messaging.ChannelWhatsApp, s.provider, s.status, "131026 undeliverable", at); err != nil {
				t.Fatal(err)
			}
			if ga, gb := get(t, db, a).Delivery, get(t, db, b).Delivery; ga != s.wantA || gb != s.wantB {
				t.Fatalf("step %d: a %s, b %s; want %s, %s", i, ga, gb, s.wantA, s.wantB)
			}
		}
		if m := get(t, db, a); m.DeliveryAt != at.Unix() {
			t.Fatalf("delivery_at %d", m.DeliveryAt)
		}
		if m := get(t, db, b); m.Status != MailFailed || m.LastError != "131026 undeliverable" {
			t.Fatalf("failed after sent: %+v", m)
		}
		list, _ := ListOutbox(ctx, db, 10)
		fallbacks := 0
		for _, m := range list {
			if m.FallbackOf == b {
				fallbacks++
			}
			if m.FallbackOf == a {
				t.Fatal("a read message fell back")
			}
		}
		if fallbacks != 1 {
			t.Fatalf("%d fallbacks", fallbacks)
		}
		if _, err := RecordDelivery(ctx, db, messaging.ChannelWhatsApp, "wamid.1", "bogus", "", at); err == nil {
			t.Fatal("an unknown status was accepted")
		}
		// Resend on any channel starts over.
		if err := Resend(ctx, db, b); err != nil {
			t.Fatal(err)
		}
		if m := get(t, db, b); m.Status != MailPending || m.Delivery != "" || m.ProviderID != "" {
			t.Fatalf("resent: %+v", m)
		}
	})
}

func TestChannelRateLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := clock(db)
		sms := &fakeSender{}
		// 1 SMS a second, a 5-second interval: the bucket holds 5.
		w := &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelSMS: sms}, Interval: 5 * time.Second, Log: quietLog}
		for i := 0; i < 9; i++ {
			enqueueOn(t, db, messaging.ChannelSMS, 0, "")
		}
		for i, s := range []struct {
			advance time.Duration
			want    int
		}{{0, 5}, {0, 0}, {2 * time.Second, 2}, {500 * time.Millisecond, 0}, {600 * time.Millisecond, 1}, {time.Hour, 1}} {
			*now = now.Add(s.advance)
			if n := tick(t, w); n != s.want {
				t.Fatalf("step %d: sent %d, want %d", i, n, s.want)
			}
		}
		if sms.count() != 9 {
			t.Fatalf("sent %d", sms.count())
		}
	})
}

func TestChannelSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "carta.db")
	db := openSQLite(t, path)
	clock(db)
	id := enqueueOn(t, db, messaging.ChannelWhatsApp, 0, "pedido_listo:1")
	wa := &fakeSender{fail: []error{errors.New("connection reset")}}
	tick(t, &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelWhatsApp: wa}, Log: quietLog})
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = openSQLite(t, path)
	defer db.Close()
	if m := get(t, db, id); m.Status != MailPending || m.Attempts != 1 {
		t.Fatalf("after restart: %+v", m)
	}
	db.Now = func() time.Time { return time.Unix(1_700_000_000, 0).Add(time.Minute) }
	if n := tick(t, &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelWhatsApp: wa}, Log: quietLog}); n != 1 {
		t.Fatalf("sent %d after restart", n)
	}
	if _, err := Enqueue(context.Background(), db, OutboxMessage{Channel: messaging.ChannelWhatsApp, Kind: "pedido_listo",
		To: "+34600111222", Template: "t", Text: "x", DedupeKey: "pedido_listo:1"}); err != nil {
		t.Fatal(err)
	}
	if wa.count() != 1 || len(mustList(t, db)) != 1 {
		t.Fatal("sent twice across the restart")
	}
}

func mustList(t *testing.T, db *store.DB) []OutboxMessage {
	t.Helper()
	l, err := ListOutbox(context.Background(), db, 100)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// sendChannelConcurrently runs two workers per DB handle on the WhatsApp channel until the
// outbox is empty: every message reaches the provider exactly once.
func sendChannelConcurrently(t *testing.T, dbs []*store.DB) {
	t.Helper()
	const n = 45
	for i := 0; i < n; i++ {
		if _, err := Enqueue(context.Background(), dbs[0], OutboxMessage{Channel: messaging.ChannelWhatsApp, Kind: "pedido_listo",
			To: "+34600111222", Template: "carta_pedido_listo", Text: fmt.Sprintf("mensaje %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	wa := &fakeSender{}
	var wg sync.WaitGroup
	for i := 0; i < 2*len(dbs); i++ {
		w := &Worker{DB: dbs[i%len(dbs)], Channels: map[string]messaging.Sender{messaging.ChannelWhatsApp: wa},
			Rates: map[string]float64{messaging.ChannelWhatsApp: 1000}, Log: quietLog}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				sent, err := w.Tick(context.Background())
				if err != nil {
					t.Error(err)
					return
				}
				if sent == 0 {
					return
				}
			}
		}()
	}
	wg.Wait()
	seen := map[string]int{}
	for _, m := range wa.sent {
		seen[m.Text]++
	}
	for i := 0; i < n; i++ {
		if c := seen[fmt.Sprintf("mensaje %d", i)]; c != 1 {
			t.Fatalf("mensaje %d sent %d times", i, c)
		}
	}
}

func TestConcurrentChannelWorkersSendOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		sendChannelConcurrently(t, []*store.DB{db})
	})
}

func TestConcurrentChannelReplicasSendOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "carta.db")
	a, b := openSQLite(t, path), openSQLite(t, path)
	defer a.Close()
	defer b.Close()
	sendChannelConcurrently(t, []*store.DB{a, b})
}

func TestChannelMetrics(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock(db)
		m := metrics.New()
		sms := &fakeSender{fail: []error{nil, errors.New("timeout")}}
		w := &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelSMS: sms}, Rates: map[string]float64{messaging.ChannelSMS: 10},
			Metrics: m, Log: quietLog}
		enqueueOn(t, db, messaging.ChannelSMS, 0, "")
		enqueueOn(t, db, messaging.ChannelSMS, 0, "")
		tick(t, w)
		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		for _, l := range []string{`carta_provider_calls_total{outcome="ok",provider="outbox_sms"} 1`,
			`carta_provider_calls_total{outcome="error",provider="outbox_sms"} 1`} {
			if !strings.Contains(rec.Body.String(), l) {
				t.Errorf("metrics lack %q", l)
			}
		}
	})
}

// TestChannelClaimOfACrashedWorker: a worker that claimed a WhatsApp message and died before
// sending it (a replica killed, a restart) leaves it to the next worker once its lease ends —
// on both engines — and it is sent once.
func TestChannelClaimOfACrashedWorker(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := clock(db)
		id := enqueueOn(t, db, messaging.ChannelWhatsApp, 0, "pedido_listo:crash")
		// The crashed worker's claim: taken, never sent nor marked.
		if got, err := ClaimDueOn(context.Background(), db, messaging.ChannelWhatsApp, 10, claimLease); err != nil || len(got) != 1 {
			t.Fatalf("claim = %d, %v", len(got), err)
		}
		wa := &fakeSender{}
		next := func() int {
			return tick(t, &Worker{DB: db, Channels: map[string]messaging.Sender{messaging.ChannelWhatsApp: wa}, Log: quietLog})
		}
		if n := next(); n != 0 || wa.count() != 0 {
			t.Fatalf("sent %d while the claim held", n)
		}
		*now = now.Add(claimLease + time.Second)
		if n := next(); n != 1 || wa.count() != 1 {
			t.Fatalf("after the lease: sent %d (provider %d)", n, wa.count())
		}
		*now = now.Add(time.Hour)
		if n := next(); n != 0 || wa.count() != 1 || get(t, db, id).Status != MailSent {
			t.Fatalf("sent again: %d, %+v", n, get(t, db, id))
		}
	})
}

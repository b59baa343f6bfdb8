package mail

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

var quietLog = slog.New(slog.NewTextHandler(io.Discard, nil))

// clock pins db's clock; move it with the returned pointer.
func clock(db *store.DB) *time.Time {
	now := time.Unix(1_700_000_000, 0)
	db.Now = func() time.Time { return now }
	return &now
}

func enqueue(t *testing.T, db store.Querier, to, subject string) int64 {
	t.Helper()
	m := Welcome("es", "Ana")
	id, err := Enqueue(context.Background(), db, OutboxMessage{
		Kind: "welcome", To: to, Subject: subject, Text: m.Text, HTML: m.HTML})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func get(t *testing.T, db *store.DB, id int64) OutboxMessage {
	t.Helper()
	m, err := GetMessage(context.Background(), db, id)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func tick(t *testing.T, w *Worker) int {
	t.Helper()
	n, err := w.Tick(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestWorkerSendsQueuedMessage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := clock(db)
		ts := startServer(t, serverOpts{})
		w := &Worker{DB: db, Sender: testSMTP(ts), Log: quietLog}
		id := enqueue(t, db, "ana@example.com", "¡Bienvenido a Carta, Ana!")

		if n := tick(t, w); n != 1 {
			t.Fatalf("sent %d, want 1", n)
		}
		m := get(t, db, id)
		if m.Status != MailSent || m.SentAt != now.Unix() || m.Attempts != 0 {
			t.Fatalf("after send: %+v", m)
		}
		got := ts.Received()
		if len(got) != 1 {
			t.Fatalf("server received %d", len(got))
		}
		p := parseMessage(t, got[0].Data)
		if p.Subject != "¡Bienvenido a Carta, Ana!" || !strings.Contains(p.Text, "Hola Ana") || !strings.Contains(p.HTML, "Hola Ana") {
			t.Fatalf("received %+v", p)
		}
		if n := tick(t, w); n != 0 || len(ts.Received()) != 1 {
			t.Fatal("a sent message was sent again")
		}
	})
}

func TestWorkerRetriesWithBackoff(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := clock(db)
		ts := startServer(t, serverOpts{})
		ts.FailNextData(2)
		w := &Worker{DB: db, Sender: testSMTP(ts), Log: quietLog}
		id := enqueue(t, db, "ana@example.com", "x")

		if n := tick(t, w); n != 0 {
			t.Fatalf("sent %d despite the 451", n)
		}
		m := get(t, db, id)
		if m.Status != MailPending || m.Attempts != 1 || m.NextAttemptAt != now.Add(30*time.Second).Unix() ||
			!strings.Contains(m.LastError, "451") {
			t.Fatalf("after first failure: %+v", m)
		}
		// Not due yet: nothing is attempted.
		*now = now.Add(29 * time.Second)
		if n := tick(t, w); n != 0 || get(t, db, id).Attempts != 1 {
			t.Fatal("retried before the backoff ended")
		}
		*now = now.Add(time.Second)
		if n := tick(t, w); n != 0 {
			t.Fatal("second attempt should fail too")
		}
		m = get(t, db, id)
		if m.Attempts != 2 || m.NextAttemptAt != now.Add(time.Minute).Unix() {
			t.Fatalf("after second failure: %+v (want next = now+1m)", m)
		}
		*now = now.Add(time.Minute)
		if n := tick(t, w); n != 1 {
			t.Fatalf("third attempt sent %d", n)
		}
		m = get(t, db, id)
		if m.Status != MailSent || m.Attempts != 2 || m.LastError != "" {
			t.Fatalf("after success: %+v", m)
		}
		if len(ts.Received()) != 1 {
			t.Fatalf("server received %d", len(ts.Received()))
		}
	})
}

func TestWorkerGivesUpAfterMaxAttempts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := clock(db)
		ts := startServer(t, serverOpts{})
		ts.FailNextData(100)
		w := &Worker{DB: db, Sender: testSMTP(ts), Log: quietLog, MaxAttempts: 3}
		id := enqueue(t, db, "ana@example.com", "x")
		for i := 1; i <= 3; i++ {
			tick(t, w)
			if m := get(t, db, id); m.Attempts != i {
				t.Fatalf("attempt %d: %+v", i, m)
			}
			*now = now.Add(2 * time.Hour)
		}
		if m := get(t, db, id); m.Status != MailFailed {
			t.Fatalf("after %d attempts: %+v", 3, m)
		}
		ts.FailNextData(0)
		if n := tick(t, w); n != 0 || get(t, db, id).Attempts != 3 {
			t.Fatal("a failed message was tried again")
		}
	})
}

func TestWorkerFailsPermanentRejectionAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock(db)
		ts := startServer(t, serverOpts{})
		ts.rejectRcpt = "nobody@example.com"
		w := &Worker{DB: db, Sender: testSMTP(ts), Log: quietLog}
		bad := enqueue(t, db, "nobody@example.com", "x")
		good := enqueue(t, db, "ana@example.com", "y")
		if n := tick(t, w); n != 1 {
			t.Fatalf("sent %d, want 1", n)
		}
		if m := get(t, db, bad); m.Status != MailFailed || m.Attempts != 1 || !strings.Contains(m.LastError, "550") {
			t.Fatalf("rejected message: %+v", m)
		}
		if m := get(t, db, good); m.Status != MailSent {
			t.Fatalf("other message: %+v", m)
		}
	})
}

func TestWorkerWithoutSenderKeepsMessagesPending(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock(db)
		w := &Worker{DB: db, Log: quietLog}
		id := enqueue(t, db, "ana@example.com", "x")
		if n := tick(t, w); n != 0 {
			t.Fatalf("sent %d", n)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { w.Run(ctx); close(done) }()
		cancel()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("Run did not return after cancel")
		}
		m := get(t, db, id)
		if m.Status != MailPending || m.Attempts != 0 {
			t.Fatalf("demo mode touched the message: %+v", m)
		}
		list, err := ListOutbox(context.Background(), db, 10)
		if err != nil || len(list) != 1 || !strings.Contains(list[0].HTML, "Hola Ana") {
			t.Fatalf("super admin view: %+v, %v", list, err)
		}
	})
}

func TestWorkerRun(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ts := startServer(t, serverOpts{})
		passes := make(chan int)
		w := &Worker{DB: db, Sender: testSMTP(ts), Log: quietLog, Interval: time.Hour, Passes: passes}
		id := enqueue(t, db, "ana@example.com", "x")
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { w.Run(ctx); close(done) }()
		defer func() { cancel(); <-done }()
		// Run's first pass happens at once: it sends the queued message.
		if n := <-passes; n != 1 || get(t, db, id).Status != MailSent {
			t.Fatalf("first pass sent %d, message %+v", n, get(t, db, id))
		}
	})
}

func openSQLite(t *testing.T, path string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

func TestOutboxSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "carta.db")
	ctx := context.Background()
	ts := startServer(t, serverOpts{})

	db := openSQLite(t, path)
	id := enqueue(t, db, "ana@example.com", "antes del reinicio")
	// The SMTP server is down: the first attempt fails.
	ts.FailNextData(1)
	if n := tick(t, &Worker{DB: db, Sender: testSMTP(ts), Log: quietLog}); n != 0 {
		t.Fatal("sent despite the failure")
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	db = openSQLite(t, path)
	defer db.Close()
	list, err := ListOutbox(ctx, db, 10)
	if err != nil || len(list) != 1 || list[0].ID != id || list[0].Status != MailPending || list[0].Attempts != 1 {
		t.Fatalf("after restart: %+v, %v", list, err)
	}
	db.Now = func() time.Time { return time.Now().Add(time.Minute) } // past the backoff
	if n := tick(t, &Worker{DB: db, Sender: testSMTP(ts), Log: quietLog}); n != 1 {
		t.Fatalf("sent %d after restart", n)
	}
	if m := get(t, db, id); m.Status != MailSent {
		t.Fatalf("after restart and send: %+v", m)
	}
	if got := ts.Received(); len(got) != 1 {
		t.Fatalf("server received %d", len(got))
	}
}

// sendConcurrently runs one worker per DB handle until the outbox is empty
// and checks every message reached the server exactly once.
func sendConcurrently(t *testing.T, dbs []*store.DB) {
	t.Helper()
	const n = 45
	for i := 0; i < n; i++ {
		enqueue(t, dbs[0], "ana@example.com", fmt.Sprintf("mensaje %d", i))
	}
	ts := startServer(t, serverOpts{})
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		total int
	)
	for i := 0; i < 2*len(dbs); i++ {
		w := &Worker{DB: dbs[i%len(dbs)], Sender: testSMTP(ts), Log: quietLog}
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
				mu.Lock()
				total += sent
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if total != n {
		t.Fatalf("workers report %d sent, want %d", total, n)
	}
	seen := map[string]int{}
	for _, r := range ts.Received() {
		seen[parseMessage(t, r.Data).Subject]++
	}
	for i := 0; i < n; i++ {
		if c := seen[fmt.Sprintf("mensaje %d", i)]; c != 1 {
			t.Fatalf("mensaje %d delivered %d times", i, c)
		}
	}
	list, err := ListOutbox(context.Background(), dbs[0], 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range list {
		if m.Status != MailSent {
			t.Fatalf("message %d is %s", m.ID, m.Status)
		}
	}
}

func TestConcurrentWorkersSendOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		sendConcurrently(t, []*store.DB{db})
	})
}

func TestConcurrentReplicasSendOnce(t *testing.T) {
	// Two processes' handles on the same SQLite file.
	path := filepath.Join(t.TempDir(), "carta.db")
	a, b := openSQLite(t, path), openSQLite(t, path)
	defer a.Close()
	defer b.Close()
	sendConcurrently(t, []*store.DB{a, b})
}

func TestBackoff(t *testing.T) {
	want := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute,
		16 * time.Minute, 32 * time.Minute, time.Hour, time.Hour}
	for i, w := range want {
		if got := Backoff(i + 1); got != w {
			t.Errorf("Backoff(%d) = %v, want %v", i+1, got, w)
		}
	}
	if Backoff(1000) != time.Hour {
		t.Error("Backoff(1000) not capped")
	}
}

// countingSender accepts every e-mail, or fails every one when fail is set.
type countingSender struct {
	mu   sync.Mutex
	n    int
	fail bool
}

func (c *countingSender) Send(context.Context, Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fail {
		return errors.New("421 try later")
	}
	c.n++
	return nil
}

// TestWorkerDrainsABurst: a pass keeps taking batches of e-mail while they come back full (a
// busy service's confirmations leave at more than one batch per interval), emailRounds at most;
// a failing SMTP server gets one batch per pass.
func TestWorkerDrainsABurst(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock(db)
		for i := range batchSize*emailRounds + batchSize + 5 {
			enqueue(t, db, fmt.Sprintf("d%d@example.com", i), "Tu pedido")
		}
		bad := &countingSender{fail: true}
		if n := tick(t, &Worker{DB: db, Sender: bad, Log: quietLog}); n != 0 {
			t.Fatalf("a failing server sent %d", n)
		}
		var tried int
		if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM outbox WHERE attempts > 0`).Scan(&tried); err != nil || tried != batchSize {
			t.Fatalf("a failing server was tried with %d (%v), want one batch of %d", tried, err, batchSize)
		}
		good := &countingSender{}
		// The failed batch waits for its retry: the rest, emailRounds batches in one pass, then the 5 left.
		if n := tick(t, &Worker{DB: db, Sender: good, Log: quietLog}); n != batchSize*emailRounds {
			t.Fatalf("one pass sent %d, want %d", n, batchSize*emailRounds)
		}
		if n := tick(t, &Worker{DB: db, Sender: good, Log: quietLog}); n != 5 {
			t.Fatalf("the next pass sent %d, want 5", n)
		}
	})
}

package app

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"

	"carta/internal/config"
	"carta/internal/mail"
	"carta/internal/media"
	"carta/internal/metrics"
	"carta/internal/store"
)

// blockingSender is an SMTP server that is mid-send when the server is told
// to stop: it answers once serve is waiting for the jobs (or, if serve
// did not wait, once serve has returned).
type blockingSender struct {
	sending       chan struct{}
	waiting       <-chan struct{} // serve logged that it waits for the jobs
	served        <-chan struct{} // serve returned
	returnedFirst bool
}

func (s *blockingSender) Send(ctx context.Context, _ mail.Message) error {
	close(s.sending)
	<-ctx.Done() // SIGTERM arrives during the send
	select {
	case <-s.waiting:
	case <-s.served:
		s.returnedFirst = true
	}
	return nil // the message went out: the pass records it
}

// signalHandler closes seen when a record with the message msg is logged.
type signalHandler struct {
	slog.Handler
	msg  string
	once *sync.Once
	seen chan struct{}
}

func (h signalHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Message == h.msg {
		h.once.Do(func() { close(h.seen) })
	}
	return h.Handler.Handle(ctx, r)
}

// Stopping the server (ctx cancelled, as SIGTERM does in main) while a job
// pass is sending an e-mail: serve returns only after the pass has ended
// and recorded the e-mail as sent, so closing the database right after
// serve (as Run does) leaves nothing half-written: no e-mail left claimed
// to be sent again once its lease lapses.
func TestServeWaitsForJobsBeforeTheDatabaseCloses(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "carta.db")
	db, err := store.Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	id, err := mail.Enqueue(ctx, db, mail.OutboxMessage{Kind: "test", To: "ana@example.com", Subject: "Hola", Text: "Hola"})
	if err != nil {
		t.Fatal(err)
	}
	disk, err := media.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	waiting, served := make(chan struct{}), make(chan struct{})
	log := slog.New(signalHandler{Handler: slog.NewTextHandler(io.Discard, nil), msg: "waiting for the background jobs to end", once: &sync.Once{}, seen: waiting})
	sender := &blockingSender{sending: make(chan struct{}), waiting: waiting, served: served}
	cfg := config.Config{Addr: "127.0.0.1:0", MetricsAddr: "off", SessionTTL: 1 << 40}
	newDeps := func(config.Config) Deps {
		return Deps{DB: db, Media: &media.Pipeline{Store: disk}, Metrics: metrics.New(), Log: log, Mail: sender}
	}
	sctx, stop := context.WithCancel(ctx)
	var serveErr error
	go func() {
		serveErr = serve(sctx, cfg, log, newDeps, io.Discard)
		db.Close() // as Run does once serve returns
		close(served)
	}()
	<-sender.sending // the outbox job's first pass is sending the e-mail
	stop()
	<-served
	if serveErr != nil {
		t.Fatal(serveErr)
	}
	if sender.returnedFirst {
		t.Fatal("serve returned while a job pass was still sending an e-mail")
	}
	db, err = store.Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m, err := mail.GetMessage(ctx, db, id)
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != "sent" {
		t.Fatalf("the e-mail sent during the shutdown is %q, want sent", m.Status)
	}
}

package mail

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"carta/internal/jobs"
	"carta/internal/metrics"
	"carta/internal/store"
)

// Worker defaults.
const (
	DefaultInterval    = 5 * time.Second
	DefaultMaxAttempts = 8

	batchSize  = 20
	claimLease = 2 * time.Minute

	backoffBase = 30 * time.Second
	backoffMax  = time.Hour
)

// Worker sends the outbox. Every Interval it claims due messages and sends
// them; a failure is retried with exponential backoff (30 s, 1 min, 2 min
// ... capped at 1 h) up to MaxAttempts, then the message is marked failed.
// Claims are leases in the database, so several workers (replicas) can run
// at once without sending a message twice at the same time.
//
// With Sender == nil (demo mode, no SMTP configured) nothing is sent and the
// messages stay pending in the outbox for the super admin to read.
type Worker struct {
	DB          *store.DB
	Sender      Sender
	Log         *slog.Logger
	Interval    time.Duration
	MaxAttempts int
	// Metrics counts the outbox passes and the SMTP sends; nil records
	// nothing.
	Metrics *metrics.Metrics
	// Passes, when set, receives how many messages each pass of Run sent
	// (tests wait on it instead of on the clock).
	Passes chan<- int
}

func (w *Worker) log() *slog.Logger {
	if w.Log != nil {
		return w.Log
	}
	return slog.Default()
}

func (w *Worker) maxAttempts() int {
	if w.MaxAttempts > 0 {
		return w.MaxAttempts
	}
	return DefaultMaxAttempts
}

// Run sends the outbox until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	if w.Sender == nil {
		w.log().Info("mail: no SMTP server configured; e-mails stay in the outbox (super admin panel)")
		<-ctx.Done()
		return
	}
	interval := w.Interval
	if interval <= 0 {
		interval = DefaultInterval
	}
	jobs.Every(ctx, "outbox", interval, func(pctx context.Context) error {
		n, err := w.Tick(pctx)
		if err != nil && ctx.Err() == nil {
			w.log().ErrorContext(pctx, "mail: outbox pass failed", "err", err)
		}
		if w.Passes != nil {
			select {
			case w.Passes <- n:
			case <-ctx.Done():
			}
		}
		return err
	}, jobs.Measured(w.Metrics))
}

// Tick makes one pass: it claims the due messages (at most one batch) and
// sends them. It returns how many were sent; err reports database errors
// (send failures are recorded on the messages and retried).
func (w *Worker) Tick(ctx context.Context) (sent int, err error) {
	if w.Sender == nil {
		return 0, nil
	}
	msgs, err := ClaimDue(ctx, w.DB, batchSize, claimLease)
	var errs []error
	if err != nil {
		errs = append(errs, err)
	}
	for _, m := range msgs {
		if ctx.Err() != nil {
			break // the claims lapse with their lease
		}
		call := w.Metrics.Call("smtp")
		sendErr := w.Sender.Send(ctx, Message{To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML, Unsubscribe: m.Unsubscribe})
		call(sendErr)
		// Record the outcome even if ctx ended during the send.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		if sendErr == nil {
			if err := MarkSent(rctx, w.DB, m.ID); err != nil {
				errs = append(errs, err)
			} else {
				sent++
			}
			cancel()
			continue
		}
		attempt := m.Attempts + 1
		maxAttempts := w.maxAttempts()
		if errors.Is(sendErr, ErrPermanent) {
			maxAttempts = attempt
		}
		next := w.DB.Now().Add(Backoff(attempt))
		err := MarkRetry(rctx, w.DB, m.ID, sendErr.Error(), next, maxAttempts)
		cancel()
		if err != nil {
			errs = append(errs, err)
		}
		if attempt >= maxAttempts {
			w.log().ErrorContext(ctx, "mail: giving up on message", "id", m.ID, "kind", m.Kind, "attempts", attempt, "err", sendErr)
		} else {
			w.log().WarnContext(ctx, "mail: send failed, will retry", "id", m.ID, "kind", m.Kind, "attempts", attempt, "next", next.UTC().Format(time.RFC3339), "err", sendErr)
		}
	}
	return sent, errors.Join(errs...)
}

// Backoff is the wait after the n-th failed attempt (n >= 1): 30 s doubled
// per attempt, capped at 1 h.
func Backoff(n int) time.Duration {
	d := backoffBase
	for i := 1; i < n; i++ {
		d *= 2
		if d >= backoffMax {
			return backoffMax
		}
	}
	return d
}

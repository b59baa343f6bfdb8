package mail

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"slices"
	"strconv"
	"sync"
	"time"

	"carta/internal/jobs"
	"carta/internal/messaging"
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

// DefaultRates are the messages per second each channel's worker sends at most when
// Worker.Rates does not say: WhatsApp Cloud API's default throughput is far higher (80/s), 20/s
// leaves room for other senders on the same number; Twilio queues a long-code number's SMS at
// 1/s. A channel's bucket holds a pass's worth (rate × Interval, at least 1).
var DefaultRates = map[string]float64{messaging.ChannelWhatsApp: 20, messaging.ChannelSMS: 1}

// Worker sends the outbox. Every Interval it claims due messages and sends
// them; a failure is retried with exponential backoff (30 s, 1 min, 2 min
// ... capped at 1 h) up to MaxAttempts, then the message is marked failed.
// Claims are leases in the database, so several workers (replicas) can run
// at once without sending a message twice at the same time.
//
// With Sender == nil (demo mode, no SMTP configured) nothing is sent and the
// messages stay pending in the outbox for the super admin to read.
//
// Channels sends WhatsApp and SMS messages, one Sender per channel; a channel
// absent (or nil) is in demo mode like e-mail without SMTP. Each pass sends
// each channel's due messages under its rate limit (Rates, a token bucket on
// the store's clock); a provider's *messaging.RetryAfter postpones that
// message by its wait and pauses the channel for the rest of the pass; a
// messaging.ErrPermanent, or MaxAttempts failures, fails the message and
// queues its e-mail fallback (QueueFallback).
type Worker struct {
	DB          *store.DB
	Sender      Sender
	Channels    map[string]messaging.Sender
	Rates       map[string]float64 // messages per second per channel (DefaultRates)
	Log         *slog.Logger
	Interval    time.Duration
	MaxAttempts int
	// Metrics counts the outbox passes and the SMTP sends; nil records
	// nothing.
	Metrics *metrics.Metrics
	// Passes, when set, receives how many messages each pass of Run sent
	// (tests wait on it instead of on the clock).
	Passes chan<- int

	mu      sync.Mutex
	buckets map[string]*bucket
}

// bucket is a channel's token bucket.
type bucket struct {
	tokens float64
	at     time.Time
}

func (w *Worker) interval() time.Duration {
	if w.Interval > 0 {
		return w.Interval
	}
	return DefaultInterval
}

func (w *Worker) rate(channel string) float64 {
	if r := w.Rates[channel]; r > 0 {
		return r
	}
	if r := DefaultRates[channel]; r > 0 {
		return r
	}
	return 1
}

// take takes up to n tokens of channel's bucket at now and returns how many it got.
func (w *Worker) take(channel string, now time.Time, n int) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	rate := w.rate(channel)
	capacity := math.Max(1, rate*w.interval().Seconds())
	if w.buckets == nil {
		w.buckets = map[string]*bucket{}
	}
	b := w.buckets[channel]
	if b == nil {
		b = &bucket{tokens: capacity, at: now}
		w.buckets[channel] = b
	}
	if d := now.Sub(b.at); d > 0 {
		b.tokens = math.Min(capacity, b.tokens+d.Seconds()*rate)
		b.at = now
	}
	got := min(n, int(math.Floor(b.tokens)))
	b.tokens -= float64(got)
	return got
}

// giveBack returns n unused tokens to channel's bucket.
func (w *Worker) giveBack(channel string, n int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if b := w.buckets[channel]; b != nil && n > 0 {
		b.tokens += float64(n)
	}
}

// empty drains channel's bucket (the provider asked to wait).
func (w *Worker) empty(channel string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if b := w.buckets[channel]; b != nil {
		b.tokens = 0
	}
}

// channels lists the configured (non-demo) channels, in a fixed order.
func (w *Worker) channels() []string {
	var out []string
	for c, s := range w.Channels {
		if s != nil && c != messaging.ChannelEmail {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
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
	}
	for _, c := range []string{messaging.ChannelWhatsApp, messaging.ChannelSMS} {
		if w.Channels[c] == nil {
			w.log().Info("mail: channel not configured; its messages stay in the outbox (super admin panel)", "channel", c)
		}
	}
	if w.Sender == nil && len(w.channels()) == 0 {
		<-ctx.Done()
		return
	}
	interval := w.interval()
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

// Tick makes one pass: it claims the due messages (e-mail: batch after batch while they come
// back full, emailRounds at most; another channel: one batch, as its rate allows) and sends them. It returns how many were sent; err reports database errors
// (send failures are recorded on the messages and retried).
func (w *Worker) Tick(ctx context.Context) (sent int, err error) {
	var errs []error
	if w.Sender != nil {
		n, err := w.tickEmail(ctx)
		sent += n
		errs = append(errs, err)
	}
	for _, c := range w.channels() {
		n, err := w.tickChannel(ctx, c, w.Channels[c])
		sent += n
		errs = append(errs, err)
	}
	return sent, errors.Join(errs...)
}

// emailRounds bounds the batches of e-mail one pass sends: while batches come back full and
// every send of the last one succeeded, the pass takes another, so a burst (a busy service's
// confirmations, a campaign) leaves at up to emailRounds × batchSize per pass rather than one
// batch per interval; an SMTP server in trouble gets one batch per pass.
const emailRounds = 10

// tickEmail sends due e-mails, batch after batch (emailRounds at most).
func (w *Worker) tickEmail(ctx context.Context) (sent int, err error) {
	var errs []error
	for range emailRounds {
		n, claimed, failed, err := w.emailBatch(ctx)
		sent += n
		errs = append(errs, err)
		if err != nil || failed || claimed < batchSize || ctx.Err() != nil {
			break
		}
	}
	return sent, errors.Join(errs...)
}

// emailBatch sends one batch of due e-mails: how many were sent and claimed, and whether a send
// failed.
func (w *Worker) emailBatch(ctx context.Context) (sent, claimed int, failed bool, err error) {
	msgs, err := ClaimDue(ctx, w.DB, batchSize, claimLease)
	claimed = len(msgs)
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
		failed = true
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
	return sent, claimed, failed, errors.Join(errs...)
}

// tickChannel sends a batch of channel's due messages through s, as many as its rate allows.
func (w *Worker) tickChannel(ctx context.Context, channel string, s messaging.Sender) (sent int, err error) {
	allowed := w.take(channel, w.DB.Now(), batchSize)
	if allowed == 0 {
		return 0, nil
	}
	msgs, err := ClaimDueOn(ctx, w.DB, channel, allowed, claimLease)
	w.giveBack(channel, allowed-len(msgs))
	var errs []error
	if err != nil {
		errs = append(errs, err)
	}
	for i, m := range msgs {
		if ctx.Err() != nil {
			break // the claims lapse with their lease
		}
		call := w.Metrics.Call("outbox_" + channel) // the send as the outbox sees it (the HTTP client counts its own calls)
		providerID, sendErr := s.Send(ctx, messaging.Message{To: m.To, Lang: m.Lang, Template: m.Template,
			Params: m.Params, Text: m.Text, Key: "carta-outbox-" + itoa(m.ID)})
		call(sendErr)
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		var ra *messaging.RetryAfter
		switch {
		case sendErr == nil:
			if err := MarkSentAs(rctx, w.DB, m.ID, providerID); err != nil {
				errs = append(errs, err)
			} else {
				sent++
			}
		case errors.As(sendErr, &ra):
			// The provider asks to wait: this message after the wait, and the channel's other
			// claimed messages too (the channel pauses for the rest of the pass).
			after := max(ra.After, time.Second)
			next := w.DB.Now().Add(after)
			if err := Postpone(rctx, w.DB, m.ID, sendErr.Error(), next); err != nil {
				errs = append(errs, err)
			}
			for _, rest := range msgs[i+1:] {
				if err := release(rctx, w.DB, rest.ID, next); err != nil {
					errs = append(errs, err)
				}
			}
			w.empty(channel)
			w.log().WarnContext(ctx, "mail: channel asked to wait", "channel", channel, "id", m.ID, "after", after)
			cancel()
			return sent, errors.Join(errs...)
		default:
			attempt := m.Attempts + 1
			maxAttempts := w.maxAttempts()
			if errors.Is(sendErr, messaging.ErrPermanent) {
				maxAttempts = attempt
			}
			next := w.DB.Now().Add(Backoff(attempt))
			// The failure and its e-mail fallback are one transaction.
			err := w.DB.InTx(rctx, func(tctx context.Context, tx *store.Tx) error {
				if err := MarkRetry(tctx, tx, m.ID, sendErr.Error(), next, maxAttempts); err != nil || attempt < maxAttempts {
					return err
				}
				_, err := QueueFallback(tctx, tx, m)
				return err
			})
			if err != nil {
				errs = append(errs, err)
			} else if attempt >= maxAttempts {
				w.log().ErrorContext(ctx, "mail: giving up on message, falling back to e-mail", "channel", channel, "id", m.ID, "kind", m.Kind, "attempts", attempt, "err", sendErr)
			} else {
				w.log().WarnContext(ctx, "mail: send failed, will retry", "channel", channel, "id", m.ID, "kind", m.Kind, "attempts", attempt, "next", next.UTC().Format(time.RFC3339), "err", sendErr)
			}
		}
		cancel()
	}
	return sent, errors.Join(errs...)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

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

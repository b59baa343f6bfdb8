// Package jobs runs the server's background work. A job is a pass (a func
// of a context returning its error) that Every repeats on a ticker until
// the server stops; each pass is measured under the job's name (runs by
// outcome, duration, last success: metrics.Job). Every returns only once
// the pass in progress has returned, so the caller that waits for it (the
// server's shutdown) knows no pass still writes to the database.
package jobs

import (
	"context"
	"time"

	"carta/internal/metrics"
)

// Option changes how Every schedules or measures a job.
type Option func(*options)

type options struct {
	metrics *metrics.Metrics
	delayed bool
	kick    <-chan struct{}
	ticks   <-chan time.Time
}

// Measured records each pass in m (nil records nothing).
func Measured(m *metrics.Metrics) Option { return func(o *options) { o.metrics = m } }

// Delayed runs the first pass after one interval instead of at once.
func Delayed() Option { return func(o *options) { o.delayed = true } }

// Kicked also runs a pass each time kick receives (work that should not
// wait for the next tick), between ticks.
func Kicked(kick <-chan struct{}) Option { return func(o *options) { o.kick = kick } }

// Ticks runs the passes on c instead of a ticker of the interval: tests
// drive the job without waiting on the clock.
func Ticks(c <-chan time.Time) Option { return func(o *options) { o.ticks = c } }

// Every runs fn at once (Delayed: after one interval), then every interval
// (and when a Kicked channel receives), until ctx ends. Each pass gets ctx
// with a request id of its own, so its log lines can be told apart; a pass
// that sees ctx end may finish what it must (with context.WithoutCancel)
// or give up. Every returns once ctx has ended and no pass is running.
func Every(ctx context.Context, name string, interval time.Duration, fn func(context.Context) error, opts ...Option) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	ticks := o.ticks
	if ticks == nil {
		t := time.NewTicker(interval)
		defer t.Stop()
		ticks = t.C
	}
	if o.delayed && !wait(ctx, ticks, o.kick) {
		return
	}
	for {
		pctx, done := o.metrics.Job(ctx, name)
		done(fn(pctx))
		if !wait(ctx, ticks, o.kick) {
			return
		}
	}
}

// wait blocks until the next tick or kick (true) or the end of ctx
// (false).
func wait(ctx context.Context, ticks <-chan time.Time, kick <-chan struct{}) bool {
	select {
	case <-ctx.Done():
		return false
	case <-ticks:
	case <-kick:
	}
	return true
}

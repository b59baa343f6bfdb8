package jobs_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"carta/internal/jobs"
	"carta/internal/metrics"
	"carta/internal/requestid"
)

// The ticker is a channel the test feeds: no pass waits on the clock.

func TestEveryRunsAtOnceThenOnTicksAndKicks(t *testing.T) {
	ticks := make(chan time.Time)
	kick := make(chan struct{})
	passes := make(chan string)
	m := metrics.New()
	ctx, cancel := context.WithCancel(context.Background())
	ended := make(chan struct{})
	n := 0
	go func() {
		defer close(ended)
		jobs.Every(ctx, "sweep", time.Hour, func(ctx context.Context) error {
			n++
			passes <- requestid.From(ctx)
			if n == 2 {
				return errors.New("database down")
			}
			return nil
		}, jobs.Measured(m), jobs.Ticks(ticks), jobs.Kicked(kick))
	}()
	first := <-passes // at once, before any tick
	ticks <- time.Time{}
	second := <-passes
	kick <- struct{}{}
	<-passes
	if first == "" || second == "" || first == second {
		t.Fatalf("passes' request ids %q and %q: want one of its own each", first, second)
	}
	cancel()
	<-ended
	if n != 3 {
		t.Fatalf("%d passes, want 3", n)
	}
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	for _, want := range []string{
		`carta_job_runs_total{job="sweep",outcome="ok"} 2`,
		`carta_job_runs_total{job="sweep",outcome="error"} 1`,
		`carta_job_duration_seconds_count{job="sweep"} 3`,
	} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

func TestEveryDelayedWaitsForTheFirstTick(t *testing.T) {
	ticks := make(chan time.Time, 1)
	ctx, cancel := context.WithCancel(context.Background())
	passes := 0
	ticks <- time.Time{}
	// One buffered tick: one pass, then the job waits for the next tick
	// until the cancel below.
	done := make(chan struct{})
	go func() {
		defer close(done)
		jobs.Every(ctx, "feed", time.Hour, func(context.Context) error {
			passes++
			cancel()
			return nil
		}, jobs.Delayed(), jobs.Ticks(ticks))
	}()
	<-done
	if passes != 1 {
		t.Fatalf("%d passes, want 1", passes)
	}
	// Cancelled before its first tick: no pass at all.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	jobs.Every(ctx, "feed", time.Hour, func(context.Context) error {
		t.Error("a delayed job ran a pass after its context ended")
		return nil
	}, jobs.Delayed(), jobs.Ticks(make(chan time.Time)))
}

// Cancelling (as SIGTERM does) during a pass lets the pass finish: Every
// returns only after it, and runs no further pass.
func TestEveryReturnsAfterThePassInProgress(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	inPass := make(chan struct{})
	release := make(chan struct{})
	finished := false
	returned := make(chan struct{})
	go func() {
		defer close(returned)
		jobs.Every(ctx, "fees", time.Hour, func(ctx context.Context) error {
			if finished {
				t.Error("a pass ran after the context ended")
			}
			close(inPass)
			<-release
			finished = true // written before Every returns: read below without a race
			return ctx.Err()
		}, jobs.Ticks(make(chan time.Time)))
	}()
	<-inPass
	cancel()
	select {
	case <-returned:
		t.Fatal("Every returned while its pass was running")
	default:
	}
	close(release)
	<-returned
	if !finished {
		t.Fatal("Every returned before its pass finished")
	}
}

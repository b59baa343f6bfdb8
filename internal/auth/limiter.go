package auth

import (
	"context"
	"sync"
	"time"

	"carta/internal/apperr"
)

// Limiter bounds how many password hashes run at once. Each argon2id hash
// takes its full memory cost (19 MiB) for its whole run, so without a bound
// anonymous sign-ins could exhaust the server's memory; with one slot per
// CPU, hashing uses all the CPU there is and a bounded amount of memory.
// A caller waits for a slot at most Wait, then gets a 503 with Retry-After.
type Limiter struct {
	slots chan struct{}
	wait  time.Duration

	mu         sync.Mutex
	busy, peak int
}

// NewLimiter allows n hashes at once and waits at most wait for a slot.
func NewLimiter(n int, wait time.Duration) *Limiter {
	return &Limiter{slots: make(chan struct{}, max(n, 1)), wait: wait}
}

var errBusy = apperr.E(apperr.Unavailable,
	"El servidor está ocupado. Inténtalo de nuevo en unos segundos.",
	"The server is busy. Try again in a few seconds.")

// Acquire takes a slot, waiting at most the limiter's wait (and never past
// ctx); the returned release gives it back.
func (l *Limiter) Acquire(ctx context.Context) (release func(), err error) {
	select {
	case l.slots <- struct{}{}:
	default:
		t := time.NewTimer(l.wait)
		defer t.Stop()
		select {
		case l.slots <- struct{}{}:
		case <-t.C:
			e := *errBusy
			e.RetryAfter = 1
			return nil, &e
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	l.mu.Lock()
	l.busy++
	l.peak = max(l.peak, l.busy)
	l.mu.Unlock()
	return func() {
		l.mu.Lock()
		l.busy--
		l.mu.Unlock()
		<-l.slots
	}, nil
}

// Peak is the most slots ever held at once (for tests and metrics).
func (l *Limiter) Peak() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.peak
}

package store

import (
	"context"
	"errors"
	"log/slog"
	"runtime/debug"
	"sync/atomic"
	"testing"
)

// ErrInTx is the DB used, instead of the Tx, from inside InTx's function:
// on SQLite a write would wait forever for the write turn its own
// transaction holds, and on either engine the statement would not be part
// of the transaction.
var ErrInTx = errors.New("store: the DB was used inside a transaction's function; use its Tx")

// txKey marks a context InTx gave its function; the mark says whether
// that transaction is still open (a goroutine it started may outlive it).
type txKey struct{}

type txMark struct{ open atomic.Bool }

// panicOnMisuse is true in test binaries (a test may turn it off to see
// the server's answer).
var panicOnMisuse = testing.Testing()

// outside refuses a context marked by an open transaction: a test binary
// panics at the mistake, so the test that made it names the line; the
// server logs it with its stack and answers the request with an error.
func outside(ctx context.Context) error {
	m, _ := ctx.Value(txKey{}).(*txMark)
	if m == nil || !m.open.Load() {
		return nil
	}
	if panicOnMisuse {
		panic(ErrInTx)
	}
	slog.ErrorContext(ctx, "database misuse", "err", ErrInTx, "stack", string(debug.Stack()))
	return ErrInTx
}

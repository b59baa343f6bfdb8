package storetest

import (
	"context"
	"runtime"
	"testing"
	"time"

	"carta/internal/store"
)

// WaitBlocked returns once at least n statements wait for a lock held by
// the PostgreSQL backend holder (pg_backend_pid() in the holding
// transaction), failing the test after 10 s: how a test sees a write stop
// at a lock it holds, without sleeping.
func WaitBlocked(t testing.TB, db *store.DB, holder, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; runtime.Gosched() {
		var got int
		if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))`, holder).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d statement(s) wait for the lock, want %d", got, n)
		}
	}
}

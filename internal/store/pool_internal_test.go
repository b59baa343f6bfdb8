package store

import (
	"context"
	"path/filepath"
	"testing"
)

// TestSQLiteKeepsItsConnections: connections released after a burst stay
// open for the next one. database/sql keeps 2 idle by default, and a new
// SQLite connection parses the whole schema and re-prepares its statements:
// under the ordering load that churn was a third of the server's CPU
// (docs/benchmarks.md).
func TestSQLiteKeepsItsConnections(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "pool.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var held []func() error
	for range 8 {
		c, err := db.sql.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c.Close)
	}
	for _, release := range held {
		if err := release(); err != nil {
			t.Fatal(err)
		}
	}
	st := db.sql.Stats()
	if st.Idle != 8 || st.MaxIdleClosed != 0 {
		t.Fatalf("after a burst of 8: %d idle, %d closed for exceeding the idle limit; want 8 and 0", st.Idle, st.MaxIdleClosed)
	}
}

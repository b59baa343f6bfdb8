package storetest

import (
	"context"
	"strings"
	"testing"

	"carta/internal/store"
)

// Plan returns the engine's plan of query with args, one line per step
// (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN). On PostgreSQL
// sequential scans are switched off for the question: on a test-sized
// table its planner prefers one whether an index could serve or not.
func Plan(t testing.TB, db *store.DB, query string, args ...any) string {
	t.Helper()
	var plan []string
	err := db.InTx(context.Background(), func(ctx context.Context, tx *store.Tx) error {
		explain := "EXPLAIN QUERY PLAN "
		if db.Dialect() == store.SQLite {
			// EXPLAIN QUERY PLAN plans with the schema its connection last
			// read, and runs nothing that would notice a newer one: on a
			// connection opened while the migrations ran, an index they
			// created later was missing from the plan (a test failed so
			// under load). A read of the schema table brings it up to date.
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sqlite_master`).Scan(&n); err != nil {
				return err
			}
		}
		if db.Dialect() == store.Postgres {
			if _, err := tx.Exec(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
				return err
			}
			explain = "EXPLAIN "
		}
		rows, err := tx.Query(ctx, explain+query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		cols, err := rows.Columns()
		if err != nil {
			return err
		}
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				return err
			}
			switch v := vals[len(vals)-1].(type) { // the step's text is the last column
			case string:
				plan = append(plan, v)
			case []byte:
				plan = append(plan, string(v))
			}
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatalf("plan of %s: %v", query, err)
	}
	return strings.Join(plan, "\n")
}

// UsesIndex fails t unless the plan of query names index.
func UsesIndex(t testing.TB, db *store.DB, index, query string, args ...any) {
	t.Helper()
	if plan := Plan(t, db, query, args...); !strings.Contains(plan, index) {
		t.Fatalf("%s is not read through %s:\n%s", query, index, plan)
	}
}

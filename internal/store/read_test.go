package store_test

import (
	"context"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// TestReadReplicaRouting: with a reader set (here a second database that
// lags: it holds an older value), only the plain reads of a context marked
// with store.ReadReplica go to it; writes, transactions and unmarked reads
// stay on the primary, and a reader whose health check fails is left
// until it answers again. Without a reader every read is the primary's.
func TestReadReplicaRouting(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		reader := storetest.Open(t, db.Dialect())
		for v, d := range map[int]*store.DB{2: db, 1: reader} {
			if _, err := d.Exec(ctx, `CREATE TABLE lag_probe (v INTEGER NOT NULL)`); err != nil {
				t.Fatal(err)
			}
			if _, err := d.Exec(ctx, `INSERT INTO lag_probe (v) VALUES (?)`, v); err != nil {
				t.Fatal(err)
			}
		}
		marked := store.ReadReplica(ctx)
		read := func(ctx context.Context) int {
			t.Helper()
			var v int
			if err := db.QueryRow(ctx, `SELECT v FROM lag_probe`).Scan(&v); err != nil {
				t.Fatal(err)
			}
			rows, err := db.Query(ctx, `SELECT v FROM lag_probe`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var w int
				if err := rows.Scan(&w); err != nil {
					t.Fatal(err)
				}
				if w != v {
					t.Fatalf("QueryRow read %d, Query %d: not the same handle", v, w)
				}
			}
			return v
		}
		if db.HasReader() || read(marked) != 2 {
			t.Fatal("without a reader a marked read must be the primary's")
		}
		db.SetReader(reader)
		if !db.HasReader() || db.Reader() != reader {
			t.Fatal("the reader is not used")
		}
		if read(ctx) != 2 {
			t.Fatal("an unmarked read went to the reader")
		}
		if read(marked) != 1 {
			t.Fatal("a marked read did not go to the reader")
		}
		// Writes stay on the primary, marked or not.
		if _, err := db.Exec(marked, `UPDATE lag_probe SET v = 3`); err != nil {
			t.Fatal(err)
		}
		if read(ctx) != 3 || read(marked) != 1 {
			t.Fatal("a marked write went to the reader")
		}
		// A transaction is the primary's, marked or not.
		if err := db.InTx(marked, func(ctx context.Context, tx *store.Tx) error {
			var v int
			if err := tx.QueryRow(ctx, `SELECT v FROM lag_probe`).Scan(&v); err != nil {
				return err
			}
			if v != 3 {
				t.Errorf("a transaction read %d, want the primary's 3", v)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		// The reader stops answering: after the health check the marked
		// reads go to the primary; /readyz (Check's error) stays the
		// primary's.
		reader.Close()
		if err := db.Check(ctx); err != nil {
			t.Fatalf("the primary's check failed with the reader down: %v", err)
		}
		if db.Reader() != db || read(marked) != 3 {
			t.Fatal("a reader that is down still gets the reads")
		}
	})
}

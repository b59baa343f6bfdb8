package store_test

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

func TestMigrateIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		n, err := db.Migrate(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("second migrate applied %d migrations, want 0", n)
		}
	})
}

func TestMigrationsMatchAcrossEngines(t *testing.T) {
	a, err := store.Migrations(store.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	b, err := store.Migrations(store.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) {
		t.Fatalf("sqlite has %d migrations, postgres %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Name != b[i].Name {
			t.Errorf("migration %d: sqlite %s, postgres %s", i, a[i].Name, b[i].Name)
		}
	}
}

func TestInTxRollsBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := db.InTx(ctx, func(tx *store.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO clientes (nombre, created_at) VALUES ('half', 0)`); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("got %v", err)
		}
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM clientes`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("rolled-back insert is visible: %d %v", n, err)
		}
	})
}

// A transaction never waits for a second connection to prepare a
// statement for the cache: here one transaction holds SQLite's write lock
// while every other connection of the pool waits to begin its own; the
// holder's statement, never seen before, still runs at once (waiting for a
// free connection would stall everyone until the busy time-out).
func TestStatementsInTransactionsNeverWaitForAConnection(t *testing.T) {
	db := storetest.Open(t, store.SQLite)
	ctx := context.Background()
	const pool = 8 // store.Open's SQLite pool
	holding := make(chan struct{})
	release := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, pool)
	wg.Add(1)
	go func() {
		defer wg.Done()
		errs <- db.InTx(ctx, func(tx *store.Tx) error {
			close(holding)
			<-release
			var n int
			return tx.QueryRow(ctx, "SELECT 40 + ?", 2).Scan(&n)
		})
	}()
	<-holding
	for g := 1; g < pool; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- db.InTx(ctx, func(tx *store.Tx) error { return nil })
		}()
	}
	for db.InUse() < pool {
		runtime.Gosched() // the others are waiting to begin, each on a connection
	}
	start := time.Now()
	close(release)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("a transaction failed: %v", err)
		}
	}
	if waited := time.Since(start); waited > 5*time.Second {
		t.Fatalf("the transactions waited %s: the holder waited for a connection", waited)
	}
	// Prepared in the background meanwhile, the statement now comes from
	// the cache, outside transactions too.
	var n int
	if err := db.QueryRow(ctx, "SELECT 40 + ?", 2).Scan(&n); err != nil || n != 42 {
		t.Fatalf("cached statement: %d %v", n, err)
	}
}

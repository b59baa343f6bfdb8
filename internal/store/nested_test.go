package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// The mistake InTx's doc warns about — the DB instead of the Tx inside the
// transaction's function — is caught at once: a test panics at the line
// (on SQLite it used to hang for good, waiting for the write turn its own
// transaction held), the server answers ErrInTx, and nothing is written.
// It catches the guard (outside, nested.go) being lost: tried once with it
// returning nil, the SQLite run hung at its first db.Exec until the test
// timeout and the PostgreSQL run failed every case, the misused statements
// having run outside the transaction.
func TestDBRefusedInsideItsOwnTransaction(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		misuses := map[string]func(ctx context.Context) error{
			"Exec": func(ctx context.Context) error {
				_, err := db.Exec(ctx, `INSERT INTO clientes (nombre, created_at) VALUES ('nested', 0)`)
				return err
			},
			"Query": func(ctx context.Context) error {
				rows, err := db.Query(ctx, `SELECT id FROM clientes`)
				if err == nil {
					rows.Close()
				}
				return err
			},
			"QueryRow": func(ctx context.Context) error {
				var n int
				return db.QueryRow(ctx, `SELECT COUNT(*) FROM clientes`).Scan(&n)
			},
			"InTx": func(ctx context.Context) error {
				return db.InTx(ctx, func(context.Context, *store.Tx) error { return nil })
			},
		}
		for name, misuse := range misuses {
			t.Run(name+" panics in a test", func(t *testing.T) {
				var got any
				_ = db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
					defer func() { got = recover() }()
					return misuse(ctx)
				})
				if err, _ := got.(error); !errors.Is(err, store.ErrInTx) {
					t.Fatalf("recovered %v, want a panic with ErrInTx", got)
				}
			})
			t.Run(name+" is an error in the server", func(t *testing.T) {
				defer store.ServerBehaviour()()
				err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
					if _, err := tx.Exec(ctx, `INSERT INTO clientes (nombre, created_at) VALUES ('outer', 0)`); err != nil {
						return err
					}
					return misuse(ctx)
				})
				if !errors.Is(err, store.ErrInTx) {
					t.Fatalf("InTx = %v, want ErrInTx", err)
				}
			})
		}
		// A panic that leaves InTx (an HTTP handler's recovery catches it)
		// rolls the transaction back: the write lock is free, nothing kept.
		func() {
			defer func() { _ = recover() }()
			_ = db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
				if _, err := tx.Exec(ctx, `INSERT INTO clientes (nombre, created_at) VALUES ('panicked', 0)`); err != nil {
					return err
				}
				panic("a bug")
			})
		}()
		bounded, cancel := context.WithTimeout(ctx, 30*time.Second) // a guard, not a wait: the write is immediate
		defer cancel()
		err := db.InTx(bounded, func(ctx context.Context, tx *store.Tx) error {
			_, err := tx.Exec(ctx, `DELETE FROM clientes WHERE nombre = 'none'`)
			return err
		})
		if err != nil {
			t.Fatalf("after a panic: %v", err)
		}
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM clientes`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d rows written by refused transactions (%v), want 0", n, err)
		}
		// A context the transaction gave out is free again once it ended
		// (work it started may finish after the commit).
		var kept context.Context
		if err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error { kept = ctx; return nil }); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(kept, `INSERT INTO clientes (nombre, created_at) VALUES ('after', 0)`); err != nil {
			t.Fatalf("after the commit: %v", err)
		}
	})
}

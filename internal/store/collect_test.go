package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

func TestCollect(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for _, n := range []string{"b", "a", "c"} {
			if _, err := db.Exec(ctx, `INSERT INTO clientes (nombre, created_at) VALUES (?, 0)`, n); err != nil {
				t.Fatal(err)
			}
		}
		names := store.Collect(func(row store.Scanner) (s string, err error) { return s, row.Scan(&s) })
		got, err := names(db.Query(ctx, `SELECT nombre FROM clientes ORDER BY nombre`))
		if err != nil || !slices.Equal(got, []string{"a", "b", "c"}) {
			t.Fatalf("Collect = %q, %v", got, err)
		}
		// No row: an empty list (JSON []), not nil.
		if got, err := names(db.Query(ctx, `SELECT nombre FROM clientes WHERE id < 0`)); err != nil || got == nil || len(got) != 0 {
			t.Fatalf("no row: %#v, %v", got, err)
		}
		ids, err := store.Int64s(db.Query(ctx, `SELECT id FROM clientes ORDER BY id`))
		if err != nil || len(ids) != 3 || ids[0] >= ids[2] {
			t.Fatalf("Int64s = %v, %v", ids, err)
		}
		// The query's error and a row's scan error come back as they are.
		if _, err := names(db.Query(ctx, `SELECT nombre FROM no_such_table`)); err == nil {
			t.Fatal("a broken query collected rows")
		}
		boom := errors.New("boom")
		failing := store.Collect(func(store.Scanner) (int, error) { return 0, boom })
		if _, err := failing(db.Query(ctx, `SELECT id FROM clientes`)); !errors.Is(err, boom) {
			t.Fatalf("scan error: %v", err)
		}
	})
}

// Package storetest opens fresh, migrated databases for tests: SQLite
// always, PostgreSQL too when CARTA_TEST_POSTGRES_URL is set. Each
// PostgreSQL database is a new schema, dropped at the end, so concurrent
// runs never see each other's data.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"carta/internal/secrets"
	"carta/internal/store"
)

// Engines lists the engines the tests run on.
func Engines() []store.Dialect {
	e := []store.Dialect{store.SQLite}
	if os.Getenv("CARTA_TEST_POSTGRES_URL") != "" {
		e = append(e, store.Postgres)
	}
	return e
}

// Each runs fn once per engine as a subtest named after it, each with a
// fresh migrated database.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	engines := Engines()
	if len(engines) == 1 {
		// Said, not silent: `go test -v` lists it as skipped, with why.
		t.Run(string(store.Postgres), func(t *testing.T) {
			t.Skip("PostgreSQL not tried: CARTA_TEST_POSTGRES_URL is not set")
		})
	}
	for _, d := range engines {
		t.Run(string(d), func(t *testing.T) {
			fn(t, Open(t, d))
		})
	}
}

// Open returns a fresh migrated database of dialect d, closed and removed
// when the test ends.
func Open(t testing.TB, d store.Dialect) *store.DB {
	t.Helper()
	ctx := context.Background()
	var dsn string
	switch d {
	case store.SQLite:
		dsn = filepath.Join(t.TempDir(), "carta.db")
	case store.Postgres:
		dsn = PostgresURL(t)
	}
	db, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("open %s: %v", d, err)
	}
	t.Cleanup(func() { db.Close() })
	db.Box = TestBox(t)
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate %s: %v", d, err)
	}
	return db
}

// PostgresURL creates an empty schema in the test PostgreSQL (skipping the
// test when CARTA_TEST_POSTGRES_URL is not set), drops it when the test
// ends, and returns a URL whose connections use it: several servers of one
// test can share a database through it.
func PostgresURL(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	base := os.Getenv("CARTA_TEST_POSTGRES_URL")
	if base == "" {
		t.Skip("CARTA_TEST_POSTGRES_URL not set")
	}
	schema := "carta_test_" + randHex()
	admin, err := store.Open(ctx, base)
	if err != nil {
		t.Fatalf("connect to test postgres: %v", err)
	}
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("CARTA_TEST_POSTGRES_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// TestBox is a secrets box with a fixed test key.
func TestBox(t testing.TB) *secrets.Box {
	key := make([]byte, secrets.KeySize)
	for i := range key {
		key[i] = byte(i * 7)
	}
	b, err := secrets.New(key)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func randHex() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

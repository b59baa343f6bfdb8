package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// TestThrottleIsUnlogged: on PostgreSQL the throttle's counters cost no
// WAL (migration 0044): every anonymous order and sign-in writes one.
func TestThrottleIsUnlogged(t *testing.T) {
	db := storetest.Open(t, store.Postgres)
	var p string
	if err := db.QueryRow(context.Background(), `SELECT relpersistence FROM pg_class WHERE oid = 'throttle'::regclass`).Scan(&p); err != nil {
		t.Fatal(err)
	}
	if p != "u" {
		t.Fatalf("throttle's persistence %q, want u (unlogged)", p)
	}
}

func TestInTxRollsBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
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
// while every other connection of the pool is busy reading; the holder's
// statement, never seen before, still runs at once (waiting for a free
// connection would stall it until the readers finish). Writers waiting for
// their turn hold no connection at all (see DB.writer).
func TestStatementsInTransactionsNeverWaitForAConnection(t *testing.T) {
	db := storetest.Open(t, store.SQLite)
	ctx := context.Background()
	const pool = 8 // store.Open's SQLite pool
	holding := make(chan struct{})
	release := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
			close(holding)
			<-release
			var n int
			return tx.QueryRow(ctx, "SELECT 40 + ?", 2).Scan(&n)
		})
	}()
	<-holding
	// Writers queued behind the holder take no connection.
	var wg sync.WaitGroup
	errs := make(chan error, pool)
	for range pool {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error { return nil })
		}()
	}
	// Readers take every other connection and keep it.
	var open []*store.Rows
	for g := 1; g < pool; g++ {
		rows, err := db.Query(ctx, "SELECT 1")
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, rows)
	}
	if n := db.InUse(); n != pool {
		t.Fatalf("%d connections in use, want %d (the holder's and the readers')", n, pool)
	}
	close(release)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the holder failed: %v", err)
		}
	case <-time.After(10 * time.Second): // a failure's bound, not a wait: success returns at once
		t.Fatal("the holder waited for a connection")
	}
	for _, rows := range open {
		rows.Close()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("a queued transaction failed: %v", err)
		}
	}
	// Prepared in the background meanwhile, the statement now comes from
	// the cache, outside transactions too.
	var n int
	if err := db.QueryRow(ctx, "SELECT 40 + ?", 2).Scan(&n); err != nil || n != 42 {
		t.Fatalf("cached statement: %d %v", n, err)
	}
}

// FoldSQL folds on each engine exactly as Fold folds in Go: case and
// accents, capitals with accents included (SQLite's LOWER alone leaves
// them as they are).
func TestFoldSQLMatchesFold(t *testing.T) {
	names := []string{"Ángel Núñez", "ÁLVARO", "ÓSCAR IBÁÑEZ", "Íñigo", "Úrsula", "PEÑA", "Çelik", "João Gonçalves",
		"Zoë Françoise", "ÀNGELS", "Über", "plain ascii", "MIXED Case", "  espacios  ", "ÂÊÎÔÛ ÄËÏÖ ÃÕ"}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for _, s := range names {
			var got string
			if err := db.QueryRow(context.Background(), `SELECT `+store.FoldSQL(db.Dialect(), "CAST(? AS TEXT)"), s).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if want := store.Fold(s); strings.TrimSpace(got) != want {
				t.Errorf("FoldSQL(%q) = %q, Fold = %q", s, got, want)
			}
		}
	})
}

// Migration 19 refolds the super admin's search column (folded by the
// earlier, Spanish-only Fold) to what Fold gives now.
func TestSearchFoldMigrationMatchesFold(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		refold := migrationSQL(t, db, 19)
		// As the old Fold stored it: lowercased, Spanish accents removed.
		old := "crêperie zoë gonçalves são joão ibáñez"
		if _, err := db.Exec(ctx, `INSERT INTO clientes (nombre, email, estado, busqueda, created_at) VALUES ('Crêperie', 'c@example.com', 'activo', ?, 0)`,
			strings.NewReplacer("ç", "c", "á", "a", "ñ", "n").Replace(old)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, refold); err != nil {
			t.Fatal(err)
		}
		var got string
		if err := db.QueryRow(ctx, `SELECT busqueda FROM clientes WHERE email = 'c@example.com'`).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != store.Fold(old) {
			t.Fatalf("refolded %q, Fold gives %q", got, store.Fold(old))
		}
	})
}

// migrationSQL is the SQL of migration version on db's engine.
func migrationSQL(t *testing.T, db *store.DB, version int) string {
	t.Helper()
	ms, err := store.Migrations(db.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Version == version {
			return m.SQL
		}
	}
	t.Fatalf("no migration %d", version)
	return ""
}

// Migration 23 drops the wine labels stored before labels followed the
// image rule (an upload or an https link) and keeps the others.
func TestWineLabelMigrationDropsUnsafeLinks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.Exec(ctx, `INSERT INTO clientes (nombre, email, estado, busqueda, created_at) VALUES ('Bodega', 'b@example.com', 'activo', 'bodega', 0)`); err != nil {
			t.Fatal(err)
		}
		var cid int64
		if err := db.QueryRow(ctx, `SELECT id FROM clientes WHERE email = 'b@example.com'`).Scan(&cid); err != nil {
			t.Fatal(err)
		}
		keep := []string{"", "https://bodega.example/e.jpg", "/media/abc.jpg"}
		drop := []string{"javascript:alert(1)", "data:image/png;base64,AAAA", "http://bodega.example/e.jpg", "//evil.example/e.jpg", "ftp://x/e.jpg"}
		for i, u := range append(append([]string{}, keep...), drop...) {
			if _, err := db.Exec(ctx, `INSERT INTO vinos (cliente_id, nombre, etiqueta_url, precio, created_at, updated_at) VALUES (?, ?, ?, 100, 0, 0)`,
				cid, fmt.Sprintf("v%d", i), u); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.Exec(ctx, migrationSQL(t, db, 23)); err != nil {
			t.Fatal(err)
		}
		rows, err := db.Query(ctx, `SELECT etiqueta_url FROM vinos ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var got []string
		for rows.Next() {
			var u string
			if err := rows.Scan(&u); err != nil {
				t.Fatal(err)
			}
			got = append(got, u)
		}
		want := append(append([]string{}, keep...), make([]string, len(drop))...)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("labels after migration 23: %q, want %q", got, want)
		}
	})
}

// Migration 34 makes every existing restaurant account ('cliente', bound
// to its restaurant) the propietario of that restaurant, since it joined;
// a super admin belongs to none. Its backfill runs here on accounts made
// as before it (no membership).
func TestMembershipMigrationMakesOwnersPropietario(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var restaurants [2]int64
		for i, name := range []string{"Uno", "Dos"} {
			id, err := store.InsertID(ctx, db, `INSERT INTO clientes (nombre, email, estado, busqueda, created_at) VALUES (?, ?, 'activo', ?, 0)`,
				name, strings.ToLower(name)+"@example.com", strings.ToLower(name))
			if err != nil {
				t.Fatal(err)
			}
			restaurants[i] = id
		}
		staff := func(email, role string, cliente any, created int64) int64 {
			t.Helper()
			id, err := store.InsertID(ctx, db, `INSERT INTO staff_users (email, password_hash, role, cliente_id, created_at) VALUES (?, 'h', ?, ?, ?)`,
				email, role, cliente, created)
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		uno := staff("uno@example.com", "cliente", restaurants[0], 1_700_000_000)
		dos := staff("dos@example.com", "cliente", restaurants[1], 1_700_000_100)
		admin := staff("admin@example.com", "superadmin", nil, 1_700_000_200)
		// As before the migration: no memberships.
		if _, err := db.Exec(ctx, `DELETE FROM membresias`); err != nil {
			t.Fatal(err)
		}
		ran := 0
		for _, stmt := range strings.Split(migrationSQL(t, db, 34), ";") {
			var kept []string
			for _, line := range strings.Split(stmt, "\n") {
				if !strings.HasPrefix(strings.TrimSpace(line), "--") {
					kept = append(kept, line)
				}
			}
			if stmt = strings.TrimSpace(strings.Join(kept, "\n")); strings.HasPrefix(stmt, "INSERT INTO membresias") {
				if _, err := db.Exec(ctx, stmt); err != nil {
					t.Fatalf("%s: %v", stmt, err)
				}
				ran++
			}
		}
		if ran != 1 {
			t.Fatalf("migration 34 has %d backfills, want 1", ran)
		}
		rows, err := db.Query(ctx, `SELECT staff_user_id, cliente_id, rol, created_at FROM membresias ORDER BY staff_user_id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var got []string
		for rows.Next() {
			var u, c, at int64
			var rol string
			if err := rows.Scan(&u, &c, &rol, &at); err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprint(u, c, rol, at))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		want := []string{fmt.Sprint(uno, restaurants[0], "propietario", 1_700_000_000), fmt.Sprint(dos, restaurants[1], "propietario", 1_700_000_100)}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("memberships after migration 34: %v, want %v (the super admin %d: none)", got, want, admin)
		}
	})
}

// Closing a SQLite database waits for the statements still being prepared
// in the background (prepareLater): once Close returns, no connection is
// left open, so SQLite has removed its log files and nothing writes in the
// database's directory any more (a test's temporary directory is removed
// right after; it failed with "directory not empty").
func TestCloseWaitsForBackgroundPreparations(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(dir, "carta.db"))
	if err != nil {
		t.Fatal(err)
	}
	// Statements first run in a transaction are prepared for the cache in
	// the background, each on a connection of its own: with every other
	// connection held by a reader, they queue for one, and are still at it
	// when the readers let go just before Close.
	var readers []*store.Rows
	for range 7 { // store.Open's SQLite pool is 8: the transaction takes the last
		rows, err := db.Query(ctx, "SELECT 1")
		if err != nil {
			t.Fatal(err)
		}
		readers = append(readers, rows)
	}
	err = db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		for k := range 200 {
			var n int
			if err := tx.QueryRow(ctx, fmt.Sprintf("SELECT ? + %d", k), 1).Scan(&n); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, rows := range readers {
		rows.Close()
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 1 || names[0] != "carta.db" {
		t.Fatalf("after Close the directory holds %v: a connection is still open", names)
	}
}

// TestSQLiteConnectionSettings: every SQLite connection enforces foreign
// keys, writes a WAL synced at checkpoints, and keeps its temporary files
// (the savepoints' journal of a group commit) in memory.
func TestSQLiteConnectionSettings(t *testing.T) {
	db := storetest.Open(t, store.SQLite)
	ctx := context.Background()
	for pragma, want := range map[string]string{"foreign_keys": "1", "journal_mode": "wal", "synchronous": "1", "temp_store": "2"} {
		var got string
		if err := db.QueryRow(ctx, "PRAGMA "+pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("PRAGMA %s = %s, want %s", pragma, got, want)
		}
	}
}

package store

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// burst takes n connections of db's pool at once, then releases them.
func burst(t *testing.T, db *DB, n int) {
	t.Helper()
	ctx := context.Background()
	var held []func() error
	for range n {
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
}

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
	burst(t, db, 8)
	st := db.sql.Stats()
	if st.Idle != 8 || st.MaxIdleClosed != 0 {
		t.Fatalf("after a burst of 8: %d idle, %d closed for exceeding the idle limit; want 8 and 0", st.Idle, st.MaxIdleClosed)
	}
}

// TestPostgresPoolBound: a PostgreSQL handle keeps at most
// DefaultPostgresConns connections open, all of them idle between bursts
// (none closed and reopened for exceeding an idle limit), and SetMaxConns
// changes the bound; SQLite's pool is left alone.
func TestPostgresPoolBound(t *testing.T) {
	dsn := os.Getenv("CARTA_TEST_POSTGRES_URL")
	if dsn == "" {
		t.Skip("CARTA_TEST_POSTGRES_URL not set")
	}
	ctx := context.Background()
	db, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got := db.sql.Stats().MaxOpenConnections; got != DefaultPostgresConns {
		t.Fatalf("default bound %d, want %d", got, DefaultPostgresConns)
	}
	burst(t, db, DefaultPostgresConns)
	if st := db.sql.Stats(); st.Idle != DefaultPostgresConns || st.MaxIdleClosed != 0 {
		t.Fatalf("after a burst: %d idle, %d closed for the idle limit", st.Idle, st.MaxIdleClosed)
	}
	db.SetMaxConns(4)
	if got := db.sql.Stats().MaxOpenConnections; got != 4 {
		t.Fatalf("after SetMaxConns(4): %d", got)
	}
	lite, err := Open(ctx, filepath.Join(t.TempDir(), "pool.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	lite.SetMaxConns(2)
	if got := lite.sql.Stats().MaxOpenConnections; got != 8 {
		t.Fatalf("SQLite's pool changed to %d", got)
	}
}

// TestPostgresEndsIdleTransactions: Carta's PostgreSQL connections have
// the server end a transaction left idle for a minute (the order feed
// looks for a late event for two), unless the URL sets its own.
func TestPostgresEndsIdleTransactions(t *testing.T) {
	dsn := os.Getenv("CARTA_TEST_POSTGRES_URL")
	if dsn == "" {
		t.Skip("CARTA_TEST_POSTGRES_URL not set")
	}
	ctx := context.Background()
	for _, c := range []struct{ extra, want string }{{"", "1min"}, {"&idle_in_transaction_session_timeout=5000", "5s"}} {
		db, err := Open(ctx, dsn+c.extra)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		err = db.QueryRow(ctx, `SHOW idle_in_transaction_session_timeout`).Scan(&got)
		db.Close()
		if err != nil || got != c.want {
			t.Fatalf("URL %q: idle_in_transaction_session_timeout %q (%v), want %q", c.extra, got, err, c.want)
		}
	}
	// A URL that keeps idle transactions open forever or longer than the feed allows is refused.
	for _, extra := range []string{"&idle_in_transaction_session_timeout=0", "&idle_in_transaction_session_timeout=300000"} {
		db, err := Open(ctx, dsn+extra)
		if err == nil {
			db.Close()
			t.Fatalf("URL %q opened", extra)
		}
		if !strings.Contains(err.Error(), "idle_in_transaction_session_timeout") {
			t.Fatalf("URL %q: %v", extra, err)
		}
	}
}

// TestPostgresDefaultsReachEveryURLForm: Carta's connection defaults are
// added to any URL pgx takes, a Unix socket's escaped directory included
// (Go's net/url refuses that form, and the URL then went to PostgreSQL
// without them: Open refused it for keeping idle transactions for ever),
// and a URL's own values are kept.
func TestPostgresDefaultsReachEveryURLForm(t *testing.T) {
	for _, c := range []struct{ dsn, want string }{
		{"postgres://carta@db.internal/carta", "postgres://carta@db.internal/carta?connect_timeout=5&idle_in_transaction_session_timeout=60000"},
		{"postgres://carta@%2Fvar%2Frun%2Fpostgresql/carta", "postgres://carta@%2Fvar%2Frun%2Fpostgresql/carta?connect_timeout=5&idle_in_transaction_session_timeout=60000"},
		{"postgres://carta@/carta?host=/var/run/postgresql", "postgres://carta@/carta?connect_timeout=5&idle_in_transaction_session_timeout=60000&host=/var/run/postgresql"},
		{"postgres://a:5432,b:5432/carta?target_session_attrs=read-write&connect_timeout=2",
			"postgres://a:5432,b:5432/carta?idle_in_transaction_session_timeout=60000&target_session_attrs=read-write&connect_timeout=2"},
		{"postgres://carta@db/carta?", "postgres://carta@db/carta?connect_timeout=5&idle_in_transaction_session_timeout=60000"},
		{"postgresql://carta@db/carta?idle_in_transaction_session_timeout=5000&connect_timeout=3", "postgresql://carta@db/carta?idle_in_transaction_session_timeout=5000&connect_timeout=3"},
		{"postgres://carta@db:notaport/carta", "postgres://carta@db:notaport/carta"}, // sql.Open's to report
	} {
		if got := postgresDefaults(c.dsn); got != c.want {
			t.Errorf("postgresDefaults(%q) = %q, want %q", c.dsn, got, c.want)
		}
	}
	// A URL's own value wins, even one that reads as unset (no connection time-out).
	cfg, err := pgconn.ParseConfig(postgresDefaults("postgres://carta@db/carta?connect_timeout=0"))
	if err != nil || cfg.ConnectTimeout != 0 || cfg.RuntimeParams["idle_in_transaction_session_timeout"] != "60000" {
		t.Fatalf("connect_timeout=0 in the URL: %v, %v, %v", cfg.ConnectTimeout, cfg.RuntimeParams, err)
	}
	// Over the machine's own socket, when there is one (a PostgreSQL on this host).
	dsn := os.Getenv("CARTA_TEST_POSTGRES_URL")
	if dsn == "" {
		t.Skip("CARTA_TEST_POSTGRES_URL not set")
	}
	if _, err := os.Stat("/var/run/postgresql/.s.PGSQL.5432"); err != nil {
		t.Skip("no PostgreSQL socket in /var/run/postgresql")
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	db, err := Open(ctx, "postgres://"+u.User.String()+"@%2Fvar%2Frun%2Fpostgresql"+u.Path)
	if err != nil {
		t.Fatalf("over the Unix socket: %v", err)
	}
	defer db.Close()
	var got string
	if err := db.QueryRow(ctx, `SHOW idle_in_transaction_session_timeout`).Scan(&got); err != nil || got != "1min" {
		t.Fatalf("over the Unix socket: idle_in_transaction_session_timeout %q (%v), want 1min", got, err)
	}
}

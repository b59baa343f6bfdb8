// Package store is Carta's persistence: one set of SQL queries for SQLite
// (embedded default) and PostgreSQL, versioned migrations per engine, and
// small helpers for transactions. Queries are written with ? placeholders
// and rebound to $n for PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// Dialect names the SQL engine behind a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is a database handle that knows its dialect.
type DB struct {
	sql     *sql.DB
	dialect Dialect
	// Now is the clock used for timestamps; tests may replace it.
	Now func() time.Time
}

// Open connects to the database named by dsn: a postgres:// URL selects
// PostgreSQL, anything else is a SQLite file path (its directory is created).
func Open(ctx context.Context, dsn string) (*DB, error) {
	var (
		db      *sql.DB
		dialect Dialect
		err     error
	)
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		dialect = Postgres
		db, err = sql.Open("pgx", dsn)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		db.SetMaxOpenConns(20)
		db.SetMaxIdleConns(10)
		db.SetConnMaxIdleTime(5 * time.Minute)
	} else {
		dialect = SQLite
		path := strings.TrimPrefix(dsn, "sqlite://")
		path = strings.TrimPrefix(path, "file:")
		if i := strings.IndexByte(path, '?'); i >= 0 {
			path = path[:i]
		}
		if dir := filepath.Dir(path); dir != "" {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return nil, fmt.Errorf("create data dir: %w", err)
			}
		}
		q := url.Values{}
		q.Add("_pragma", "foreign_keys(1)")
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "synchronous(NORMAL)")
		q.Set("_txlock", "immediate")
		db, err = sql.Open("sqlite", "file:"+path+"?"+q.Encode())
		if err != nil {
			return nil, fmt.Errorf("open sqlite: %w", err)
		}
		db.SetMaxOpenConns(8)
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect to %s: %w", dialect, err)
	}
	return &DB{sql: db, dialect: dialect, Now: time.Now}, nil
}

// Close closes the connection pool.
func (db *DB) Close() error { return db.sql.Close() }

// Dialect returns the engine behind db.
func (db *DB) Dialect() Dialect { return db.dialect }

// Ping checks that the database answers (used by /readyz).
func (db *DB) Ping(ctx context.Context) error { return db.sql.PingContext(ctx) }

// rebind turns ? placeholders into $1, $2, ... for PostgreSQL.
func rebind(d Dialect, q string) string {
	if d != Postgres || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n := 0
	inStr := false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'':
			inStr = !inStr
			b.WriteByte(c)
		case c == '?' && !inStr:
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Querier is what both a DB and a Tx offer; store functions take it so the
// same code runs inside or outside a transaction.
type Querier interface {
	Exec(ctx context.Context, q string, args ...any) (sql.Result, error)
	Query(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, q string, args ...any) *sql.Row
	Dialect() Dialect
	now() int64
}

func (db *DB) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return db.sql.ExecContext(ctx, rebind(db.dialect, q), args...)
}
func (db *DB) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return db.sql.QueryContext(ctx, rebind(db.dialect, q), args...)
}
func (db *DB) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return db.sql.QueryRowContext(ctx, rebind(db.dialect, q), args...)
}
func (db *DB) now() int64 { return db.Now().Unix() }

// Tx is a transaction with the same helpers as DB.
type Tx struct {
	tx *sql.Tx
	db *DB
}

func (t *Tx) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, rebind(t.db.dialect, q), args...)
}
func (t *Tx) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, rebind(t.db.dialect, q), args...)
}
func (t *Tx) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, rebind(t.db.dialect, q), args...)
}
func (t *Tx) Dialect() Dialect { return t.db.dialect }
func (t *Tx) now() int64       { return t.db.now() }

// InTx runs fn in a transaction, committing when fn returns nil and rolling
// back otherwise. Writes that belong together go through it.
func (db *DB) InTx(ctx context.Context, fn func(*Tx) error) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	t := &Tx{tx: tx, db: db}
	if err := fn(t); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// insertID runs an INSERT ... RETURNING id and returns the new id.
func insertID(ctx context.Context, q Querier, query string, args ...any) (int64, error) {
	var id int64
	if err := q.QueryRow(ctx, query+" RETURNING id", args...).Scan(&id); err != nil {
		return 0, err
	}
	return id, nil
}

// ErrNotFound is returned when a row does not exist.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned when a unique constraint is violated.
var ErrConflict = errors.New("conflict")

// isUniqueViolation reports whether err is a unique-constraint failure on
// either engine.
func isUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505")
}

// notFound turns sql.ErrNoRows into ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

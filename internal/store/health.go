package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable reports whether err is the store's own failure to reach the
// database (a connection refused, reset, closed or timed out), as opposed to
// an error of the query itself or any error that did not come from the
// store: a provider's network error or a truncated upload's
// io.ErrUnexpectedEOF is never the database being down. The store marks its
// errors where they leave it (DB and Tx calls, Row, Rows, InTx's begin and
// commit, Ping); the HTTP layer answers a marked one with 503 instead of 500.
func Unavailable(err error) bool {
	var d *downError
	return errors.As(err, &d)
}

// downError marks a connection failure that came out of the store.
type downError struct{ err error }

func (e *downError) Error() string { return e.err.Error() }
func (e *downError) Unwrap() error { return e.err }

// markDown marks err as the database being unreachable when it is a
// connection failure; any other error (and nil) is returned as it is.
func markDown(err error) error {
	if err == nil || Unavailable(err) || !connFailure(err) {
		return err
	}
	return &downError{err}
}

// connFailure reports whether err, returned by the database driver, is a
// failure of the connection rather than of the statement.
func connFailure(err error) bool {
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed)
}

// Row is a single-row query's answer (database/sql's Row) whose errors
// say when the database could not be reached (Unavailable).
type Row struct {
	r   *sql.Row
	err error // refused before it ran (ErrInTx)
	// write runs a write's statement and scans its row (DB.QueryRow on
	// SQLite, where a write waits for its turn); nil otherwise.
	write func(dest []any) error
}

// Scan copies the row's columns into dest (sql.ErrNoRows when none).
func (r *Row) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	if r.write != nil {
		return r.write(dest)
	}
	return markDown(r.r.Scan(dest...))
}

// Rows is a query's answer (database/sql's Rows) whose errors say when the
// database could not be reached (Unavailable).
type Rows struct{ *sql.Rows }

// Scan copies the current row's columns into dest.
func (r *Rows) Scan(dest ...any) error { return markDown(r.Rows.Scan(dest...)) }

// Err is the error that ended the iteration, if any.
func (r *Rows) Err() error { return markDown(r.Rows.Err()) }

// Close closes the rows.
func (r *Rows) Close() error { return markDown(r.Rows.Close()) }

func rows(r *sql.Rows, err error) (*Rows, error) {
	if err != nil {
		return nil, markDown(err)
	}
	return &Rows{r}, nil
}

func result(r sql.Result, err error) (sql.Result, error) { return r, markDown(err) }

// Down reports whether the last health check (HealthCheck) could not reach the
// database: requests then fail at once with 503 rather than each waiting
// on a dead connection pool.
func (db *DB) Down() bool { return db.down.Load() }

// pingTimeout bounds one health check.
const pingTimeout = 2 * time.Second

// Check pings the database (bounded by pingTimeout) and records the
// outcome for Down; /readyz and HealthCheck use it.
func (db *DB) Check(ctx context.Context) error {
	pctx, cancel := context.WithTimeout(ctx, pingTimeout)
	defer cancel()
	err := db.Ping(pctx)
	if ctx.Err() == nil {
		db.down.Store(err != nil)
	}
	if r := db.reader; r != nil {
		// The replica's outcome only decides where the marked reads go
		// (Reader): readiness is the primary's.
		rctx, rcancel := context.WithTimeout(ctx, pingTimeout)
		rerr := r.Ping(rctx)
		rcancel()
		if ctx.Err() == nil {
			r.down.Store(rerr != nil)
		}
	}
	return err
}

// HealthCheck is the pass of the server's health check job (db_health,
// every second): it checks that the database answers, which keeps Down up
// to date, and tells report of each change it sees (down with the error,
// up with nil). Its error is the check's.
func (db *DB) HealthCheck(report func(down bool, err error)) func(context.Context) error {
	was := false
	return func(ctx context.Context) error {
		err := db.Check(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if down := err != nil; down != was {
			was = down
			report(down, err)
		}
		return err
	}
}

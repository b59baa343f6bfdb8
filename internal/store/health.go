package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable reports whether err means the database could not be reached
// (a connection refused, reset, closed or timed out while connecting), as
// opposed to an error of the query itself. The HTTP layer answers it with
// 503 instead of 500.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed)
}

// Down reports whether the last health check (Watch) could not reach the
// database: requests then fail at once with 503 rather than each waiting
// on a dead connection pool.
func (db *DB) Down() bool { return db.down.Load() }

// pingTimeout bounds one health check.
const pingTimeout = 2 * time.Second

// Check pings the database (bounded by pingTimeout) and records the
// outcome for Down; /readyz and Watch use it.
func (db *DB) Check(ctx context.Context) error {
	pctx, cancel := context.WithTimeout(ctx, pingTimeout)
	defer cancel()
	err := db.Ping(pctx)
	if ctx.Err() == nil {
		db.down.Store(err != nil)
	}
	return err
}

// Watch checks every interval that the database answers and keeps Down up
// to date until ctx ends; report is told of each change it sees (down with
// the error, up with nil).
func (db *DB) Watch(ctx context.Context, interval time.Duration, report func(down bool, err error)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	was := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		err := db.Check(ctx)
		if ctx.Err() != nil {
			return
		}
		if down := err != nil; down != was {
			was = down
			report(down, err)
		}
	}
}

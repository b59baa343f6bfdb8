package store

import (
	"context"
	"errors"
	"fmt"
)

// A read replica (CARTA_DATABASE_READ_URL) is a second pool on a
// PostgreSQL standby that takes the reads that may be a little behind the
// primary: the diner menu's cache misses, the public cava and the owner's
// reports. Only reads go there, and only those whose context asks for it
// (ReadReplica): writes, transactions and every other read stay on the
// primary, so a replica that lags can only make those few reads older —
// and the menu's, which must not be older than the owner's last save, are
// checked against the primary's menu version first (web's menu cache).
//
// Without a reader every read goes to the primary, as before.

// readKey marks a context whose plain reads may go to the reader.
type readKey struct{}

// ReadReplica marks ctx: DB.Query and DB.QueryRow called with it read from
// the read replica when there is one and its last health check found it
// up (on the primary otherwise). Exec and InTx are never sent there.
func ReadReplica(ctx context.Context) context.Context {
	return context.WithValue(ctx, readKey{}, true)
}

// OpenReader opens the read replica's pool (dsn: a postgres:// URL) and
// makes db send the reads marked with ReadReplica to it; db.Close closes
// it too. The primary must be PostgreSQL.
func (db *DB) OpenReader(ctx context.Context, dsn string) error {
	if db.dialect != Postgres {
		return errors.New("store: a read replica needs PostgreSQL as the primary (CARTA_DATABASE_URL)")
	}
	r, err := Open(ctx, dsn)
	if err != nil {
		return fmt.Errorf("read replica: %w", err)
	}
	if r.dialect != Postgres {
		r.Close()
		return errors.New("store: the read replica must be a postgres:// URL")
	}
	db.SetReader(r)
	return nil
}

// SetReader makes r the handle of the reads marked with ReadReplica (tests
// use it with a fake lagging reader); nil sends them all to the primary.
// db.Close closes r.
func (db *DB) SetReader(r *DB) {
	if r != nil {
		r.Now, r.Box = db.Now, db.Box
	}
	db.reader = r
}

// Reader is the handle of the reads that may lag: the read replica when
// there is one and its last health check found it up, db itself
// otherwise.
func (db *DB) Reader() *DB {
	if r := db.reader; r != nil && !r.down.Load() {
		return r
	}
	return db
}

// HasReader reports whether a read replica is configured.
func (db *DB) HasReader() bool { return db.reader != nil }

// readFrom is the handle a plain read with ctx uses.
func (db *DB) readFrom(ctx context.Context) *DB {
	if db.reader == nil || ctx.Value(readKey{}) == nil {
		return db
	}
	return db.Reader()
}

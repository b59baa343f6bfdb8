package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"
)

// Group commit (SQLite). A commit writes every page the transaction
// changed to the WAL, one write per page, and the writes queued behind it
// change the same pages (the newest leaf of each table and index): under
// load the commits were a third of the time each write held the turn.
// So a transaction that ends while other writes wait for the turn leaves
// its transaction open and hands the turn on: the next write runs inside
// the same SQLite transaction, in a savepoint of its own, and the last of
// the group (or the first write that finds nobody waiting, or maxBatch
// writes) commits for all. Each InTx still returns only once its writes
// are committed — with the commit's error if the commit fails — and a
// write whose function fails is rolled back to its savepoint alone.

// maxBatch bounds how many writes share one commit, so the first of a
// group waits for few others' work before its answer.
const maxBatch = 32

// batch is a SQLite transaction shared by the writes of one group.
type batch struct {
	tx   *sql.Tx
	n    int           // writes that joined
	done chan struct{} // closed when the transaction ended
	err  error         // the commit's error (nil: committed); set before done is closed
}

// end commits (or, with cause, rolls back) the open batch b, which the
// caller holds the turn for, and lets its writes return.
func (db *DB) end(b *batch, cause error) {
	if cause != nil {
		_ = b.tx.Rollback()
		b.err = cause
	} else if err := b.tx.Commit(); err != nil {
		b.err = fmt.Errorf("commit: %w", markDown(err))
	} else {
		db.stats.commits.Add(1)
	}
	db.open.Store(nil)
	close(b.done)
}

// commitOpen takes the turn to commit the batch left open, if any: for a
// write that gave up waiting for the turn (lockWrites; whoever leaves a
// batch open counts on the next holder of the turn to join it or commit
// it), and before the pool closes (Close).
func (db *DB) commitOpen() {
	db.writer <- struct{}{}
	if b := db.open.Load(); b != nil {
		db.end(b, nil)
	}
	<-db.writer
}

// inBatch runs fn in the open batch, or in a new one, holding the turn
// (released before it returns). Each write has a savepoint of its own,
// released or rolled back as soon as its function returns: when SQLite
// ended the whole transaction meanwhile (an I/O error, a full disk), that
// step fails and the group is ended with the error before another write
// joins it.
func (db *DB) inBatch(ctx context.Context, fn func(context.Context, *Tx) error, unlock func()) error {
	b := db.open.Load()
	if b == nil {
		// Not the request's context: the transaction outlives this write
		// when others join it, and database/sql would roll it back when
		// the context is done.
		tx, err := db.sql.BeginTx(context.WithoutCancel(ctx), nil)
		if err != nil {
			unlock()
			return fmt.Errorf("begin: %w", markDown(err))
		}
		b = &batch{tx: tx, done: make(chan struct{})}
		db.open.Store(b)
	}
	t := &Tx{tx: b.tx, db: db, keep: true}
	if _, err := t.Exec(ctx, `SAVEPOINT carta_write`); err != nil {
		err = fmt.Errorf("savepoint: %w", err)
		db.end(b, err)
		unlock()
		return err
	}
	b.n++
	db.stats.writes.Add(1)
	p, err := db.run(ctx, fn, t)
	if err == nil && p == nil {
		if _, rerr := t.Exec(ctx, `RELEASE carta_write`); rerr != nil {
			db.end(b, fmt.Errorf("release savepoint: %w", rerr))
		}
	} else if rerr := rollbackTo(ctx, t); rerr != nil {
		db.end(b, fmt.Errorf("rollback to savepoint: %w", rerr))
	}
	// Left open for a write waiting for the turn, or committed now.
	if db.open.Load() == b && (b.n >= maxBatch || db.waiting.Load() == 0) {
		db.end(b, nil)
	}
	unlock()
	if p != nil {
		panic(p)
	}
	if err != nil {
		return err
	}
	<-b.done
	return b.err
}

// writeStats counts SQLite's writes (one per InTx, Exec or writing
// QueryRow, committed or not), the commits that ended their groups, and
// the time writes waited for the turn.
type writeStats struct {
	writes, commits, turnWait atomic.Int64
}

// WriteStats are SQLite's writes since the database was opened: how many
// ran, how many commits they took (writes ÷ commits: the writes per group
// commit), and how long they waited in all for the write turn. Zero on
// PostgreSQL.
type WriteStats struct {
	Writes, Commits int64
	TurnWait        time.Duration
}

// WriteStats reads the counters (for the operator's metrics).
func (db *DB) WriteStats() WriteStats {
	return WriteStats{Writes: db.stats.writes.Load(), Commits: db.stats.commits.Load(), TurnWait: time.Duration(db.stats.turnWait.Load())}
}

// rollbackTo undoes the writes since the savepoint and ends it.
func rollbackTo(ctx context.Context, t *Tx) error {
	if _, err := t.Exec(ctx, `ROLLBACK TO carta_write`); err != nil {
		return err
	}
	_, err := t.Exec(ctx, `RELEASE carta_write`)
	return err
}

// errWriteQuery refuses a write through DB.Query on SQLite: its rows would
// be read after its turn to write ended.
var errWriteQuery = errors.New("store: a write through DB.Query; use QueryRow, Exec or a Tx")

// isWrite reports whether the statement q changes the database: it begins
// with INSERT, UPDATE, DELETE or REPLACE, or is a WITH naming one of them.
// DB.QueryRow and DB.Query send a write through the write turn (SQLite).
func isWrite(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n(")
	if len(q) < 6 {
		return false
	}
	switch strings.ToUpper(q[:4]) {
	case "INSE", "UPDA", "DELE", "REPL":
		return true
	case "WITH":
		u := strings.ToUpper(q)
		return strings.Contains(u, "INSERT ") || strings.Contains(u, "UPDATE ") || strings.Contains(u, "DELETE ")
	}
	return false
}

// run calls fn with the transaction, returning its error or its panic.
func (db *DB) run(ctx context.Context, fn func(context.Context, *Tx) error, t *Tx) (p any, err error) {
	mark := &txMark{}
	mark.open.Store(true)
	defer mark.open.Store(false)
	defer func() {
		// A panic in fn (ErrInTx in a test, a bug) ends the write's part
		// before it unwinds further: an HTTP handler's recovery must not
		// leave a connection holding SQLite's write lock.
		if r := recover(); r != nil {
			p = r
		}
	}()
	return nil, fn(context.WithValue(ctx, txKey{}, mark), t)
}

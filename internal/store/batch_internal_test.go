package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

// openBatchDB is a SQLite database with one table of named rows.
func openBatchDB(t *testing.T) *DB {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "batch.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(ctx, `CREATE TABLE filas (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	return db
}

// eventually yields until cond holds (no sleeping), failing after 10 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("still not: %s", what)
		}
		runtime.Gosched()
	}
}

// committed is what another connection sees: the rows committed.
func committed(t *testing.T, db *DB) []string {
	t.Helper()
	rows, err := db.sql.Query(`SELECT v FROM filas`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// wantCommitted fails t unless the rows committed are want (comma-joined,
// sorted).
func wantCommitted(t *testing.T, db *DB, want string) {
	t.Helper()
	if got := strings.Join(committed(t, db), ","); got != want {
		t.Fatalf("committed %q, want %q", got, want)
	}
}

// holder runs a write that inserts v and then keeps the write turn until
// release is closed, then runs then (if any) in its transaction; started
// is closed once its row is written.
func holder(db *DB, v string, then ...func(context.Context, *Tx)) (started, release chan struct{}, done chan error) {
	started, release, done = make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		done <- db.InTx(context.Background(), func(ctx context.Context, tx *Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO filas (v) VALUES (?)`, v); err != nil {
				return err
			}
			close(started)
			<-release
			for _, f := range then {
				f(ctx, tx)
			}
			return nil
		})
	}()
	return started, release, done
}

var errBoom = errors.New("boom")

// TestGroupCommit: writes that queue behind a transaction run in it, each in
// a savepoint: the one that fails is rolled back alone, the others commit
// together, and each InTx returns only when its writes are committed.
func TestGroupCommit(t *testing.T) {
	db := openBatchDB(t)
	before := db.WriteStats()
	started, release, doneA := holder(db, "a")
	<-started
	ctx := context.Background()
	doneB, doneC := make(chan error, 1), make(chan error, 1)
	var sawA, sawACommitted int
	go func() {
		doneB <- db.InTx(ctx, func(ctx context.Context, tx *Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO filas (v) VALUES ('b')`); err != nil {
				return err
			}
			return errBoom
		})
	}()
	eventually(t, "b waits for the turn", func() bool { return db.waiting.Load() == 1 })
	go func() {
		doneC <- db.InTx(ctx, func(ctx context.Context, tx *Tx) error {
			// In a's transaction: its row is there, and not yet committed.
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM filas WHERE v = 'a'`).Scan(&sawA); err != nil {
				return err
			}
			if err := db.sql.QueryRow(`SELECT COUNT(*) FROM filas WHERE v = 'a'`).Scan(&sawACommitted); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO filas (v) VALUES ('c')`)
			return err
		})
	}()
	eventually(t, "b and c wait for the turn", func() bool { return db.waiting.Load() == 2 })
	close(release)
	if err := <-doneA; err != nil {
		t.Fatalf("a: %v", err)
	}
	if err := <-doneB; !errors.Is(err, errBoom) {
		t.Fatalf("b: %v, want its own error", err)
	}
	if err := <-doneC; err != nil {
		t.Fatalf("c: %v", err)
	}
	if sawA != 1 || sawACommitted != 0 {
		t.Fatalf("c saw a's row %d time(s) in its transaction and %d committed; want 1 and 0 (one transaction for the group)", sawA, sawACommitted)
	}
	wantCommitted(t, db, "a,c") // b's write rolled back alone
	if db.open.Load() != nil {
		t.Fatal("a group is still open with nobody waiting")
	}
	// The operator's counters: three writes, one commit, b and c waited.
	after := db.WriteStats()
	if w, c := after.Writes-before.Writes, after.Commits-before.Commits; w != 3 || c != 1 || after.TurnWait <= before.TurnWait {
		t.Fatalf("stats: %d writes, %d commits, waited %s → %s; want 3, 1 and a wait", w, c, before.TurnWait, after.TurnWait)
	}
}

// TestGroupCommitPanic: a write that panics in a group is rolled back alone,
// its panic goes on up its own goroutine, and the group commits.
func TestGroupCommitPanic(t *testing.T) {
	db := openBatchDB(t)
	started, release, doneA := holder(db, "a")
	<-started
	panicked := make(chan any, 1)
	go func() {
		defer func() { panicked <- recover() }()
		_ = db.InTx(context.Background(), func(ctx context.Context, tx *Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO filas (v) VALUES ('b')`); err != nil {
				return err
			}
			panic(errBoom)
		})
	}()
	eventually(t, "b waits for the turn", func() bool { return db.waiting.Load() == 1 })
	close(release)
	if p := <-panicked; p != errBoom {
		t.Fatalf("b's panic: %v", p)
	}
	if err := <-doneA; err != nil {
		t.Fatalf("a: %v", err)
	}
	wantCommitted(t, db, "a")
}

// TestGroupFailsTogether: when SQLite ends the group's transaction (here a
// write ends it by hand; an I/O error or a full disk do the same), every
// write of the group is told it failed: none is reported committed.
func TestGroupFailsTogether(t *testing.T) {
	db := openBatchDB(t)
	started, release, doneA := holder(db, "a")
	<-started
	doneB := make(chan error, 1)
	go func() {
		doneB <- db.InTx(context.Background(), func(ctx context.Context, tx *Tx) error {
			if _, err := tx.Exec(ctx, `ROLLBACK`); err != nil {
				return err
			}
			return errBoom
		})
	}()
	eventually(t, "b waits for the turn", func() bool { return db.waiting.Load() == 1 })
	close(release)
	if err := <-doneA; err == nil {
		t.Fatal("a was told it committed, but its transaction was rolled back")
	}
	if err := <-doneB; !errors.Is(err, errBoom) {
		t.Fatalf("b: %v", err)
	}
	wantCommitted(t, db, "")
	if err := db.InTx(context.Background(), func(ctx context.Context, tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO filas (v) VALUES ('d')`)
		return err
	}); err != nil {
		t.Fatalf("the next write: %v", err)
	}
	wantCommitted(t, db, "d")
}

// TestGroupLeftForAWriteThatGaveUp: a write that stops waiting for the turn
// (its request ended) while a group was left open for it commits the group,
// so the writes in it return.
func TestGroupLeftForAWriteThatGaveUp(t *testing.T) {
	db := openBatchDB(t)
	db.waiting.Add(1) // a write waiting for the turn: a leaves its group open
	done := make(chan error, 1)
	go func() {
		done <- db.InTx(context.Background(), func(ctx context.Context, tx *Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO filas (v) VALUES ('a')`)
			return err
		})
	}()
	eventually(t, "a leaves its group open", func() bool { return db.open.Load() != nil && len(db.writer) == 0 })
	// The waiting write gives up: the turn is busy (held here), its
	// context is done.
	db.writer <- struct{}{}
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := db.lockWrites(gone); !errors.Is(err, context.Canceled) {
		t.Fatalf("lockWrites: %v", err)
	}
	db.waiting.Add(-1)
	<-db.writer
	if err := <-done; err != nil {
		t.Fatalf("a: %v", err)
	}
	wantCommitted(t, db, "a")
}

// TestWritesOutsideATransactionWaitForTheTurn: a write through DB.Exec or
// DB.QueryRow (INSERT … RETURNING) waits for the write turn like InTx (it
// used to go straight to SQLite and wait in its busy handler, which polls
// with sleeps of up to 100 ms); a write through DB.Query is refused.
func TestWritesOutsideATransactionWaitForTheTurn(t *testing.T) {
	db := openBatchDB(t)
	ctx := context.Background()
	started, release, doneA := holder(db, "a")
	<-started
	type answer struct {
		id  int64
		err error
	}
	row, exec := make(chan answer, 1), make(chan error, 1)
	go func() {
		var a answer
		a.err = db.QueryRow(ctx, `INSERT INTO filas (v) VALUES ('b') RETURNING id`).Scan(&a.id)
		row <- a
	}()
	go func() {
		_, err := db.Exec(ctx, `INSERT INTO filas (v) VALUES ('c')`)
		exec <- err
	}()
	eventually(t, "both wait for the turn", func() bool { return db.waiting.Load() == 2 })
	close(release)
	if err := <-doneA; err != nil {
		t.Fatal(err)
	}
	if a := <-row; a.err != nil || a.id == 0 {
		t.Fatalf("QueryRow: id %d, %v", a.id, a.err)
	}
	if err := <-exec; err != nil {
		t.Fatalf("Exec: %v", err)
	}
	wantCommitted(t, db, "a,b,c")
	var id int64
	if err := db.QueryRow(ctx, `UPDATE filas SET v = 'z' WHERE id = 999 RETURNING id`).Scan(&id); !errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("an UPDATE … RETURNING of no row: %v, want sql.ErrNoRows", err)
	}
	if _, err := db.Query(ctx, `DELETE FROM filas RETURNING id`); !errors.Is(err, errWriteQuery) {
		t.Fatalf("a write through Query: %v, want errWriteQuery", err)
	}
	if got := len(committed(t, db)); got != 3 {
		t.Fatalf("%d rows after the refused DELETE, want 3", got)
	}
}

func TestIsWrite(t *testing.T) {
	for q, want := range map[string]bool{
		`INSERT INTO t VALUES (1) RETURNING id`:      true,
		"\n\t\tUPDATE outbox SET x = 1 RETURNING id": true,
		`delete from t`:             true,
		`REPLACE INTO t VALUES (1)`: true,
		`WITH n AS (SELECT 1) UPDATE t SET v = 1 RETURNING id`: true,
		`WITH n AS (SELECT 1) SELECT * FROM n`:                 false,
		`SELECT id FROM t WHERE v = 'INSERT '`:                 false,
		`SELECT kind FROM sessions WHERE token_hash = ?`:       false,
		`(SELECT 1)`: false,
		`SELECT p.id FROM pedidos p WHERE p.id = ? FOR UPDATE`:                false,
		`  INSERT INTO throttle (key) VALUES (?) ON CONFLICT (key) DO UPDATE`: true,
	} {
		if got := isWrite(q); got != want {
			t.Errorf("isWrite(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestAnEndedTransactionIsNotReportedCommitted: a write whose function
// returns nil after SQLite ended its transaction (here by hand) is told it
// failed, since its savepoint is gone, and the next write starts afresh.
func TestAnEndedTransactionIsNotReportedCommitted(t *testing.T) {
	db := openBatchDB(t)
	ctx := context.Background()
	err := db.InTx(ctx, func(ctx context.Context, tx *Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO filas (v) VALUES ('a')`); err != nil {
			return err
		}
		_, _ = tx.Exec(ctx, `ROLLBACK`)
		return nil
	})
	if err == nil {
		t.Fatal("InTx reported a write committed whose transaction was rolled back")
	}
	wantCommitted(t, db, "")
	if _, err := db.Exec(ctx, `INSERT INTO filas (v) VALUES ('b')`); err != nil {
		t.Fatalf("the next write: %v", err)
	}
	wantCommitted(t, db, "b")
}

// TestAWriteAfterAnEndedTransactionCommitsAlone: when the transaction a
// write leaves behind was ended by SQLite, the write waiting for the turn
// does not run in its place (where its savepoint would have begun a
// transaction of its own, committed by its release, then reported failed
// with the group's commit): the group ends at once, the next write starts
// a new one and is told the truth.
func TestAWriteAfterAnEndedTransactionCommitsAlone(t *testing.T) {
	db := openBatchDB(t)
	ctx := context.Background()
	started, release, doneA := holder(db, "a", func(ctx context.Context, tx *Tx) { _, _ = tx.Exec(ctx, `ROLLBACK`) })
	<-started
	doneB := make(chan error, 1)
	go func() {
		_, err := db.Exec(ctx, `INSERT INTO filas (v) VALUES ('b')`)
		doneB <- err
	}()
	eventually(t, "b waits for the turn", func() bool { return db.waiting.Load() == 1 })
	close(release)
	if err := <-doneA; err == nil {
		t.Fatal("a was told it committed")
	}
	if err := <-doneB; err != nil {
		t.Fatalf("b was told it failed (%v), and its row is %v", err, committed(t, db))
	}
	wantCommitted(t, db, "b")
}

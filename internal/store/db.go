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
	"sync"
	"sync/atomic"
	"time"

	"carta/internal/secrets"

	"github.com/jackc/pgx/v5/pgconn"
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
	// Box seals the secrets stored in the database (POS tokens, webhook
	// secrets); the app sets it at start, tests with storetest.
	Box *secrets.Box

	stmts stmtCache
	// writer serialises SQLite's writes in the process (a buffered channel
	// of one; nil on PostgreSQL). SQLite lets one writer at a time in
	// anyway; without it the others wait in SQLite's busy handler, which
	// polls with sleeps of up to 100 ms, so under load a write could wait
	// far longer than the writes ahead of it took (orders' p99). Waiting
	// here hands the lock over as soon as it is free, in arrival order.
	// Other processes (a backup, seed-scale) still meet busy_timeout.
	writer chan struct{}
	// open is the SQLite transaction left open for the writes waiting
	// for the turn to join (batch.go; read and changed by the turn's
	// holder), waiting how many writes wait for the turn, and flushing
	// the goroutines committing a batch left for a write that gave up
	// (commitOpen).
	open     atomic.Pointer[batch]
	waiting  atomic.Int32
	flushing sync.WaitGroup
	stats    writeStats  // WriteStats
	down     atomic.Bool // see HealthCheck
	// reader takes the reads marked with ReadReplica (read.go); nil
	// without a read replica.
	reader *DB
}

// stmtCache keeps SQLite's prepared statements by query text: SQLite
// parses a statement on every plain call, which costs a fifth of an order's
// CPU; a prepared one is parsed once per connection. (pgx caches
// PostgreSQL's prepared statements itself.) Only the first maxStmts
// distinct queries are kept, so queries built with a variable number of
// placeholders cannot grow it without bound.
type stmtCache struct {
	mu      sync.RWMutex
	m       map[string]*sql.Stmt
	pending map[string]bool
	closed  bool
	// preparing counts prepareLater's goroutines: Close waits for them,
	// since one holding a connection past the pool's close would keep
	// SQLite's files open (or open them again) after the DB is closed.
	preparing sync.WaitGroup
}

const maxStmts = 512

// cached returns the prepared statement of q (already rebound), or nil.
func (db *DB) cached(q string) *sql.Stmt {
	if db.dialect != SQLite {
		return nil
	}
	db.stmts.mu.RLock()
	defer db.stmts.mu.RUnlock()
	return db.stmts.m[q]
}

// stmt returns the prepared statement of q, preparing it when there is
// room; nil when statements are not cached (PostgreSQL, or the cache is
// full). Preparing takes a connection from the pool: never call it while
// holding one (in a transaction: see prepareLater).
func (db *DB) stmt(ctx context.Context, q string) *sql.Stmt {
	if db.dialect != SQLite {
		return nil
	}
	db.stmts.mu.RLock()
	st, ok := db.stmts.m[q]
	full := len(db.stmts.m) >= maxStmts
	db.stmts.mu.RUnlock()
	if ok || full {
		return st
	}
	st, err := db.sql.PrepareContext(ctx, q)
	if err != nil {
		return nil // the plain call reports the error
	}
	db.stmts.mu.Lock()
	defer db.stmts.mu.Unlock()
	if prev, ok := db.stmts.m[q]; ok || db.stmts.closed {
		st.Close()
		return prev
	}
	if db.stmts.m == nil {
		db.stmts.m = map[string]*sql.Stmt{}
	}
	db.stmts.m[q] = st
	return st
}

// prepareLater prepares q for the cache in the background: a transaction
// holds its connection and must not wait for another to prepare on (with
// every connection in a transaction, that would wait for ever).
func (db *DB) prepareLater(q string) {
	if db.dialect != SQLite {
		return
	}
	db.stmts.mu.Lock()
	if db.stmts.closed || db.stmts.pending[q] || len(db.stmts.m)+len(db.stmts.pending) >= maxStmts {
		db.stmts.mu.Unlock()
		return
	}
	if db.stmts.pending == nil {
		db.stmts.pending = map[string]bool{}
	}
	db.stmts.pending[q] = true
	db.stmts.preparing.Add(1)
	db.stmts.mu.Unlock()
	go func() {
		defer db.stmts.preparing.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		db.stmt(ctx, q)
		db.stmts.mu.Lock()
		delete(db.stmts.pending, q)
		db.stmts.mu.Unlock()
	}()
}

// MaxIdleInTransaction is the longest PostgreSQL may leave a transaction
// idle before ending it (idle_in_transaction_session_timeout) for Carta to
// start: the order boards' feed waits two minutes for an event committed
// late (ordering.Feed), so no transaction may commit that long after its
// last statement. Carta's connections ask for one minute unless the URL
// (or the role, behind a pooler) sets its own.
const MaxIdleInTransaction = 90 * time.Second

// checkIdleTimeout refuses a PostgreSQL connection whose server keeps an
// idle transaction open longer than MaxIdleInTransaction, or forever (0).
func checkIdleTimeout(ctx context.Context, db *sql.DB) error {
	var ms int64
	if err := db.QueryRowContext(ctx, `SELECT setting::bigint FROM pg_settings WHERE name = 'idle_in_transaction_session_timeout'`).Scan(&ms); err != nil {
		return fmt.Errorf("read idle_in_transaction_session_timeout: %w", err)
	}
	if ms <= 0 || time.Duration(ms)*time.Millisecond > MaxIdleInTransaction {
		return fmt.Errorf("PostgreSQL keeps an idle transaction open %s (idle_in_transaction_session_timeout); Carta needs it ended within %s "+
			"(the order boards wait two minutes for a late commit): remove it from the database URL or set it between 1ms and 90s (docs/deploy.md)",
			idleText(ms), MaxIdleInTransaction)
	}
	return nil
}

// idleText says an idle_in_transaction_session_timeout in words.
func idleText(ms int64) string {
	if ms <= 0 {
		return "forever (0)"
	}
	return "for " + (time.Duration(ms) * time.Millisecond).String()
}

// postgresDefaults adds to a PostgreSQL URL what Carta needs of its
// connections, unless the URL (or the PG environment variables pgx reads)
// says otherwise. A database that went away must not hold a request for the
// system's TCP time-out: a connection is given 5 s. A transaction left idle
// (a stalled process between two of its statements) is ended by the server
// after a minute rather than holding its locks, and cannot commit later than
// that: the order feed counts on it (ordering.Feed looks for an event that
// commits late for two minutes). The parameters are added to the URL as
// written: a URL Go's net/url refuses but pgx takes (a Unix socket's
// directory as an escaped host, postgres://carta@%2Fvar%2Frun%2Fpostgresql/carta)
// gets them too. A URL pgx cannot parse is left for sql.Open to report.
func postgresDefaults(dsn string) string {
	cfg, err := pgconn.ParseConfig(dsn)
	if err != nil {
		return dsn
	}
	var add []string
	if cfg.ConnectTimeout == 0 {
		add = append(add, "connect_timeout=5")
	}
	if _, ok := cfg.RuntimeParams["idle_in_transaction_session_timeout"]; !ok {
		add = append(add, "idle_in_transaction_session_timeout=60000")
	}
	if len(add) == 0 {
		return dsn
	}
	// Before the URL's own parameters: pgx takes the last of a repeated
	// one, so a value the URL gives that reads as unset (connect_timeout=0:
	// no time-out) still wins.
	base, query, _ := strings.Cut(dsn, "?")
	if query != "" {
		add = append(add, query)
	}
	return base + "?" + strings.Join(add, "&")
}

// sqliteConns is the size of SQLite's connection pool: WAL lets its reads
// run beside the one writer; more than this spent more CPU on two cores
// for a longer tail (docs/benchmarks.md).
const sqliteConns = 8

// DefaultPostgresConns is how many connections a replica keeps open to
// PostgreSQL at most (SetMaxConns, CARTA_DATABASE_MAX_CONNS changes it).
// Fewer than the requests in flight on purpose: requests beyond it wait in
// the process, which is cheap, instead of as more backends fighting for the
// database's cores and its locks. On two cores, 10 placed and paid 298
// orders/s at a payment p99 of 52–87 ms where 20 placed 266–295 at
// 165–261 ms (docs/benchmarks.md, tenth session).
const DefaultPostgresConns = 10

// SetMaxConns sets how many connections db keeps open at most (and idle),
// for PostgreSQL; SQLite's fixed pool is left as it is.
func (db *DB) SetMaxConns(n int) {
	if db.dialect != Postgres || n < 1 {
		return
	}
	db.sql.SetMaxOpenConns(n)
	db.sql.SetMaxIdleConns(n)
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
		dsn = postgresDefaults(dsn)
		db, err = sql.Open("pgx", dsn)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
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
		// Temporary files in memory: above all the savepoints' journal,
		// which keeps every page a write of a group commit (batch.go)
		// changes again; on disk it spilled to a file past 64 KiB (a
		// tenth of the server's CPU in the 200-table stress run).
		q.Add("_pragma", "temp_store(memory)")
		q.Set("_txlock", "immediate")
		db, err = sql.Open("sqlite", "file:"+path+"?"+q.Encode())
		if err != nil {
			return nil, fmt.Errorf("open sqlite: %w", err)
		}
		db.SetMaxOpenConns(sqliteConns)
		// Every connection kept: database/sql keeps 2 idle by default and
		// closes the others when they are released, and a new SQLite
		// connection parses the whole schema and re-prepares the cached
		// statements (a third of an order's CPU under load before this).
		db.SetMaxIdleConns(sqliteConns)
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect to %s: %w", dialect, err)
	}
	if dialect == Postgres {
		if err := checkIdleTimeout(pctx, db); err != nil {
			db.Close()
			return nil, err
		}
	}
	d := &DB{sql: db, dialect: dialect, Now: time.Now}
	d.SetMaxConns(DefaultPostgresConns) // PostgreSQL only
	if dialect == SQLite {
		d.writer = make(chan struct{}, 1)
	}
	return d, nil
}

// Close closes the prepared statements and the connection pool, once the
// statements being prepared in the background are (prepareLater).
func (db *DB) Close() error {
	if db.writer != nil { // a batch left open commits first
		db.commitOpen()
		db.flushing.Wait()
	}
	db.stmts.mu.Lock()
	db.stmts.closed = true // no new preparation starts
	db.stmts.mu.Unlock()
	db.stmts.preparing.Wait()
	db.stmts.mu.Lock()
	for _, st := range db.stmts.m {
		st.Close()
	}
	db.stmts.m, db.stmts.closed = nil, true
	db.stmts.mu.Unlock()
	if db.reader != nil {
		db.reader.Close()
	}
	return db.sql.Close()
}

// InUse is how many of the pool's connections are in use (tests).
func (db *DB) InUse() int { return db.sql.Stats().InUse }

// Dialect returns the engine behind db.
func (db *DB) Dialect() Dialect { return db.dialect }

// Ping checks that the database answers (used by /readyz).
func (db *DB) Ping(ctx context.Context) error { return markDown(db.sql.PingContext(ctx)) }

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
	Query(ctx context.Context, q string, args ...any) (*Rows, error)
	QueryRow(ctx context.Context, q string, args ...any) *Row
	Dialect() Dialect
	NowUnix() int64
	// Secrets seals and opens the secrets stored in the database.
	Secrets() *secrets.Box
}

// lockWrites waits for the process's turn to write to SQLite (see
// DB.writer) and returns its release; on PostgreSQL it returns at once.
func (db *DB) lockWrites(ctx context.Context) (func(), error) {
	if db.writer == nil {
		return func() {}, nil
	}
	db.waiting.Add(1)
	t0 := time.Now()
	select {
	case db.writer <- struct{}{}:
		db.waiting.Add(-1)
		db.stats.turnWait.Add(int64(time.Since(t0)))
		return func() { <-db.writer }, nil
	case <-ctx.Done():
		db.waiting.Add(-1)
		if db.open.Load() != nil { // perhaps left open for this write
			db.flushing.Add(1)
			go func() {
				defer db.flushing.Done()
				db.commitOpen()
			}()
		}
		return nil, ctx.Err()
	}
}

// Exec runs a statement outside any transaction; on SQLite it takes the
// write turn (see DB.writer) and commits with the writes of its group
// (batch.go), so it must not be called from inside InTx's function (use
// the Tx there).
func (db *DB) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if err := outside(ctx); err != nil {
		return nil, err
	}
	if db.writer != nil {
		var res sql.Result
		err := db.InTx(ctx, func(ctx context.Context, tx *Tx) (err error) {
			res, err = tx.Exec(ctx, q, args...)
			return err
		})
		return res, err
	}
	q = rebind(db.dialect, q)
	if st := db.stmt(ctx, q); st != nil {
		return result(st.ExecContext(ctx, args...))
	}
	return result(db.sql.ExecContext(ctx, q, args...))
}
func (db *DB) Query(ctx context.Context, q string, args ...any) (*Rows, error) {
	if err := outside(ctx); err != nil {
		return nil, err
	}
	if r := db.readFrom(ctx); r != db {
		return r.Query(ctx, q, args...)
	}
	if db.writer != nil && isWrite(q) {
		// Its rows would outlive the write turn (use QueryRow or a Tx).
		return nil, errWriteQuery
	}
	q = rebind(db.dialect, q)
	if st := db.stmt(ctx, q); st != nil {
		return rows(st.QueryContext(ctx, args...))
	}
	return rows(db.sql.QueryContext(ctx, q, args...))
}

func (db *DB) QueryRow(ctx context.Context, q string, args ...any) *Row {
	if err := outside(ctx); err != nil {
		return &Row{err: err}
	}
	if r := db.readFrom(ctx); r != db {
		return r.QueryRow(ctx, q, args...)
	}
	if db.writer != nil && isWrite(q) {
		// INSERT … RETURNING and the like: a write, in its turn and its
		// group's commit, run when the row is scanned.
		return &Row{write: func(dest []any) error {
			return db.InTx(ctx, func(ctx context.Context, tx *Tx) error {
				return tx.QueryRow(ctx, q, args...).Scan(dest...)
			})
		}}
	}
	q = rebind(db.dialect, q)
	if st := db.stmt(ctx, q); st != nil {
		return &Row{r: st.QueryRowContext(ctx, args...)}
	}
	return &Row{r: db.sql.QueryRowContext(ctx, q, args...)}
}
func (db *DB) NowUnix() int64 { return db.Now().Unix() }

// Secrets is the box sealing the database's secrets.
func (db *DB) Secrets() *secrets.Box { return db.Box }

// Tx is a transaction with the same helpers as DB.
type Tx struct {
	tx *sql.Tx
	db *DB
	// keep: the statements run to their end even when the request's
	// context is done (SQLite): an interrupted write would roll back the
	// whole transaction, with the other writes of its group (batch.go).
	keep bool
}

// ctx is the context the transaction's statements run with.
func (t *Tx) ctx(ctx context.Context) context.Context {
	if t.keep {
		return context.WithoutCancel(ctx)
	}
	return ctx
}

// In a transaction a cached statement is bound to the transaction's
// connection (database/sql reuses its preparation there when it has one);
// one not cached yet runs plain and is prepared for the cache meanwhile.
func (t *Tx) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	ctx = t.ctx(ctx)
	q = rebind(t.db.dialect, q)
	if st := t.db.cached(q); st != nil {
		return result(t.tx.StmtContext(ctx, st).ExecContext(ctx, args...))
	}
	t.db.prepareLater(q)
	return result(t.tx.ExecContext(ctx, q, args...))
}
func (t *Tx) Query(ctx context.Context, q string, args ...any) (*Rows, error) {
	ctx = t.ctx(ctx)
	q = rebind(t.db.dialect, q)
	if st := t.db.cached(q); st != nil {
		return rows(t.tx.StmtContext(ctx, st).QueryContext(ctx, args...))
	}
	t.db.prepareLater(q)
	return rows(t.tx.QueryContext(ctx, q, args...))
}
func (t *Tx) QueryRow(ctx context.Context, q string, args ...any) *Row {
	ctx = t.ctx(ctx)
	q = rebind(t.db.dialect, q)
	if st := t.db.cached(q); st != nil {
		return &Row{r: t.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)}
	}
	t.db.prepareLater(q)
	return &Row{r: t.tx.QueryRowContext(ctx, q, args...)}
}
func (t *Tx) Dialect() Dialect { return t.db.dialect }
func (t *Tx) NowUnix() int64   { return t.db.NowUnix() }

// Secrets is the box sealing the database's secrets.
func (t *Tx) Secrets() *secrets.Box { return t.db.Box }

// InTx runs fn in a transaction, committing when fn returns nil and rolling
// back otherwise. Writes that belong together go through it. fn gets a
// context marked as inside the transaction: the DB itself (Exec, Query,
// QueryRow, InTx) refuses that context while the transaction is open
// (outside), because on SQLite the transaction holds the process's write
// turn (see DB.writer) and a nested write would wait for it forever, and on
// PostgreSQL the nested statement would escape the transaction. Use the Tx.
//
// On SQLite the writes waiting for the turn share one commit (batch.go):
// InTx returns once fn's writes are committed, which may be after the
// writes queued behind it ran, so fn must not wait for anything a caller
// of InTx holds meanwhile (a mutex held across InTx, say). The statements
// of a SQLite transaction run to their end when ctx is done.
func (db *DB) InTx(ctx context.Context, fn func(context.Context, *Tx) error) error {
	if err := outside(ctx); err != nil {
		return err
	}
	unlock, err := db.lockWrites(ctx)
	if err != nil {
		return err
	}
	if db.writer != nil {
		return db.inBatch(ctx, fn, unlock)
	}
	defer unlock()
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", markDown(err))
	}
	mark := &txMark{}
	mark.open.Store(true)
	defer mark.open.Store(false)
	t := &Tx{tx: tx, db: db}
	defer func() {
		// A panic in fn (ErrInTx in a test, a bug) ends the transaction
		// before it unwinds further: an HTTP handler's recovery must not
		// leave a connection holding SQLite's write lock.
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
	}()
	if err := fn(context.WithValue(ctx, txKey{}, mark), t); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", markDown(err))
	}
	return nil
}

// ForUpdate is the clause that locks the rows a SELECT reads until the
// transaction ends, on PostgreSQL; SQLite's write transactions are
// serialised already (they begin IMMEDIATE), so it needs none.
func ForUpdate(q Querier) string {
	if q.Dialect() == Postgres {
		return " FOR UPDATE"
	}
	return ""
}

// Placeholders is n comma-separated placeholders ("?, ?, ?"), for a
// statement's list of values or IN (…); n ≥ 1.
func Placeholders(n int) string {
	return "?" + strings.Repeat(", ?", n-1)
}

// InsertID runs an INSERT ... RETURNING id and returns the new id.
func InsertID(ctx context.Context, q Querier, query string, args ...any) (int64, error) {
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

// IsUniqueViolation reports whether err is a unique-constraint failure on
// either engine.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505")
}

// NotFound turns sql.ErrNoRows into ErrNotFound.
func NotFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// LikeContains is the pattern of `LIKE ? ESCAPE '\'` that matches s
// anywhere, its own % and _ taken as text.
func LikeContains(s string) string { return "%" + likeEscape.Replace(s) + "%" }

var likeEscape = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// BoolInt stores a bool in an INTEGER 0/1 column (both engines).
func BoolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BackupSQLite writes a consistent copy of a SQLite database to the file
// dest (which must not exist) while other connections keep writing:
// VACUUM INTO reads one snapshot, in a read transaction that WAL mode lets
// run beside writers. The copy is written under a temporary name, synced
// and then renamed, so dest is never a partial file.
func (db *DB) BackupSQLite(ctx context.Context, dest string) error {
	if db.dialect != SQLite {
		return errors.New("store: BackupSQLite needs a SQLite database")
	}
	if _, err := os.Lstat(dest); err == nil {
		return fmt.Errorf("store: backup %s: the file exists", dest)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("store: backup %s: %w", dest, err)
	}
	tmp := dest + ".partial"
	_ = os.Remove(tmp)
	if _, err := db.sql.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("store: backup %s: %w", dest, err)
	}
	f, err := os.Open(tmp)
	if err == nil {
		err = f.Sync()
		f.Close()
	}
	if err == nil {
		err = os.Rename(tmp, dest)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("store: backup %s: %w", dest, err)
	}
	return nil
}

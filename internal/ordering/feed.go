package ordering

import (
	"context"
	"sync"
	"time"

	"carta/internal/apperr"
	"carta/internal/jobs"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Feed delivers order changes to the live boards and order pages of this
// replica. Changes are rows of pedido_eventos, written in the same
// transaction as the change itself; the feed reads the rows past the last
// one it saw, so a change made through any replica reaches every replica's
// listeners (one indexed read per interval, only while someone listens).
//
// On PostgreSQL the writers take no lock to commit their events in id
// order (one for every restaurant, held to each commit, it was the
// confirmations' main wait): a transaction may commit its event after one
// with a higher id was read. So the feed also keeps the ids it has not seen
// below the highest it read (gaps) and reads them again on every poll for
// gapWait; an id still missing then was rolled back. A transaction commits
// long after its event only if stalled between its last statement and its
// commit, which the connections' idle_in_transaction_session_timeout
// (store.Open: 1 minute, and it refuses a server that keeps one idle longer
// than store.MaxIdleInTransaction) ends well before gapWait. SQLite's writers are
// serialised: its ids commit in order and it keeps no gaps.
type Feed struct {
	DB *store.DB
	// MaxListeners bounds the open streams of this replica (memory stays
	// bounded whatever anonymous clients open); DefaultMaxListeners when 0.
	MaxListeners int
	// StaffReserve of them are the boards' alone: order pages (anyone with
	// an order's link) never take the last StaffReserve, so however many
	// pages are open every restaurant's board can still connect; a tenth of
	// MaxListeners when 0.
	StaffReserve int
	// PerOrder bounds the pages following one order, PerAddress those
	// opened from one client address; DefaultStreamsPerOrder and
	// DefaultStreamsPerAddress when 0.
	PerOrder, PerAddress int
	// PerRestaurant bounds the boards of one restaurant (its staff's
	// screens: a stolen staff token cannot take the whole reserve);
	// DefaultBoardsPerRestaurant when 0.
	PerRestaurant int

	mu      sync.Mutex
	subs    map[*Listener]struct{}
	pages   int            // order pages among subs
	byOrder map[int64]int  // order pages by order
	byAddr  map[string]int // order pages by client address
	boards  map[int64]int  // boards by restaurant
	last    int64
	known   bool                // last has been read from the database
	gaps    map[int64]time.Time // ids below last not read yet, until when to look for them
	polled  int                 // polls delivered and restarts: a poll that read before another moved on delivers nothing
	kick    chan struct{}
}

// gapWait is how long the feed looks for an id it has not seen below the
// highest it read (Feed); maxGaps bounds how many it looks for (a
// sequence that jumped, after a crash or a failover, leaves at most that
// many behind it).
const (
	gapWait = 2 * time.Minute
	maxGaps = 4096
)

// The feed's bounds when its fields leave them 0.
const (
	// DefaultMaxListeners is about 20 MB of listener buffers.
	DefaultMaxListeners = 2000
	// DefaultStreamsPerOrder lets a diner follow an order on a phone and a
	// computer, with a tab to spare.
	DefaultStreamsPerOrder = 3
	// DefaultStreamsPerAddress is a household's or an office's orders.
	DefaultStreamsPerAddress = 10
	// DefaultBoardsPerRestaurant is a kitchen's tablets, the counter's and
	// the managers' screens, with room to spare.
	DefaultBoardsPerRestaurant = 20
)

// Event is one change: order PedidoID is now in Estado ("pos" when only
// its POS state changed).
type Event struct {
	ID        int64  `json:"id"`
	PedidoID  int64  `json:"pedido_id"`
	Estado    string `json:"estado"`
	clienteID int64
}

// listenerBuffer is how many events a listener holds for its client: a
// busy kitchen's burst between two reads (about 10 KB per listener).
const listenerBuffer = 256

// Listener receives the events of one restaurant, or of one order when
// pedidoID is set. Its channel holds listenerBuffer events; when a slow
// client lets it fill, further events are dropped, which is harmless: any
// event makes the client read the current state.
type Listener struct {
	C         chan Event
	clienteID int64
	pedidoID  int64
	addr      string
}

// Ends reports whether e is the last event an order page's listener
// needs: its order reached a state it never leaves (a board's never ends).
func (l *Listener) Ends(e Event) bool { return l.pedidoID != 0 && Final(e.Estado) }

// Streams refused by the feed's bounds; the order page reads the order
// again after Retry-After and tries once more.
var (
	// ErrBusy answers a stream that would pass the replica's bound (an
	// order page's: its share, all but the staff reserve).
	ErrBusy = &apperr.Error{Kind: apperr.Unavailable, RetryAfter: 60,
		ES: "Demasiadas conexiones en vivo en este momento. Recarga la página en un minuto.",
		EN: "Too many live connections right now. Reload the page in a minute."}
	// ErrOrderStreams answers an order page past the order's bound.
	ErrOrderStreams = &apperr.Error{Kind: apperr.TooManyRequests, RetryAfter: 30,
		ES: "Este pedido ya se sigue en vivo en demasiadas ventanas. Cierra alguna o recarga la página en un momento.",
		EN: "This order is already followed live in too many windows. Close one or reload the page in a moment."}
	// ErrBoardStreams answers a board past its restaurant's bound.
	ErrBoardStreams = &apperr.Error{Kind: apperr.TooManyRequests, RetryAfter: 30,
		ES: "Este restaurante ya tiene demasiados tableros de pedidos abiertos. Cierra alguno y recarga la página.",
		EN: "This restaurant already has too many order boards open. Close one and reload the page."}
	// ErrAddressStreams answers an order page past its address's bound.
	ErrAddressStreams = &apperr.Error{Kind: apperr.TooManyRequests, RetryAfter: 30,
		ES: "Demasiadas conexiones en vivo desde tu red. Recarga la página en un momento.",
		EN: "Too many live connections from your network. Reload the page in a moment."}
)

// ListenBoard starts a listener of a restaurant's orders (its boards): it
// receives every change committed after ListenBoard returns (so a client
// reads the current state after listening, and misses nothing). Boards may
// take the staff reserve, up to PerRestaurant of one restaurant's. Stop it
// with Stop.
func (f *Feed) ListenBoard(ctx context.Context, t tenant.ID) (*Listener, error) {
	return f.listen(ctx, t.Int64(), 0, "")
}

// ListenOrder starts a listener of one order of a restaurant for a page
// opened from addr (the client's address block, auth.AddressBlock), within
// the bounds of order pages: per order, per address, and all of them
// together short of the staff reserve. Whose order it is and whether it
// may stream are the caller's checks (Service.FollowLive). Stop it with
// Stop.
func (f *Feed) ListenOrder(ctx context.Context, clienteID, pedidoID int64, addr string) (*Listener, error) {
	return f.listen(ctx, clienteID, pedidoID, addr)
}

func orDefault(n, def int) int {
	if n > 0 {
		return n
	}
	return def
}

func (f *Feed) listen(ctx context.Context, clienteID, pedidoID int64, addr string) (*Listener, error) {
	max := orDefault(f.MaxListeners, DefaultMaxListeners)
	var (
		top     int64
		missing []int64
	)
	haveTop := false
	f.mu.Lock()
	for !f.known && !haveTop {
		// Idle until now: read where the feed stands, outside the lock.
		f.mu.Unlock()
		var err error
		if top, missing, err = f.start(ctx); err != nil {
			return nil, err
		}
		haveTop = true
		f.mu.Lock()
	}
	defer f.mu.Unlock()
	page := pedidoID != 0
	switch {
	case page && f.byAddr[addr] >= orDefault(f.PerAddress, DefaultStreamsPerAddress):
		return nil, ErrAddressStreams
	case page && f.byOrder[pedidoID] >= orDefault(f.PerOrder, DefaultStreamsPerOrder):
		return nil, ErrOrderStreams
	case page && f.pages >= max-orDefault(f.StaffReserve, max/10):
		return nil, ErrBusy
	case !page && f.boards[clienteID] >= orDefault(f.PerRestaurant, DefaultBoardsPerRestaurant):
		return nil, ErrBoardStreams
	case len(f.subs) >= max:
		return nil, ErrBusy
	}
	if f.subs == nil {
		f.subs, f.byOrder, f.byAddr, f.boards = map[*Listener]struct{}{}, map[int64]int{}, map[string]int{}, map[int64]int{}
	}
	if !f.known {
		f.last, f.known, f.gaps = top, true, nil
		f.polled++
		f.addGaps(missing)
	}
	l := &Listener{C: make(chan Event, listenerBuffer), clienteID: clienteID, pedidoID: pedidoID, addr: addr}
	f.subs[l] = struct{}{}
	if page {
		f.pages++
		f.byOrder[pedidoID]++
		f.byAddr[addr]++
	} else {
		f.boards[clienteID]++
	}
	return l, nil
}

// startWindow is how far below the highest id a feed that starts looks
// for ids not committed yet (PostgreSQL).
const startWindow = 256

// start reads where the feed stands: the highest id, and on PostgreSQL the
// ids of the last startWindow below it that are missing (events whose
// transactions may still commit).
func (f *Feed) start(ctx context.Context) (int64, []int64, error) {
	var top int64
	if err := f.DB.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM pedido_eventos`).Scan(&top); err != nil || f.DB.Dialect() != store.Postgres {
		return top, nil, err
	}
	rows, err := f.DB.Query(ctx, `SELECT id FROM pedido_eventos WHERE id > ? AND id < ? ORDER BY id`, top-startWindow, top)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	var missing []int64
	next := max(top-startWindow+1, 1)
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return 0, nil, err
		}
		for ; next < id; next++ {
			missing = append(missing, next)
		}
		next = id + 1
	}
	for ; next < top; next++ {
		missing = append(missing, next)
	}
	return top, missing, rows.Err()
}

// addGaps starts looking for ids (f.mu held), up to maxGaps.
func (f *Feed) addGaps(ids []int64) {
	if len(ids) == 0 {
		return
	}
	if f.gaps == nil {
		f.gaps = map[int64]time.Time{}
	}
	until := f.DB.Now().Add(gapWait)
	for _, id := range ids {
		if len(f.gaps) >= maxGaps {
			return
		}
		f.gaps[id] = until
	}
}

// Stop ends a listener.
func (f *Feed) Stop(l *Listener) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.subs[l]; !ok {
		return
	}
	delete(f.subs, l)
	if l.pedidoID != 0 {
		f.pages--
		if f.byOrder[l.pedidoID]--; f.byOrder[l.pedidoID] == 0 {
			delete(f.byOrder, l.pedidoID)
		}
		if f.byAddr[l.addr]--; f.byAddr[l.addr] == 0 {
			delete(f.byAddr, l.addr)
		}
	} else if f.boards[l.clienteID]--; f.boards[l.clienteID] == 0 {
		delete(f.boards, l.clienteID)
	}
	if len(f.subs) == 0 {
		f.known = false // idle: the next listener starts from the present
	}
}

// Listeners is how many streams are open on this replica.
func (f *Feed) Listeners() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.subs)
}

// Kick makes the running feed read at once (a change was just committed
// here).
func (f *Feed) Kick() {
	f.mu.Lock()
	if f.kick == nil {
		f.kick = make(chan struct{}, 1)
	}
	k := f.kick
	f.mu.Unlock()
	select {
	case k <- struct{}{}:
	default:
	}
}

// Poll reads the changes since the last poll and hands them to the
// listeners. With no listener it reads nothing.
func (f *Feed) Poll(ctx context.Context) error {
	f.mu.Lock()
	n, known, last, polled := len(f.subs), f.known, f.last, f.polled
	var missing []int64
	now := f.DB.Now()
	for id, until := range f.gaps {
		if now.After(until) {
			delete(f.gaps, id) // rolled back
		} else {
			missing = append(missing, id)
		}
	}
	f.mu.Unlock()
	if n == 0 || !known {
		return nil
	}
	q, args := `SELECT id, cliente_id, pedido_id, estado FROM pedido_eventos WHERE id > ? ORDER BY id LIMIT 500`, []any{last}
	if len(missing) > 0 {
		q, args = `SELECT id, cliente_id, pedido_id, estado FROM pedido_eventos WHERE id > ? OR id = ANY(?::bigint[]) ORDER BY id LIMIT 500`, []any{last, missing}
	}
	rows, err := f.DB.Query(ctx, q, args...)
	if err != nil {
		return err
	}
	var evs []Event
	for rows.Next() {
		var e Event
		if err := rows.Scan(&e.ID, &e.clienteID, &e.PedidoID, &e.Estado); err != nil {
			rows.Close()
			return err
		}
		evs = append(evs, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(evs) == 0 {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.known || f.polled != polled {
		return nil // a restart or another poll moved on meanwhile
	}
	f.polled++
	var skipped []int64
	for _, e := range evs {
		if e.ID <= f.last {
			delete(f.gaps, e.ID) // committed after a higher id was read
			continue
		}
		if f.DB.Dialect() == store.Postgres {
			for id := max(f.last+1, e.ID-maxGaps); id < e.ID; id++ {
				skipped = append(skipped, id)
			}
		}
		f.last = e.ID
	}
	f.addGaps(skipped)
	for l := range f.subs {
		for _, e := range evs {
			if e.clienteID != l.clienteID || (l.pedidoID != 0 && e.PedidoID != l.pedidoID) {
				continue
			}
			select {
			case l.C <- e:
			default:
			}
		}
	}
	return nil
}

// Run polls every interval (and at once when kicked) until ctx ends.
// opts add to the job's options (jobs.Measured).
func (f *Feed) Run(ctx context.Context, interval time.Duration, log func(error), opts ...jobs.Option) {
	f.mu.Lock()
	if f.kick == nil {
		f.kick = make(chan struct{}, 1)
	}
	k := f.kick
	f.mu.Unlock()
	jobs.Every(ctx, "order_feed", interval, func(pctx context.Context) error {
		err := f.Poll(pctx)
		if err != nil && ctx.Err() == nil && log != nil {
			log(err)
		}
		return err
	}, append([]jobs.Option{jobs.Delayed(), jobs.Kicked(k)}, opts...)...)
}

package ordering

import (
	"context"
	"sync"
	"time"

	"carta/internal/apperr"
	"carta/internal/store"
)

// Feed delivers order changes to the live boards and order pages of this
// replica. Changes are rows of pedido_eventos, written in the same
// transaction as the change itself; the feed reads the rows past the last
// one it saw, so a change made through any replica reaches every replica's
// listeners (one indexed read per interval, only while someone listens).
type Feed struct {
	DB *store.DB
	// MaxListeners bounds the open streams of this replica (memory stays
	// bounded whatever anonymous clients open); 2000 when 0.
	MaxListeners int

	mu    sync.Mutex
	subs  map[*Listener]struct{}
	last  int64
	known bool // last has been read from the database
	kick  chan struct{}
}

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
}

// ErrBusy answers a stream that would pass the replica's bound.
var ErrBusy = apperr.E(apperr.Unavailable, "Demasiadas conexiones en vivo en este momento. Recarga la página en un minuto.",
	"Too many live connections right now. Reload the page in a minute.")

// Listen starts a listener of a restaurant's orders (pedidoID 0) or of one
// order: it receives every change committed after Listen returns (so a
// client reads the current state after listening, and misses nothing).
// Stop it with Stop.
func (f *Feed) Listen(ctx context.Context, clienteID, pedidoID int64) (*Listener, error) {
	max := f.MaxListeners
	if max <= 0 {
		max = 2000
	}
	var top int64
	haveTop := false
	f.mu.Lock()
	for !f.known && !haveTop {
		// Idle until now: read where the feed stands, outside the lock.
		f.mu.Unlock()
		if err := f.DB.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM pedido_eventos`).Scan(&top); err != nil {
			return nil, err
		}
		haveTop = true
		f.mu.Lock()
	}
	defer f.mu.Unlock()
	if len(f.subs) >= max {
		return nil, ErrBusy
	}
	if f.subs == nil {
		f.subs = map[*Listener]struct{}{}
	}
	if !f.known {
		f.last, f.known = top, true
	}
	l := &Listener{C: make(chan Event, listenerBuffer), clienteID: clienteID, pedidoID: pedidoID}
	f.subs[l] = struct{}{}
	return l, nil
}

// Stop ends a listener.
func (f *Feed) Stop(l *Listener) {
	f.mu.Lock()
	delete(f.subs, l)
	if len(f.subs) == 0 {
		f.known = false // idle: the next listener starts from the present
	}
	f.mu.Unlock()
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
	n, known, last := len(f.subs), f.known, f.last
	f.mu.Unlock()
	if n == 0 || !known {
		return nil
	}
	rows, err := f.DB.Query(ctx, `SELECT id, cliente_id, pedido_id, estado FROM pedido_eventos WHERE id > ? ORDER BY id LIMIT 500`, last)
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
	if !f.known || f.last != last {
		return nil // a listener change or another poll moved on meanwhile
	}
	f.last = evs[len(evs)-1].ID
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
func (f *Feed) Run(ctx context.Context, interval time.Duration, log func(error)) {
	f.mu.Lock()
	if f.kick == nil {
		f.kick = make(chan struct{}, 1)
	}
	k := f.kick
	f.mu.Unlock()
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-k:
		}
		if err := f.Poll(ctx); err != nil && ctx.Err() == nil && log != nil {
			log(err)
		}
	}
}

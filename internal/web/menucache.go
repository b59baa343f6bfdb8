package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"carta/internal/apperr"
	"carta/internal/clientes"
	"carta/internal/menu"
	"carta/internal/store"
	"carta/internal/tenant"
)

// menuCache keeps rendered public menu responses. An entry is valid while
// the restaurant's menu_version is unchanged; every owner change bumps the
// version in the database, so every replica sees it on the next request.
//
// The menu state itself (version, suspended or not) is kept in memory
// (see stateTTL), so the hot path touches no database at all: a change
// made through this replica is seen at once (every successful write clears
// the states), one made through another replica within staleMax.
type menuCache struct {
	mu      sync.RWMutex
	entries map[string]cachedBody
	bytes   int // of the entries' bodies, bounded by menuCacheMaxBytes
	states  map[int64]cachedState
	indexes map[int64]Index
	gen     uint64 // bumped by forgetStates
	flight  singleflight.Group
}

// Index is what exists in one version of a restaurant's menu: a public
// read naming anything else is answered without touching the database or
// the cache, so made-up ids cannot grow it.
type Index struct {
	version int64
	Cats    map[int64]bool
	PosCats map[string]bool
}

type cachedState struct {
	st      menuState
	fetched time.Time
}

// menuState is a restaurant's menu state with the ETag of its responses.
type menuState struct {
	menu.State
	etag []string // the header's value, shared by the requests of this version
}

// stateTTL is how long a menu state is used without asking the database;
// until staleMax it is still answered at once while one background read
// refreshes it, so no diner's request waits for the database under load.
const (
	stateTTL = time.Second
	staleMax = 2 * stateTTL
)

// state returns the restaurant's menu state, from memory when fresh.
func (c *menuCache) state(ctx context.Context, db *store.DB, id int64) (menuState, error) {
	now := db.Now()
	c.mu.RLock()
	cs, ok := c.states[id]
	gen := c.gen
	c.mu.RUnlock()
	if ok {
		age := now.Sub(cs.fetched)
		if age < stateTTL {
			return cs.st, nil
		}
		if age < staleMax {
			c.flight.DoChan(strconv.FormatInt(id, 10), func() (any, error) {
				return c.fetchState(db, id, gen)
			})
			return cs.st, nil
		}
	}
	// No usable entry: one request reads the database and the others wait
	// for its answer instead of all querying at once.
	ch := c.flight.DoChan(strconv.FormatInt(id, 10), func() (any, error) {
		return c.fetchState(db, id, gen)
	})
	select {
	case res := <-ch:
		if res.Err != nil {
			return menuState{}, res.Err
		}
		return res.Val.(menuState), nil
	case <-ctx.Done():
		return menuState{}, ctx.Err()
	}
}

// fetchState reads a menu state and keeps it, unless a write cleared the
// states since gen (the read may predate the write). It does not depend on
// the asking request: a diner who goes away does not fail the others.
func (c *menuCache) fetchState(db *store.DB, id int64, gen uint64) (menuState, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	now := db.Now()
	ms, err := menu.GetState(ctx, db, tenant.PublicMenu(id))
	if err != nil {
		return menuState{}, err
	}
	st := menuState{State: ms}
	st.etag = []string{`W/"c` + strconv.FormatInt(id, 10) + "-v" + strconv.FormatInt(st.Version, 10) + `"`}
	c.mu.Lock()
	if c.gen == gen {
		if c.states == nil || len(c.states) >= menuCacheMax {
			c.states = make(map[int64]cachedState)
		}
		c.states[id] = cachedState{st, now}
	}
	c.mu.Unlock()
	return st, nil
}

// forget drops the cached state of one restaurant, after this replica
// changed its menu: the next read takes the new version from the database
// (a read that started before is not stored after it: the generation).
func (c *menuCache) forget(id int64) {
	c.mu.Lock()
	delete(c.states, id)
	c.gen++
	c.mu.Unlock()
}

type cachedBody struct {
	version int64
	body    body
}

// The cache's bounds: entries (responses kept) and their bytes (plain and
// gzip together). Past either, it starts again empty: keys are validated
// against the menu first, so only real menus fill it.
const (
	menuCacheMax      = 4096
	menuCacheMaxBytes = 64 << 20
)

func (c *menuCache) get(key string, version int64) (body, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	e, ok := c.entries[key]
	if !ok || e.version != version {
		return body{}, false
	}
	return e.body, true
}

// put keeps b for the given menu version.
func (c *menuCache) put(key string, version int64, b body) body {
	size := len(b.raw) + len(b.gz)
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.entries[key]; ok {
		c.bytes -= len(old.body.raw) + len(old.body.gz)
	}
	if c.entries == nil || len(c.entries) >= menuCacheMax || c.bytes+size > menuCacheMaxBytes {
		c.entries = make(map[string]cachedBody, 256)
		c.bytes = 0
	}
	c.entries[key] = cachedBody{version, b}
	c.bytes += size
	return b
}

// index returns what exists in the restaurant's menu at st's version,
// read once per version.
func (c *menuCache) index(ctx context.Context, db *store.DB, id int64, version int64) (Index, error) {
	c.mu.RLock()
	ix, ok := c.indexes[id]
	c.mu.RUnlock()
	if ok && ix.version == version {
		return ix, nil
	}
	cats, posCats, err := menu.Index(ctx, db, tenant.PublicMenu(id))
	if err != nil {
		return Index{}, err
	}
	ix = Index{version: version, Cats: make(map[int64]bool, len(cats)), PosCats: make(map[string]bool, len(posCats))}
	for _, c := range cats {
		ix.Cats[c] = true
	}
	for _, p := range posCats {
		ix.PosCats[p] = true
	}
	c.mu.Lock()
	if c.indexes == nil || len(c.indexes) >= menuCacheMax {
		c.indexes = make(map[int64]Index)
	}
	c.indexes[id] = ix
	c.mu.Unlock()
	return ix, nil
}

// ErrMenuUnavailable answers for an unknown or suspended restaurant.
var ErrMenuUnavailable = apperr.E(apperr.NotFound, "Este menú no está disponible en este momento.", "This menu is not available right now.")

// ServeMenu answers a public, cacheable menu read of restaurant clienteID.
// The ETag is derived from the restaurant's menu version, so a
// revalidation (If-None-Match) costs no database read and no rendering;
// unchanged bodies come from memory. Unknown and suspended restaurants get
// the same neutral 404. key names the response among the restaurant's
// (cache-busting query parameters such as v= are not part of it); exists,
// when set, checks that what the read names is in this version of the menu
// (before anything is built or cached); build makes the body with the
// context it is given, whose reads go to the read replica when it has this
// version of the menu (readCtx). Errors are returned, not written.
func (s *Site) ServeMenu(w http.ResponseWriter, r *http.Request, clienteID int64, key string, exists func(Index) bool, build func(context.Context, tenant.Public) (any, error)) error {
	st, err := s.cache.state(r.Context(), s.Menu.DB, clienteID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && st.Estado == clientes.EstadoSuspendido) {
		return ErrMenuUnavailable
	}
	if err != nil {
		return err
	}
	if exists != nil {
		ix, err := s.cache.index(r.Context(), s.Menu.DB, clienteID, st.Version)
		if err != nil {
			return err
		}
		if !exists(ix) {
			return menu.ErrCategoryNotFound
		}
	}
	h := w.Header()
	h["Etag"] = st.etag
	h["Cache-Control"] = publicNoCache
	h["Vary"] = varyEncoding // also on 304s
	if match := r.Header.Get("If-None-Match"); match != "" && etagMatch(match, st.etag[0]) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	key = strconv.FormatInt(clienteID, 10) + "|" + key
	b, ok := s.cache.get(key, st.Version)
	if !ok {
		v, err := build(s.readCtx(r.Context(), clienteID, st.Version), tenant.PublicMenu(clienteID))
		if err != nil {
			return err
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b = s.cache.put(key, st.Version, newBody(append(raw, '\n')))
	}
	h["Content-Type"] = contentTypeJSON
	_, _ = w.Write(b.pick(w, r))
	return nil
}

// readCtx is ctx marked to read from the read replica
// (store.ReadReplica) when there is one and it has the restaurant's menu
// at version or later — version is the primary's, which every owner's save
// bumps — so a lagging replica never serves a menu older than the one the
// owner just saved: when it is behind (or does not answer) the body is
// read from the primary. Without a replica it is ctx.
func (s *Site) readCtx(ctx context.Context, clienteID, version int64) context.Context {
	db := s.Menu.DB
	if !db.HasReader() {
		return ctx
	}
	rctx := store.ReadReplica(ctx)
	st, err := menu.GetState(rctx, db, tenant.PublicMenu(clienteID))
	if err != nil || st.Version < version {
		return ctx
	}
	return rctx
}

// Header values shared by every menu response (len == cap: an Add copies).
var (
	publicNoCache   = []string{"public, no-cache"}
	varyEncoding    = []string{"Accept-Encoding"}
	contentTypeJSON = []string{"application/json; charset=utf-8"}
)

func etagMatch(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || t == etag || strings.TrimPrefix(t, "W/") == strings.TrimPrefix(etag, "W/") {
			return true
		}
	}
	return false
}

// CacheEntries is how many public menu responses are cached (tests).
func (s *Site) CacheEntries() int {
	s.cache.mu.RLock()
	defer s.cache.mu.RUnlock()
	return len(s.cache.entries)
}

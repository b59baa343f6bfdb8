package api

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
	"carta/internal/respond"
	"carta/internal/store"
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
	states  map[int64]cachedState
	gen     uint64 // bumped by forgetStates
	flight  singleflight.Group
}

type cachedState struct {
	st      menuState
	fetched time.Time
}

// menuState is a restaurant's menu state with the ETag of its responses.
type menuState struct {
	store.MenuState
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
	now := time.Now()
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
	now := time.Now()
	ms, err := store.GetMenuState(ctx, db, id)
	if err != nil {
		return menuState{}, err
	}
	st := menuState{MenuState: ms}
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

// forgetStates drops every cached menu state; called after each write.
func (c *menuCache) forgetStates() {
	c.mu.Lock()
	c.states = nil
	c.gen++
	c.mu.Unlock()
}

type cachedBody struct {
	version int64
	body    body
}

const menuCacheMax = 4096

func (c *menuCache) get(key string, version int64) (body, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	e, ok := c.entries[key]
	if !ok || e.version != version {
		return body{}, false
	}
	return e.body, true
}

// put keeps raw, with its gzip copy, for the given menu version.
func (c *menuCache) put(key string, version int64, raw []byte) body {
	b := newBody(raw)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= menuCacheMax {
		c.entries = make(map[string]cachedBody, 256)
	}
	c.entries[key] = cachedBody{version, b}
	return b
}

var errMenuUnavailable = apperr.E(apperr.NotFound, "Este menú no está disponible en este momento.", "This menu is not available right now.")

// publicMenu answers a public, cacheable menu read. The ETag is derived from
// the restaurant's menu version, so a revalidation (If-None-Match) costs one
// indexed lookup and no rendering; unchanged bodies come from memory.
// Unknown and suspended restaurants get the same neutral 404.
// key names the response among the restaurant's (cache-busting query
// parameters such as v= are not part of it).
func (s *Server) publicMenu(w http.ResponseWriter, r *http.Request, clienteID int64, key string, build func() (any, error)) {
	st, err := s.menuCache.state(r.Context(), s.DB, clienteID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && st.Estado == store.EstadoSuspendido) {
		err = errMenuUnavailable
	}
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	h := w.Header()
	h["Etag"] = st.etag
	h["Cache-Control"] = publicNoCache
	h["Vary"] = varyEncoding // also on 304s
	if match := r.Header.Get("If-None-Match"); match != "" && etagMatch(match, st.etag[0]) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	key = strconv.FormatInt(clienteID, 10) + "|" + key
	b, ok := s.menuCache.get(key, st.Version)
	if !ok {
		v, err := build()
		if err != nil {
			respond.Error(w, r, err)
			return
		}
		raw, err := json.Marshal(v)
		if err != nil {
			respond.Error(w, r, err)
			return
		}
		b = s.menuCache.put(key, st.Version, append(raw, '\n'))
	}
	h["Content-Type"] = contentTypeJSON
	_, _ = w.Write(b.pick(w, r))
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

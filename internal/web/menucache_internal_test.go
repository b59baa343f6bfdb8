package web

import (
	"context"
	"strconv"
	"testing"
	"time"

	"carta/internal/demo"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

func TestMenuStateCache(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		if err := demo.Seed(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		var c menuCache
		ctx := context.Background()
		st, err := c.state(ctx, db, 1)
		if err != nil || st.etag[0] != `W/"c1-v`+strconv.FormatInt(st.Version, 10)+`"` {
			t.Fatalf("state: %+v %v", st, err)
		}

		// A read that started before a write must not put its answer back
		// after the write made this replica forget the restaurant's state.
		c.mu.RLock()
		gen := c.gen
		c.mu.RUnlock()
		c.forget(1)
		if _, err := c.fetchState(db, 1, gen); err != nil {
			t.Fatal(err)
		}
		if _, ok := c.states[1]; ok {
			t.Fatal("a read older than the write was kept")
		}

		// An expired state is answered at once and refreshed in the background;
		// past staleMax it is read again before answering.
		if _, err := db.Exec(ctx, `UPDATE clientes SET menu_version = menu_version + 1 WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		db.Now = func() time.Time { return now }
		c.states = map[int64]cachedState{1: {st, now.Add(-stateTTL - time.Millisecond)}}
		if got, _ := c.state(ctx, db, 1); got.Version != st.Version {
			t.Fatal("an expired state was not answered at once")
		}
		// Join the background refresh it started (or, if it is done already,
		// read again): afterwards the fresh state is kept.
		c.mu.RLock()
		gen = c.gen
		c.mu.RUnlock()
		c.flight.Do("1", func() (any, error) { return c.fetchState(db, 1, gen) })
		if got, _ := c.state(ctx, db, 1); got.Version != st.Version+1 {
			t.Fatal("the state was not refreshed in the background")
		}
		c.mu.Lock()
		c.states = map[int64]cachedState{1: {st, now.Add(-staleMax)}}
		c.mu.Unlock()
		if got, _ := c.state(ctx, db, 1); got.Version != st.Version+1 {
			t.Fatal("a state older than staleMax was answered")
		}
	})
}

// The cache is bounded by bytes: past menuCacheMaxBytes it starts again.
func TestMenuCacheBoundedByBytes(t *testing.T) {
	var c menuCache
	big := newBody(make([]byte, menuCacheMaxBytes/4))
	for i := range 10 {
		c.put(strconv.Itoa(i), 1, big)
		if c.bytes > menuCacheMaxBytes {
			t.Fatalf("after %d puts the cache holds %d bytes", i+1, c.bytes)
		}
	}
	if len(c.entries) > 4 {
		t.Fatalf("%d entries of a quarter of the bound each", len(c.entries))
	}
	// Replacing an entry does not count it twice.
	c = menuCache{}
	for range 10 {
		c.put("same", 1, big)
	}
	if len(c.entries) != 1 || c.bytes != len(big.raw)+len(big.gz) {
		t.Fatalf("replacing: %d entries, %d bytes", len(c.entries), c.bytes)
	}
}

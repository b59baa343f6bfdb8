package api

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
	db := storetest.Open(t, store.SQLite)
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
	// after the write cleared the states.
	c.mu.RLock()
	gen := c.gen
	c.mu.RUnlock()
	c.forgetStates()
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
	c.states = map[int64]cachedState{1: {st, time.Now().Add(-stateTTL - time.Millisecond)}}
	if got, _ := c.state(ctx, db, 1); got.Version != st.Version {
		t.Fatal("an expired state was not answered at once")
	}
	deadline := time.Now().Add(3 * time.Second)
	for {
		if got, _ := c.state(ctx, db, 1); got.Version == st.Version+1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the state was not refreshed in the background")
		}
		time.Sleep(5 * time.Millisecond)
	}
	c.mu.Lock()
	c.states = map[int64]cachedState{1: {st, time.Now().Add(-staleMax)}}
	c.mu.Unlock()
	if got, _ := c.state(ctx, db, 1); got.Version != st.Version+1 {
		t.Fatal("a state older than staleMax was answered")
	}
}

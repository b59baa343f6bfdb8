package api_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"carta/internal/api"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// beats is the heartbeats of the live streams a test server opens, each
// stream's its own channel, driven by the test (no wall clock).
type beats struct {
	mu sync.Mutex
	ch []chan time.Time
}

func (b *beats) start() (<-chan time.Time, func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := make(chan time.Time, 1)
	b.ch = append(b.ch, c)
	return c, func() {}
}

// last is the newest stream's heartbeat.
func (b *beats) last() chan time.Time {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.ch[len(b.ch)-1]
}

// An open order board (issue 30) ends at its next heartbeat once the
// person may no longer read it: removed from the staff (their sessions
// end), their membership of the restaurant gone, signed out. While they
// may, each heartbeat keeps it open; their other restaurant's board goes on.
func TestBoardStreamEndsWhenAccessEnds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx, closeAll := context.WithCancel(context.Background())
		defer closeAll()
		hb := &beats{}
		e := newOrderEnvWith(t, db, func(s *api.Server) { s.Heartbeat = hb.start })
		client := &http.Client{Transport: &http.Transport{}}
		defer client.CloseIdleConnections()
		open := func(path, token string) (liveStream, chan time.Time) {
			t.Helper()
			s := e.stream(ctx, client, path, token, "127.0.0.1")
			if s.status != 200 || s.body != "event: hola\ndata: {}\n" {
				t.Fatalf("%s: %d %q", path, s.status, s.body)
			}
			return s, hb.last()
		}
		alive := func(s liveStream, beat chan time.Time, what string) {
			t.Helper()
			beat <- time.Now()
			if line, err := s.events.ReadString('\n'); err != nil || line != ": latido\n" {
				t.Fatalf("%s: after a heartbeat %q %v, want it open", what, line, err)
			}
			if line, err := s.events.ReadString('\n'); err != nil || line != "\n" {
				t.Fatalf("%s: %q %v", what, line, err)
			}
		}
		ended := func(s liveStream, beat chan time.Time, what string) {
			t.Helper()
			beat <- time.Now()
			// Open, the beat would write its comment line; ended, the body ends.
			if line, err := s.events.ReadString('\n'); err != io.EOF || line != "" {
				t.Fatalf("%s: the stream went on: %q %v", what, line, err)
			}
		}

		// Removed from the staff: their sessions end, and so does the board.
		cook := e.login("cocina@demo.test", "demo-cocina-1")
		s, beat := open("/api/clientes/1/pedidos/eventos", cook)
		alive(s, beat, "the cook, on the staff")
		var cookID int64
		if err := db.QueryRow(ctx, `SELECT id FROM staff_users WHERE email = 'cocina@demo.test'`).Scan(&cookID); err != nil {
			t.Fatal(err)
		}
		if r := e.do("DELETE", fmt.Sprintf("/api/clientes/1/equipo/%d", cookID), e.owner1, nil); r.status != 204 {
			t.Fatalf("remove the cook: %d %s", r.status, r.body)
		}
		ended(s, beat, "the cook, removed")

		// A person of two restaurants loses restaurant 1 (the session stays):
		// its board ends, restaurant 2's goes on.
		if r := e.do("POST", "/api/clientes/1/equipo/vincular", e.admin, map[string]string{"email": "owner2@demo.test", "rol": "gerente"}); r.status != 201 {
			t.Fatalf("link: %d %s", r.status, r.body)
		}
		one, beatOne := open("/api/clientes/1/pedidos/eventos", e.owner2)
		two, beatTwo := open("/api/clientes/2/pedidos/eventos", e.owner2)
		alive(one, beatOne, "restaurant 1's board, a member")
		if _, err := db.Exec(ctx, `DELETE FROM membresias WHERE cliente_id = 1 AND staff_user_id = (SELECT id FROM staff_users WHERE email = 'owner2@demo.test')`); err != nil {
			t.Fatal(err)
		}
		ended(one, beatOne, "restaurant 1's board, no longer a member")
		alive(two, beatTwo, "restaurant 2's board of the same session")

		// Signed out.
		manager := e.login("gerente@demo.test", "demo-gerente-1")
		s, beat = open("/api/clientes/1/pedidos/eventos", manager)
		if r := e.do("POST", "/api/auth/logout", manager, nil); r.status != 204 {
			t.Fatalf("logout: %d %s", r.status, r.body)
		}
		ended(s, beat, "the manager, signed out")

		// The owner's board is untouched by it all.
		s, beat = open("/api/clientes/1/pedidos/eventos", e.owner1)
		alive(s, beat, "the owner")
	})
}

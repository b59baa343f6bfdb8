package api_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/wines"
	"carta/internal/wines/lookup"
)

// chatEndpoint is an OpenAI-compatible chat-completions endpoint that
// knows one wine (a Malbec), does not know names with "desconocido" and
// fails (500) for names with "caído"; it counts the calls that reach it. hold, when set, keeps each call until
// it is closed.
type chatEndpoint struct {
	calls, inFlight, peak atomic.Int32
	hold                  chan struct{}
}

func (c *chatEndpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.calls.Add(1)
	n := c.inFlight.Add(1)
	defer c.inFlight.Add(-1)
	for p := c.peak.Load(); n > p && !c.peak.CompareAndSwap(p, n); p = c.peak.Load() {
	}
	if c.hold != nil {
		<-c.hold
	}
	var req struct {
		Messages []struct{ Content string } `json:"messages"`
	}
	_ = json.NewDecoder(r.Body).Decode(&req)
	last := req.Messages[len(req.Messages)-1].Content
	if strings.Contains(last, "caído") {
		http.Error(w, `{"error":{"message":"upstream down"}}`, http.StatusInternalServerError)
		return
	}
	content := `{"encontrado": true, "nombre": "Catena Malbec", "region": "Mendoza", "pais": "Argentina", "tipo": "tinto", "uvas": ["Malbec"], "maridaje": ["carnes rojas"]}`
	if strings.Contains(last, "desconocido") {
		content = `{"encontrado": false}`
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-test",
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}}})
}

// paidLookupEnv is the API with the wine search on a paid endpoint
// (falling back to the built-in reference), perHour searches per hour and
// concurrent at once.
func paidLookupEnv(t *testing.T, db *store.DB, perHour, concurrent int) (*env, *chatEndpoint) {
	ep := &chatEndpoint{}
	srv := httptest.NewServer(ep)
	t.Cleanup(srv.Close)
	e := newEnv(t, db)
	e.api.Wines.Lookup = lookup.OpenAI{URL: srv.URL, Key: "sk-test", Fallback: lookup.Builtin()}
	e.api.Wines.Paid = wines.NewPaidLookups(e.api.Auth, perHour, concurrent)
	return e, ep
}

// Each restaurant may send so many searches an hour to the paid endpoint:
// past them 429 with Retry-After and nothing reaches the endpoint; other
// restaurants keep theirs; a search the endpoint answered counts even when
// the built-in reference gave the answer, one it failed (a 500, not
// charged) does not; the next hour gives the quota back.
func TestWineLookupQuota(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, ep := paidLookupEnv(t, db, 3, 4)
		search := func(token, name string) result {
			return e.do("POST", "/api/buscar-vino", token, map[string]any{"nombre": name, "año": "", "uva": ""})
		}
		for i := range 2 {
			if r := search(e.owner1, "Catena Malbec"); r.status != 200 || !strings.Contains(r.body, `"fuente":"openai"`) {
				t.Fatalf("search %d: %d %s", i+1, r.status, r.body)
			}
		}
		// The model answered that it did not know the wine (a charged call);
		// the built-in reference knew it: the search still counts.
		if r := search(e.owner1, "Rioja desconocido"); r.status != 200 || !strings.Contains(r.body, `"fuente":"builtin"`) {
			t.Fatalf("search the model did not know: %d %s", r.status, r.body)
		}
		r := search(e.owner1, "Catena Malbec")
		if r.status != 429 || r.header.Get("Retry-After") == "" || r.json["error"] != wines.ErrLookupQuota.ES {
			t.Fatalf("over the quota: %d %q %s", r.status, r.header.Get("Retry-After"), r.body)
		}
		if n := ep.calls.Load(); n != 3 {
			t.Fatalf("%d calls reached the paid endpoint, want 3", n)
		}
		// Another restaurant has its own quota; the endpoint failing and the
		// built-in reference answering costs it nothing.
		for i := range 5 {
			if r := search(e.owner2, "Rioja caído"); r.status != 200 || !strings.Contains(r.body, `"fuente":"builtin"`) {
				t.Fatalf("fallback search %d: %d %s", i+1, r.status, r.body)
			}
		}
		for i := range 3 {
			if r := search(e.owner2, "Catena Malbec"); r.status != 200 {
				t.Fatalf("restaurant 2's search %d after its fallbacks: %d %s", i+1, r.status, r.body)
			}
		}
		if r := search(e.owner2, "Catena Malbec"); r.status != 429 {
			t.Fatalf("restaurant 2 over its quota: %d %s", r.status, r.body)
		}
		// The super admin draws from its own account's quota.
		if r := search(e.admin, "Catena Malbec"); r.status != 200 {
			t.Fatalf("super admin: %d %s", r.status, r.body)
		}
		// An hour later the quota is back.
		later := time.Now().Add(time.Hour + time.Minute)
		e.db.Now = func() time.Time { return later }
		t.Cleanup(func() { e.db.Now = time.Now })
		if r := search(e.login("owner@demo.test", "demo-owner-1"), "Catena Malbec"); r.status != 200 {
			t.Fatalf("the next hour: %d %s", r.status, r.body)
		}
	})
}

// However many searches arrive at once, no more than the bound reach the
// paid endpoint together.
func TestWineLookupConcurrencyBound(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, ep := paidLookupEnv(t, db, 100, 2)
		ep.hold = make(chan struct{})
		const n = 6
		var wg sync.WaitGroup
		statuses := make(chan int, n)
		for range n {
			wg.Go(func() {
				statuses <- e.do("POST", "/api/buscar-vino", e.owner1, map[string]any{"nombre": "Catena Malbec"}).status
			})
		}
		// Let the searches through once two are held at the endpoint.
		for ep.inFlight.Load() < 2 {
			time.Sleep(time.Millisecond) // polling, not waiting for an outcome
		}
		close(ep.hold)
		wg.Wait()
		close(statuses)
		for s := range statuses {
			if s != 200 {
				t.Fatalf("a search answered %d", s)
			}
		}
		if p := ep.peak.Load(); p != 2 {
			t.Fatalf("%d searches at the endpoint at once, want 2", p)
		}
	})
}

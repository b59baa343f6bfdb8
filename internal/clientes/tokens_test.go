package clientes_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"carta/internal/clientes"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// oauthEnv is a restaurant connected to a fake Clover with OAuth v2 tokens.
type oauthEnv struct {
	db    *store.DB
	id    tenant.ID
	srv   *clovertest.Server
	m     clovertest.Merchant
	oauth *clover.OAuth
	clock *clock
	pair  clovertest.Tokens // the tokens stored at start
	// beforeRefresh, when set, runs as each refresh request reaches the fake.
	beforeRefresh atomic.Pointer[func()]
}

// merchants numbers the fake merchants: merchant ids are unique in a database.
var merchants int

func newOAuthEnv(t *testing.T, db *store.DB) *oauthEnv {
	t.Helper()
	ctx := context.Background()
	e := &oauthEnv{db: db, clock: &clock{t: time.Unix(1_700_000_000, 0)}}
	merchants++
	e.m = clovertest.Merchant{ID: fmt.Sprintf("MTS%d", merchants), Token: "legacy-merchant-token", Categories: []pos.Category{{ID: "C1", Name: "Postres"}}}
	e.srv = clovertest.NewServer(t, e.m)
	e.srv.EnableOAuth(clovertest.OAuthConfig{AppID: "APP", AppSecret: "app-secret-xyz", Now: e.clock.Now,
		AccessTTL: time.Hour, RefreshTTL: 24 * time.Hour, BeforeRefresh: func() {
			if f := e.beforeRefresh.Load(); f != nil {
				(*f)()
			}
		}})
	e.oauth = clover.NewOAuth(clover.RegionSandbox, "APP", "app-secret-xyz")
	e.oauth.APIURL = e.srv.URL
	cid, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Tokens", MerchantID: ptr(e.m.ID), Email: "t@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	e.id = tenant.Job(cid)
	e.pair = e.srv.IssueTokens()
	if err := clientes.SetPOSConnection(ctx, db, e.id, clientes.POSConnection{Provider: "clover", Token: e.pair.Access,
		BaseURL: e.srv.URL, TokenExpires: e.pair.AccessExpires}); err != nil {
		t.Fatal(err)
	}
	if err := clientes.SaveTokens(ctx, db, e.id, clientes.Tokens(e.pair)); err != nil {
		t.Fatal(err)
	}
	return e
}

// source is what the app builds per restaurant: one per process (replica).
func (e *oauthEnv) source() *clientes.TokenSource {
	return &clientes.TokenSource{DB: e.db, ID: e.id, Now: e.clock.Now, Margin: 5 * time.Minute,
		Refresh: func(ctx context.Context, rt string) (clientes.Tokens, error) {
			tk, err := e.oauth.Refresh(ctx, rt)
			return clientes.Tokens(tk), err
		}}
}

func (e *oauthEnv) client(src clover.TokenSource) *clover.Client {
	c := clover.New(e.srv.URL, e.m.ID, "")
	c.Tokens = src
	c.Sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
	return c
}

func (e *oauthEnv) reconnect(t *testing.T) bool {
	t.Helper()
	conn, err := clientes.GetPOSConnection(context.Background(), e.db, e.id)
	if err != nil {
		t.Fatal(err)
	}
	return conn.Reconnect
}

func (e *oauthEnv) stored(t *testing.T) clientes.Tokens {
	t.Helper()
	tk, err := clientes.GetTokens(context.Background(), e.db, e.id, false)
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

// N callers that all find the access token about to expire, each with its own TokenSource as N
// replicas would have, cause exactly one refresh; all get the new token, which is stored. On
// PostgreSQL the first refresh is held at the fake until the N-1 others are seen waiting on the
// row lock (pg_stat_activity), so the test proves they queue there rather than relying on timing;
// a second refresh reaching the fake releases it at once, and the test fails. (SQLite serialises
// write transactions as they begin: nothing to observe.)
func TestTokenSourceRefreshesOnceUnderConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for _, shared := range []bool{false, true} {
			name := "one source per caller"
			if shared {
				name = "one shared source"
			}
			t.Run(name, func(t *testing.T) {
				e := newOAuthEnv(t, db)
				e.clock.Advance(58 * time.Minute) // within the 5-minute margin
				const n = 16
				// The n callers stand for n replicas, each with a pool of its
				// own: here they share one, so it holds all n waiting on the
				// row lock and the watcher's query (waitForLockWaiters).
				db.SetMaxConns(n + 2)
				var (
					wg    sync.WaitGroup
					start = make(chan struct{})
					got   = make([]string, n)
					errs  = make([]error, n)
				)
				sharedSrc := e.source()
				release := make(chan struct{})
				var once sync.Once
				open := func() { once.Do(func() { close(release) }) }
				gate := db.Dialect() == store.Postgres && !shared
				if gate {
					var arrivals atomic.Int32
					hold := func() {
						if arrivals.Add(1) == 1 {
							<-release
						} else {
							open() // a second refresh: the lock did not hold them
						}
					}
					e.beforeRefresh.Store(&hold)
				}
				for i := range n {
					wg.Add(1)
					go func() {
						defer wg.Done()
						src := sharedSrc
						if !shared {
							src = e.source()
						}
						<-start
						got[i], errs[i] = src.Token(context.Background())
					}()
				}
				close(start)
				if gate {
					if err := waitForLockWaiters(db, n-1, release); err != nil {
						open()
						wg.Wait()
						t.Fatal(err)
					}
					open()
				}
				wg.Wait()
				for i := range n {
					if errs[i] != nil {
						t.Fatalf("caller %d: %v", i, errs[i])
					}
					if got[i] != got[0] {
						t.Fatalf("callers got different tokens: %q and %q", got[0], got[i])
					}
				}
				if got[0] == e.pair.Access {
					t.Fatal("the old access token was handed out")
				}
				if r := e.srv.Refreshes(); r != 1 {
					t.Fatalf("%d refreshes, want exactly 1", r)
				}
				st := e.stored(t)
				if st.Access != got[0] || st.Refresh == e.pair.Refresh || st.Refresh == "" ||
					st.AccessExpires != e.clock.Now().Add(time.Hour).Unix() {
					t.Fatalf("stored %+v", st)
				}
				// The new token works on the API; a fresh one is not refreshed again.
				if _, err := e.client(e.source()).Categories(context.Background()); err != nil {
					t.Fatal(err)
				}
				if r := e.srv.Refreshes(); r != 1 {
					t.Fatalf("%d refreshes after a call with a fresh token", r)
				}
			})
		}
	})
}

func TestTokenSource(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()

		t.Run("fresh token is used as is", func(t *testing.T) {
			e := newOAuthEnv(t, db)
			e.clock.Advance(30 * time.Minute)
			tok, err := e.source().Token(ctx)
			if err != nil || tok != e.pair.Access || e.srv.Refreshes() != 0 {
				t.Fatalf("got %q, %v, %d refreshes", tok, err, e.srv.Refreshes())
			}
		})

		t.Run("legacy token without refresh token", func(t *testing.T) {
			e := newOAuthEnv(t, db)
			if err := clientes.SaveTokens(ctx, db, e.id, clientes.Tokens{Access: e.m.Token}); err != nil {
				t.Fatal(err)
			}
			e.clock.Advance(1000 * time.Hour)
			c := e.client(e.source())
			if _, err := c.Categories(ctx); err != nil {
				t.Fatal(err)
			}
			if e.srv.Refreshes() != 0 || e.reconnect(t) {
				t.Fatalf("refreshes %d, reconnect %v", e.srv.Refreshes(), e.reconnect(t))
			}
		})

		t.Run("revoked refresh token marks reconnect", func(t *testing.T) {
			e := newOAuthEnv(t, db)
			e.srv.RevokeAll()
			e.clock.Advance(59 * time.Minute)
			_, err := e.source().Token(ctx)
			if !errors.Is(err, pos.ErrUnauthorized) || !errors.Is(err, clover.ErrGrantRefused) {
				t.Fatalf("got %v, want a reconnect-needed error", err)
			}
			if !e.reconnect(t) {
				t.Fatal("the restaurant was not marked for reconnection")
			}
			assertNoToken(t, err, e.pair.Access, e.pair.Refresh)
			// Through the REST client: the sync sees pos.ErrUnauthorized, and nothing was retried.
			_, err = e.client(e.source()).Categories(ctx)
			if !errors.Is(err, pos.ErrUnauthorized) || e.srv.Requests("/v3/merchants/"+e.m.ID+"/categories") != 0 {
				t.Fatalf("categories: %v", err)
			}
			// Connecting again (new tokens) clears the mark.
			if err := clientes.SaveTokens(ctx, db, e.id, clientes.Tokens(e.srv.IssueTokens())); err != nil {
				t.Fatal(err)
			}
			if e.reconnect(t) {
				t.Fatal("still marked after new tokens")
			}
		})

		t.Run("refresh token past its date is not sent", func(t *testing.T) {
			e := newOAuthEnv(t, db)
			e.clock.Advance(25 * time.Hour)
			_, err := e.source().Token(ctx)
			if !errors.Is(err, clientes.ErrRefreshExpired) || !errors.Is(err, pos.ErrUnauthorized) {
				t.Fatalf("got %v", err)
			}
			if !e.reconnect(t) || len(callsTo(e.srv, "/oauth/v2/refresh")) != 0 {
				t.Fatalf("reconnect %v, refresh calls %d", e.reconnect(t), len(callsTo(e.srv, "/oauth/v2/refresh")))
			}
		})

		t.Run("refresh unavailable while the token still works", func(t *testing.T) {
			e := newOAuthEnv(t, db)
			e.clock.Advance(57 * time.Minute)
			e.srv.FailNextOn("POST /oauth/v2/refresh", 503, "", 1)
			tok, err := e.source().Token(ctx)
			if err != nil || tok != e.pair.Access || e.reconnect(t) {
				t.Fatalf("got %q, %v, reconnect %v", tok, err, e.reconnect(t))
			}
			// The next call refreshes.
			tok, err = e.source().Token(ctx)
			if err != nil || tok == e.pair.Access || e.srv.Refreshes() != 1 {
				t.Fatalf("got %q, %v, %d refreshes", tok, err, e.srv.Refreshes())
			}
		})

		t.Run("refresh unavailable and the token expired", func(t *testing.T) {
			e := newOAuthEnv(t, db)
			e.clock.Advance(61 * time.Minute)
			e.srv.FailNextOn("POST /oauth/v2/refresh", 500, "", 1)
			_, err := e.source().Token(ctx)
			if !errors.Is(err, pos.ErrUnavailable) || errors.Is(err, pos.ErrUnauthorized) || e.reconnect(t) {
				t.Fatalf("got %v, reconnect %v", err, e.reconnect(t))
			}
			// The REST client retries it (its Sleep is injected) and gets through.
			e.srv.FailNextOn("POST /oauth/v2/refresh", 500, "", 1)
			if _, err := e.client(e.source()).Categories(ctx); err != nil {
				t.Fatal(err)
			}
			if e.srv.Refreshes() != 1 {
				t.Fatalf("%d refreshes", e.srv.Refreshes())
			}
		})

		t.Run("401 with a fresh token marks reconnect", func(t *testing.T) {
			e := newOAuthEnv(t, db)
			e.srv.Revoke(e.pair.Access) // e.g. the merchant uninstalled the app
			_, err := e.client(e.source()).Categories(ctx)
			if !errors.Is(err, pos.ErrUnauthorized) {
				t.Fatalf("got %v", err)
			}
			if !e.reconnect(t) {
				t.Fatal("the restaurant was not marked for reconnection")
			}
			assertNoToken(t, err, e.pair.Access, e.pair.Refresh)
		})

		t.Run("401 with a token replaced meanwhile does not", func(t *testing.T) {
			e := newOAuthEnv(t, db)
			if err := e.source().Refused(ctx, "acc-an-older-token"); err != nil {
				t.Fatal(err)
			}
			if e.reconnect(t) {
				t.Fatal("marked for a token that is no longer the restaurant's")
			}
		})

		t.Run("no OAuth app configured", func(t *testing.T) {
			e := newOAuthEnv(t, db)
			e.clock.Advance(59 * time.Minute)
			src := &clientes.TokenSource{DB: db, ID: e.id, Now: e.clock.Now}
			tok, err := src.Token(ctx)
			if err != nil || tok != e.pair.Access || e.srv.Refreshes() != 0 {
				t.Fatalf("got %q, %v", tok, err)
			}
		})
	})
}

// waitForLockWaiters polls PostgreSQL until want sessions wait on a lock while reading the tokens,
// or released closes; it gives up after 20 s.
func waitForLockWaiters(db *store.DB, want int, released <-chan struct{}) error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		select {
		case <-released:
			return nil
		default:
		}
		var waiting int
		err := db.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
			WHERE wait_event_type = 'Lock' AND query LIKE '%pos_refresh_token%FOR UPDATE%'`).Scan(&waiting)
		if err != nil {
			return err
		}
		if waiting >= want {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("only %d of %d callers queued on the row lock", waiting, want)
		}
	}
}

func callsTo(srv *clovertest.Server, path string) []clovertest.Call {
	var out []clovertest.Call
	for _, c := range srv.Calls() {
		if c.Path == path {
			out = append(out, c)
		}
	}
	return out
}

func assertNoToken(t *testing.T, err error, tokens ...string) {
	t.Helper()
	for _, tok := range tokens {
		if strings.Contains(err.Error(), tok) {
			t.Fatalf("error holds a token: %v", err)
		}
	}
}

// Refreshes share a process's slots (TokenSource.Slots): while restaurant A's refresh holds the
// only slot (its POS slow to answer), restaurant B's caller whose token still works gets that
// token at once, without a refresh and without a database connection held; once B's token has
// expired, its caller waits for the slot, and its refresh reaches the POS only after A's ended.
func TestTokenRefreshesShareBoundedSlots(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := newOAuthEnv(t, db), newOAuthEnv(t, db)
		slots := make(chan struct{}, 1)
		srcA, srcB := a.source(), b.source()
		srcA.Slots, srcB.Slots = slots, slots
		arrived, release := make(chan struct{}), make(chan struct{})
		var (
			released atomic.Bool
			once     sync.Once
		)
		open := func() { released.Store(true); once.Do(func() { close(release) }) }
		defer open() // a failure below must not leave A's refresh held
		holdA := func() { close(arrived); <-release }
		a.beforeRefresh.Store(&holdA)
		var early atomic.Bool
		checkB := func() {
			if !released.Load() {
				early.Store(true)
			}
		}
		b.beforeRefresh.Store(&checkB)

		a.clock.Advance(58 * time.Minute)
		b.clock.Advance(58 * time.Minute)
		var (
			gotA string
			errA error
			wg   sync.WaitGroup
		)
		wg.Add(1)
		go func() { defer wg.Done(); gotA, errA = srcA.Token(ctx) }()
		<-arrived

		got, err := srcB.Token(ctx)
		if err != nil || got != b.pair.Access {
			t.Fatalf("B with a working token while the slot is taken: %q, %v; want its current token", got, err)
		}
		if r := b.srv.Refreshes(); r != 0 {
			t.Fatalf("B refreshed %d times while the slot was taken", r)
		}

		b.clock.Advance(3 * time.Minute) // B's token has expired
		var (
			gotB string
			errB error
		)
		wg.Add(1)
		go func() { defer wg.Done(); gotB, errB = srcB.Token(ctx) }()
		open()
		wg.Wait()
		if errA != nil || gotA == a.pair.Access || gotA == "" {
			t.Fatalf("A: %q, %v; want a new token", gotA, errA)
		}
		if errB != nil || gotB == b.pair.Access || gotB == "" {
			t.Fatalf("B after expiry: %q, %v; want a new token", gotB, errB)
		}
		if early.Load() {
			t.Fatal("B's refresh reached the POS while A's held the only slot")
		}
		if ra, rb := a.srv.Refreshes(), b.srv.Refreshes(); ra != 1 || rb != 1 {
			t.Fatalf("refreshes: A %d, B %d; want 1 each", ra, rb)
		}
		if len(slots) != 0 {
			t.Fatalf("%d slots still taken", len(slots))
		}
	})
}

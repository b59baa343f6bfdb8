package onboarding_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/onboarding"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// countingConnector is the demo connector that counts the codes it was
// given: a refused connection must not spend the merchant's code.
type countingConnector struct {
	onboarding.DemoConnector
	calls *atomic.Int32
}

func (c countingConnector) Connect(ctx context.Context, merchantID, code string) (onboarding.Connection, error) {
	c.calls.Add(1)
	return c.DemoConnector.Connect(ctx, merchantID, code)
}

// restaurantCount counts the restaurants.
func restaurantCount(t *testing.T, db *store.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM clientes`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// withOwner creates a restaurant (pendiente, not connected) with its owner
// and returns it and the owner as a principal.
func withOwner(t *testing.T, s *onboarding.Service, nombre, merchantID string) (clientes.Cliente, *tenant.Principal) {
	t.Helper()
	ctx := context.Background()
	c, err := s.Create(ctx, onboarding.NewCliente{Nombre: nombre, MerchantID: merchantID})
	if err != nil {
		t.Fatal(err)
	}
	uid, err := auth.CreateStaffUser(ctx, s.DB, auth.StaffUser{Email: strings.ToLower(merchantID) + "@owner.example", PasswordHash: "x",
		Role: tenant.RoleCliente, ClienteID: &c.ID})
	if err != nil {
		t.Fatal(err)
	}
	return c, tenant.NewPrincipal(tenant.PrincipalFields{Role: tenant.RoleCliente, SubjectID: uid, ClienteID: c.ID,
		Members: map[int64]tenant.StaffRole{c.ID: tenant.Propietario}})
}

// callbackOf reads the callback a browser sent to authorize lands on (the
// demo connector sends it straight there).
func callbackOf(t *testing.T, raw string) onboarding.Callback {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil || u.Path != onboarding.CallbackPath || u.Host != "carta.example" {
		t.Fatalf("authorize URL %q: %v", raw, err)
	}
	q := u.Query()
	return onboarding.Callback{MerchantID: q.Get("merchant_id"), ClientID: q.Get("client_id"), Code: q.Get("code"), State: q.Get("state")}
}

func estadoOf(t *testing.T, db *store.DB, id int64) clientes.Cliente {
	t.Helper()
	c, err := clientes.Get(context.Background(), db, tenant.Job(id))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The OAuth callback completes only a connection Carta started: without a
// state, with a forged, expired or spent one, or with a state bound to
// another merchant, nothing is created or changed; with the demo connector,
// the state an owner started connects their restaurant (and activates it).
func TestCallbackCompletesOnlyAConnectionCartaStarted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, clk := newService(t, db, onboarding.DemoConnector{})
		a, owner := withOwner(t, s, "Casa A", "MSTATEA")
		b, _ := withOwner(t, s, "Casa B", "MSTATEB")
		before := restaurantCount(t, db)
		unchanged := func(what string) {
			t.Helper()
			if n := restaurantCount(t, db); n != before {
				t.Fatalf("%s: %d restaurants, want %d", what, n, before)
			}
			for _, c := range []clientes.Cliente{a, b} {
				if got := estadoOf(t, db, c.ID); got.Estado != clientes.EstadoPendiente || got.POSConectado {
					t.Fatalf("%s: %s is %s, connected %v", what, got.Nombre, got.Estado, got.POSConectado)
				}
			}
		}

		// Anonymous callbacks: no state, a forged one; a new merchant and an
		// existing pendiente restaurant alike.
		for _, cb := range []onboarding.Callback{
			{MerchantID: "MANY", Code: "demo-x"},
			{MerchantID: "MSTATEA", Code: "demo-x"},
			{MerchantID: "MSTATEA", Code: "demo-x", State: strings.Repeat("A", 43)},
			{MerchantID: "MSTATEA", Code: "demo-x", State: strings.Repeat("B", 500)},
		} {
			if _, err := s.Complete(ctx, cb); !isErr(err, onboarding.ErrStateInvalid) {
				t.Fatalf("%+v: %v", cb, err)
			}
		}
		unchanged("anonymous callbacks")

		// The owner starts; the state is stored only as its hash.
		to, err := s.StartConnect(ctx, owner, mustTenant(t, owner, a.ID))
		if err != nil {
			t.Fatal(err)
		}
		cb := callbackOf(t, to)
		if cb.MerchantID != "MSTATEA" || !strings.HasPrefix(cb.Code, "demo-") || len(cb.State) < 40 {
			t.Fatalf("callback %+v", cb)
		}
		var stored int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM pos_connect_states WHERE state_hash = ?`, cb.State).Scan(&stored); err != nil || stored != 0 {
			t.Fatalf("state stored in clear: %d %v", stored, err)
		}
		// Used with merchant B: refused, and spent.
		if _, err := s.Complete(ctx, onboarding.Callback{MerchantID: "MSTATEB", Code: cb.Code, State: cb.State}); !isErr(err, onboarding.ErrStateMerchant) {
			t.Fatalf("state of A with merchant B: %v", err)
		}
		unchanged("state of A with merchant B")
		if _, err := s.Complete(ctx, cb); !isErr(err, onboarding.ErrStateInvalid) {
			t.Fatalf("a state refused once is spent: %v", err)
		}

		// Expired: refused.
		to, err = s.StartConnect(ctx, owner, mustTenant(t, owner, a.ID))
		if err != nil {
			t.Fatal(err)
		}
		clk.add(onboarding.StateTTL)
		if _, err := s.Complete(ctx, callbackOf(t, to)); !isErr(err, onboarding.ErrStateInvalid) {
			t.Fatalf("expired state: %v", err)
		}
		unchanged("expired state")

		// The owner's own, in time: A is connected to the demo POS and,
		// having its owner, activo. B is untouched.
		to, err = s.StartConnect(ctx, owner, mustTenant(t, owner, a.ID))
		if err != nil {
			t.Fatal(err)
		}
		clk.add(onboarding.StateTTL - 1e9)
		cb = callbackOf(t, to)
		done, err := s.Complete(ctx, cb)
		if err != nil {
			t.Fatal(err)
		}
		if done.Cliente.ID != a.ID || done.Cliente.Estado != clientes.EstadoActivo || !done.Cliente.POSConectado ||
			done.Cliente.POSProvider != "demo" || done.StartedBy != onboarding.StartedByOwner {
			t.Fatalf("completed: %+v", done)
		}
		if got := estadoOf(t, db, b.ID); got.Estado != clientes.EstadoPendiente || got.POSConectado {
			t.Fatalf("B changed: %+v", got)
		}
		// Replayed: refused.
		if _, err := s.Complete(ctx, cb); !isErr(err, onboarding.ErrStateInvalid) {
			t.Fatalf("replayed callback: %v", err)
		}
		if n := restaurantCount(t, db); n != before {
			t.Fatalf("restaurants %d, want %d", n, before)
		}

		// Offline there is no App Market: nobody but staff starts.
		if _, err := s.Launch(ctx, "MSTATEB", "", "203.0.113.1"); !isErr(err, onboarding.ErrNoAppMarket) {
			t.Fatalf("app market launch offline: %v", err)
		}
		// A restaurant without a merchant id cannot start.
		c, err := s.Create(ctx, onboarding.NewCliente{Nombre: "Sin merchant"})
		if err != nil {
			t.Fatal(err)
		}
		admin := tenant.NewPrincipal(tenant.PrincipalFields{Role: tenant.RoleSuperAdmin, SubjectID: 1})
		if _, err := s.StartConnect(ctx, admin, mustTenant(t, admin, c.ID)); !isErr(err, onboarding.ErrNoMerchant) {
			t.Fatalf("no merchant id: %v", err)
		}
	})
}

// Two callbacks with one state at once (a double click, two replicas):
// exactly one connects.
func TestStateIsSpentOnceUnderRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, _ := newService(t, db, onboarding.DemoConnector{})
		a, owner := withOwner(t, s, "Casa Carrera", "MRACE1")
		to, err := s.StartConnect(ctx, owner, mustTenant(t, owner, a.ID))
		if err != nil {
			t.Fatal(err)
		}
		cb := callbackOf(t, to)
		var ok, refused atomic.Int32
		done := make(chan struct{})
		for range 4 {
			go func() {
				defer func() { done <- struct{}{} }()
				_, err := s.Complete(ctx, cb)
				switch {
				case err == nil:
					ok.Add(1)
				case isErr(err, onboarding.ErrStateInvalid):
					refused.Add(1)
				default:
					t.Error(err)
				}
			}()
		}
		for range 4 {
			<-done
		}
		if ok.Load() != 1 || refused.Load() != 3 {
			t.Fatalf("%d connected, %d refused; want 1 and 3", ok.Load(), refused.Load())
		}
	})
}

// The App Market launch is public: called again and again for one
// restaurant (from many addresses) it keeps only that restaurant's newest
// launch states, the newest still completes, and a connection its owner
// started meanwhile is not voided; one address may launch only so often.
func TestLaunchesKeepAFewStatesPerRestaurant(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		srv := clovertest.NewServer(t, clovertest.Merchant{ID: "MFLOOD", Token: "legacy"})
		srv.EnableOAuth(clovertest.OAuthConfig{AppID: "app-1", AppSecret: "secret-1"})
		oauth := clover.NewOAuth(clover.RegionSandbox, "app-1", "secret-1")
		oauth.APIURL, oauth.WebURL = srv.URL, srv.URL
		s, _ := newService(t, db, onboarding.CloverConnector{OAuth: oauth, APIURL: srv.URL})
		s.AppID = "app-1"
		c, owner := withOwner(t, s, "Casa Inundada", "MFLOOD")
		ownerStarted, err := s.StartConnect(ctx, owner, mustTenant(t, owner, c.ID))
		if err != nil {
			t.Fatal(err)
		}
		var first, last string
		for i := range 40 {
			to, err := s.Launch(ctx, "MFLOOD", "app-1", fmt.Sprintf("198.51.100.%d", i))
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = to
			}
			last = to
		}
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM pos_connect_states WHERE started_by = 'app_market'`).Scan(&n); err != nil || n != onboarding.MaxLiveStates {
			t.Fatalf("%d launch states after 40 launches (%v), want %d", n, err, onboarding.MaxLiveStates)
		}
		if _, err := s.Complete(ctx, onboarding.Callback{MerchantID: "MFLOOD", Code: "x", State: stateOf(t, first)}); !isErr(err, onboarding.ErrStateInvalid) {
			t.Fatalf("the first launch's state: %v", err)
		}
		noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := noFollow.Get(last)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		back, _ := url.Parse(resp.Header.Get("Location"))
		cb, _ := clover.ParseCallback(back.Query())
		if _, err := s.Complete(ctx, onboarding.Callback{MerchantID: cb.MerchantID, ClientID: cb.ClientID, Code: cb.Code, State: cb.State}); err != nil {
			t.Fatalf("the newest launch: %v", err)
		}
		// The owner's own connection, started before the flood, still stands.
		var owners int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM pos_connect_states WHERE state_hash = ? AND used_at = 0`, auth.HashToken(stateOf(t, ownerStarted))).Scan(&owners); err != nil || owners != 1 {
			t.Fatalf("the owner's state after the launches: %d (%v)", owners, err)
		}

		// One address (an IPv6 /64 is one) launches at most so often.
		for i := range onboarding.LaunchesPerAddress {
			if _, err := s.Launch(ctx, "MFLOOD", "app-1", fmt.Sprintf("2001:db8:1:2::%x", i+1)); err != nil {
				t.Fatalf("launch %d from one network: %v", i+1, err)
			}
		}
		if _, err := s.Launch(ctx, "MFLOOD", "app-1", "2001:db8:1:2::ffff"); !isErr(err, onboarding.ErrTooManyLaunches) {
			t.Fatalf("one launch too many from one network: %v", err)
		}
		if _, err := s.Launch(ctx, "MFLOOD", "app-1", "2001:db8:1:3::1"); err != nil {
			t.Fatalf("another network: %v", err)
		}
	})
}

// stateOf is the state an authorize URL carries.
func stateOf(t *testing.T, authorize string) string {
	t.Helper()
	u, err := url.Parse(authorize)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("state")
}

func mustTenant(t *testing.T, p *tenant.Principal, id int64) tenant.ID {
	t.Helper()
	tid, err := p.Tenant(id)
	if err != nil {
		t.Fatal(err)
	}
	return tid
}

// 'Configuración del Token de Clover' with a Merchant ID no restaurant has
// refuses without spending the code and creates nothing; it creates only
// when the super admin chose to ('Cliente Sin Nombre' without a name), and
// connects a restaurant the super admin picks.
func TestConnectUnknownMerchantAsksFirst(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		calls := &atomic.Int32{}
		s, _ := newService(t, db, countingConnector{calls: calls})
		cava, err := s.Create(ctx, onboarding.NewCliente{Nombre: "La Cava", MerchantID: "MCAVA1"})
		if err != nil {
			t.Fatal(err)
		}
		blank, err := s.Create(ctx, onboarding.NewCliente{Nombre: "Sin Merchant"})
		if err != nil {
			t.Fatal(err)
		}
		before := restaurantCount(t, db)

		// A typo of MCAVA1.
		_, err = s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MCAVA2", Code: "demo-1", Email: "x@example.com"})
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Kind != apperr.NotFound || !strings.Contains(ae.ES, "MCAVA2") {
			t.Fatalf("unknown merchant: %v", err)
		}
		if n := restaurantCount(t, db); n != before || calls.Load() != 0 {
			t.Fatalf("refused, yet %d restaurants (want %d) and %d codes spent", n, before, calls.Load())
		}
		// Picking La Cava with another merchant id: refused.
		if _, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MCAVA2", Code: "demo-1", ClienteID: cava.ID}); err == nil ||
			!strings.Contains(err.Error(), "MCAVA1") {
			t.Fatalf("picked restaurant of another merchant: %v", err)
		}
		if _, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MCAVA2", Code: "demo-1", ClienteID: cava.ID, Crear: true}); !isErr(err, onboarding.ErrConnectChoice) {
			t.Fatalf("both choices: %v", err)
		}
		if _, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MCAVA1", Code: "demo-1", Crear: true}); !isErr(err, onboarding.ErrMerchantTaken) {
			t.Fatalf("create over an existing merchant: %v", err)
		}
		if _, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MCAVA1", Code: "demo-1", ClienteID: 99999}); !isErr(err, clientes.ErrNotFound) {
			t.Fatalf("picked restaurant that does not exist: %v", err)
		}
		if n := restaurantCount(t, db); n != before || calls.Load() != 0 {
			t.Fatalf("refused, yet %d restaurants and %d codes spent", n, calls.Load())
		}

		// Picking La Cava with its own merchant id connects it.
		res, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MCAVA1", Code: "demo-1", ClienteID: cava.ID})
		if err != nil || res.Cliente.ID != cava.ID || !res.Cliente.POSConectado {
			t.Fatalf("picked: %+v %v", res, err)
		}
		// A restaurant without a merchant id gets the one connected.
		res, err = s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MNUEVO7", Code: "demo-2", ClienteID: blank.ID})
		if err != nil || res.Cliente.ID != blank.ID || res.Cliente.MerchantID == nil || *res.Cliente.MerchantID != "MNUEVO7" {
			t.Fatalf("picked without merchant id: %+v %v", res, err)
		}
		if _, err := s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MCAVA1", Code: "demo-3", ClienteID: blank.ID}); err == nil || !strings.Contains(err.Error(), "MNUEVO7") {
			t.Fatalf("now it has one: %v", err)
		}
		// The explicit creation.
		res, err = s.Connect(ctx, onboarding.ConnectRequest{MerchantID: "MCREAR1", Code: "demo-4", Crear: true})
		if err != nil || res.Cliente.Nombre != onboarding.DefaultNombre || !res.Cliente.POSConectado {
			t.Fatalf("created: %+v %v", res, err)
		}
		if n := restaurantCount(t, db); n != before+1 {
			t.Fatalf("%d restaurants, want %d", n, before+1)
		}
	})
}

// The App Market launch against the fake Clover: the landing issues a
// state for the merchant's restaurant and sends the browser to Clover's
// authorize page; Clover's redirect back completes the connection with
// working tokens. An unknown merchant or another app's launch issues
// nothing, and a state of one merchant is refused with another before any
// code is exchanged.
func TestAppMarketLaunchAgainstTheFake(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		srv := clovertest.NewServer(t, clovertest.Merchant{ID: "MAPP1", Token: "legacy", Categories: []pos.Category{{ID: "C1", Name: "Tapas"}}})
		srv.EnableOAuth(clovertest.OAuthConfig{AppID: "app-1", AppSecret: "secret-1"})
		oauth := clover.NewOAuth(clover.RegionSandbox, "app-1", "secret-1")
		oauth.APIURL, oauth.WebURL = srv.URL, srv.URL
		s, _ := newService(t, db, onboarding.CloverConnector{OAuth: oauth, APIURL: srv.URL})
		s.AppID = "app-1"
		a, _ := withOwner(t, s, "Tapas App", "MAPP1")
		before := restaurantCount(t, db)

		if _, err := s.Launch(ctx, "MDESCONOCIDO", "app-1", "203.0.113.1"); !isErr(err, onboarding.ErrLaunchMerchant) {
			t.Fatalf("unknown merchant: %v", err)
		}
		if _, err := s.Launch(ctx, "MAPP1", "other-app", "203.0.113.1"); !isErr(err, onboarding.ErrWrongApp) {
			t.Fatalf("another app: %v", err)
		}
		var states int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM pos_connect_states`).Scan(&states); err != nil || states != 0 || restaurantCount(t, db) != before {
			t.Fatalf("refused launches left %d states, %d restaurants: %v", states, restaurantCount(t, db), err)
		}

		to, err := s.Launch(ctx, "MAPP1", "app-1", "203.0.113.1")
		if err != nil {
			t.Fatal(err)
		}
		u, _ := url.Parse(to)
		q := u.Query()
		if !strings.HasPrefix(to, srv.URL+"/oauth/v2/authorize?") || q.Get("client_id") != "app-1" ||
			q.Get("redirect_uri") != "https://carta.example"+onboarding.CallbackPath || len(q.Get("state")) < 40 {
			t.Fatalf("authorize URL %q", to)
		}
		// The merchant approves at Clover, which redirects back.
		noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := noFollow.Get(to)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		back, _ := url.Parse(resp.Header.Get("Location"))
		cb, err := clover.ParseCallback(back.Query())
		if err != nil || back.Path != onboarding.CallbackPath || cb.State != q.Get("state") {
			t.Fatalf("Clover's redirect %q: %v", back, err)
		}

		// The same state with another merchant: refused before the exchange.
		if _, err := s.Complete(ctx, onboarding.Callback{MerchantID: "MOTRO", ClientID: cb.ClientID, Code: cb.Code, State: cb.State}); !isErr(err, onboarding.ErrStateMerchant) {
			t.Fatalf("another merchant: %v", err)
		}
		if srv.Exchanges() != 0 {
			t.Fatalf("%d codes exchanged for a refused callback", srv.Exchanges())
		}

		// Launch again and complete.
		to, err = s.Launch(ctx, "MAPP1", "app-1", "203.0.113.1")
		if err != nil {
			t.Fatal(err)
		}
		resp, err = noFollow.Get(to)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		back, _ = url.Parse(resp.Header.Get("Location"))
		cb, _ = clover.ParseCallback(back.Query())
		done, err := s.Complete(ctx, onboarding.Callback{MerchantID: cb.MerchantID, ClientID: cb.ClientID, Code: cb.Code, State: cb.State})
		if err != nil {
			t.Fatal(err)
		}
		if done.Cliente.ID != a.ID || done.Cliente.POSProvider != "clover" || done.Cliente.Estado != clientes.EstadoActivo || done.StartedBy != onboarding.StartedByAppMarket {
			t.Fatalf("completed: %+v", done)
		}
		tk, err := clientes.GetTokens(ctx, db, tenant.Job(a.ID), false)
		if err != nil || tk.Refresh == "" {
			t.Fatalf("tokens: %v", err)
		}
		if err := clover.New(srv.URL, "MAPP1", tk.Access).Verify(ctx); err != nil {
			t.Fatalf("the stored token works: %v", err)
		}
		if restaurantCount(t, db) != before {
			t.Fatal("the launch created a restaurant")
		}
	})
}

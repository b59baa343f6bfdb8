package api_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"carta/internal/api"
	"carta/internal/app"
	"carta/internal/auth"
	billingdemo "carta/internal/billing/demo"
	"carta/internal/checkout"
	checkoutdemo "carta/internal/checkout/demo"
	"carta/internal/clientes"
	"carta/internal/config"
	"carta/internal/demo"
	"carta/internal/media"
	"carta/internal/metrics"
	"carta/internal/onboarding"
	"carta/internal/pos"
	posdemo "carta/internal/pos/demo"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/web"
	"carta/internal/wines/lookup"
	dist "carta/web"
)

// env is a running API on a fresh demo database.
type env struct {
	t        testing.TB
	db       *store.DB
	srv      *httptest.Server
	mediaDir string
	pipe     *media.Pipeline
	api      *api.Server
	// tokens of the demo accounts
	admin, owner1, owner2 string
}

var testWeb = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html><html><head><title>Carta</title>` +
		`<script type="module" crossorigin src="/assets/app-abc12.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-x6.js">` +
		`<link rel="stylesheet" crossorigin href="/assets/app-x5.css">` +
		`</head><body><div id="root"></div></body></html>`)},
	"assets/app-x5.css":      {Data: []byte("body{color:#123}")},
	"assets/MenuPage-x3.css": {Data: []byte(".menu-page{color:#456}")},
	"assets/app-abc12.js":    {Data: []byte("console.log(1)")},
	"assets/big-x7.js":       {Data: bytes.Repeat([]byte("console.log('Carta');\n"), 200)},
	"favicon.svg":            {Data: []byte("<svg/>")},
	".vite/manifest.json": {Data: []byte(`{"index.html":{"file":"assets/app-abc12.js","isEntry":true},
		"src/features/menu/routes/MenuPage.tsx":{"file":"assets/MenuPage-x1.js","imports":["index.html","_shared-x2.js"],"css":["assets/MenuPage-x3.css"]},
		"_shared-x2.js":{"file":"assets/shared-x2.js"},"src/i18n/locales/es.json":{"file":"assets/es-x4.js"}}`)},
	".vite/first-views.json": {Data: builtFirstViews()},
}

// builtFirstViews is the web build's .vite/first-views.json without the
// menu's templates: its inline scripts, storage keys and pages' reads (the
// menu pages of these tests have the promotion's copy, not the first view).
func builtFirstViews() []byte {
	raw, err := fs.ReadFile(dist.Dist(), ".vite/first-views.json")
	if err != nil {
		panic("the web build has no .vite/first-views.json: run make web")
	}
	var v map[string]json.RawMessage
	if err := json.Unmarshal(raw, &v); err != nil || v["scripts"] == nil || v["pages"] == nil {
		panic(fmt.Sprintf("the web build's first-views.json: %v", err))
	}
	delete(v, "menu")
	out, _ := json.Marshal(v)
	return out
}

// loopback is trusted as a reverse proxy by the test servers, so a test
// can send X-Forwarded-For to play clients at different addresses.
var loopback = []*net.IPNet{{IP: net.IPv4(127, 0, 0, 0), Mask: net.CIDRMask(8, 32)}, {IP: net.IPv6loopback, Mask: net.CIDRMask(128, 128)}}

func newEnv(t testing.TB, db *store.DB) *env { return newEnvWith(t, db, nil) }

// newEnvWith is newEnv with a chance to change the server before it starts.
func newEnvWith(t testing.TB, db *store.DB, change func(*api.Server)) *env {
	t.Helper()
	if err := demo.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	disk, err := media.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pipe := &media.Pipeline{Store: disk, MaxImageBytes: 2 << 20}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	demoPOS := map[string]*posdemo.Merchant{}
	var demoMu sync.Mutex
	demoCheckout := func(clientes.POSConnection) (checkout.Provider, error) {
		return &checkoutdemo.Provider{BaseURL: "https://carta.example"}, nil
	}
	cfg := config.Config{BaseURL: "https://carta.example", SessionTTL: time.Hour, TrustedProxies: loopback,
		CloverWebhookSecret: "whsec_clover_test", StripeWebhookSecret: "whsec_stripe_test"}
	s := app.NewServer(cfg, app.Deps{
		DB:       db,
		Media:    pipe,
		Metrics:  metrics.New(),
		Log:      quiet,
		Files:    testWeb,
		Catalog:  func(conn clientes.POSConnection) (pos.Catalog, error) { return posdemo.New(conn.Merchant) },
		Checkout: demoCheckout,
		POS: func(conn clientes.POSConnection) (pos.Orders, error) {
			demoMu.Lock()
			defer demoMu.Unlock()
			if m, ok := demoPOS[conn.Merchant]; ok {
				return m, nil
			}
			m, err := posdemo.New(conn.Merchant)
			demoPOS[conn.Merchant] = m
			return m, err
		},
		Refunds:    func(clientes.POSConnection) (checkout.Refunder, error) { return &checkoutdemo.Provider{}, nil },
		Connector:  onboarding.DemoConnector{},
		Fees:       billingdemo.New(),
		WineLookup: testLookup{},
	}).API
	if change != nil {
		change(s)
	}
	e := &env{t: t, db: db, srv: httptest.NewServer(s.Handler()), mediaDir: disk.Dir(), pipe: s.Media, api: s}
	t.Cleanup(e.srv.Close)
	e.admin = e.login("admin@demo.test", "demo-admin-1")
	e.owner1 = e.login("owner@demo.test", "demo-owner-1")
	e.owner2 = e.login("owner2@demo.test", "demo-owner-2")
	return e
}

func (e *env) login(email, password string) string {
	e.t.Helper()
	res := e.do("POST", "/api/login", "", map[string]string{"email": email, "password": password})
	if res.status != 200 {
		e.t.Fatalf("login %s: %d %s", email, res.status, res.body)
	}
	return res.json["token"].(string)
}

type result struct {
	status int
	header http.Header
	body   string
	json   map[string]any
}

// testLookup finds one wine: the lookup adapters have their own tests
// (internal/wines/lookup); these test the route around them.
type testLookup struct{}

func (testLookup) Find(_ context.Context, q lookup.Query) (lookup.Result, error) {
	if !strings.Contains(strings.ToLower(q.Nombre), "rioja") {
		return lookup.Result{}, lookup.ErrNotFound
	}
	return lookup.Result{Nombre: q.Nombre, Region: "Rioja", Pais: "España", Tipo: "tinto", Uvas: []string{"Tempranillo"},
		Maridaje: []string{"carnes rojas"}, Inferidos: []string{"region", "pais", "tipo", "uvas", "maridaje"}, Fuente: "builtin"}, nil
}

// noRedirects answers a redirect as it is (the test checks where it goes).
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// do sends a request; body may be a string (sent raw) or a value (sent as JSON).
func (e *env) do(method, path, token string, body any, headers ...string) result {
	e.t.Helper()
	var sent []byte
	switch b := body.(type) {
	case nil:
	case string:
		sent = []byte(b)
	case multipartBody:
		sent = b.data
	default:
		sent, _ = json.Marshal(b)
	}
	req, _ := http.NewRequest(method, e.srv.URL+path, bytes.NewReader(sent))
	switch b := body.(type) {
	case nil:
		req.Body, req.ContentLength = http.NoBody, 0
	case multipartBody:
		req.Header.Set("Content-Type", b.contentType)
	default:
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := noRedirects.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var b []byte
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		// A stream never ends: its first event is the answer.
		b = firstEvent(e.t, resp.Body)
	} else {
		b, _ = io.ReadAll(resp.Body)
	}
	r := result{status: resp.StatusCode, header: resp.Header, body: string(b)}
	checkContract(e.t, req, sent, resp, b)
	_ = json.Unmarshal(b, &r.json)
	// A reset request's e-mail is queued after its answer: what the test
	// reads next sees it.
	e.api.Auth.WaitResets()
	return r
}

// firstEvent reads a Server-Sent Events stream up to the end of its first
// event.
func firstEvent(t testing.TB, body io.Reader) []byte {
	t.Helper()
	br := bufio.NewReader(body)
	var out []byte
	for {
		line, err := br.ReadBytes('\n')
		out = append(out, line...)
		if err != nil {
			t.Fatalf("stream ended before its first event: %v (%q)", err, out)
		}
		if len(line) == 1 && len(out) > 1 {
			return out
		}
	}
}

// scenario is one row of an HTTP scenario table.
type scenario struct {
	name    string
	method  string
	path    string
	token   string // "admin", "owner1", "owner2", "bad" or a literal
	body    any
	status  int
	errText string         // expected {"error"} text, when set
	fields  map[string]any // expected JSON fields
}

func (e *env) run(t *testing.T, scs []scenario) {
	for _, sc := range scs {
		t.Run(sc.name, func(t *testing.T) {
			tok := map[string]string{"admin": e.admin, "owner1": e.owner1, "owner2": e.owner2, "bad": "not-a-token"}[sc.token]
			if tok == "" {
				tok = sc.token
			}
			res := e.do(sc.method, sc.path, tok, sc.body)
			if res.status != sc.status {
				t.Fatalf("%s %s: status %d, want %d; body %s", sc.method, sc.path, res.status, sc.status, res.body)
			}
			if res.status >= 400 {
				if _, ok := res.json["error"].(string); !ok {
					t.Fatalf("error answer without {\"error\"}: %s", res.body)
				}
			}
			if sc.errText != "" && res.json["error"] != sc.errText {
				t.Fatalf("error %q, want %q", res.json["error"], sc.errText)
			}
			for k, want := range sc.fields {
				if got := res.json[k]; got != want {
					t.Fatalf("field %s = %v (%T), want %v; body %s", k, got, got, want, res.body)
				}
			}
		})
	}
}

func TestAuthScenarios(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.run(t, []scenario{
			{name: "owner login", method: "POST", path: "/api/login", body: map[string]string{"email": "owner@demo.test", "password": "demo-owner-1"},
				status: 200, fields: map[string]any{"cliente_id": float64(1), "merchant_id": "DEMOMERCHANT1", "is_superadmin": false}},
			{name: "login e-mail is case-insensitive", method: "POST", path: "/api/auth/login", body: map[string]string{"email": " Owner2@Demo.TEST", "password": "demo-owner-2"},
				status: 200, fields: map[string]any{"cliente_id": float64(2), "merchant_id": "DEMOMERCHANT2"}},
			{name: "super admin login", method: "POST", path: "/api/auth/login", body: map[string]string{"email": "admin@demo.test", "password": "demo-admin-1"},
				status: 200, fields: map[string]any{"cliente_id": nil, "merchant_id": nil, "is_superadmin": true}},
			{name: "wrong password", method: "POST", path: "/api/login", body: map[string]string{"email": "admin@demo.test", "password": "nope"},
				status: 401, errText: "Credenciales inválidas."},
			{name: "unknown e-mail gets the same answer", method: "POST", path: "/api/login", body: map[string]string{"email": "ghost@demo.test", "password": "nope"},
				status: 401, errText: "Credenciales inválidas."},
			{name: "empty fields", method: "POST", path: "/api/login", body: map[string]string{"email": "", "password": ""},
				status: 400, errText: "Por favor, completa todos los campos."},
			{name: "bad JSON", method: "POST", path: "/api/login", body: `{"email":`, status: 400, errText: "El cuerpo de la solicitud no es JSON válido."},
			{name: "JSON of the wrong type", method: "POST", path: "/api/login", body: `{"email": 5}`, status: 400},
			{name: "trailing garbage", method: "POST", path: "/api/login", body: `{} {}`, status: 400},

			{name: "validate owner", method: "POST", path: "/api/auth/validate", token: "owner1",
				status: 200, fields: map[string]any{"cliente_id": float64(1), "merchant_id": "DEMOMERCHANT1", "is_superadmin": false}},
			{name: "validate admin", method: "POST", path: "/api/auth/validate", token: "admin",
				status: 200, fields: map[string]any{"cliente_id": nil, "is_superadmin": true}},
			{name: "validate without token", method: "POST", path: "/api/auth/validate", status: 401, errText: "Sesión inválida o expirada."},
			{name: "validate bad token", method: "POST", path: "/api/auth/validate", token: "bad", status: 401, errText: "Sesión inválida o expirada."},
			{name: "logout without token", method: "POST", path: "/api/auth/logout", status: 401},

			{name: "clients: admin", method: "GET", path: "/api/clients", token: "admin", status: 200},
			{name: "clients: owner is the wrong role", method: "GET", path: "/api/clients", token: "owner1", status: 403},
			{name: "clients: no token", method: "GET", path: "/api/clients", status: 401},

			{name: "cliente: own restaurant", method: "GET", path: "/api/clientes/1", token: "owner1", status: 200,
				fields: map[string]any{"nombre": "La Cava Demo", "merchant_id": "DEMOMERCHANT1", "estado": "activo"}},
			{name: "cliente: another restaurant", method: "GET", path: "/api/clientes/1", token: "owner2", status: 403},
			{name: "cliente: admin any restaurant", method: "GET", path: "/api/clientes/2", token: "admin", status: 200,
				fields: map[string]any{"nombre": "Taquería Demo"}},
			{name: "cliente: admin unknown restaurant", method: "GET", path: "/api/clientes/99", token: "admin", status: 404},
			{name: "cliente: malformed id", method: "GET", path: "/api/clientes/abc", token: "admin", status: 400,
				errText: "Error: cliente_id no está disponible."},
			{name: "cliente: no token", method: "GET", path: "/api/clientes/1", status: 401},

			{name: "unknown api path is JSON 404", method: "GET", path: "/api/nope", status: 404},
		})
	})
}

func TestClientsListsEveryRestaurant(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		res := e.do("GET", "/api/clients", e.admin, nil)
		if res.header.Get("X-Total-Count") != "2" {
			t.Fatalf("X-Total-Count %q", res.header.Get("X-Total-Count"))
		}
		var list []clientes.Cliente
		if err := json.Unmarshal([]byte(res.body), &list); err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[1].Nombre != "La Cava Demo" || list[0].Nombre != "Taquería Demo" {
			t.Fatalf("got %+v", list)
		}
	})
}

func TestLogoutRevokesToken(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		if r := e.do("POST", "/api/auth/logout", e.owner1, nil); r.status != 204 {
			t.Fatalf("logout: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/auth/validate", e.owner1, nil); r.status != 401 {
			t.Fatalf("revoked token still valid: %d", r.status)
		}
		// Other sessions are untouched.
		if r := e.do("POST", "/api/auth/validate", e.owner2, nil); r.status != 200 {
			t.Fatalf("other session: %d", r.status)
		}
	})
}

// dinerToken opens a diner session directly in the store.
func dinerToken(t *testing.T, e *env) string {
	tok, hash, err := auth.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	if err := auth.CreateSession(context.Background(), e.db, hash, auth.SessionUsuario, 1, time.Hour); err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestDinerTokenCannotCallStaffRoutes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		tok := dinerToken(t, e)
		for _, p := range []struct{ m, path string }{{"POST", "/api/auth/validate"}, {"GET", "/api/clients"}, {"GET", "/api/clientes/1"}} {
			if r := e.do(p.m, p.path, tok, nil); r.status != 403 {
				t.Errorf("diner token on %s %s: %d, want 403", p.m, p.path, r.status)
			}
		}
	})
}

// from makes a request come from addr (the test server trusts loopback
// as a reverse proxy, so X-Forwarded-For names the client).
func from(addr string) []string { return []string{"X-Forwarded-For", addr} }

func TestLoginThrottling(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		bad := map[string]string{"email": "owner@demo.test", "password": "wrong"}
		good := map[string]string{"email": "owner@demo.test", "password": "demo-owner-1"}
		for i := 0; i < 5; i++ {
			if r := e.do("POST", "/api/login", "", bad, from("203.0.113.7")...); r.status != 401 {
				t.Fatalf("attempt %d: %d", i+1, r.status)
			}
		}
		// That address is locked out of the account, even with the right password.
		r := e.do("POST", "/api/login", "", good, from("203.0.113.7")...)
		if r.status != 429 || r.header.Get("Retry-After") == "" {
			t.Fatalf("locked address: %d retry-after %q", r.status, r.header.Get("Retry-After"))
		}
		if !strings.Contains(r.json["error"].(string), "Demasiados intentos") {
			t.Fatalf("error text %q", r.json["error"])
		}
		// The owner signing in from another address is not locked out.
		if r := e.do("POST", "/api/login", "", good, from("198.51.100.20")...); r.status != 200 {
			t.Fatalf("owner from another address: %d %s", r.status, r.body)
		}
		// The lock lives in the database: a new server on the same database sees it.
		e2 := *e.api // a second replica: same database, its own memory
		e2.Site = &web.Site{Menu: e.api.Menu, Media: e.api.Media}
		srv2 := httptest.NewServer(e2.Handler())
		defer srv2.Close()
		buf, _ := json.Marshal(good)
		req, _ := http.NewRequest("POST", srv2.URL+"/api/login", bytes.NewReader(buf))
		req.Header.Set("X-Forwarded-For", "203.0.113.7")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 429 {
			t.Fatalf("second replica: %d, want 429", resp.StatusCode)
		}
		// Another account from the same address is not locked.
		if r := e.do("POST", "/api/login", "", map[string]string{"email": "owner2@demo.test", "password": "demo-owner-2"}, from("203.0.113.7")...); r.status != 200 {
			t.Fatalf("other account: %d", r.status)
		}
		// Time passes: the lock ends.
		db.Now = func() time.Time { return time.Now().Add(16 * time.Minute) }
		if r := e.do("POST", "/api/login", "", good, from("203.0.113.7")...); r.status != 200 {
			t.Fatalf("after the lock: %d %s", r.status, r.body)
		}
	})
}

// Attempts sent all at once are reserved before any password is checked:
// 40 simultaneous wrong passwords for one account from one address get
// exactly 5 evaluated (401) and 35 refused (429), on both engines.
func TestLoginThrottlingUnderConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		// Hashing waits as long as it takes (a loaded machine must not turn
		// the evaluated attempts into 503s, which give their units back).
		e := newEnvWith(t, db, func(s *api.Server) { s.Auth.Hashing = auth.NewLimiter(2, time.Minute) })
		for _, path := range []string{"/api/login", "/api/auth/login-usuario"} {
			var mu sync.Mutex
			codes := map[int]int{}
			var wg sync.WaitGroup
			for range 40 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r := e.do("POST", path, "", map[string]string{"email": "owner@demo.test", "password": "wrong"}, from("203.0.113.9")...)
					mu.Lock()
					codes[r.status]++
					mu.Unlock()
				}()
			}
			wg.Wait()
			if codes[401] != 5 || codes[429] != 35 {
				t.Fatalf("%s: statuses %v, want 5×401 and 35×429", path, codes)
			}
		}
	})
}

func TestLoginThrottlingPerAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		// 30 failures across many unknown accounts from one address lock the address.
		for i := 0; i < 30; i++ {
			e.do("POST", "/api/login", "", map[string]string{"email": fmt.Sprintf("x%d@x.test", i), "password": "p"}, from("203.0.113.50")...)
		}
		if r := e.do("POST", "/api/login", "", map[string]string{"email": "admin@demo.test", "password": "demo-admin-1"}, from("203.0.113.50")...); r.status != 429 {
			t.Fatalf("address not locked: %d", r.status)
		}
		if r := e.do("POST", "/api/login", "", map[string]string{"email": "admin@demo.test", "password": "demo-admin-1"}, from("203.0.113.51")...); r.status != 200 {
			t.Fatalf("another address: %d", r.status)
		}
		// An untrusted peer's X-Forwarded-For is not believed: without the
		// trusted proxy the address is the connection's.
		srv := *e.api
		srv.TrustedProxies = nil
		srv.Site = &web.Site{Menu: e.api.Menu, Media: e.api.Media}
		ts := httptest.NewServer(srv.Handler())
		defer ts.Close()
		for i := 0; i < 31; i++ {
			buf, _ := json.Marshal(map[string]string{"email": fmt.Sprintf("y%d@x.test", i), "password": "p"})
			req, _ := http.NewRequest("POST", ts.URL+"/api/login", bytes.NewReader(buf))
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.9.0.%d", i)) // made up by the client
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if want := map[bool]int{true: 429, false: 401}[i == 30]; resp.StatusCode != want {
				t.Fatalf("attempt %d with a forged X-Forwarded-For: %d, want %d", i+1, resp.StatusCode, want)
			}
		}
	})
}

// Registration is limited per address: a burst of accounts from one
// address stops at the limit; another address can still register.
func TestRegistrationThrottled(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		reg := func(i int, addr string) result {
			return e.do("POST", "/api/usuarios/registro", "", map[string]any{"nombre": "Bot", "email": fmt.Sprintf("bot%d@example.com", i), "password": "12345678"}, from(addr)...)
		}
		for i := range 10 {
			if r := reg(i, "203.0.113.80"); r.status != 201 {
				t.Fatalf("registration %d: %d %s", i+1, r.status, r.body)
			}
		}
		r := reg(10, "203.0.113.80")
		if r.status != 429 || r.header.Get("Retry-After") == "" || !strings.Contains(r.json["error"].(string), "demasiadas cuentas") {
			t.Fatalf("11th registration: %d %s", r.status, r.body)
		}
		if r := reg(11, "203.0.113.81"); r.status != 201 {
			t.Fatalf("another address: %d", r.status)
		}
		var n int
		if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM usuarios WHERE email LIKE 'bot%'`).Scan(&n); err != nil || n != 11 {
			t.Fatalf("%d accounts created, want 11 (%v)", n, err)
		}
	})
}

// Password hashing is bounded: however many sign-ins arrive at once, no
// more than the limiter's slots hash at a time, and a sign-in that cannot
// get a slot in time gets a 503 with Retry-After (nothing is evaluated,
// nothing counted).
func TestPasswordHashingIsBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		lim := auth.NewLimiter(2, time.Minute)
		e := newEnvWith(t, db, func(s *api.Server) { s.Auth.Hashing = lim })
		var wg sync.WaitGroup
		for i := range 24 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := e.do("POST", "/api/login", "", map[string]string{"email": fmt.Sprintf("z%d@x.test", i), "password": "p"}, from(fmt.Sprintf("198.18.0.%d", i))...)
				if r.status != 401 {
					t.Errorf("sign-in %d: %d", i, r.status)
				}
			}()
		}
		wg.Wait()
		if p := lim.Peak(); p < 1 || p > 2 {
			t.Fatalf("peak concurrent hashes %d, want at most 2", p)
		}
		// Every slot taken: a sign-in waits its bounded time and gets a 503.
		busy := auth.NewLimiter(1, time.Millisecond)
		e2 := newEnvWith(t, db, func(s *api.Server) { s.Auth.Hashing = busy })
		release, err := busy.Acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		r := e2.do("POST", "/api/login", "", map[string]string{"email": "owner@demo.test", "password": "demo-owner-1"}, from("198.18.1.1")...)
		release()
		if r.status != 503 || r.header.Get("Retry-After") == "" {
			t.Fatalf("busy: %d %q %s", r.status, r.header.Get("Retry-After"), r.body)
		}
		// The refused attempt did not count: five wrong passwords still get 401.
		for i := range 5 {
			if r := e2.do("POST", "/api/login", "", map[string]string{"email": "owner@demo.test", "password": "bad"}, from("198.18.1.1")...); r.status != 401 {
				t.Fatalf("attempt %d after a busy refusal: %d", i+1, r.status)
			}
		}
	})
}

func TestErrorsInEnglish(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		r := e.do("POST", "/api/login", "", map[string]string{"email": "a@b.c", "password": "x"}, "Accept-Language", "en-US,en;q=0.9")
		if r.json["error"] != "Invalid credentials." {
			t.Fatalf("got %q", r.json["error"])
		}
	})
}

func TestHealthAndMetrics(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		if r := e.do("GET", "/healthz", "", nil); r.status != 200 {
			t.Fatalf("healthz %d", r.status)
		}
		if r := e.do("GET", "/readyz", "", nil); r.status != 200 || r.json["status"] != "ready" {
			t.Fatalf("readyz %d %s", r.status, r.body)
		}
		e.do("GET", "/api/clientes/1", e.owner1, nil)
		e.do("GET", "/api/clientes/2", e.admin, nil)
		if r := e.do("GET", "/metrics", "", nil); strings.Contains(r.body, "carta_http_requests_total") {
			t.Fatal("metrics are public on the app's port")
		}
		ms := httptest.NewServer(e.api.Metrics.Handler())
		defer ms.Close()
		mr, err := http.Get(ms.URL)
		if err != nil {
			t.Fatal(err)
		}
		mb, _ := io.ReadAll(mr.Body)
		mr.Body.Close()
		m := string(mb)
		if !strings.Contains(m, `carta_http_requests_total{code="200",method="GET",route="GET /api/clientes/{cliente_id}"} 2`) {
			t.Fatalf("metrics do not count by route pattern:\n%s", grep(m, "carta_http_requests_total"))
		}
		if strings.Contains(m, `route="/api/clientes/1"`) {
			t.Fatal("metrics label a raw path")
		}
	})
}

func TestReadyzFailsWithoutDatabase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		db.Close()
		if r := e.do("GET", "/readyz", "", nil); r.status != 503 {
			t.Fatalf("readyz with closed db: %d", r.status)
		}
		// Once the check failed, API calls fail fast with 503 and
		// Retry-After (not 500), the app's files still answer.
		for _, p := range []string{"/api/clientes/1", "/api/popups?cliente_id=1"} {
			if r := e.do("GET", p, "", nil); r.status != 503 || r.header.Get("Retry-After") == "" || r.json["error"] == nil {
				t.Fatalf("%s with the database down: %d %q %s", p, r.status, r.header.Get("Retry-After"), r.body)
			}
		}
		if r := e.do("GET", "/healthz", "", nil); r.status != 200 {
			t.Fatalf("healthz with the database down: %d", r.status)
		}
	})
}

func TestSPA(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		r := e.do("GET", "/dashboard/1", "", nil)
		if r.status != 200 || !strings.Contains(r.body, "<title>Carta</title>") || r.header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("fallback: %d %q %q", r.status, r.header.Get("Cache-Control"), r.body)
		}
		r = e.do("GET", "/assets/app-abc12.js", "", nil)
		if r.status != 200 || r.header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("asset: %d %q", r.status, r.header.Get("Cache-Control"))
		}
		// Unknown pages fall back to the app, which shows its own not-found
		// redirect; a missing file (a stale chunk after a deploy, a favicon.ico)
		// is a plain 404, never the app's HTML under a script's name.
		for _, p := range []string{"/no/such/page", "/index.html"} {
			if r := e.do("GET", p, "", nil); r.status != 200 || !strings.Contains(r.body, "<title>") {
				t.Fatalf("page %s: %d", p, r.status)
			}
		}
		for _, p := range []string{"/assets/missing.js", "/favicon.ico", "/static/images/nope.png"} {
			if r := e.do("GET", p, "", nil); r.status != 404 || strings.Contains(r.body, "<title>") {
				t.Fatalf("missing file %s: %d", p, r.status)
			}
		}
		if r := e.do("POST", "/login", "", nil); r.status != 405 {
			t.Fatalf("POST to a page: %d", r.status)
		}
	})
}

func grep(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

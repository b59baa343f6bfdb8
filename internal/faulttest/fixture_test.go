package faulttest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	clovercheckout "carta/internal/checkout/clover"
	"carta/internal/checkout/clover/clovercheckouttest"
	"carta/internal/clientes"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

const (
	merchantID    = "MFAULT1"
	merchantToken = "tok-fault"
	webhookSecret = "whsec_faults"
)

// engines are the database engines a scenario runs on: SQLite always,
// PostgreSQL when CARTA_TEST_POSTGRES_URL is set.
func engines(t *testing.T, fn func(t *testing.T, e engine)) {
	for _, d := range storetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			e := engine{d: d}
			if d == store.Postgres {
				e.url = storetest.PostgresURL(t)
			} else {
				e.url = filepath.Join(t.TempDir(), "carta.db")
			}
			fn(t, e)
		})
	}
}

type engine struct {
	d   store.Dialect
	url string
}

// open opens the scenario's database from the test's side (the tally
// and the fixtures), migrated.
func (e engine) open(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), e.url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.Box = storetest.TestBox(t)
	if _, err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

// cloverFakes is Clover as one host: the REST API and OAuth (clovertest)
// and the hosted checkout (clovercheckouttest) behind one URL, as Clover
// serves them.
type cloverFakes struct {
	URL      string
	POS      *clovertest.Server
	Checkout *clovercheckouttest.Server
}

func newCloverFakes(t *testing.T) *cloverFakes {
	m := clovertest.GenerateMerchant(merchantID, merchantToken, 3, 12)
	f := &cloverFakes{POS: clovertest.NewServer(t, m), Checkout: clovercheckouttest.New(t)}
	posURL, _ := url.Parse(f.POS.URL)
	coURL, _ := url.Parse(f.Checkout.URL)
	toPOS, toCheckout := httputil.NewSingleHostReverseProxy(posURL), httputil.NewSingleHostReverseProxy(coURL)
	// A killed server's requests end in "context canceled": expected here.
	toPOS.ErrorLog, toCheckout.ErrorLog = log.New(io.Discard, "", 0), log.New(io.Discard, "", 0)
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, clovercheckout.CheckoutsPath) {
			toCheckout.ServeHTTP(w, r)
			return
		}
		toPOS.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	f.URL = front.URL
	return f
}

// cloverRestaurant creates an active restaurant connected to the fake
// Clover, its menu synced and online ordering on; it returns its id and
// a line the diner can order.
func cloverRestaurant(t *testing.T, db *store.DB, f *cloverFakes) (int64, ordering.LineRequest) {
	t.Helper()
	ctx := context.Background()
	mid := merchantID
	cid, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Fallos", MerchantID: &mid, Email: "fallos@example.com", Estado: clientes.EstadoActivo})
	if err != nil {
		t.Fatal(err)
	}
	tid := tenant.Job(cid)
	if err := clientes.SetPOSConnection(ctx, db, tid, clientes.POSConnection{Provider: "clover", Token: merchantToken, BaseURL: f.URL}); err != nil {
		t.Fatal(err)
	}
	menuSvc := &menu.Service{DB: db, Catalog: func(conn clientes.POSConnection) (pos.Catalog, error) {
		return clover.New(conn.BaseURL, conn.Merchant, conn.Token), nil
	}}
	if _, err := menuSvc.Sync(ctx, tid); err != nil {
		t.Fatal(err)
	}
	cfg := ordering.Config{Activo: true, PreparacionMin: 10, Horario: ordering.AlwaysOpen(), PedidosPorFranja: 1000, ZonaHoraria: "America/Puerto_Rico"}
	if err := ordering.SeedConfig(ctx, db, tid, cfg); err != nil {
		t.Fatal(err)
	}
	items, err := menu.OrderItems(ctx, db, tid, "es", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if !it.Orderable {
			continue
		}
		l := ordering.LineRequest{ProductID: it.ID, Quantity: 1}
		for _, g := range it.Groups {
			for i := 0; i < g.MinRequired && i < len(g.Modifiers); i++ {
				l.ModifierIDs = append(l.ModifierIDs, g.Modifiers[i].ID)
			}
		}
		return cid, l
	}
	t.Fatal("no orderable item in the fake merchant")
	return 0, ordering.LineRequest{}
}

// cloverEnv is the environment of a server using the fake Clover.
func cloverEnv(e engine, f *cloverFakes) map[string]string {
	return map[string]string{
		"CARTA_DATABASE_URL":          e.url,
		"CARTA_CLOVER_BASE_URL":       f.URL,
		"CARTA_CLOVER_WEBHOOK_SECRET": webhookSecret,
	}
}

// answer is a decoded response.
type answer struct {
	status int
	body   []byte
	json   map[string]any
}

// call sends a JSON request to base and decodes the answer.
func call(t *testing.T, base, method, path, token string, body any) answer {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	c := &http.Client{Timeout: 30 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	a := answer{status: resp.StatusCode}
	a.body, _ = io.ReadAll(resp.Body)
	_ = json.Unmarshal(a.body, &a.json)
	return a
}

// must is call that fails the test on a status of 300 or more.
func must(t *testing.T, base, method, path, token string, body any) answer {
	t.Helper()
	a := call(t, base, method, path, token, body)
	if a.status >= 300 {
		t.Fatalf("%s %s: %d %s", method, path, a.status, a.body)
	}
	return a
}

// placeOrder places a guest's order for line and returns its id and its
// checkout session.
func placeOrder(t *testing.T, db *store.DB, base string, cid int64, line ordering.LineRequest, who string) (int64, string) {
	t.Helper()
	a := must(t, base, "POST", "/api/orders", "", map[string]any{"cliente_id": cid, "order_type": "pickup",
		"items": []ordering.LineRequest{line}, "customer": map[string]any{"nombre": who, "email": who + "@example.com"}})
	id := int64(a.json["pedido_id"].(float64))
	var session string
	if err := db.QueryRow(context.Background(), `SELECT checkout_session_id FROM pedidos WHERE id = ?`, id).Scan(&session); err != nil {
		t.Fatal(err)
	}
	return id, session
}

// payWebhook delivers Clover's signed "payment approved" for session.
func payWebhook(t *testing.T, base, session, paymentID string) int {
	t.Helper()
	body := clovercheckouttest.WebhookBody(session, paymentID, merchantID, "APPROVED")
	resp, err := clovercheckouttest.PostWebhook(&http.Client{Timeout: 30 * time.Second}, base+"/api/webhooks/clover-checkout", webhookSecret, time.Now(), body)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// count runs a COUNT query on the test's side.
func count(t *testing.T, db *store.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// wait is an arrival on ch within limit, or the test fails with what.
func wait(t *testing.T, ch <-chan struct{}, limit time.Duration, what string, s *Server) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(limit): // a bound for a stuck test
		t.Fatalf("%s: not within %s\n%s", what, limit, s.Logs())
	}
}

func ref(id int64) string { return fmt.Sprintf("carta-pedido-%d", id) }

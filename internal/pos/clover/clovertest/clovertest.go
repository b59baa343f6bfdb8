// Package clovertest is a fake Clover REST API v3 for tests: an httptest server that serves an
// in-memory merchant in Clover's documented JSON shapes, with real limit/offset paging, a Bearer
// check and failure injection, so the real clover.Client code runs in tests (fakes over mocks).
// Besides the catalogue it serves the atomic order endpoints, order types and the order list
// (orders.go), the custom-order endpoints table tabs use: line items, payment records and tenders
// (tabs.go), pricing carts with the rule Clover documents (pos.TotalsFor; a VAT merchant's prices
// include the tax) and its merchant properties (the VAT setting).
package clovertest

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/pos"
)

// Merchant is the fake's in-memory account.
type Merchant struct {
	ID, Token  string
	Categories []pos.Category
	// Items are served in this order. An item with no TaxRates is served with
	// "defaultTaxRates": true and no explicit rates, the way Clover marks items that follow the
	// merchant's default taxes; a client should then give it DefaultTaxRates.
	Items []pos.Item
	// DefaultTaxRates are listed by /tax_rates with "isDefault": true.
	DefaultTaxRates []pos.TaxRate
	// ModifiersNotExpanded serves the items' modifier groups without their "modifiers" (only
	// "modifierIds"), so the client must complete them from /modifier_groups?expand=modifiers.
	ModifiersNotExpanded bool
	// OrderTypes are the merchant's order types at start; POST order_types adds to them.
	OrderTypes []OrderType
	// Tenders are the merchant's tenders at start; POST tenders adds to them.
	Tenders []Tender
	// VAT is the merchant's VAT setting (its properties' "vat"): item prices include the tax, and
	// checkouts and orders are priced with pos.TotalsFor(lines, true) and answer "isVat": true.
	VAT bool
	// VATTaxName is the properties' "vatTaxName" (e.g. "IVA") of a VAT merchant.
	VATTaxName string
}

// Expected returns the items as a correct client yields them: default tax rates applied to items
// that follow them, empty lists as nil.
func (m Merchant) Expected() []pos.Item {
	out := make([]pos.Item, 0, len(m.Items))
	for _, it := range m.Items {
		e := it
		e.CategoryIDs = nilIfEmpty(it.CategoryIDs)
		e.ModifierGroups = nil
		for _, g := range it.ModifierGroups {
			g.Modifiers = nilIfEmpty(g.Modifiers)
			e.ModifierGroups = append(e.ModifierGroups, g)
		}
		e.TaxRates = nilIfEmpty(it.TaxRates)
		if len(it.TaxRates) == 0 {
			for _, t := range m.DefaultTaxRates {
				t.IsDefault = true
				e.TaxRates = append(e.TaxRates, t)
			}
		}
		out = append(out, e)
	}
	return out
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}

// Server is a running fake. Its URL is the base URL to give clover.New.
type Server struct {
	*httptest.Server
	m Merchant

	mu            sync.Mutex
	failN         int
	failCode      int
	failAfter     string
	failOn        map[string]*failure // by "METHOD /path"
	loseOn        map[string]*failure // by "METHOD /path": the answer is lost after the work is done
	holds         map[string]*Hold    // by "METHOD /path": the next request waits for the test
	held          []*Hold             // every hold set, released when the fake closes
	malformed     bool
	delay         time.Duration
	requests      map[string]int
	calls         []Call
	orders        []Order
	refuseDeletes bool
	types         []OrderType
	tenders       []Tender
	nextID        int
	oauth         *oauthState // nil until EnableOAuth
}

// failure is a pending injected failure: count more requests answer status (0: connection dropped).
type failure struct {
	count      int
	status     int
	retryAfter string
}

// Call is one request as the fake received it.
type Call struct {
	Method, Path, Query string
	UserAgent           string
	ContentType         string
}

// NewServer starts a fake serving m; it is closed when the test ends.
func NewServer(t testing.TB, m Merchant) *Server {
	t.Helper()
	s := &Server{m: m, requests: map[string]int{}, failOn: map[string]*failure{}, loseOn: map[string]*failure{},
		holds: map[string]*Hold{}, types: slices.Clone(m.OrderTypes), tenders: slices.Clone(m.Tenders)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v3/merchants/{mId}/categories", s.categories)
	mux.HandleFunc("GET /v3/merchants/{mId}/items", s.items)
	mux.HandleFunc("GET /v3/merchants/{mId}/modifier_groups", s.modifierGroups)
	mux.HandleFunc("GET /v3/merchants/{mId}/tax_rates", s.taxRates)
	mux.HandleFunc("GET /v3/merchants/{mId}/properties", s.properties)
	mux.HandleFunc("GET /v3/merchants/{mId}/order_types", s.orderTypes)
	mux.HandleFunc("POST /v3/merchants/{mId}/order_types", s.createOrderType)
	mux.HandleFunc("GET /v3/merchants/{mId}/orders", s.listOrders)
	mux.HandleFunc("DELETE /v3/merchants/{mId}/orders/{orderId}", s.deleteOrder)
	mux.HandleFunc("POST /v3/merchants/{mId}/atomic_order/checkouts", s.checkout)
	mux.HandleFunc("POST /v3/merchants/{mId}/atomic_order/orders", s.createOrder)
	mux.HandleFunc("POST /v3/merchants/{mId}/orders", s.createCustomOrder)
	mux.HandleFunc("GET /v3/merchants/{mId}/orders/{orderId}/line_items", s.listLineItems)
	mux.HandleFunc("POST /v3/merchants/{mId}/orders/{orderId}/bulk_line_items", s.bulkLineItems)
	mux.HandleFunc("POST /v3/merchants/{mId}/orders/{orderId}/line_items/{lineItemId}/modifications", s.addModification)
	mux.HandleFunc("DELETE /v3/merchants/{mId}/orders/{orderId}/line_items/{lineItemId}", s.deleteLineItem)
	mux.HandleFunc("GET /v3/merchants/{mId}/orders/{orderId}/payments", s.listPayments)
	mux.HandleFunc("POST /v3/merchants/{mId}/orders/{orderId}/payments", s.createPayment)
	mux.HandleFunc("GET /v3/merchants/{mId}/tenders", s.listTenders)
	mux.HandleFunc("POST /v3/merchants/{mId}/tenders", s.createTender)
	mux.HandleFunc("GET /oauth/v2/authorize", s.authorize)
	mux.HandleFunc("POST /oauth/v2/token", s.token)
	mux.HandleFunc("POST /oauth/v2/refresh", s.refreshToken)
	s.Server = httptest.NewServer(s.middleware(mux))
	t.Cleanup(func() {
		s.mu.Lock()
		for _, h := range s.held {
			h.Release()
		}
		s.mu.Unlock()
		s.Close()
	})
	return s
}

// FailNext makes the next count requests answer status (with Retry-After: retryAfter when it is
// not empty), e.g. 429, 500 or 401.
func (s *Server) FailNext(status int, retryAfter string, count int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failCode, s.failAfter, s.failN = status, retryAfter, count
}

// FailNextOn makes the next count requests to route (e.g. "POST /v3/merchants/M1/atomic_order/orders",
// or a pattern, see pending) answer status before doing anything, with Retry-After: retryAfter when it is not empty. Other
// routes are not affected.
func (s *Server) FailNextOn(route string, status int, retryAfter string, count int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failOn[route] = &failure{count: count, status: status, retryAfter: retryAfter}
}

// LoseAnswers makes the next count requests to route do their work (create the order…) and then
// lose the answer: status 0 drops the connection without a response, as a time-out or a network
// cut does; another status replaces the real answer, as a gateway that timed out does (502, 504).
func (s *Server) LoseAnswers(route string, status, count int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.loseOn[route] = &failure{count: count, status: status}
}

// pending returns the failure set for route: the one set for it exactly, else one whose route is a
// pattern matching it ("POST /v3/merchants/M1/orders/*/line_items/*/modifications", path.Match
// syntax), for paths with ids the test does not know in advance.
func pending(m map[string]*failure, route string) *failure {
	if f := m[route]; f != nil {
		return f
	}
	for pattern, f := range m {
		if ok, _ := path.Match(pattern, route); ok && f.count > 0 {
			return f
		}
	}
	return nil
}

// Hold is a pending stop of one request, set by HoldNext: Arrived is closed when the request
// reaches the fake, which then waits until Release or until the client goes away (a killed
// server), so a test can act "during" the call.
type Hold struct {
	Arrived   chan struct{}
	release   chan struct{}
	once      sync.Once
	afterWork bool
}

// Release lets the held request go on (its answer is written if the client is still there).
func (h *Hold) Release() { h.once.Do(func() { close(h.release) }) }

// HoldNext makes the next request to route wait: before doing its work, or after it (the order
// is created, the refresh token rotated) with the answer not yet written when afterWork is true.
func (s *Server) HoldNext(route string, afterWork bool) *Hold {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := &Hold{Arrived: make(chan struct{}), release: make(chan struct{}), afterWork: afterWork}
	s.holds[route] = h
	s.held = append(s.held, h)
	return h
}

// wait blocks until h is released or the request's client is gone; false when it is gone.
func (h *Hold) wait(r *http.Request) bool {
	close(h.Arrived)
	select {
	case <-h.release:
		return true
	case <-r.Context().Done():
		return false
	}
}

// Calls returns every request received so far, in order, failed ones included.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

// Malformed makes every successful answer broken JSON while on.
func (s *Server) Malformed(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.malformed = on
}

// Delay makes every answer wait d first (or until the client gives up).
func (s *Server) Delay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delay = d
}

// Requests is how many requests reached path (e.g. "/v3/merchants/M1/items"), failed ones included.
func (s *Server) Requests(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[path]
}

func (s *Server) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		route := r.Method + " " + r.URL.Path
		s.mu.Lock()
		s.requests[r.URL.Path]++
		s.calls = append(s.calls, Call{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery,
			UserAgent: r.Header.Get("User-Agent"), ContentType: r.Header.Get("Content-Type")})
		delay := s.delay
		fail, code, after := s.failN > 0, s.failCode, s.failAfter
		if fail {
			s.failN--
		} else if f := pending(s.failOn, route); f != nil && f.count > 0 {
			f.count--
			fail, code, after = true, f.status, f.retryAfter
		}
		var lose *failure
		if f := pending(s.loseOn, route); f != nil && f.count > 0 {
			f.count--
			lose = &failure{status: f.status}
		}
		hold := s.holds[route]
		delete(s.holds, route)
		// The OAuth endpoints take the app's credentials in the body, not a Bearer token.
		bearerOK := strings.HasPrefix(r.URL.Path, "/oauth/") || s.bearerOK(r.Header.Get("Authorization"))
		s.mu.Unlock()

		if delay > 0 {
			t := time.NewTimer(delay)
			select {
			case <-r.Context().Done():
				t.Stop()
				return
			case <-t.C:
			}
		}
		if fail {
			if after != "" {
				w.Header().Set("Retry-After", after)
			}
			if code == http.StatusTooManyRequests {
				w.Header().Set("X-RateLimit-tokenLimit", "16")
			}
			writeError(w, code)
			return
		}
		if !bearerOK {
			writeError(w, http.StatusUnauthorized)
			return
		}
		if r.Method == http.MethodPost && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			writeError(w, http.StatusUnsupportedMediaType)
			return
		}
		if hold != nil && !hold.afterWork && !hold.wait(r) {
			return
		}
		if hold != nil && hold.afterWork {
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			if !hold.wait(r) {
				return
			}
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			w.WriteHeader(rec.Code)
			_, _ = w.Write(rec.Body.Bytes())
			return
		}
		if lose == nil {
			next.ServeHTTP(w, r)
			return
		}
		// Do the work, then lose the answer.
		next.ServeHTTP(httptest.NewRecorder(), r)
		if lose.status != 0 {
			writeError(w, lose.status)
			return
		}
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler) // closes the connection without an answer
	})
}

// writeError answers Clover's JSON error body.
func writeError(w http.ResponseWriter, code int) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]string{"message": strconv.Itoa(code) + " " + http.StatusText(code)})
}

// authorized checks the merchant id of the path (Clover answers 401 for a token used on another
// merchant).
func (s *Server) authorized(w http.ResponseWriter, r *http.Request) bool {
	if r.PathValue("mId") != s.m.ID {
		writeError(w, http.StatusUnauthorized)
		return false
	}
	return true
}

// page returns the [lo, hi) window of n elements for the request's limit/offset, with Clover's
// default limit of 100 and hard limit of 1000.
func page(r *http.Request, n int) (lo, hi int, ok bool) {
	limit, offset := 100, 0
	q := r.URL.Query()
	if v := q.Get("limit"); v != "" {
		l, err := strconv.Atoi(v)
		if err != nil || l < 0 {
			return 0, 0, false
		}
		limit = min(l, 1000)
	}
	if v := q.Get("offset"); v != "" {
		o, err := strconv.Atoi(v)
		if err != nil || o < 0 {
			return 0, 0, false
		}
		offset = o
	}
	lo = min(offset, n)
	hi = min(lo+limit, n)
	return lo, hi, true
}

func expands(r *http.Request) map[string]bool {
	out := map[string]bool{}
	for _, e := range strings.Split(r.URL.Query().Get("expand"), ",") {
		if e = strings.TrimSpace(e); e != "" {
			out[e] = true
		}
	}
	return out
}

// writePage streams {"elements":[...]} built by el(i) for i in [lo, hi), so the fake never holds a
// whole page of JSON either.
func (s *Server) writePage(w http.ResponseWriter, lo, hi int, el func(i int) any) {
	w.Header().Set("Content-Type", "application/json")
	s.mu.Lock()
	broken := s.malformed
	s.mu.Unlock()
	if broken {
		_, _ = w.Write([]byte(`{"elements":[{"id":"X1","name":"Bro`))
		return
	}
	bw := bufio.NewWriterSize(w, 32<<10)
	_, _ = bw.WriteString(`{"elements":[`)
	enc := json.NewEncoder(bw)
	for i := lo; i < hi; i++ {
		if i > lo {
			_ = bw.WriteByte(',')
		}
		_ = enc.Encode(el(i))
	}
	_, _ = bw.WriteString(`]}`)
	_ = bw.Flush()
}

func badRequest(w http.ResponseWriter) {
	writeError(w, http.StatusBadRequest)
}

// ---- Clover's JSON shapes ----

type ref struct {
	ID string `json:"id"`
}

type elements[T any] struct {
	Elements []T `json:"elements"`
}

type wireCategory struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	SortOrder int    `json:"sortOrder"`
}

type wireModifier struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	Price         int64  `json:"price"`
	ModifierGroup ref    `json:"modifierGroup"`
}

type wireModifierGroup struct {
	ID            string                  `json:"id"`
	Name          string                  `json:"name"`
	ShowByDefault bool                    `json:"showByDefault"`
	MinRequired   int                     `json:"minRequired"`
	MaxAllowed    int                     `json:"maxAllowed"`
	ModifierIDs   string                  `json:"modifierIds,omitempty"`
	Modifiers     *elements[wireModifier] `json:"modifiers,omitempty"`
}

type wireTaxRate struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	TaxType   string `json:"taxType"`
	Rate      int64  `json:"rate"`
	IsDefault bool   `json:"isDefault"`
}

type wireItem struct {
	ID              string                       `json:"id"`
	Hidden          bool                         `json:"hidden"`
	Available       bool                         `json:"available"`
	AutoManage      bool                         `json:"autoManage"`
	Name            string                       `json:"name"`
	Price           int64                        `json:"price"`
	PriceType       string                       `json:"priceType"`
	DefaultTaxRates bool                         `json:"defaultTaxRates"`
	IsRevenue       bool                         `json:"isRevenue"`
	ModifiedTime    int64                        `json:"modifiedTime"`
	Categories      *elements[wireCategory]      `json:"categories,omitempty"`
	ModifierGroups  *elements[wireModifierGroup] `json:"modifierGroups,omitempty"`
	TaxRates        *elements[wireTaxRate]       `json:"taxRates,omitempty"`
}

func toWireGroup(g pos.ModifierGroup, expandModifiers bool) wireModifierGroup {
	w := wireModifierGroup{ID: g.ID, Name: g.Name, ShowByDefault: true, MinRequired: g.MinRequired, MaxAllowed: g.MaxAllowed}
	ids := make([]string, 0, len(g.Modifiers))
	for _, m := range g.Modifiers {
		ids = append(ids, m.ID)
	}
	w.ModifierIDs = strings.Join(ids, ",")
	if expandModifiers {
		w.Modifiers = &elements[wireModifier]{Elements: []wireModifier{}}
		for _, m := range g.Modifiers {
			w.Modifiers.Elements = append(w.Modifiers.Elements, wireModifier{ID: m.ID, Name: m.Name, Price: m.Price, ModifierGroup: ref{g.ID}})
		}
	}
	return w
}

func toWireTax(t pos.TaxRate) wireTaxRate {
	return wireTaxRate{ID: t.ID, Name: t.Name, TaxType: "VAT_TAXABLE", Rate: t.Rate, IsDefault: t.IsDefault}
}

// ---- handlers ----

func (s *Server) categories(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	lo, hi, ok := page(r, len(s.m.Categories))
	if !ok {
		badRequest(w)
		return
	}
	s.writePage(w, lo, hi, func(i int) any {
		c := s.m.Categories[i]
		return wireCategory{ID: c.ID, Name: c.Name, SortOrder: c.SortOrder}
	})
}

func (s *Server) items(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	lo, hi, ok := page(r, len(s.m.Items))
	if !ok {
		badRequest(w)
		return
	}
	exp := expands(r)
	cats := make(map[string]pos.Category, len(s.m.Categories))
	for _, c := range s.m.Categories {
		cats[c.ID] = c
	}
	s.writePage(w, lo, hi, func(i int) any {
		it := s.m.Items[i]
		wi := wireItem{
			ID: it.ID, Hidden: it.Hidden, Available: it.Available, Name: it.Name, Price: it.Price,
			PriceType: "FIXED", DefaultTaxRates: len(it.TaxRates) == 0, IsRevenue: true,
			ModifiedTime: 1700000000000 + int64(i),
		}
		if exp["categories"] {
			wi.Categories = &elements[wireCategory]{Elements: []wireCategory{}}
			for _, id := range it.CategoryIDs {
				c := cats[id]
				wi.Categories.Elements = append(wi.Categories.Elements, wireCategory{ID: id, Name: c.Name, SortOrder: c.SortOrder})
			}
		}
		if exp["modifierGroups"] {
			wi.ModifierGroups = &elements[wireModifierGroup]{Elements: []wireModifierGroup{}}
			for _, g := range it.ModifierGroups {
				wi.ModifierGroups.Elements = append(wi.ModifierGroups.Elements, toWireGroup(g, !s.m.ModifiersNotExpanded))
			}
		}
		if exp["taxRates"] {
			wi.TaxRates = &elements[wireTaxRate]{Elements: []wireTaxRate{}}
			for _, t := range it.TaxRates {
				wi.TaxRates.Elements = append(wi.TaxRates.Elements, toWireTax(t))
			}
		}
		return wi
	})
}

func (s *Server) modifierGroups(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	var groups []pos.ModifierGroup
	seen := map[string]bool{}
	for _, it := range s.m.Items {
		for _, g := range it.ModifierGroups {
			if !seen[g.ID] {
				seen[g.ID] = true
				groups = append(groups, g)
			}
		}
	}
	lo, hi, ok := page(r, len(groups))
	if !ok {
		badRequest(w)
		return
	}
	exp := expands(r)
	s.writePage(w, lo, hi, func(i int) any { return toWireGroup(groups[i], exp["modifiers"]) })
}

// properties answers the merchant's MerchantProperties, as Clover's reference shapes them
// (https://docs.clover.com/reference/merchantgetmerchantproperties), with the fields the fake knows.
func (s *Server) properties(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	body := map[string]any{"id": s.m.ID, "defaultCurrency": "USD", "vat": s.m.VAT, "groupLineItems": true, "removeTaxEnabled": false}
	if s.m.VAT {
		body["defaultCurrency"] = "EUR"
		body["vatTaxName"] = s.m.VATTaxName
	}
	writeJSON(w, body)
}

func (s *Server) taxRates(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	var rates []pos.TaxRate
	seen := map[string]bool{}
	for _, t := range s.m.DefaultTaxRates {
		t.IsDefault = true
		seen[t.ID] = true
		rates = append(rates, t)
	}
	for _, it := range s.m.Items {
		for _, t := range it.TaxRates {
			if !seen[t.ID] {
				seen[t.ID] = true
				rates = append(rates, t)
			}
		}
	}
	lo, hi, ok := page(r, len(rates))
	if !ok {
		badRequest(w)
		return
	}
	s.writePage(w, lo, hi, func(i int) any { return toWireTax(rates[i]) })
}

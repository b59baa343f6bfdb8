// Package stripetest is a local server speaking Stripe's documented wire
// format for the calls Carta makes (customers, setup intents, payment
// methods, payment intents), with Idempotency-Key replay like the real API.
// The Stripe client's tests and the fault tests (a kill -9 while a platform
// fee is being charged) run against it.
package stripetest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is a local server speaking Stripe's documented wire format:
// form-encoded requests with Bearer auth, JSON objects back, errors as
// {"error": {...}} with Stripe's status codes, and Idempotency-Key replay of
// the first response (success or failure) like the real API.
type Server struct {
	t   testing.TB
	srv *httptest.Server
	// Key is the secret key the server accepts.
	Key string

	mu          sync.Mutex
	requests    []Request
	idempotency map[string]savedResponse
	pms         map[string]string // payment method id -> customer id ("" = not attached)
	customers   int
	intents     int
	defaultPM   map[string]string // customer -> invoice_settings.default_payment_method
	hold        *Hold             // the next PaymentIntent creation waits for it
	fault       Fault             // how every request is answered while set
}

// Fault makes the server misbehave on every request until cleared (the
// zero Fault): an HTTP status with Stripe's error body (and Retry-After
// when given), or a body that is not JSON.
type Fault struct {
	Status     int
	RetryAfter string
	Garbage    bool
	// Delay holds every answer this long first (then answers normally
	// unless another field says otherwise).
	Delay time.Duration
}

// SetFault answers every request with fault from now on; Fault{} heals.
func (f *Server) SetFault(fault Fault) {
	f.mu.Lock()
	f.fault = fault
	f.mu.Unlock()
}

// Hold stops the next PaymentIntent creation after Stripe has created (and
// charged) it, before the answer leaves: the caller may die meanwhile.
type Hold struct {
	// Arrived is closed once the held charge has been created.
	Arrived chan struct{}
	release chan struct{}
}

// Release lets the held answer go (to whoever is still listening).
func (h *Hold) Release() { close(h.release) }

// HoldNextCharge makes the next successful POST /v1/payment_intents wait for
// Release once the PaymentIntent exists (and its idempotency key is saved).
func (f *Server) HoldNextCharge() *Hold {
	h := &Hold{Arrived: make(chan struct{}), release: make(chan struct{})}
	f.mu.Lock()
	f.hold = h
	f.mu.Unlock()
	return h
}

// URL is the API root to give the client (stripe.WithBaseURL, CARTA_STRIPE_API_URL).
func (f *Server) URL() string { return f.srv.URL }

// Request is one request the server received.
type Request struct {
	Method, Path   string
	IdempotencyKey string
	Form           url.Values
}

type savedResponse struct {
	params string
	status int
	body   []byte
}

// Payment methods the server knows, named like Stripe's test payment methods.
const (
	PMVisa         = "pm_card_visa"                            // charges succeed
	PMDeclined     = "pm_card_chargeDeclinedInsufficientFunds" // 402 card_declined / insufficient_funds
	PMAuthRequired = "pm_card_authenticationRequired"          // 402 authentication_required
	PMMastercard   = "pm_card_mastercard_attached"             // already attached to cus_fake_1
	PMForeign      = "pm_card_foreign"                         // attached to someone else
	Customer       = "cus_fake_1"
)

// New starts a server (closed when the test ends).
func New(t testing.TB) *Server {
	f := &Server{
		t:           t,
		Key:         "sk_test_fake_" + strings.Repeat("x", 24),
		idempotency: map[string]savedResponse{},
		pms: map[string]string{
			PMVisa: "", PMDeclined: "", PMAuthRequired: "",
			PMMastercard: Customer, PMForeign: "cus_someone_else",
		},
		defaultPM: map[string]string{},
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/customers", f.createCustomer)
	mux.HandleFunc("POST /v1/customers/{id}", f.updateCustomer)
	mux.HandleFunc("POST /v1/setup_intents", f.createSetupIntent)
	mux.HandleFunc("GET /v1/payment_methods/{id}", f.getPaymentMethod)
	mux.HandleFunc("POST /v1/payment_methods/{id}/attach", f.attachPaymentMethod)
	mux.HandleFunc("POST /v1/payment_intents", f.createPaymentIntent)
	f.srv = httptest.NewServer(f.auth(mux))
	t.Cleanup(f.srv.Close)
	return f
}

// auth checks the key, records the request and replays idempotent POSTs.
func (f *Server) auth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		fault := f.fault
		if fault != (Fault{}) {
			f.requests = append(f.requests, Request{Method: r.Method, Path: r.URL.Path, IdempotencyKey: r.Header.Get("Idempotency-Key")})
		}
		f.mu.Unlock()
		if fault.Delay > 0 {
			select {
			case <-time.After(fault.Delay):
			case <-r.Context().Done():
				return
			}
		}
		switch {
		case fault.Garbage:
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte("<html>502 Bad Gateway</html>"))
			return
		case fault.Status != 0:
			if fault.RetryAfter != "" {
				w.Header().Set("Retry-After", fault.RetryAfter)
			}
			typ := "api_error"
			if fault.Status == http.StatusTooManyRequests {
				typ = "rate_limit_error"
			}
			writeError(w, fault.Status, typ, "", "", "fault injected by the test")
			return
		}
		if r.Header.Get("Authorization") != "Bearer "+f.Key {
			writeError(w, http.StatusUnauthorized, "invalid_request_error", "", "", "Invalid API Key provided.")
			return
		}
		if err := r.ParseForm(); err != nil {
			writeError(w, http.StatusBadRequest, "invalid_request_error", "", "", err.Error())
			return
		}
		form := r.PostForm
		if r.Method == http.MethodGet {
			form = r.URL.Query()
		}
		key := r.Header.Get("Idempotency-Key")
		f.mu.Lock()
		f.requests = append(f.requests, Request{Method: r.Method, Path: r.URL.Path, IdempotencyKey: key, Form: form})
		f.mu.Unlock()

		if r.Method != http.MethodPost || key == "" {
			next.ServeHTTP(w, r)
			return
		}
		params := r.URL.Path + "?" + canonical(form)
		f.mu.Lock()
		saved, ok := f.idempotency[key]
		f.mu.Unlock()
		if ok {
			if saved.params != params {
				writeError(w, http.StatusBadRequest, "idempotency_error", "", "",
					"Keys for idempotent requests can only be used with the same parameters they were first used with.")
				return
			}
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(saved.status)
			_, _ = w.Write(saved.body)
			return
		}
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		f.mu.Lock()
		f.idempotency[key] = savedResponse{params: params, status: rec.Code, body: rec.Body.Bytes()}
		var hold *Hold
		if r.URL.Path == "/v1/payment_intents" && rec.Code == http.StatusOK {
			hold, f.hold = f.hold, nil
		}
		f.mu.Unlock()
		if hold != nil {
			close(hold.Arrived)
			<-hold.release
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	})
}

func canonical(v url.Values) string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%s&", k, strings.Join(v[k], ","))
	}
	return b.String()
}

func (f *Server) createCustomer(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.customers++
	id := Customer
	if f.customers > 1 {
		id = fmt.Sprintf("cus_fake_%d", f.customers)
	}
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"id": id, "object": "customer", "name": r.PostForm.Get("name"), "email": r.PostForm.Get("email"),
		"metadata": metadata(r.PostForm), "livemode": false,
	})
}

func (f *Server) updateCustomer(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	pm := r.PostForm.Get("invoice_settings[default_payment_method]")
	f.mu.Lock()
	if pm != "" {
		if f.pms[pm] != id {
			f.mu.Unlock()
			writeError(w, http.StatusBadRequest, "invalid_request_error", "resource_missing", "",
				"No such PaymentMethod: '"+pm+"'; it is not attached to this customer.")
			return
		}
		f.defaultPM[id] = pm
	}
	def := f.defaultPM[id]
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"id": id, "object": "customer",
		"invoice_settings": map[string]any{"default_payment_method": def},
	})
}

func (f *Server) createSetupIntent(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"id": "seti_fake_1", "object": "setup_intent", "client_secret": "seti_fake_1_secret_abc",
		"customer": r.PostForm.Get("customer"), "usage": r.PostForm.Get("usage"),
		"payment_method_types": r.PostForm["payment_method_types[0]"],
		"status":               "requires_payment_method", "metadata": metadata(r.PostForm),
	})
}

func (f *Server) paymentMethod(id string) (map[string]any, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	cus, ok := f.pms[id]
	if !ok {
		return nil, false
	}
	brand, last4 := "visa", "4242"
	switch id {
	case PMDeclined:
		last4 = "9995"
	case PMAuthRequired:
		last4 = "3184"
	case PMMastercard:
		brand, last4 = "mastercard", "4444"
	}
	var customer any
	if cus != "" {
		customer = cus
	}
	return map[string]any{
		"id": id, "object": "payment_method", "type": "card", "customer": customer,
		"card": map[string]any{"brand": brand, "last4": last4, "exp_month": 12, "exp_year": 2034},
	}, true
}

func (f *Server) getPaymentMethod(w http.ResponseWriter, r *http.Request) {
	pm, ok := f.paymentMethod(r.PathValue("id"))
	if !ok {
		writeError(w, http.StatusNotFound, "invalid_request_error", "resource_missing", "",
			"No such PaymentMethod: '"+r.PathValue("id")+"'")
		return
	}
	writeJSON(w, http.StatusOK, pm)
}

func (f *Server) attachPaymentMethod(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	f.mu.Lock()
	if _, ok := f.pms[id]; ok {
		f.pms[id] = r.PostForm.Get("customer")
	}
	f.mu.Unlock()
	f.getPaymentMethod(w, r)
}

func (f *Server) createPaymentIntent(w http.ResponseWriter, r *http.Request) {
	form := r.PostForm
	amount, err := strconv.ParseInt(form.Get("amount"), 10, 64)
	if err != nil || amount < 50 {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "parameter_invalid_integer", "", "Invalid integer: amount")
		return
	}
	f.mu.Lock()
	f.intents++
	id := fmt.Sprintf("pi_fake_%d", f.intents)
	f.mu.Unlock()
	pi := map[string]any{
		"id": id, "object": "payment_intent", "amount": amount, "currency": form.Get("currency"),
		"customer": form.Get("customer"), "payment_method": form.Get("payment_method"),
		"description": form.Get("description"), "metadata": metadata(form), "status": "succeeded",
		"client_secret": id + "_secret_xyz",
	}
	fail := func(code, decline, msg string) {
		pi["status"] = "requires_payment_method"
		pi["last_payment_error"] = map[string]any{"type": "card_error", "code": code, "decline_code": decline, "message": msg}
		writeJSON(w, http.StatusPaymentRequired, map[string]any{"error": map[string]any{
			"type": "card_error", "code": code, "decline_code": decline, "message": msg,
			"payment_intent": pi,
		}})
	}
	switch form.Get("payment_method") {
	case PMDeclined:
		fail("card_declined", "insufficient_funds", "Your card has insufficient funds.")
	case PMAuthRequired:
		fail("authentication_required", "authentication_required",
			"Your card was declined. This transaction requires authentication.")
	default:
		writeJSON(w, http.StatusOK, pi)
	}
}

// IntentCount is how many PaymentIntents the fake really created.
func (f *Server) IntentCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.intents
}

// ChargeRequests returns the recorded POST /v1/payment_intents requests.
func (f *Server) ChargeRequests() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Request
	for _, r := range f.requests {
		if r.Method == http.MethodPost && r.Path == "/v1/payment_intents" {
			out = append(out, r)
		}
	}
	return out
}

// RequestsTo returns the recorded requests to method and path.
func (f *Server) RequestsTo(method, path string) []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Request
	for _, r := range f.requests {
		if r.Method == method && r.Path == path {
			out = append(out, r)
		}
	}
	return out
}

func metadata(form url.Values) map[string]string {
	m := map[string]string{}
	for k, v := range form {
		if strings.HasPrefix(k, "metadata[") && strings.HasSuffix(k, "]") {
			m[k[len("metadata["):len(k)-1]] = v[0]
		}
	}
	return m
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Request-Id", "req_fake")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, typ, code, decline, msg string) {
	e := map[string]any{"type": typ, "message": msg}
	if code != "" {
		e["code"] = code
	}
	if decline != "" {
		e["decline_code"] = decline
	}
	writeJSON(w, status, map[string]any{"error": e})
}

// Package clovercheckouttest is a fake Clover Hosted Checkout for tests: an httptest server that
// answers POST /invoicingcheckoutservice/v1/checkouts in Clover's documented JSON, checks the
// merchant header and Bearer token, records every request, and can be told to fail; the
// Ecommerce API's refunds of the payments it took (POST /v1/refunds with Idempotency-Key replay,
// GET /v1/refunds/{id}: refunds.go); plus helpers that build signed webhook notifications. Its wire types are written from Clover's docs,
// independently of the client's, so a client that drifts from the docs fails its tests.
package clovercheckouttest

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Path is Clover's Create checkout endpoint.
const Path = "/invoicingcheckoutservice/v1/checkouts"

// Customer, LineItem, ShoppingCart, RedirectURLs and CreateCheckout are Clover's request body.
type Customer struct {
	Email       string `json:"email,omitempty"`
	FirstName   string `json:"firstName,omitempty"`
	LastName    string `json:"lastName,omitempty"`
	PhoneNumber string `json:"phoneNumber,omitempty"`
}

type LineItem struct {
	Name    string `json:"name"`
	Price   int64  `json:"price"` // cents
	UnitQty int    `json:"unitQty"`
	Note    string `json:"note,omitempty"`
}

type ShoppingCart struct {
	LineItems []LineItem `json:"lineItems"`
}

type RedirectURLs struct {
	Success string `json:"success,omitempty"`
	Failure string `json:"failure,omitempty"`
	Cancel  string `json:"cancel,omitempty"`
}

type CreateCheckout struct {
	Customer     *Customer     `json:"customer"`
	ShoppingCart *ShoppingCart `json:"shoppingCart"`
	RedirectURLs *RedirectURLs `json:"redirectUrls,omitempty"`
}

// Request is one request the fake received.
type Request struct {
	Method, Path string
	Header       http.Header
	RawBody      []byte
	Body         CreateCheckout // decoded when RawBody was valid JSON
	SessionID    string         // the session answered, if any
}

// Server is the fake. Set the exported fields before the client's first call.
type Server struct {
	*httptest.Server
	// MerchantID and Token are the only credentials accepted; empty accepts any.
	MerchantID, Token string
	// Lifetime is the sessions' life (Clover: 15 minutes).
	Lifetime time.Duration
	// Delay holds every answer this long (for time-out tests); it ends early if the client leaves.
	Delay time.Duration
	// Now is the fake's clock for createdTime and expirationTime.
	Now func() time.Time
	// AccessToken is the only Bearer token the Ecommerce API (refunds) accepts; empty accepts any.
	AccessToken string
	// RefundStatus is the status a new refund gets: "succeeded" when empty, or "pending" (settled
	// later with SettleRefund) or "failed".
	RefundStatus string

	mu        sync.Mutex
	ecom      ecommerce // refunds.go
	requests  []Request
	failures  []failure // consumed first to last
	failAll   *failure
	malformed int
}

type failure struct {
	status int
	body   string
}

// New starts a fake that accepts any credentials; it is closed when the test ends.
func New(t testing.TB) *Server {
	s := &Server{Lifetime: 15 * time.Minute, Now: time.Now}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.Close)
	return s
}

// Fail makes the next n calls (create checkout or refund) answer status with a Clover-style error
// body, before the fake does anything else: a failed refund refunds nothing and is not saved
// under its idempotency key.
func (s *Server) Fail(status, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.failures = append(s.failures, failure{status, errorBody(status)})
	}
}

// FailAlways makes every call answer status (after any queued Fail).
func (s *Server) FailAlways(status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failAll = &failure{status, errorBody(status)}
}

// Heal ends every injected failure: queued, permanent and malformed answers.
func (s *Server) Heal() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures, s.failAll, s.malformed = nil, nil, 0
}

// Malformed makes the next n successful answers broken JSON.
func (s *Server) Malformed(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.malformed += n
}

// Requests returns a copy of what the fake received, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// CheckoutURL is the href the fake answers for a session.
func (s *Server) CheckoutURL(sessionID string) string {
	return s.URL + "/checkout/" + sessionID
}

func errorBody(status int) string {
	if status == http.StatusUnauthorized {
		return `{"message":"401 Unauthorized"}`
	}
	b, _ := json.Marshal(map[string]string{"message": fmt.Sprintf("fake clover failure %d", status)})
	return string(b)
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/checkout/") && r.Method == http.MethodGet {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><title>Fake Clover checkout</title><p>Session %s</p>", strings.TrimPrefix(r.URL.Path, "/checkout/"))
		return
	}
	raw, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	// The body is read first: only then does net/http notice a client that hangs up.
	if s.Delay > 0 {
		select {
		case <-time.After(s.Delay):
		case <-r.Context().Done():
			return
		}
	}
	rec := Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), RawBody: raw}
	decodeErr := json.Unmarshal(raw, &rec.Body)

	s.mu.Lock()
	defer s.mu.Unlock()
	idx := len(s.requests)
	s.requests = append(s.requests, rec)

	refunds := r.URL.Path == RefundsPath || strings.HasPrefix(r.URL.Path, RefundsPath+"/")
	if r.URL.Path != Path && !refunds {
		writeJSON(w, http.StatusNotFound, `{"message":"Not Found"}`)
		return
	}
	if r.Method != http.MethodPost && !(refunds && r.Method == http.MethodGet) {
		writeJSON(w, http.StatusMethodNotAllowed, `{"message":"Method Not Allowed"}`)
		return
	}
	if len(s.failures) > 0 {
		f := s.failures[0]
		s.failures = s.failures[1:]
		writeJSON(w, f.status, f.body)
		return
	}
	if s.failAll != nil {
		writeJSON(w, s.failAll.status, s.failAll.body)
		return
	}
	if refunds {
		s.refunds(w, r, raw)
		return
	}
	mid := r.Header.Get("X-Clover-Merchant-Id")
	tok, hasBearer := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !hasBearer || tok == "" || (s.Token != "" && tok != s.Token) || (s.MerchantID != "" && mid != s.MerchantID) {
		writeJSON(w, http.StatusUnauthorized, errorBody(http.StatusUnauthorized))
		return
	}
	if mid == "" {
		writeJSON(w, http.StatusBadRequest, `{"message":"X-Clover-Merchant-Id header is required"}`)
		return
	}
	if decodeErr != nil {
		writeJSON(w, http.StatusBadRequest, `{"message":"Malformed request body"}`)
		return
	}
	if msg := validate(rec.Body); msg != "" {
		b, _ := json.Marshal(map[string]string{"message": msg})
		writeJSON(w, http.StatusBadRequest, string(b))
		return
	}
	if s.malformed > 0 {
		s.malformed--
		writeJSON(w, http.StatusOK, `{"href": "`+s.URL+`/checkout/x", "checkoutSessionId": `)
		return
	}
	id := newID()
	s.requests[idx].SessionID = id
	now := s.Now()
	b, _ := json.Marshal(map[string]any{
		"href":              s.CheckoutURL(id),
		"checkoutSessionId": id,
		"createdTime":       now.UnixMilli(),
		"expirationTime":    now.Add(s.Lifetime).UnixMilli(),
	})
	writeJSON(w, http.StatusOK, string(b))
}

// validate applies the rules Clover documents for the body.
func validate(b CreateCheckout) string {
	switch {
	case b.Customer == nil:
		return "customer is required"
	case b.ShoppingCart == nil || len(b.ShoppingCart.LineItems) == 0:
		return "shoppingCart.lineItems must contain at least one item"
	}
	for i, li := range b.ShoppingCart.LineItems {
		if li.Name == "" || li.UnitQty <= 0 || li.Price < 0 {
			return "invalid line item " + strconv.Itoa(i)
		}
	}
	return ""
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

func newID() string {
	var b [16]byte
	rand.Read(b[:])
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// Sign builds a valid Clover-Signature header for body, as Clover computes it:
// t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>.
func Sign(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts + "."))
	m.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(m.Sum(nil))
}

// WebhookBody is a hosted-checkout payment notification in the shape Clover documents.
func WebhookBody(sessionID, paymentID, merchantID, status string) []byte {
	msg := "Approved"
	if status != "APPROVED" {
		msg = "Declined"
	}
	b, _ := json.Marshal(map[string]any{
		"createdTime": time.Now().UnixMilli(),
		"message":     msg,
		"status":      status,
		"type":        "PAYMENT",
		"id":          paymentID,
		"merchantId":  merchantID,
		"data":        sessionID,
	})
	return b
}

// PostWebhook delivers body to url the way Clover does, signed with secret at time t.
func PostWebhook(c *http.Client, url, secret string, t time.Time, body []byte) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Clover-Signature", Sign(secret, t, body))
	return c.Do(req)
}

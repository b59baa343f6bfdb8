// Package clover creates Clover Ecommerce Hosted Checkout sessions (the real checkout.Provider) and
// verifies the signed webhooks Clover sends when a hosted-checkout payment is processed.
//
// Wire format, from Clover's docs ("Create checkout", "Redirect customers", "Configure Hosted
// Checkout webhooks"): POST {base}/invoicingcheckoutservice/v1/checkouts with X-Clover-Merchant-Id
// and Authorization: Bearer <the merchant's private ecommerce token>; the body has "customer",
// "shoppingCart.lineItems[]" {name, price (cents), unitQty, note} and "redirectUrls" {success,
// failure, cancel}; the answer has "href", "checkoutSessionId", "createdTime" and "expirationTime".
// Sessions live 15 minutes.
package clover

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"carta/internal/checkout"
	posclover "carta/internal/pos/clover"
)

// Base URLs of Clover's API per environment; a merchant's token only works in its own region.
const (
	Sandbox      = "https://apisandbox.dev.clover.com"
	NorthAmerica = "https://api.clover.com"
	Europe       = "https://api.eu.clover.com"
	LatinAmerica = "https://api.la.clover.com"
)

// CheckoutsPath is the Create checkout endpoint.
const CheckoutsPath = "/invoicingcheckoutservice/v1/checkouts"

// SessionLifetime is how long Clover keeps a hosted checkout session open; it is used when the
// answer carries no expiration time we can read.
const SessionLifetime = 15 * time.Minute

// Client is a checkout.Provider for Clover Hosted Checkout. One Client serves every restaurant:
// the merchant id and token travel in each checkout.Request.
type Client struct {
	BaseURL string
	HTTP    *http.Client
	// MaxRetries is how many times a 5xx, 429, network failure or per-attempt time-out is retried.
	// A retried create can leave an unused session behind; Clover expires it after 15 minutes.
	MaxRetries int
	// Sleep waits between retries and must return ctx.Err() when ctx ends; tests inject it.
	Sleep func(context.Context, time.Duration) error
	// Now is the clock used for the default expiration; nil means time.Now.
	Now func() time.Time
}

var _ checkout.Provider = (*Client)(nil)

// New returns a client with two retries and a 15 s limit per attempt.
func New(baseURL string) *Client {
	return &Client{
		BaseURL:    strings.TrimRight(baseURL, "/"),
		HTTP:       &http.Client{Timeout: 15 * time.Second},
		MaxRetries: 2,
		Sleep:      posclover.SleepContext,
	}
}

// StatusError is an answer from Clover that Carta did not expect. It unwraps to
// checkout.ErrUnauthorized (401), checkout.ErrRejected (other 4xx) or checkout.ErrUnavailable (5xx).
type StatusError struct {
	StatusCode int
	Message    string // Clover's message, shortened, with the token removed
	// Code is the Ecommerce API's error code ("charge_already_refunded"), when it sent one.
	Code string
	// Op names the call ("create checkout" when empty).
	Op string
}

func (e *StatusError) Error() string {
	op := e.Op
	if op == "" {
		op = "create checkout"
	}
	msg := fmt.Sprintf("clover: %s: status %d %s", op, e.StatusCode, http.StatusText(e.StatusCode))
	if e.StatusCode == http.StatusUnauthorized && e.Op == "" {
		msg += " (the merchant's ecommerce token was refused: revoked, of the wrong type or for another region)"
	} else if e.StatusCode == http.StatusUnauthorized {
		msg += " (the merchant's access token was refused: revoked, without the Ecommerce permission or for another region)"
	}
	if r := e.Reason(); r != "" {
		msg += ": " + r
	}
	return msg
}

// Reason is Clover's message, with its error code in parentheses when it sent one.
func (e *StatusError) Reason() string {
	return (&checkout.RefusedError{Code: e.Code, Message: e.Message}).Reason()
}

func (e *StatusError) Unwrap() error {
	switch {
	case e.StatusCode == http.StatusUnauthorized:
		return checkout.ErrUnauthorized
	case e.StatusCode >= 500 || e.StatusCode == http.StatusTooManyRequests:
		return checkout.ErrUnavailable
	default:
		return checkout.ErrRejected
	}
}

// ---- wire format (Clover's JSON names) ----

type wireCustomer struct {
	Email       string `json:"email,omitempty"`
	FirstName   string `json:"firstName,omitempty"`
	LastName    string `json:"lastName,omitempty"`
	PhoneNumber string `json:"phoneNumber,omitempty"`
}

type wireLineItem struct {
	Name    string `json:"name"`
	Price   int64  `json:"price"`
	UnitQty int    `json:"unitQty"`
	Note    string `json:"note,omitempty"`
}

type wireCart struct {
	LineItems []wireLineItem `json:"lineItems"`
}

type wireRedirects struct {
	Success string `json:"success,omitempty"`
	Failure string `json:"failure,omitempty"`
	Cancel  string `json:"cancel,omitempty"`
}

type wireCreate struct {
	Customer     wireCustomer   `json:"customer"` // always present, possibly empty, as Clover asks
	ShoppingCart wireCart       `json:"shoppingCart"`
	RedirectURLs *wireRedirects `json:"redirectUrls,omitempty"`
}

type wireSession struct {
	Href              string          `json:"href"`
	CheckoutSessionID string          `json:"checkoutSessionId"`
	ExpirationTime    json.RawMessage `json:"expirationTime"`
}

func toWire(r checkout.Request) wireCreate {
	w := wireCreate{
		Customer: wireCustomer{
			Email: r.Customer.Email, FirstName: r.Customer.FirstName,
			LastName: r.Customer.LastName, PhoneNumber: r.Customer.Phone,
		},
		ShoppingCart: wireCart{LineItems: make([]wireLineItem, 0, len(r.LineItems))},
	}
	for _, li := range r.LineItems {
		w.ShoppingCart.LineItems = append(w.ShoppingCart.LineItems,
			wireLineItem{Name: li.Name, Price: li.Price, UnitQty: li.Quantity, Note: li.Note})
	}
	if r.SuccessURL != "" || r.FailureURL != "" || r.CancelURL != "" {
		w.RedirectURLs = &wireRedirects{Success: r.SuccessURL, Failure: r.FailureURL, Cancel: r.CancelURL}
	}
	return w
}

// ---- checkout.Provider ----

// Create opens a hosted checkout session on the restaurant's Clover account. Clover's request has
// no field for our purchase reference or the currency (the merchant's currency is used), so the
// caller keys its purchase by the returned session id, which Clover echoes in the webhook's "data".
func (c *Client) Create(ctx context.Context, r checkout.Request) (checkout.Session, error) {
	if err := r.Validate(); err != nil {
		return checkout.Session{}, err
	}
	body, err := json.Marshal(toWire(r))
	if err != nil {
		return checkout.Session{}, fmt.Errorf("clover: encode checkout: %w", err)
	}
	raw, err := c.post(ctx, r.MerchantID, r.Token, body)
	if err != nil {
		return checkout.Session{}, err
	}
	var w wireSession
	if err := json.Unmarshal(raw, &w); err != nil {
		return checkout.Session{}, fmt.Errorf("clover: create checkout: unreadable answer: %w", err)
	}
	if w.Href == "" || w.CheckoutSessionID == "" {
		return checkout.Session{}, fmt.Errorf("clover: create checkout: answer without href or checkoutSessionId: %w", checkout.ErrUnavailable)
	}
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	exp, ok := parseTime(w.ExpirationTime)
	if !ok {
		exp = now().Add(SessionLifetime)
	}
	return checkout.Session{ID: w.CheckoutSessionID, URL: w.Href, ExpiresAt: exp}, nil
}

// call is one request to Clover: what it is (for errors), where it goes and what it carries.
type call struct {
	op, method, url string
	header          map[string]string
	body            []byte
	token           string // removed from anything Clover echoes back
	// reason digs Clover's message and error code out of an error body.
	reason func(raw []byte) (message, code string)
}

// post sends the create call, retrying what may succeed a moment later, and returns the 2xx body.
func (c *Client) post(ctx context.Context, merchantID, token string, body []byte) ([]byte, error) {
	return c.do(ctx, call{op: "create checkout", method: http.MethodPost, url: strings.TrimRight(c.BaseURL, "/") + CheckoutsPath,
		header: map[string]string{"X-Clover-Merchant-Id": merchantID}, body: body, token: token,
		reason: func(raw []byte) (string, string) { return errorMessage(raw), "" }})
}

// do sends a call, retrying a 5xx, a 429, a network failure or a per-attempt time-out up to
// MaxRetries times, and returns the 2xx body.
func (c *Client) do(ctx context.Context, k call) ([]byte, error) {
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	sleep := c.Sleep
	if sleep == nil {
		sleep = posclover.SleepContext
	}
	var last error
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			if last == nil || attempt > c.MaxRetries {
				return nil, last
			}
			if err := sleep(ctx, backoff(attempt)); err != nil {
				return nil, fmt.Errorf("clover: %s: %w (after: %w)", k.op, err, last)
			}
		}
		raw, retry, err := c.once(ctx, hc, k)
		if err == nil {
			return raw, nil
		}
		if !retry || ctx.Err() != nil {
			return nil, err
		}
		last = err
	}
}

func backoff(attempt int) time.Duration {
	return time.Duration(250*(1<<(attempt-1))) * time.Millisecond
}

// once makes one attempt and says whether a failure is worth retrying.
func (c *Client) once(ctx context.Context, hc *http.Client, k call) ([]byte, bool, error) {
	var body io.Reader
	if k.body != nil {
		body = bytes.NewReader(k.body)
	}
	req, err := http.NewRequestWithContext(ctx, k.method, k.url, body)
	if err != nil {
		return nil, false, fmt.Errorf("clover: %s: %w", k.op, err)
	}
	if k.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	for h, v := range k.header {
		req.Header.Set(h, v)
	}
	req.Header.Set("Authorization", "Bearer "+k.token)
	resp, err := hc.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, false, fmt.Errorf("clover: %s: %w", k.op, ctx.Err())
		}
		// Network failure or the per-attempt time-out. *url.Error names the URL, never headers.
		return nil, true, fmt.Errorf("clover: %s: %w: %w", k.op, checkout.ErrUnavailable, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		if ctx.Err() != nil {
			return nil, false, fmt.Errorf("clover: %s: %w", k.op, ctx.Err())
		}
		return nil, true, fmt.Errorf("clover: %s: read answer: %w: %w", k.op, checkout.ErrUnavailable, err)
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return raw, false, nil
	}
	msg, code := k.reason(raw)
	se := &StatusError{StatusCode: resp.StatusCode, Message: redact(msg, k.token), Code: redact(code, k.token)}
	if k.op != "create checkout" {
		se.Op = k.op
	}
	retry := resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests
	return nil, retry, se
}

// errorMessage digs Clover's human message out of an error body, whatever shape it has.
func errorMessage(raw []byte) string {
	var m map[string]any
	if json.Unmarshal(raw, &m) == nil {
		for _, k := range []string{"message", "error", "details", "errors"} {
			if s := messageOf(m[k]); s != "" {
				return shorten(s)
			}
		}
	}
	s := strings.TrimSpace(string(raw))
	if strings.HasPrefix(s, "<") { // an HTML error page says nothing useful
		return ""
	}
	return shorten(s)
}

func messageOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case map[string]any:
		return messageOf(x["message"])
	case []any:
		if len(x) > 0 {
			return messageOf(x[0])
		}
	}
	return ""
}

func shorten(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// redact removes the token from text Clover sent back, in case it echoes the request.
func redact(s, token string) string {
	if token == "" {
		return s
	}
	return strings.ReplaceAll(s, token, "[redacted]")
}

// parseTime reads Clover's timestamps: the docs say Unix time (Clover uses milliseconds elsewhere),
// and integrations have seen ISO-8601 strings such as "2025-07-04T23:57:25.541+0000".
func parseTime(raw json.RawMessage) (time.Time, bool) {
	s := strings.Trim(strings.TrimSpace(string(raw)), `"`)
	if s == "" || s == "null" {
		return time.Time{}, false
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if n <= 0 {
			return time.Time{}, false
		}
		if n >= 1e11 { // milliseconds (1e11 s is the year 5138)
			return time.UnixMilli(n).UTC(), true
		}
		return time.Unix(n, 0).UTC(), true
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999Z0700", "2006-01-02T15:04:05.999999999"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

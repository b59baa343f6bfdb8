// Package clover talks to a merchant's Clover account through Clover's REST API v3: it reads the
// catalogue (pos.Catalog, client.go), prices and creates online orders (pos.Orders, orders.go) and
// keeps table tabs as one order each (pos.Tabs, tabs.go).
// It pages with limit/offset, retries rate limits and server errors with bounded back-off (never
// blindly for a request that creates something), and never puts the merchant's token in an error.
package clover

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"carta/internal/pos"
)

// Base URLs of Clover's REST API per environment; a restaurant's token only works on its own region.
const (
	// Sandbox is the Platform API of the sandbox ("apisandbox"); sandbox.dev.clover.com is the
	// developer dashboard, not the API host.
	Sandbox      = "https://apisandbox.dev.clover.com"
	NorthAmerica = "https://api.clover.com"
	Europe       = "https://api.eu.clover.com"
	LatinAmerica = "https://api.la.clover.com"
)

// MaxPageSize is Clover's hard limit for limit= (its default is 100).
const MaxPageSize = 1000

// UserAgent identifies Carta on every request. Clover's reference marks the User-Agent header as
// required on the atomic order endpoints ("<product>/<product-version> <comment>",
// https://docs.clover.com/reference/ordercreateatomicorder); it is sent on every call so Clover
// support can find Carta's traffic.
const UserAgent = "Carta/1.0 (+https://carta.example)"

// maxWait caps how long one Retry-After or back-off may hold a sync.
const maxWait = 60 * time.Second

// Client is a pos.Catalog, pos.Orders and pos.Tabs backed by one merchant's Clover account. The
// zero values of HTTP, Sleep and PageSize are replaced by sane defaults, but New is the usual
// constructor. A Client is safe for concurrent use; it remembers the order types and tenders it
// resolved for its life.
type Client struct {
	BaseURL, MerchantID, Token string
	// Tokens, when set, supplies the token of each request instead of Token: the merchant's OAuth
	// v2 access token, refreshed before it expires (clientes.TokenSource).
	Tokens TokenSource
	HTTP   *http.Client
	// MaxRetries is how many times a 429, 5xx or network failure is retried before giving up.
	MaxRetries int
	// Sleep waits between retries; it must return ctx.Err() when the context ends. Tests inject it.
	Sleep func(context.Context, time.Duration) error
	// PageSize is the limit= of each page, clamped to MaxPageSize.
	PageSize int

	typesMu      sync.Mutex
	orderTypes   map[typeKey]string // order type id by merchant and label, filled on first use
	createTypeMu sync.Mutex         // held while an order type may be created
	tenders      map[typeKey]string // tender id by merchant and label, filled on first use (typesMu)
	createTendMu sync.Mutex         // held while a tender may be created
}

var _ pos.Catalog = (*Client)(nil)

// TokenSource hands the client the merchant's current access token. Refused is told when Clover
// answered 401 to a token it handed out, so the restaurant can be marked for reconnection.
type TokenSource interface {
	Token(ctx context.Context) (string, error)
	Refused(ctx context.Context, token string) error
}

// New returns a client with Clover's largest page, four retries and a 20 s timeout per request.
func New(baseURL, merchantID, token string) *Client {
	return &Client{
		BaseURL:    baseURL,
		MerchantID: merchantID,
		Token:      token,
		HTTP:       &http.Client{Timeout: 20 * time.Second},
		MaxRetries: 4,
		Sleep:      SleepContext,
		PageSize:   MaxPageSize,
	}
}

// SleepContext waits for d or until ctx ends, whichever comes first.
func SleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// StatusError is an answer Carta does not expect and will not retry (a 4xx other than 401 and 429).
// For the order endpoints Message is Clover's machine-readable reason (see the Msg constants) and
// Details the id of the element it refers to.
type StatusError struct {
	Method     string // "GET" when empty
	Path       string // request path, without host or token
	StatusCode int
	Message    string // Clover's message, if any, shortened
	Details    string // Clover's details, if any, shortened
}

func (e *StatusError) Error() string {
	method := e.Method
	if method == "" {
		method = http.MethodGet
	}
	msg := fmt.Sprintf("clover: %s %s: unexpected status %d %s", method, e.Path, e.StatusCode, http.StatusText(e.StatusCode))
	if e.Message != "" {
		msg += ": " + e.Message
	}
	if e.Details != "" {
		msg += " (" + e.Details + ")"
	}
	return msg
}

// ---- wire format (Clover's JSON names) ----

type list[T any] struct {
	Elements []T `json:"elements"`
}

// flexInt accepts a JSON number or a quoted number: Clover's docs show "sortOrder": "0" as well as
// "sortOrder": 1.
type flexInt int

func (n *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "" || s == "null" {
		*n = 0
		return nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return &json.UnmarshalTypeError{Value: "string " + string(b), Type: reflect.TypeFor[int]()}
	}
	*n = flexInt(v)
	return nil
}

type wireCategory struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	SortOrder flexInt `json:"sortOrder"`
}

type wireModifier struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Price int64  `json:"price"`
}

type wireModifierGroup struct {
	ID          string              `json:"id"`
	Name        string              `json:"name"`
	MinRequired int                 `json:"minRequired"`
	MaxAllowed  int                 `json:"maxAllowed"`
	Modifiers   *list[wireModifier] `json:"modifiers"` // nil when Clover did not expand them
}

type wireTaxRate struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Rate      int64  `json:"rate"`
	IsDefault bool   `json:"isDefault"`
}

type wireItem struct {
	ID              string                   `json:"id"`
	Name            string                   `json:"name"`
	Price           int64                    `json:"price"`
	Hidden          bool                     `json:"hidden"`
	Available       *bool                    `json:"available"` // Clover's default is true
	DefaultTaxRates bool                     `json:"defaultTaxRates"`
	Categories      *list[wireCategory]      `json:"categories"`
	ModifierGroups  *list[wireModifierGroup] `json:"modifierGroups"`
	TaxRates        *list[wireTaxRate]       `json:"taxRates"`
}

// ---- pos.Catalog ----

// Categories returns all the merchant's categories, in Clover's order.
func (c *Client) Categories(ctx context.Context) ([]pos.Category, error) {
	var out []pos.Category
	err := pages(ctx, c, "categories", nil, func(page []wireCategory) error {
		for _, w := range page {
			out = append(out, pos.Category{ID: w.ID, Name: w.Name, SortOrder: int(w.SortOrder)})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Items streams every item with its categories, modifier groups and tax rates expanded (three
// expansions, Clover's recommended maximum). Only one page is held at a time. Modifier groups that
// come without their modifiers are completed from /modifier_groups?expand=modifiers, and items that
// follow the merchant's default tax rates get them from /tax_rates; each is fetched at most once.
func (c *Client) Items(ctx context.Context, fn func(pos.Item) error) error {
	var (
		groups   map[string]wireModifierGroup // loaded on first need
		defaults []pos.TaxRate                // loaded on first need
		loadedTx bool
	)
	q := url.Values{"expand": {"categories,modifierGroups,taxRates"}}
	return pages(ctx, c, "items", q, func(page []wireItem) error {
		for i := range page {
			w := &page[i]
			it := pos.Item{ID: w.ID, Name: w.Name, Price: w.Price, Hidden: w.Hidden, Available: w.Available == nil || *w.Available}
			if w.Categories != nil {
				for _, cat := range w.Categories.Elements {
					it.CategoryIDs = append(it.CategoryIDs, cat.ID)
				}
			}
			if w.ModifierGroups != nil {
				for _, g := range w.ModifierGroups.Elements {
					if g.Modifiers == nil {
						if groups == nil {
							var err error
							if groups, err = c.modifierGroups(ctx); err != nil {
								return err
							}
						}
						if full, ok := groups[g.ID]; ok {
							g.Modifiers = full.Modifiers
						}
					}
					it.ModifierGroups = append(it.ModifierGroups, convertGroup(g))
				}
			}
			if w.TaxRates != nil {
				for _, t := range w.TaxRates.Elements {
					it.TaxRates = append(it.TaxRates, pos.TaxRate(t))
				}
			}
			if w.DefaultTaxRates && len(it.TaxRates) == 0 {
				if !loadedTx {
					var err error
					if defaults, err = c.defaultTaxRates(ctx); err != nil {
						return err
					}
					loadedTx = true
				}
				it.TaxRates = append([]pos.TaxRate(nil), defaults...)
			}
			if err := fn(it); err != nil {
				return err
			}
		}
		return nil
	})
}

func convertGroup(g wireModifierGroup) pos.ModifierGroup {
	out := pos.ModifierGroup{ID: g.ID, Name: g.Name, MinRequired: g.MinRequired, MaxAllowed: g.MaxAllowed}
	if g.Modifiers != nil {
		for _, m := range g.Modifiers.Elements {
			out.Modifiers = append(out.Modifiers, pos.Modifier(m))
		}
	}
	return out
}

// modifierGroups loads every modifier group with its modifiers, keyed by id.
func (c *Client) modifierGroups(ctx context.Context) (map[string]wireModifierGroup, error) {
	out := map[string]wireModifierGroup{}
	err := pages(ctx, c, "modifier_groups", url.Values{"expand": {"modifiers"}}, func(page []wireModifierGroup) error {
		for _, g := range page {
			out[g.ID] = g
		}
		return nil
	})
	return out, err
}

// defaultTaxRates returns the merchant's tax rates flagged isDefault.
func (c *Client) defaultTaxRates(ctx context.Context) ([]pos.TaxRate, error) {
	var out []pos.TaxRate
	err := pages(ctx, c, "tax_rates", nil, func(page []wireTaxRate) error {
		for _, t := range page {
			if t.IsDefault {
				out = append(out, pos.TaxRate(t))
			}
		}
		return nil
	})
	return out, err
}

// ---- paging and transport ----

func (c *Client) pageSize() int {
	if c.PageSize <= 0 || c.PageSize > MaxPageSize {
		return MaxPageSize
	}
	return c.PageSize
}

// pages fetches /v3/merchants/{mId}/{resource} page by page until a page is shorter than the limit,
// handing each decoded page to fn; the page is dropped before the next one is requested.
func pages[T any](ctx context.Context, c *Client, resource string, q url.Values, fn func([]T) error) error {
	limit := c.pageSize()
	for offset := 0; ; offset += limit {
		v := url.Values{}
		for k, vs := range q {
			v[k] = vs
		}
		v.Set("limit", strconv.Itoa(limit))
		v.Set("offset", strconv.Itoa(offset))
		var page list[T]
		if err := c.get(ctx, resource, v, &page); err != nil {
			return err
		}
		n := len(page.Elements)
		if err := fn(page.Elements); err != nil {
			return err
		}
		if n < limit {
			return nil
		}
	}
}

// get performs one GET with retries and decodes the JSON body into dst.
func (c *Client) get(ctx context.Context, resource string, q url.Values, dst any) error {
	r := c.newCall(http.MethodGet, resource, q, nil)
	r.label += "?offset=" + q.Get("offset")
	return c.do(ctx, r, dst)
}

// call is one request to /v3/merchants/{mId}/{resource}: what try needs to send it again.
type call struct {
	method, url string
	label       string // the path for errors: no host, no token, no query values but the offset
	body        []byte // JSON; nil for a GET
}

func (c *Client) newCall(method, resource string, q url.Values, body []byte) call {
	path := "/v3/merchants/" + url.PathEscape(c.MerchantID) + "/" + resource
	u := strings.TrimRight(c.BaseURL, "/") + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return call{method: method, url: u, label: path, body: body}
}

// do performs r with retries of every transient failure and decodes the JSON answer into dst (nil:
// the body is not read). It is only for requests that are safe to repeat (GETs, DELETEs, and the
// checkout POST that creates nothing);
// CreateOrder has its own loop because repeating its POST could create the order twice.
func (c *Client) do(ctx context.Context, r call, dst any) error {
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("clover: %s %s: %w", r.method, r.label, err)
		}
		res := c.try(ctx, r, attempt, dst)
		if !res.retry {
			return res.err
		}
		if attempt >= c.MaxRetries {
			return c.giveUp(r, attempt, res.err)
		}
		if !waitFits(ctx, res.wait) {
			// Unavailable, and the caller's deadline is why it was not waited out.
			return fmt.Errorf("%w (%w: next attempt in %s)", c.giveUp(r, attempt, res.err), context.DeadlineExceeded, res.wait)
		}
		if err := c.sleep(ctx, res.wait); err != nil {
			return fmt.Errorf("clover: %s %s: %w", r.method, r.label, err)
		}
	}
}

// waitFits reports whether waiting d still leaves time before ctx's
// deadline: a caller with a deadline (a diner's request) gets Clover's
// "unavailable" at once instead of sleeping through a Retry-After it
// cannot outlast.
func waitFits(ctx context.Context, d time.Duration) bool {
	dl, ok := ctx.Deadline()
	return !ok || time.Until(dl) > d
}

func (c *Client) giveUp(r call, attempts int, last error) error {
	return fmt.Errorf("clover: %s %s: giving up after %d retries (%s): %w", r.method, r.label, attempts, last.Error(), pos.ErrUnavailable)
}

func (c *Client) httpClient() *http.Client {
	if c.HTTP == nil {
		return defaultHTTP
	}
	return c.HTTP
}

var defaultHTTP = &http.Client{Timeout: 20 * time.Second}

func (c *Client) sleep(ctx context.Context, d time.Duration) error {
	if c.Sleep == nil {
		return SleepContext(ctx, d)
	}
	return c.Sleep(ctx, d)
}

// result is the outcome of one attempt.
type result struct {
	// retry reports a transient failure worth another attempt after wait.
	retry bool
	wait  time.Duration
	// ambiguous reports that the server may have acted on the request although it did not answer
	// success: a network failure or time-out once the request may have left, a 5xx (a gateway can
	// time out after the backend did the work), or a 2xx whose body broke off. A 429 is not
	// ambiguous: the rate limiter refused the request before it was processed.
	ambiguous bool
	err       error
}

// try makes one attempt.
func (c *Client) try(ctx context.Context, r call, attempt int, dst any) result {
	var body io.Reader
	if r.body != nil {
		body = bytes.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, r.url, body)
	if err != nil {
		return result{err: fmt.Errorf("clover: %s %s: %w", r.method, r.label, err)}
	}
	tok := c.Token
	if c.Tokens != nil {
		if tok, err = c.Tokens.Token(ctx); err != nil {
			// A refresh that failed for a while (ErrUnavailable) is worth another attempt; one
			// refused (pos.ErrUnauthorized) is not. No request left: nothing is ambiguous.
			return result{retry: errors.Is(err, pos.ErrUnavailable), wait: backoff(attempt),
				err: fmt.Errorf("clover: %s %s: %w", r.method, r.label, err)}
		}
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", UserAgent)
	resp, err := c.httpClient().Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return result{err: fmt.Errorf("clover: %s %s: %w", r.method, r.label, ctx.Err())}
		}
		// Network failure or client time-out: transient. The *url.Error holds only our URL, which
		// has no token; still, keep just its cause.
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return result{retry: true, ambiguous: true, wait: backoff(attempt), err: fmt.Errorf("request failed: %s", c.scrub(tok, err.Error()))}
	}
	defer func() {
		// Drain a little so the connection can be reused, then close.
		_, _ = io.CopyN(io.Discard, resp.Body, 4<<10)
		resp.Body.Close()
	}()

	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		if dst == nil { // an answer whose body says nothing more (DELETE)
			return result{}
		}
		if err := json.NewDecoder(resp.Body).Decode(dst); err != nil {
			if ctx.Err() != nil {
				return result{err: fmt.Errorf("clover: %s %s: %w", r.method, r.label, ctx.Err())}
			}
			if isJSONError(err) {
				return result{ambiguous: true, err: fmt.Errorf("clover: %s %s: %s: %w", r.method, r.label, c.scrub(tok, err.Error()), pos.ErrMalformed)}
			}
			return result{retry: true, ambiguous: true, wait: backoff(attempt), err: fmt.Errorf("reading body: %s", c.scrub(tok, err.Error()))}
		}
		return result{}
	case resp.StatusCode == http.StatusUnauthorized:
		err := pos.ErrUnauthorized
		if c.Tokens != nil {
			if markErr := c.Tokens.Refused(ctx, tok); markErr != nil {
				err = errors.Join(err, fmt.Errorf("marking the restaurant for reconnection: %w", markErr))
			}
		}
		return result{err: fmt.Errorf("clover: %s %s: %w", r.method, r.label, err)}
	case resp.StatusCode == http.StatusTooManyRequests:
		d, ok := retryAfter(resp.Header.Get("Retry-After"), time.Now())
		if !ok {
			d = backoff(attempt)
		}
		return result{retry: true, wait: d, err: errors.New("status 429 Too Many Requests")}
	case resp.StatusCode >= 500:
		return result{retry: true, ambiguous: true, wait: backoff(attempt), err: fmt.Errorf("status %d %s", resp.StatusCode, http.StatusText(resp.StatusCode))}
	default:
		msg, details := c.message(resp.Body, tok)
		return result{err: &StatusError{Method: r.method, Path: r.label, StatusCode: resp.StatusCode, Message: msg, Details: details}}
	}
}

// message extracts Clover's {"message": "...", "details": "..."} from an error body, shortened and
// without the token. For the atomic order endpoints details is the id of the element refused.
func (c *Client) message(body io.Reader, tok string) (msg, details string) {
	b, _ := io.ReadAll(io.LimitReader(body, 2<<10))
	var m struct {
		Message string `json:"message"`
		Details any    `json:"details"`
	}
	msg = strings.TrimSpace(string(b))
	if json.Unmarshal(b, &m) == nil && m.Message != "" {
		msg = m.Message
		switch d := m.Details.(type) {
		case string:
			details = d
		case nil:
		default:
			if j, err := json.Marshal(d); err == nil {
				details = string(j)
			}
		}
	}
	return c.scrub(tok, shorten(msg)), c.scrub(tok, shorten(details))
}

func shorten(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// scrub removes the token used (and the client's own) from a text that may end up in an error or
// a log.
func (c *Client) scrub(tok, s string) string {
	for _, t := range []string{tok, c.Token} {
		if t != "" {
			s = strings.ReplaceAll(s, t, "[token]")
		}
	}
	return s
}

func isJSONError(err error) bool {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	return errors.As(err, &se) || errors.As(err, &te) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// backoff is 1s, 2s, 4s, … capped at maxWait.
func backoff(attempt int) time.Duration {
	if attempt > 6 {
		return maxWait
	}
	return min(time.Second<<attempt, maxWait)
}

// retryAfter parses a Retry-After header: delay-seconds or an HTTP date, capped at maxWait.
func retryAfter(h string, now time.Time) (time.Duration, bool) {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0, false
	}
	if secs, err := strconv.Atoi(h); err == nil {
		if secs < 0 {
			return 0, false
		}
		if secs >= int(maxWait/time.Second) {
			return maxWait, true
		}
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(h); err == nil {
		return min(max(t.Sub(now), 0), maxWait), true
	}
	return 0, false
}

// wireProperties is the part of Clover's MerchantProperties Carta reads
// (GET /v3/merchants/{mId}/properties): "vat" is the merchant's VAT setting,
// under which item prices include the tax; "vatTaxName" names it on receipts.
type wireProperties struct {
	VAT        *bool  `json:"vat"`
	VATTaxName string `json:"vatTaxName"`
}

var _ pos.TaxSettings = (*Client)(nil)

// TaxIncluded reads the merchant's VAT setting: true when its prices include
// the tax. A merchant whose properties omit "vat" adds tax (Clover's default
// outside VAT countries).
func (c *Client) TaxIncluded(ctx context.Context) (bool, error) {
	var p wireProperties
	if err := c.get(ctx, "properties", nil, &p); err != nil {
		return false, err
	}
	return p.VAT != nil && *p.VAT, nil
}

// Verify checks that the client's token opens its merchant: Clover answers
// 401 for a token of another merchant (one light read of the inventory,
// which Carta's app needs anyway).
func (c *Client) Verify(ctx context.Context) error {
	var out struct{}
	return c.get(ctx, "categories", url.Values{"limit": {"1"}}, &out)
}

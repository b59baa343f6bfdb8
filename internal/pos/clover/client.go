// Package clover reads a merchant's catalogue from Clover's REST API v3 (the real implementation of
// pos.Catalog). It pages with limit/offset, retries rate limits and server errors with bounded
// back-off, and never puts the merchant's token in an error.
package clover

import (
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

// maxWait caps how long one Retry-After or back-off may hold a sync.
const maxWait = 60 * time.Second

// Client is a pos.Catalog backed by one merchant's Clover account. The zero values of HTTP,
// MaxRetries, Sleep and PageSize are replaced by sane defaults, but New is the usual constructor.
type Client struct {
	BaseURL, MerchantID, Token string
	HTTP                       *http.Client
	// MaxRetries is how many times a 429, 5xx or network failure is retried before giving up.
	MaxRetries int
	// Sleep waits between retries; it must return ctx.Err() when the context ends. Tests inject it.
	Sleep func(context.Context, time.Duration) error
	// PageSize is the limit= of each page, clamped to MaxPageSize.
	PageSize int
}

var _ pos.Catalog = (*Client)(nil)

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
type StatusError struct {
	Path       string // request path, without host or token
	StatusCode int
	Message    string // Clover's message, if any, shortened
}

func (e *StatusError) Error() string {
	msg := fmt.Sprintf("clover: GET %s: unexpected status %d %s", e.Path, e.StatusCode, http.StatusText(e.StatusCode))
	if e.Message != "" {
		msg += ": " + e.Message
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
	path := "/v3/merchants/" + url.PathEscape(c.MerchantID) + "/" + resource
	u := strings.TrimRight(c.BaseURL, "/") + path + "?" + q.Encode()
	label := path + "?offset=" + q.Get("offset") // for errors: no host, no token
	httpc := c.HTTP
	if httpc == nil {
		httpc = &http.Client{Timeout: 20 * time.Second}
	}
	sleep := c.Sleep
	if sleep == nil {
		sleep = SleepContext
	}

	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("clover: GET %s: %w", label, err)
		}
		retry, wait, err := c.try(ctx, httpc, u, label, attempt, dst)
		if !retry {
			return err
		}
		if attempt >= c.MaxRetries {
			return fmt.Errorf("clover: GET %s: giving up after %d retries (%s): %w", label, attempt, err.Error(), pos.ErrUnavailable)
		}
		if serr := sleep(ctx, wait); serr != nil {
			return fmt.Errorf("clover: GET %s: %w", label, serr)
		}
	}
}

// try makes one attempt. retry reports a transient failure worth another attempt after wait.
func (c *Client) try(ctx context.Context, httpc *http.Client, u, label string, attempt int, dst any) (retry bool, wait time.Duration, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return false, 0, fmt.Errorf("clover: GET %s: %w", label, err)
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Accept", "application/json")
	resp, err := httpc.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return false, 0, fmt.Errorf("clover: GET %s: %w", label, ctx.Err())
		}
		// Network failure or client time-out: transient. The *url.Error holds only our URL, which
		// has no token; still, keep just its cause.
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return true, backoff(attempt), fmt.Errorf("request failed: %s", c.scrub(err.Error()))
	}
	defer func() {
		// Drain a little so the connection can be reused, then close.
		_, _ = io.CopyN(io.Discard, resp.Body, 4<<10)
		resp.Body.Close()
	}()

	switch {
	case resp.StatusCode == http.StatusOK:
		if err := json.NewDecoder(resp.Body).Decode(dst); err != nil {
			if ctx.Err() != nil {
				return false, 0, fmt.Errorf("clover: GET %s: %w", label, ctx.Err())
			}
			if isJSONError(err) {
				return false, 0, fmt.Errorf("clover: GET %s: %s: %w", label, c.scrub(err.Error()), pos.ErrMalformed)
			}
			return true, backoff(attempt), fmt.Errorf("reading body: %s", c.scrub(err.Error()))
		}
		return false, 0, nil
	case resp.StatusCode == http.StatusUnauthorized:
		return false, 0, fmt.Errorf("clover: GET %s: %w", label, pos.ErrUnauthorized)
	case resp.StatusCode == http.StatusTooManyRequests:
		d, ok := retryAfter(resp.Header.Get("Retry-After"), time.Now())
		if !ok {
			d = backoff(attempt)
		}
		return true, d, errors.New("status 429 Too Many Requests")
	case resp.StatusCode >= 500:
		return true, backoff(attempt), fmt.Errorf("status %d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
	default:
		return false, 0, &StatusError{Path: label, StatusCode: resp.StatusCode, Message: c.message(resp.Body)}
	}
}

// message extracts Clover's {"message": "..."} from an error body, shortened and without the token.
func (c *Client) message(body io.Reader) string {
	b, _ := io.ReadAll(io.LimitReader(body, 2<<10))
	var m struct {
		Message string `json:"message"`
	}
	s := strings.TrimSpace(string(b))
	if json.Unmarshal(b, &m) == nil && m.Message != "" {
		s = m.Message
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return c.scrub(s)
}

// scrub removes the token from a text that may end up in an error or a log.
func (c *Client) scrub(s string) string {
	if c.Token == "" {
		return s
	}
	return strings.ReplaceAll(s, c.Token, "[token]")
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

package clover_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/pos"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
)

func TestParseRegion(t *testing.T) {
	tests := []struct {
		in      string
		want    clover.Region
		web     string
		api     string
		wantErr bool
	}{
		{in: "", want: clover.RegionNorthAmerica, web: "https://www.clover.com", api: "https://api.clover.com"},
		{in: "na", want: clover.RegionNorthAmerica, web: "https://www.clover.com", api: "https://api.clover.com"},
		{in: " US ", want: clover.RegionNorthAmerica, web: "https://www.clover.com", api: "https://api.clover.com"},
		{in: "eu", want: clover.RegionEurope, web: "https://www.eu.clover.com", api: "https://api.eu.clover.com"},
		{in: "LA", want: clover.RegionLatinAmerica, web: "https://www.la.clover.com", api: "https://api.la.clover.com"},
		{in: "sandbox", want: clover.RegionSandbox, web: "https://sandbox.dev.clover.com", api: "https://apisandbox.dev.clover.com"},
		{in: "apac", wantErr: true},
		{in: "https://api.clover.com", wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			r, err := clover.ParseRegion(tc.in)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("ParseRegion(%q) = %q, want an error", tc.in, r)
				}
				return
			}
			if err != nil || r != tc.want {
				t.Fatalf("ParseRegion(%q) = %q, %v; want %q", tc.in, r, err, tc.want)
			}
			if r.WebURL() != tc.web || r.APIURL() != tc.api {
				t.Fatalf("%s: web %s api %s; want %s %s", r, r.WebURL(), r.APIURL(), tc.web, tc.api)
			}
		})
	}
}

func TestAuthorizeURL(t *testing.T) {
	tests := []struct {
		name                       string
		region                     clover.Region
		clientID, redirect, state  string
		wantHost                   string
		wantRedirect, wantHasState bool
	}{
		{"north america", clover.RegionNorthAmerica, "APP1", "https://carta.example/api/callback", "st-1", "www.clover.com", true, true},
		{"europe", clover.RegionEurope, "APP1", "https://carta.example/api/callback", "st-2", "www.eu.clover.com", true, true},
		{"latam", clover.RegionLatinAmerica, "APP1", "https://carta.example/api/callback", "st-3", "www.la.clover.com", true, true},
		{"sandbox", clover.RegionSandbox, "APP1", "http://localhost:8080/api/callback?x=1&y=a b", "s t/ü", "sandbox.dev.clover.com", true, true},
		{"site URL of the app, no state", clover.RegionNorthAmerica, "APP1", "", "", "www.clover.com", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw := tc.region.AuthorizeURL(tc.clientID, tc.redirect, tc.state)
			u, err := url.Parse(raw)
			if err != nil {
				t.Fatal(err)
			}
			if u.Scheme != "https" || u.Host != tc.wantHost || u.Path != "/oauth/v2/authorize" {
				t.Fatalf("got %s", raw)
			}
			q := u.Query()
			if q.Get("client_id") != tc.clientID {
				t.Fatalf("client_id: %s", raw)
			}
			if _, ok := q["redirect_uri"]; ok != tc.wantRedirect || q.Get("redirect_uri") != tc.redirect {
				t.Fatalf("redirect_uri %q in %s, want %q", q.Get("redirect_uri"), raw, tc.redirect)
			}
			if _, ok := q["state"]; ok != tc.wantHasState || q.Get("state") != tc.state {
				t.Fatalf("state %q in %s, want %q", q.Get("state"), raw, tc.state)
			}
		})
	}
}

func TestParseCallback(t *testing.T) {
	q := url.Values{"merchant_id": {"M1"}, "client_id": {"APP1"}, "employee_id": {"E1"}, "code": {"c0de"}, "state": {"st"}}
	cb, err := clover.ParseCallback(q)
	want := clover.Callback{Code: "c0de", MerchantID: "M1", ClientID: "APP1", EmployeeID: "E1", State: "st"}
	if err != nil || cb != want {
		t.Fatalf("got %+v, %v", cb, err)
	}
	for _, drop := range []string{"code", "merchant_id"} {
		q2 := url.Values{}
		for k, v := range q {
			if k != drop {
				q2[k] = v
			}
		}
		if _, err := clover.ParseCallback(q2); err == nil {
			t.Errorf("callback without %s accepted", drop)
		}
	}
}

// fakeClock is a clock the fake and the code under test share; tests move it by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *fakeClock { return &fakeClock{t: time.Unix(1_700_000_000, 0)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

const (
	appID     = "APPID123"
	appSecret = "s3cret-APP-value-987"
)

func oauthFake(t *testing.T, clock *fakeClock) (*clovertest.Server, clovertest.Merchant) {
	t.Helper()
	m := clovertest.Merchant{ID: "MOA", Token: "legacy-token-1",
		Categories: []pos.Category{{ID: "C1", Name: "Entradas"}}}
	srv := clovertest.NewServer(t, m)
	srv.EnableOAuth(clovertest.OAuthConfig{AppID: appID, AppSecret: appSecret, Now: clock.Now,
		AccessTTL: time.Hour, RefreshTTL: 30 * 24 * time.Hour})
	return srv, m
}

func oauthClient(srv *clovertest.Server) *clover.OAuth {
	o := clover.NewOAuth(clover.RegionSandbox, appID, appSecret)
	o.APIURL = srv.URL
	return o
}

// The whole browser round trip: the authorize page sends the browser back with code,
// merchant_id and state; the code becomes tokens that work on the REST API.
func TestOAuthAuthorizeAndExchange(t *testing.T) {
	clock := newClock()
	srv, m := oauthFake(t, clock)
	o := oauthClient(srv)

	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Get(clover.AuthorizeURL(srv.URL, appID, "https://carta.example/api/callback?from=sa", "st-42"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		t.Fatalf("authorize: status %d", resp.StatusCode)
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || loc.Host != "carta.example" || loc.Path != "/api/callback" {
		t.Fatalf("redirect to %q", resp.Header.Get("Location"))
	}
	cb, err := clover.ParseCallback(loc.Query())
	if err != nil {
		t.Fatal(err)
	}
	if cb.MerchantID != m.ID || cb.State != "st-42" || cb.ClientID != appID || cb.EmployeeID == "" || loc.Query().Get("from") != "sa" {
		t.Fatalf("callback %+v (%s)", cb, loc)
	}

	tk, err := o.Exchange(context.Background(), cb.Code)
	if err != nil {
		t.Fatal(err)
	}
	if tk.Access == "" || tk.Refresh == "" || tk.AccessExpires != clock.Now().Add(time.Hour).Unix() ||
		tk.RefreshExpires != clock.Now().Add(30*24*time.Hour).Unix() {
		t.Fatalf("tokens %+v", tk)
	}
	if srv.Exchanges() != 1 {
		t.Fatalf("exchanges: %d", srv.Exchanges())
	}
	// The access token works on the REST API.
	c := clover.New(srv.URL, m.ID, tk.Access)
	if _, err := c.Categories(context.Background()); err != nil {
		t.Fatalf("categories with the new token: %v", err)
	}
	// A code works once.
	_, err = o.Exchange(context.Background(), cb.Code)
	if !errors.Is(err, clover.ErrGrantRefused) || !errors.Is(err, pos.ErrUnauthorized) {
		t.Fatalf("second exchange of one code: %v", err)
	}
	// The requests carried Carta's User-Agent and JSON.
	for _, call := range srv.Calls() {
		if call.Path == "/oauth/v2/token" && (call.UserAgent != clover.UserAgent || call.ContentType != "application/json") {
			t.Fatalf("token request %+v", call)
		}
	}
	// An unknown app gets no redirect.
	resp, err = noFollow.Get(clover.AuthorizeURL(srv.URL, "OTHER", "https://carta.example/api/callback", "x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("unknown client_id: status %d", resp.StatusCode)
	}
}

func TestOAuthErrors(t *testing.T) {
	tests := []struct {
		name string
		// run makes the call under test, given the fake, a client and a valid pair.
		run           func(srv *clovertest.Server, o *clover.OAuth, pair clovertest.Tokens) (clover.Tokens, error)
		wantRefused   bool // ErrGrantRefused, a pos.ErrUnauthorized
		wantRetryable bool // pos.ErrUnavailable
		wantStatus    int
	}{
		{name: "exchange ok", run: func(srv *clovertest.Server, o *clover.OAuth, _ clovertest.Tokens) (clover.Tokens, error) {
			return o.Exchange(context.Background(), srv.IssueCode())
		}},
		{name: "invalid code", wantRefused: true, wantStatus: 400, run: func(_ *clovertest.Server, o *clover.OAuth, _ clovertest.Tokens) (clover.Tokens, error) {
			return o.Exchange(context.Background(), "code-made-up")
		}},
		{name: "wrong secret", wantRefused: true, wantStatus: 401, run: func(srv *clovertest.Server, o *clover.OAuth, _ clovertest.Tokens) (clover.Tokens, error) {
			o.AppSecret = "not-the-secret"
			return o.Exchange(context.Background(), srv.IssueCode())
		}},
		{name: "exchange 5xx", wantRetryable: true, wantStatus: 503, run: func(srv *clovertest.Server, o *clover.OAuth, _ clovertest.Tokens) (clover.Tokens, error) {
			srv.FailNextOn("POST /oauth/v2/token", 503, "", 1)
			return o.Exchange(context.Background(), srv.IssueCode())
		}},
		{name: "exchange 429", wantRetryable: true, wantStatus: 429, run: func(srv *clovertest.Server, o *clover.OAuth, _ clovertest.Tokens) (clover.Tokens, error) {
			srv.FailNextOn("POST /oauth/v2/token", 429, "1", 1)
			return o.Exchange(context.Background(), srv.IssueCode())
		}},
		{name: "refresh ok", run: func(_ *clovertest.Server, o *clover.OAuth, pair clovertest.Tokens) (clover.Tokens, error) {
			return o.Refresh(context.Background(), pair.Refresh)
		}},
		{name: "refresh token used twice", wantRefused: true, wantStatus: 400, run: func(_ *clovertest.Server, o *clover.OAuth, pair clovertest.Tokens) (clover.Tokens, error) {
			if _, err := o.Refresh(context.Background(), pair.Refresh); err != nil {
				return clover.Tokens{}, err
			}
			return o.Refresh(context.Background(), pair.Refresh)
		}},
		{name: "revoked refresh token", wantRefused: true, wantStatus: 400, run: func(srv *clovertest.Server, o *clover.OAuth, pair clovertest.Tokens) (clover.Tokens, error) {
			srv.Revoke(pair.Refresh)
			return o.Refresh(context.Background(), pair.Refresh)
		}},
		{name: "refresh 500", wantRetryable: true, wantStatus: 500, run: func(srv *clovertest.Server, o *clover.OAuth, pair clovertest.Tokens) (clover.Tokens, error) {
			srv.FailNextOn("POST /oauth/v2/refresh", 500, "", 1)
			return o.Refresh(context.Background(), pair.Refresh)
		}},
		{name: "network failure", wantRetryable: true, run: func(srv *clovertest.Server, o *clover.OAuth, pair clovertest.Tokens) (clover.Tokens, error) {
			srv.LoseAnswers("POST /oauth/v2/refresh", 0, 1)
			return o.Refresh(context.Background(), pair.Refresh)
		}},
		{name: "wrong app id on refresh", wantRefused: true, wantStatus: 401, run: func(_ *clovertest.Server, o *clover.OAuth, pair clovertest.Tokens) (clover.Tokens, error) {
			o.AppID = "OTHERAPP"
			return o.Refresh(context.Background(), pair.Refresh)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := newClock()
			srv, _ := oauthFake(t, clock)
			o := oauthClient(srv)
			pair := srv.IssueTokens()
			tk, err := tc.run(srv, o, pair)
			if !tc.wantRefused && !tc.wantRetryable {
				if err != nil || tk.Access == "" || tk.Refresh == "" || tk.AccessExpires == 0 || tk.RefreshExpires == 0 {
					t.Fatalf("got %+v, %v", tk, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, tokens %+v", tk)
			}
			if errors.Is(err, clover.ErrGrantRefused) != tc.wantRefused || errors.Is(err, pos.ErrUnauthorized) != tc.wantRefused {
				t.Fatalf("refused = %v, want %v: %v", errors.Is(err, clover.ErrGrantRefused), tc.wantRefused, err)
			}
			if errors.Is(err, pos.ErrUnavailable) != tc.wantRetryable {
				t.Fatalf("retryable = %v, want %v: %v", errors.Is(err, pos.ErrUnavailable), tc.wantRetryable, err)
			}
			var oe *clover.OAuthError
			if !errors.As(err, &oe) || oe.StatusCode != tc.wantStatus || oe.Retryable() != tc.wantRetryable {
				t.Fatalf("OAuthError %+v from %v", oe, err)
			}
			assertNoSecret(t, err, appSecret, pair.Access, pair.Refresh)
		})
	}
}

func TestOAuthNotConfigured(t *testing.T) {
	o := clover.NewOAuth(clover.RegionNorthAmerica, "", "")
	if _, err := o.Exchange(context.Background(), "c"); !errors.Is(err, clover.ErrNotConfigured) {
		t.Fatalf("exchange: %v", err)
	}
	if _, err := o.Refresh(context.Background(), "r"); !errors.Is(err, clover.ErrNotConfigured) {
		t.Fatalf("refresh: %v", err)
	}
}

// Whatever Clover echoes back, and whatever the transport says, no code, token or secret reaches
// an error string.
func TestOAuthErrorsNeverHoldSecrets(t *testing.T) {
	const code = "code-SENSITIVE-0001"
	const refresh = "ref-SENSITIVE-0002"
	for _, status := range []int{400, 401, 403, 418, 500} {
		srv := httptestServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			// An answer that quotes everything it was sent.
			_, _ = w.Write([]byte(`{"message":"bad request: code=` + code + ` refresh_token=` + refresh + ` client_secret=` + appSecret + `"}`))
		})
		o := clover.NewOAuth(clover.RegionNorthAmerica, appID, appSecret)
		o.APIURL = srv
		_, err := o.Exchange(context.Background(), code)
		if err == nil {
			t.Fatalf("status %d: no error", status)
		}
		assertNoSecret(t, err, code, appSecret)
		_, err = o.Refresh(context.Background(), refresh)
		assertNoSecret(t, err, refresh, appSecret)
		if !strings.Contains(err.Error(), "[redacted]") {
			t.Fatalf("status %d: the message was dropped instead of scrubbed: %v", status, err)
		}
	}
	// A malformed 2xx.
	srv := httptestServer(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"access_token": "` + code))
	})
	o := clover.NewOAuth(clover.RegionNorthAmerica, appID, appSecret)
	o.APIURL = srv
	_, err := o.Exchange(context.Background(), code)
	if !errors.Is(err, pos.ErrMalformed) {
		t.Fatalf("malformed: %v", err)
	}
	assertNoSecret(t, err, code, appSecret)
}

func assertNoSecret(t *testing.T, err error, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if s != "" && strings.Contains(err.Error(), s) {
			t.Fatalf("error holds a secret %q: %v", s, err)
		}
	}
}

// httptestServer serves h for the test and returns its URL.
func httptestServer(t *testing.T, h http.HandlerFunc) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// staticSource is a TokenSource handing out one token and recording refusals.
type staticSource struct {
	tok     string
	refused []string
}

func (s *staticSource) Token(context.Context) (string, error) { return s.tok, nil }
func (s *staticSource) Refused(_ context.Context, tok string) error {
	s.refused = append(s.refused, tok)
	return nil
}

// The REST client sends the source's token, keeps it out of its errors and reports a 401 to it.
func TestClientUsesTokenSource(t *testing.T) {
	const tok = "acc-FROM-SOURCE-77"
	for _, status := range []int{400, 401} {
		var auth string
		srv := httptestServer(t, func(w http.ResponseWriter, r *http.Request) {
			auth = r.Header.Get("Authorization")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			_, _ = w.Write([]byte(`{"message":"token ` + tok + ` refused"}`))
		})
		src := &staticSource{tok: tok}
		c := clover.New(srv, "M1", "")
		c.Tokens = src
		_, err := c.Categories(context.Background())
		if err == nil || auth != "Bearer "+tok {
			t.Fatalf("status %d: err %v, Authorization %q", status, err, auth)
		}
		assertNoSecret(t, err, tok)
		if got := len(src.refused); (status == 401) != (got == 1) || (got == 1 && src.refused[0] != tok) {
			t.Fatalf("status %d: refused %v", status, src.refused)
		}
	}
}

package clover_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"carta/internal/checkout"
	"carta/internal/checkout/clover"
	"carta/internal/checkout/clover/clovercheckouttest"
	"carta/internal/pos"
)

const (
	merchantID = "6CQ7NK5YYE1X1"
	token      = "8e0c1c3a-priv-4b71-9f3e-secret-token"
)

func newClient(fake *clovercheckouttest.Server) *clover.Client {
	c := clover.New(fake.URL)
	c.Sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() } // no real waits
	return c
}

func couponRequest() checkout.Request {
	return checkout.Request{
		MerchantID: merchantID,
		Token:      token,
		Reference:  "purchase-42",
		Currency:   "USD",
		LineItems: []checkout.LineItem{
			{Name: "Cupón 2x1 en pizzas", Price: 1520, Quantity: 2, Note: "Válido hasta el 31/12"},
			{Name: "Fee de servicio", Price: 500, Quantity: 1},
		},
		Customer:   checkout.Customer{Email: "ana@example.com", FirstName: "Ana", LastName: "López", Phone: "+1 555 0100"},
		SuccessURL: "https://carta.example/compras/ok",
		FailureURL: "https://carta.example/compras/error",
		CancelURL:  "https://carta.example/compras/cancelada",
	}
}

func TestCreateSendsDocumentedRequest(t *testing.T) {
	fake := clovercheckouttest.New(t)
	fake.MerchantID, fake.Token = merchantID, token
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	fake.Now = func() time.Time { return now }

	sess, err := newClient(fake).Create(context.Background(), couponRequest())
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	reqs := fake.Requests()
	if len(reqs) != 1 {
		t.Fatalf("fake got %d requests, want 1", len(reqs))
	}
	got := reqs[0]
	if got.Method != http.MethodPost || got.Path != "/invoicingcheckoutservice/v1/checkouts" {
		t.Errorf("request = %s %s", got.Method, got.Path)
	}
	for h, want := range map[string]string{
		"X-Clover-Merchant-Id": merchantID,
		"Authorization":        "Bearer " + token,
		"Content-Type":         "application/json",
	} {
		if v := got.Header.Get(h); v != want {
			t.Errorf("header %s = %q, want %q", h, v, want)
		}
	}
	wantItems := []clovercheckouttest.LineItem{
		{Name: "Cupón 2x1 en pizzas", Price: 1520, UnitQty: 2, Note: "Válido hasta el 31/12"},
		{Name: "Fee de servicio", Price: 500, UnitQty: 1},
	}
	if got.Body.ShoppingCart == nil || len(got.Body.ShoppingCart.LineItems) != len(wantItems) {
		t.Fatalf("shoppingCart = %+v (raw %s)", got.Body.ShoppingCart, got.RawBody)
	}
	for i, li := range got.Body.ShoppingCart.LineItems {
		if li != wantItems[i] {
			t.Errorf("lineItems[%d] = %+v, want %+v", i, li, wantItems[i])
		}
	}
	wantCustomer := clovercheckouttest.Customer{Email: "ana@example.com", FirstName: "Ana", LastName: "López", PhoneNumber: "+1 555 0100"}
	if got.Body.Customer == nil || *got.Body.Customer != wantCustomer {
		t.Errorf("customer = %+v, want %+v", got.Body.Customer, wantCustomer)
	}
	wantRedirects := clovercheckouttest.RedirectURLs{
		Success: "https://carta.example/compras/ok",
		Failure: "https://carta.example/compras/error",
		Cancel:  "https://carta.example/compras/cancelada",
	}
	if got.Body.RedirectURLs == nil || *got.Body.RedirectURLs != wantRedirects {
		t.Errorf("redirectUrls = %+v, want %+v", got.Body.RedirectURLs, wantRedirects)
	}
	// Prices are integer cents on the wire, never "15.20".
	if !strings.Contains(string(got.RawBody), `"price":1520`) {
		t.Errorf("body does not carry the price as integer cents: %s", got.RawBody)
	}
	if got.SessionID == "" {
		t.Fatal("fake did not create a session")
	}
	if sess.ID != got.SessionID || sess.URL != fake.CheckoutURL(got.SessionID) {
		t.Errorf("session = %+v, want id %s and url %s", sess, got.SessionID, fake.CheckoutURL(got.SessionID))
	}
	if want := now.Add(15 * time.Minute); !sess.ExpiresAt.Equal(want) {
		t.Errorf("ExpiresAt = %v, want %v", sess.ExpiresAt, want)
	}
}

func TestCreateOmitsEmptyRedirectsButKeepsCustomer(t *testing.T) {
	fake := clovercheckouttest.New(t)
	r := couponRequest()
	r.SuccessURL, r.FailureURL, r.CancelURL = "", "", ""
	r.Customer = checkout.Customer{}
	if _, err := newClient(fake).Create(context.Background(), r); err != nil {
		t.Fatalf("Create: %v", err)
	}
	raw := string(fake.Requests()[0].RawBody)
	if strings.Contains(raw, "redirectUrls") {
		t.Errorf("empty redirect URLs were sent: %s", raw)
	}
	if !strings.Contains(raw, `"customer":{}`) {
		t.Errorf("Clover wants a customer object even when empty: %s", raw)
	}
}

func TestCreateFailures(t *testing.T) {
	tests := []struct {
		name      string
		setup     func(*clovercheckouttest.Server)
		req       func(*checkout.Request)
		wantErr   error
		wantCalls int
	}{
		{
			name:      "wrong token is 401, not retried",
			setup:     func(s *clovercheckouttest.Server) { s.Token = "another-token" },
			wantErr:   checkout.ErrUnauthorized,
			wantCalls: 1,
		},
		{
			name:      "injected 401",
			setup:     func(s *clovercheckouttest.Server) { s.Fail(http.StatusUnauthorized, 1) },
			wantErr:   checkout.ErrUnauthorized,
			wantCalls: 1,
		},
		{
			name:      "400 is rejected, not retried",
			setup:     func(s *clovercheckouttest.Server) { s.Fail(http.StatusBadRequest, 1) },
			wantErr:   checkout.ErrRejected,
			wantCalls: 1,
		},
		{
			name:      "500 forever gives up after two retries",
			setup:     func(s *clovercheckouttest.Server) { s.FailAlways(http.StatusInternalServerError) },
			wantErr:   checkout.ErrUnavailable,
			wantCalls: 3,
		},
		{
			name:      "malformed JSON answer",
			setup:     func(s *clovercheckouttest.Server) { s.Malformed(1) },
			wantCalls: 1,
		},
		{
			name:      "invalid request never reaches Clover",
			req:       func(r *checkout.Request) { r.LineItems[0].Quantity = 0 },
			wantErr:   checkout.ErrInvalid,
			wantCalls: 0,
		},
		{
			name:      "missing token never reaches Clover",
			req:       func(r *checkout.Request) { r.Token = "" },
			wantErr:   checkout.ErrInvalid,
			wantCalls: 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := clovercheckouttest.New(t)
			if tt.setup != nil {
				tt.setup(fake)
			}
			r := couponRequest()
			if tt.req != nil {
				tt.req(&r)
			}
			sess, err := newClient(fake).Create(context.Background(), r)
			if err == nil {
				t.Fatalf("Create succeeded with %+v, want an error", sess)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("error %q is not %q", err, tt.wantErr)
			}
			if strings.Contains(err.Error(), token) {
				t.Errorf("error leaks the token: %q", err)
			}
			if n := len(fake.Requests()); n != tt.wantCalls {
				t.Errorf("fake got %d calls, want %d", n, tt.wantCalls)
			}
		})
	}
}

func TestCreate401MessageNamesTheToken(t *testing.T) {
	fake := clovercheckouttest.New(t)
	fake.Token = "another-token"
	_, err := newClient(fake).Create(context.Background(), couponRequest())
	var se *clover.StatusError
	if !errors.As(err, &se) || se.StatusCode != http.StatusUnauthorized {
		t.Fatalf("error = %v, want a 401 StatusError", err)
	}
	if !strings.Contains(err.Error(), "token") || strings.Contains(err.Error(), token) {
		t.Errorf("error %q should mention the token as the cause without showing it", err)
	}
}

func TestCreateRetriesThenSucceeds(t *testing.T) {
	for _, n := range []int{1, 2} {
		fake := clovercheckouttest.New(t)
		fake.Fail(http.StatusInternalServerError, n)
		sess, err := newClient(fake).Create(context.Background(), couponRequest())
		if err != nil {
			t.Fatalf("%d×500 then success: %v", n, err)
		}
		reqs := fake.Requests()
		if len(reqs) != n+1 || sess.ID != reqs[n].SessionID {
			t.Errorf("%d×500: %d calls, session %q (last answered %q)", n, len(reqs), sess.ID, reqs[len(reqs)-1].SessionID)
		}
	}
}

func TestCreateHonoursContextDeadline(t *testing.T) {
	fake := clovercheckouttest.New(t)
	fake.Delay = 2 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := newClient(fake).Create(ctx, couponRequest())
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error = %v, want context.DeadlineExceeded", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Create took %v after a 50ms deadline", d)
	}
	if n := len(fake.Requests()); n > 1 {
		t.Errorf("retried %d times after the caller's deadline", n-1)
	}
}

func TestCreateRetriesPerAttemptTimeout(t *testing.T) {
	fake := clovercheckouttest.New(t)
	fake.Delay = 300 * time.Millisecond
	c := newClient(fake)
	c.HTTP = &http.Client{Timeout: 50 * time.Millisecond}
	_, err := c.Create(context.Background(), couponRequest())
	if !errors.Is(err, checkout.ErrUnavailable) {
		t.Fatalf("error = %v, want ErrUnavailable after time-outs", err)
	}
	if strings.Contains(err.Error(), token) {
		t.Errorf("error leaks the token: %q", err)
	}
}

func TestCreateExpiration(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		answer string
		want   time.Time
	}{
		{"unix milliseconds", `1772367300000`, time.UnixMilli(1772367300000).UTC()},
		{"unix seconds", `1772367300`, time.Unix(1772367300, 0).UTC()},
		{"ISO with +0000", `"2026-03-01T12:15:00.000+0000"`, now.Add(15 * time.Minute)},
		{"RFC 3339", `"2026-03-01T12:10:00Z"`, now.Add(10 * time.Minute)},
		{"absent", ``, now.Add(15 * time.Minute)},
		{"unreadable", `"soon"`, now.Add(15 * time.Minute)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := answerServer(t, tt.answer)
			c := clover.New(srv)
			c.Now = func() time.Time { return now }
			r := couponRequest()
			sess, err := c.Create(context.Background(), r)
			if err != nil {
				t.Fatal(err)
			}
			if !sess.ExpiresAt.Equal(tt.want) {
				t.Errorf("ExpiresAt = %v, want %v", sess.ExpiresAt, tt.want)
			}
		})
	}
}

func TestCreate4xxCarriesCloversMessage(t *testing.T) {
	fake := clovercheckouttest.New(t)
	r := couponRequest()
	fake.Fail(http.StatusUnprocessableEntity, 1)
	_, err := newClient(fake).Create(context.Background(), r)
	if !errors.Is(err, checkout.ErrRejected) || !strings.Contains(err.Error(), "fake clover failure 422") {
		t.Fatalf("error = %v, want ErrRejected with Clover's message", err)
	}
}

// A restaurant's hosted checkout is opened on its current access token
// (from its token source, refreshed before it expires), not on the token
// read with the order; a refresh Clover refused is ErrUnauthorized.
func TestCheckoutsUseTheCurrentToken(t *testing.T) {
	fake := clovercheckouttest.New(t)
	fake.MerchantID, fake.Token = merchantID, "fresh-token"
	c := &clover.Checkouts{Client: newClient(fake), Tokens: &tokens{token: "fresh-token"}}
	req := couponRequest()
	req.Token = "stale-token" // as read with the order
	if _, err := c.Create(context.Background(), req); err != nil {
		t.Fatalf("Create with the current token: %v", err)
	}
	c.Tokens = &tokens{err: pos.ErrUnauthorized}
	if _, err := c.Create(context.Background(), req); !errors.Is(err, checkout.ErrUnauthorized) {
		t.Fatalf("a refused refresh: %v, want ErrUnauthorized", err)
	}
	if n := len(fake.Requests()); n != 1 {
		t.Fatalf("%d requests reached Clover, want 1", n)
	}
}

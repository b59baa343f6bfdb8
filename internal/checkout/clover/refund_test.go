package clover_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"carta/internal/checkout"
	"carta/internal/checkout/clover"
	"carta/internal/checkout/clover/clovercheckouttest"
	"carta/internal/pos"
)

const accessToken = "oauth-access-8f2c-secret"

// tokens is a restaurant's token source: a fixed token, or an error.
type tokens struct {
	token   string
	err     error
	mu      sync.Mutex
	refused int
}

func (t *tokens) Token(context.Context) (string, error) { return t.token, t.err }
func (t *tokens) Refused(context.Context, string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.refused++
	return nil
}

func newRefunds(fake *clovercheckouttest.Server) (*clover.Refunds, *tokens) {
	ts := &tokens{token: accessToken}
	return &clover.Refunds{Client: newClient(fake), Tokens: ts}, ts
}

func refundFake(t *testing.T) *clovercheckouttest.Server {
	fake := clovercheckouttest.New(t)
	fake.AccessToken = accessToken
	fake.AddCharge("PAY1", 4871)
	return fake
}

func TestRefundFullSendsDocumentedRequest(t *testing.T) {
	fake := refundFake(t)
	r, _ := newRefunds(fake)
	got, err := r.Refund(context.Background(), checkout.RefundRequest{Charge: "PAY1", Amount: 4871, IdempotencyKey: "carta-reembolso-pedido-7-1"})
	if err != nil {
		t.Fatalf("Refund: %v", err)
	}
	if got.Status != checkout.RefundSucceeded || got.Amount != 4871 || got.Charge != "PAY1" || got.ID == "" {
		t.Errorf("refund = %+v", got)
	}
	reqs := fake.Requests()
	if len(reqs) != 1 {
		t.Fatalf("fake got %d requests, want 1", len(reqs))
	}
	req := reqs[0]
	if req.Method != http.MethodPost || req.Path != "/v1/refunds" {
		t.Errorf("request = %s %s", req.Method, req.Path)
	}
	for h, want := range map[string]string{
		"Authorization":   "Bearer " + accessToken,
		"Idempotency-Key": "carta-reembolso-pedido-7-1",
		"Content-Type":    "application/json",
	} {
		if v := req.Header.Get(h); v != want {
			t.Errorf("header %s = %q, want %q", h, v, want)
		}
	}
	var body map[string]any
	if err := json.Unmarshal(req.RawBody, &body); err != nil {
		t.Fatal(err)
	}
	if body["charge"] != "PAY1" || body["amount"] != float64(4871) || len(body) != 2 {
		t.Errorf("body = %s, want the charge and the amount in cents", req.RawBody)
	}
	if fake.Refunded("PAY1") != 4871 {
		t.Errorf("refunded %d, want 4871", fake.Refunded("PAY1"))
	}
}

func TestRefundPartialThenTheRest(t *testing.T) {
	fake := refundFake(t)
	r, _ := newRefunds(fake)
	ctx := context.Background()
	first, err := r.Refund(ctx, checkout.RefundRequest{Charge: "PAY1", Amount: 1000, IdempotencyKey: "k1"})
	if err != nil || first.Amount != 1000 {
		t.Fatalf("first part: %+v, %v", first, err)
	}
	// More than what is left is refused with Clover's reason, and refunds nothing.
	_, err = r.Refund(ctx, checkout.RefundRequest{Charge: "PAY1", Amount: 3872, IdempotencyKey: "k2"})
	if !errors.Is(err, checkout.ErrRejected) || !strings.Contains(checkout.Reason(err), "amount_too_large") {
		t.Fatalf("over-refund: %v (reason %q), want ErrRejected amount_too_large", err, checkout.Reason(err))
	}
	rest, err := r.Refund(ctx, checkout.RefundRequest{Charge: "PAY1", Amount: 3871, IdempotencyKey: "k3"})
	if err != nil || rest.Amount != 3871 || rest.ID == first.ID {
		t.Fatalf("the rest: %+v, %v", rest, err)
	}
	_, err = r.Refund(ctx, checkout.RefundRequest{Charge: "PAY1", Amount: 1, IdempotencyKey: "k4"})
	if !errors.Is(err, checkout.ErrRejected) || !strings.Contains(checkout.Reason(err), "charge_already_refunded") {
		t.Fatalf("refund of a refunded charge: %v, want ErrRejected charge_already_refunded", err)
	}
	if got := fake.Refunded("PAY1"); got != 4871 {
		t.Errorf("refunded %d, want 4871", got)
	}
}

// A refund asked again with its key — a retry after a lost answer, a crash before the outcome
// was recorded, two replicas at once — is answered with the first refund: the money goes back once.
func TestRefundRetriedWithTheSameKeyRefundsOnce(t *testing.T) {
	fake := refundFake(t)
	r, _ := newRefunds(fake)
	ctx := context.Background()
	req := checkout.RefundRequest{Charge: "PAY1", Amount: 4871, IdempotencyKey: "carta-reembolso-pedido-9-1"}
	first, err := r.Refund(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	answers := make([]checkout.Refund, 4)
	errs := make([]error, 4)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i], errs[i] = r.Refund(ctx, req)
		}()
	}
	wg.Wait()
	for i := range answers {
		if errs[i] != nil || answers[i] != first {
			t.Errorf("retry %d = %+v, %v; want the first refund %+v", i, answers[i], errs[i], first)
		}
	}
	if n := len(fake.Refunds()); n != 1 {
		t.Errorf("fake made %d refunds, want 1", n)
	}
	if fake.Replays() != 4 || fake.Refunded("PAY1") != 4871 {
		t.Errorf("replays %d, refunded %d", fake.Replays(), fake.Refunded("PAY1"))
	}
	// The same key for another amount is refused, as Clover refuses a reused key.
	req.Amount = 100
	if _, err := r.Refund(ctx, req); !errors.Is(err, checkout.ErrRejected) {
		t.Errorf("same key, other amount: %v, want ErrRejected", err)
	}
	if n := len(fake.Refunds()); n != 1 {
		t.Errorf("fake made %d refunds after a reused key, want 1", n)
	}
}

// A 5xx is retried by the client with the same key: one refund.
func TestRefundRetriesAServerErrorWithTheSameKey(t *testing.T) {
	fake := refundFake(t)
	fake.Fail(http.StatusInternalServerError, 2)
	r, _ := newRefunds(fake)
	got, err := r.Refund(context.Background(), checkout.RefundRequest{Charge: "PAY1", Amount: 4871, IdempotencyKey: "k"})
	if err != nil || got.Status != checkout.RefundSucceeded {
		t.Fatalf("Refund after two 500s: %+v, %v", got, err)
	}
	reqs := fake.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d calls, want 3", len(reqs))
	}
	for _, q := range reqs {
		if q.Header.Get("Idempotency-Key") != "k" {
			t.Errorf("a retry sent key %q", q.Header.Get("Idempotency-Key"))
		}
	}
	if n := len(fake.Refunds()); n != 1 {
		t.Errorf("fake made %d refunds, want 1", n)
	}
}

func TestRefundProviderFailures(t *testing.T) {
	tests := []struct {
		name       string
		setup      func(*clovercheckouttest.Server, *tokens)
		req        func(*checkout.RefundRequest)
		wantErr    error
		wantReason string
		wantCalls  int
	}{
		{
			name:      "Clover down: unavailable after the retries, nothing refunded",
			setup:     func(s *clovercheckouttest.Server, _ *tokens) { s.FailAlways(http.StatusServiceUnavailable) },
			wantErr:   checkout.ErrUnavailable,
			wantCalls: 3,
		},
		{
			name: "a refusal carries Clover's reason and is not retried",
			setup: func(s *clovercheckouttest.Server, _ *tokens) {
				s.RefuseRefunds(http.StatusPaymentRequired, "insufficient_funds", "The merchant's balance cannot cover the refund.")
			},
			wantErr:    checkout.ErrRejected,
			wantReason: "The merchant's balance cannot cover the refund. (insufficient_funds)",
			wantCalls:  1,
		},
		{
			name:       "an unknown charge",
			req:        func(r *checkout.RefundRequest) { r.Charge = "NOPE" },
			wantErr:    checkout.ErrRejected,
			wantReason: "No such charge: NOPE (resource_missing)",
			wantCalls:  1,
		},
		{
			name:      "the access token refused",
			setup:     func(s *clovercheckouttest.Server, _ *tokens) { s.AccessToken = "another" },
			wantErr:   checkout.ErrUnauthorized,
			wantCalls: 1,
		},
		{
			name: "the restaurant must connect again: no call",
			setup: func(_ *clovercheckouttest.Server, ts *tokens) {
				ts.err = fmt.Errorf("refresh: %w", pos.ErrUnauthorized)
			},
			wantErr:   checkout.ErrUnauthorized,
			wantCalls: 0,
		},
		{
			name:      "the token cannot be refreshed now: no call, try later",
			setup:     func(_ *clovercheckouttest.Server, ts *tokens) { ts.err = fmt.Errorf("refresh: %w", pos.ErrUnavailable) },
			wantErr:   checkout.ErrUnavailable,
			wantCalls: 0,
		},
		{
			name:      "a refund of nothing never reaches Clover",
			req:       func(r *checkout.RefundRequest) { r.Amount = 0 },
			wantErr:   checkout.ErrInvalid,
			wantCalls: 0,
		},
		{
			name:      "a refund without a key never reaches Clover",
			req:       func(r *checkout.RefundRequest) { r.IdempotencyKey = "" },
			wantErr:   checkout.ErrInvalid,
			wantCalls: 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := refundFake(t)
			r, ts := newRefunds(fake)
			if tt.setup != nil {
				tt.setup(fake, ts)
			}
			req := checkout.RefundRequest{Charge: "PAY1", Amount: 4871, IdempotencyKey: "k"}
			if tt.req != nil {
				tt.req(&req)
			}
			got, err := r.Refund(context.Background(), req)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Refund = %+v, %v; want %v", got, err, tt.wantErr)
			}
			if tt.wantReason != "" && checkout.Reason(err) != tt.wantReason {
				t.Errorf("reason = %q, want %q", checkout.Reason(err), tt.wantReason)
			}
			if strings.Contains(err.Error(), accessToken) {
				t.Errorf("error leaks the token: %q", err)
			}
			if n := len(fake.Requests()); n != tt.wantCalls {
				t.Errorf("fake got %d calls, want %d", n, tt.wantCalls)
			}
			if fake.Refunded("PAY1") != 0 {
				t.Errorf("refunded %d after a failure", fake.Refunded("PAY1"))
			}
			if ts.refused != 0 {
				t.Errorf("the token source was told the token was refused: the restaurant's orders would stop")
			}
		})
	}
}

// A refund Clover answers pending is read again until it settles; one answered failed says so.
func TestRefundPendingThenSettled(t *testing.T) {
	fake := refundFake(t)
	fake.RefundStatus = "pending"
	r, _ := newRefunds(fake)
	ctx := context.Background()
	got, err := r.Refund(ctx, checkout.RefundRequest{Charge: "PAY1", Amount: 4871, IdempotencyKey: "k"})
	if err != nil || got.Status != checkout.RefundPending {
		t.Fatalf("Refund = %+v, %v; want pending", got, err)
	}
	fake.SettleRefund(got.ID, "succeeded")
	later, err := r.GetRefund(ctx, got.ID)
	if err != nil || later.Status != checkout.RefundSucceeded || later.ID != got.ID {
		t.Fatalf("GetRefund = %+v, %v", later, err)
	}
	if q := fake.Requests()[1]; q.Method != http.MethodGet || q.Path != "/v1/refunds/"+got.ID {
		t.Errorf("read with %s %s", q.Method, q.Path)
	}
	fake.RefundStatus = "failed"
	fake.AddCharge("PAY2", 500)
	failed, err := r.Refund(ctx, checkout.RefundRequest{Charge: "PAY2", Amount: 500, IdempotencyKey: "k2"})
	if err != nil || failed.Status != checkout.RefundFailed || failed.Reason == "" {
		t.Fatalf("failed refund = %+v, %v", failed, err)
	}
}

func TestEcommerceURL(t *testing.T) {
	for in, want := range map[string]string{
		clover.Sandbox:            "https://scl-sandbox.dev.clover.com",
		clover.NorthAmerica + "/": "https://scl.clover.com",
		clover.Europe:             "https://scl.eu.clover.com",
		clover.LatinAmerica:       "https://scl.la.clover.com",
		"http://127.0.0.1:8123":   "http://127.0.0.1:8123",
	} {
		if got := clover.EcommerceURL(in); got != want {
			t.Errorf("EcommerceURL(%q) = %q, want %q", in, got, want)
		}
	}
}

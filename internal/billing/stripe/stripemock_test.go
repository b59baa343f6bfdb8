package stripe_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"carta/internal/billing"
	"carta/internal/billing/stripe"
)

// stripeMockModule is the stripe-mock version installed when the binary is
// missing; it is the one this package was checked against.
const stripeMockModule = "github.com/stripe/stripe-mock@v0.203.0"

// TestAgainstStripeMock runs the real client against Stripe's own
// stripe-mock, which validates every request against Stripe's OpenAPI spec
// (unknown or mistyped parameters are a 400) and answers with fixtures. It
// is stateless, so it checks request shapes, not behaviour; the fake in
// fake_test.go covers behaviour.
func TestAgainstStripeMock(t *testing.T) {
	base := startStripeMock(t)
	c := stripe.New("sk_test_123", stripe.WithBaseURL(base), stripe.WithMaxNetworkRetries(0))
	ctx := context.Background()

	secret, customer, err := c.SetupCard(ctx, billing.Restaurant{ID: 42, Name: "La Cava", Email: "owner@example.com"})
	if err != nil {
		t.Fatalf("SetupCard: %v", err)
	}
	if !strings.Contains(secret, "_secret_") || !strings.HasPrefix(customer, "cus_") {
		t.Fatalf("SetupCard = %q, %q", secret, customer)
	}

	card, err := c.RegisterCard(ctx, billing.Restaurant{ID: 42, CustomerID: customer}, "pm_card_visa")
	if err != nil {
		t.Fatalf("RegisterCard: %v", err)
	}
	if card.Provider != "stripe" || card.CustomerID != customer || card.PaymentMethodID != "pm_card_visa" ||
		card.Brand == "" || len(card.Last4) != 4 {
		t.Fatalf("card = %+v", card)
	}

	id, err := c.ChargeFee(ctx, card, billing.FeeCents, "usd", "fee-mock-1", "Carta fee, coupon 1")
	// stripe-mock accepted the request (a 4xx would be a *stripe.Error, not
	// one of these), but its fixture PaymentIntent always has status
	// requires_payment_method, which the client rightly reports as not paid.
	if err != nil && !(errors.Is(err, billing.ErrDeclined) && strings.Contains(err.Error(), "has status requires_payment_method")) {
		t.Fatalf("ChargeFee: %v", err)
	}
	if !strings.HasPrefix(id, "pi_") {
		t.Fatalf("ChargeFee id = %q", id)
	}
}

// startStripeMock starts stripe-mock on free loopback ports and returns its
// HTTP base URL. Without the binary it tries `go install` once; it skips
// only if that is impossible.
func startStripeMock(t *testing.T) string {
	t.Helper()
	bin := findStripeMock()
	if bin == "" {
		if testing.Short() {
			t.Skip("stripe-mock not installed (and -short: not installing); run: go install " + stripeMockModule)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "go", "install", stripeMockModule)
		cmd.Dir = t.TempDir() // outside the carta module
		out, err := cmd.CombinedOutput()
		if bin = findStripeMock(); bin == "" {
			t.Skipf("stripe-mock not installed and `go install %s` failed (%v): %s", stripeMockModule, err, out)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-http-addr", "127.0.0.1:0", "-https-addr", "127.0.0.1:0")
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("start stripe-mock: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
		_ = pw.Close()
	})

	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		const prefix = "Listening for HTTP at address: "
		for sc.Scan() {
			if line := sc.Text(); strings.HasPrefix(line, prefix) {
				select {
				case addr <- strings.TrimSpace(strings.TrimPrefix(line, prefix)):
				default:
				}
			}
		}
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatal("stripe-mock did not report its HTTP address within 30s")
	}

	// Wait until it answers an authenticated request.
	deadline := time.Now().Add(30 * time.Second)
	for {
		req, _ := http.NewRequest(http.MethodGet, base+"/v1/customers", nil)
		req.Header.Set("Authorization", "Bearer sk_test_123")
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("stripe-mock at %s not answering: %v", base, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// findStripeMock looks in PATH, then in `go env GOBIN` / `GOPATH`/bin.
func findStripeMock() string {
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p
	}
	var dirs []string
	if out, err := exec.Command("go", "env", "GOBIN").Output(); err == nil && strings.TrimSpace(string(out)) != "" {
		dirs = append(dirs, strings.TrimSpace(string(out)))
	}
	if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
		for _, gp := range filepath.SplitList(strings.TrimSpace(string(out))) {
			dirs = append(dirs, filepath.Join(gp, "bin"))
		}
	}
	for _, d := range dirs {
		p := filepath.Join(d, "stripe-mock")
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
	}
	return ""
}

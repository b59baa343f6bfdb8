// Package demo is the offline billing provider: a built-in card form that
// accepts two test tokens and never touches real card data.
package demo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"

	"carta/internal/billing"
)

// Tokens accepted by RegisterCard, as the demo card form sends them.
const (
	TokenApprove = "demo_tok_4242" // a Visa whose fees are approved
	TokenDecline = "demo_tok_0002" // a Visa whose fees are declined
)

// ErrIdempotencyMismatch mirrors Stripe: an idempotency key reused with
// different parameters is refused rather than silently ignored.
var ErrIdempotencyMismatch = errors.New("billing/demo: idempotency key reused with different parameters")

var _ billing.Provider = (*Provider)(nil)

// Provider is the demo card-on-file provider. Its idempotency memory is
// in-process only: the durable guarantee is the caller's fee record in the
// database, this only mimics the real provider's behaviour.
type Provider struct {
	mu      sync.Mutex
	charges map[string]charge // by idempotency key
}

type charge struct {
	params string // what was asked, to detect key reuse
	id     string
	err    error
}

// New returns a demo provider.
func New() *Provider {
	return &Provider{charges: make(map[string]charge)}
}

// Name implements billing.Provider.
func (p *Provider) Name() string { return "demo" }

// SetupCard implements billing.Provider; the demo form needs no setup.
func (p *Provider) SetupCard(ctx context.Context, r billing.Restaurant) (string, string, error) {
	return "", "", nil
}

// RegisterCard implements billing.Provider.
func (p *Provider) RegisterCard(ctx context.Context, r billing.Restaurant, token string) (billing.Card, error) {
	var last4 string
	switch token {
	case TokenApprove:
		last4 = "4242"
	case TokenDecline:
		last4 = "0002"
	default:
		return billing.Card{}, billing.ErrInvalidToken
	}
	customer := r.CustomerID
	if customer == "" {
		customer = fmt.Sprintf("demo_cus_%d", r.ID)
	}
	return billing.Card{
		Provider:        p.Name(),
		CustomerID:      customer,
		PaymentMethodID: "demo_pm_" + last4,
		Brand:           "visa",
		Last4:           last4,
	}, nil
}

// ChargeFee implements billing.Provider. The card ending in 0002 is always
// declined; the same key returns the first outcome, success or decline.
func (p *Provider) ChargeFee(ctx context.Context, c billing.Card, amount int64, currency, idempotencyKey, description string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if c.Provider != p.Name() {
		return "", fmt.Errorf("billing/demo: card of provider %q", c.Provider)
	}
	if amount <= 0 || currency == "" {
		return "", fmt.Errorf("billing/demo: invalid amount %d %q", amount, currency)
	}
	if idempotencyKey == "" {
		return "", errors.New("billing/demo: idempotency key required")
	}
	params := fmt.Sprintf("%s|%d|%s", c.PaymentMethodID, amount, strings.ToLower(currency))

	p.mu.Lock()
	defer p.mu.Unlock()
	if prev, ok := p.charges[idempotencyKey]; ok {
		if prev.params != params {
			return "", ErrIdempotencyMismatch
		}
		return prev.id, prev.err
	}

	ch := charge{params: params, id: "demo_ch_" + randomHex()}
	switch c.PaymentMethodID {
	case "demo_pm_4242":
	case "demo_pm_0002":
		ch.err = fmt.Errorf("%w: demo card ending in 0002 always declines", billing.ErrDeclined)
	default:
		return "", billing.ErrInvalidToken
	}
	p.charges[idempotencyKey] = ch
	return ch.id, ch.err
}

func randomHex() string {
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

// Package billing is the port through which the platform charges
// restaurants its per-coupon service fee: a card registered once in the
// browser and charged later, off-session, with an idempotency key so a
// retried job never charges twice. Implementations live in billing/demo
// (offline, the default) and billing/stripe.
package billing

import (
	"context"
	"errors"
)

// FeeCents is the platform fee charged to the restaurant for each coupon
// sold (design.md "Money").
const FeeCents int64 = 500

// Restaurant is who pays the platform fees.
type Restaurant struct {
	ID    int64
	Name  string
	Email string
	// CustomerID is the provider's customer id; "" until one is created.
	CustomerID string
}

// Card is the card on file. The server keeps only these fields, never a
// card number, so it stays out of PCI scope.
type Card struct {
	Provider        string // "demo" or "stripe"
	CustomerID      string
	PaymentMethodID string
	Brand           string
	Last4           string
}

// Provider registers a restaurant's card and charges fees to it.
type Provider interface {
	// Name is "demo" or "stripe"; it is stored with the card so a card is
	// always charged by the provider that registered it.
	Name() string

	// SetupCard prepares a card registration in the browser. For Stripe it
	// creates the Customer when r.CustomerID is "" and a SetupIntent with
	// usage=off_session, and returns the SetupIntent's client secret and the
	// customer id (which the caller stores). Demo returns "", "".
	SetupCard(ctx context.Context, r Restaurant) (clientSecret, customerID string, err error)

	// RegisterCard turns the browser's token into the card on file. Stripe:
	// a PaymentMethod id ("pm_...") confirmed through the SetupIntent; it is
	// attached to the customer if needed and made the default. Demo:
	// "demo_tok_4242" (approves) or "demo_tok_0002" (declines).
	// An unknown or foreign token is ErrInvalidToken.
	RegisterCard(ctx context.Context, r Restaurant, token string) (Card, error)

	// ChargeFee charges amount cents to the card off-session. The same
	// idempotencyKey never charges twice: a repeat returns the first
	// result. Because the provider also replays a failure for the same key,
	// a retry after ErrDeclined must use a new key. It returns the
	// provider's payment id (Stripe: the PaymentIntent id, which may also
	// accompany a decline error).
	ChargeFee(ctx context.Context, c Card, amount int64, currency, idempotencyKey, description string) (string, error)
}

var (
	// ErrDeclined means the issuer refused the charge; the restaurant has
	// to register another card or the fee is retried later.
	ErrDeclined = errors.New("billing: card declined")
	// ErrAuthenticationRequired means the bank wants the cardholder present
	// (3-D Secure); an off-session charge cannot succeed until they are.
	ErrAuthenticationRequired = errors.New("billing: authentication required")
	// ErrInvalidToken means the browser's card token is unknown, malformed
	// or belongs to someone else.
	ErrInvalidToken = errors.New("billing: invalid card token")
)

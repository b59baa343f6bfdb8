// Package checkout is the port for hosted card checkouts: Carta asks a provider for a payment page
// for a diner's purchase, redirects the diner there, and learns the outcome from the provider's
// signed webhook. Amounts are integer cents, as everywhere in Carta.
package checkout

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// LineItem is one row of the cart shown on the hosted page. Price is the unit price in cents.
type LineItem struct {
	Name     string
	Price    int64 // cents, per unit
	Quantity int
	Note     string
}

// Customer prefills the hosted page and receives the provider's receipt.
type Customer struct {
	Email, FirstName, LastName, Phone string
}

// Request asks for one checkout session on a restaurant's own merchant account.
type Request struct {
	MerchantID, Token string // the restaurant's merchant id and its private ecommerce token
	Reference         string // our purchase id, echoed back where the provider allows
	Currency          string
	LineItems         []LineItem
	Customer          Customer
	// Where the diner's browser goes after paying, failing or leaving the page. Empty URLs leave
	// the provider's default (or the one configured in its dashboard).
	SuccessURL, FailureURL, CancelURL string
}

// Total is what the diner will be charged: the sum of price × quantity over the line items.
func (r Request) Total() int64 {
	var sum int64
	for _, li := range r.LineItems {
		sum += li.Price * int64(li.Quantity)
	}
	return sum
}

// Validate rejects a request no provider could turn into a correct charge, before any call is made.
func (r Request) Validate() error {
	if r.MerchantID == "" || r.Token == "" {
		return fmt.Errorf("%w: the restaurant's merchant id and ecommerce token are required", ErrInvalid)
	}
	if len(r.LineItems) == 0 {
		return fmt.Errorf("%w: at least one line item is required", ErrInvalid)
	}
	for i, li := range r.LineItems {
		switch {
		case li.Name == "":
			return fmt.Errorf("%w: line item %d has no name", ErrInvalid, i)
		case li.Price < 0:
			return fmt.Errorf("%w: line item %d has a negative price", ErrInvalid, i)
		case li.Quantity <= 0:
			return fmt.Errorf("%w: line item %d has quantity %d", ErrInvalid, i, li.Quantity)
		}
	}
	if r.Total() <= 0 {
		return fmt.Errorf("%w: the total must be positive", ErrInvalid)
	}
	return nil
}

// Session is a created checkout: send the diner to URL before ExpiresAt.
type Session struct {
	ID, URL   string
	ExpiresAt time.Time
}

// Provider creates hosted checkout sessions.
type Provider interface {
	Create(ctx context.Context, r Request) (Session, error)
}

// Event is a verified payment notification.
type Event struct {
	SessionID  string // the checkout session the payment belongs to
	PaymentID  string // the provider's payment id; the idempotency key for processing the event
	Status     string // "APPROVED", "DECLINED", ...
	Approved   bool
	MerchantID string
	// Type is the provider's event type ("PAYMENT" for Clover), Message its human summary.
	Type, Message string
	CreatedAt     time.Time // zero when the provider did not say
	Raw           []byte
}

// Error kinds a provider wraps (with %w) so callers can answer without knowing the provider.
var (
	// ErrBadSignature: the webhook was not signed with the restaurant's secret, or too long ago.
	ErrBadSignature = errors.New("checkout: bad webhook signature")
	// ErrInvalid: the request was refused before any call because it cannot be right.
	ErrInvalid = errors.New("checkout: invalid request")
	// ErrUnauthorized: the provider refused the restaurant's token (revoked, wrong region, wrong type).
	ErrUnauthorized = errors.New("checkout: the provider rejected the restaurant's ecommerce token")
	// ErrRejected: the provider refused the request itself (a 4xx other than 401).
	ErrRejected = errors.New("checkout: the provider rejected the request")
	// ErrUnavailable: the provider failed or timed out, also after retrying; trying later may work.
	ErrUnavailable = errors.New("checkout: the provider is unavailable")
)

// Outcome is a checkout session's result as a provider reports it.
type Outcome struct {
	Session   string
	Approved  bool
	PaymentID string // the provider's payment, kept for refunds
	// Provider and Event identify a webhook event; it is recorded in the
	// same transaction as its effect, so a confirmation that fails is
	// processed again when the provider retries, and one that succeeded is
	// not processed twice. Empty for the demo page.
	Provider, Event string
}

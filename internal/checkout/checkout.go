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

// RefundRequest asks a provider to give back all or part of a payment it took.
type RefundRequest struct {
	// Charge is the provider's payment, as the confirmation recorded it (Outcome.PaymentID).
	Charge string
	// Amount is what to give back, in cents: at least 1 and at most what is left of the payment.
	// A full refund sends the payment's whole amount; a partial one less.
	Amount int64
	// IdempotencyKey names this refund at the provider: a request sent again with the same key
	// (after a time-out, or a crash before its answer was recorded) gets the first answer and
	// refunds nothing more. The same key with another charge or amount is refused.
	IdempotencyKey string
}

// Validate rejects a refund no provider could make, before any call.
func (r RefundRequest) Validate() error {
	switch {
	case r.Charge == "":
		return fmt.Errorf("%w: the payment to refund is required", ErrInvalid)
	case r.Amount <= 0:
		return fmt.Errorf("%w: the refund amount must be positive", ErrInvalid)
	case r.IdempotencyKey == "":
		return fmt.Errorf("%w: an idempotency key is required", ErrInvalid)
	}
	return nil
}

// A refund's status as the provider reports it.
const (
	RefundSucceeded = "succeeded" // the money is on its way back to the card
	RefundPending   = "pending"   // accepted; the provider settles it later (GetRefund tells)
	RefundFailed    = "failed"    // the provider could not refund; nothing was given back
)

// Refund is a refund the provider made (or is making).
type Refund struct {
	ID     string // the provider's refund id
	Charge string
	Amount int64  // cents
	Status string // RefundSucceeded, RefundPending or RefundFailed
	// Reason is the provider's words when the refund failed.
	Reason string
}

// Refunder gives payments back through the provider that took them, on one restaurant's account.
// Errors wrap ErrRejected (the provider refused the refund: Reason says why), ErrUnauthorized (it refused the restaurant's credentials), ErrInvalid (refused before any
// call) or ErrUnavailable (no answer: the same request with the same key may be sent again).
type Refunder interface {
	Refund(ctx context.Context, r RefundRequest) (Refund, error)
	// GetRefund reads a refund the provider answered pending.
	GetRefund(ctx context.Context, id string) (Refund, error)
}

// ErrNoRefunds is what a restaurant's refunder factory answers when its provider cannot refund
// through Carta: the restaurant refunds by hand in its provider's dashboard.
var ErrNoRefunds = errors.New("checkout: this provider cannot refund through Carta")

// Reason is the provider's own words in err (its message and code), when the error carries them:
// what staff read next to a refund that failed. Empty otherwise.
func Reason(err error) string {
	var r interface{ Reason() string }
	if errors.As(err, &r) {
		return r.Reason()
	}
	return ""
}

// RefusedError is a provider's refusal in its own words; it is an ErrRejected.
type RefusedError struct {
	Code, Message string
}

func (e *RefusedError) Error() string { return "checkout: refused: " + e.Reason() }
func (e *RefusedError) Unwrap() error { return ErrRejected }

// Reason is the message, followed by the code in parentheses when there is one.
func (e *RefusedError) Reason() string {
	switch {
	case e.Code == "":
		return e.Message
	case e.Message == "":
		return e.Code
	}
	return e.Message + " (" + e.Code + ")"
}

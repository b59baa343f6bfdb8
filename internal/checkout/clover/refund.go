package clover

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"carta/internal/checkout"
	"carta/internal/pos"
	posclover "carta/internal/pos/clover"
)

// Refunds through Clover's Ecommerce API, from Clover's docs ("Refund charges", "Create a refund",
// "Ecommerce API error codes"): POST {ecommerce base}/v1/refunds with Authorization: Bearer <the
// merchant's OAuth access token> and an Idempotency-Key header; the body is {"charge", "amount"
// (cents; the whole charge when left out)}; the answer is a refund object {"id", "object":
// "refund", "amount", "charge", "created", "status": succeeded | pending | failed}. Errors carry
// {"message", "error": {"type", "code", "message"}}, e.g. code charge_already_refunded. GET
// /v1/refunds/{id} reads a refund again. The charge of a hosted-checkout payment is the payment
// id its webhook carries.

// RefundsPath is the Create a refund endpoint of the Ecommerce API.
const RefundsPath = "/v1/refunds"

// Base URLs of the Ecommerce API per environment (the "scl" hosts), beside the REST API's.
const (
	EcommerceSandbox      = "https://scl-sandbox.dev.clover.com"
	EcommerceNorthAmerica = "https://scl.clover.com"
	EcommerceEurope       = "https://scl.eu.clover.com"
	EcommerceLatinAmerica = "https://scl.la.clover.com"
)

// EcommerceURL is the Ecommerce API's base for a restaurant whose REST API base is apiBase: the
// matching scl host for Clover's own hosts, apiBase itself for anything else (a test server
// serves both APIs).
func EcommerceURL(apiBase string) string {
	base := strings.TrimRight(apiBase, "/")
	switch base {
	case Sandbox:
		return EcommerceSandbox
	case NorthAmerica:
		return EcommerceNorthAmerica
	case Europe:
		return EcommerceEurope
	case LatinAmerica:
		return EcommerceLatinAmerica
	}
	return base
}

// Refunds is a checkout.Refunder for one restaurant on Clover: the Ecommerce API with the
// restaurant's OAuth access token, refreshed by its token source before it expires. A refused
// token is not reported to the token source: the Ecommerce API refuses a token that the REST API
// takes when Carta's app lacks the Ecommerce permission, and that must not stop the restaurant's
// orders; the refund fails with Clover's reason instead.
type Refunds struct {
	Client *Client // BaseURL is the Ecommerce API's (EcommerceURL)
	Tokens posclover.TokenSource
}

var _ checkout.Refunder = (*Refunds)(nil)

type wireRefundRequest struct {
	Charge string `json:"charge"`
	Amount int64  `json:"amount"`
}

type wireRefund struct {
	ID     string `json:"id"`
	Object string `json:"object"`
	Amount int64  `json:"amount"`
	Charge string `json:"charge"`
	Status string `json:"status"`
	// Clover documents no reason on a failed refund; these are read when present.
	FailureReason  string `json:"failure_reason"`
	FailureMessage string `json:"failure_message"`
}

// Refund asks Clover to give back r.Amount of r.Charge. A 5xx, 429 or network failure is retried
// with the same key (Clover answers the first refund again, never a second one).
func (r *Refunds) Refund(ctx context.Context, req checkout.RefundRequest) (checkout.Refund, error) {
	if err := req.Validate(); err != nil {
		return checkout.Refund{}, err
	}
	token, err := r.token(ctx)
	if err != nil {
		return checkout.Refund{}, err
	}
	body, err := json.Marshal(wireRefundRequest{Charge: req.Charge, Amount: req.Amount})
	if err != nil {
		return checkout.Refund{}, fmt.Errorf("clover: encode refund: %w", err)
	}
	raw, err := r.Client.do(ctx, call{op: "refund", method: http.MethodPost, url: strings.TrimRight(r.Client.BaseURL, "/") + RefundsPath,
		header: map[string]string{"Idempotency-Key": req.IdempotencyKey}, body: body, token: token, reason: ecommerceError})
	if err != nil {
		return checkout.Refund{}, err
	}
	return readRefund(raw)
}

// GetRefund reads a refund again (one Clover answered pending).
func (r *Refunds) GetRefund(ctx context.Context, id string) (checkout.Refund, error) {
	if id == "" {
		return checkout.Refund{}, fmt.Errorf("%w: the refund id is required", checkout.ErrInvalid)
	}
	token, err := r.token(ctx)
	if err != nil {
		return checkout.Refund{}, err
	}
	raw, err := r.Client.do(ctx, call{op: "get refund", method: http.MethodGet,
		url: strings.TrimRight(r.Client.BaseURL, "/") + RefundsPath + "/" + url.PathEscape(id), token: token, reason: ecommerceError})
	if err != nil {
		return checkout.Refund{}, err
	}
	return readRefund(raw)
}

// token is the restaurant's current access token (see accessToken).
func (r *Refunds) token(ctx context.Context) (string, error) {
	return accessToken(ctx, r.Tokens, "refund")
}

// accessToken is a restaurant's current access token from its token source, for op. A refresh
// Clover refused (the restaurant must connect again) is a checkout.ErrUnauthorized; one that could
// not be made now, ErrUnavailable.
func accessToken(ctx context.Context, src posclover.TokenSource, op string) (string, error) {
	if src == nil {
		return "", fmt.Errorf("%w: no token source for the restaurant", checkout.ErrInvalid)
	}
	tok, err := src.Token(ctx)
	switch {
	case err == nil && tok == "":
		return "", fmt.Errorf("clover: %s: the restaurant has no access token: %w", op, checkout.ErrUnauthorized)
	case err == nil:
		return tok, nil
	case errors.Is(err, pos.ErrUnauthorized):
		return "", fmt.Errorf("clover: %s: %w: %w", op, checkout.ErrUnauthorized, err)
	case ctx.Err() != nil:
		return "", err
	}
	return "", fmt.Errorf("clover: %s: %w: %w", op, checkout.ErrUnavailable, err)
}

// Checkouts is a checkout.Provider for one restaurant on Clover: hosted checkouts on the
// restaurant's current OAuth access token from its token source (refreshed before it expires),
// not the token stored when the order or purchase was read.
type Checkouts struct {
	Client *Client
	Tokens posclover.TokenSource
}

var _ checkout.Provider = (*Checkouts)(nil)

// Create opens a hosted checkout with the restaurant's current token.
func (c *Checkouts) Create(ctx context.Context, r checkout.Request) (checkout.Session, error) {
	tok, err := accessToken(ctx, c.Tokens, "create checkout")
	if err != nil {
		return checkout.Session{}, err
	}
	r.Token = tok
	return c.Client.Create(ctx, r)
}

func readRefund(raw []byte) (checkout.Refund, error) {
	var w wireRefund
	if err := json.Unmarshal(raw, &w); err != nil {
		return checkout.Refund{}, fmt.Errorf("clover: refund: unreadable answer: %w: %w", checkout.ErrUnavailable, err)
	}
	if w.ID == "" {
		return checkout.Refund{}, fmt.Errorf("clover: refund: answer without an id: %w", checkout.ErrUnavailable)
	}
	out := checkout.Refund{ID: w.ID, Charge: w.Charge, Amount: w.Amount}
	switch strings.ToLower(w.Status) {
	case "succeeded":
		out.Status = checkout.RefundSucceeded
	case "failed", "canceled", "cancelled":
		out.Status = checkout.RefundFailed
		out.Reason = (&checkout.RefusedError{Code: w.FailureReason, Message: w.FailureMessage}).Reason()
		if out.Reason == "" {
			out.Reason = "refund " + strings.ToLower(w.Status)
		}
	default: // pending, or a status Clover adds later: read it again until it settles
		out.Status = checkout.RefundPending
	}
	return out, nil
}

// ecommerceError reads the Ecommerce API's error body, {"message", "error": {"code", "message"}},
// preferring the specific error's message; any other body as the create call does.
func ecommerceError(raw []byte) (string, string) {
	var w struct {
		Message string `json:"message"`
		Error   *struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(raw, &w) == nil && w.Error != nil && (w.Error.Message != "" || w.Error.Code != "") {
		return shorten(w.Error.Message), shorten(w.Error.Code)
	}
	return errorMessage(raw), ""
}

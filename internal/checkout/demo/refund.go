package demo

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"carta/internal/checkout"
)

var _ checkout.Refunder = (*Provider)(nil)

// Refund gives back a demo payment at once. It keeps nothing: the refund's id is derived from the
// idempotency key, so asking again with the same key answers the same refund, as a real provider
// replays its first answer. A payment the demo page did not take is refused.
func (p *Provider) Refund(ctx context.Context, r checkout.RefundRequest) (checkout.Refund, error) {
	if err := r.Validate(); err != nil {
		return checkout.Refund{}, err
	}
	if !strings.HasPrefix(r.Charge, "demo_pay_") {
		return checkout.Refund{}, &checkout.RefusedError{Code: "resource_missing", Message: "No such charge: " + r.Charge}
	}
	return checkout.Refund{ID: refundID(r.IdempotencyKey), Charge: r.Charge, Amount: r.Amount, Status: checkout.RefundSucceeded}, nil
}

// GetRefund answers a demo refund as succeeded (the demo never answers pending).
func (p *Provider) GetRefund(ctx context.Context, id string) (checkout.Refund, error) {
	if !strings.HasPrefix(id, "demo_re_") {
		return checkout.Refund{}, &checkout.RefusedError{Code: "resource_missing", Message: "No such refund: " + id}
	}
	return checkout.Refund{ID: id, Status: checkout.RefundSucceeded}, nil
}

func refundID(key string) string {
	h := sha256.Sum256([]byte(key))
	return "demo_re_" + hex.EncodeToString(h[:8])
}

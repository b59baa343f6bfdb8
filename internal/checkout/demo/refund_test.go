package demo_test

import (
	"context"
	"errors"
	"testing"

	"carta/internal/checkout"
	"carta/internal/checkout/demo"
)

func TestDemoRefundIsIdempotentAndOnlyForDemoPayments(t *testing.T) {
	p := &demo.Provider{}
	ctx := context.Background()
	req := checkout.RefundRequest{Charge: "demo_pay_pedido_7", Amount: 4871, IdempotencyKey: "carta-reembolso-pedido-7-1"}
	a, err := p.Refund(ctx, req)
	if err != nil || a.Status != checkout.RefundSucceeded || a.Amount != 4871 || a.ID == "" {
		t.Fatalf("Refund = %+v, %v", a, err)
	}
	if b, _ := p.Refund(ctx, req); b != a {
		t.Errorf("the same key answered %+v, then %+v", a, b)
	}
	req.IdempotencyKey = "carta-reembolso-pedido-7-2"
	if c, _ := p.Refund(ctx, req); c.ID == a.ID {
		t.Errorf("another key answered the same refund %s", c.ID)
	}
	if got, err := p.GetRefund(ctx, a.ID); err != nil || got.Status != checkout.RefundSucceeded {
		t.Errorf("GetRefund = %+v, %v", got, err)
	}
	_, err = p.Refund(ctx, checkout.RefundRequest{Charge: "ABC123CLOVER", Amount: 100, IdempotencyKey: "k"})
	if !errors.Is(err, checkout.ErrRejected) || checkout.Reason(err) == "" {
		t.Errorf("a payment the demo did not take: %v, want a refusal with a reason", err)
	}
	if _, err := p.Refund(ctx, checkout.RefundRequest{Charge: "demo_pay_1", Amount: 0, IdempotencyKey: "k"}); !errors.Is(err, checkout.ErrInvalid) {
		t.Errorf("a refund of nothing: %v, want ErrInvalid", err)
	}
}

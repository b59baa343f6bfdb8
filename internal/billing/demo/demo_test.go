package demo_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"carta/internal/billing"
	"carta/internal/billing/demo"
)

var restaurant = billing.Restaurant{ID: 7, Name: "La Cava", Email: "owner@example.com"}

func TestSetupCard(t *testing.T) {
	secret, customer, err := demo.New().SetupCard(context.Background(), restaurant)
	if err != nil || secret != "" || customer != "" {
		t.Fatalf("SetupCard = %q, %q, %v; want empty", secret, customer, err)
	}
}

func TestRegisterCard(t *testing.T) {
	tests := []struct {
		token     string
		wantLast4 string
		wantErr   error
	}{
		{demo.TokenApprove, "4242", nil},
		{demo.TokenDecline, "0002", nil},
		{"4242424242424242", "", billing.ErrInvalidToken},
		{"", "", billing.ErrInvalidToken},
		{"pm_card_visa", "", billing.ErrInvalidToken},
	}
	p := demo.New()
	for _, tt := range tests {
		t.Run(tt.token, func(t *testing.T) {
			card, err := p.RegisterCard(context.Background(), restaurant, tt.token)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if tt.wantErr != nil {
				return
			}
			if card.Provider != "demo" || card.Brand != "visa" || card.Last4 != tt.wantLast4 ||
				card.CustomerID == "" || card.PaymentMethodID == "" {
				t.Fatalf("card = %+v", card)
			}
		})
	}
}

func TestChargeFee(t *testing.T) {
	ctx := context.Background()
	p := demo.New()
	good, _ := p.RegisterCard(ctx, restaurant, demo.TokenApprove)
	bad, _ := p.RegisterCard(ctx, restaurant, demo.TokenDecline)

	t.Run("approved", func(t *testing.T) {
		id, err := p.ChargeFee(ctx, good, billing.FeeCents, "usd", "fee-1", "coupon 1")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(id, "demo_ch_") || len(id) <= len("demo_ch_") {
			t.Fatalf("id = %q", id)
		}
		again, err := p.ChargeFee(ctx, good, billing.FeeCents, "usd", "fee-1", "coupon 1")
		if err != nil || again != id {
			t.Fatalf("same key: %q, %v; want %q", again, err, id)
		}
		other, err := p.ChargeFee(ctx, good, billing.FeeCents, "usd", "fee-2", "coupon 2")
		if err != nil || other == id {
			t.Fatalf("new key: %q, %v; want a new id", other, err)
		}
	})

	t.Run("declined", func(t *testing.T) {
		_, err := p.ChargeFee(ctx, bad, billing.FeeCents, "usd", "fee-3", "coupon 3")
		if !errors.Is(err, billing.ErrDeclined) {
			t.Fatalf("err = %v, want ErrDeclined", err)
		}
		// Like Stripe, the same key replays the failure.
		_, err = p.ChargeFee(ctx, bad, billing.FeeCents, "usd", "fee-3", "coupon 3")
		if !errors.Is(err, billing.ErrDeclined) {
			t.Fatalf("replay err = %v, want ErrDeclined", err)
		}
	})

	t.Run("key reused with other parameters", func(t *testing.T) {
		_, err := p.ChargeFee(ctx, good, 900, "usd", "fee-1", "coupon 1")
		if !errors.Is(err, demo.ErrIdempotencyMismatch) {
			t.Fatalf("err = %v, want ErrIdempotencyMismatch", err)
		}
	})

	t.Run("invalid input", func(t *testing.T) {
		cases := []struct {
			name   string
			card   billing.Card
			amount int64
			key    string
		}{
			{"zero amount", good, 0, "k1"},
			{"no key", good, 500, ""},
			{"stripe card", billing.Card{Provider: "stripe", PaymentMethodID: "pm_1"}, 500, "k2"},
			{"unknown card", billing.Card{Provider: "demo", PaymentMethodID: "demo_pm_9999"}, 500, "k3"},
		}
		for _, c := range cases {
			if _, err := p.ChargeFee(ctx, c.card, c.amount, "usd", c.key, "x"); err == nil {
				t.Errorf("%s: no error", c.name)
			}
		}
	})
}

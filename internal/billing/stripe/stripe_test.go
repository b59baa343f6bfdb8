package stripe_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"carta/internal/billing"
	"carta/internal/billing/stripe"
	"carta/internal/billing/stripe/stripetest"
)

func newFakeClient(t *testing.T) (*stripetest.Server, *stripe.Client) {
	t.Helper()
	f := stripetest.New(t)
	return f, stripe.New(f.Key, stripe.WithBaseURL(f.URL()), stripe.WithMaxNetworkRetries(0))
}

func visaCard() billing.Card {
	return billing.Card{Provider: "stripe", CustomerID: stripetest.Customer, PaymentMethodID: stripetest.PMVisa, Brand: "visa", Last4: "4242"}
}

func TestSetupCard(t *testing.T) {
	ctx := context.Background()

	t.Run("creates the customer", func(t *testing.T) {
		f, c := newFakeClient(t)
		secret, customer, err := c.SetupCard(ctx, billing.Restaurant{ID: 42, Name: "La Cava", Email: "owner@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		if secret != "seti_fake_1_secret_abc" || customer != stripetest.Customer {
			t.Fatalf("SetupCard = %q, %q", secret, customer)
		}
		cus := f.RequestsTo("POST", "/v1/customers")
		if len(cus) != 1 {
			t.Fatalf("%d customer creations, want 1", len(cus))
		}
		assertForm(t, cus[0], map[string]string{"name": "La Cava", "email": "owner@example.com", "metadata[cliente_id]": "42"})
		if !strings.HasPrefix(cus[0].IdempotencyKey, "carta-customer-42-") {
			t.Errorf("customer Idempotency-Key = %q", cus[0].IdempotencyKey)
		}
		si := f.RequestsTo("POST", "/v1/setup_intents")
		if len(si) != 1 {
			t.Fatalf("%d setup intents, want 1", len(si))
		}
		assertForm(t, si[0], map[string]string{
			"customer": stripetest.Customer, "usage": "off_session", "payment_method_types[0]": "card",
			"metadata[cliente_id]": "42",
		})
	})

	t.Run("reuses an existing customer", func(t *testing.T) {
		f, c := newFakeClient(t)
		_, customer, err := c.SetupCard(ctx, billing.Restaurant{ID: 42, CustomerID: "cus_existing"})
		if err != nil || customer != "cus_existing" {
			t.Fatalf("SetupCard = %q, %v", customer, err)
		}
		if n := len(f.RequestsTo("POST", "/v1/customers")); n != 0 {
			t.Fatalf("%d customer creations, want 0", n)
		}
		assertForm(t, f.RequestsTo("POST", "/v1/setup_intents")[0], map[string]string{"customer": "cus_existing"})
	})
}

func TestRegisterCard(t *testing.T) {
	ctx := context.Background()
	r := billing.Restaurant{ID: 42, Name: "La Cava", CustomerID: stripetest.Customer}

	t.Run("attaches and sets default", func(t *testing.T) {
		f, c := newFakeClient(t)
		card, err := c.RegisterCard(ctx, r, stripetest.PMVisa)
		if err != nil {
			t.Fatal(err)
		}
		want := billing.Card{Provider: "stripe", CustomerID: stripetest.Customer, PaymentMethodID: stripetest.PMVisa, Brand: "visa", Last4: "4242"}
		if card != want {
			t.Fatalf("card = %+v, want %+v", card, want)
		}
		att := f.RequestsTo("POST", "/v1/payment_methods/"+stripetest.PMVisa+"/attach")
		if len(att) != 1 {
			t.Fatalf("%d attach calls, want 1", len(att))
		}
		assertForm(t, att[0], map[string]string{"customer": stripetest.Customer})
		upd := f.RequestsTo("POST", "/v1/customers/"+stripetest.Customer)
		if len(upd) != 1 {
			t.Fatalf("%d customer updates, want 1", len(upd))
		}
		assertForm(t, upd[0], map[string]string{"invoice_settings[default_payment_method]": stripetest.PMVisa})
	})

	t.Run("already attached by the SetupIntent", func(t *testing.T) {
		f, c := newFakeClient(t)
		card, err := c.RegisterCard(ctx, r, stripetest.PMMastercard)
		if err != nil {
			t.Fatal(err)
		}
		if card.Brand != "mastercard" || card.Last4 != "4444" {
			t.Fatalf("card = %+v", card)
		}
		if n := len(f.RequestsTo("POST", "/v1/payment_methods/"+stripetest.PMMastercard+"/attach")); n != 0 {
			t.Fatalf("%d attach calls, want 0", n)
		}
	})

	for _, tok := range []string{"pm_does_not_exist", "tok_visa", "", stripetest.PMForeign} {
		t.Run("invalid token "+tok, func(t *testing.T) {
			_, c := newFakeClient(t)
			if _, err := c.RegisterCard(ctx, r, tok); !errors.Is(err, billing.ErrInvalidToken) {
				t.Fatalf("err = %v, want ErrInvalidToken", err)
			}
		})
	}
}

func TestChargeFee(t *testing.T) {
	ctx := context.Background()

	t.Run("success sends an off-session confirmed PaymentIntent", func(t *testing.T) {
		f, c := newFakeClient(t)
		id, err := c.ChargeFee(ctx, visaCard(), 500, "USD", "fee-17", "Carta fee, coupon 17")
		if err != nil {
			t.Fatal(err)
		}
		if id != "pi_fake_1" {
			t.Fatalf("id = %q", id)
		}
		reqs := f.ChargeRequests()
		if len(reqs) != 1 {
			t.Fatalf("%d charge requests, want 1", len(reqs))
		}
		if reqs[0].IdempotencyKey != "fee-17" {
			t.Errorf("Idempotency-Key = %q, want fee-17", reqs[0].IdempotencyKey)
		}
		assertForm(t, reqs[0], map[string]string{
			"amount": "500", "currency": "usd", "customer": stripetest.Customer, "payment_method": stripetest.PMVisa,
			"confirm": "true", "off_session": "true", "payment_method_types[0]": "card",
			"description": "Carta fee, coupon 17", "metadata[fee_id]": "fee-17",
		})
	})

	t.Run("same key twice returns the same PaymentIntent", func(t *testing.T) {
		f, c := newFakeClient(t)
		first, err := c.ChargeFee(ctx, visaCard(), 500, "usd", "fee-18", "coupon 18")
		if err != nil {
			t.Fatal(err)
		}
		second, err := c.ChargeFee(ctx, visaCard(), 500, "usd", "fee-18", "coupon 18")
		if err != nil {
			t.Fatal(err)
		}
		if first != second {
			t.Fatalf("ids %q and %q differ", first, second)
		}
		if n := f.IntentCount(); n != 1 {
			t.Fatalf("fake created %d PaymentIntents, want 1", n)
		}
		other, err := c.ChargeFee(ctx, visaCard(), 500, "usd", "fee-19", "coupon 19")
		if err != nil || other == first {
			t.Fatalf("new key: %q, %v", other, err)
		}
	})

	t.Run("same key with other parameters is refused", func(t *testing.T) {
		_, c := newFakeClient(t)
		if _, err := c.ChargeFee(ctx, visaCard(), 500, "usd", "fee-20", "x"); err != nil {
			t.Fatal(err)
		}
		_, err := c.ChargeFee(ctx, visaCard(), 900, "usd", "fee-20", "x")
		if err == nil || errors.Is(err, billing.ErrDeclined) {
			t.Fatalf("err = %v, want Stripe's idempotency error", err)
		}
	})

	tests := []struct {
		name     string
		pm       string
		want     error
		wantText string
	}{
		{"declined", stripetest.PMDeclined, billing.ErrDeclined, "insufficient_funds"},
		{"authentication required", stripetest.PMAuthRequired, billing.ErrAuthenticationRequired, "requires authentication"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, c := newFakeClient(t)
			card := visaCard()
			card.PaymentMethodID = tt.pm
			id, err := c.ChargeFee(ctx, card, 500, "usd", "fee-21", "coupon 21")
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("err %q lacks %q", err, tt.wantText)
			}
			if strings.Contains(err.Error(), f.Key) {
				t.Errorf("error leaks the secret key")
			}
			if id != "pi_fake_1" {
				t.Errorf("id = %q, want the failed PaymentIntent", id)
			}
			// Stripe replays the failure for the same key; a retry needs a new key.
			if _, err := c.ChargeFee(ctx, card, 500, "usd", "fee-21", "coupon 21"); !errors.Is(err, tt.want) {
				t.Fatalf("replay err = %v, want %v", err, tt.want)
			}
			if n := f.IntentCount(); n != 1 {
				t.Fatalf("fake created %d PaymentIntents, want 1", n)
			}
		})
	}

	t.Run("wrong key is a plain error without the key", func(t *testing.T) {
		f := stripetest.New(t)
		c := stripe.New("sk_test_wrong_secret", stripe.WithBaseURL(f.URL()), stripe.WithMaxNetworkRetries(0))
		_, err := c.ChargeFee(ctx, visaCard(), 500, "usd", "fee-22", "x")
		if err == nil || errors.Is(err, billing.ErrDeclined) {
			t.Fatalf("err = %v", err)
		}
		if strings.Contains(err.Error(), "sk_test_wrong_secret") {
			t.Errorf("error leaks the secret key: %v", err)
		}
	})

	t.Run("invalid input never reaches Stripe", func(t *testing.T) {
		f, c := newFakeClient(t)
		demoCard := visaCard()
		demoCard.Provider = "demo"
		cases := []struct {
			name   string
			card   billing.Card
			amount int64
			key    string
		}{
			{"zero amount", visaCard(), 0, "k"},
			{"no key", visaCard(), 500, ""},
			{"long key", visaCard(), 500, strings.Repeat("k", 256)},
			{"demo card", demoCard, 500, "k"},
			{"no payment method", billing.Card{Provider: "stripe", CustomerID: stripetest.Customer}, 500, "k"},
		}
		for _, tc := range cases {
			if _, err := c.ChargeFee(ctx, tc.card, tc.amount, "usd", tc.key, "x"); err == nil {
				t.Errorf("%s: no error", tc.name)
			}
		}
		if n := len(f.ChargeRequests()); n != 0 {
			t.Fatalf("%d requests reached the fake", n)
		}
	})
}

func assertForm(t *testing.T, r stripetest.Request, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got := r.Form.Get(k); got != v {
			t.Errorf("%s %s: form %s = %q, want %q (form: %v)", r.Method, r.Path, k, got, v, r.Form)
		}
	}
}

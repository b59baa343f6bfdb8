package checkout_test

import (
	"errors"
	"testing"

	"carta/internal/checkout"
)

func valid() checkout.Request {
	return checkout.Request{
		MerchantID: "M1", Token: "tok",
		LineItems: []checkout.LineItem{{Name: "Cupón", Price: 1520, Quantity: 2}, {Name: "Fee", Price: 500, Quantity: 1}},
	}
}

func TestTotal(t *testing.T) {
	if got := valid().Total(); got != 3540 {
		t.Errorf("Total = %d, want 3540", got)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		change func(*checkout.Request)
		ok     bool
	}{
		{"valid", func(*checkout.Request) {}, true},
		{"free line beside a paid one", func(r *checkout.Request) { r.LineItems[0].Price = 0 }, true},
		{"no merchant", func(r *checkout.Request) { r.MerchantID = "" }, false},
		{"no token", func(r *checkout.Request) { r.Token = "" }, false},
		{"no items", func(r *checkout.Request) { r.LineItems = nil }, false},
		{"unnamed item", func(r *checkout.Request) { r.LineItems[0].Name = "" }, false},
		{"negative price", func(r *checkout.Request) { r.LineItems[0].Price = -1 }, false},
		{"zero quantity", func(r *checkout.Request) { r.LineItems[1].Quantity = 0 }, false},
		{"zero total", func(r *checkout.Request) { r.LineItems = r.LineItems[:1]; r.LineItems[0].Price = 0 }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := valid()
			tt.change(&r)
			err := r.Validate()
			if tt.ok && err != nil {
				t.Fatalf("Validate: %v", err)
			}
			if !tt.ok && !errors.Is(err, checkout.ErrInvalid) {
				t.Fatalf("Validate = %v, want ErrInvalid", err)
			}
		})
	}
}

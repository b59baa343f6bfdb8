package offers_test

import (
	"strings"
	"testing"

	"carta/internal/offers"
)

// TestCouponMailsMoney: the amounts of the coupon e-mails are written as the
// web writes them for the restaurant's currency (internal/money), in
// either language.
func TestCouponMailsMoney(t *testing.T) {
	for _, c := range []struct {
		lang, currency, pais string
		want                 string
	}{
		{"en", "GBP", "US", "£17.50"},
		{"es", "EUR", "ES", "17,50\u00a0€"},
		{"en", "EUR", "ES", "€17.50"},
		{"es", "MXN", "MX", "$17.50"},
		{"en", "USD", "US", "$17.50"},
	} {
		r := offers.ReceiptMail(c.lang, "Ana", "2x1", "CODE1", 1750, c.currency, c.pais, "https://carta.test")
		f := offers.RefundMail(c.lang, "Ana", "2x1", 1750, c.currency, c.pais)
		for _, part := range []string{r.Text, r.HTML, f.Text, f.HTML} {
			if !strings.Contains(part, c.want) || strings.Contains(part, c.currency) {
				t.Errorf("%s %s: want %s in %s", c.lang, c.currency, c.want, part)
			}
		}
	}
}

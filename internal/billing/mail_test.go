package billing_test

import (
	"strings"
	"testing"

	"carta/internal/billing"
)

// TestFeeFailedMailMoney: the fee is written as the restaurant's panel
// writes it (internal/money), not '$5.00 EUR'.
func TestFeeFailedMailMoney(t *testing.T) {
	m := billing.FeeFailedMail("La Cava", 500, "EUR", "ES", "https://carta.test", 7)
	for _, part := range []string{m.Text, m.HTML} {
		if !strings.Contains(part, "5,00\u00a0€") || strings.Contains(part, "EUR") || strings.Contains(part, "$") {
			t.Fatalf("fee e-mail: %s", part)
		}
	}
	if m := billing.FeeFailedMail("Taquería", 500, "MXN", "MX", "https://carta.test", 8); !strings.Contains(m.Text, "$5.00") {
		t.Fatalf("fee e-mail in Mexico: %s", m.Text)
	}
}

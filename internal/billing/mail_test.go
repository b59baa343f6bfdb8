package billing_test

import (
	"strings"
	"testing"

	"carta/internal/billing"
)

// TestFeeFailedMailMoney: the fee is written as the restaurant's panel
// writes it (internal/money), not '$5.00 EUR'.
func TestFeeFailedMailMoney(t *testing.T) {
	m := billing.FeeFailedMail("La Cava", "es", 500, "EUR", "ES", "https://carta.test", 7)
	for _, part := range []string{m.Text, m.HTML} {
		if !strings.Contains(part, "5,00\u00a0€") || strings.Contains(part, "EUR") || strings.Contains(part, "$") {
			t.Fatalf("fee e-mail: %s", part)
		}
	}
	if m := billing.FeeFailedMail("Taquería", "es", 500, "MXN", "MX", "https://carta.test", 8); !strings.Contains(m.Text, "$5.00") {
		t.Fatalf("fee e-mail in Mexico: %s", m.Text)
	}
}

// A restaurant that reads Carta in English gets the fee e-mail in English,
// the amount still as its country writes it.
func TestFeeFailedMailInTheRestaurantsLanguage(t *testing.T) {
	m := billing.FeeFailedMail("The Wine Bar", "en", 500, "USD", "US", "https://carta.test", 9)
	if m.Subject != "We could not charge Carta's fee" || !strings.Contains(m.Text, "Hello The Wine Bar") || !strings.Contains(m.Text, "$5.00") ||
		!strings.Contains(m.HTML, "Create Offer") || strings.Contains(m.Text+m.HTML, "No pudimos") {
		t.Fatalf("English fee e-mail: %q\n%s\n%s", m.Subject, m.Text, m.HTML)
	}
	if m := billing.FeeFailedMail("La Cava", "es", 500, "EUR", "ES", "https://carta.test", 7); m.Subject != "No pudimos cobrar la comisión de Carta" || !strings.Contains(m.HTML, "Crear Oferta") {
		t.Fatalf("Spanish fee e-mail: %q\n%s", m.Subject, m.HTML)
	}
}

package money

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// TestFormatMatchesTheWeb checks every case of the table the web's tests
// also check (web/src/lib/money.test.ts holds it to Intl.NumberFormat).
func TestFormatMatchesTheWeb(t *testing.T) {
	b, err := os.ReadFile("testdata/formats.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Cases []struct {
			Cents    int64  `json:"cents"`
			Currency string `json:"currency"`
			Lang     string `json:"lang"`
			Text     string `json:"text"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) < 100 {
		t.Fatalf("only %d cases", len(table.Cases))
	}
	for _, c := range table.Cases {
		if got := Format(c.Cents, c.Currency, c.Lang); got != c.Text {
			t.Errorf("Format(%d, %q, %q) = %q, the web writes %q", c.Cents, c.Currency, c.Lang, got, c.Text)
		}
	}
}

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		cents          int64
		currency, lang string
		want           string
	}{
		{1250, "EUR", "es", "€12.50"},
		{1250, "EUR", "en", "€12.50"},
		{1250, "GBP", "en", "£12.50"},
		{1250, "GBP", "es", "£12.50"},
		{1250, "USD", "en", "$12.50"},
		{123456, "MXN", "es", "$1,234.56"},
		{150000, "CLP", "en", "$1,500"},
		{1250, "PEN", "es", "PEN\u00a012.50"},
		{1250, "GTQ", "es", "Q\u00a012.50"},
		{1250, "EUR", "en-GB", "€12.50"}, // a locale of a known language
		{1250, "EUR", "fr", "€12.50"},    // an unknown language: Spanish
		{1250, "", "es", "$12.50"},
		{-5, "USD", "es", "-$0.05"},
		{-9223372036854775808, "USD", "en", "-$92,233,720,368,547,758.08"},
	} {
		if got := Format(c.cents, c.currency, c.lang); got != c.want {
			t.Errorf("Format(%d, %q, %q) = %q, want %q", c.cents, c.currency, c.lang, got, c.want)
		}
	}
}

// Decimal: two digits after the point, no grouping, the sign in front.
func TestDecimal(t *testing.T) {
	for cents, want := range map[int64]string{0: "0.00", 5: "0.05", 50: "0.50", 9743: "97.43", 123456789: "1234567.89", -5: "-0.05", -2235: "-22.35",
		math.MinInt64: "-92233720368547758.08"} {
		if got := Decimal(cents); got != want {
			t.Errorf("Decimal(%d) = %q, want %q", cents, got, want)
		}
	}
}

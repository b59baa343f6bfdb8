package ordering

import (
	"fmt"
	"testing"
)

// TestRatePercent: a tax rate as each language writes a percentage, as the web's Intl does.
func TestRatePercent(t *testing.T) {
	for _, tc := range []struct {
		rate     int64
		lang     string
		want     string
		wantName string
	}{
		{1000000, "es", "10\u00a0%", "IVA incluido (10\u00a0%)"},
		{1000000, "en", "10%", "VAT included (10%)"},
		{550000, "es", "5,5\u00a0%", "IVA incluido (5,5\u00a0%)"},
		{825000, "en", "8.25%", "VAT included (8.25%)"},
		{2100000, "es", "21\u00a0%", "IVA incluido (21\u00a0%)"},
	} {
		if got := ratePercent(tc.rate, tc.lang); got != tc.want {
			t.Errorf("ratePercent(%d, %s) = %q, want %q", tc.rate, tc.lang, got, tc.want)
		}
		if got := mailName(tc.rate, tc.lang); got != tc.wantName {
			t.Errorf("name = %q, want %q", got, tc.wantName)
		}
	}
}

func mailName(rate int64, lang string) string {
	return fmt.Sprintf(mailLabels[lang]["incluido"], ratePercent(rate, lang))
}

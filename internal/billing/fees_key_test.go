package billing_test

import (
	"testing"

	"carta/internal/billing"
)

// The fee's idempotency key is built and read in one place: Stripe's event
// carries it back and the purchase it names is the fee to reconcile.
func TestFeeKeyRoundTrip(t *testing.T) {
	key := billing.FeeKey(42, "pm_card-with-dash")
	if id, ok := billing.FeeKeyCompra(key); !ok || id != 42 {
		t.Fatalf("FeeKeyCompra(%q) = %d, %v; want 42", key, id, ok)
	}
	for _, other := range []string{"", "carta-fee-compra-", "carta-fee-compra-x-pm", "carta-fee-compra-0-pm", "someone-else-42"} {
		if id, ok := billing.FeeKeyCompra(other); ok {
			t.Errorf("FeeKeyCompra(%q) = %d, want no purchase", other, id)
		}
	}
}

package offers

import (
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// TestRefundsUseTheirIndex: the super admin's refunds read the purchases
// with a refund, not every purchase of the platform (migration 0046).
func TestRefundsUseTheirIndex(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		storetest.UsesIndex(t, db, "compras_reembolsos", refundsSQL(refundsWhere))
	})
}

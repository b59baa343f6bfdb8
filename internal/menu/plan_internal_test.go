package menu

import (
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// TestSoldOutEndedUsesItsIndex: the ordering job's pass finds the ended
// "sold out today" marks through their index, not by walking every
// product of every restaurant (migration 0046).
func TestSoldOutEndedUsesItsIndex(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		storetest.UsesIndex(t, db, "productos_agotados", soldOutEndedSQL, int64(1))
	})
}

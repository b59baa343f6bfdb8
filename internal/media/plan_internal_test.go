package media

import (
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// TestDoomedUsesItsIndex: the sweep lists the doomed files through their
// index, not by walking every stored file (migration 0046).
func TestDoomedUsesItsIndex(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		storetest.UsesIndex(t, db, "media_condenados", doomedSQL, 100)
	})
}

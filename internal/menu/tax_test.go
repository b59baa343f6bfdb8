package menu_test

import (
	"context"
	"testing"

	"carta/internal/menu"
	"carta/internal/pos/clover/clovertest"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// Issue 29: the settings answer the menu reads says whether the menu's
// prices include the tax (the POS merchant's VAT setting, as the catalogue
// sync stored it), so the menu can say 'IVA incluido' without another
// request; the owner's save cannot change it.
func TestSettingsSayWhetherPricesIncludeTax(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		m := clovertest.GenerateMerchant("MVAT", "tok-vat", 1, 3)
		m.VAT, m.VATTaxName = true, "IVA"
		id, _, s := setup(t, db, m)
		included := func() bool {
			t.Helper()
			set, err := s.Settings(ctx, tenant.PublicMenu(id.Int64()))
			if err != nil {
				t.Fatal(err)
			}
			return set.ImpuestosIncluidos
		}
		if included() {
			t.Fatal("tax included before any sync (no merchant setting read yet)")
		}
		before, _ := menu.GetState(ctx, db, id)
		if _, err := s.Sync(ctx, id); err != nil {
			t.Fatal(err)
		}
		if !included() {
			t.Fatal("a VAT merchant's menu: the settings do not say its prices include the tax")
		}
		// The answer is cached by menu version: the sync that changed the mode moved it.
		if after, _ := menu.GetState(ctx, db, id); after.Version <= before.Version {
			t.Fatalf("menu version %d → %d", before.Version, after.Version)
		}
		// Read-only: saving the look with impuestos_incluidos false keeps the merchant's mode.
		cur, err := s.Settings(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		cur.ImpuestosIncluidos = false
		cur.NombreRestaurante = "La Cava Madrid"
		if out, err := s.SaveSettings(ctx, id, cur); err != nil || !out.ImpuestosIncluidos {
			t.Fatalf("save: %+v %v", out.ImpuestosIncluidos, err)
		}
		if !included() {
			t.Fatal("the owner's save changed the tax mode")
		}

		// A merchant that adds tax: false.
		other, _, s2 := setup(t, db, clovertest.GenerateMerchant("MADD", "tok-add", 1, 3))
		if _, err := s2.Sync(ctx, other); err != nil {
			t.Fatal(err)
		}
		if set, err := s2.Settings(ctx, tenant.PublicMenu(other.Int64())); err != nil || set.ImpuestosIncluidos {
			t.Fatalf("tax-added merchant: %+v %v", set.ImpuestosIncluidos, err)
		}
	})
}

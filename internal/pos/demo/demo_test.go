package demo

import (
	"context"
	"testing"

	"carta/internal/pos"
)

func TestDemoMerchant(t *testing.T) {
	if _, err := New("NOPE"); err == nil {
		t.Fatal("unknown merchant accepted")
	}
	m, err := New("DEMOMERCHANT2")
	if err != nil {
		t.Fatal(err)
	}
	cats, _ := m.Categories(context.Background())
	if len(cats) != 8 {
		t.Fatalf("%d categories", len(cats))
	}
	var items, hidden, withMods int
	err = m.Items(context.Background(), func(it pos.Item) error {
		items++
		if it.Hidden {
			hidden++
		}
		if len(it.ModifierGroups) > 0 {
			withMods++
		}
		if len(it.TaxRates) != 1 || it.TaxRates[0].Rate != 1600000 {
			t.Errorf("%s taxes %+v, want IVA 16%% (1600000)", it.ID, it.TaxRates)
		}
		return nil
	})
	if err != nil || items != 40 || hidden != 4 || withMods == 0 {
		t.Fatalf("items %d hidden %d with modifiers %d err %v", items, hidden, withMods, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := m.Items(ctx, func(pos.Item) error { return nil }); err == nil {
		t.Fatal("a cancelled context did not stop the stream")
	}
}

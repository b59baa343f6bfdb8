// Package demo is the built-in point of sale of the demo restaurants: the
// catalogue of internal/demo served through the pos.Catalog port, so a sync
// works offline exactly as it does against Clover.
package demo

import (
	"context"
	"fmt"

	demodata "carta/internal/demo"
	"carta/internal/pos"
)

// Merchant is one demo merchant's point of sale.
type Merchant struct {
	cat demodata.Catalog
}

var _ pos.Catalog = (*Merchant)(nil)

// New returns the demo POS of merchantID, or an error when there is none.
func New(merchantID string) (*Merchant, error) {
	c, ok := demodata.Catalogs[merchantID]
	if !ok {
		return nil, fmt.Errorf("no demo point of sale for merchant %q", merchantID)
	}
	return &Merchant{cat: c}, nil
}

// Categories lists the POS categories.
func (m *Merchant) Categories(ctx context.Context) ([]pos.Category, error) {
	out := make([]pos.Category, 0, len(m.cat.Categories))
	for i, c := range m.cat.Categories {
		out = append(out, pos.Category{ID: c.ID, Name: c.Name, SortOrder: i})
	}
	return out, nil
}

// taxRate is the demo merchant's sales tax in Clover's scale (10% = 1000000).
func (m *Merchant) taxRate() pos.TaxRate {
	if m.cat.Moneda == "MXN" {
		return pos.TaxRate{ID: m.cat.MerchantID + "-IVA", Name: "IVA 16%", Rate: 1600000, IsDefault: true}
	}
	return pos.TaxRate{ID: m.cat.MerchantID + "-TAX", Name: "Sales Tax 8.25%", Rate: 825000, IsDefault: true}
}

// modifierGroups returns the modifier groups an item of category cat offers.
func (m *Merchant) modifierGroups(cat string) []pos.ModifierGroup {
	id := func(s string) string { return m.cat.MerchantID + "-" + s }
	switch cat {
	case "C1CARN":
		return []pos.ModifierGroup{{ID: id("PUNTO"), Name: "Punto de cocción", MinRequired: 1, MaxAllowed: 1, Modifiers: []pos.Modifier{
			{ID: id("PUNTO-1"), Name: "Poco hecho"}, {ID: id("PUNTO-2"), Name: "Al punto"}, {ID: id("PUNTO-3"), Name: "Bien hecho"}}}}
	case "C1TAPF", "C1TAPC":
		return []pos.ModifierGroup{{ID: id("PAN"), Name: "Acompañamiento", MinRequired: 0, MaxAllowed: 2, Modifiers: []pos.Modifier{
			{ID: id("PAN-1"), Name: "Pan extra", Price: 150}, {ID: id("PAN-2"), Name: "Alioli", Price: 100}}}}
	case "C2TAP", "C2TAC":
		return []pos.ModifierGroup{
			{ID: id("TORT"), Name: "Tortilla", MinRequired: 1, MaxAllowed: 1, Modifiers: []pos.Modifier{
				{ID: id("TORT-1"), Name: "Maíz"}, {ID: id("TORT-2"), Name: "Harina", Price: 500}}},
			{ID: id("EXTRA"), Name: "Extras", MinRequired: 0, MaxAllowed: 3, Modifiers: []pos.Modifier{
				{ID: id("EXTRA-1"), Name: "Queso", Price: 1000}, {ID: id("EXTRA-2"), Name: "Aguacate", Price: 1200}, {ID: id("EXTRA-3"), Name: "Cebolla asada", Price: 500}}},
		}
	}
	return nil
}

// Items streams the POS items.
func (m *Merchant) Items(ctx context.Context, fn func(pos.Item) error) error {
	tax := m.taxRate()
	for _, it := range m.cat.Items {
		if err := ctx.Err(); err != nil {
			return err
		}
		item := pos.Item{ID: it.ID, Name: it.Name, Price: it.Price, Hidden: it.Hidden, Available: true,
			CategoryIDs: []string{it.Category}, ModifierGroups: m.modifierGroups(it.Category), TaxRates: []pos.TaxRate{tax}}
		if err := fn(item); err != nil {
			return err
		}
	}
	return nil
}

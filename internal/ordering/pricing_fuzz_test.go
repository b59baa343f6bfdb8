package ordering_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"carta/internal/apperr"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/pos"
)

// FuzzPrice prices fuzzed carts against a catalogue with fuzzed prices and
// tax rates. Invariants: never panics; a refusal is a 400 (Invalid); an
// accepted order has total = subtotal + taxes, the taxes are the sum of the
// tax lines, the subtotal the sum of the lines, nothing is negative, and
// pricing the same cart twice gives the same result.
func FuzzPrice(f *testing.F) {
	f.Add(int64(4200), int64(300), int64(825000), int64(100000), []byte(`[{"product_id":1,"quantity":2,"modifier_ids":["P1","G1"]},{"product_id":2,"quantity":1}]`))
	f.Add(int64(550), int64(0), int64(825000), int64(825000), []byte(`[{"product_id":2,"quantity":2},{"product_id":3,"quantity":99}]`))
	f.Add(int64(0), int64(0), int64(0), int64(0), []byte(`[]`))
	f.Add(int64(-1), int64(-5), int64(-1), int64(1<<62), []byte(`[{"product_id":1,"quantity":1,"modifier_ids":["P2","P2"]}]`))
	f.Add(int64(1<<62), int64(1<<62), int64(10_000_000), int64(10_000_000), []byte(`[{"product_id":1,"quantity":99,"modifier_ids":["P1","G1","G2"]}]`))
	f.Fuzz(func(t *testing.T, price, modPrice, rate1, rate2 int64, cart []byte) {
		var req []ordering.LineRequest
		if json.Unmarshal(cart, &req) != nil {
			return
		}
		items := fuzzCatalog(price, modPrice, rate1, rate2)
		p, err := ordering.Price(items, req, false)
		if err != nil {
			if e, ok := apperr.As(err); !ok || e.Kind != apperr.Invalid {
				t.Fatalf("refusal is not a 400: %v", err)
			}
			return
		}
		var sub, tax int64
		for _, l := range p.Lines {
			if l.UnitPrice < 0 || l.Subtotal < 0 || l.Quantity < 1 {
				t.Fatalf("negative line: %+v", l)
			}
			sub += l.Subtotal
		}
		for _, tl := range p.TaxLines {
			if tl.Amount < 0 || tl.Rate < 0 {
				t.Fatalf("negative tax line: %+v", tl)
			}
			tax += tl.Amount
		}
		if p.Subtotal != sub || p.Taxes != tax || p.Total != p.Subtotal+p.Taxes || p.Subtotal < 0 || p.Taxes < 0 || p.Total < 0 {
			t.Fatalf("totals do not add up: %+v (lines %d, taxes %d)", p.Totals, sub, tax)
		}
		again, err := ordering.Price(items, req, false)
		if err != nil || !reflect.DeepEqual(p, again) {
			t.Fatalf("not the same twice: %+v / %+v (%v)", p, again, err)
		}
	})
}

// fuzzCatalog is catalog() with the prices and rates the fuzzer chose.
func fuzzCatalog(price, modPrice, rate1, rate2 int64) map[int64]menu.OrderItem {
	r1 := pos.TaxRate{ID: "R1", Name: "R1", Rate: rate1}
	r2 := pos.TaxRate{ID: "R2", Name: "R2", Rate: rate2}
	same := pos.TaxRate{Name: "no id", Rate: rate1}
	items := []menu.OrderItem{
		{ID: 1, Name: "Chuletón", Price: price, Orderable: true, Taxes: []pos.TaxRate{r1, r2, r1},
			Groups: []pos.ModifierGroup{
				{ID: "PUNTO", Name: "Punto", MinRequired: 1, MaxAllowed: 1, Modifiers: []pos.Modifier{{ID: "P1"}, {ID: "P2", Price: modPrice}}},
				{ID: "GUAR", Name: "Guarnición", MaxAllowed: 2, Modifiers: []pos.Modifier{{ID: "G1", Price: modPrice}, {ID: "G2", Price: 250}, {ID: "G3", Price: modPrice}}},
			}},
		{ID: 2, Name: "Tapa", Price: price / 3, Orderable: true, Taxes: []pos.TaxRate{r1, same}},
		{ID: 3, Name: "Refresco", Price: 333, Orderable: true, Taxes: []pos.TaxRate{r2}},
		{ID: 4, Name: "Agotado", Price: price, Orderable: false, Taxes: []pos.TaxRate{r1}},
		{ID: 5, Name: "Taco", Price: 2500, Orderable: true, Groups: []pos.ModifierGroup{{ID: "EXTRA", Modifiers: []pos.Modifier{{ID: "E1", Price: modPrice}}}}},
	}
	out := map[int64]menu.OrderItem{}
	for _, it := range items {
		out[it.ID] = it
	}
	return out
}

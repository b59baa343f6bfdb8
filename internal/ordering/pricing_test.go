package ordering_test

import (
	"strings"
	"testing"

	"carta/internal/apperr"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/pos"
)

var (
	salesTax = pos.TaxRate{ID: "TAX", Name: "Sales Tax 8.25%", Rate: 825000}
	cityTax  = pos.TaxRate{ID: "CITY", Name: "City 1%", Rate: 100000}
	noTax    = pos.TaxRate{ID: "ZERO", Name: "No tax", Rate: 0}
	iva      = pos.TaxRate{ID: "IVA", Name: "IVA 16%", Rate: 1600000}
)

// catalog is a small restaurant: a steak with a required and an optional
// group, tapas sharing the sales tax, a drink with two rates, bread at 0%.
func catalog() map[int64]menu.OrderItem {
	items := []menu.OrderItem{
		{ID: 1, CloverItemID: "STEAK", Name: "Chuletón", Price: 4200, Orderable: true, Taxes: []pos.TaxRate{salesTax},
			Groups: []pos.ModifierGroup{
				{ID: "PUNTO", Name: "Punto", MinRequired: 1, MaxAllowed: 1, Modifiers: []pos.Modifier{{ID: "P1", Name: "Poco hecho"}, {ID: "P2", Name: "Al punto"}}},
				{ID: "GUAR", Name: "Guarnición", MinRequired: 0, MaxAllowed: 2, Modifiers: []pos.Modifier{
					{ID: "G1", Name: "Patatas", Price: 300}, {ID: "G2", Name: "Ensalada", Price: 250}, {ID: "G3", Name: "Pimientos", Price: 350}}},
			}},
		{ID: 2, CloverItemID: "TAPA", Name: "Tapa", Price: 550, Orderable: true, Taxes: []pos.TaxRate{salesTax}},
		{ID: 3, CloverItemID: "DRINK", Name: "Refresco", Price: 333, Orderable: true, Taxes: []pos.TaxRate{salesTax, cityTax}},
		{ID: 4, CloverItemID: "BREAD", Name: "Pan", Price: 199, Orderable: true, Taxes: []pos.TaxRate{noTax}},
		{ID: 5, CloverItemID: "WATER", Name: "Agua", Price: 100, Orderable: true},
		{ID: 6, CloverItemID: "GONE", Name: "Agotado", Price: 900, Orderable: false, Taxes: []pos.TaxRate{salesTax}},
		{ID: 7, CloverItemID: "TACO", Name: "Taco", Price: 2500, Orderable: true, Taxes: []pos.TaxRate{iva},
			Groups: []pos.ModifierGroup{{ID: "EXTRA", Name: "Extras", MaxAllowed: 0, Modifiers: []pos.Modifier{{ID: "E1", Name: "Queso", Price: 1000}, {ID: "E2", Name: "Aguacate", Price: 1200}}}}},
	}
	out := map[int64]menu.OrderItem{}
	for _, it := range items {
		out[it.ID] = it
	}
	return out
}

func line(id int64, qty int, mods ...string) ordering.LineRequest {
	return ordering.LineRequest{ProductID: id, Quantity: qty, ModifierIDs: mods}
}

func TestPrice(t *testing.T) {
	tests := []struct {
		name                   string
		lines                  []ordering.LineRequest
		subtotal, taxes, total int64
		units                  []int64 // unit price per line
		taxLines               map[string]int64
	}{
		{"one item, required choice, no extras", []ordering.LineRequest{line(1, 1, "P2")},
			4200, 347, 4547, []int64{4200}, map[string]int64{"TAX": 347}}, // 42.00 × 8.25% = 3.465 → 3.47
		{"modifiers add to the unit price; quantity multiplies", []ordering.LineRequest{line(1, 3, "P1", "G1", "G3")},
			14550, 1200, 15750, []int64{4850}, map[string]int64{"TAX": 1200}}, // 145.50 × 8.25% = 12.00375 → 12.00
		{"lines sharing a rate are rounded once, over their sum (Clover)", []ordering.LineRequest{line(2, 1), line(2, 1)},
			1100, 91, 1191, []int64{550, 550}, map[string]int64{"TAX": 91}}, // 11.00 × 8.25% = 0.9075 → 0.91, not 0.45 + 0.45
		{"an item with two rates pays both", []ordering.LineRequest{line(3, 2)},
			666, 62, 728, []int64{333}, map[string]int64{"TAX": 55, "CITY": 7}}, // 6.66 × 8.25% = 0.549 → 0.55; × 1% = 0.0666 → 0.07
		{"a 0% item and an untaxed item collect nothing", []ordering.LineRequest{line(4, 2), line(5, 1)},
			498, 0, 498, []int64{199, 100}, map[string]int64{"ZERO": 0}},
		{"half a cent rounds up", []ordering.LineRequest{line(7, 1, "E1", "E2")},
			4700, 752, 5452, []int64{4700}, map[string]int64{"IVA": 752}}, // 47.00 × 16% = 7.52
		{"a group without maximum takes every choice", []ordering.LineRequest{line(7, 2, "E2", "E1")},
			9400, 1504, 10904, []int64{4700}, map[string]int64{"IVA": 1504}},
		{"mixed rates over several lines", []ordering.LineRequest{line(1, 1, "P1"), line(3, 1), line(4, 1), line(2, 3)},
			4200 + 333 + 199 + 1650, 510 + 3, 4200 + 333 + 199 + 1650 + 513, []int64{4200, 333, 199, 550},
			map[string]int64{"TAX": 510, "CITY": 3, "ZERO": 0}}, // TAX: 61.83 × 8.25% = 5.100975 → 5.10; CITY: 3.33 × 1% = 0.0333 → 0.03
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ordering.Price(catalog(), tc.lines)
			if err != nil {
				t.Fatal(err)
			}
			if p.Subtotal != tc.subtotal || p.Taxes != tc.taxes || p.Total != tc.total {
				t.Fatalf("subtotal/taxes/total = %d/%d/%d, want %d/%d/%d", p.Subtotal, p.Taxes, p.Total, tc.subtotal, tc.taxes, tc.total)
			}
			if p.Total != p.Subtotal+p.Taxes {
				t.Fatalf("total %d is not subtotal + taxes", p.Total)
			}
			for i, u := range tc.units {
				if p.Lines[i].UnitPrice != u || p.Lines[i].Subtotal != u*int64(tc.lines[i].Quantity) || p.Lines[i].Position != i {
					t.Errorf("line %d = %+v, want unit price %d", i, p.Lines[i], u)
				}
			}
			got := map[string]int64{}
			for _, tl := range p.TaxLines {
				got[tl.ID] = tl.Amount
			}
			if len(got) != len(tc.taxLines) {
				t.Fatalf("tax lines %v, want %v", got, tc.taxLines)
			}
			for id, amt := range tc.taxLines {
				if got[id] != amt {
					t.Errorf("tax %s = %d, want %d", id, got[id], amt)
				}
			}
			// Carta's total is Clover's rule to the cent.
			var tl []pos.TaxableLine
			for i, l := range p.Lines {
				tl = append(tl, pos.TaxableLine{UnitPrice: l.UnitPrice, Quantity: l.Quantity, TaxRates: catalog()[tc.lines[i].ProductID].Taxes})
			}
			if want := pos.ComputeTotals(tl); want.Total != p.Total || want.Tax != p.Taxes {
				t.Errorf("Clover's rule gives %+v, Carta %d/%d", want, p.Taxes, p.Total)
			}
		})
	}
}

func TestPriceModifiersKeepTheProductsOrder(t *testing.T) {
	p, err := ordering.Price(catalog(), []ordering.LineRequest{line(1, 1, "G3", "P1", "G1")})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range p.Lines[0].Modifiers {
		ids = append(ids, m.ID+"/"+m.GroupID)
	}
	if got := strings.Join(ids, ","); got != "P1/PUNTO,G1/GUAR,G3/GUAR" {
		t.Fatalf("modifiers %s", got)
	}
}

func TestPriceRefuses(t *testing.T) {
	many := make([]ordering.LineRequest, ordering.MaxLines+1)
	for i := range many {
		many[i] = line(2, 1)
	}
	tests := []struct {
		name  string
		lines []ordering.LineRequest
		want  string // Spanish message
	}{
		{"empty cart", nil, "El carrito está vacío."},
		{"too many lines", many, "Un pedido puede tener hasta 50 líneas."},
		{"unknown product", []ordering.LineRequest{line(2, 1), line(99, 1)}, "Línea 2: este producto ya no está en el menú."},
		{"unavailable product", []ordering.LineRequest{line(6, 1)}, "Línea 1 (Agotado): no está disponible en este momento."},
		{"quantity zero", []ordering.LineRequest{line(2, 0)}, "Línea 1 (Tapa): la cantidad debe estar entre 1 y 99."},
		{"quantity above 99", []ordering.LineRequest{line(2, 100)}, "Línea 1 (Tapa): la cantidad debe estar entre 1 y 99."},
		{"required group missing", []ordering.LineRequest{line(1, 1, "G1")}, "Línea 1 (Chuletón): elige al menos 1 en «Punto»."},
		{"one-choice group with two", []ordering.LineRequest{line(1, 1, "P1", "P2")}, "Línea 1 (Chuletón): elige como máximo 1 en «Punto»."},
		{"group over its maximum", []ordering.LineRequest{line(1, 1, "P1", "G1", "G2", "G3")}, "Línea 1 (Chuletón): elige como máximo 2 en «Guarnición»."},
		{"a modifier of another product", []ordering.LineRequest{line(1, 1, "P1", "E1")}, `Línea 1 (Chuletón): el modificador "E1" no pertenece a este producto.`},
		{"a modifier on a product without groups", []ordering.LineRequest{line(2, 1, "G1")}, `Línea 1 (Tapa): el modificador "G1" no pertenece a este producto.`},
		{"a repeated modifier", []ordering.LineRequest{line(7, 1, "E1", "E1")}, "Línea 1 (Taco): un modificador está repetido."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ordering.Price(catalog(), tc.lines)
			e, ok := apperr.As(err)
			if !ok || e.Kind != apperr.Invalid {
				t.Fatalf("err = %v, want a 400", err)
			}
			if e.ES != tc.want {
				t.Fatalf("message %q, want %q", e.ES, tc.want)
			}
			if e.EN == "" || e.EN == e.ES {
				t.Fatalf("no English message: %q", e.EN)
			}
		})
	}
}

// Found by FuzzPrice: a catalogue price near the int64 limit wrapped the
// line's total negative. Prices and rates no restaurant means are refused
// per line, so every total stays exact.
func TestPriceRefusesPricesThatCannotBeRight(t *testing.T) {
	huge := catalog()
	steak := huge[1]
	steak.Groups[1].Modifiers[0].Price = 1 << 62
	huge[1] = steak
	tapa := huge[2]
	tapa.Price = -550
	huge[2] = tapa
	drink := huge[3]
	drink.Taxes = []pos.TaxRate{{ID: "X", Rate: pos.RateScale + 1}}
	huge[3] = drink
	taco := huge[7]
	taco.Price = ordering.MaxUnitPrice
	huge[7] = taco
	for _, req := range [][]ordering.LineRequest{{line(1, 99, "P1", "G1")}, {line(2, 1)}, {line(3, 1)}, {line(7, 1, "E1")}} {
		_, err := ordering.Price(huge, req)
		if e, ok := apperr.As(err); !ok || e.Kind != apperr.Invalid || !strings.Contains(e.ES, "su precio no es válido") {
			t.Fatalf("%+v: %v, want the invalid price refused", req, err)
		}
	}
	p, err := ordering.Price(huge, []ordering.LineRequest{line(7, 99)})
	if err != nil || p.Total != p.Subtotal+p.Taxes || p.Subtotal != 99*ordering.MaxUnitPrice {
		t.Fatalf("the highest price: %+v, %v", p.Totals, err)
	}
}

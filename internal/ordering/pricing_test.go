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
			p, err := ordering.Price(catalog(), tc.lines, false)
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
	p, err := ordering.Price(catalog(), []ordering.LineRequest{line(1, 1, "G3", "P1", "G1")}, false)
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
			_, err := ordering.Price(catalog(), tc.lines, false)
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
		_, err := ordering.Price(huge, req, false)
		if e, ok := apperr.As(err); !ok || e.Kind != apperr.Invalid || !strings.Contains(e.ES, "su precio no es válido") {
			t.Fatalf("%+v: %v, want the invalid price refused", req, err)
		}
	}
	p, err := ordering.Price(huge, []ordering.LineRequest{line(7, 99)}, false)
	if err != nil || p.Total != p.Subtotal+p.Taxes || p.Subtotal != 99*ordering.MaxUnitPrice {
		t.Fatalf("the highest price: %+v, %v", p.Totals, err)
	}
}

// vatCatalog is a Spanish restaurant (its POS merchant has VAT on): menu
// prices include IVA, 10% for food and soft drinks, 21% for spirits, and
// a 0% item.
func vatCatalog() map[int64]menu.OrderItem {
	iva10 := pos.TaxRate{ID: "IVA10", Name: "IVA 10%", Rate: 1000000}
	iva21 := pos.TaxRate{ID: "IVA21", Name: "IVA 21%", Rate: 2100000}
	items := []menu.OrderItem{
		{ID: 1, CloverItemID: "CROQ", Name: "Croquetas", Price: 950, Orderable: true, Taxes: []pos.TaxRate{iva10},
			Groups: []pos.ModifierGroup{{ID: "SALSA", Name: "Salsa", MaxAllowed: 2, Modifiers: []pos.Modifier{{ID: "ALI", Name: "Alioli", Price: 120}, {ID: "BRAVA", Name: "Brava", Price: 80}}}}},
		{ID: 2, CloverItemID: "GIN", Name: "Gin tonic", Price: 1000, Orderable: true, Taxes: []pos.TaxRate{iva21}},
		{ID: 3, CloverItemID: "AGUA", Name: "Agua del grifo", Price: 0, Orderable: true, Taxes: []pos.TaxRate{iva10}},
		{ID: 4, CloverItemID: "BOLSA", Name: "Bolsa", Price: 10, Orderable: true, Taxes: []pos.TaxRate{noTax}},
		{ID: 5, CloverItemID: "CANA", Name: "Caña", Price: 250, Orderable: true, Taxes: []pos.TaxRate{iva10}},
	}
	out := map[int64]menu.OrderItem{}
	for _, it := range items {
		out[it.ID] = it
	}
	return out
}

// TestPriceTaxIncluded: on a VAT merchant the total is the sum of the
// prices and each rate's tax is extracted from its gross, rounded once per
// rate, half up (Clover's rule, pos.TotalsFor).
func TestPriceTaxIncluded(t *testing.T) {
	tests := []struct {
		name            string
		lines           []ordering.LineRequest
		total, taxes    int64
		taxLines        map[string]int64
		unitsOfTheLines []int64
	}{
		// 9.50 × 10/110 = 0.8636… → 0.86.
		{"one item at 10%", []ordering.LineRequest{line(1, 1)}, 950, 86, map[string]int64{"IVA10": 86}, []int64{950}},
		// Modifiers are in the price too: (9.50 + 1.20 + 0.80) × 2 = 23.00 → 2.0909… → 2.09.
		{"modifiers and a quantity", []ordering.LineRequest{line(1, 2, "ALI", "BRAVA")}, 2300, 209, map[string]int64{"IVA10": 209}, []int64{1150}},
		// Rounded once over the rate: 3 × 2.50 + 9.50 = 17.00 → 1.5454… → 1.55 (per line: 0.68 + 0.86 = 1.54).
		{"one rounding per rate, not per line", []ordering.LineRequest{line(5, 3), line(1, 1)}, 1700, 155, map[string]int64{"IVA10": 155}, []int64{250, 950}},
		// A cart mixing 10%, 21% and 0%: 9.50 → 0.86; 2 × 10.00 × 21/121 = 3.4710… → 3.47; 0.10 at 0% → 0.
		{"mixed rates and a 0% item", []ordering.LineRequest{line(1, 1), line(2, 2), line(4, 1)}, 950 + 2000 + 10, 86 + 347,
			map[string]int64{"IVA10": 86, "IVA21": 347, "ZERO": 0}, []int64{950, 1000, 10}},
		{"a free item collects nothing", []ordering.LineRequest{line(3, 4)}, 0, 0, map[string]int64{"IVA10": 0}, []int64{0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ordering.Price(vatCatalog(), tc.lines, true)
			if err != nil {
				t.Fatal(err)
			}
			if !p.TaxIncluded || p.Total != tc.total || p.Subtotal != tc.total || p.Taxes != tc.taxes {
				t.Fatalf("included/subtotal/taxes/total = %v/%d/%d/%d, want true/%d/%d/%d", p.TaxIncluded, p.Subtotal, p.Taxes, p.Total, tc.total, tc.taxes, tc.total)
			}
			var sum int64
			for i, l := range p.Lines {
				if l.UnitPrice != tc.unitsOfTheLines[i] {
					t.Errorf("line %d unit price %d, want %d", i, l.UnitPrice, tc.unitsOfTheLines[i])
				}
				sum += l.Subtotal
			}
			if sum != p.Total {
				t.Errorf("total %d is not the sum of the lines %d", p.Total, sum)
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
			// The same cart on a merchant that adds tax is priced as always.
			if add, err := ordering.Price(vatCatalog(), tc.lines, false); err != nil || add.TaxIncluded || add.Total != add.Subtotal+add.Taxes {
				t.Errorf("added mode: %+v (%v)", add.Totals, err)
			}
		})
	}
}

package pos

import (
	"errors"
	"strings"
	"testing"
)

// Rates in Clover's scale (10% = 1000000).
var (
	taxA    = TaxRate{ID: "A", Name: "Tax A", Rate: 1000000}  // 10%
	taxB    = TaxRate{ID: "B", Name: "Tax B", Rate: 500000}   // 5%
	county  = TaxRate{ID: "CO", Name: "County", Rate: 500000} // 5%
	state   = TaxRate{ID: "ST", Name: "State", Rate: 1000000} // 10%
	noTax   = TaxRate{ID: "NT", Name: "No tax applied", Rate: 0}
	sales1  = TaxRate{ID: "S1", Name: "Sales 8.25%", Rate: 825000}
	sales2  = TaxRate{ID: "S2", Name: "Sales 8.25% (copy)", Rate: 825000}
	iva16   = TaxRate{ID: "IVA", Name: "IVA 16%", Rate: 1600000}
	half    = TaxRate{ID: "H", Name: "50%", Rate: 5000000}
	seven25 = TaxRate{ID: "CA", Name: "7.25%", Rate: 725000}
)

func line(price int64, qty int, rates ...TaxRate) TaxableLine {
	return TaxableLine{UnitPrice: price, Quantity: qty, TaxRates: rates}
}

func TestComputeTotals(t *testing.T) {
	tests := []struct {
		name     string
		lines    []TaxableLine
		subtotal int64
		tax      int64
	}{
		// https://docs.clover.com/docs/calculating-order-totals, step 5 (after the order discount):
		// 11.05 at 10% = 1.105 → 1.11; 7.65 at 5% = 0.3825 → 0.38.
		{"docs step 5: one rate per line", []TaxableLine{line(1105, 1, taxA), line(765, 1, taxB)}, 1870, 149},
		// Same page, note: one rate object on both lines is computed on their sum: 18.70 × 10%.
		{"docs note: shared rate object taxed on the sum", []TaxableLine{line(1105, 1, taxA), line(765, 1, taxA)}, 1870, 187},
		// Same page, "Apply multiple tax rates": both rates on both lines, 2.81.
		{"docs: two rates on every line", []TaxableLine{line(1105, 1, taxA, taxB), line(765, 1, taxA, taxB)}, 1870, 281},
		// https://docs.clover.com/docs/tax-reports-examples, examples 1, 3, 4 and 5.
		{"tax reports 1: one tax on all items", []TaxableLine{line(1000, 1, county), line(1000, 1, county)}, 2000, 100},
		{"tax reports 3: two default taxes", []TaxableLine{line(1000, 1, county, state), line(1000, 1, county, state)}, 2000, 300},
		{"tax reports 4: a special tax on one item", []TaxableLine{line(1000, 1, county, state), line(1000, 1, county)}, 2000, 200},
		{"tax reports 5: a 0% item", []TaxableLine{line(1000, 1, noTax), line(1000, 1, county)}, 2000, 50},
		{"only 0% items", []TaxableLine{line(1999, 3, noTax)}, 5997, 0},
		{"no rates at all", []TaxableLine{line(1500, 2)}, 3000, 0},

		// Half cents round up, below half rounds down.
		{"half cent up: 10.00 at 8.25% = 0.825", []TaxableLine{line(1000, 1, sales1)}, 1000, 83},
		{"below half down: 3.33 at 10% = 0.333", []TaxableLine{line(333, 1, taxA)}, 333, 33},
		{"one cent at 50% = 0.005 → 0.01", []TaxableLine{line(1, 1, half)}, 1, 1},
		{"one cent at 7.25% = 0.000725 → 0", []TaxableLine{line(1, 1, seven25)}, 1, 0},
		{"just under half: 0.69 at 7.25% = 0.050025 → 0.05", []TaxableLine{line(69, 1, seven25)}, 69, 5},

		// Rounding per rate object, not per line nor per percentage.
		{"shared 8.25% object: 11.00 × 8.25% = 0.9075 → 0.91", []TaxableLine{line(550, 1, sales1), line(550, 1, sales1)}, 1100, 91},
		{"two 8.25% objects round apart: 0.45 + 0.45", []TaxableLine{line(550, 1, sales1), line(550, 1, sales2)}, 1100, 90},

		// Quantities: q units count q times before rounding, as q repeated line items do.
		{"quantity 3: 16.50 at 8.25% = 1.36125", []TaxableLine{line(550, 3, sales1)}, 1650, 136},
		{"quantity 3 equals three lines", []TaxableLine{line(550, 1, sales1), line(550, 1, sales1), line(550, 1, sales1)}, 1650, 136},
		{"modifiers in the unit price: (12.00 + 1.50) × 2 at 16%", []TaxableLine{line(1350, 2, iva16)}, 2700, 432},
		{"a rate listed twice on a line counts once", []TaxableLine{line(1000, 1, taxA, taxA)}, 1000, 100},
		{"several rates and quantities", []TaxableLine{
			line(2500+150, 2, iva16), // 53.00 at 16%
			line(1800, 1, noTax),
			line(4599, 3, iva16, taxB), // 137.97 at 16% and 5%
			line(125, 7, taxB),         // 8.75 at 5%
		}, 5300 + 1800 + 13797 + 875,
			// IVA: (5300 + 13797) × 16% = 3055.52 → 3056; B: (13797 + 875) × 5% = 733.6 → 734.
			3056 + 734},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ComputeTotals(tt.lines)
			want := Totals{Subtotal: tt.subtotal, Tax: tt.tax, Total: tt.subtotal + tt.tax}
			if got != want {
				t.Errorf("ComputeTotals = %+v, want %+v", got, want)
			}
			var sum int64
			for _, s := range TaxSummaries(tt.lines) {
				sum += s.Tax
			}
			if sum != tt.tax {
				t.Errorf("tax summaries add up to %d, want %d", sum, tt.tax)
			}
		})
	}
}

func TestTaxSummaries(t *testing.T) {
	got := TaxSummaries([]TaxableLine{line(1000, 1, county, state), line(1000, 2, county)})
	want := []TaxSummary{{Rate: county, Taxable: 3000, Tax: 150}, {Rate: state, Taxable: 1000, Tax: 100}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("TaxSummaries = %+v, want %+v", got, want)
	}
}

func TestRoundHalfUp(t *testing.T) {
	tests := []struct{ num, den, want int64 }{
		{33654, 10, 3365}, // the docs' examples: 33.654 → 33.65
		{33455, 10, 3346}, // 33.455 → 33.46
		{5, 10, 1},
		{4, 10, 0},
		{15, 10, 2},
		{25, 10, 3},
		{-25, 10, -3}, // halves away from zero
		{-24, 10, -2},
		{0, RateScale, 0},
		{5_000_000, RateScale, 1},
		{4_999_999, RateScale, 0},
	}
	for _, tt := range tests {
		if got := RoundHalfUp(tt.num, tt.den); got != tt.want {
			t.Errorf("RoundHalfUp(%d, %d) = %d, want %d", tt.num, tt.den, got, tt.want)
		}
	}
}

func TestValidateOrder(t *testing.T) {
	ok := OrderLine{ItemID: "I1", Quantity: 1}
	tests := []struct {
		name string
		o    Order
		want string // "" for valid
	}{
		{"valid", Order{Lines: []OrderLine{ok, {ItemID: "I2", Quantity: 3, ModifierIDs: []string{"M1"}}}}, ""},
		{"no lines", Order{}, "no lines"},
		{"no item id", Order{Lines: []OrderLine{{Quantity: 1}}}, "no item id"},
		{"zero quantity", Order{Lines: []OrderLine{{ItemID: "I1"}}}, "quantity 0"},
		{"empty modifier", Order{Lines: []OrderLine{{ItemID: "I1", Quantity: 1, ModifierIDs: []string{""}}}}, "empty modifier"},
		{"exactly the limit", Order{Lines: []OrderLine{{ItemID: "I1", Quantity: MaxOrderUnits}}}, ""},
		{"over the limit", Order{Lines: []OrderLine{{ItemID: "I1", Quantity: MaxOrderUnits}, ok}}, "more than 3000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateOrder(tt.o)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrRejected) {
				t.Fatalf("err = %v, want ErrRejected mentioning %q", err, tt.want)
			}
		})
	}
}

func TestValidateReference(t *testing.T) {
	for _, ref := range []string{"carta-pedido-42", "a", "A_b.c:1", strings.Repeat("x", 64)} {
		if err := ValidateReference(ref); err != nil {
			t.Errorf("ValidateReference(%q) = %v", ref, err)
		}
	}
	for _, ref := range []string{"", strings.Repeat("x", 65), "has space", "a=b", "a&b", "pedido-ñ"} {
		if err := ValidateReference(ref); err == nil {
			t.Errorf("ValidateReference(%q) accepted", ref)
		}
	}
}

// TestTotalsForIncluded is the VAT merchant's rule: prices include the tax, Total is the sum of
// the prices, and each rate object's tax is extracted from its gross, rounded once, half up.
func TestTotalsForIncluded(t *testing.T) {
	iva10 := TaxRate{ID: "IVA10", Name: "IVA 10%", Rate: 1000000}
	iva21 := TaxRate{ID: "IVA21", Name: "IVA 21%", Rate: 2100000}
	iva4 := TaxRate{ID: "IVA4", Name: "IVA 4%", Rate: 400000}
	tests := []struct {
		name     string
		lines    []TaxableLine
		subtotal int64
		taxes    []int64 // per rate object, in order of first appearance
	}{
		// 9.50 at 10%: 9.50 × 10/110 = 0.86363… → 0.86.
		{"one item at 10%", []TaxableLine{line(950, 1, iva10)}, 950, []int64{86}},
		// 11.00 at 10%: exactly 1.00.
		{"exact: 11.00 at 10%", []TaxableLine{line(1100, 1, iva10)}, 1100, []int64{100}},
		// Quantities before rounding: 3 × 9.50 = 28.50 → 2.5909… → 2.59 (not 3 × 0.86 = 2.58).
		{"quantity 3 rounded once", []TaxableLine{line(950, 3, iva10)}, 2850, []int64{259}},
		// A shared rate object over two lines: (9.50 + 2.20) × 10/110 = 1.0636… → 1.06.
		{"shared rate over two lines", []TaxableLine{line(950, 1, iva10), line(220, 1, iva10)}, 1170, []int64{106}},
		// A cart mixing rates: 10% food, 21% alcohol, 4% bread, 0% item.
		// 12.00 × 10/110 = 1.0909 → 1.09; 5.00 × 21/121 = 0.8677 → 0.87; 1.20 × 4/104 = 0.04615 → 0.05.
		{"mixed rates and a 0% item", []TaxableLine{line(1200, 1, iva10), line(500, 1, iva21), line(120, 1, iva4), line(300, 2, noTax)},
			2420, []int64{109, 87, 5, 0}},
		// A true half cent: 0.01 at 100% holds 0.005 of tax → 0.01.
		{"half a cent rounds up: 0.01 at 100%", []TaxableLine{line(1, 1, TaxRate{ID: "X", Rate: RateScale})}, 1, []int64{1}},
		// 11.50 with 10% and 5% holds 10.00 of net: 1.00 and 0.50.
		{"two rates on one line share its net", []TaxableLine{line(1150, 1, iva10, county)}, 1150, []int64{100, 50}},
		{"no rates", []TaxableLine{line(1500, 2)}, 3000, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := TotalsFor(tc.lines, true)
			var sum int64
			sums := SummariesFor(tc.lines, true)
			if len(sums) != len(tc.taxes) {
				t.Fatalf("summaries = %+v, want taxes %v", sums, tc.taxes)
			}
			for i, s := range sums {
				if s.Tax != tc.taxes[i] {
					t.Errorf("rate %s: tax %d, want %d", s.Rate.ID, s.Tax, tc.taxes[i])
				}
				sum += s.Tax
			}
			want := Totals{Subtotal: tc.subtotal, Tax: sum, Total: tc.subtotal, TaxIncluded: true}
			if got != want {
				t.Errorf("TotalsFor = %+v, want %+v", got, want)
			}
			// The added mode is what it always was.
			if add := TotalsFor(tc.lines, false); add != ComputeTotals(tc.lines) || add.TaxIncluded {
				t.Errorf("TotalsFor(false) = %+v, ComputeTotals = %+v", add, ComputeTotals(tc.lines))
			}
		})
	}
}

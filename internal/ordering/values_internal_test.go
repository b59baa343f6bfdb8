package ordering

import (
	"strings"
	"testing"
)

// TestOrderValuesMatchTheirColumns: a new order's row has a value for each
// of orderColumns and each of its lines one for each of lineColumnDefs (the
// statements are made from both: a column added to one and not the other
// would shift every value after it).
func TestOrderValuesMatchTheirColumns(t *testing.T) {
	o := newOrder{ClienteID: 1, Token: "t", Nombre: "Ana", Email: "ana@example.com", Idioma: "es", Moneda: "USD"}
	o.Priced.Lines = []Line{{ProductID: 7, Name: "Tacos", Quantity: 2, UnitPrice: 500, Subtotal: 1000}, {ProductID: 8, Name: "Agua", Quantity: 1}}
	row, lines, err := orderValues(o, 1_800_000_000)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(strings.Split(orderColumns, ",")); len(row) != n {
		t.Errorf("an order's row has %d values for %d columns", len(row), n)
	}
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2", len(lines))
	}
	for k, l := range lines {
		if len(l) != len(lineColumnDefs) {
			t.Errorf("line %d has %d values for %d columns", k, len(l), len(lineColumnDefs))
		}
	}
}

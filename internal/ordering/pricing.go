package ordering

import (
	"fmt"
	"slices"

	"carta/internal/apperr"
	"carta/internal/menu"
	"carta/internal/pos"
)

// Pricing: the server prices every order from the synced catalogue; what a
// browser says a line costs is never read. Money is integer cents; tax
// rates keep Clover's scale (10% = 1,000,000) and taxes follow Clover's
// documented rule (pos.SummariesFor: per tax rate over the order, rounded
// half up once; on a VAT merchant extracted from prices that include it),
// so Carta's total is the POS's to the cent.

// Bounds of one order.
const (
	MaxLines           = 50
	MaxQuantity        = 99
	MaxModifiersOnLine = 50
	// MaxUnitPrice bounds what one unit (item plus modifiers) may cost, in
	// cents. The catalogue comes from the POS unchecked; with this bound,
	// 50 lines of 99 units times a 100% rate stay far inside int64.
	MaxUnitPrice = 100_000_000
)

// LineRequest is one cart line as the diner's browser sends it.
type LineRequest struct {
	ProductID   int64    `json:"product_id"`
	Quantity    int      `json:"quantity"`
	ModifierIDs []string `json:"modifier_ids"`
}

// ChosenModifier is a modifier on a priced line, named in the language
// the cart was priced in.
type ChosenModifier struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Price     int64  `json:"price"`
	GroupID   string `json:"group_id"`
	GroupName string `json:"group_name"`
	// posName and posGroupName are the POS's own names, which the order
	// keeps for the kitchen.
	posName, posGroupName string
}

// Line is a cart line priced by the server. Name and the modifiers' names
// are in the language the cart was priced in; POSName is the restaurant's
// own name of the product.
type Line struct {
	Position     int              `json:"position"` // index in the request
	ProductID    int64            `json:"product_id"`
	CloverItemID string           `json:"-"`
	Name         string           `json:"name"`
	POSName      string           `json:"-"`
	Quantity     int              `json:"quantity"`
	Modifiers    []ChosenModifier `json:"modifiers"`
	UnitPrice    int64            `json:"unit_price"` // item + modifiers
	Subtotal     int64            `json:"subtotal"`   // unit price × quantity
	taxes        []pos.TaxRate
}

// TaxLine is the tax of one rate over the order, named in the language the
// cart was priced in.
type TaxLine struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Rate   int64  `json:"rate"` // Clover's scale: 10% = 1,000,000
	Amount int64  `json:"amount"`
	// posName is the POS's own name, which the order keeps for the kitchen.
	posName string
}

// Totals are an order's money. TaxIncluded is the restaurant's tax mode
// when it was priced (its POS merchant's VAT setting): prices include the
// tax, Total is Subtotal (the sum of the prices) and Taxes and TaxLines are
// the part of it that is tax; otherwise the tax is added, Total = Subtotal
// + Taxes.
type Totals struct {
	Subtotal    int64     `json:"subtotal"`
	Taxes       int64     `json:"taxes"`
	Total       int64     `json:"total"`
	TaxLines    []TaxLine `json:"tax_details"`
	TaxIncluded bool      `json:"impuestos_incluidos"`
}

// Priced is an order's lines with its totals.
type Priced struct {
	Lines []Line `json:"lines"`
	Totals
}

// Errors of a cart as a whole.
var (
	ErrEmptyCart    = apperr.E(apperr.Invalid, "El carrito está vacío.", "The cart is empty.")
	ErrTooManyLines = apperr.E(apperr.Invalid, fmt.Sprintf("Un pedido puede tener hasta %d líneas.", MaxLines), fmt.Sprintf("An order can have up to %d lines.", MaxLines))
)

// lineError is a 400 that names the line (1-based, with the product's name
// when known) and what is wrong with it.
func lineError(pos int, name, es, en string) error {
	if name == "" {
		return apperr.E(apperr.Invalid, fmt.Sprintf("Línea %d: %s", pos+1, es), fmt.Sprintf("Line %d: %s", pos+1, en))
	}
	return apperr.E(apperr.Invalid, fmt.Sprintf("Línea %d (%s): %s", pos+1, name, es), fmt.Sprintf("Line %d (%s): %s", pos+1, name, en))
}

// Price prices the requested lines against the restaurant's products
// (keyed by id): each product must be orderable, each modifier one of that
// product's, each group's minimum and maximum respected, quantities 1–99.
// Any violation is a 400 naming the line. included is the restaurant's tax
// mode (pos.TotalsFor): prices include the tax (VAT) or it is added.
func Price(items map[int64]menu.OrderItem, req []LineRequest, included bool) (Priced, error) {
	if len(req) == 0 {
		return Priced{}, ErrEmptyCart
	}
	if len(req) > MaxLines {
		return Priced{}, ErrTooManyLines
	}
	out := Priced{Lines: make([]Line, 0, len(req)), Totals: Totals{TaxIncluded: included}}
	taxable := make([]pos.TaxableLine, 0, len(req))
	taxNames := map[string]string{} // rate id → name in the cart's language
	for i, r := range req {
		it, ok := items[r.ProductID]
		if !ok {
			return Priced{}, lineError(i, "", "este producto ya no está en el menú.", "this product is no longer on the menu.")
		}
		if !it.Orderable {
			return Priced{}, lineError(i, it.Name, "no está disponible en este momento.", "is not available right now.")
		}
		if r.Quantity < 1 || r.Quantity > MaxQuantity {
			return Priced{}, lineError(i, it.Name, fmt.Sprintf("la cantidad debe estar entre 1 y %d.", MaxQuantity),
				fmt.Sprintf("the quantity must be between 1 and %d.", MaxQuantity))
		}
		mods, err := chooseModifiers(i, it, r.ModifierIDs)
		if err != nil {
			return Priced{}, err
		}
		l := Line{Position: i, ProductID: it.ID, CloverItemID: it.CloverItemID, Name: it.Name, POSName: it.POSName,
			Quantity: r.Quantity, Modifiers: mods, UnitPrice: it.Price, taxes: it.Taxes}
		valid := it.Price >= 0 && it.Price <= MaxUnitPrice
		for _, m := range mods {
			valid = valid && m.Price >= 0 && m.Price <= MaxUnitPrice
			l.UnitPrice += m.Price
		}
		for _, t := range it.Taxes {
			valid = valid && t.Rate >= 0 && t.Rate <= pos.RateScale
			taxNames[t.ID] = it.Names.Tax(t)
		}
		if !valid || l.UnitPrice > MaxUnitPrice {
			// A price or rate no restaurant means (negative, or past what
			// int64 cents can total): found by FuzzPrice.
			return Priced{}, lineError(i, it.Name, "no se puede pedir en línea: su precio no es válido.", "cannot be ordered online: its price is not valid.")
		}
		l.Subtotal = l.UnitPrice * int64(l.Quantity)
		out.Subtotal += l.Subtotal
		out.Lines = append(out.Lines, l)
		taxable = append(taxable, pos.TaxableLine{UnitPrice: l.UnitPrice, Quantity: l.Quantity, TaxRates: it.Taxes})
	}
	out.TaxLines = []TaxLine{}
	for _, s := range pos.SummariesFor(taxable, included) {
		out.Taxes += s.Tax
		out.TaxLines = append(out.TaxLines, TaxLine{ID: s.Rate.ID, Name: taxNames[s.Rate.ID], Rate: s.Rate.Rate, Amount: s.Tax, posName: s.Rate.Name})
	}
	out.Total = out.Subtotal
	if !included {
		out.Total += out.Taxes
	}
	return out, nil
}

// chooseModifiers checks a line's modifiers against its product's groups
// and returns them in the product's order.
func chooseModifiers(i int, it menu.OrderItem, ids []string) ([]ChosenModifier, error) {
	if len(ids) > MaxModifiersOnLine {
		return nil, lineError(i, it.Name, "tiene demasiados modificadores.", "has too many modifiers.")
	}
	want := map[string]bool{}
	for _, id := range ids {
		if want[id] {
			return nil, lineError(i, it.Name, "un modificador está repetido.", "a modifier is repeated.")
		}
		want[id] = true
	}
	var out []ChosenModifier
	for _, g := range it.Groups {
		n := 0
		for _, m := range g.Modifiers {
			if !want[m.ID] {
				continue
			}
			delete(want, m.ID)
			n++
			out = append(out, ChosenModifier{ID: m.ID, Name: it.Names.Modifier(m), Price: m.Price, GroupID: g.ID, GroupName: it.Names.Group(g),
				posName: m.Name, posGroupName: g.Name})
		}
		group := it.Names.Group(g)
		if n < g.MinRequired {
			return nil, lineError(i, it.Name, fmt.Sprintf("elige al menos %d en «%s».", g.MinRequired, group),
				fmt.Sprintf("choose at least %d in “%s”.", g.MinRequired, group))
		}
		if g.MaxAllowed > 0 && n > g.MaxAllowed {
			return nil, lineError(i, it.Name, fmt.Sprintf("elige como máximo %d en «%s».", g.MaxAllowed, group),
				fmt.Sprintf("choose at most %d in “%s”.", g.MaxAllowed, group))
		}
	}
	if len(want) > 0 {
		left := make([]string, 0, len(want))
		for id := range want {
			left = append(left, id)
		}
		slices.Sort(left)
		return nil, lineError(i, it.Name, fmt.Sprintf("el modificador %q no pertenece a este producto.", truncate(left[0], 40)),
			fmt.Sprintf("modifier %q does not belong to this product.", truncate(left[0], 40)))
	}
	if out == nil {
		out = []ChosenModifier{}
	}
	return out, nil
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// posOrder is the order as the POS takes it: catalogue ids only (the POS
// prices it itself), one line per cart line.
func posOrder(ref, title, note string, lines []Line) pos.Order {
	o := pos.Order{Reference: ref, Title: title, Note: note, OrderType: OrderType, Lines: make([]pos.OrderLine, 0, len(lines))}
	for _, l := range lines {
		pl := pos.OrderLine{ItemID: l.CloverItemID, Quantity: l.Quantity}
		for _, m := range l.Modifiers {
			pl.ModifierIDs = append(pl.ModifierIDs, m.ID)
		}
		o.Lines = append(o.Lines, pl)
	}
	return o
}

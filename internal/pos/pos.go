// Package pos is the port through which Carta talks to a restaurant's point of sale: it reads the
// catalogue (Catalog) and, for online ordering, has the POS price and create orders (Orders).
// Adapters live in sub-packages named by technology (pos/clover); the sync and ordering code depend
// only on this package, so they can run against the demo merchant, a fake server or the provider.
package pos

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Category is a category of the point of sale; SortOrder is the position the POS shows it in.
type Category struct {
	ID, Name  string
	SortOrder int
}

// Modifier is one choice of a modifier group; Price is in cents and is added to the item's price.
type Modifier struct {
	ID, Name string
	Price    int64 // cents
}

// ModifierGroup is a set of modifiers with the selection limits the POS enforces; a zero
// MaxAllowed means the POS sets no upper limit.
type ModifierGroup struct {
	ID, Name                string
	MinRequired, MaxAllowed int
	Modifiers               []Modifier
}

// TaxRate keeps Clover's fixed-point scale (10% = 1000000, that is percent × 100000) so that no
// precision is lost before Carta computes taxes.
type TaxRate struct {
	ID, Name  string
	Rate      int64 // 10% = 1000000
	IsDefault bool
}

// Item is a sellable item as the POS describes it, with its expansions already resolved: the
// categories it belongs to, its modifier groups with their modifiers, and the tax rates that apply
// (the merchant's default rates when the item follows them).
type Item struct {
	ID, Name       string
	Price          int64 // cents
	Hidden         bool  // hidden in the POS
	Available      bool
	CategoryIDs    []string
	ModifierGroups []ModifierGroup
	TaxRates       []TaxRate
}

// Catalog is what a sync reads from a point of sale. Items streams the items page by page to fn so a
// large merchant is never held in memory at once; an error from fn stops the stream and is returned.
type Catalog interface {
	Categories(ctx context.Context) ([]Category, error)
	Items(ctx context.Context, fn func(Item) error) error
}

// TaxSettings is what a sync reads of the merchant's own settings besides its catalogue; a
// Catalog whose POS has a tax mode implements it (one that does not: tax is added to prices).
type TaxSettings interface {
	// TaxIncluded says whether the merchant's prices include the tax (a VAT merchant; Clover: the
	// merchant property "vat" of GET /v3/merchants/{mId}/properties). Totals then follow
	// TotalsFor(lines, true).
	TaxIncluded(ctx context.Context) (bool, error)
}

// Orders is what online ordering needs from a point of sale. Carta prices an order from the synced
// catalogue, but the POS has the last word: a one-cent disagreement between what Carta charges and
// the POS's own total leaves the POS order "partially paid", so the ordering code compares its
// total with Totals before charging and only then calls CreateOrder.
type Orders interface {
	// Totals asks the POS to compute an order's totals without creating it
	// (Clover: POST /v3/merchants/{mId}/atomic_order/checkouts). It has no effect on the POS.
	Totals(ctx context.Context, o Order) (Totals, error)
	// CreateOrder creates the order in the POS (Clover: POST /v3/merchants/{mId}/atomic_order/orders)
	// and returns the POS's order id. It is idempotent by Order.Reference: when an order with that
	// reference already exists (an earlier call whose answer was lost), its id is returned and no
	// second order is created.
	CreateOrder(ctx context.Context, o Order) (string, error)
	// DeleteOrder removes from the POS the order Carta created for an order it cancelled (Clover:
	// DELETE /v3/merchants/{mId}/orders/{orderId}). id is the POS's order id, or "" when Carta does
	// not know it (a creation whose answer was lost): the order with reference ref is looked up.
	// An order that is not there (never created, deleted already) is not an error; a refusal (the
	// merchant took a payment on it, say) wraps ErrRejected.
	DeleteOrder(ctx context.Context, id, ref string) error
}

// Order is an order as Carta hands it to the POS: catalogue ids only, no prices, because the POS
// prices it from its own inventory (that is the point of asking it).
type Order struct {
	Lines []OrderLine
	// OrderType is the label of the POS order type, e.g. "Carta — recoger"; the adapter creates it
	// on first use when the merchant has none with that label (labels compare case-insensitively).
	OrderType string
	Title     string // shown on the POS (the pickup name and time)
	Note      string // the customer's note
	// Reference is Carta's order reference (e.g. "carta-pedido-42"), unique per order and stable
	// across retries: the adapter stores it on the POS order to find an order already created when
	// an answer was lost. See ValidateReference for its alphabet.
	Reference string
}

// OrderLine is Quantity units of one item with the same modifiers and note.
type OrderLine struct {
	ItemID      string
	Quantity    int
	ModifierIDs []string // one per chosen modifier; a modifier chosen twice appears twice
	Note        string
}

// Totals are the POS's totals of an order, in cents. Total is what must be charged.
type Totals struct {
	Subtotal, Tax, Total int64
	// TaxIncluded is set for VAT merchants (Clover's "isVat"): item prices already include the tax,
	// so Total equals Subtotal and Tax is the part of it that is tax.
	TaxIncluded bool
}

// MaxOrderUnits is the most units (sum of quantities) an order may have: Clover refuses an order
// of more than 3,000 line items, and it takes one line item per unit.
const MaxOrderUnits = 3000

// ValidateOrder checks what every point of sale requires of an order before it is sent, so a
// caller's mistake is reported without a round trip. Its errors wrap ErrRejected.
func ValidateOrder(o Order) error {
	if len(o.Lines) == 0 {
		return fmt.Errorf("%w: the order has no lines", ErrRejected)
	}
	units := 0
	for i, l := range o.Lines {
		if l.ItemID == "" {
			return fmt.Errorf("%w: line %d has no item id", ErrRejected, i+1)
		}
		if l.Quantity < 1 {
			return fmt.Errorf("%w: line %d has quantity %d", ErrRejected, i+1, l.Quantity)
		}
		for _, m := range l.ModifierIDs {
			if m == "" {
				return fmt.Errorf("%w: line %d has an empty modifier id", ErrRejected, i+1)
			}
		}
		units += l.Quantity
		if units > MaxOrderUnits {
			return fmt.Errorf("%w: more than %d units in one order", ErrRejected, MaxOrderUnits)
		}
	}
	return nil
}

// ValidateReference checks an order reference: 1 to 64 ASCII letters, digits, '-', '_', '.' or ':'.
// The alphabet is narrow on purpose: the reference travels inside a filter expression
// ("externalReferenceId=carta-pedido-42"), where spaces, '=' or '&' could change its meaning.
func ValidateReference(ref string) error {
	if ref == "" || len(ref) > 64 {
		return fmt.Errorf("pos: order reference must have 1 to 64 characters, has %d", len(ref))
	}
	for _, r := range ref {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.:", r)
		if !ok {
			return fmt.Errorf("pos: order reference %q has a character outside [A-Za-z0-9-_.:]", ref)
		}
	}
	return nil
}

// ErrRejected wraps a refusal of the order itself (an unknown item, a modifier that does not belong
// to the item, an empty cart): the POS will refuse it again, so the ordering code should fix the
// cart (usually: resync the catalogue and tell the customer) rather than retry.
var ErrRejected = errors.New("pos: order refused by the point of sale")

// ErrUnauthorized means the restaurant's POS token was refused (401); the super admin must
// reconnect. Clover also answers 401 when the token lacks a permission, so the fix is the same.
var ErrUnauthorized = errors.New("pos: connection expired (401), reconnect the restaurant")

// ErrUnavailable wraps failures that persisted after retries (5xx, time-outs, too many 429s), so a
// caller can tell "try again later" apart from "fix the connection".
var ErrUnavailable = errors.New("pos: provider unavailable")

// ErrMalformed wraps a response that is not the documented JSON; retrying will not help.
var ErrMalformed = errors.New("pos: malformed response")

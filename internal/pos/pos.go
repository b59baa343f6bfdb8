// Package pos is the port through which Carta talks to a restaurant's point of sale: it reads the
// catalogue (Catalog) and, for online ordering, has the POS price and create orders (Orders) and
// keeps the tab of a table as one POS order (Tabs).
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

// Tabs is what table tabs need from a point of sale. A table's tab (cuenta) is one POS order for
// the whole sitting: opened once, titled with the table ("Mesa 7") and typed ("Carta — mesa"); each
// Carta order placed at the table adds its lines to it, a cancelled one takes them out again, and
// the payments taken for it (Carta's hosted checkout, or cash or card at the table) are recorded on
// it with their tips, so the restaurant's POS shows one order per table with what it sold and was
// paid. Every method is safe to repeat after a lost answer: the adapter finds what an earlier call
// did by Carta's references instead of doing it twice.
type Tabs interface {
	// OpenTab creates the tab's POS order, titled and typed, and returns its id. Idempotent by
	// Tab.Reference (e.g. "carta-cuenta-12"): an order already created with that reference (an
	// answer lost) is found and returned, never a second.
	OpenTab(ctx context.Context, t Tab) (string, error)
	// AddLines adds one Carta order's lines to the tab's POS order. Idempotent by batch (e.g.
	// "carta-pedido-42"): lines already added under that batch are not added again (a retry after
	// a lost answer adds nothing, and one after a partial failure adds only what is missing). A
	// batch the POS refuses (ErrRejected: an unknown item, a modifier not of the item) leaves none
	// of its lines on the tab.
	AddLines(ctx context.Context, orderID, batch string, lines []OrderLine) error
	// RemoveLines removes the lines added under batch (a cancelled order of the tab); lines not
	// there are not an error.
	RemoveLines(ctx context.Context, orderID, batch string) error
	// RecordPayment records on the tab's order a payment taken outside the POS (Carta's hosted
	// checkout, or cash/card at the table) with its tip. Idempotent by TabPayment.Reference (e.g.
	// "carta-pago-7").
	RecordPayment(ctx context.Context, orderID string, p TabPayment) error
}

// Tab is a table's tab as Carta hands it to the POS when it opens.
type Tab struct {
	Title string // shown on the POS: the table, "Mesa 7"
	// OrderType is the label of the POS order type, e.g. "Carta — mesa", created on first use like
	// Order.OrderType.
	OrderType string
	// Reference is Carta's tab reference (e.g. "carta-cuenta-12"), see ValidateReference.
	Reference string
	Note      string
}

// TabPayment is a payment of a tab taken outside the POS, recorded on the tab's order.
type TabPayment struct {
	Amount int64 // cents, what the payment covers of the tab (tax included), without the tip
	Tip    int64 // cents
	// Reference is Carta's payment reference (e.g. "carta-pago-7"), see ValidateReference.
	Reference string
	// Tender is the label of the tender: "Carta" for a hosted-checkout payment, "Efectivo" cash,
	// "Tarjeta" card at the table. The adapter creates the tender on first use when the merchant
	// has none with that label (labels compare case-insensitively).
	Tender string
}

// ValidateTab checks a tab before it is opened. Its errors wrap ErrRejected.
func ValidateTab(t Tab) error {
	if strings.TrimSpace(t.Title) == "" {
		return fmt.Errorf("%w: the tab has no title", ErrRejected)
	}
	if err := ValidateReference(t.Reference); err != nil {
		return fmt.Errorf("%w: %w", ErrRejected, err)
	}
	return nil
}

// ValidateTabLines checks the lines of one batch added to a tab's order id (the same rules as an
// order's lines, see ValidateOrder). Its errors wrap ErrRejected.
func ValidateTabLines(orderID, batch string, lines []OrderLine) error {
	if err := ValidateTabBatch(orderID, batch); err != nil {
		return err
	}
	return ValidateOrder(Order{Lines: lines})
}

// ValidateTabBatch checks a tab's order id and a batch reference. Its errors wrap ErrRejected.
func ValidateTabBatch(orderID, batch string) error {
	if strings.TrimSpace(orderID) == "" {
		return fmt.Errorf("%w: no tab order id", ErrRejected)
	}
	if err := ValidateReference(batch); err != nil {
		return fmt.Errorf("%w: batch: %w", ErrRejected, err)
	}
	return nil
}

// ValidateTabPayment checks a payment before it is recorded on the tab's order id: a positive
// amount (Clover refuses a payment record without one), a tip that is not negative, a tender label
// and a valid reference. Its errors wrap ErrRejected.
func ValidateTabPayment(orderID string, p TabPayment) error {
	switch {
	case strings.TrimSpace(orderID) == "":
		return fmt.Errorf("%w: no tab order id", ErrRejected)
	case p.Amount <= 0:
		return fmt.Errorf("%w: payment amount %d is not positive", ErrRejected, p.Amount)
	case p.Tip < 0:
		return fmt.Errorf("%w: negative tip %d", ErrRejected, p.Tip)
	case strings.TrimSpace(p.Tender) == "":
		return fmt.Errorf("%w: the payment has no tender", ErrRejected)
	}
	if err := ValidateReference(p.Reference); err != nil {
		return fmt.Errorf("%w: %w", ErrRejected, err)
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

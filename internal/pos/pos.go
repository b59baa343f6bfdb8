// Package pos is the port through which Carta reads a restaurant's catalogue from its point of sale.
// Adapters live in sub-packages named by technology (pos/clover); the sync code depends only on
// this package, so it can run against the demo merchant, a fake server or the real provider.
package pos

import (
	"context"
	"errors"
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

// ErrUnauthorized means the restaurant's POS token was refused (401); the super admin must
// reconnect. Clover also answers 401 when the token lacks a permission, so the fix is the same.
var ErrUnauthorized = errors.New("pos: connection expired (401), reconnect the restaurant")

// ErrUnavailable wraps failures that persisted after retries (5xx, time-outs, too many 429s), so a
// caller can tell "try again later" apart from "fix the connection".
var ErrUnavailable = errors.New("pos: provider unavailable")

// ErrMalformed wraps a response that is not the documented JSON; retrying will not help.
var ErrMalformed = errors.New("pos: malformed response")

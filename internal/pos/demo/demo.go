// Package demo is the built-in point of sale of the demo restaurants: the
// catalogue of internal/demo served through the pos.Catalog port, so a sync
// works offline exactly as it does against Clover, and online orders through
// pos.Orders, priced with Clover's documented rule (pos.TotalsFor) so the
// demo charges what a Clover merchant with the same catalogue would. Its
// VAT merchant (demodata.VATMerchantID) has prices that include the tax.
package demo

import (
	"context"
	"fmt"
	"slices"
	"sync"

	demodata "carta/internal/demo"
	"carta/internal/locale"
	"carta/internal/pos"
)

// Merchant is one demo merchant's point of sale. Its orders and table tabs
// live in memory for the Merchant's life; it is safe for concurrent use.
type Merchant struct {
	cat demodata.Catalog

	mu     sync.Mutex
	orders []Order
	tabs   []Tab
}

var (
	_ pos.Catalog     = (*Merchant)(nil)
	_ pos.Orders      = (*Merchant)(nil)
	_ pos.TaxSettings = (*Merchant)(nil)
	_ pos.Tabs        = (*Merchant)(nil)
)

// Order is an order the demo POS created: what Carta sent, its id and the
// totals it was priced at.
type Order struct {
	ID string
	pos.Order
	Totals pos.Totals
}

// New returns the demo POS of merchantID, or an error when there is none.
func New(merchantID string) (*Merchant, error) {
	c, ok := demodata.Catalogs[merchantID]
	if !ok {
		return nil, fmt.Errorf("no demo point of sale for merchant %q", merchantID)
	}
	return &Merchant{cat: c}, nil
}

// ForRestaurant returns the demo POS a restaurant connected to the demo
// reaches. A demo merchant's own id (the demo restaurants') is that
// merchant, whatever the restaurant's country, as a Clover merchant's
// settings are its own. Any other merchant id (a restaurant a super admin
// created and connected to the demo) stands for a merchant of the
// restaurant's country pais: the demo merchant that sells in the country's
// currency with its tax mode (Spain: DEMOMERCHANTES, prices with IVA
// included; Mexico: DEMOMERCHANTMX, pesos with IVA included; else
// DEMOMERCHANT1, dollars with sales tax added).
func ForRestaurant(merchantID, pais string) (*Merchant, error) {
	if _, ok := demodata.Catalogs[merchantID]; ok {
		return New(merchantID)
	}
	return New(CountryMerchant(pais))
}

// CountryMerchant is the demo merchant that stands for a merchant of
// country pais: the one selling in its currency with its tax mode, else
// the first demo restaurant's.
func CountryMerchant(pais string) string {
	c := locale.Of(pais)
	vat := c.TaxMode == locale.TaxInclusive
	ids := make([]string, 0, len(demodata.Catalogs))
	for id := range demodata.Catalogs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if cat := demodata.Catalogs[id]; cat.Moneda == c.Moneda && cat.VAT == vat {
			return id
		}
	}
	return "DEMOMERCHANT1"
}

// Categories lists the POS categories.
func (m *Merchant) Categories(ctx context.Context) ([]pos.Category, error) {
	out := make([]pos.Category, 0, len(m.cat.Categories))
	for i, c := range m.cat.Categories {
		out = append(out, pos.Category{ID: c.ID, Name: c.Name, SortOrder: i})
	}
	return out, nil
}

// TaxIncluded is the merchant's VAT setting: its prices include the tax.
func (m *Merchant) TaxIncluded(ctx context.Context) (bool, error) { return m.cat.VAT, ctx.Err() }

// taxRate is the demo merchant's sales tax in Clover's scale (10% = 1000000).
func (m *Merchant) taxRate() pos.TaxRate {
	if m.cat.Moneda == "MXN" { // included or added: the merchant's VAT setting says which
		return pos.TaxRate{ID: m.cat.MerchantID + "-IVA", Name: "IVA 16%", Rate: 1600000, IsDefault: true}
	}
	if m.cat.VAT {
		return pos.TaxRate{ID: m.cat.MerchantID + "-IVA10", Name: "IVA 10%", Rate: 1000000, IsDefault: true}
	}
	return pos.TaxRate{ID: m.cat.MerchantID + "-TAX", Name: "Sales Tax 8.25%", Rate: 825000, IsDefault: true}
}

// modifierGroups returns the modifier groups an item of category cat offers.
func (m *Merchant) modifierGroups(cat string) []pos.ModifierGroup {
	id := func(s string) string { return m.cat.MerchantID + "-" + s }
	switch cat {
	case "C1CARN":
		return []pos.ModifierGroup{
			{ID: id("PUNTO"), Name: "Punto de cocción", MinRequired: 1, MaxAllowed: 1, Modifiers: []pos.Modifier{
				{ID: id("PUNTO-1"), Name: "Poco hecho"}, {ID: id("PUNTO-2"), Name: "Al punto"}, {ID: id("PUNTO-3"), Name: "Bien hecho"}}},
			{ID: id("GUAR"), Name: "Guarnición", MinRequired: 0, MaxAllowed: 2, Modifiers: []pos.Modifier{
				{ID: id("GUAR-1"), Name: "Patatas fritas", Price: 300}, {ID: id("GUAR-2"), Name: "Ensalada verde", Price: 250},
				{ID: id("GUAR-3"), Name: "Pimientos asados", Price: 350}}},
		}
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
	for _, it := range m.cat.Items {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(m.item(it)); err != nil {
			return err
		}
	}
	return nil
}

func (m *Merchant) item(it demodata.Item) pos.Item {
	return pos.Item{ID: it.ID, Name: it.Name, Price: it.Price, Hidden: it.Hidden, Available: true,
		CategoryIDs: []string{it.Category}, ModifierGroups: m.modifierGroups(it.Category), TaxRates: []pos.TaxRate{m.taxRate()}}
}

// Totals prices o the way Clover documents it (pos.TotalsFor): item plus
// modifier prices, and the sales tax rounded half up once on the order
// (added to the prices, or on the VAT merchant included in them).
func (m *Merchant) Totals(ctx context.Context, o pos.Order) (pos.Totals, error) {
	if err := ctx.Err(); err != nil {
		return pos.Totals{}, err
	}
	return m.price(o)
}

// CreateOrder stores o and returns "DEMO-" + its reference. Like Clover's
// adapter it is idempotent by reference: a second call returns the same id
// and stores nothing.
func (m *Merchant) CreateOrder(ctx context.Context, o pos.Order) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if err := pos.ValidateReference(o.Reference); err != nil {
		return "", err
	}
	t, err := m.price(o)
	if err != nil {
		return "", err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, prev := range m.orders {
		if prev.Reference == o.Reference {
			return prev.ID, nil
		}
	}
	stored := Order{ID: "DEMO-" + o.Reference, Order: o, Totals: t}
	stored.Lines = cloneLines(o.Lines)
	m.orders = append(m.orders, stored)
	return stored.ID, nil
}

// DeleteOrder removes the order id (or, when id is "", the one with
// reference ref); an order that is not there is not an error.
func (m *Merchant) DeleteOrder(ctx context.Context, id, ref string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.orders = slices.DeleteFunc(m.orders, func(o Order) bool { return o.ID == id || id == "" && o.Reference == ref })
	return nil
}

// Orders returns the orders created so far, oldest first.
func (m *Merchant) Orders() []Order {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := slices.Clone(m.orders)
	for i := range out {
		out[i].Lines = cloneLines(out[i].Lines)
	}
	return out
}

func cloneLines(lines []pos.OrderLine) []pos.OrderLine {
	out := slices.Clone(lines)
	for i := range out {
		out[i].ModifierIDs = slices.Clone(out[i].ModifierIDs)
	}
	return out
}

// price refuses what Clover refuses (an unknown item, a modifier outside the
// item's groups) with pos.ErrRejected and prices the rest.
func (m *Merchant) price(o pos.Order) (pos.Totals, error) {
	if err := pos.ValidateOrder(o); err != nil {
		return pos.Totals{}, err
	}
	lines := make([]pos.TaxableLine, 0, len(o.Lines))
	for _, l := range o.Lines {
		i := slices.IndexFunc(m.cat.Items, func(it demodata.Item) bool { return it.ID == l.ItemID })
		if i < 0 {
			return pos.Totals{}, fmt.Errorf("%w: item_does_not_exist (%s)", pos.ErrRejected, l.ItemID)
		}
		it := m.item(m.cat.Items[i])
		unit := it.Price
		for _, id := range l.ModifierIDs {
			mod, ok := modifier(it, id)
			if !ok {
				return pos.Totals{}, fmt.Errorf("%w: invalid_modifier (%s)", pos.ErrRejected, id)
			}
			unit += mod.Price
		}
		lines = append(lines, pos.TaxableLine{UnitPrice: unit, Quantity: l.Quantity, TaxRates: it.TaxRates})
	}
	return pos.TotalsFor(lines, m.cat.VAT), nil
}

func modifier(it pos.Item, id string) (pos.Modifier, bool) {
	for _, g := range it.ModifierGroups {
		for _, m := range g.Modifiers {
			if m.ID == id {
				return m, true
			}
		}
	}
	return pos.Modifier{}, false
}

// Tab is a table's tab the demo POS keeps: what Carta opened it with, its
// lines by batch, the payments recorded on it, and the totals its lines
// price at now.
type Tab struct {
	ID string
	pos.Tab
	Lines    []TabLine
	Payments []pos.TabPayment
	Totals   pos.Totals
}

// TabLine is a line added to a tab under Batch (the Carta order it came with).
type TabLine struct {
	Batch string
	pos.OrderLine
}

// OpenTab stores t and returns "DEMO-" + its reference; like Clover's
// adapter it is idempotent by reference.
func (m *Merchant) OpenTab(ctx context.Context, t pos.Tab) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if err := pos.ValidateTab(t); err != nil {
		return "", err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, prev := range m.tabs {
		if prev.Reference == t.Reference {
			return prev.ID, nil
		}
	}
	id := "DEMO-" + t.Reference
	m.tabs = append(m.tabs, Tab{ID: id, Tab: t})
	return id, nil
}

// tab returns the index of the tab id; m.mu must be held.
func (m *Merchant) tab(id string) int {
	return slices.IndexFunc(m.tabs, func(t Tab) bool { return t.ID == id })
}

// AddLines adds lines to the tab orderID under batch, refusing what Clover
// refuses (an unknown item, a modifier outside the item's groups); a batch
// already there is not added again.
func (m *Merchant) AddLines(ctx context.Context, orderID, batch string, lines []pos.OrderLine) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := pos.ValidateTabLines(orderID, batch, lines); err != nil {
		return err
	}
	if _, err := m.price(pos.Order{Lines: lines}); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.tab(orderID)
	if i < 0 {
		return fmt.Errorf("%w: no tab %q", pos.ErrRejected, orderID)
	}
	t := &m.tabs[i]
	if slices.ContainsFunc(t.Lines, func(l TabLine) bool { return l.Batch == batch }) {
		return nil
	}
	units := 0
	for _, l := range t.Lines {
		units += l.Quantity
	}
	for _, l := range lines {
		units += l.Quantity
	}
	if units > pos.MaxOrderUnits {
		return fmt.Errorf("%w: more than %d units on one tab", pos.ErrRejected, pos.MaxOrderUnits)
	}
	for _, l := range cloneLines(lines) {
		t.Lines = append(t.Lines, TabLine{Batch: batch, OrderLine: l})
	}
	return nil
}

// RemoveLines removes the lines of batch from the tab orderID; a tab or
// batch that is not there is not an error.
func (m *Merchant) RemoveLines(ctx context.Context, orderID, batch string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := pos.ValidateTabBatch(orderID, batch); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := m.tab(orderID); i >= 0 {
		m.tabs[i].Lines = slices.DeleteFunc(m.tabs[i].Lines, func(l TabLine) bool { return l.Batch == batch })
	}
	return nil
}

// RecordPayment records p on the tab orderID, once per reference.
func (m *Merchant) RecordPayment(ctx context.Context, orderID string, p pos.TabPayment) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := pos.ValidateTabPayment(orderID, p); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.tab(orderID)
	if i < 0 {
		return fmt.Errorf("%w: no tab %q", pos.ErrRejected, orderID)
	}
	if !slices.ContainsFunc(m.tabs[i].Payments, func(q pos.TabPayment) bool { return q.Reference == p.Reference }) {
		m.tabs[i].Payments = append(m.tabs[i].Payments, p)
	}
	return nil
}

// Tabs returns copies of the tabs opened so far, oldest first, each with
// the totals its lines price at (zero for a tab with no lines).
func (m *Merchant) Tabs() []Tab {
	m.mu.Lock()
	out := slices.Clone(m.tabs)
	for i := range out {
		lines := make([]TabLine, len(out[i].Lines))
		for j, l := range out[i].Lines {
			l.ModifierIDs = slices.Clone(l.ModifierIDs)
			lines[j] = l
		}
		out[i].Lines = lines
		out[i].Payments = slices.Clone(out[i].Payments)
	}
	m.mu.Unlock()
	for i := range out {
		if len(out[i].Lines) == 0 {
			continue
		}
		o := pos.Order{Lines: make([]pos.OrderLine, 0, len(out[i].Lines))}
		for _, l := range out[i].Lines {
			o.Lines = append(o.Lines, l.OrderLine)
		}
		// The lines were priced when added and the catalogue does not change.
		out[i].Totals, _ = m.price(o)
	}
	return out
}

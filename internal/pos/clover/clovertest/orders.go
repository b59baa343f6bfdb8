package clovertest

// The fake's online-order endpoints, in the shapes of Clover's docs:
//
//   - POST /v3/merchants/{mId}/atomic_order/checkouts prices an orderCart without storing it and
//     answers {"orderCart", "total", "subtotal", "totalTaxAmount", "taxSummaries", "isVat"}
//     (https://docs.clover.com/reference/ordercheckoutatomicorder);
//   - POST /v3/merchants/{mId}/atomic_order/orders prices and stores it and answers the Order
//     (https://docs.clover.com/reference/ordercreateatomicorder);
//   - GET and POST /v3/merchants/{mId}/order_types list and create order types;
//   - GET /v3/merchants/{mId}/orders lists the stored orders, newest first, with filter=FIELD=VALUE
//     or FIELD!=VALUE on the documented filter fields (https://docs.clover.com/docs/applying-filters);
//   - DELETE /v3/merchants/{mId}/orders/{orderId} deletes one (404 when there is none;
//     https://docs.clover.com/reference/orderdeleteorder). RefuseDeletes makes it answer 400, as
//     Clover does for an order it will not delete.
//
// Refusals use Clover's atomic-order error body {"message": "item_does_not_exist", "details": id}
// (https://docs.clover.com/docs/working-with-orders, "Handle 400 Bad Request errors"): an unknown
// item, a modifier outside the item's modifier groups, an empty cart. Prices come from the
// merchant's inventory and taxes follow pos.ComputeTotals, the rule of
// https://docs.clover.com/docs/calculating-order-totals; an order type with "taxable": false
// removes the tax. A VAT merchant (Merchant.VAT) prices with its prices including the tax and
// answers "isVat": true. The fake has no discounts or service charges.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"carta/internal/pos"
)

// OrderType is an order type of the fake merchant. Taxable false means orders of the type pay no
// tax; the fake takes a POST without "taxable" as false, so a client that forgets it sees untaxed
// quotes in its tests.
type OrderType struct {
	ID, Label string
	Taxable   bool
	Deleted   bool // still listed, with "isDeleted": true, as Clover does
}

// Order is an order created through POST atomic_order/orders, as the fake stored it.
type Order struct {
	ID, OrderTypeID, Title, Note, ExternalReferenceID string
	LineItems                                         []LineItem
	Subtotal, Tax, Total                              int64
	CreatedTime                                       int64
	// Payments are the payment records of the order (POST orders/{orderId}/payments), oldest first.
	Payments []Payment
}

// LineItem is one line item (one unit) of a stored order, priced from the inventory.
type LineItem struct {
	// ID and UserData are set on line items added through the line item endpoints (a tab's); the
	// atomic order endpoint's are stored without them.
	ID, UserData       string
	ItemID, Name, Note string
	Price              int64 // the item's price, without modifiers
	ModifierIDs        []string
}

// Orders returns the orders created so far, oldest first.
func (s *Server) Orders() []Order {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Order, 0, len(s.orders))
	for _, o := range s.orders {
		o.LineItems = slices.Clone(o.LineItems)
		for i := range o.LineItems {
			o.LineItems[i].ModifierIDs = slices.Clone(o.LineItems[i].ModifierIDs)
		}
		o.Payments = slices.Clone(o.Payments)
		out = append(out, o)
	}
	return out
}

// OrderTypes returns the merchant's order types now, created ones included.
func (s *Server) OrderTypes() []OrderType {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.types)
}

// ---- wire shapes ----

type wireCartRequest struct {
	OrderCart *struct {
		LineItems []struct {
			Item          *ref `json:"item"`
			Modifications []struct {
				Modifier *ref `json:"modifier"`
			} `json:"modifications"`
			Note string `json:"note"`
		} `json:"lineItems"`
		OrderType           *ref   `json:"orderType"`
		Title               string `json:"title"`
		Note                string `json:"note"`
		ExternalReferenceID string `json:"externalReferenceId"`
	} `json:"orderCart"`
}

type wireModification struct {
	Modifier ref    `json:"modifier"`
	Name     string `json:"name"`
	Amount   int64  `json:"amount"`
}

type wireLineItem struct {
	Item          ref                         `json:"item"`
	Name          string                      `json:"name"`
	Price         int64                       `json:"price"`
	Note          string                      `json:"note,omitempty"`
	Modifications *elements[wireModification] `json:"modifications,omitempty"`
	TaxRates      *elements[wireTaxRate]      `json:"taxRates,omitempty"`
}

type wireOrderCart struct {
	LineItems           elements[wireLineItem] `json:"lineItems"`
	OrderType           *ref                   `json:"orderType,omitempty"`
	Title               string                 `json:"title,omitempty"`
	Note                string                 `json:"note,omitempty"`
	ExternalReferenceID string                 `json:"externalReferenceId,omitempty"`
}

type wireTaxSummary struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Rate   int64  `json:"rate"`
	Amount int64  `json:"amount"`
}

type wireCheckout struct {
	OrderCart      wireOrderCart    `json:"orderCart"`
	Total          int64            `json:"total"`
	Subtotal       int64            `json:"subtotal"`
	TotalTaxAmount int64            `json:"totalTaxAmount"`
	TaxSummaries   []wireTaxSummary `json:"taxSummaries"`
	IsVat          bool             `json:"isVat"`
}

type wireOrder struct {
	ID                  string                  `json:"id"`
	Href                string                  `json:"href"`
	Total               int64                   `json:"total"`
	ExternalReferenceID string                  `json:"externalReferenceId,omitempty"`
	Title               string                  `json:"title,omitempty"`
	Note                string                  `json:"note,omitempty"`
	OrderType           *ref                    `json:"orderType,omitempty"`
	State               string                  `json:"state"`
	PaymentState        string                  `json:"paymentState"`
	TaxRemoved          bool                    `json:"taxRemoved"`
	IsVat               bool                    `json:"isVat"`
	ManualTransaction   bool                    `json:"manualTransaction"`
	GroupLineItems      bool                    `json:"groupLineItems"`
	TestMode            bool                    `json:"testMode"`
	CreatedTime         int64                   `json:"createdTime"`
	ModifiedTime        int64                   `json:"modifiedTime"`
	LineItems           *elements[wireLineItem] `json:"lineItems,omitempty"`
}

type wireOrderType struct {
	ID        string `json:"id"`
	LabelKey  string `json:"labelKey,omitempty"`
	Label     string `json:"label"`
	Taxable   *bool  `json:"taxable,omitempty"`
	IsDefault bool   `json:"isDefault"`
	IsDeleted bool   `json:"isDeleted"`
	IsHidden  bool   `json:"isHidden"`
}

// writeRefusal answers Clover's atomic-order error body.
func writeRefusal(w http.ResponseWriter, message, details string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	body := map[string]string{"message": message}
	if details != "" {
		body["details"] = details
	}
	_ = json.NewEncoder(w).Encode(body)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// ---- pricing ----

// priced is a cart the fake accepted.
type priced struct {
	cart   wireOrderCart
	lines  []LineItem
	totals pos.Totals
	taxes  []pos.TaxSummary
}

type refusal struct{ message, details string }

// price validates and prices a cart as Clover does, or says why Clover would refuse it.
func (s *Server) price(req wireCartRequest) (priced, *refusal) {
	c := req.OrderCart
	if c == nil || len(c.LineItems) == 0 {
		return priced{}, &refusal{"cart_is_empty_or_missing", ""}
	}
	if len(c.LineItems) > pos.MaxOrderUnits {
		return priced{}, &refusal{"bad_request", fmt.Sprintf("more than %d line items", pos.MaxOrderUnits)}
	}
	items := make(map[string]pos.Item, len(s.m.Items))
	for _, it := range s.m.Items {
		items[it.ID] = it
	}
	taxable := true
	out := priced{cart: wireOrderCart{Title: c.Title, Note: c.Note, ExternalReferenceID: c.ExternalReferenceID}}
	if c.OrderType != nil {
		s.mu.Lock()
		i := slices.IndexFunc(s.types, func(t OrderType) bool { return t.ID == c.OrderType.ID && !t.Deleted })
		var t OrderType
		if i >= 0 {
			t = s.types[i]
		}
		s.mu.Unlock()
		if i < 0 {
			return priced{}, &refusal{"bad_request", c.OrderType.ID}
		}
		taxable = t.Taxable
		out.cart.OrderType = &ref{t.ID}
	}
	var lines []pos.TaxableLine
	for _, li := range c.LineItems {
		if li.Item == nil || li.Item.ID == "" {
			return priced{}, &refusal{"bad_request", "lineItems.item"}
		}
		it, ok := items[li.Item.ID]
		if !ok {
			return priced{}, &refusal{"item_does_not_exist", li.Item.ID}
		}
		line := LineItem{ItemID: it.ID, Name: it.Name, Note: li.Note, Price: it.Price}
		wl := wireLineItem{Item: ref{it.ID}, Name: it.Name, Price: it.Price, Note: li.Note}
		unit := it.Price
		for _, m := range li.Modifications {
			if m.Modifier == nil {
				return priced{}, &refusal{"invalid_modifier", ""}
			}
			mod, ok := findModifier(it, m.Modifier.ID)
			if !ok {
				return priced{}, &refusal{"invalid_modifier", m.Modifier.ID}
			}
			unit += mod.Price
			line.ModifierIDs = append(line.ModifierIDs, mod.ID)
			if wl.Modifications == nil {
				wl.Modifications = &elements[wireModification]{}
			}
			wl.Modifications.Elements = append(wl.Modifications.Elements, wireModification{Modifier: ref{mod.ID}, Name: mod.Name, Amount: mod.Price})
		}
		rates := it.TaxRates
		if len(rates) == 0 {
			rates = s.m.DefaultTaxRates
		}
		if !taxable {
			rates = nil
		}
		wl.TaxRates = &elements[wireTaxRate]{Elements: []wireTaxRate{}}
		for _, r := range rates {
			wl.TaxRates.Elements = append(wl.TaxRates.Elements, toWireTax(r))
		}
		lines = append(lines, pos.TaxableLine{UnitPrice: unit, Quantity: 1, TaxRates: rates})
		out.lines = append(out.lines, line)
		out.cart.LineItems.Elements = append(out.cart.LineItems.Elements, wl)
	}
	out.totals = pos.TotalsFor(lines, s.m.VAT)
	out.taxes = pos.SummariesFor(lines, s.m.VAT)
	return out, nil
}

func findModifier(it pos.Item, id string) (pos.Modifier, bool) {
	for _, g := range it.ModifierGroups {
		for _, m := range g.Modifiers {
			if m.ID == id {
				return m, true
			}
		}
	}
	return pos.Modifier{}, false
}

func decodeCart(w http.ResponseWriter, r *http.Request) (wireCartRequest, bool) {
	var req wireCartRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<20)).Decode(&req); err != nil {
		writeRefusal(w, "bad_request", "")
		return req, false
	}
	return req, true
}

// ---- handlers ----

func (s *Server) checkout(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	req, ok := decodeCart(w, r)
	if !ok {
		return
	}
	p, no := s.price(req)
	if no != nil {
		writeRefusal(w, no.message, no.details)
		return
	}
	out := wireCheckout{OrderCart: p.cart, Total: p.totals.Total, Subtotal: p.totals.Subtotal, TotalTaxAmount: p.totals.Tax, TaxSummaries: []wireTaxSummary{}, IsVat: p.totals.TaxIncluded}
	for _, t := range p.taxes {
		out.TaxSummaries = append(out.TaxSummaries, wireTaxSummary{ID: t.Rate.ID, Name: t.Rate.Name, Rate: t.Rate.Rate, Amount: t.Tax})
	}
	writeJSON(w, out)
}

func (s *Server) createOrder(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	req, ok := decodeCart(w, r)
	if !ok {
		return
	}
	p, no := s.price(req)
	if no != nil {
		writeRefusal(w, no.message, no.details)
		return
	}
	s.mu.Lock()
	s.nextID++
	o := Order{
		ID: fmt.Sprintf("ORD%010d", s.nextID), Title: p.cart.Title, Note: p.cart.Note,
		ExternalReferenceID: p.cart.ExternalReferenceID, LineItems: p.lines,
		Subtotal: p.totals.Subtotal, Tax: p.totals.Tax, Total: p.totals.Total,
		CreatedTime: 1700000000000 + int64(s.nextID)*1000,
	}
	if p.cart.OrderType != nil {
		o.OrderTypeID = p.cart.OrderType.ID
	}
	s.orders = append(s.orders, o)
	s.mu.Unlock()
	out := s.toWireOrder(o)
	out.LineItems = &p.cart.LineItems
	writeJSON(w, out)
}

// RefuseDeletes makes every DELETE of an order answer 400 (on) or delete again (off).
func (s *Server) RefuseDeletes(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuseDeletes = on
}

func (s *Server) deleteOrder(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	id := r.PathValue("orderId")
	s.mu.Lock()
	defer s.mu.Unlock()
	i := slices.IndexFunc(s.orders, func(o Order) bool { return o.ID == id })
	switch {
	case i < 0:
		writeError(w, http.StatusNotFound)
	case s.refuseDeletes:
		writeRefusal(w, "Order cannot be deleted", id)
	default:
		s.orders = slices.Delete(s.orders, i, i+1)
		w.WriteHeader(http.StatusOK)
	}
}

func (s *Server) toWireOrder(o Order) wireOrder {
	w := wireOrder{
		ID: o.ID, Href: s.URL + "/v3/merchants/" + s.m.ID + "/orders/" + o.ID, Total: o.Total,
		ExternalReferenceID: o.ExternalReferenceID, Title: o.Title, Note: o.Note, State: "open",
		PaymentState: "OPEN", GroupLineItems: true, CreatedTime: o.CreatedTime, ModifiedTime: o.CreatedTime, IsVat: s.m.VAT,
	}
	if o.OrderTypeID != "" {
		w.OrderType = &ref{o.OrderTypeID}
	}
	return w
}

// orderFilterFields are the filter fields Clover documents for GET orders that the fake can apply.
var orderFilterFields = map[string]func(Order) string{
	"id":                  func(o Order) string { return o.ID },
	"title":               func(o Order) string { return o.Title },
	"note":                func(o Order) string { return o.Note },
	"externalReferenceId": func(o Order) string { return o.ExternalReferenceID },
	"orderType.id":        func(o Order) string { return o.OrderTypeID },
}

func (s *Server) listOrders(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	type cond struct {
		get    func(Order) string
		not    bool
		wanted string
	}
	var conds []cond
	for _, f := range r.URL.Query()["filter"] {
		field, value, ok := strings.Cut(f, "=")
		if !ok {
			badRequest(w)
			return
		}
		c := cond{wanted: value}
		if c.not = strings.HasSuffix(field, "!"); c.not {
			field = strings.TrimSuffix(field, "!")
		}
		if c.get = orderFilterFields[field]; c.get == nil {
			writeRefusal(w, "Invalid filter field: "+field, "")
			return
		}
		conds = append(conds, c)
	}
	s.mu.Lock()
	var match []Order
	for i := len(s.orders) - 1; i >= 0; i-- { // newest first
		o := s.orders[i]
		if !slices.ContainsFunc(conds, func(c cond) bool { return (c.get(o) == c.wanted) == c.not }) {
			match = append(match, o)
		}
	}
	s.mu.Unlock()
	lo, hi, ok := page(r, len(match))
	if !ok {
		badRequest(w)
		return
	}
	s.writePage(w, lo, hi, func(i int) any { return s.toWireOrder(match[i]) })
}

func (s *Server) orderTypes(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	types := s.OrderTypes()
	lo, hi, ok := page(r, len(types))
	if !ok {
		badRequest(w)
		return
	}
	s.writePage(w, lo, hi, func(i int) any { return toWireOrderType(types[i]) })
}

func toWireOrderType(t OrderType) wireOrderType {
	taxable := t.Taxable
	return wireOrderType{ID: t.ID, Label: t.Label, Taxable: &taxable, IsDeleted: t.Deleted}
}

func (s *Server) createOrderType(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	var in wireOrderType
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&in); err != nil || strings.TrimSpace(in.Label) == "" || len(in.Label) > 127 {
		badRequest(w)
		return
	}
	s.mu.Lock()
	s.nextID++
	t := OrderType{ID: fmt.Sprintf("OTY%010d", s.nextID), Label: in.Label, Taxable: in.Taxable != nil && *in.Taxable}
	s.types = append(s.types, t)
	s.mu.Unlock()
	writeJSON(w, toWireOrderType(t))
}

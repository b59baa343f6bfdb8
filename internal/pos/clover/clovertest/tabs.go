package clovertest

// The fake's custom-order endpoints, which table tabs use, in the shapes of Clover's docs
// (https://docs.clover.com/docs/creating-custom-orders):
//
//   - POST /v3/merchants/{mId}/orders creates an empty order from {title, note, orderType {id},
//     externalReferenceId} (400 for an unknown or deleted order type);
//   - GET /v3/merchants/{mId}/orders/{orderId}/line_items lists its line items, with their
//     modifications under expand=modifications;
//   - POST /v3/merchants/{mId}/orders/{orderId}/bulk_line_items adds {"items": [...]} (at most 100
//     per request, 3,000 per order), each with item {id}, note and userData, priced from the
//     inventory (400 for an unknown item), and answers {"items": [...]};
//   - POST /v3/merchants/{mId}/orders/{orderId}/line_items/{lineItemId}/modifications applies
//     {"modifier": {"id"}} (400 for a modifier outside the item's modifier groups);
//   - DELETE /v3/merchants/{mId}/orders/{orderId}/line_items/{lineItemId} (404 when there is none);
//   - GET and POST /v3/merchants/{mId}/orders/{orderId}/payments list and record payments of
//     tenders taken outside Clover: {amount, tipAmount, tender {id}, externalPaymentId}; "Payment
//     must include a positive amount and a valid tender ID" (400 otherwise);
//   - GET and POST /v3/merchants/{mId}/tenders list and create tenders ({label, labelKey, enabled,
//     visible, opensCashDrawer}).
//
// An unknown order answers 404 on every one of them. The fake does not recompute a tab order's
// totals.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"carta/internal/pos"
)

// Payment is a payment record of an order, as the fake stored it.
type Payment struct {
	ID                string
	Amount, TipAmount int64
	TenderID          string
	ExternalPaymentID string
}

// Tender is a tender of the fake merchant.
type Tender struct {
	ID, LabelKey, Label string
	Enabled, Visible    bool
	OpensCashDrawer     bool
}

// Tenders returns the merchant's tenders now, created ones included.
func (s *Server) Tenders() []Tender {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.tenders)
}

// Order returns the stored order id, and whether there is one.
func (s *Server) Order(id string) (Order, bool) {
	for _, o := range s.Orders() {
		if o.ID == id {
			return o, true
		}
	}
	return Order{}, false
}

// ---- wire shapes ----

type wireNewOrder struct {
	Title               string `json:"title"`
	Note                string `json:"note"`
	OrderType           *ref   `json:"orderType"`
	ExternalReferenceID string `json:"externalReferenceId"`
}

type wireTabLineItem struct {
	ID            string                      `json:"id"`
	OrderRef      *ref                        `json:"orderRef,omitempty"`
	Item          *ref                        `json:"item,omitempty"`
	Name          string                      `json:"name"`
	Price         int64                       `json:"price"`
	Note          string                      `json:"note,omitempty"`
	UserData      string                      `json:"userData,omitempty"`
	Printed       bool                        `json:"printed"`
	IsRevenue     bool                        `json:"isRevenue"`
	Modifications *elements[wireModification] `json:"modifications,omitempty"`
}

type wireNewModification struct {
	Modifier *ref `json:"modifier"`
}

type wireModificationOut struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Amount   int64  `json:"amount"`
	Modifier ref    `json:"modifier"`
}

type wirePayment struct {
	ID                string `json:"id,omitempty"`
	Order             *ref   `json:"order,omitempty"`
	Tender            *ref   `json:"tender"`
	Amount            int64  `json:"amount"`
	TipAmount         int64  `json:"tipAmount"`
	ExternalPaymentID string `json:"externalPaymentId,omitempty"`
	Result            string `json:"result,omitempty"`
}

type wireTender struct {
	ID              string `json:"id,omitempty"`
	LabelKey        string `json:"labelKey,omitempty"`
	Label           string `json:"label"`
	Editable        bool   `json:"editable"`
	Enabled         *bool  `json:"enabled,omitempty"`
	Visible         *bool  `json:"visible,omitempty"`
	OpensCashDrawer *bool  `json:"opensCashDrawer,omitempty"`
}

func toWireTender(t Tender) wireTender {
	en, vis, cash := t.Enabled, t.Visible, t.OpensCashDrawer
	return wireTender{ID: t.ID, LabelKey: t.LabelKey, Label: t.Label, Editable: true, Enabled: &en, Visible: &vis, OpensCashDrawer: &cash}
}

func (s *Server) toWireLineItem(orderID string, li LineItem, expandMods bool) wireTabLineItem {
	w := wireTabLineItem{ID: li.ID, OrderRef: &ref{orderID}, Item: &ref{li.ItemID}, Name: li.Name, Price: li.Price,
		Note: li.Note, UserData: li.UserData, IsRevenue: true}
	if expandMods {
		w.Modifications = &elements[wireModification]{Elements: []wireModification{}}
		it, _ := s.item(li.ItemID)
		for _, id := range li.ModifierIDs {
			m, _ := findModifier(it, id)
			w.Modifications.Elements = append(w.Modifications.Elements, wireModification{Modifier: ref{id}, Name: m.Name, Amount: m.Price})
		}
	}
	return w
}

func (s *Server) item(id string) (pos.Item, bool) {
	i := slices.IndexFunc(s.m.Items, func(it pos.Item) bool { return it.ID == id })
	if i < 0 {
		return pos.Item{}, false
	}
	return s.m.Items[i], true
}

// orderIndex returns the index of the path's order, or answers 404; s.mu must be held.
func (s *Server) orderIndex(w http.ResponseWriter, r *http.Request) (int, bool) {
	id := r.PathValue("orderId")
	i := slices.IndexFunc(s.orders, func(o Order) bool { return o.ID == id })
	if i < 0 {
		writeError(w, http.StatusNotFound)
		return 0, false
	}
	return i, true
}

func decode(w http.ResponseWriter, r *http.Request, dst any) bool {
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<20)).Decode(dst); err != nil {
		badRequest(w)
		return false
	}
	return true
}

// ---- handlers ----

func (s *Server) createCustomOrder(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	var in wireNewOrder
	if !decode(w, r, &in) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	o := Order{Title: in.Title, Note: in.Note, ExternalReferenceID: in.ExternalReferenceID}
	if in.OrderType != nil {
		if !slices.ContainsFunc(s.types, func(t OrderType) bool { return t.ID == in.OrderType.ID && !t.Deleted }) {
			writeRefusal(w, "Invalid order type", in.OrderType.ID)
			return
		}
		o.OrderTypeID = in.OrderType.ID
	}
	s.nextID++
	o.ID = fmt.Sprintf("ORD%010d", s.nextID)
	o.CreatedTime = 1700000000000 + int64(s.nextID)*1000
	s.orders = append(s.orders, o)
	writeJSON(w, s.toWireOrder(o))
}

// orderCopy is a copy of the order in the path, its line items and payments its own (the caller
// reads it unlocked); false when the order is unknown (answered 404).
func (s *Server) orderCopy(w http.ResponseWriter, r *http.Request) (Order, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.orderIndex(w, r)
	if !ok {
		return Order{}, false
	}
	o := s.orders[i]
	o.LineItems, o.Payments = slices.Clone(o.LineItems), slices.Clone(o.Payments)
	return o, true
}

func (s *Server) listLineItems(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	o, ok := s.orderCopy(w, r)
	if !ok {
		return
	}
	lo, hi, ok := page(r, len(o.LineItems))
	if !ok {
		badRequest(w)
		return
	}
	mods := expands(r)["modifications"]
	s.writePage(w, lo, hi, func(i int) any { return s.toWireLineItem(o.ID, o.LineItems[i], mods) })
}

func (s *Server) bulkLineItems(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	var in struct {
		Items []struct {
			Item     *ref   `json:"item"`
			Note     string `json:"note"`
			UserData string `json:"userData"`
		} `json:"items"`
	}
	if !decode(w, r, &in) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.orderIndex(w, r)
	if !ok {
		return
	}
	o := &s.orders[i]
	switch {
	case len(in.Items) == 0 || len(in.Items) > 100:
		writeRefusal(w, "Between 1 and 100 line items per request", "")
		return
	case len(o.LineItems)+len(in.Items) > pos.MaxOrderUnits:
		writeRefusal(w, fmt.Sprintf("An order cannot have more than %d line items", pos.MaxOrderUnits), "")
		return
	}
	var added []LineItem
	for _, li := range in.Items {
		if li.Item == nil {
			writeRefusal(w, "A line item needs a price or an item", "")
			return
		}
		it, ok := s.item(li.Item.ID)
		if !ok {
			writeRefusal(w, "Item not found", li.Item.ID)
			return
		}
		added = append(added, LineItem{ItemID: it.ID, Name: it.Name, Note: li.Note, Price: it.Price, UserData: li.UserData})
	}
	out := struct {
		Items []wireTabLineItem `json:"items"`
	}{}
	for _, li := range added {
		s.nextID++
		li.ID = fmt.Sprintf("LI%010d", s.nextID)
		o.LineItems = append(o.LineItems, li)
		out.Items = append(out.Items, s.toWireLineItem(o.ID, li, false))
	}
	writeJSON(w, out)
}

func (s *Server) addModification(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	var in wireNewModification
	if !decode(w, r, &in) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.orderIndex(w, r)
	if !ok {
		return
	}
	o := &s.orders[i]
	j := slices.IndexFunc(o.LineItems, func(li LineItem) bool { return li.ID != "" && li.ID == r.PathValue("lineItemId") })
	if j < 0 {
		writeError(w, http.StatusNotFound)
		return
	}
	if in.Modifier == nil {
		badRequest(w)
		return
	}
	it, _ := s.item(o.LineItems[j].ItemID)
	m, ok := findModifier(it, in.Modifier.ID)
	if !ok {
		writeRefusal(w, "Invalid modifier", in.Modifier.ID)
		return
	}
	o.LineItems[j].ModifierIDs = append(slices.Clone(o.LineItems[j].ModifierIDs), m.ID)
	s.nextID++
	writeJSON(w, wireModificationOut{ID: fmt.Sprintf("MOD%010d", s.nextID), Name: m.Name, Amount: m.Price, Modifier: ref{m.ID}})
}

func (s *Server) deleteLineItem(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.orderIndex(w, r)
	if !ok {
		return
	}
	o := &s.orders[i]
	j := slices.IndexFunc(o.LineItems, func(li LineItem) bool { return li.ID != "" && li.ID == r.PathValue("lineItemId") })
	if j < 0 {
		writeError(w, http.StatusNotFound)
		return
	}
	o.LineItems = slices.Delete(slices.Clone(o.LineItems), j, j+1)
	w.WriteHeader(http.StatusOK)
}

func (s *Server) listPayments(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	o, ok := s.orderCopy(w, r)
	if !ok {
		return
	}
	lo, hi, ok := page(r, len(o.Payments))
	if !ok {
		badRequest(w)
		return
	}
	s.writePage(w, lo, hi, func(i int) any { return toWirePayment(o.ID, o.Payments[i]) })
}

func toWirePayment(orderID string, p Payment) wirePayment {
	return wirePayment{ID: p.ID, Order: &ref{orderID}, Tender: &ref{p.TenderID}, Amount: p.Amount, TipAmount: p.TipAmount,
		ExternalPaymentID: p.ExternalPaymentID, Result: "SUCCESS"}
}

func (s *Server) createPayment(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	var in wirePayment
	if !decode(w, r, &in) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.orderIndex(w, r)
	if !ok {
		return
	}
	switch {
	case in.Amount <= 0:
		writeRefusal(w, "Payment must include a positive amount", "")
		return
	case in.TipAmount < 0:
		writeRefusal(w, "Invalid tip amount", "")
		return
	case in.Tender == nil || !slices.ContainsFunc(s.tenders, func(t Tender) bool { return t.ID == in.Tender.ID && t.Enabled }):
		writeRefusal(w, "Payment must include a valid tender ID", "")
		return
	}
	s.nextID++
	p := Payment{ID: fmt.Sprintf("PAY%010d", s.nextID), Amount: in.Amount, TipAmount: in.TipAmount, TenderID: in.Tender.ID, ExternalPaymentID: in.ExternalPaymentID}
	s.orders[i].Payments = append(slices.Clone(s.orders[i].Payments), p)
	writeJSON(w, toWirePayment(s.orders[i].ID, p))
}

func (s *Server) listTenders(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	tenders := s.Tenders()
	lo, hi, ok := page(r, len(tenders))
	if !ok {
		badRequest(w)
		return
	}
	s.writePage(w, lo, hi, func(i int) any { return toWireTender(tenders[i]) })
}

func (s *Server) createTender(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(w, r) {
		return
	}
	var in wireTender
	if !decode(w, r, &in) {
		return
	}
	if strings.TrimSpace(in.Label) == "" || len(in.Label) > 127 {
		badRequest(w)
		return
	}
	s.mu.Lock()
	s.nextID++
	// Clover's defaults for a new tender: enabled and visible unless told otherwise.
	t := Tender{ID: fmt.Sprintf("TND%010d", s.nextID), LabelKey: in.LabelKey, Label: in.Label,
		Enabled: in.Enabled == nil || *in.Enabled, Visible: in.Visible == nil || *in.Visible,
		OpensCashDrawer: in.OpensCashDrawer != nil && *in.OpensCashDrawer}
	s.tenders = append(s.tenders, t)
	s.mu.Unlock()
	writeJSON(w, toWireTender(t))
}

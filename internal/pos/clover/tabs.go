package clover

// Table tabs (pos.Tabs) through Clover's order endpoints. A tab is built up over the sitting, so
// it cannot be one atomic order (that endpoint creates an order with all its lines at once and
// refuses an empty cart); it uses the "custom order" endpoints instead
// (https://docs.clover.com/docs/creating-custom-orders): create the order, then add line items to
// it. The doc facts this file relies on:
//
//   - POST /v3/merchants/{mId}/orders creates an order from an Order object: title, note,
//     orderType {id} and externalReferenceId ("External reference id if present in the order"),
//     which GET /v3/merchants/{mId}/orders can filter on (filter=externalReferenceId=…), the same
//     lookup CreateOrder uses to find an order whose answer was lost.
//   - POST /v3/merchants/{mId}/orders/{orderId}/bulk_line_items takes {"items": [LineItem…]} and
//     creates them in one request (at most 100 per request; an order holds at most 3,000 line
//     items). A LineItem names the inventory item (item {id}; Clover prices it from the inventory),
//     a note (printed on the kitchen ticket) and userData ("line item user data", a free string
//     for apps), where Carta keeps the batch so a retry can find what it added; the note stays the
//     diner's.
//   - GET /v3/merchants/{mId}/orders/{orderId}/line_items?expand=modifications lists the order's
//     line items with their modifications.
//   - POST /v3/merchants/{mId}/orders/{orderId}/line_items/{lineItemId}/modifications with
//     {"modifier": {"id"}} applies a modifier to a line item (one request per modifier).
//   - DELETE /v3/merchants/{mId}/orders/{orderId}/line_items/{lineItemId} deletes one line item.
//   - POST /v3/merchants/{mId}/orders/{orderId}/payments "Create a payment record on an order":
//     "Payment must include a positive amount and a valid tender ID"; it logs payments taken
//     outside Clover "for bookkeeping purposes" (not for Clover's own card tenders), with amount
//     (without the tip), tipAmount, tender {id} and externalPaymentId, which Carta sets to the
//     payment's reference. GET on the same path lists the order's payments.
//   - A merchant's tenders are listed by GET /v3/merchants/{mId}/tenders and one is created with
//     POST /v3/merchants/{mId}/tenders ({"label", "labelKey", "enabled", "visible",
//     "opensCashDrawer"}), "Returns an object representing newly added merchant tender, with a
//     generated ID".
//
// None of these POSTs carries an idempotency key, so, like CreateOrder, none is repeated blindly
// after an ambiguous failure (createOnce): the client looks for what the POST would have made (the
// order by externalReferenceId, the batch's line items by userData, the modification on its line
// item, the payment by externalPaymentId) and posts again only when it is not there.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"carta/internal/pos"
)

var _ pos.Tabs = (*Client)(nil)

// maxBulkLineItems is the most line items Clover takes in one bulk_line_items request.
const maxBulkLineItems = 100

// ---- wire format ----

type wireNewOrder struct {
	Title               string   `json:"title,omitempty"`
	Note                string   `json:"note,omitempty"`
	OrderType           *wireRef `json:"orderType,omitempty"`
	ExternalReferenceID string   `json:"externalReferenceId"`
}

type wireTabLineItem struct {
	ID            string                     `json:"id,omitempty"`
	Item          *wireRef                   `json:"item,omitempty"`
	Note          string                     `json:"note,omitempty"`
	UserData      string                     `json:"userData,omitempty"`
	Modifications *list[wireTabModification] `json:"modifications,omitempty"`
}

type wireTabModification struct {
	ID       string  `json:"id,omitempty"`
	Modifier wireRef `json:"modifier"`
}

type wireBulkLineItems struct {
	Items []wireTabLineItem `json:"items"`
}

type wirePayment struct {
	ID                string  `json:"id,omitempty"`
	Amount            int64   `json:"amount"`
	TipAmount         int64   `json:"tipAmount"`
	Tender            wireRef `json:"tender"`
	ExternalPaymentID string  `json:"externalPaymentId"`
}

type wireTender struct {
	ID              string `json:"id,omitempty"`
	LabelKey        string `json:"labelKey,omitempty"`
	Label           string `json:"label"`
	Enabled         *bool  `json:"enabled,omitempty"`
	Visible         *bool  `json:"visible,omitempty"`
	OpensCashDrawer *bool  `json:"opensCashDrawer,omitempty"`
}

// ---- pos.Tabs ----

// OpenTab creates the tab's order (POST orders) titled t.Title, typed t.OrderType (created on first
// use) and with t.Reference as its externalReferenceId, and returns its id; an order with that
// reference already there is returned instead.
func (c *Client) OpenTab(ctx context.Context, t pos.Tab) (string, error) {
	if err := pos.ValidateTab(t); err != nil {
		return "", err
	}
	if id, err := c.findOrder(ctx, t.Reference); err != nil || id != "" {
		return id, err
	}
	typeID, err := c.orderType(ctx, t.OrderType, true)
	if err != nil {
		return "", err
	}
	o := wireNewOrder{Title: t.Title, Note: t.Note, ExternalReferenceID: t.Reference}
	if typeID != "" {
		o.OrderType = &wireRef{ID: typeID}
	}
	body, err := json.Marshal(o)
	if err != nil {
		return "", fmt.Errorf("clover: encoding the tab: %w", err)
	}
	return c.createOrderOnce(ctx, "orders", body, t.Reference, t.OrderType)
}

// unit is one line item Carta wants on the tab: Clover has no count for an item sold by the unit
// (see cart), so a line of quantity q is q line items.
type unit struct {
	item, note string
	mods       []string
}

// AddLines adds lines to the tab's order under batch. It first lists the line items already
// tagged with batch and creates only the units missing (in bulk requests of at most 100), then
// applies to each of the batch's line items the modifications it still lacks. A retry after a lost
// answer therefore adds nothing, and one after a failure half-way adds only the rest. When Clover
// refuses part of the batch (an unknown item, a modifier that is not the item's), the line items
// the batch already has are removed, so a refused Carta order leaves nothing half on the tab.
func (c *Client) AddLines(ctx context.Context, orderID, batch string, lines []pos.OrderLine) error {
	if err := pos.ValidateTabLines(orderID, batch, lines); err != nil {
		return err
	}
	err := c.addLines(ctx, orderID, batch, lines)
	if errors.Is(err, pos.ErrRejected) {
		if rmErr := c.RemoveLines(ctx, orderID, batch); rmErr != nil {
			err = errors.Join(err, fmt.Errorf("removing the refused batch's line items: %w", rmErr))
		}
	}
	return err
}

func (c *Client) addLines(ctx context.Context, orderID, batch string, lines []pos.OrderLine) error {
	var want []unit
	for _, l := range lines {
		for range l.Quantity {
			want = append(want, unit{item: l.ItemID, note: l.Note, mods: l.ModifierIDs})
		}
	}
	res := "orders/" + url.PathEscape(orderID) + "/bulk_line_items"
	// Each round creates one chunk; the bound only stops a server that never shows what it made.
	for round := 0; ; round++ {
		have, err := c.batchLines(ctx, orderID, batch)
		if err != nil {
			return tabRefusal(err) // a 404: the tab's order is gone
		}
		pairs, missing := matchUnits(want, have)
		if len(missing) == 0 {
			return c.addModifications(ctx, orderID, batch, pairs)
		}
		if round > len(want)/maxBulkLineItems+2 {
			return fmt.Errorf("clover: POST %s: %d line items of batch %s still missing after %d requests: %w", c.newCall("", res, nil, nil).label, len(missing), batch, round, pos.ErrUnavailable)
		}
		chunk := missing[:min(len(missing), maxBulkLineItems)]
		req := wireBulkLineItems{Items: make([]wireTabLineItem, 0, len(chunk))}
		for _, u := range chunk {
			req.Items = append(req.Items, wireTabLineItem{Item: &wireRef{ID: u.item}, Note: u.note, UserData: batch})
		}
		body, err := json.Marshal(req)
		if err != nil {
			return fmt.Errorf("clover: encoding the line items: %w", err)
		}
		// The answer's shape is not needed (the next round lists the batch again), so any JSON does.
		var answer json.RawMessage
		_, err = c.createOnce(ctx, c.newCall(http.MethodPost, res, nil, body), &answer, func(ctx context.Context) (bool, error) {
			now, err := c.batchLines(ctx, orderID, batch)
			return len(now) > len(have), err
		})
		if err != nil {
			return tabRefusal(err)
		}
	}
}

// pair is a wanted unit and the batch's line item that stands for it.
type pair struct {
	u    unit
	line wireTabLineItem
}

// matchUnits pairs each wanted unit with a line item of the batch already on the order (same item
// and note, the one sharing most modifiers first) and returns the units that have none.
func matchUnits(want []unit, have []wireTabLineItem) (pairs []pair, missing []unit) {
	used := make([]bool, len(have))
	for _, u := range want {
		best, bestScore := -1, -1
		for j, h := range have {
			if used[j] || h.Item == nil || h.Item.ID != u.item || h.Note != u.note {
				continue
			}
			if s := len(u.mods) - len(diff(u.mods, modifierIDs(h))); s > bestScore {
				best, bestScore = j, s
			}
		}
		if best < 0 {
			missing = append(missing, u)
			continue
		}
		used[best] = true
		pairs = append(pairs, pair{u: u, line: have[best]})
	}
	return pairs, missing
}

func modifierIDs(h wireTabLineItem) []string {
	if h.Modifications == nil {
		return nil
	}
	out := make([]string, 0, len(h.Modifications.Elements))
	for _, m := range h.Modifications.Elements {
		out = append(out, m.Modifier.ID)
	}
	return out
}

// diff returns the elements of want (a multiset) not in have.
func diff(want, have []string) []string {
	left := slices.Clone(have)
	var out []string
	for _, w := range want {
		if i := slices.Index(left, w); i >= 0 {
			left = slices.Delete(left, i, i+1)
		} else {
			out = append(out, w)
		}
	}
	return out
}

// addModifications applies to each paired line item the modifiers it lacks, one POST each; after
// an ambiguous failure the line item is read again to see whether the modifier took.
func (c *Client) addModifications(ctx context.Context, orderID, batch string, pairs []pair) error {
	for _, p := range pairs {
		h, wanted := p.line, p.u.mods
		for _, m := range diff(wanted, modifierIDs(h)) {
			before := countOf(modifierIDs(h), m)
			body, err := json.Marshal(wireTabModification{Modifier: wireRef{ID: m}})
			if err != nil {
				return fmt.Errorf("clover: encoding the modification: %w", err)
			}
			res := "orders/" + url.PathEscape(orderID) + "/line_items/" + url.PathEscape(h.ID) + "/modifications"
			var created wireTabModification
			_, err = c.createOnce(ctx, c.newCall(http.MethodPost, res, nil, body), &created, func(ctx context.Context) (bool, error) {
				now, err := c.batchLines(ctx, orderID, batch)
				i := slices.IndexFunc(now, func(l wireTabLineItem) bool { return l.ID == h.ID })
				return err == nil && i >= 0 && countOf(modifierIDs(now[i]), m) > before, err
			})
			if err != nil {
				return tabRefusal(err)
			}
			if h.Modifications == nil {
				h.Modifications = &list[wireTabModification]{}
			}
			h.Modifications.Elements = append(h.Modifications.Elements, wireTabModification{Modifier: wireRef{ID: m}})
		}
	}
	return nil
}

func countOf(s []string, v string) int {
	n := 0
	for _, x := range s {
		if x == v {
			n++
		}
	}
	return n
}

// RemoveLines deletes the line items tagged with batch, one DELETE each (safe to repeat, so
// retried like a GET); a 404 (gone already) is success.
func (c *Client) RemoveLines(ctx context.Context, orderID, batch string) error {
	if err := pos.ValidateTabBatch(orderID, batch); err != nil {
		return err
	}
	have, err := c.batchLines(ctx, orderID, batch)
	if err != nil {
		return notFoundIsNil(err)
	}
	for _, h := range have {
		res := "orders/" + url.PathEscape(orderID) + "/line_items/" + url.PathEscape(h.ID)
		if err := notFoundIsNil(c.do(ctx, c.newCall(http.MethodDelete, res, nil, nil), nil)); err != nil {
			return err
		}
	}
	return nil
}

func notFoundIsNil(err error) error {
	var se *StatusError
	switch {
	case errors.As(err, &se) && se.StatusCode == http.StatusNotFound:
		return nil
	case errors.As(err, &se):
		return fmt.Errorf("%w: %w", pos.ErrRejected, err)
	}
	return err
}

// batchLines lists the order's line items tagged with batch (userData), with their modifications.
func (c *Client) batchLines(ctx context.Context, orderID, batch string) ([]wireTabLineItem, error) {
	var out []wireTabLineItem
	err := pages(ctx, c, "orders/"+url.PathEscape(orderID)+"/line_items", url.Values{"expand": {"modifications"}}, func(page []wireTabLineItem) error {
		for _, l := range page {
			if l.UserData == batch && l.ID != "" {
				out = append(out, l)
			}
		}
		return nil
	})
	return out, err
}

// tabRefusal classifies an error of a tab's POST: a 4xx (an unknown item or modifier, an order
// gone or full) wraps pos.ErrRejected.
func tabRefusal(err error) error {
	var se *StatusError
	if errors.As(err, &se) {
		return fmt.Errorf("%w: %w", pos.ErrRejected, err)
	}
	return err
}

// RecordPayment records p on the tab's order (POST orders/{orderId}/payments) with the tender
// labelled p.Tender (created on first use) and p.Reference as its externalPaymentId; a payment of
// the order with that externalPaymentId already there is not recorded again.
func (c *Client) RecordPayment(ctx context.Context, orderID string, p pos.TabPayment) error {
	if err := pos.ValidateTabPayment(orderID, p); err != nil {
		return err
	}
	find := func(ctx context.Context) (bool, error) {
		var found bool
		err := pages(ctx, c, "orders/"+url.PathEscape(orderID)+"/payments", nil, func(page []wirePayment) error {
			found = found || slices.ContainsFunc(page, func(w wirePayment) bool { return w.ExternalPaymentID == p.Reference })
			return nil
		})
		return found, err
	}
	if ok, err := find(ctx); err != nil || ok {
		return tabRefusal(err)
	}
	tenderID, err := c.tender(ctx, p.Tender)
	if err != nil {
		return err
	}
	body, err := json.Marshal(wirePayment{Amount: p.Amount, TipAmount: p.Tip, Tender: wireRef{ID: tenderID}, ExternalPaymentID: p.Reference})
	if err != nil {
		return fmt.Errorf("clover: encoding the payment: %w", err)
	}
	var created wirePayment
	_, err = c.createOnce(ctx, c.newCall(http.MethodPost, "orders/"+url.PathEscape(orderID)+"/payments", nil, body), &created, find)
	if err != nil {
		c.typesMu.Lock()
		delete(c.tenders, c.typeKey(p.Tender)) // in case it was deleted meanwhile
		c.typesMu.Unlock()
		return tabRefusal(err)
	}
	return nil
}

// ---- tenders ----

// tender returns the id of the merchant's tender labelled label, creating it when the merchant has
// none (labels compare case-insensitively). Like order types, the id is cached for the client's
// life and one creator runs at a time.
func (c *Client) tender(ctx context.Context, label string) (string, error) {
	label = strings.TrimSpace(label)
	key := c.typeKey(label)
	cached := func() (string, bool) {
		c.typesMu.Lock()
		defer c.typesMu.Unlock()
		id, ok := c.tenders[key]
		return id, ok
	}
	if id, ok := cached(); ok {
		return id, nil
	}
	c.createTendMu.Lock()
	defer c.createTendMu.Unlock()
	if id, ok := cached(); ok {
		return id, nil
	}
	id, err := c.findTender(ctx, label)
	if err != nil {
		return "", err
	}
	if id == "" {
		if id, err = c.createTender(ctx, label); err != nil {
			return "", err
		}
	}
	c.typesMu.Lock()
	if c.tenders == nil {
		c.tenders = map[typeKey]string{}
	}
	c.tenders[key] = id
	c.typesMu.Unlock()
	return id, nil
}

// tenderKeys are Clover's own tenders that stand for a label Carta uses, by labelKey: cash taken
// at the table goes to the merchant's cash tender (whatever its label says, "Cash" on an English
// device), so the cash drawer's count includes it.
var tenderKeys = map[string]string{"efectivo": "com.clover.tender.cash", "cash": "com.clover.tender.cash"}

// findTender looks label up in GET tenders: a tender with that label (case-insensitively), else
// the Clover tender of tenderKeys; disabled tenders are skipped (Clover refuses their payments).
func (c *Client) findTender(ctx context.Context, label string) (string, error) {
	var byLabel, byKey string
	key := tenderKeys[strings.ToLower(label)]
	err := pages(ctx, c, "tenders", nil, func(page []wireTender) error {
		for _, t := range page {
			if t.ID == "" || t.Enabled != nil && !*t.Enabled {
				continue
			}
			if byLabel == "" && strings.EqualFold(strings.TrimSpace(t.Label), label) {
				byLabel = t.ID
			}
			if byKey == "" && key != "" && t.LabelKey == key {
				byKey = t.ID
			}
		}
		return nil
	})
	if byLabel != "" {
		return byLabel, err
	}
	return byKey, err
}

var nonKey = regexp.MustCompile(`[^a-z0-9]+`)

// createTender creates an enabled, visible tender labelled label that opens no cash drawer (the
// money was taken already). Its labelKey is Carta's namespace plus the label's letters, e.g.
// "com.carta.tender.efectivo", as Clover's own keys are "com.clover.tender.cash".
func (c *Client) createTender(ctx context.Context, label string) (string, error) {
	yes, no := true, false
	key := strings.Trim(nonKey.ReplaceAllString(strings.ToLower(label), "_"), "_")
	if key == "" {
		key = "tender"
	}
	body, err := json.Marshal(wireTender{LabelKey: "com.carta.tender." + key, Label: label, Enabled: &yes, Visible: &yes, OpensCashDrawer: &no})
	if err != nil {
		return "", fmt.Errorf("clover: encoding the tender: %w", err)
	}
	r := c.newCall(http.MethodPost, "tenders", nil, body)
	var created wireTender
	var foundID string
	found, err := c.createOnce(ctx, r, &created, func(ctx context.Context) (bool, error) {
		id, err := c.findTender(ctx, label)
		foundID = id
		return id != "", err
	})
	switch {
	case err != nil:
		return "", tabRefusal(err)
	case found:
		return foundID, nil
	case created.ID == "":
		return "", fmt.Errorf("clover: POST %s: the answer has no tender id: %w", r.label, pos.ErrMalformed)
	}
	return created.ID, nil
}

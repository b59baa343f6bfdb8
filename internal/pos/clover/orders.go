package clover

// Online orders through Clover's atomic order endpoints
// (https://docs.clover.com/docs/working-with-orders):
//
//   - Totals posts the cart to /atomic_order/checkouts, which prices it from the merchant's
//     inventory and tax rates without creating anything, so it is retried like a GET.
//   - CreateOrder posts the same cart to /atomic_order/orders. That POST is never repeated blindly:
//     after a time-out, a dropped connection, a 5xx or a broken answer the order may exist, so the
//     client first looks it up by Carta's reference and only posts again when it is not there.
//
// The reference travels in the order's externalReferenceId ("External reference id if present in
// the order"), one of the documented filter fields of GET /v3/merchants/{mId}/orders (employee.id,
// note, modifiedTime, orderType, …, title, …, externalReferenceId, …). title and note are
// filterable too, but they belong to the restaurant (the pickup name, the customer's words) and
// need not be unique; externalReferenceId exists for exactly this purpose and leaves them alone.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"carta/internal/pos"
)

var _ pos.Orders = (*Client)(nil)

// Clover's machine-readable refusals of an atomic order, found in StatusError.Message; Details then
// holds the id of the element refused (https://docs.clover.com/docs/working-with-orders, "Handle
// 400 Bad Request errors").
const (
	MsgItemDoesNotExist = "item_does_not_exist"
	MsgInvalidModifier  = "invalid_modifier"
	MsgCartEmpty        = "cart_is_empty_or_missing"
	MsgBadRequest       = "bad_request"
)

// typeKey identifies a cached order type: the id belongs to one merchant, the label is lower-cased.
type typeKey struct{ merchant, label string }

// ---- wire format of the atomic order endpoints (Clover's JSON names) ----

type wireRef struct {
	ID string `json:"id"`
}

// wireModification names only the modifier: with no name or amount Clover prices it from the
// inventory ("If you pass both name and amount values, these override default modifiers").
type wireModification struct {
	Modifier wireRef `json:"modifier"`
}

type wireLineItem struct {
	Item          wireRef            `json:"item"`
	Modifications []wireModification `json:"modifications,omitempty"`
	Note          string             `json:"note,omitempty"`
}

type wireOrderCart struct {
	LineItems           []wireLineItem `json:"lineItems"`
	OrderType           *wireRef       `json:"orderType,omitempty"`
	Title               string         `json:"title,omitempty"`
	Note                string         `json:"note,omitempty"`
	ExternalReferenceID string         `json:"externalReferenceId,omitempty"`
}

type wireCartRequest struct {
	OrderCart wireOrderCart `json:"orderCart"`
}

// wireCheckout is the part of the checkout answer Carta reads; it also carries the priced
// orderCart and taxSummaries.
type wireCheckout struct {
	Total          *int64 `json:"total"`
	Subtotal       *int64 `json:"subtotal"`
	TotalTaxAmount *int64 `json:"totalTaxAmount"`
	IsVat          bool   `json:"isVat"`
}

type wireOrder struct {
	ID                  string `json:"id"`
	ExternalReferenceID string `json:"externalReferenceId"`
}

type wireOrderType struct {
	ID        string `json:"id"`
	Label     string `json:"label"`
	Taxable   *bool  `json:"taxable,omitempty"`
	IsDeleted bool   `json:"isDeleted,omitempty"`
}

// cart builds the orderCart of o. A Clover line item has no count for an item sold by the unit:
// its only quantity, unitQty, is "Unit quantity if this line item is priced by quantity, or null if
// the item is not priced by quantity", a fixed point ×1000 for items sold by weight or volume
// (price × unitQty / 1000). Sending unitQty 3000 for three tacos would misuse that field on a
// fixed-price item, so a line of quantity q is sent as q identical line items. The totals are the
// same either way, since taxes are computed per rate on the sum of the line items (pos.ComputeTotals).
func cart(o pos.Order, orderTypeID string) wireCartRequest {
	c := wireOrderCart{Title: o.Title, Note: o.Note, ExternalReferenceID: o.Reference}
	if orderTypeID != "" {
		c.OrderType = &wireRef{ID: orderTypeID}
	}
	for _, l := range o.Lines {
		li := wireLineItem{Item: wireRef{ID: l.ItemID}, Note: l.Note}
		for _, m := range l.ModifierIDs {
			li.Modifications = append(li.Modifications, wireModification{Modifier: wireRef{ID: m}})
		}
		for range l.Quantity {
			c.LineItems = append(c.LineItems, li)
		}
	}
	return wireCartRequest{OrderCart: c}
}

// ---- pos.Orders ----

// Totals asks Clover to price o (POST atomic_order/checkouts). It looks the order type up, because
// a non-taxable order type changes the tax, but never creates it: when the merchant has no type of
// that label yet, the cart goes without one, which prices it as the taxable type CreateOrder will
// create.
func (c *Client) Totals(ctx context.Context, o pos.Order) (pos.Totals, error) {
	if err := pos.ValidateOrder(o); err != nil {
		return pos.Totals{}, err
	}
	typeID, err := c.orderType(ctx, o.OrderType, false)
	if err != nil {
		return pos.Totals{}, err
	}
	body, err := json.Marshal(cart(o, typeID))
	if err != nil {
		return pos.Totals{}, fmt.Errorf("clover: encoding the cart: %w", err)
	}
	r := c.newCall(http.MethodPost, "atomic_order/checkouts", nil, body)
	var w wireCheckout
	if err := c.do(ctx, r, &w); err != nil {
		return pos.Totals{}, c.orderError(err, o.OrderType)
	}
	if w.Total == nil || w.Subtotal == nil {
		return pos.Totals{}, fmt.Errorf("clover: POST %s: the answer has no total or subtotal: %w", r.label, pos.ErrMalformed)
	}
	t := pos.Totals{Subtotal: *w.Subtotal, Total: *w.Total, TaxIncluded: w.IsVat}
	if w.TotalTaxAmount != nil {
		t.Tax = *w.TotalTaxAmount
	}
	return t, nil
}

// CreateOrder creates o in Clover (POST atomic_order/orders) and returns its id. It is idempotent
// by o.Reference: it first looks for an order with that externalReferenceId (an earlier call whose
// answer was lost, or a caller retrying after ErrUnavailable) and returns it instead of creating a
// second one; and it looks again before any retry of the POST that may have taken effect.
func (c *Client) CreateOrder(ctx context.Context, o pos.Order) (string, error) {
	if err := pos.ValidateOrder(o); err != nil {
		return "", err
	}
	if err := pos.ValidateReference(o.Reference); err != nil {
		return "", err
	}
	if id, err := c.findOrder(ctx, o.Reference); err != nil || id != "" {
		return id, err
	}
	typeID, err := c.orderType(ctx, o.OrderType, true)
	if err != nil {
		return "", err
	}
	body, err := json.Marshal(cart(o, typeID))
	if err != nil {
		return "", fmt.Errorf("clover: encoding the cart: %w", err)
	}
	return c.createOrderOnce(ctx, "atomic_order/orders", body, o.Reference, o.OrderType)
}

// createOrderOnce POSTs an order (at path) that carries ref as its external reference, once: an
// answer lost on the way is recovered by finding the order by ref, never by posting it again.
// It answers the order's id.
func (c *Client) createOrderOnce(ctx context.Context, path string, body []byte, ref, orderType string) (string, error) {
	r := c.newCall(http.MethodPost, path, nil, body)
	var created wireOrder
	var foundID string
	found, err := c.createOnce(ctx, r, &created, func(ctx context.Context) (bool, error) {
		id, err := c.findOrder(ctx, ref)
		foundID = id
		return id != "", err
	})
	switch {
	case err != nil:
		return "", c.orderError(err, orderType)
	case found:
		return foundID, nil
	case created.ID == "":
		return "", fmt.Errorf("clover: POST %s: the answer has no order id (the order may exist; the same reference finds it): %w", r.label, pos.ErrMalformed)
	}
	return created.ID, nil
}

// DeleteOrder deletes order id, or when id is "" the order whose externalReferenceId is ref
// (https://docs.clover.com/reference/orderdeleteorder). A DELETE is safe to repeat, so it is
// retried like a GET; Clover's 404 (never created, deleted already) is success, any other 4xx a
// refusal.
func (c *Client) DeleteOrder(ctx context.Context, id, ref string) error {
	if id == "" {
		if err := pos.ValidateReference(ref); err != nil {
			return err
		}
		found, err := c.findOrder(ctx, ref)
		if err != nil || found == "" {
			return err
		}
		id = found
	}
	err := c.do(ctx, c.newCall(http.MethodDelete, "orders/"+url.PathEscape(id), nil, nil), nil)
	var se *StatusError
	switch {
	case errors.As(err, &se) && se.StatusCode == http.StatusNotFound:
		return nil
	case errors.As(err, &se):
		return fmt.Errorf("%w: %w", pos.ErrRejected, err)
	}
	return err
}

// orderError classifies an error of the order endpoints. A refusal of the cart (a 4xx other than
// 401 and 429 to one of the POSTs) also wraps pos.ErrRejected, and forgets the cached order type in
// case it was deleted meanwhile. A refused lookup (GET) is not the cart's fault and stays as it is.
func (c *Client) orderError(err error, label string) error {
	var se *StatusError
	if !errors.As(err, &se) || se.Method != http.MethodPost {
		return err
	}
	c.typesMu.Lock()
	delete(c.orderTypes, c.typeKey(label))
	c.typesMu.Unlock()
	return fmt.Errorf("%w: %w", pos.ErrRejected, err)
}

// findOrder returns the id of the merchant's order whose externalReferenceId is ref, or "".
// Elements are checked again on Carta's side, so a server that ignored the filter could not make
// another order pass for this one.
func (c *Client) findOrder(ctx context.Context, ref string) (string, error) {
	q := url.Values{"filter": {"externalReferenceId=" + ref}, "limit": {"100"}}
	r := c.newCall(http.MethodGet, "orders", q, nil)
	r.label += "?filter=externalReferenceId"
	var page list[wireOrder]
	if err := c.do(ctx, r, &page); err != nil {
		return "", err
	}
	for _, o := range page.Elements {
		if o.ExternalReferenceID == ref && o.ID != "" {
			return o.ID, nil
		}
	}
	return "", nil
}

// createOnce POSTs r, decoding the answer into dst, without ever repeating a POST that may have
// taken effect unchecked: after an ambiguous failure (see result) it waits the back-off, calls find,
// and returns found=true when the first POST did create the thing; only when find confirms that
// nothing was created does it post again. A 429 is retried directly: it was refused, not processed.
func (c *Client) createOnce(ctx context.Context, r call, dst any, find func(context.Context) (bool, error)) (found bool, err error) {
	check := func(cause error) (bool, error) {
		ok, err := find(ctx)
		if err != nil {
			return false, fmt.Errorf("clover: %s %s failed (%s) and checking whether it took effect failed too: %w", r.method, r.label, cause.Error(), err)
		}
		return ok, nil
	}
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return false, fmt.Errorf("clover: %s %s: %w", r.method, r.label, err)
		}
		res := c.try(ctx, r, attempt, dst)
		switch {
		case res.err == nil:
			return false, nil
		case !res.retry && res.ambiguous: // a broken 2xx answer: probably created
			if ok, err := check(res.err); err != nil || ok {
				return ok, err
			}
			return false, res.err
		case !res.retry:
			return false, res.err
		case res.ambiguous:
			if err := c.sleep(ctx, res.wait); err != nil {
				return false, fmt.Errorf("clover: %s %s: %w", r.method, r.label, err)
			}
			if ok, err := check(res.err); err != nil || ok {
				return ok, err
			}
			if attempt >= c.MaxRetries {
				return false, c.giveUp(r, attempt, res.err)
			}
		default:
			if attempt >= c.MaxRetries {
				return false, c.giveUp(r, attempt, res.err)
			}
			if err := c.sleep(ctx, res.wait); err != nil {
				return false, fmt.Errorf("clover: %s %s: %w", r.method, r.label, err)
			}
		}
	}
}

// ---- order types ----

func (c *Client) typeKey(label string) typeKey {
	return typeKey{merchant: c.MerchantID, label: strings.ToLower(strings.TrimSpace(label))}
}

// orderType returns the id of the merchant's order type labelled label ("" for no label). The id is
// cached for the client's life; a miss is not, so a type created meanwhile is found. With create, a
// missing type is created (taxable, so orders of it pay the items' taxes as the quote assumed).
func (c *Client) orderType(ctx context.Context, label string, create bool) (string, error) {
	label = strings.TrimSpace(label)
	if label == "" {
		return "", nil
	}
	key := c.typeKey(label)
	c.typesMu.Lock()
	id, ok := c.orderTypes[key]
	c.typesMu.Unlock()
	if ok {
		return id, nil
	}
	if create {
		// One creator at a time, so two first orders cannot create the type twice.
		c.createTypeMu.Lock()
		defer c.createTypeMu.Unlock()
		c.typesMu.Lock()
		id, ok = c.orderTypes[key]
		c.typesMu.Unlock()
		if ok {
			return id, nil
		}
	}
	id, err := c.findOrderType(ctx, label)
	if err != nil {
		return "", err
	}
	if id == "" && create {
		if id, err = c.createOrderType(ctx, label); err != nil {
			return "", err
		}
	}
	if id != "" {
		c.typesMu.Lock()
		if c.orderTypes == nil {
			c.orderTypes = map[typeKey]string{}
		}
		c.orderTypes[key] = id
		c.typesMu.Unlock()
	}
	return id, nil
}

// findOrderType looks label up in GET order_types (https://docs.clover.com/reference/merchantgetordertypes),
// case-insensitively and skipping deleted types, which Clover still lists.
func (c *Client) findOrderType(ctx context.Context, label string) (string, error) {
	var id string
	err := pages(ctx, c, "order_types", nil, func(page []wireOrderType) error {
		for _, t := range page {
			if id == "" && !t.IsDeleted && t.ID != "" && strings.EqualFold(strings.TrimSpace(t.Label), label) {
				id = t.ID
			}
		}
		return nil
	})
	return id, err
}

// createOrderType creates a taxable order type labelled label (POST order_types). Like an order,
// it is looked up again before a retry of a POST that may have taken effect.
func (c *Client) createOrderType(ctx context.Context, label string) (string, error) {
	taxable := true
	body, err := json.Marshal(wireOrderType{Label: label, Taxable: &taxable})
	if err != nil {
		return "", fmt.Errorf("clover: encoding the order type: %w", err)
	}
	r := c.newCall(http.MethodPost, "order_types", nil, body)
	var created wireOrderType
	var foundID string
	found, err := c.createOnce(ctx, r, &created, func(ctx context.Context) (bool, error) {
		id, err := c.findOrderType(ctx, label)
		foundID = id
		return id != "", err
	})
	switch {
	case err != nil:
		return "", err
	case found:
		return foundID, nil
	case created.ID == "":
		return "", fmt.Errorf("clover: POST %s: the answer has no order type id: %w", r.label, pos.ErrMalformed)
	}
	return created.ID, nil
}

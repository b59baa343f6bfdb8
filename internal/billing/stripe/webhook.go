package stripe

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"
)

// WebhookTolerance is how old a signed webhook may be; older deliveries are
// refused so a captured request cannot be replayed later.
const WebhookTolerance = 5 * time.Minute

// ErrWebhookSignature means the Stripe-Signature header is missing,
// malformed, does not match the payload or is older than WebhookTolerance.
var ErrWebhookSignature = errors.New("billing/stripe: invalid webhook signature")

// Event is what the fee workflow needs from a Stripe webhook event about a
// PaymentIntent (payment_intent.*) or its Charge (charge.*).
type Event struct {
	ID              string // evt_..., to process each event once
	Type            string // e.g. "payment_intent.succeeded", "payment_intent.payment_failed"
	PaymentIntentID string
	// IdempotencyKey is metadata["fee_id"], the key ChargeFee was called
	// with; "" for payments Carta did not create.
	IdempotencyKey string
	// FailureCode is last_payment_error.code (charge: failure_code), e.g.
	// "card_declined" or "authentication_required"; "" on success.
	FailureCode string
	// DeclineCode is last_payment_error.decline_code, e.g.
	// "insufficient_funds" (payment_intent events only).
	DeclineCode string
}

// VerifyWebhook checks the Stripe-Signature header against secret (the
// endpoint's "whsec_..." signing secret) with WebhookTolerance and decodes
// the event. The payload must be the raw request body.
//
// Only the few fields Carta uses are decoded, on purpose: stripe-go's
// ConstructEvent also refuses events whose API version differs from the
// SDK's, which would break webhooks whenever the endpoint's version and the
// SDK drift apart.
func VerifyWebhook(payload []byte, header, secret string) (Event, error) {
	if secret == "" {
		return Event{}, fmt.Errorf("%w: no signing secret configured", ErrWebhookSignature)
	}
	if err := webhook.ValidatePayloadWithTolerance(payload, header, secret, WebhookTolerance); err != nil {
		return Event{}, fmt.Errorf("%w: %w", ErrWebhookSignature, err)
	}

	var raw struct {
		ID     string `json:"id"`
		Object string `json:"object"`
		Type   string `json:"type"`
		Data   struct {
			Object struct {
				ID               string            `json:"id"`
				Object           string            `json:"object"`
				PaymentIntent    json.RawMessage   `json:"payment_intent"` // charge: id or expanded object
				Metadata         map[string]string `json:"metadata"`
				FailureCode      string            `json:"failure_code"` // charge
				LastPaymentError *struct {
					Code        string `json:"code"`
					DeclineCode string `json:"decline_code"`
				} `json:"last_payment_error"` // payment_intent
			} `json:"object"`
		} `json:"data"`
	}
	if err := json.Unmarshal(payload, &raw); err != nil {
		return Event{}, fmt.Errorf("billing/stripe: decode webhook: %w", err)
	}
	if raw.Object != "event" || raw.ID == "" || raw.Type == "" {
		return Event{}, errors.New("billing/stripe: webhook payload is not an event")
	}

	obj := raw.Data.Object
	ev := Event{ID: raw.ID, Type: raw.Type, IdempotencyKey: obj.Metadata["fee_id"]}
	switch obj.Object {
	case "payment_intent":
		ev.PaymentIntentID = obj.ID
		if e := obj.LastPaymentError; e != nil {
			ev.FailureCode, ev.DeclineCode = e.Code, e.DeclineCode
		}
	case "charge":
		ev.PaymentIntentID = idOrObject(obj.PaymentIntent)
		ev.FailureCode = obj.FailureCode
	}
	return ev, nil
}

// idOrObject reads a Stripe reference that is either "id" or {"id": ...}.
func idOrObject(raw json.RawMessage) string {
	var id string
	if json.Unmarshal(raw, &id) == nil {
		return id
	}
	var obj struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(raw, &obj) == nil {
		return obj.ID
	}
	return ""
}

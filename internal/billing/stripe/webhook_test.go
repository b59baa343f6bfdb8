package stripe_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"testing"
	"time"

	"carta/internal/billing/stripe"
)

const whsec = "whsec_test_secret"

// sign builds a Stripe-Signature header as Stripe documents it:
// t=<unix>,v1=hex(HMAC-SHA256(secret, "<t>.<payload>")).
func sign(payload []byte, secret string, at time.Time) string {
	ts := strconv.FormatInt(at.Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + string(payload)))
	return fmt.Sprintf("t=%s,v1=%s", ts, hex.EncodeToString(mac.Sum(nil)))
}

const failedEvent = `{
  "id": "evt_1", "object": "event", "api_version": "2019-02-19", "type": "payment_intent.payment_failed",
  "data": {"object": {
    "id": "pi_123", "object": "payment_intent", "amount": 500, "currency": "usd",
    "metadata": {"fee_id": "fee-17"}, "status": "requires_payment_method",
    "last_payment_error": {"type": "card_error", "code": "card_declined", "decline_code": "insufficient_funds"}
  }}
}`

const chargeEvent = `{
  "id": "evt_2", "object": "event", "type": "charge.succeeded",
  "data": {"object": {"id": "ch_1", "object": "charge", "payment_intent": "pi_456", "metadata": {"fee_id": "fee-18"}}}
}`

func TestVerifyWebhook(t *testing.T) {
	now := time.Now()
	t.Run("payment_intent event", func(t *testing.T) {
		p := []byte(failedEvent)
		ev, err := stripe.VerifyWebhook(p, sign(p, whsec, now), whsec)
		if err != nil {
			t.Fatal(err)
		}
		want := stripe.Event{ID: "evt_1", Type: "payment_intent.payment_failed", PaymentIntentID: "pi_123",
			IdempotencyKey: "fee-17", FailureCode: "card_declined", DeclineCode: "insufficient_funds"}
		if ev != want {
			t.Fatalf("event = %+v, want %+v", ev, want)
		}
	})
	t.Run("charge event", func(t *testing.T) {
		p := []byte(chargeEvent)
		ev, err := stripe.VerifyWebhook(p, sign(p, whsec, now), whsec)
		if err != nil {
			t.Fatal(err)
		}
		if ev.PaymentIntentID != "pi_456" || ev.IdempotencyKey != "fee-18" || ev.Type != "charge.succeeded" {
			t.Fatalf("event = %+v", ev)
		}
	})
	t.Run("secret rolled: any v1 matches", func(t *testing.T) {
		p := []byte(failedEvent)
		h := sign(p, "whsec_old", now)
		h += ",v1=" + sign(p, whsec, now)[len("t=0000000000,v1="):]
		if _, err := stripe.VerifyWebhook(p, h, whsec); err != nil {
			t.Fatal(err)
		}
	})

	p := []byte(failedEvent)
	tampered := []byte(failedEvent[:len(failedEvent)-3] + " }\n}")
	bad := []struct {
		name    string
		payload []byte
		header  string
		secret  string
	}{
		{"wrong secret", p, sign(p, "whsec_other", now), whsec},
		{"tampered body", tampered, sign(p, whsec, now), whsec},
		{"old timestamp", p, sign(p, whsec, now.Add(-6*time.Minute)), whsec},
		{"no header", p, "", whsec},
		{"garbage header", p, "v1=zz", whsec},
		{"no secret configured", p, sign(p, "", now), ""},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, err := stripe.VerifyWebhook(tt.payload, tt.header, tt.secret)
			if !errors.Is(err, stripe.ErrWebhookSignature) {
				t.Fatalf("err = %v, want ErrWebhookSignature", err)
			}
		})
	}

	t.Run("signed but not an event", func(t *testing.T) {
		p := []byte(`{"id":"pi_1","object":"payment_intent"}`)
		if _, err := stripe.VerifyWebhook(p, sign(p, whsec, now), whsec); err == nil {
			t.Fatal("no error")
		}
	})
}

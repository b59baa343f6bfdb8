package stripe_test

import (
	"errors"
	"testing"
	"time"

	"carta/internal/billing/stripe"
)

// FuzzVerifyWebhook sends fuzzed payloads, once correctly signed and once
// with a fuzzed signature header. Invariants: never panics; a fuzzed header
// that is not the real signature is refused as ErrWebhookSignature; a
// signed payload is either refused as not an event or parsed into an event
// with an id and a type.
func FuzzVerifyWebhook(f *testing.F) {
	f.Add([]byte(failedEvent), "t=1,v1=00")
	f.Add([]byte(chargeEvent), "")
	f.Add([]byte(`{"id":"evt_3","object":"event","type":"charge.failed","data":{"object":{"object":"charge","payment_intent":{"id":"pi_9"}}}}`), "v1=,t=")
	f.Add([]byte(`{"object":"event","data":{"object":{"payment_intent":[1,2]}}}`), "t=99999999999999999999,v1=zz")
	f.Add([]byte(`null`), ",,,=")
	f.Fuzz(func(t *testing.T, payload []byte, header string) {
		now := time.Now()
		ev, err := stripe.VerifyWebhook(payload, sign(payload, whsec, now), whsec)
		if err == nil && (ev.ID == "" || ev.Type == "") {
			t.Fatalf("event without id or type: %+v", ev)
		}
		if errors.Is(err, stripe.ErrWebhookSignature) {
			t.Fatalf("a correctly signed payload was refused as unsigned: %v", err)
		}
		// A made-up header passes only with a real signature: the same
		// header must fail with another secret.
		if _, err := stripe.VerifyWebhook(payload, header, whsec); err == nil {
			if _, err := stripe.VerifyWebhook(payload, header, "whsec_other"); err == nil {
				t.Fatalf("header %q passes with any secret", header)
			}
		}
	})
}

package clover_test

import (
	"errors"
	"testing"
	"time"

	"carta/internal/checkout"
	"carta/internal/checkout/clover"
	"carta/internal/checkout/clover/clovercheckouttest"
)

// FuzzWebhook verifies fuzzed signature headers and parses fuzzed bodies.
// Invariants: never panics; a refused signature is ErrBadSignature; a
// header the fuzzer made up passes only if it carries the real signature;
// a parsed event has a session id and a status, and an approved one a
// payment id.
func FuzzWebhook(f *testing.F) {
	now := time.Unix(1642599079, 0)
	body := clovercheckouttest.WebhookBody("sess-1", "pay-1", merchantID, "APPROVED")
	f.Add(clovercheckouttest.Sign("whsec-test", now, body), body)
	f.Add("t=1642599079,v1=08a05b2b7ed1bf01f029c1410e7a964cb594cc7a3b45b756332a678d1e6cf66c", []byte(`{"data":"s1","status":"APPROVED"}`))
	f.Add("t=,v1=", []byte(`{"data":"s1","status":"DECLINED","type":"PAYMENT","createdTime":"2026-01-01T00:00:00Z"}`))
	f.Add("t=-1,t=2,v1=zz", []byte(`{"data":"s1","status":"approved","id":"","createdTime":1700000000000}`))
	f.Add("garbage", []byte(`{"createdTime":[1],"data":1}`))
	f.Fuzz(func(t *testing.T, header string, body []byte) {
		err := clover.VerifySignature(header, body, "whsec-test", now, 5*time.Minute)
		if err != nil && !errors.Is(err, checkout.ErrBadSignature) {
			t.Fatalf("refusal is not ErrBadSignature: %v", err)
		}
		if err == nil {
			// Passing means a v1 equal to the real signature of some t
			// within the tolerance: the same header with another secret
			// must fail.
			if clover.VerifySignature(header, body, "whsec-other", now, 5*time.Minute) == nil {
				t.Fatalf("header %q passes with any secret", header)
			}
		}
		ev, err := clover.ParseEvent(body)
		if err != nil {
			return
		}
		if ev.SessionID == "" || ev.Status == "" || (ev.Approved && ev.PaymentID == "") {
			t.Fatalf("incomplete event accepted: %+v", ev)
		}
		if string(ev.Raw) != string(body) {
			t.Fatal("raw body not kept")
		}
	})
}

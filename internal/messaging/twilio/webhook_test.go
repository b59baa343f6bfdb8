package twilio_test

import (
	"net/url"
	"reflect"
	"testing"

	"carta/internal/messaging"
	"carta/internal/messaging/twilio"
	"carta/internal/messaging/twilio/twiliotest"
)

// The example of Twilio's "Webhooks security" page: this URL, these parameters and the Auth
// Token 12345 are signed 0/KCTR6DLpKmkAf8muzZqo1nDgQ=.
func TestSignatureDocumentedVector(t *testing.T) {
	u := "https://mycompany.com/myapp.php?foo=1&bar=2"
	form := url.Values{"CallSid": {"CA1234567890ABCDE"}, "Caller": {"+12349013030"}, "Digits": {"1234"},
		"From": {"+12349013030"}, "To": {"+18005551212"}}
	const want = "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
	if got := twilio.Signature(u, form, "12345"); got != want {
		t.Errorf("Signature = %s, want %s", got, want)
	}
	if got := twiliotest.Sign("12345", u, form); got != want {
		t.Errorf("twiliotest.Sign = %s, want %s", got, want)
	}
	if !twilio.Verify(u, form, want, "12345") {
		t.Error("the documented signature does not verify")
	}
}

// The signature table. Twilio signs no timestamp: a replayed callback verifies again, and is
// harmless because the outbox's Apply is idempotent (a status already recorded, a consent
// already withdrawn).
func TestVerify(t *testing.T) {
	const u = "https://carta.example/api/webhooks/twilio"
	form := twiliotest.StatusForm(sid, "SM1", "delivered", "")
	good := twiliotest.Sign("token-1", u, form)
	tampered := twiliotest.StatusForm(sid, "SM1", "failed", "30003")
	extra := twiliotest.StatusForm(sid, "SM1", "delivered", "")
	extra.Set("ErrorCode", "30003")
	for _, c := range []struct {
		name, url, header, token string
		form                     url.Values
		ok                       bool
	}{
		{"valid", u, good, "token-1", form, true},
		{"replayed", u, good, "token-1", form, true},
		{"default port written out", "https://carta.example:443/api/webhooks/twilio", good, "token-1", form, true},
		{"tampered body", u, good, "token-1", tampered, false},
		{"a parameter added", u, good, "token-1", extra, false},
		{"another URL", "https://carta.example/api/webhooks/twilio?x=1", good, "token-1", form, false},
		{"other port", "https://carta.example:8443/api/webhooks/twilio", good, "token-1", form, false},
		{"wrong token", u, good, "token-2", form, false},
		{"missing header", u, "", "token-1", form, false},
		{"no token configured", u, good, "", form, false},
		{"not base64", u, "***", "token-1", form, false},
	} {
		if got := twilio.Verify(c.url, c.form, c.header, c.token); got != c.ok {
			t.Errorf("%s: %v", c.name, got)
		}
	}
	// Repeated names: each value counts, sorted.
	multi := url.Values{"A": {"2", "1"}}
	if !twilio.Verify(u, multi, twiliotest.Sign("t", u, url.Values{"A": {"1", "2"}}), "t") {
		t.Error("repeated values")
	}
}

func TestParse(t *testing.T) {
	sms := messaging.ChannelSMS
	for _, c := range []struct {
		form url.Values
		want messaging.Event
	}{
		{twiliotest.StatusForm(sid, "SM1", "delivered", ""), messaging.Event{Channel: sms, ProviderID: "SM1", Status: "delivered"}},
		{twiliotest.StatusForm(sid, "SM1", "sent", ""), messaging.Event{Channel: sms, ProviderID: "SM1", Status: "sent"}},
		{twiliotest.StatusForm(sid, "SM1", "undelivered", "30003"), messaging.Event{Channel: sms, ProviderID: "SM1", Status: "failed", Error: "30003"}},
		{twiliotest.StatusForm(sid, "SM1", "failed", "30007"), messaging.Event{Channel: sms, ProviderID: "SM1", Status: "failed", Error: "30007"}},
		{twiliotest.StatusForm(sid, "SM1", "queued", ""), messaging.Event{Channel: sms, ProviderID: "SM1"}},
		{url.Values{"MessageSid": {"SM2"}, "SmsStatus": {"read"}}, messaging.Event{Channel: sms, ProviderID: "SM2", Status: "read"}},
	} {
		if twilio.IsInbound(c.form) {
			t.Errorf("%v is not inbound", c.form)
		}
		if got := twilio.ParseStatus(c.form); !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseStatus(%v) = %+v, want %+v", c.form, got, c.want)
		}
	}
	in := twiliotest.InboundForm(sid, "+34600111222", "BAJA")
	if !twilio.IsInbound(in) {
		t.Error("inbound not told")
	}
	if got := twilio.ParseInbound(in); !reflect.DeepEqual(got, messaging.Event{Channel: sms, From: "+34600111222", Text: "BAJA"}) {
		t.Errorf("ParseInbound = %+v", got)
	}
	if got := twilio.ParseInbound(twiliotest.InboundForm(sid, "CARTA", "hola")); got.From != "" {
		t.Errorf("alphanumeric sender: %+v", got)
	}
}

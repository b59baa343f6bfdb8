package twilio_test

import (
	"net/url"
	"strings"
	"testing"

	"carta/internal/messaging"
	"carta/internal/messaging/twilio"
	"carta/internal/messaging/twilio/twiliotest"
)

// FuzzTwilioCallback verifies and decodes fuzzed callback bodies. Invariants: never panics; a
// made-up signature passes only when it is the real one (and never with another token); a
// decoded status has one of Carta's statuses or none, a decoded reply a +E.164 sender or none.
func FuzzTwilioCallback(f *testing.F) {
	const u = "https://carta.example/api/webhooks/twilio"
	for _, form := range []url.Values{twiliotest.StatusForm(sid, "SM1", "undelivered", "30003"), twiliotest.InboundForm(sid, "+34600111222", "STOP")} {
		f.Add(u, form.Encode(), twiliotest.Sign("token-1", u, form))
	}
	f.Add(u+"?a=b", "Body=&From=%2B&MessageStatus=received", "")
	f.Add("", "%zz=1&&=&MessageSid=SM1&MessageStatus=READ", "AAAA")
	f.Fuzz(func(t *testing.T, fullURL, body, header string) {
		form, err := url.ParseQuery(body)
		if err != nil {
			return // the handler answers 400
		}
		if twilio.Verify(fullURL, form, header, "token-1") {
			if twilio.Verify(fullURL, form, header, "token-2") {
				t.Fatalf("%q passes with another token", header)
			}
		}
		if twilio.IsInbound(form) {
			ev := twilio.ParseInbound(form)
			if ev.Channel != messaging.ChannelSMS || (ev.From != "" && !strings.HasPrefix(ev.From, "+")) || ev.ProviderID != "" {
				t.Fatalf("inbound: %+v", ev)
			}
			return
		}
		ev := twilio.ParseStatus(form)
		switch ev.Status {
		case "", messaging.StatusSent, messaging.StatusDelivered, messaging.StatusRead, messaging.StatusFailed:
		default:
			t.Fatalf("status: %+v", ev)
		}
		if ev.Channel != messaging.ChannelSMS || ev.From != "" {
			t.Fatalf("status: %+v", ev)
		}
	})
}

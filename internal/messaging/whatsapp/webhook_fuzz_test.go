package whatsapp_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"carta/internal/messaging"
	"carta/internal/messaging/whatsapp"
	"carta/internal/messaging/whatsapp/whatsapptest"
)

// FuzzWhatsAppNotification verifies and decodes fuzzed notifications. Invariants: never panics;
// a refused signature is ErrBadSignature; a header the fuzzer made up passes only with the real
// signature (another secret refuses it); every event decoded is a WhatsApp status with an id
// and one of the four statuses, or a reply with a +E.164 sender and some text.
func FuzzWhatsAppNotification(f *testing.F) {
	at := time.Unix(1700000000, 0)
	body := whatsapptest.Notification("1065", []whatsapptest.Status{{ID: "wamid.A", Status: "failed", At: at, Code: 131026, Message: "x"}},
		[]whatsapptest.Reply{{From: "34600111222", Text: "BAJA", At: at}, {From: "12125550123", Text: "STOP", Button: true, At: at}})
	f.Add(whatsapptest.Sign("app-secret", body), body, true)
	f.Add("sha256=00", []byte(`{"entry":[{"changes":[{"value":{"statuses":[{"id":"","status":"read"}]}}]}]}`), true)
	f.Add("", []byte(`{"entry":[{"changes":[{"value":{"messages":[{"from":"+0","text":{"body":" "}}]}}]}]}`), false)
	f.Add("sha256=", []byte(`{"entry":null}`), true)
	f.Add("garbage", []byte(`[1,2]`), false)
	f.Fuzz(func(t *testing.T, header string, body []byte, resign bool) {
		if resign {
			header = whatsapptest.Sign("app-secret", body) // reach the decoder
		}
		evs, err := whatsapp.ParseNotification(body, header, "app-secret")
		if err != nil {
			return // a refusal or a body that is not the documented JSON
		}
		if !resign && !strings.EqualFold(strings.TrimSpace(header), whatsapptest.Sign("app-secret", body)) {
			t.Fatalf("made-up header %q passed", header)
		}
		if _, err := whatsapp.ParseNotification(body, header, "other-secret"); !errors.Is(err, whatsapp.ErrBadSignature) {
			t.Fatalf("header %q passes with another secret", header)
		}
		for _, ev := range evs {
			if ev.Channel != messaging.ChannelWhatsApp {
				t.Fatalf("channel: %+v", ev)
			}
			switch {
			case ev.ProviderID != "":
				switch ev.Status {
				case messaging.StatusSent, messaging.StatusDelivered, messaging.StatusRead, messaging.StatusFailed:
				default:
					t.Fatalf("status: %+v", ev)
				}
			case ev.From != "":
				if !strings.HasPrefix(ev.From, "+") || strings.TrimSpace(ev.Text) == "" {
					t.Fatalf("reply: %+v", ev)
				}
			default:
				t.Fatalf("empty event: %+v", ev)
			}
		}
	})
}

package whatsapp_test

import (
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"carta/internal/messaging"
	"carta/internal/messaging/whatsapp"
	"carta/internal/messaging/whatsapp/whatsapptest"
)

func TestVerifyChallenge(t *testing.T) {
	q := func(mode, token, challenge string) url.Values {
		return url.Values{"hub.mode": {mode}, "hub.verify_token": {token}, "hub.challenge": {challenge}}
	}
	for _, c := range []struct {
		name  string
		q     url.Values
		token string
		want  string
	}{
		{"subscribe with our token", q("subscribe", "vt-1", "1158201444"), "vt-1", "1158201444"},
		{"wrong token", q("subscribe", "vt-2", "1158201444"), "vt-1", ""},
		{"token prefix", q("subscribe", "vt", "1158201444"), "vt-1", ""},
		{"other mode", q("unsubscribe", "vt-1", "1158201444"), "vt-1", ""},
		{"no challenge", q("subscribe", "vt-1", ""), "vt-1", ""},
		{"no token configured", q("subscribe", "", "1158201444"), "", ""},
		{"nothing", url.Values{}, "vt-1", ""},
	} {
		got, ok := whatsapp.VerifyChallenge(c.q, c.token)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%s: %q %v", c.name, got, ok)
		}
	}
}

// The signature table: only the raw body signed with the app secret passes. Meta signs no
// timestamp, so a replayed notification verifies again: it is harmless because it reports
// what was already applied, and the outbox's Apply is idempotent (a status already recorded, a
// consent already withdrawn).
func TestParseNotificationSignature(t *testing.T) {
	at := time.Unix(1700000000, 0).UTC()
	body := whatsapptest.Notification("1065", []whatsapptest.Status{{ID: "wamid.A", Status: "delivered", At: at}}, nil)
	good := whatsapptest.Sign("app-secret", body)
	tampered := []byte(strings.Replace(string(body), "delivered", "read", 1))
	for _, c := range []struct {
		name, header, secret string
		body                 []byte
		ok                   bool
	}{
		{"valid", good, "app-secret", body, true},
		{"replayed", good, "app-secret", body, true},
		{"tampered body", good, "app-secret", tampered, false},
		{"wrong secret", good, "other-secret", body, false},
		{"missing header", "", "app-secret", body, false},
		{"no secret configured", good, "", body, false},
		{"sha1 scheme", "sha1=" + strings.TrimPrefix(good, "sha256="), "app-secret", body, false},
		{"not hex", "sha256=zz", "app-secret", body, false},
		{"truncated", good[:len(good)-2], "app-secret", body, false},
		{"upper-case hex", "sha256=" + strings.ToUpper(strings.TrimPrefix(good, "sha256=")), "app-secret", body, true},
	} {
		evs, err := whatsapp.ParseNotification(c.body, c.header, c.secret)
		if c.ok {
			want := []messaging.Event{{Channel: messaging.ChannelWhatsApp, ProviderID: "wamid.A", Status: messaging.StatusDelivered, At: at}}
			if err != nil || !reflect.DeepEqual(evs, want) {
				t.Errorf("%s: %v %+v", c.name, err, evs)
			}
			continue
		}
		if !errors.Is(err, whatsapp.ErrBadSignature) || evs != nil {
			t.Errorf("%s: %v %+v", c.name, err, evs)
		}
	}
	big := make([]byte, whatsapp.MaxBody+1)
	if _, err := whatsapp.ParseNotification(big, whatsapptest.Sign("app-secret", big), "app-secret"); err == nil {
		t.Error("a body over MaxBody was read")
	}
}

// Statuses (with a failure's code and words) and replies (text and a template's button) become
// events in order; a reply's number becomes +E.164; what the outbox has no use for is left out.
func TestParseNotificationEvents(t *testing.T) {
	at := time.Unix(1700000000, 0).UTC()
	body := whatsapptest.Notification("1065", []whatsapptest.Status{
		{ID: "wamid.A", Status: "sent", At: at},
		{ID: "wamid.A", Status: "read", At: at.Add(time.Minute)},
		{ID: "wamid.B", Status: "failed", At: at, Code: 131026, Message: "Message undeliverable"},
		{ID: "wamid.C", Status: "deleted", At: at},
	}, []whatsapptest.Reply{
		{From: "34600111222", Text: "BAJA", At: at},
		{From: "12125550123", Text: "STOP", Button: true, At: at},
	})
	evs, err := whatsapp.ParseNotification(body, whatsapptest.Sign("s", body), "s")
	if err != nil {
		t.Fatal(err)
	}
	wa := messaging.ChannelWhatsApp
	want := []messaging.Event{
		{Channel: wa, ProviderID: "wamid.A", Status: "sent", At: at},
		{Channel: wa, ProviderID: "wamid.A", Status: "read", At: at.Add(time.Minute)},
		{Channel: wa, ProviderID: "wamid.B", Status: "failed", Error: "131026 Message undeliverable", At: at},
		{Channel: wa, From: "+34600111222", Text: "BAJA", At: at},
		{Channel: wa, From: "+12125550123", Text: "STOP", At: at},
	}
	if !reflect.DeepEqual(evs, want) {
		t.Errorf("events\n got %+v\nwant %+v", evs, want)
	}

	// An interactive reply's title; an image (nothing to read) and a bad number are left out.
	raw := []byte(`{"object":"whatsapp_business_account","entry":[{"changes":[{"field":"messages","value":{"messages":[
		{"from":"5215512345678","timestamp":"x","type":"interactive","interactive":{"type":"button_reply","button_reply":{"id":"b1","title":"Cancelar"}}},
		{"from":"34600111222","type":"image","image":{"id":"m1"}},
		{"from":"12","type":"text","text":{"body":"hola"}}]}}]}]}`)
	evs, err = whatsapp.ParseNotification(raw, whatsapptest.Sign("s", raw), "s")
	if err != nil || !reflect.DeepEqual(evs, []messaging.Event{{Channel: wa, From: "+5215512345678", Text: "Cancelar"}}) {
		t.Errorf("interactive: %v %+v", err, evs)
	}
	bad := []byte(`{"entry":[`)
	if _, err := whatsapp.ParseNotification(bad, whatsapptest.Sign("s", bad), "s"); err == nil || errors.Is(err, whatsapp.ErrBadSignature) {
		t.Errorf("malformed: %v", err)
	}
}

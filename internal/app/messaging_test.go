package app

import (
	"bytes"
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"carta/internal/faulttest"
	"carta/internal/mail"
	"carta/internal/messaging"
	"carta/internal/messaging/twilio/twiliotest"
	"carta/internal/messaging/whatsapp/whatsapptest"
	"carta/internal/store"
)

// TestMessagesThroughTheProviders runs the server with WhatsApp and Twilio configured against
// their fakes: a WhatsApp and an SMS message queued in the outbox are sent by the real clients,
// their provider ids recorded, and the providers' signed callbacks mark them delivered; a
// forged callback changes nothing.
func TestMessagesThroughTheProviders(t *testing.T) {
	wa := whatsapptest.NewServer(t, "1098765", "wa-token")
	tw := twiliotest.NewServer(t, "AC0123456789abcdef0123456789abcdef", "tw-auth")
	dir := t.TempDir()
	const base = "https://carta.example"
	url, _, stop := startServe(t, dir, "CARTA_BASE_URL", base,
		"CARTA_WHATSAPP_TOKEN", "wa-token", "CARTA_WHATSAPP_PHONE_NUMBER_ID", "1098765", "CARTA_WHATSAPP_APP_SECRET", "wa-secret",
		"CARTA_WHATSAPP_API_URL", wa.URL,
		"CARTA_TWILIO_ACCOUNT_SID", "AC0123456789abcdef0123456789abcdef", "CARTA_TWILIO_AUTH_TOKEN", "tw-auth",
		"CARTA_TWILIO_FROM", "+15550001111", "CARTA_TWILIO_API_URL", tw.URL)
	defer stop()

	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(dir, "carta.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	waID, err := mail.Enqueue(ctx, db, mail.OutboxMessage{Channel: messaging.ChannelWhatsApp, Kind: "pedido_listo", To: "+34600111222",
		Text: "La Taberna: ¡tu pedido #42 está listo para recoger!", Template: "carta_pedido_listo", Params: []string{"La Taberna", "42"}, Lang: "es"})
	if err != nil {
		t.Fatal(err)
	}
	smsID, err := mail.Enqueue(ctx, db, mail.OutboxMessage{Channel: messaging.ChannelSMS, Kind: "pedido_listo", To: "+12125550147",
		Text: "La Taberna: your order #43 is ready for pickup!", Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}

	get := func(id int64) mail.OutboxMessage {
		t.Helper()
		m, err := mail.GetMessage(ctx, db, id)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	// The worker's passes: until both are sent (the bound is for a stuck test).
	faulttest.Eventually(t, 60*time.Second, "both messages sent", func() bool {
		return get(waID).Status == mail.MailSent && get(smsID).Status == mail.MailSent
	})
	ws, ts := wa.Sent(), tw.Sent()
	if len(ws) != 1 || ws[0].To != "34600111222" && ws[0].To != "+34600111222" || ws[0].Template.Name != "carta_pedido_listo" ||
		strings.Join(ws[0].BodyParams(), "|") != "La Taberna|42" || ws[0].Template.Language.Code == "" {
		t.Fatalf("WhatsApp received %+v", ws)
	}
	if len(ts) != 1 || ts[0].To != "+12125550147" || ts[0].From != "+15550001111" || ts[0].Body != "La Taberna: your order #43 is ready for pickup!" ||
		ts[0].StatusCallback != base+"/api/webhooks/twilio" {
		t.Fatalf("Twilio received %+v", ts)
	}
	if get(waID).ProviderID != ws[0].ID || get(smsID).ProviderID != ts[0].SID {
		t.Fatalf("provider ids %q %q, want %q %q", get(waID).ProviderID, get(smsID).ProviderID, ws[0].ID, ts[0].SID)
	}

	post := func(path, contentType, sigHeader, sig string, body []byte) int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, url+path, bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req.Header.Set(sigHeader, sig)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	note := whatsapptest.Notification("1098765", []whatsapptest.Status{{ID: ws[0].ID, Status: "delivered", At: time.Unix(1_800_000_000, 0)}}, nil)
	if code := post("/api/webhooks/whatsapp", "application/json", "X-Hub-Signature-256", whatsapptest.Sign("not-the-secret", note), note); code != 401 {
		t.Fatalf("forged WhatsApp callback: %d", code)
	}
	if got := get(waID).Delivery; got != messaging.StatusSent {
		t.Fatalf("after a forged callback the delivery is %q", got)
	}
	if code := post("/api/webhooks/whatsapp", "application/json", "X-Hub-Signature-256", whatsapptest.Sign("wa-secret", note), note); code != 200 {
		t.Fatalf("WhatsApp callback: %d", code)
	}
	form := twiliotest.StatusForm("AC0123456789abcdef0123456789abcdef", ts[0].SID, "delivered", "")
	body := []byte(form.Encode())
	if code := post("/api/webhooks/twilio", "application/x-www-form-urlencoded", "X-Twilio-Signature",
		twiliotest.Sign("tw-auth", base+"/api/webhooks/twilio", form), body); code != 200 {
		t.Fatalf("Twilio callback: %d", code)
	}
	if w, s := get(waID).Delivery, get(smsID).Delivery; w != messaging.StatusDelivered || s != messaging.StatusDelivered {
		t.Fatalf("deliveries %q %q, want delivered", w, s)
	}
}

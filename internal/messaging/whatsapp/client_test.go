package whatsapp_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"carta/internal/messaging"
	"carta/internal/messaging/whatsapp"
	"carta/internal/messaging/whatsapp/whatsapptest"
)

func client(fake *whatsapptest.Server) *whatsapp.Client {
	return &whatsapp.Client{BaseURL: fake.URL, Version: "v21.0", PhoneNumberID: fake.PhoneNumberID, Token: fake.Token,
		HTTP: &http.Client{Timeout: 5 * time.Second}}
}

var ready = messaging.Message{To: "+34600111222", Lang: "es", Template: "pedido_listo", Params: []string{"Ana", "La Tasca", "A-17"},
	Text: "Ana, tu pedido A-17 en La Tasca está listo."}

// A template message goes as Meta documents it: the path with the version and the business
// number's id, the Bearer token, the JSON body with the template, its language and the body's
// variables in order; the answer's wamid is returned.
func TestSend(t *testing.T) {
	fake := whatsapptest.NewServer(t, "106540352242922", "EAAtoken")
	id, err := client(fake).Send(context.Background(), ready)
	if err != nil {
		t.Fatal(err)
	}
	sent := fake.Sent()
	if len(sent) != 1 || id != sent[0].ID || !strings.HasPrefix(id, "wamid.") {
		t.Fatalf("id %q, sent %+v", id, sent)
	}
	s := sent[0]
	if s.Version != "v21.0" || s.PhoneNumberID != "106540352242922" || s.Authorization != "Bearer EAAtoken" || s.ContentType != "application/json" {
		t.Errorf("request: %+v", s)
	}
	if s.MessagingProduct != "whatsapp" || s.To != "34600111222" || s.Type != "template" || s.Template.Name != "pedido_listo" ||
		s.Template.Language.Code != "es" || !slices.Equal(s.BodyParams(), ready.Params) {
		t.Errorf("body: %s", s.Raw)
	}
	var exact map[string]any
	if err := json.Unmarshal(s.Raw, &exact); err != nil {
		t.Fatal(err)
	}
	want := `{"messaging_product":"whatsapp","recipient_type":"individual","to":"34600111222","type":"template","template":{"name":"pedido_listo","language":{"code":"es"},"components":[{"type":"body","parameters":[{"type":"text","text":"Ana"},{"type":"text","text":"La Tasca"},{"type":"text","text":"A-17"}]}]}}`
	if string(s.Raw) != want {
		t.Errorf("body\n got %s\nwant %s", s.Raw, want)
	}

	// A template without variables has no components; English is asked as "en".
	m := messaging.Message{To: "+12125550123", Lang: "en", Template: "hello"}
	if _, err := client(fake).Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	s = fake.Sent()[1]
	if s.Template.Language.Code != "en" || len(s.Template.Components) != 0 || strings.Contains(string(s.Raw), "components") {
		t.Errorf("body: %s", s.Raw)
	}
}

// A refusal (a template that does not exist, a bad token, a number that is not on WhatsApp)
// is permanent, with Meta's code and words; a 5xx is worth retrying, and not permanent.
func TestSendErrors(t *testing.T) {
	fake := whatsapptest.NewServer(t, "1065", "tok")
	fake.Fail(http.StatusBadRequest, 132001, "Template name does not exist in the translation", "")
	_, err := client(fake).Send(context.Background(), ready)
	if !errors.Is(err, messaging.ErrPermanent) || !strings.Contains(err.Error(), "132001") || !strings.Contains(err.Error(), "Template name does not exist") {
		t.Errorf("template refused: %v", err)
	}

	c := client(fake)
	c.Token = "wrong"
	if _, err := c.Send(context.Background(), ready); !errors.Is(err, messaging.ErrPermanent) || !strings.Contains(err.Error(), "190") {
		t.Errorf("bad token: %v", err)
	}

	fake.Fail(http.StatusInternalServerError, 1, "An unknown error occurred", "")
	_, err = client(fake).Send(context.Background(), ready)
	var ra *messaging.RetryAfter
	if err == nil || errors.Is(err, messaging.ErrPermanent) || errors.As(err, &ra) {
		t.Errorf("5xx: %v", err)
	}

	for _, m := range []messaging.Message{{To: "+34600111222"}, {Template: "x"}} {
		if _, err := client(fake).Send(context.Background(), m); !errors.Is(err, messaging.ErrPermanent) {
			t.Errorf("%+v: %v", m, err)
		}
	}
}

// Throttling asks to wait: a 429 for the Retry-After's seconds; Meta's throttling codes on a
// 400 (pair rate limit 131056, business account limit 80007) for the code's documented pace.
func TestSendThrottled(t *testing.T) {
	fake := whatsapptest.NewServer(t, "1065", "tok")
	for _, c := range []struct {
		status, code int
		retryAfter   string
		want         time.Duration
	}{
		{http.StatusTooManyRequests, 130429, "17", 17 * time.Second},
		{http.StatusTooManyRequests, 0, "", 30 * time.Second},
		{http.StatusBadRequest, 131056, "", 6 * time.Second},
		{http.StatusBadRequest, 80007, "", time.Minute},
		{http.StatusServiceUnavailable, 1, "3", 3 * time.Second},
	} {
		fake.Fail(c.status, c.code, "Rate limit hit", c.retryAfter)
		_, err := client(fake).Send(context.Background(), ready)
		var ra *messaging.RetryAfter
		if !errors.As(err, &ra) || ra.After != c.want || errors.Is(err, messaging.ErrPermanent) {
			t.Errorf("%d #%d Retry-After %q: %v", c.status, c.code, c.retryAfter, err)
		}
	}
}

// A provider that does not answer: the send gives up with the context (or the client's
// time-out), a plain error the outbox retries.
func TestSendTimeout(t *testing.T) {
	fake := whatsapptest.NewServer(t, "1065", "tok")
	fake.Hang()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := client(fake).Send(ctx, ready)
	var ra *messaging.RetryAfter
	if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, messaging.ErrPermanent) || errors.As(err, &ra) {
		t.Errorf("hung: %v", err)
	}
	c := client(fake)
	c.HTTP = &http.Client{Timeout: 50 * time.Millisecond}
	if _, err := c.Send(context.Background(), ready); err == nil || errors.Is(err, messaging.ErrPermanent) {
		t.Errorf("client time-out: %v", err)
	}
}

package twilio_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"carta/internal/messaging"
	"carta/internal/messaging/twilio"
	"carta/internal/messaging/twilio/twiliotest"
)

const sid = "AC0123456789abcdef0123456789abcdef"

func client(fake *twiliotest.Server) *twilio.Client {
	return &twilio.Client{BaseURL: fake.URL, AccountSID: fake.AccountSID, AuthToken: fake.AuthToken, From: "+15005550006",
		StatusCallback: "https://carta.example/api/webhooks/twilio", HTTP: &http.Client{Timeout: 5 * time.Second}}
}

var ready = messaging.Message{To: "+34600111222", Lang: "es", Text: "Ana, tu pedido A-17 en La Tasca está listo."}

// An SMS goes as Twilio documents it: the account's Messages.json, basic auth with the SID and
// token, a form with To, From, Body and StatusCallback; the answer's sid is returned.
func TestSend(t *testing.T) {
	fake := twiliotest.NewServer(t, sid, "token-1")
	id, err := client(fake).Send(context.Background(), ready)
	if err != nil {
		t.Fatal(err)
	}
	sent := fake.Sent()
	if len(sent) != 1 || id != sent[0].SID || !strings.HasPrefix(id, "SM") {
		t.Fatalf("id %q, sent %+v", id, sent)
	}
	s := sent[0]
	if s.AccountSID != sid || s.User != sid || s.Password != "token-1" || s.ContentType != "application/x-www-form-urlencoded" {
		t.Errorf("request: %+v", s)
	}
	if s.To != "+34600111222" || s.From != "+15005550006" || s.Body != ready.Text || s.MessagingServiceSid != "" ||
		s.StatusCallback != "https://carta.example/api/webhooks/twilio" || len(s.Form) != 4 {
		t.Errorf("form: %v", s.Form)
	}

	// A messaging service chooses the number: MessagingServiceSid and no From.
	c := client(fake)
	c.MessagingServiceSID, c.StatusCallback = "MG0123", ""
	if _, err := c.Send(context.Background(), ready); err != nil {
		t.Fatal(err)
	}
	s = fake.Sent()[1]
	if s.MessagingServiceSid != "MG0123" || s.From != "" || s.Form.Has("StatusCallback") {
		t.Errorf("form: %v", s.Form)
	}
}

// Twilio's refusals (a bad number, bad credentials) are permanent with its code and message; a
// 5xx is worth retrying and not permanent.
func TestSendErrors(t *testing.T) {
	fake := twiliotest.NewServer(t, sid, "token-1")
	fake.Fail(http.StatusBadRequest, 21211, "The 'To' number +34600 is not a valid phone number.", "")
	_, err := client(fake).Send(context.Background(), ready)
	if !errors.Is(err, messaging.ErrPermanent) || !strings.Contains(err.Error(), "21211") || !strings.Contains(err.Error(), "not a valid phone number") {
		t.Errorf("bad number: %v", err)
	}
	c := client(fake)
	c.AuthToken = "wrong"
	if _, err := c.Send(context.Background(), ready); !errors.Is(err, messaging.ErrPermanent) || !strings.Contains(err.Error(), "20003") {
		t.Errorf("bad credentials: %v", err)
	}
	fake.Fail(http.StatusInternalServerError, 20500, "Internal Server Error", "")
	_, err = client(fake).Send(context.Background(), ready)
	var ra *messaging.RetryAfter
	if err == nil || errors.Is(err, messaging.ErrPermanent) || errors.As(err, &ra) {
		t.Errorf("5xx: %v", err)
	}
	if _, err := client(fake).Send(context.Background(), messaging.Message{To: "+34600111222"}); !errors.Is(err, messaging.ErrPermanent) {
		t.Errorf("no text: %v", err)
	}
}

// A 429 asks to wait Retry-After's seconds (10 s without one); a 503 with Retry-After too.
func TestSendThrottled(t *testing.T) {
	fake := twiliotest.NewServer(t, sid, "token-1")
	for _, c := range []struct {
		status     int
		retryAfter string
		want       time.Duration
	}{
		{http.StatusTooManyRequests, "42", 42 * time.Second},
		{http.StatusTooManyRequests, "", 10 * time.Second},
		{http.StatusServiceUnavailable, "5", 5 * time.Second},
	} {
		fake.Fail(c.status, 20429, "Too Many Requests", c.retryAfter)
		_, err := client(fake).Send(context.Background(), ready)
		var ra *messaging.RetryAfter
		if !errors.As(err, &ra) || ra.After != c.want || errors.Is(err, messaging.ErrPermanent) {
			t.Errorf("%d Retry-After %q: %v", c.status, c.retryAfter, err)
		}
	}
	fake.Throttle(7)
	var ra *messaging.RetryAfter
	if _, err := client(fake).Send(context.Background(), ready); !errors.As(err, &ra) || ra.After != 7*time.Second {
		t.Errorf("Throttle: %v", err)
	}
}

// A provider that does not answer: the send gives up with the context, a plain error.
func TestSendTimeout(t *testing.T) {
	fake := twiliotest.NewServer(t, sid, "token-1")
	fake.Hang()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := client(fake).Send(ctx, ready)
	var ra *messaging.RetryAfter
	if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, messaging.ErrPermanent) || errors.As(err, &ra) {
		t.Errorf("hung: %v", err)
	}
}

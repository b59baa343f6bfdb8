package api_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/api"
	"carta/internal/messaging"
	"carta/internal/messaging/twilio/twiliotest"
	"carta/internal/messaging/whatsapp/whatsapptest"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// recordEvents is a messaging.Events that keeps what it is given (and can fail).
type recordEvents struct {
	mu   sync.Mutex
	evs  []messaging.Event
	fail error
}

func (r *recordEvents) Apply(_ context.Context, evs []messaging.Event) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail != nil {
		return r.fail
	}
	r.evs = append(r.evs, evs...)
	return nil
}

func (r *recordEvents) take() []messaging.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.evs
	r.evs = nil
	return out
}

const (
	waSecret, waVerify, twToken = "wa_app_secret", "wa_verify_token", "tw_auth_token"
	twURL                       = "https://carta.example/api/webhooks/twilio" // CARTA_BASE_URL + the path
)

// messagingEnv is a server with the providers' secrets and a recording outbox (the handlers
// need no database: one engine is enough).
func messagingEnv(t *testing.T) (*env, *recordEvents) {
	rec := &recordEvents{}
	e := newEnvWith(t, storetest.Open(t, store.SQLite), func(s *api.Server) {
		s.WhatsAppAppSecret, s.WhatsAppVerifyToken, s.TwilioAuthToken = waSecret, waVerify, twToken
		s.Messages = rec
	})
	return e, rec
}

func TestWhatsAppVerifyRoute(t *testing.T) {
	e, _ := messagingEnv(t)
	r := e.do("GET", "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token="+waVerify+"&hub.challenge=1158201444", "", nil)
	if r.status != 200 || r.body != "1158201444" || !strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") {
		t.Fatalf("challenge: %d %q %v", r.status, r.body, r.header)
	}
	for _, q := range []string{
		"hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1",
		"hub.mode=unsubscribe&hub.verify_token=" + waVerify + "&hub.challenge=1",
		"hub.mode=subscribe&hub.verify_token=" + waVerify,
		"hub.mode=subscribe&hub.verify_token=" + waVerify + "&hub.challenge=" + strings.Repeat("9", 300),
		"",
	} {
		if r := e.do("GET", "/api/webhooks/whatsapp?"+q, "", nil); r.status != 403 {
			t.Errorf("%q: %d %s", q, r.status, r.body)
		}
	}
	// Without CARTA_WHATSAPP_VERIFY_TOKEN no check passes.
	e.api.WhatsAppVerifyToken = ""
	if r := e.do("GET", "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=&hub.challenge=1", "", nil); r.status != 403 {
		t.Errorf("no token configured: %d", r.status)
	}
}

// The notification's signature table over HTTP: only a body signed with the app secret is
// applied; anything else is 401 and applies nothing. A replay is applied again — the outbox's
// Apply is idempotent (Meta signs no timestamp to refuse it by).
func TestWhatsAppNotificationRoute(t *testing.T) {
	e, rec := messagingEnv(t)
	at := time.Unix(1700000000, 0).UTC()
	body := whatsapptest.Notification("1065", []whatsapptest.Status{{ID: "wamid.A", Status: "read", At: at}},
		[]whatsapptest.Reply{{From: "34600111222", Text: "BAJA", At: at}})
	good := whatsapptest.Sign(waSecret, body)
	want := []messaging.Event{{Channel: "whatsapp", ProviderID: "wamid.A", Status: "read", At: at}, {Channel: "whatsapp", From: "+34600111222", Text: "BAJA", At: at}}
	post := func(body []byte, headers ...string) result {
		return e.do("POST", "/api/webhooks/whatsapp", "", string(body), headers...)
	}
	for _, name := range []string{"valid", "replayed"} {
		if r := post(body, "X-Hub-Signature-256", good); r.status != 200 {
			t.Fatalf("%s: %d %s", name, r.status, r.body)
		}
		if got := rec.take(); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: applied %+v", name, got)
		}
	}
	tampered := []byte(strings.Replace(string(body), "BAJA", "HOLA", 1))
	for name, r := range map[string]result{
		"tampered body":  post(tampered, "X-Hub-Signature-256", good),
		"wrong secret":   post(body, "X-Hub-Signature-256", whatsapptest.Sign("other", body)),
		"missing header": post(body),
		"garbage header": post(body, "X-Hub-Signature-256", "sha256=nothex"),
	} {
		if r.status != 401 {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
	if got := rec.take(); got != nil {
		t.Fatalf("refused notifications applied %+v", got)
	}
	bad := []byte(`{"entry":`)
	if r := post(bad, "X-Hub-Signature-256", whatsapptest.Sign(waSecret, bad)); r.status != 400 {
		t.Errorf("signed but malformed: %d", r.status)
	}
	big := []byte(`{"x":"` + strings.Repeat("a", 1<<20) + `"}`)
	if r := post(big, "X-Hub-Signature-256", whatsapptest.Sign(waSecret, big)); r.status != 400 {
		t.Errorf("over 1 MiB: %d", r.status)
	}
	// The outbox failing: 500, so Meta delivers it again.
	rec.fail = errors.New("database down")
	if r := post(body, "X-Hub-Signature-256", good); r.status != 500 {
		t.Errorf("apply failed: %d", r.status)
	}
	rec.fail = nil
	// No outbox configured: accepted and dropped. No app secret: nothing verifies.
	e.api.Messages = nil
	if r := post(body, "X-Hub-Signature-256", good); r.status != 200 {
		t.Errorf("no outbox: %d", r.status)
	}
	e.api.WhatsAppAppSecret = ""
	if r := post(body, "X-Hub-Signature-256", good); r.status != 401 {
		t.Errorf("no secret: %d", r.status)
	}
}

// Twilio's callbacks over HTTP: the signature is checked over the public URL
// (CARTA_BASE_URL + path + query), not the address this server was reached at; a status and an
// inbound reply are applied; a bad signature is 403 and applies nothing; the answer is empty
// TwiML.
func TestTwilioCallbackRoute(t *testing.T) {
	e, rec := messagingEnv(t)
	post := func(path string, form url.Values, sig string) result {
		h := []string{"Content-Type", "application/x-www-form-urlencoded"}
		if sig != "" {
			h = append(h, "X-Twilio-Signature", sig)
		}
		return e.do("POST", path, "", form.Encode(), h...)
	}
	status := twiliotest.StatusForm("AC1", "SM1", "undelivered", "30003")
	for _, name := range []string{"valid", "replayed"} {
		r := post("/api/webhooks/twilio", status, twiliotest.Sign(twToken, twURL, status))
		if r.status != 200 || r.body != "<Response/>" || !strings.HasPrefix(r.header.Get("Content-Type"), "text/xml") {
			t.Fatalf("%s: %d %q %v", name, r.status, r.body, r.header)
		}
		if got := rec.take(); !reflect.DeepEqual(got, []messaging.Event{{Channel: "sms", ProviderID: "SM1", Status: "failed", Error: "30003"}}) {
			t.Fatalf("%s: applied %+v", name, got)
		}
	}
	in := twiliotest.InboundForm("AC1", "+34600111222", "STOP")
	if r := post("/api/webhooks/twilio", in, twiliotest.Sign(twToken, twURL, in)); r.status != 200 || r.body != "<Response/>" {
		t.Fatalf("inbound: %d %s", r.status, r.body)
	}
	if got := rec.take(); !reflect.DeepEqual(got, []messaging.Event{{Channel: "sms", From: "+34600111222", Text: "STOP"}}) {
		t.Fatalf("inbound applied %+v", got)
	}
	// The query is part of the signed URL.
	if r := post("/api/webhooks/twilio?canal=sms", status, twiliotest.Sign(twToken, twURL+"?canal=sms", status)); r.status != 200 {
		t.Errorf("with a query: %d %s", r.status, r.body)
	}
	rec.take()
	// An intermediate status is acknowledged and not applied.
	queued := twiliotest.StatusForm("AC1", "SM2", "queued", "")
	if r := post("/api/webhooks/twilio", queued, twiliotest.Sign(twToken, twURL, queued)); r.status != 200 || rec.take() != nil {
		t.Errorf("queued: %d", r.status)
	}
	tampered := twiliotest.StatusForm("AC1", "SM1", "delivered", "")
	for name, r := range map[string]result{
		"tampered body":  post("/api/webhooks/twilio", tampered, twiliotest.Sign(twToken, twURL, status)),
		"wrong token":    post("/api/webhooks/twilio", status, twiliotest.Sign("other", twURL, status)),
		"missing header": post("/api/webhooks/twilio", status, ""),
		"the server's own address signed": post("/api/webhooks/twilio", status,
			twiliotest.Sign(twToken, e.srv.URL+"/api/webhooks/twilio", status)),
		"query not signed": post("/api/webhooks/twilio?x=1", status, twiliotest.Sign(twToken, twURL, status)),
	} {
		if r.status != 403 {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
	if got := rec.take(); got != nil {
		t.Fatalf("refused callbacks applied %+v", got)
	}
	r := e.do("POST", "/api/webhooks/twilio", "", "%zz", "Content-Type", "application/x-www-form-urlencoded", "X-Twilio-Signature", "x")
	if r.status != 400 {
		t.Errorf("malformed form: %d", r.status)
	}
	e.api.TwilioAuthToken = ""
	if r := post("/api/webhooks/twilio", status, twiliotest.Sign("", twURL, status)); r.status != 403 {
		t.Errorf("no token configured: %d", r.status)
	}
}

// The fakes' signed requests (what other packages' tests post) pass the handlers as they are.
func TestMessagingFakesSignedRequests(t *testing.T) {
	e, rec := messagingEnv(t)
	h := e.srv.Config.Handler
	at := time.Unix(1700000000, 0).UTC()
	body := whatsapptest.Notification("1065", []whatsapptest.Status{{ID: "wamid.Z", Status: "delivered", At: at}}, nil)
	for _, req := range []*http.Request{
		whatsapptest.Request("https://carta.example/api/webhooks/whatsapp", waSecret, body),
		twiliotest.StatusRequest(twURL, twToken, "AC1", "SM9", "read", ""),
		twiliotest.InboundRequest(twURL, twToken, "AC1", "+12125550123", "STOP"),
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != 200 {
			t.Fatalf("%s: %d %s", req.URL, w.Code, w.Body)
		}
	}
	want := []messaging.Event{{Channel: "whatsapp", ProviderID: "wamid.Z", Status: "delivered", At: at},
		{Channel: "sms", ProviderID: "SM9", Status: "read"}, {Channel: "sms", From: "+12125550123", Text: "STOP"}}
	if got := rec.take(); !reflect.DeepEqual(got, want) {
		t.Fatalf("applied %+v", got)
	}
}

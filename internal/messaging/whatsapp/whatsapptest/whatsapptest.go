// Package whatsapptest is a fake WhatsApp Cloud API for tests: an httptest server that accepts
// template messages at POST /{version}/{phone-number-id}/messages in Meta's documented shape,
// checks the Bearer token, records what it received and answers a "wamid"; it can be told to
// answer a Graph API error, a 429 with Retry-After, or to hang. Notification and Sign build
// webhook notifications signed as Meta signs them (X-Hub-Signature-256), for the webhook's
// tests. The signature is computed here independently of package whatsapp, so the two check
// each other.
package whatsapptest

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"
)

// Template is a received message's template, as Meta documents it.
type Template struct {
	Name     string `json:"name"`
	Language struct {
		Code string `json:"code"`
	} `json:"language"`
	Components []struct {
		Type       string `json:"type"`
		Parameters []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"parameters"`
	} `json:"components"`
}

// Sent is one message the fake accepted (or refused: see Status).
type Sent struct {
	Version, PhoneNumberID string
	Authorization          string // the header as received
	ContentType            string
	MessagingProduct       string `json:"messaging_product"`
	To                     string `json:"to"`
	Type                   string `json:"type"`
	Template               Template
	Raw                    []byte // the body as received
	Status                 int    // what the fake answered
	ID                     string // the wamid answered (200 only)
}

// BodyParams returns the body component's text parameters in order.
func (s Sent) BodyParams() []string {
	var out []string
	for _, c := range s.Template.Components {
		if c.Type == "body" {
			for _, p := range c.Parameters {
				out = append(out, p.Text)
			}
		}
	}
	return out
}

// failure is an injected answer.
type failure struct {
	status     int
	code       int
	message    string
	retryAfter string
}

// Server is a running fake; its URL is the BaseURL to give whatsapp.Client.
type Server struct {
	*httptest.Server
	PhoneNumberID, Token string

	mu      sync.Mutex
	sent    []Sent
	fails   []failure
	hang    bool
	release chan struct{}
	next    int
}

// NewServer starts a fake for the business number phoneNumberID that accepts token; it closes
// when the test ends (releasing hung requests first).
func NewServer(t testing.TB, phoneNumberID, token string) *Server {
	t.Helper()
	s := &Server{PhoneNumberID: phoneNumberID, Token: token, release: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /{version}/{phone}/messages", s.messages)
	s.Server = httptest.NewServer(mux)
	t.Cleanup(func() {
		s.mu.Lock()
		select {
		case <-s.release:
		default:
			close(s.release)
		}
		s.mu.Unlock()
		s.Close()
	})
	return s
}

// Fail makes the next request answer status with a Graph API error of code and message (e.g.
// 400, 132001 "Template name does not exist in the translation"), with Retry-After: retryAfter
// when it is not empty. Calls queue: each answers one request.
func (s *Server) Fail(status, code int, message, retryAfter string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fails = append(s.fails, failure{status: status, code: code, message: message, retryAfter: retryAfter})
}

// Throttle makes the next request answer 429 with Meta's throughput error (130429) and
// Retry-After: seconds.
func (s *Server) Throttle(seconds int) {
	s.Fail(http.StatusTooManyRequests, 130429, "Rate limit hit", strconv.Itoa(seconds))
}

// Hang makes every later request wait, unanswered, until the client gives up (its context or
// time-out) or the test ends.
func (s *Server) Hang() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hang = true
}

// Sent returns the messages received so far, in order.
func (s *Server) Sent() []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Sent(nil), s.sent...)
}

func (s *Server) messages(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	rec := Sent{Version: r.PathValue("version"), PhoneNumberID: r.PathValue("phone"),
		Authorization: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type"), Raw: raw}
	s.mu.Lock()
	hang := s.hang
	s.mu.Unlock()
	if hang {
		select {
		case <-r.Context().Done():
		case <-s.release:
		}
		return
	}
	answer := func(status int, v any) {
		rec.Status = status
		s.mu.Lock()
		s.sent = append(s.sent, rec)
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(v)
	}
	// Graph API errors as Meta documents them (the "WhatsApp error codes" page).
	graphErr := func(status, code int, typ, message string) {
		answer(status, map[string]any{"error": map[string]any{"message": message, "type": typ, "code": code,
			"error_data": map[string]any{"messaging_product": "whatsapp", "details": message}, "fbtrace_id": "Afake"}})
	}
	if rec.Authorization != "Bearer "+s.Token {
		graphErr(http.StatusUnauthorized, 190, "OAuthException", "Invalid OAuth access token - Cannot parse access token")
		return
	}
	if rec.PhoneNumberID != s.PhoneNumberID {
		graphErr(http.StatusBadRequest, 100, "GraphMethodException", "Unsupported post request. Object with ID '"+rec.PhoneNumberID+"' does not exist")
		return
	}
	var body struct {
		MessagingProduct string   `json:"messaging_product"`
		To               string   `json:"to"`
		Type             string   `json:"type"`
		Template         Template `json:"template"`
	}
	if err := json.Unmarshal(raw, &body); err != nil || body.MessagingProduct != "whatsapp" || body.To == "" {
		graphErr(http.StatusBadRequest, 100, "OAuthException", "(#100) Invalid parameter")
		return
	}
	rec.MessagingProduct, rec.To, rec.Type, rec.Template = body.MessagingProduct, body.To, body.Type, body.Template
	if body.Type != "template" || body.Template.Name == "" || body.Template.Language.Code == "" {
		graphErr(http.StatusBadRequest, 131008, "OAuthException", "(#131008) Required parameter is missing")
		return
	}
	s.mu.Lock()
	var f *failure
	if len(s.fails) > 0 {
		f = &s.fails[0]
		s.fails = s.fails[1:]
	}
	s.next++
	id := fmt.Sprintf("wamid.FAKE%06d", s.next)
	s.mu.Unlock()
	if f != nil {
		if f.retryAfter != "" {
			w.Header().Set("Retry-After", f.retryAfter)
		}
		graphErr(f.status, f.code, "OAuthException", fmt.Sprintf("(#%d) %s", f.code, f.message))
		return
	}
	rec.ID = id
	answer(http.StatusOK, map[string]any{"messaging_product": "whatsapp",
		"contacts": []map[string]string{{"input": body.To, "wa_id": body.To}},
		"messages": []map[string]string{{"id": id}}})
}

// Sign returns the X-Hub-Signature-256 header Meta sends with body.
func Sign(appSecret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(appSecret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// Status is one delivery status of a notification; Code and Message, when set, are its error.
type Status struct {
	ID, Status string
	At         time.Time
	Code       int
	Message    string
}

// Reply is one message a diner sent; Button sends it as a template's quick-reply button.
type Reply struct {
	From, Text string // From as Meta gives it: digits without "+"
	Button     bool
	At         time.Time
}

// Notification builds a "messages" webhook body as Meta documents it, for the business number
// phoneNumberID, carrying statuses and replies.
func Notification(phoneNumberID string, statuses []Status, replies []Reply) []byte {
	value := map[string]any{"messaging_product": "whatsapp",
		"metadata": map[string]string{"display_phone_number": "15550001234", "phone_number_id": phoneNumberID}}
	var sts []map[string]any
	for _, st := range statuses {
		m := map[string]any{"id": st.ID, "status": st.Status, "timestamp": strconv.FormatInt(st.At.Unix(), 10), "recipient_id": "34600111222"}
		if st.Code != 0 {
			m["errors"] = []map[string]any{{"code": st.Code, "title": st.Message, "message": st.Message,
				"error_data": map[string]string{"details": st.Message}}}
		}
		sts = append(sts, m)
	}
	var msgs, contacts []map[string]any
	for i, r := range replies {
		m := map[string]any{"from": r.From, "id": fmt.Sprintf("wamid.IN%06d", i+1), "timestamp": strconv.FormatInt(r.At.Unix(), 10)}
		if r.Button {
			m["type"] = "button"
			m["button"] = map[string]string{"text": r.Text, "payload": r.Text}
		} else {
			m["type"] = "text"
			m["text"] = map[string]string{"body": r.Text}
		}
		msgs = append(msgs, m)
		contacts = append(contacts, map[string]any{"profile": map[string]string{"name": "Diner"}, "wa_id": r.From})
	}
	if sts != nil {
		value["statuses"] = sts
	}
	if msgs != nil {
		value["messages"] = msgs
		value["contacts"] = contacts
	}
	b, _ := json.Marshal(map[string]any{"object": "whatsapp_business_account",
		"entry": []any{map[string]any{"id": "102290129340398", "changes": []any{map[string]any{"field": "messages", "value": value}}}}})
	return b
}

// Request builds the POST Meta sends to target (the webhook's full URL) with body, signed with
// appSecret.
func Request(target, appSecret string, body []byte) *http.Request {
	r := httptest.NewRequest(http.MethodPost, target, bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Hub-Signature-256", Sign(appSecret, body))
	return r
}

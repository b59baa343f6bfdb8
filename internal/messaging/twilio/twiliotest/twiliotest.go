// Package twiliotest is a fake Twilio Messages API for tests: an httptest server that accepts
// POST /2010-04-01/Accounts/{AccountSid}/Messages.json as Twilio documents it (form-encoded,
// HTTP basic auth with the Account SID and Auth Token), records what it received and answers a
// Message SID; it can be told to answer a Twilio error, a 429 with Retry-After, or to hang.
// StatusRequest and InboundRequest build callbacks signed as Twilio signs them
// (X-Twilio-Signature), for the webhook's tests. The signature is computed here independently
// of package twilio, so the two check each other.
package twiliotest

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Sent is one message request the fake received.
type Sent struct {
	AccountSID          string // from the path
	User, Password      string // basic auth
	ContentType         string
	To, From, Body      string
	MessagingServiceSid string
	StatusCallback      string
	Form                url.Values
	Status              int    // what the fake answered
	SID                 string // the Message SID answered (201 only)
}

type failure struct {
	status     int
	code       int
	message    string
	retryAfter string
}

// Server is a running fake; its URL is the BaseURL to give twilio.Client.
type Server struct {
	*httptest.Server
	AccountSID, AuthToken string

	mu      sync.Mutex
	sent    []Sent
	fails   []failure
	hang    bool
	release chan struct{}
	next    int
}

// NewServer starts a fake account; it closes when the test ends (releasing hung requests).
func NewServer(t testing.TB, accountSID, authToken string) *Server {
	t.Helper()
	s := &Server{AccountSID: accountSID, AuthToken: authToken, release: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2010-04-01/Accounts/{sid}/Messages.json", s.messages)
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

// Fail makes the next request answer status with Twilio's error code and message (e.g. 400,
// 21211 "The 'To' number is not a valid phone number."), with Retry-After: retryAfter when it is
// not empty. Calls queue: each answers one request.
func (s *Server) Fail(status, code int, message, retryAfter string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fails = append(s.fails, failure{status: status, code: code, message: message, retryAfter: retryAfter})
}

// Throttle makes the next request answer 429 (Twilio's 20429) with Retry-After: seconds.
func (s *Server) Throttle(seconds int) {
	s.Fail(http.StatusTooManyRequests, 20429, "Too Many Requests", strconv.Itoa(seconds))
}

// Hang makes every later request wait unanswered until the client gives up or the test ends.
func (s *Server) Hang() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hang = true
}

// Sent returns the requests received so far, in order.
func (s *Server) Sent() []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Sent(nil), s.sent...)
}

func (s *Server) messages(w http.ResponseWriter, r *http.Request) {
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
	user, pass, _ := r.BasicAuth()
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	_ = r.ParseForm()
	rec := Sent{AccountSID: r.PathValue("sid"), User: user, Password: pass, ContentType: r.Header.Get("Content-Type"),
		To: r.PostForm.Get("To"), From: r.PostForm.Get("From"), Body: r.PostForm.Get("Body"),
		MessagingServiceSid: r.PostForm.Get("MessagingServiceSid"), StatusCallback: r.PostForm.Get("StatusCallback"), Form: r.PostForm}
	answer := func(status int, v any) {
		rec.Status = status
		s.mu.Lock()
		s.sent = append(s.sent, rec)
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(v)
	}
	// Twilio's error answer ("REST API: Errors").
	apiErr := func(status, code int, message string) {
		answer(status, map[string]any{"code": code, "message": message,
			"more_info": fmt.Sprintf("https://www.twilio.com/docs/errors/%d", code), "status": status})
	}
	if user != s.AccountSID || pass != s.AuthToken || rec.AccountSID != s.AccountSID {
		apiErr(http.StatusUnauthorized, 20003, "Authenticate")
		return
	}
	if rec.To == "" {
		apiErr(http.StatusBadRequest, 21604, "A 'To' phone number is required.")
		return
	}
	if rec.From == "" && rec.MessagingServiceSid == "" {
		apiErr(http.StatusBadRequest, 21603, "A 'From' phone number is required.")
		return
	}
	if rec.Body == "" {
		apiErr(http.StatusBadRequest, 21602, "Message body is required.")
		return
	}
	s.mu.Lock()
	var f *failure
	if len(s.fails) > 0 {
		f = &s.fails[0]
		s.fails = s.fails[1:]
	}
	s.next++
	sid := fmt.Sprintf("SM%032d", s.next)
	s.mu.Unlock()
	if f != nil {
		if f.retryAfter != "" {
			w.Header().Set("Retry-After", f.retryAfter)
		}
		apiErr(f.status, f.code, f.message)
		return
	}
	rec.SID = sid
	answer(http.StatusCreated, map[string]any{"sid": sid, "account_sid": s.AccountSID, "to": rec.To, "from": rec.From,
		"messaging_service_sid": nilIfEmpty(rec.MessagingServiceSid), "body": rec.Body, "status": "queued",
		"num_segments": "1", "direction": "outbound-api", "api_version": "2010-04-01", "error_code": nil, "error_message": nil,
		"uri": "/2010-04-01/Accounts/" + s.AccountSID + "/Messages/" + sid + ".json"})
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Sign returns the X-Twilio-Signature Twilio sends with form posted to fullURL.
func Sign(authToken, fullURL string, form url.Values) string {
	keys := make([]string, 0, len(form))
	for k := range form {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	data := fullURL
	for _, k := range keys {
		vals := append([]string(nil), form[k]...)
		sort.Strings(vals)
		for i, v := range vals {
			if i > 0 && vals[i-1] == v {
				continue
			}
			data += k + v
		}
	}
	m := hmac.New(sha1.New, []byte(authToken))
	m.Write([]byte(data))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// StatusForm is a status callback's form as Twilio documents it ("Track the message status of
// outbound messages"); errorCode "" when the message did not fail.
func StatusForm(accountSID, messageSID, status, errorCode string) url.Values {
	f := url.Values{"AccountSid": {accountSID}, "ApiVersion": {"2010-04-01"}, "From": {"+15005550006"},
		"To": {"+34600111222"}, "MessageSid": {messageSID}, "SmsSid": {messageSID}, "MessageStatus": {status}, "SmsStatus": {status}}
	if errorCode != "" {
		f.Set("ErrorCode", errorCode)
	}
	return f
}

// InboundForm is an incoming message's form as Twilio documents it ("Messaging webhooks").
func InboundForm(accountSID, from, body string) url.Values {
	return url.Values{"AccountSid": {accountSID}, "ApiVersion": {"2010-04-01"}, "From": {from}, "To": {"+15005550006"},
		"Body": {body}, "NumMedia": {"0"}, "NumSegments": {"1"}, "MessageSid": {"SM" + strings.Repeat("9", 32)},
		"SmsMessageSid": {"SM" + strings.Repeat("9", 32)}, "SmsStatus": {"received"}}
}

// Request builds the POST Twilio sends to fullURL with form, signed with authToken.
func Request(fullURL, authToken string, form url.Values) *http.Request {
	r := httptest.NewRequest(http.MethodPost, fullURL, strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("X-Twilio-Signature", Sign(authToken, fullURL, form))
	return r
}

// StatusRequest is a signed status callback (see StatusForm).
func StatusRequest(fullURL, authToken, accountSID, messageSID, status, errorCode string) *http.Request {
	return Request(fullURL, authToken, StatusForm(accountSID, messageSID, status, errorCode))
}

// InboundRequest is a signed incoming message (see InboundForm).
func InboundRequest(fullURL, authToken, accountSID, from, body string) *http.Request {
	return Request(fullURL, authToken, InboundForm(accountSID, from, body))
}

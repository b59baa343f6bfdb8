// Package twilio sends SMS through Twilio's Programmable Messaging API and reads its signed
// callbacks (delivery statuses and the diners' replies).
//
// Wire formats relied on (Twilio's documentation, twilio.com/docs):
//   - Send ("Message resource", Create a Message): POST
//     https://api.twilio.com/2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth with
//     the Account SID and Auth Token, a form-encoded body with To, From (a Twilio number) or
//     MessagingServiceSid, Body and StatusCallback; the JSON answer's "sid" ("SM…") names it.
//   - Errors ("REST API: Errors"): {"code":21211,"message":"The 'To' number … is not a valid phone
//     number.","more_info":"https://www.twilio.com/docs/errors/21211","status":400}. 429 is
//     "Too Many Requests" (error 20429), answered with Retry-After when Twilio knows the wait.
//   - Callbacks ("Webhooks security"): signed with X-Twilio-Signature, the base64 of the
//     HMAC-SHA1, keyed with the Auth Token, of the full URL Twilio called followed by every POST
//     parameter's name and value, sorted by name (webhook.go).
package twilio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"carta/internal/messaging"
)

// DefaultBaseURL is Twilio's REST API host.
const DefaultBaseURL = "https://api.twilio.com"

// maxAnswer bounds how much of an answer is read.
const maxAnswer = 1 << 20

// defaultRetry is the wait of a 429 without Retry-After.
const defaultRetry = 10 * time.Second

// Client sends SMS from one Twilio account. It implements messaging.Sender.
type Client struct {
	BaseURL    string // DefaultBaseURL when empty
	AccountSID string // "AC…"
	AuthToken  string // never logged
	// From is the sending number (E.164); MessagingServiceSID ("MG…") a messaging service,
	// which then chooses the number and wins over From.
	From, MessagingServiceSID string
	// StatusCallback is the URL Twilio posts delivery statuses to (…/api/webhooks/twilio);
	// empty: none asked.
	StatusCallback string
	HTTP           *http.Client
}

var _ messaging.Sender = (*Client)(nil)

// apiError is Twilio's error answer.
type apiError struct {
	Code     int    `json:"code"`
	Message  string `json:"message"`
	MoreInfo string `json:"more_info"`
	Status   int    `json:"status"`
}

// Send sends m.Text to m.To and returns the Message SID. A refused request (a bad number, an
// unsubscribed recipient: Twilio's 4xx with its code) wraps messaging.ErrPermanent; a 429 (or a
// 503 with Retry-After) is a *messaging.RetryAfter; a 5xx, a lost connection or a time-out is a
// plain error worth retrying.
func (c *Client) Send(ctx context.Context, m messaging.Message) (string, error) {
	if m.To == "" || strings.TrimSpace(m.Text) == "" {
		return "", fmt.Errorf("twilio: a message needs a recipient and a text: %w", messaging.ErrPermanent)
	}
	form := url.Values{"To": {m.To}, "Body": {m.Text}}
	if c.MessagingServiceSID != "" {
		form.Set("MessagingServiceSid", c.MessagingServiceSID)
	} else {
		form.Set("From", c.From)
	}
	if c.StatusCallback != "" {
		form.Set("StatusCallback", c.StatusCallback)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint(), strings.NewReader(form.Encode()))
	if err != nil {
		return "", fmt.Errorf("twilio: %w: %w", err, messaging.ErrPermanent)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.SetBasicAuth(c.AccountSID, c.AuthToken)
	resp, err := c.httpClient().Do(req)
	if err != nil {
		return "", fmt.Errorf("twilio: send: %w", err) // time-out, connection: retry
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return "", fmt.Errorf("twilio: read answer: %w", err)
	}
	if resp.StatusCode/100 == 2 {
		var ok struct {
			SID string `json:"sid"`
		}
		if err := json.Unmarshal(answer, &ok); err != nil || ok.SID == "" {
			return "", fmt.Errorf("twilio: answer %d without a message sid", resp.StatusCode)
		}
		return ok.SID, nil
	}
	var e apiError
	_ = json.Unmarshal(answer, &e)
	desc := fmt.Sprintf("twilio: HTTP %d", resp.StatusCode)
	if e.Code != 0 || e.Message != "" {
		desc = fmt.Sprintf("twilio: HTTP %d: %d %s", resp.StatusCode, e.Code, e.Message)
	}
	after, hasAfter := retryAfter(resp.Header.Get("Retry-After"))
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		if !hasAfter {
			after = defaultRetry
		}
		return "", &messaging.RetryAfter{After: after, Err: errors.New(desc)}
	case resp.StatusCode == http.StatusServiceUnavailable && hasAfter:
		return "", &messaging.RetryAfter{After: after, Err: errors.New(desc)}
	case resp.StatusCode >= 500:
		return "", errors.New(desc)
	case resp.StatusCode >= 400:
		return "", fmt.Errorf("%s: %w", desc, messaging.ErrPermanent)
	}
	return "", errors.New(desc)
}

// retryAfter reads a Retry-After header's seconds.
func retryAfter(h string) (time.Duration, bool) {
	s, err := strconv.Atoi(strings.TrimSpace(h))
	if err != nil || s < 0 {
		return 0, false
	}
	return time.Duration(s) * time.Second, true
}

func (c *Client) endpoint() string {
	base := strings.TrimRight(c.BaseURL, "/")
	if base == "" {
		base = DefaultBaseURL
	}
	return base + "/2010-04-01/Accounts/" + url.PathEscape(c.AccountSID) + "/Messages.json"
}

func (c *Client) httpClient() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return &http.Client{Timeout: 20 * time.Second}
}

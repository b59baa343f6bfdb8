// Package whatsapp sends template messages through Meta's WhatsApp Cloud API and reads its signed
// webhooks (delivery statuses and the diners' replies).
//
// Wire formats relied on (Meta's documentation, developers.facebook.com/docs/whatsapp/cloud-api):
//   - Send: POST https://graph.facebook.com/{version}/{phone-number-id}/messages with
//     "Authorization: Bearer <token>" and a JSON body {"messaging_product":"whatsapp","to":…,
//     "type":"template","template":{"name":…,"language":{"code":…},"components":[{"type":"body",
//     "parameters":[{"type":"text","text":…}]}]}}; the answer is {"messaging_product":"whatsapp",
//     "contacts":[{"input":…,"wa_id":…}],"messages":[{"id":"wamid.…"}]}.
//   - Errors are Graph API errors: {"error":{"message":…,"type":…,"code":…,"error_subcode":…,
//     "error_data":{"messaging_product":"whatsapp","details":…},"fbtrace_id":…}}. Meta asks
//     clients to act on "code" (the "WhatsApp error codes" page): 4 (application request
//     limit), 80007 (the business account's rate limit), 130429 (Cloud API throughput),
//     131048 (spam rate limit) and 131056 (a business–consumer pair's rate limit, about one
//     message every 6 seconds) are throttling: wait and send again.
//   - Webhooks: a GET verification request with hub.mode=subscribe, hub.verify_token and
//     hub.challenge (answer the challenge when the token is ours), and POST notifications signed
//     with "X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body keyed with the app
//     secret>" (webhook.go).
package whatsapp

import (
	"bytes"
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

// DefaultBaseURL is the Graph API's host; DefaultVersion the Graph API version used when none is
// configured.
const (
	DefaultBaseURL = "https://graph.facebook.com"
	DefaultVersion = "v21.0"
)

// maxAnswer bounds how much of an answer is read.
const maxAnswer = 1 << 20

// Client sends messages from one WhatsApp business phone number. It implements messaging.Sender.
type Client struct {
	BaseURL       string // DefaultBaseURL when empty
	Version       string // DefaultVersion when empty
	PhoneNumberID string // the business phone number's id (not the number)
	Token         string // a system user's access token; sent as a Bearer token, never logged
	HTTP          *http.Client
}

var _ messaging.Sender = (*Client)(nil)

// throttleCodes are Meta's error codes that ask to slow down, with how long to wait when the
// answer has no Retry-After.
var throttleCodes = map[int]time.Duration{
	4:      time.Minute,      // application request limit reached
	80007:  time.Minute,      // the WhatsApp business account's rate limit
	130429: 5 * time.Second,  // Cloud API throughput reached
	131048: 10 * time.Minute, // spam rate limit: too many messages were blocked or flagged
	131056: 6 * time.Second,  // pair rate limit: too many messages to this one recipient
}

// defaultRetry is the wait of a 429 that names neither a known code nor Retry-After.
const defaultRetry = 30 * time.Second

type sendBody struct {
	MessagingProduct string   `json:"messaging_product"`
	RecipientType    string   `json:"recipient_type"`
	To               string   `json:"to"`
	Type             string   `json:"type"`
	Template         template `json:"template"`
}

type template struct {
	Name       string      `json:"name"`
	Language   language    `json:"language"`
	Components []component `json:"components,omitempty"`
}

type language struct {
	Code string `json:"code"`
}

type component struct {
	Type       string      `json:"type"`
	Parameters []parameter `json:"parameters"`
}

type parameter struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// graphError is a Graph API error answer.
type graphError struct {
	Error struct {
		Message      string `json:"message"`
		Type         string `json:"type"`
		Code         int    `json:"code"`
		ErrorSubcode int    `json:"error_subcode"`
		ErrorData    struct {
			Details string `json:"details"`
		} `json:"error_data"`
		FBTraceID string `json:"fbtrace_id"`
	} `json:"error"`
}

// Send sends m as a template message (m.Template with m.Params as the body's variables, in
// m.Lang) and returns its WhatsApp message id ("wamid.…"). A refusal of the request, the number
// or the template wraps messaging.ErrPermanent; throttling is a *messaging.RetryAfter; a 5xx,
// a lost connection or a time-out is a plain error worth retrying.
func (c *Client) Send(ctx context.Context, m messaging.Message) (string, error) {
	if m.Template == "" {
		return "", fmt.Errorf("whatsapp: a message needs a template: %w", messaging.ErrPermanent)
	}
	to := strings.TrimPrefix(m.To, "+") // the Cloud API takes the number with or without "+"
	if to == "" {
		return "", fmt.Errorf("whatsapp: a message needs a recipient: %w", messaging.ErrPermanent)
	}
	lang := m.Lang
	if lang == "" {
		lang = "es"
	}
	body := sendBody{MessagingProduct: "whatsapp", RecipientType: "individual", To: to, Type: "template",
		Template: template{Name: m.Template, Language: language{Code: lang}}}
	if len(m.Params) > 0 {
		params := make([]parameter, len(m.Params))
		for i, p := range m.Params {
			params[i] = parameter{Type: "text", Text: p}
		}
		body.Template.Components = []component{{Type: "body", Parameters: params}}
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint(), bytes.NewReader(raw))
	if err != nil {
		return "", fmt.Errorf("whatsapp: %w: %w", err, messaging.ErrPermanent)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.Token)
	resp, err := c.httpClient().Do(req)
	if err != nil {
		return "", fmt.Errorf("whatsapp: send: %w", err) // time-out, connection: retry
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return "", fmt.Errorf("whatsapp: read answer: %w", err)
	}
	if resp.StatusCode/100 == 2 {
		var ok struct {
			Messages []struct {
				ID string `json:"id"`
			} `json:"messages"`
		}
		if err := json.Unmarshal(answer, &ok); err != nil || len(ok.Messages) == 0 || ok.Messages[0].ID == "" {
			// Meta accepted something but the answer is not what it documents: the message may
			// have gone; retrying may send it twice, failing it loses it. Retry: the outbox's
			// attempts are bounded and a duplicate "ready" beats a lost one.
			return "", fmt.Errorf("whatsapp: answer %d without a message id", resp.StatusCode)
		}
		return ok.Messages[0].ID, nil
	}
	return "", classify(resp, answer)
}

// classify turns an error answer into the error Send returns.
func classify(resp *http.Response, answer []byte) error {
	var g graphError
	_ = json.Unmarshal(answer, &g)
	e := g.Error
	desc := fmt.Sprintf("whatsapp: HTTP %d", resp.StatusCode)
	if e.Code != 0 || e.Message != "" {
		desc = fmt.Sprintf("whatsapp: HTTP %d: (#%d) %s", resp.StatusCode, e.Code, e.Message)
		if e.ErrorData.Details != "" {
			desc += ": " + e.ErrorData.Details
		}
	}
	wait, throttled := throttleCodes[e.Code]
	if after, ok := retryAfter(resp.Header.Get("Retry-After")); ok {
		wait = after
		throttled = throttled || resp.StatusCode == http.StatusServiceUnavailable
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		throttled = true
		if wait == 0 {
			wait = defaultRetry
		}
	}
	switch {
	case throttled:
		return &messaging.RetryAfter{After: wait, Err: errors.New(desc)}
	case resp.StatusCode >= 500:
		return errors.New(desc)
	case resp.StatusCode >= 400:
		return fmt.Errorf("%s: %w", desc, messaging.ErrPermanent)
	}
	return errors.New(desc) // 1xx/3xx: not an answer Meta documents; try again
}

// retryAfter reads a Retry-After header's seconds (an HTTP date is not used by Meta nor Twilio).
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
	v := c.Version
	if v == "" {
		v = DefaultVersion
	}
	return base + "/" + url.PathEscape(v) + "/" + url.PathEscape(c.PhoneNumberID) + "/messages"
}

func (c *Client) httpClient() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return &http.Client{Timeout: 20 * time.Second}
}

package whatsapp

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"carta/internal/messaging"
)

// SignatureHeader is the header Meta signs webhook notifications with:
// "sha256=<hex HMAC-SHA256 of the raw body, keyed with the app secret>".
const SignatureHeader = "X-Hub-Signature-256"

// MaxBody bounds a notification's body. Meta batches at most a few hundred updates in one
// notification, far below it; the HTTP handler reads no more than this either.
const MaxBody = 1 << 20

// ErrBadSignature is a notification whose signature is missing or wrong (or no app secret is
// configured): nothing in it may be believed.
var ErrBadSignature = errors.New("whatsapp: bad webhook signature")

// VerifyChallenge answers Meta's webhook verification request (GET with hub.mode=subscribe,
// hub.verify_token, hub.challenge): ok when the mode is subscribe and the token equals
// verifyToken (compared in constant time; an empty verifyToken verifies nothing), and then the
// challenge to echo back as the answer's body.
func VerifyChallenge(q url.Values, verifyToken string) (challenge string, ok bool) {
	if verifyToken == "" || q.Get("hub.mode") != "subscribe" {
		return "", false
	}
	challenge = q.Get("hub.challenge")
	if challenge == "" {
		return "", false
	}
	if subtle.ConstantTimeCompare([]byte(q.Get("hub.verify_token")), []byte(verifyToken)) != 1 {
		return "", false
	}
	return challenge, true
}

// VerifySignature checks an X-Hub-Signature-256 header against the raw body.
//
// Meta's signature covers the body only: there is no timestamp, so a captured notification
// can be replayed as long as the app secret is not rotated. A replay reports what was already
// reported (a status a message already has, a reply already read), and messaging.Events'
// Apply is required to be idempotent on both (the outbox's: recording a status the message
// already has changes nothing, and opting out twice leaves the consent withdrawn once). Meta
// retries a notification it got no 2xx for, so Apply sees duplicates even without an attacker.
func VerifySignature(body []byte, header, appSecret string) error {
	if appSecret == "" {
		return fmt.Errorf("%w: no app secret configured", ErrBadSignature)
	}
	hexSig, ok := strings.CutPrefix(strings.TrimSpace(header), "sha256=")
	if !ok {
		return fmt.Errorf("%w: no sha256 signature", ErrBadSignature)
	}
	sig, err := hex.DecodeString(hexSig)
	if err != nil || len(sig) != sha256.Size {
		return fmt.Errorf("%w: malformed signature", ErrBadSignature)
	}
	m := hmac.New(sha256.New, []byte(appSecret))
	m.Write(body)
	if !hmac.Equal(sig, m.Sum(nil)) {
		return fmt.Errorf("%w: signature mismatch", ErrBadSignature)
	}
	return nil
}

// notification is a webhook body of the "messages" field (Meta's "Webhooks" reference for the
// WhatsApp Business Account object): entry[].changes[].value carries statuses[] of messages
// sent and messages[] the diners sent.
type notification struct {
	Object string `json:"object"`
	Entry  []struct {
		ID      string `json:"id"`
		Changes []struct {
			Field string `json:"field"`
			Value struct {
				Statuses []struct {
					ID          string `json:"id"`
					Status      string `json:"status"`
					Timestamp   string `json:"timestamp"`
					RecipientID string `json:"recipient_id"`
					Errors      []struct {
						Code      int    `json:"code"`
						Title     string `json:"title"`
						Message   string `json:"message"`
						ErrorData struct {
							Details string `json:"details"`
						} `json:"error_data"`
					} `json:"errors"`
				} `json:"statuses"`
				Messages []struct {
					From      string `json:"from"`
					ID        string `json:"id"`
					Timestamp string `json:"timestamp"`
					Type      string `json:"type"`
					Text      struct {
						Body string `json:"body"`
					} `json:"text"`
					// A quick-reply button of a template: its label.
					Button struct {
						Text    string `json:"text"`
						Payload string `json:"payload"`
					} `json:"button"`
					// An interactive message's reply button or list row: its title.
					Interactive struct {
						Type        string `json:"type"`
						ButtonReply struct {
							ID    string `json:"id"`
							Title string `json:"title"`
						} `json:"button_reply"`
						ListReply struct {
							ID    string `json:"id"`
							Title string `json:"title"`
						} `json:"list_reply"`
					} `json:"interactive"`
				} `json:"messages"`
			} `json:"value"`
		} `json:"changes"`
	} `json:"entry"`
}

// ParseNotification verifies a notification's signature (see VerifySignature; failures wrap
// ErrBadSignature) and decodes its delivery statuses and inbound messages into events, in the
// order they came. Statuses other than sent, delivered, read and failed, and messages with
// nothing to read (an image, a location), are left out; a reply's From is +E.164. A body over
// MaxBody or not the documented JSON is an error (not ErrBadSignature).
func ParseNotification(body []byte, signatureHeader, appSecret string) ([]messaging.Event, error) {
	if len(body) > MaxBody {
		return nil, fmt.Errorf("whatsapp: notification of %d bytes, over %d", len(body), MaxBody)
	}
	if err := VerifySignature(body, signatureHeader, appSecret); err != nil {
		return nil, err
	}
	return decode(body)
}

func decode(body []byte) ([]messaging.Event, error) {
	var n notification
	if err := json.Unmarshal(body, &n); err != nil {
		return nil, fmt.Errorf("whatsapp: notification: %w", err)
	}
	var evs []messaging.Event
	for _, e := range n.Entry {
		for _, ch := range e.Changes {
			for _, st := range ch.Value.Statuses {
				status := strings.ToLower(strings.TrimSpace(st.Status))
				switch status {
				case messaging.StatusSent, messaging.StatusDelivered, messaging.StatusRead, messaging.StatusFailed:
				default:
					continue // "deleted", "warning", future ones: nothing the outbox records
				}
				if st.ID == "" {
					continue
				}
				ev := messaging.Event{Channel: messaging.ChannelWhatsApp, ProviderID: st.ID, Status: status, At: unix(st.Timestamp)}
				if len(st.Errors) > 0 {
					er := st.Errors[0]
					words := er.Message
					if words == "" {
						words = er.Title
					}
					if er.ErrorData.Details != "" && er.ErrorData.Details != words {
						words += ": " + er.ErrorData.Details
					}
					ev.Error = strings.TrimSpace(fmt.Sprintf("%d %s", er.Code, words))
				}
				evs = append(evs, ev)
			}
			for _, m := range ch.Value.Messages {
				from, ok := waID(m.From)
				if !ok {
					continue
				}
				text := m.Text.Body
				switch {
				case m.Button.Text != "":
					text = m.Button.Text
				case m.Interactive.ButtonReply.Title != "":
					text = m.Interactive.ButtonReply.Title
				case m.Interactive.ListReply.Title != "":
					text = m.Interactive.ListReply.Title
				}
				if strings.TrimSpace(text) == "" {
					continue
				}
				evs = append(evs, messaging.Event{Channel: messaging.ChannelWhatsApp, From: from, Text: text, At: unix(m.Timestamp)})
			}
		}
	}
	return evs, nil
}

// waID turns a WhatsApp id (the sender's number in international form without "+",
// "34600111222") into +E.164.
func waID(s string) (string, bool) {
	p, err := messaging.Phone("+"+strings.TrimPrefix(strings.TrimSpace(s), "+"), "")
	return p, err == nil
}

// unix reads Meta's timestamps: Unix seconds as a string (zero time when absent or malformed).
func unix(s string) time.Time {
	sec, err := strconv.ParseInt(s, 10, 64)
	if err != nil || sec <= 0 {
		return time.Time{}
	}
	return time.Unix(sec, 0).UTC()
}

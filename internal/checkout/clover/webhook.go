package clover

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"carta/internal/checkout"
)

// SignatureHeader is the header Clover signs hosted-checkout webhooks with:
// "t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>".
const SignatureHeader = "Clover-Signature"

// DefaultTolerance is how old (or how far in the future) a signed timestamp may be.
const DefaultTolerance = 5 * time.Minute

// VerifySignature checks a Clover-Signature header against the raw request body and the
// restaurant's signing secret (generated in its Hosted Checkout settings). Every failure wraps
// checkout.ErrBadSignature. A tolerance of zero or less means DefaultTolerance; the window
// bounds replays of a captured notification.
func VerifySignature(header string, body []byte, secret string, now time.Time, tolerance time.Duration) error {
	if secret == "" {
		return fmt.Errorf("%w: no signing secret configured", checkout.ErrBadSignature)
	}
	if tolerance <= 0 {
		tolerance = DefaultTolerance
	}
	var (
		ts         string
		signatures [][]byte
	)
	for part := range strings.SplitSeq(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return fmt.Errorf("%w: malformed header", checkout.ErrBadSignature)
		}
		switch strings.TrimSpace(k) {
		case "t":
			if ts != "" {
				return fmt.Errorf("%w: more than one timestamp", checkout.ErrBadSignature)
			}
			ts = strings.TrimSpace(v)
		case "v1":
			sig, err := hex.DecodeString(strings.TrimSpace(v))
			if err != nil || len(sig) != sha256.Size {
				continue // not a signature we can match; another v1 may be
			}
			signatures = append(signatures, sig)
		}
		// Other schemes (v0, future versions) are ignored, as signed-header conventions expect.
	}
	if ts == "" {
		return fmt.Errorf("%w: no timestamp", checkout.ErrBadSignature)
	}
	if len(signatures) == 0 {
		return fmt.Errorf("%w: no v1 signature", checkout.ErrBadSignature)
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sec <= 0 {
		return fmt.Errorf("%w: bad timestamp", checkout.ErrBadSignature)
	}
	age := now.Sub(time.Unix(sec, 0))
	if age > tolerance || age < -tolerance {
		return fmt.Errorf("%w: timestamp outside the %s tolerance", checkout.ErrBadSignature, tolerance)
	}
	want := sign(secret, ts, body)
	for _, sig := range signatures {
		if hmac.Equal(sig, want) {
			return nil
		}
	}
	return fmt.Errorf("%w: signature mismatch", checkout.ErrBadSignature)
}

func sign(secret, ts string, body []byte) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts))
	m.Write([]byte{'.'})
	m.Write(body)
	return m.Sum(nil)
}

// wireEvent is the hosted-checkout webhook body. Clover documents the fields as Type ("PAYMENT"),
// Status ("APPROVED" or "DECLINED"), Id (payment UUID), MerchantId, Data (checkout session UUID),
// Message ("Approved for 100") and Created Time; encoding/json matches the names case-insensitively.
type wireEvent struct {
	Type        string          `json:"type"`
	Status      string          `json:"status"`
	ID          string          `json:"id"`
	MerchantID  string          `json:"merchantId"`
	Data        string          `json:"data"`
	Message     string          `json:"message"`
	CreatedTime json.RawMessage `json:"createdTime"`
}

// ParseEvent decodes a hosted-checkout webhook body. Call it only after VerifySignature succeeded.
// A payment counts as approved only when the status is APPROVED (and the type, when given, PAYMENT).
func ParseEvent(body []byte) (checkout.Event, error) {
	var w wireEvent
	if err := json.Unmarshal(body, &w); err != nil {
		return checkout.Event{}, fmt.Errorf("clover: webhook body: %w", err)
	}
	status := strings.ToUpper(strings.TrimSpace(w.Status))
	typ := strings.ToUpper(strings.TrimSpace(w.Type))
	if w.Data == "" {
		return checkout.Event{}, fmt.Errorf("clover: webhook body has no checkout session id (data)")
	}
	if status == "" {
		return checkout.Event{}, fmt.Errorf("clover: webhook body has no status")
	}
	ev := checkout.Event{
		SessionID:  w.Data,
		PaymentID:  w.ID,
		Status:     status,
		Approved:   status == "APPROVED" && (typ == "" || typ == "PAYMENT"),
		MerchantID: w.MerchantID,
		Type:       typ,
		Message:    w.Message,
		Raw:        append([]byte(nil), body...),
	}
	if ev.Approved && ev.PaymentID == "" {
		return checkout.Event{}, fmt.Errorf("clover: approved webhook without a payment id")
	}
	if t, ok := parseTime(w.CreatedTime); ok {
		ev.CreatedAt = t
	}
	return ev, nil
}

// Webhooks is Clover's hosted-checkout webhook format for the checkout's
// Confirmer (checkout.Notifications).
type Webhooks struct {
	// Tolerance bounds a signature's age (DefaultTolerance when zero).
	Tolerance time.Duration
}

// Provider names Clover in the events' record.
func (Webhooks) Provider() string { return "clover" }

// Parse reads a notification's body.
func (Webhooks) Parse(body []byte) (checkout.Event, error) { return ParseEvent(body) }

// Verify checks the Clover-Signature header.
func (w Webhooks) Verify(header string, body []byte, secret string, now time.Time) error {
	return VerifySignature(header, body, secret, now, w.Tolerance)
}

package twilio

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"net/url"
	"slices"
	"strings"

	"carta/internal/messaging"
)

// SignatureHeader is the header Twilio signs its webhooks with.
const SignatureHeader = "X-Twilio-Signature"

// Signature computes Twilio's signature of a form-encoded callback (Twilio's "Webhooks
// security": the full URL as Twilio called it, query included, then each POST parameter's name
// followed by its value, by name in sorted order; HMAC-SHA1 keyed with the Auth Token; base64).
// A name given several values contributes each, sorted, once — as Twilio's own helper libraries
// (twilio-python's RequestValidator) compute it.
func Signature(fullURL string, form url.Values, authToken string) string {
	var b strings.Builder
	b.WriteString(fullURL)
	names := make([]string, 0, len(form))
	for k := range form {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		vals := slices.Clone(form[k])
		slices.Sort(vals)
		for _, v := range slices.Compact(vals) {
			b.WriteString(k)
			b.WriteString(v)
		}
	}
	m := hmac.New(sha1.New, []byte(authToken))
	m.Write([]byte(b.String()))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// Verify reports whether signatureHeader is Twilio's signature of a callback posted to fullURL
// with form, compared in constant time. An https URL is also tried with its default port
// written out or left out (Twilio's helper libraries do the same: the URL Twilio signed may
// differ from the configured one only there). An empty token or header verifies nothing.
//
// Twilio signs no timestamp: a captured callback verifies again if replayed. A replay reports
// what was already applied — a status already recorded, an opt-out already taken — and
// messaging.Events' Apply is required to be idempotent on both (Twilio retries callbacks too).
func Verify(fullURL string, form url.Values, signatureHeader, authToken string) bool {
	if authToken == "" || signatureHeader == "" {
		return false
	}
	got, err := base64.StdEncoding.DecodeString(strings.TrimSpace(signatureHeader))
	if err != nil {
		return false
	}
	ok := false
	for _, u := range urlVariants(fullURL) {
		want, _ := base64.StdEncoding.DecodeString(Signature(u, form, authToken))
		ok = hmac.Equal(got, want) || ok // every variant is compared: no early exit
	}
	return ok
}

// urlVariants is the URL, and the same with the scheme's default port added or removed.
func urlVariants(raw string) []string {
	out := []string{raw}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return out
	}
	def := map[string]string{"https": "443", "http": "80"}[u.Scheme]
	if def == "" {
		return out
	}
	v := *u
	switch u.Port() {
	case "":
		v.Host = u.Host + ":" + def
	case def:
		v.Host = u.Hostname()
	default:
		return out
	}
	return append(out, v.String())
}

// ParseStatus reads a status callback (MessageSid, MessageStatus, ErrorCode and, when Twilio
// sends it, ErrorMessage). Twilio's statuses become Carta's: sent, delivered, read; failed,
// undelivered and canceled are failed. The intermediate ones (accepted, scheduled, queued,
// sending) and unknown ones have an empty Status: nothing to record. Twilio's callbacks carry
// no time: At is zero.
func ParseStatus(form url.Values) messaging.Event {
	ev := messaging.Event{Channel: messaging.ChannelSMS, ProviderID: strings.TrimSpace(form.Get("MessageSid"))}
	st := form.Get("MessageStatus")
	if st == "" {
		st = form.Get("SmsStatus") // the older name Twilio still sends beside it
	}
	switch strings.ToLower(strings.TrimSpace(st)) {
	case "sent":
		ev.Status = messaging.StatusSent
	case "delivered":
		ev.Status = messaging.StatusDelivered
	case "read":
		ev.Status = messaging.StatusRead
	case "failed", "undelivered", "canceled":
		ev.Status = messaging.StatusFailed
	}
	if code := strings.TrimSpace(form.Get("ErrorCode")); code != "" && code != "0" {
		ev.Error = strings.TrimSpace(code + " " + form.Get("ErrorMessage"))
	}
	return ev
}

// ParseInbound reads an incoming message (From, Body): From as +E.164 when it is a phone
// number (empty otherwise: a short code or an alphanumeric sender cannot opt out of anything).
func ParseInbound(form url.Values) messaging.Event {
	ev := messaging.Event{Channel: messaging.ChannelSMS, Text: form.Get("Body")}
	if p, err := messaging.Phone(strings.TrimPrefix(strings.TrimSpace(form.Get("From")), "whatsapp:"), ""); err == nil {
		ev.From = p
	}
	return ev
}

// IsInbound tells an incoming message from a status callback: Twilio posts both to the URLs
// configured, and only an incoming message has a Body or the status "received".
func IsInbound(form url.Values) bool {
	_, hasBody := form["Body"]
	st := strings.ToLower(form.Get("SmsStatus") + form.Get("MessageStatus"))
	return hasBody || strings.Contains(st, "received")
}

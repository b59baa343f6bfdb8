package api

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"carta/internal/apperr"
	"carta/internal/messaging"
	"carta/internal/messaging/twilio"
	"carta/internal/messaging/whatsapp"
)

// errVerifyToken answers a WhatsApp subscription check that is not ours (403, as Meta expects).
var errVerifyToken = apperr.E(apperr.Forbidden, "Token de verificación no válido.", "Invalid verification token.")

// errTwilioSignature answers a Twilio callback whose X-Twilio-Signature is missing or wrong:
// 403, Twilio's convention (its helper libraries answer so).
var errTwilioSignature = apperr.E(apperr.Forbidden, "Firma del webhook no válida.", "Invalid webhook signature.")

// emptyTwiML is the answer to Twilio: nothing to reply to the diner.
const emptyTwiML = "<Response/>"

// whatsappVerify answers Meta's webhook subscription check (GET with hub.mode=subscribe,
// hub.verify_token, hub.challenge): the challenge as text when the token is
// CARTA_WHATSAPP_VERIFY_TOKEN, else 403.
func (s *Server) whatsappVerify(w http.ResponseWriter, r *http.Request) error {
	challenge, ok := whatsapp.VerifyChallenge(r.URL.Query(), s.WhatsAppVerifyToken)
	if !ok || len(challenge) > 256 {
		return errVerifyToken
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(challenge))
	return nil
}

// whatsappWebhook receives Meta's notifications: delivery statuses of the messages sent and the
// diners' replies. An unsigned or forged one (X-Hub-Signature-256 with the app secret) is 401
// and applies nothing; a signed one's events are applied, and an error there answers 500 so
// Meta delivers it again (so Apply must be idempotent, which also makes a replay harmless).
func (s *Server) whatsappWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := readWebhook(w, r)
	if err != nil {
		return err
	}
	evs, err := whatsapp.ParseNotification(body, r.Header.Get(whatsapp.SignatureHeader), s.WhatsAppAppSecret)
	if errors.Is(err, whatsapp.ErrBadSignature) {
		return errSignature
	}
	if err != nil {
		return apperr.ErrBadJSON
	}
	if err := s.applyMessageEvents(r, messaging.ChannelWhatsApp, evs); err != nil {
		return err
	}
	return ok(w, map[string]bool{"received": true})
}

// twilioWebhook receives Twilio's status callbacks and incoming SMS, both form-encoded and
// signed with X-Twilio-Signature over the URL Twilio called: the public address
// (CARTA_BASE_URL) with this path and query, since a proxy in front may change what this server
// sees. A bad signature is 403 and applies nothing; the answer is empty TwiML (no reply).
func (s *Server) twilioWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := readWebhook(w, r)
	if err != nil {
		return err
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return apperr.ErrBadJSON
	}
	if !twilio.Verify(s.publicURL(r), form, r.Header.Get(twilio.SignatureHeader), s.TwilioAuthToken) {
		return errTwilioSignature
	}
	var evs []messaging.Event
	if twilio.IsInbound(form) {
		if ev := twilio.ParseInbound(form); ev.From != "" && strings.TrimSpace(ev.Text) != "" {
			evs = append(evs, ev)
		}
	} else if ev := twilio.ParseStatus(form); ev.ProviderID != "" && ev.Status != "" {
		evs = append(evs, ev)
	}
	if err := s.applyMessageEvents(r, messaging.ChannelSMS, evs); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/xml; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(emptyTwiML))
	return nil
}

// publicURL is the address a provider called for r: CARTA_BASE_URL, the path and the query.
func (s *Server) publicURL(r *http.Request) string {
	u := strings.TrimRight(s.BaseURL, "/") + r.URL.EscapedPath()
	if r.URL.RawQuery != "" {
		u += "?" + r.URL.RawQuery
	}
	return u
}

// applyMessageEvents hands a callback's events to the outbox; with none configured (Messages
// nil) they are dropped, logged at debug (counts only: the events carry phone numbers).
func (s *Server) applyMessageEvents(r *http.Request, channel string, evs []messaging.Event) error {
	if len(evs) == 0 {
		return nil
	}
	if s.Messages == nil {
		s.Log.DebugContext(r.Context(), "messaging callback events dropped: no outbox", "channel", channel, "events", len(evs))
		return nil
	}
	return s.Messages.Apply(r.Context(), evs)
}

// Package messaging holds what every message channel shares: the channels, a message to send on
// WhatsApp or SMS, the provider's delivery statuses and the events its signed callbacks report.
// The providers live below it (whatsapp: Meta's WhatsApp Cloud API; twilio: Twilio's Messages
// API), each with a local fake speaking its documented wire format; the one outbox (package
// mail) queues every channel's messages and sends them through a Sender per channel. Without a
// configured provider (demo) a channel's messages stay in the outbox, as e-mail does without SMTP.
package messaging

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Channels a message goes by.
const (
	ChannelEmail    = "email"
	ChannelWhatsApp = "whatsapp"
	ChannelSMS      = "sms"
)

// Delivery statuses a provider reports for a message it accepted.
const (
	StatusSent      = "sent"
	StatusDelivered = "delivered"
	StatusRead      = "read"
	StatusFailed    = "failed"
)

// Message is one WhatsApp or SMS message to send.
type Message struct {
	To   string // the recipient's phone, E.164 (+34600111222)
	Lang string // es or en: the template's language on WhatsApp
	// Template and Params are a WhatsApp template message (business-initiated messages must be
	// approved templates): the template's name and its body variables {{1}}, {{2}} … in order.
	Template string
	Params   []string
	// Text is the SMS body (and what the outbox shows for a WhatsApp template).
	Text string
	// Key identifies this message to the provider where it takes one (retries send the same).
	Key string
}

// Sender sends a message on one channel; it returns the provider's id of the accepted message
// (a WhatsApp "wamid", a Twilio Message SID).
type Sender interface {
	Send(ctx context.Context, m Message) (providerID string, err error)
}

// ErrPermanent marks a send error that retrying will not fix (the provider refused the request,
// the number or the template): the outbox fails the message at once and falls back to e-mail.
var ErrPermanent = errors.New("messaging: permanent failure")

// RetryAfter is a send error that asks to wait (HTTP 429 or 503 with Retry-After): the outbox
// tries again after After, and slows the channel down.
type RetryAfter struct {
	After time.Duration
	Err   error
}

func (e *RetryAfter) Error() string { return fmt.Sprintf("retry after %s: %v", e.After, e.Err) }
func (e *RetryAfter) Unwrap() error { return e.Err }

// Event is one thing a provider's signed callback reports: a message's new delivery status, or
// a diner's reply.
type Event struct {
	Channel string // ChannelWhatsApp or ChannelSMS
	// A status: the provider's id of the message (as Send returned it), its new status, and the
	// provider's error code and words when it failed.
	ProviderID string
	Status     string
	Error      string
	// A reply: the diner's phone (E.164) and what they wrote.
	From string
	Text string
	At   time.Time // when the provider says it happened (zero: unknown)
}

// Events applies what the providers' callbacks report: records delivery statuses on the outbox's
// messages and withdraws a channel's consent when a diner replies BAJA or STOP.
type Events interface {
	Apply(ctx context.Context, evs []Event) error
}

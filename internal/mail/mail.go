// Package mail sends Carta's e-mail. Everything is queued in the database
// outbox (Enqueue) together with what caused it; the Worker sends
// the outbox through a Sender (SMTP in production) with retries. Without a
// Sender (demo mode) messages stay in the outbox, where the super admin can
// read them.
package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one e-mail to send.
type Message struct {
	To, Subject, Text, HTML string
	// Unsubscribe is a marketing e-mail's one-click unsubscribe link (RFC 8058): sent as its
	// List-Unsubscribe header with List-Unsubscribe-Post; "" for transactional e-mail.
	Unsubscribe string
}

// Sender delivers a message.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrPermanent marks a send error that retrying will not fix (the server
// rejected the message or recipient with a 5xx reply); the worker fails
// such messages at once.
var ErrPermanent = errors.New("permanent failure")

// TLS modes of SMTP.
const (
	TLSOpportunistic = ""         // STARTTLS when the server offers it (default)
	TLSStartTLS      = "starttls" // STARTTLS required
	TLSImplicit      = "tls"      // TLS from the first byte (port 465)
	TLSNone          = "none"     // plain text
)

// smtpTimeout bounds each connection and command.
const smtpTimeout = 15 * time.Second

// SMTP sends through an SMTP server.
//
// TLS selects the mode: "" uses STARTTLS when the server offers it,
// "starttls" requires it, "tls" is implicit TLS, "none" never encrypts.
// With a Username the client authenticates with the strongest mechanism the
// server offers; the password is only sent in a form readable on the wire
// (PLAIN/LOGIN) over an encrypted connection, or when TLS is "none".
// Port 0 means 587 (465 with "tls", 25 with "none").
type SMTP struct {
	Host               string
	Port               int
	Username, Password string
	From               string
	TLS                string

	tlsConfig *tls.Config // tests: trust a test certificate
}

// Validate reports configuration errors (the password is never included).
func (s *SMTP) Validate() error {
	if s.Host == "" {
		return errors.New("smtp: host is required")
	}
	if s.From == "" {
		return errors.New("smtp: from address is required")
	}
	switch strings.ToLower(s.TLS) {
	case TLSOpportunistic, TLSStartTLS, TLSImplicit, TLSNone:
	default:
		return fmt.Errorf("smtp: unknown TLS mode %q (want starttls, tls or none)", s.TLS)
	}
	if s.Port < 0 || s.Port > 65535 {
		return fmt.Errorf("smtp: invalid port %d", s.Port)
	}
	return nil
}

func (s *SMTP) client() (*gomail.Client, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	mode := strings.ToLower(s.TLS)
	port := s.Port
	opts := []gomail.Option{gomail.WithTimeout(smtpTimeout)}
	switch mode {
	case TLSOpportunistic:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
		if port == 0 {
			port = 587
		}
	case TLSStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
		if port == 0 {
			port = 587
		}
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
		if port == 0 {
			port = 465
		}
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
		if port == 0 {
			port = 25
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if s.tlsConfig != nil {
		opts = append(opts, gomail.WithTLSConfig(s.tlsConfig))
	}
	if s.Username != "" {
		if mode == TLSNone {
			// The operator chose a plain-text connection (e.g. a local relay):
			// prefer challenge-response mechanisms, allow PLAIN/LOGIN.
			opts = append(opts, gomail.WithOpportunisticSMTPAuth(
				gomail.SMTPAuthSCRAMSHA256, gomail.SMTPAuthSCRAMSHA1, gomail.SMTPAuthCramMD5,
				gomail.SMTPAuthPlainNoEnc, gomail.SMTPAuthLoginNoEnc))
		} else {
			opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover))
		}
		opts = append(opts, gomail.WithUsername(s.Username), gomail.WithPassword(s.Password))
	}
	c, err := gomail.NewClient(s.Host, opts...)
	if err != nil {
		return nil, fmt.Errorf("smtp: %w", err)
	}
	return c, nil
}

// Send delivers m as multipart/alternative (text and HTML; a single part
// when only one is set). Errors never contain the password.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	c, err := s.client()
	if err != nil {
		return err
	}
	msg := gomail.NewMsg()
	if err := msg.From(s.From); err != nil {
		return fmt.Errorf("smtp: from address %q: %w", s.From, err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("smtp: recipient %q: %w: %w", m.To, ErrPermanent, err)
	}
	msg.Subject(OneLine(m.Subject))
	msg.SetDate()
	msg.SetMessageID()
	if m.Unsubscribe != "" {
		u, err := unsubscribeURL(m.Unsubscribe)
		if err != nil {
			return fmt.Errorf("smtp: %w: %w", ErrPermanent, err)
		}
		// RFC 8058: the link, and that a POST to it unsubscribes in one click.
		msg.SetGenHeaderPreformatted("List-Unsubscribe", "<"+u+">")
		msg.SetGenHeaderPreformatted("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	}
	switch {
	case m.Text != "" && m.HTML != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	case m.HTML != "":
		msg.SetBodyString(gomail.TypeTextHTML, m.HTML)
	default:
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	}
	ctx, cancel := context.WithTimeout(ctx, 4*smtpTimeout)
	defer cancel()
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		var se *gomail.SendError
		if errors.As(err, &se) && se.ErrorCode() >= 500 && se.ErrorCode() < 600 {
			return fmt.Errorf("smtp %s: %w: %w", c.ServerAddr(), ErrPermanent, err)
		}
		return fmt.Errorf("smtp %s: %w", c.ServerAddr(), err)
	}
	return nil
}

// unsubscribeURL checks a one-click unsubscribe link before it becomes a header: an absolute
// http(s) URL (RFC 8058 wants HTTPS; plain http only serves local installs) with nothing that
// could end the header or the <…> around it.
func unsubscribeURL(raw string) (string, error) {
	if strings.ContainsAny(raw, "\r\n <>\"") {
		return "", fmt.Errorf("unsubscribe link %q: invalid characters", raw)
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return "", fmt.Errorf("unsubscribe link %q: an absolute https URL is required", raw)
	}
	return u.String(), nil
}

// oneLine folds line breaks so a subject cannot span header lines.
// OneLine puts s on one line: line breaks and runs of spaces become one
// space (a header, a subject, a name in a sentence).
func OneLine(s string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("\r", " ", "\n", " ").Replace(s)), " ")
}

package mail

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	netmail "net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"carta/internal/messaging"
	"carta/internal/store"
)

// Outbox message statuses.
const (
	MailPending = "pending"
	MailSent    = "sent"
	MailFailed  = "failed"
)

// maxMailError is how many characters of a send error are kept.
const maxMailError = 500

// OutboxMessage is one queued message: an e-mail, or a WhatsApp or SMS message (Channel).
type OutboxMessage struct {
	ID int64 `json:"id"`
	// Channel is messaging.ChannelEmail (the default), ChannelWhatsApp or ChannelSMS.
	Channel string `json:"channel"`
	Kind    string `json:"kind"`
	// To is the e-mail address, or the phone (E.164) on WhatsApp and SMS.
	To      string `json:"to"`
	Subject string `json:"subject"`
	// Text is the e-mail's text part, the SMS's body, or what a WhatsApp template reads as.
	Text string `json:"text"`
	HTML string `json:"html"`
	// Template, Params and Lang are a WhatsApp template message.
	Template string   `json:"template"`
	Params   []string `json:"params"`
	Lang     string   `json:"lang"`
	// Who it is for: the restaurant (0: the platform's), the diner's account or the guest.
	ClienteID  int64 `json:"cliente_id"`
	UsuarioID  int64 `json:"usuario_id"`
	InvitadoID int64 `json:"invitado_id"`
	// DedupeKey makes the message once: Enqueue with a key already queued queues nothing.
	DedupeKey string `json:"dedupe_key"`
	// Unsubscribe is a marketing e-mail's one-click unsubscribe link (RFC 8058).
	Unsubscribe string `json:"unsubscribe_url"`
	// FallbackOf is the message this one replaces (it failed for good on its channel).
	FallbackOf int64  `json:"fallback_of"`
	Status     string `json:"status"`
	Attempts   int    `json:"attempts"`
	LastError  string `json:"last_error"`
	// ProviderID is the provider's id of the accepted message; Delivery what its callbacks
	// reported of it since (sent, delivered, read, failed), at DeliveryAt.
	ProviderID    string `json:"provider_id"`
	Delivery      string `json:"delivery"`
	DeliveryAt    int64  `json:"delivery_at"`
	NextAttemptAt int64  `json:"next_attempt_at"`
	CreatedAt     int64  `json:"created_at"`
	SentAt        int64  `json:"sent_at"`
}

const outboxColumns = `id, channel, kind, to_addr, subject, body_text, body_html, template, params, lang,
	COALESCE(cliente_id, 0), COALESCE(usuario_id, 0), COALESCE(invitado_id, 0), COALESCE(dedupe_key, ''),
	unsubscribe_url, COALESCE(fallback_of, 0), status, attempts, last_error, provider_id, delivery, delivery_at,
	next_attempt_at, created_at, sent_at`

func scanOutbox(s interface{ Scan(...any) error }) (OutboxMessage, error) {
	var m OutboxMessage
	var params string
	err := s.Scan(&m.ID, &m.Channel, &m.Kind, &m.To, &m.Subject, &m.Text, &m.HTML, &m.Template, &params, &m.Lang,
		&m.ClienteID, &m.UsuarioID, &m.InvitadoID, &m.DedupeKey, &m.Unsubscribe, &m.FallbackOf,
		&m.Status, &m.Attempts, &m.LastError, &m.ProviderID, &m.Delivery, &m.DeliveryAt,
		&m.NextAttemptAt, &m.CreatedAt, &m.SentAt)
	if err == nil {
		m.Params = []string{}
		if params != "" {
			if jerr := json.Unmarshal([]byte(params), &m.Params); jerr != nil {
				return m, fmt.Errorf("outbox %d params: %w", m.ID, jerr)
			}
		}
	}
	return m, err
}

// nullable stores 0 and "" as NULL.
func nullable[T comparable](v T) any {
	var zero T
	if v == zero {
		return nil
	}
	return v
}

// validate checks what a message of its channel needs.
func (m *OutboxMessage) validate() error {
	if m.Channel == "" {
		m.Channel = messaging.ChannelEmail
	}
	if strings.TrimSpace(m.Kind) == "" {
		return errors.New("outbox: kind is required")
	}
	switch m.Channel {
	case messaging.ChannelEmail:
		if _, err := netmail.ParseAddress(m.To); err != nil {
			return fmt.Errorf("outbox: invalid recipient %q: %w", m.To, err)
		}
		if strings.TrimSpace(m.Subject) == "" {
			return errors.New("outbox: subject is required")
		}
		if m.Text == "" && m.HTML == "" {
			return errors.New("outbox: empty body")
		}
	case messaging.ChannelWhatsApp, messaging.ChannelSMS:
		if !isE164(m.To) {
			return fmt.Errorf("outbox: invalid phone %q (E.164 expected)", m.To)
		}
		if m.Channel == messaging.ChannelWhatsApp && m.Template == "" {
			return errors.New("outbox: a WhatsApp message needs its template")
		}
		if strings.TrimSpace(m.Text) == "" {
			return errors.New("outbox: empty body")
		}
	default:
		return fmt.Errorf("outbox: unknown channel %q", m.Channel)
	}
	return nil
}

// isE164 reports whether s is a phone in E.164: + and 8 to 15 digits, the first not 0.
func isE164(s string) bool {
	if len(s) < 9 || len(s) > 16 || s[0] != '+' || s[1] == '0' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Enqueue queues a message for its channel's worker, due now. Call it with the transaction that
// does what the message is about, so both are committed (or neither). An e-mail's recipient must
// be a valid address, a WhatsApp or SMS message's a phone in E.164. With a DedupeKey already
// queued it queues nothing and returns 0 (the message exists once).
func Enqueue(ctx context.Context, q store.Querier, m OutboxMessage) (int64, error) {
	if err := m.validate(); err != nil {
		return 0, err
	}
	params := "[]"
	if len(m.Params) > 0 {
		b, err := json.Marshal(m.Params)
		if err != nil {
			return 0, fmt.Errorf("outbox params: %w", err)
		}
		params = string(b)
	}
	now := q.NowUnix()
	id, err := store.InsertID(ctx, q, `INSERT INTO outbox (channel, kind, to_addr, subject, body_text, body_html, template, params, lang,
		cliente_id, usuario_id, invitado_id, dedupe_key, unsubscribe_url, fallback_of,
		status, attempts, next_attempt_at, last_error, created_at, sent_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, '', ?, 0)
		ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING`,
		m.Channel, m.Kind, m.To, m.Subject, m.Text, m.HTML, m.Template, params, m.Lang,
		nullable(m.ClienteID), nullable(m.UsuarioID), nullable(m.InvitadoID), nullable(m.DedupeKey), m.Unsubscribe,
		nullable(m.FallbackOf), now, now)
	if errors.Is(err, sql.ErrNoRows) && m.DedupeKey != "" {
		return 0, nil // queued before under the same key
	}
	if err != nil {
		return 0, fmt.Errorf("enqueue %s: %w", m.Channel, err)
	}
	return id, nil
}

// ClaimDue returns up to limit pending messages that are due, each
// claimed for lease: its next attempt is moved to now+lease with a
// conditional update, and only the rows this call updated are returned, so
// concurrent workers (other goroutines or replicas) never get the same
// message at the same time. A worker that dies mid-send loses its claim when
// the lease ends and the message is tried again.
func ClaimDue(ctx context.Context, db *store.DB, limit int, lease time.Duration) ([]OutboxMessage, error) {
	return ClaimDueOn(ctx, db, messaging.ChannelEmail, limit, lease)
}

// ClaimDueOn is ClaimDue for one channel's messages.
func ClaimDueOn(ctx context.Context, db *store.DB, channel string, limit int, lease time.Duration) ([]OutboxMessage, error) {
	if limit <= 0 {
		limit = 20
	}
	if lease < time.Second {
		lease = time.Second
	}
	now := db.NowUnix()
	rows, err := db.Query(ctx, `SELECT id FROM outbox WHERE channel = ? AND status = 'pending' AND next_attempt_at <= ?
		ORDER BY next_attempt_at, id LIMIT ?`, channel, now, limit)
	if err != nil {
		return nil, fmt.Errorf("due mail: %w", err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("due mail: %w", err)
	}
	until := now + int64(lease/time.Second)
	var out []OutboxMessage
	for _, id := range ids {
		m, err := scanOutbox(db.QueryRow(ctx, `UPDATE outbox SET next_attempt_at = ?
			WHERE id = ? AND status = 'pending' AND next_attempt_at <= ?
			RETURNING `+outboxColumns, until, id, now))
		if errors.Is(err, sql.ErrNoRows) {
			continue // claimed (or finished) by someone else meanwhile
		}
		if err != nil {
			return out, fmt.Errorf("claim mail %d: %w", id, err)
		}
		out = append(out, m)
	}
	return out, nil
}

// MarkSent records that a message was delivered to the SMTP server.
func MarkSent(ctx context.Context, q store.Querier, id int64) error {
	res, err := q.Exec(ctx, `UPDATE outbox SET status = 'sent', sent_at = ?, last_error = '' WHERE id = ?`, q.NowUnix(), id)
	if err != nil {
		return fmt.Errorf("mark mail sent: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// MarkRetry records a failed attempt of a pending message: attempts is
// incremented, the error kept (first 500 characters) and the next attempt
// set to next; when attempts reaches maxAttempts (if > 0) the message is
// marked failed instead and never tried again.
func MarkRetry(ctx context.Context, q store.Querier, id int64, errText string, next time.Time, maxAttempts int) error {
	errText = truncateRunes(strings.ToValidUTF8(errText, "?"), maxMailError)
	if maxAttempts <= 0 {
		maxAttempts = int(^uint32(0) >> 1)
	}
	res, err := q.Exec(ctx, `UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?,
		status = CASE WHEN attempts + 1 >= ? THEN 'failed' ELSE 'pending' END
		WHERE id = ? AND status = 'pending'`, errText, next.Unix(), maxAttempts, id)
	if err != nil {
		return fmt.Errorf("mark mail retry: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// GetMessage returns one message by id, or store.ErrNotFound.
func GetMessage(ctx context.Context, q store.Querier, id int64) (OutboxMessage, error) {
	m, err := scanOutbox(q.QueryRow(ctx, `SELECT `+outboxColumns+` FROM outbox WHERE id = ?`, id))
	return m, store.NotFound(err)
}

// ListOutbox returns the newest messages first (the super admin's view);
// limit defaults to 100 and is capped at 1000.
func ListOutbox(ctx context.Context, q store.Querier, limit int) ([]OutboxMessage, error) {
	if limit <= 0 {
		limit = 100
	}
	if limit > 1000 {
		limit = 1000
	}
	rows, err := q.Query(ctx, `SELECT `+outboxColumns+` FROM outbox ORDER BY created_at DESC, id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("list outbox: %w", err)
	}
	defer rows.Close()
	out := []OutboxMessage{}
	for rows.Next() {
		m, err := scanOutbox(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// Resend queues a message again, due now, with a fresh set of attempts
// (the super admin's 'Reenviar', on any channel: the provider's id and
// delivery status of the previous send are cleared); store.ErrNotFound when
// it does not exist or is being sent.
func Resend(ctx context.Context, q store.Querier, id int64) error {
	res, err := q.Exec(ctx, `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = '',
		provider_id = '', delivery = '', delivery_at = 0
		WHERE id = ? AND status IN ('failed', 'sent')`, q.NowUnix(), id)
	if err != nil {
		return fmt.Errorf("resend mail: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// CountByStatus counts the outbox's messages per status.
func CountByStatus(ctx context.Context, q store.Querier) (map[string]int, error) {
	rows, err := q.Query(ctx, `SELECT status, COUNT(*) FROM outbox GROUP BY status`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{"pending": 0, "sent": 0, "failed": 0}
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			return nil, err
		}
		out[s] = n
	}
	return out, rows.Err()
}

// CountPending counts the e-mails waiting in the outbox (the worker's
// queue).
func CountPending(ctx context.Context, q store.Querier) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM outbox WHERE status = 'pending'`).Scan(&n)
	return n, err
}

// MarkSentAs records that a message's provider accepted it under providerID (a WhatsApp
// "wamid", a Twilio Message SID; ” for SMTP): the message is sent, and its delivery status
// starts at sent until the provider's callbacks say more.
func MarkSentAs(ctx context.Context, q store.Querier, id int64, providerID string) error {
	now := q.NowUnix()
	res, err := q.Exec(ctx, `UPDATE outbox SET status = 'sent', sent_at = ?, last_error = '', provider_id = ?,
		delivery = CASE WHEN ? <> '' AND delivery = '' THEN 'sent' ELSE delivery END,
		delivery_at = CASE WHEN ? <> '' AND delivery_at = 0 THEN ? ELSE delivery_at END
		WHERE id = ?`, now, providerID, providerID, providerID, now, id)
	if err != nil {
		return fmt.Errorf("mark message sent: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// Postpone moves a pending message's next attempt to next without counting an attempt (the
// provider asked to wait: a rate limit is not the message's failure), keeping why.
func Postpone(ctx context.Context, q store.Querier, id int64, errText string, next time.Time) error {
	errText = truncateRunes(strings.ToValidUTF8(errText, "?"), maxMailError)
	_, err := q.Exec(ctx, `UPDATE outbox SET next_attempt_at = ?, last_error = ? WHERE id = ? AND status = 'pending'`,
		next.Unix(), errText, id)
	if err != nil {
		return fmt.Errorf("postpone message: %w", err)
	}
	return nil
}

// release gives a claimed message back, due at next (a paused channel's remaining claims).
func release(ctx context.Context, q store.Querier, id int64, next time.Time) error {
	_, err := q.Exec(ctx, `UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending'`, next.Unix(), id)
	if err != nil {
		return fmt.Errorf("release message: %w", err)
	}
	return nil
}

// deliveryRank orders the delivery statuses: a status never moves back to a lower rank (a late
// "delivered" after "read" changes nothing). failed is its own branch: it is recorded unless the
// message was already delivered or read.
func deliveryRank(s string) int {
	switch s {
	case messaging.StatusSent:
		return 1
	case messaging.StatusDelivered:
		return 2
	case messaging.StatusRead:
		return 3
	}
	return 0
}

// RecordDelivery records a delivery status the provider of channel reported for its message
// providerID, at at (zero: now). It is idempotent and never moves backwards (read > delivered >
// sent); failed is recorded on a message not yet delivered and queues its e-mail fallback once
// (the fallback's dedupe key). An unknown providerID is ignored (found == false): callbacks may
// report messages another installation sent.
func RecordDelivery(ctx context.Context, q store.Querier, channel, providerID, status, errText string, at time.Time) (found bool, err error) {
	if providerID == "" || channel == messaging.ChannelEmail {
		return false, nil
	}
	switch status {
	case messaging.StatusSent, messaging.StatusDelivered, messaging.StatusRead, messaging.StatusFailed:
	default:
		return false, fmt.Errorf("outbox: unknown delivery status %q", status)
	}
	var when int64
	if at.IsZero() {
		when = q.NowUnix()
	} else {
		when = at.Unix()
	}
	m, err := scanOutbox(q.QueryRow(ctx, `SELECT `+outboxColumns+` FROM outbox WHERE channel = ? AND provider_id = ?
		ORDER BY id DESC LIMIT 1`, channel, providerID))
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("delivery of %s %s: %w", channel, providerID, err)
	}
	if status == messaging.StatusFailed {
		if m.Delivery == messaging.StatusFailed || deliveryRank(m.Delivery) >= deliveryRank(messaging.StatusDelivered) {
			return true, nil
		}
		errText = truncateRunes(strings.ToValidUTF8(errText, "?"), maxMailError)
		if _, err := q.Exec(ctx, `UPDATE outbox SET delivery = 'failed', delivery_at = ?, status = 'failed', last_error = ?
			WHERE id = ? AND delivery <> 'failed'`, when, errText, m.ID); err != nil {
			return true, fmt.Errorf("record delivery: %w", err)
		}
		_, err := QueueFallback(ctx, q, m)
		return true, err
	}
	if m.Delivery == messaging.StatusFailed || deliveryRank(status) <= deliveryRank(m.Delivery) {
		return true, nil
	}
	if _, err := q.Exec(ctx, `UPDATE outbox SET delivery = ?, delivery_at = ? WHERE id = ?`, status, when, m.ID); err != nil {
		return true, fmt.Errorf("record delivery: %w", err)
	}
	return true, nil
}

// fallbackHTML is the e-mail rendering of a WhatsApp or SMS message's text.
var fallbackHTML = template.Must(template.New("fallback").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}</body>
</html>
`))

// QueueFallback queues the e-mail that replaces m, a WhatsApp or SMS message that failed for
// good: to the diner's or the guest's e-mail (none known: nothing is queued, 0), the same kind
// and language, m's text as the body and m's Subject (what notify sets for this) or the text's
// first line as the subject. Its dedupe key "fallback:<id>" makes it once.
func QueueFallback(ctx context.Context, q store.Querier, m OutboxMessage) (int64, error) {
	if m.Channel == messaging.ChannelEmail || m.Channel == "" {
		return 0, nil
	}
	to, err := recipientEmail(ctx, q, m.UsuarioID, m.InvitadoID)
	if err != nil || to == "" {
		return 0, err
	}
	subject := OneLine(m.Subject)
	if subject == "" {
		subject, _, _ = strings.Cut(strings.TrimSpace(m.Text), "\n")
		subject = truncateRunes(OneLine(subject), 120)
	}
	if subject == "" {
		subject = "Carta"
	}
	var paras []string
	for _, p := range strings.Split(m.Text, "\n") {
		if p = strings.TrimSpace(p); p != "" {
			paras = append(paras, p)
		}
	}
	var html bytes.Buffer
	if err := fallbackHTML.Execute(&html, struct {
		Lang, Subject string
		Paragraphs    []string
	}{cmpOr(m.Lang, "es"), subject, paras}); err != nil {
		return 0, fmt.Errorf("fallback e-mail: %w", err)
	}
	return Enqueue(ctx, q, OutboxMessage{Kind: m.Kind, To: to, Subject: subject, Text: m.Text, HTML: html.String(),
		Lang: m.Lang, ClienteID: m.ClienteID, UsuarioID: m.UsuarioID, InvitadoID: m.InvitadoID,
		DedupeKey: fmt.Sprintf("fallback:%d", m.ID), FallbackOf: m.ID})
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// recipientEmail is the e-mail of a diner's account or of a guest (” when unknown or not an
// address).
func recipientEmail(ctx context.Context, q store.Querier, usuarioID, invitadoID int64) (string, error) {
	var email string
	var err error
	switch {
	case usuarioID > 0:
		err = q.QueryRow(ctx, `SELECT email FROM usuarios WHERE id = ?`, usuarioID).Scan(&email)
	case invitadoID > 0:
		err = q.QueryRow(ctx, `SELECT email FROM invitados WHERE id = ?`, invitadoID).Scan(&email)
	default:
		return "", nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("fallback recipient: %w", err)
	}
	if _, perr := netmail.ParseAddress(email); perr != nil {
		return "", nil
	}
	return email, nil
}

package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"carta/internal/mail"
	"carta/internal/messaging"
	"carta/internal/store"
)

// Service applies the providers' callbacks (messaging.Events).
type Service struct {
	DB  *store.DB
	Log *slog.Logger
}

var _ messaging.Events = (*Service)(nil)

// stopWords are the replies that withdraw a channel's consent (compared trimmed, without case or
// accents, and without a final full stop or exclamation mark).
var stopWords = map[string]bool{"BAJA": true, "STOP": true, "CANCELAR": true, "UNSUBSCRIBE": true, "STOPALL": true,
	"END": true, "QUIT": true}

// unaccent drops the accents a reply may carry.
var unaccent = strings.NewReplacer("á", "a", "é", "e", "í", "i", "ó", "o", "ú", "u", "ü", "u", "à", "a", "è", "e",
	"ì", "i", "ò", "o", "ù", "u", "Á", "A", "É", "E", "Í", "I", "Ó", "O", "Ú", "U", "Ü", "U", "À", "A", "È", "E", "Ì", "I",
	"Ò", "O", "Ù", "U")

// IsStop reports whether a reply asks to stop the messages.
func IsStop(text string) bool {
	w := strings.ToUpper(unaccent.Replace(strings.TrimSpace(text)))
	w = strings.TrimSpace(strings.Trim(w, ".!¡ "))
	return stopWords[w]
}

func (s *Service) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

// Apply records the events: each delivery status on its outbox message (mail.RecordDelivery),
// and each reply that asks to stop (IsStop) withdraws the channel's consent of every account and
// guest with that phone. Each event is its own transaction; errors are joined.
func (s *Service) Apply(ctx context.Context, evs []messaging.Event) error {
	var errs []error
	for _, ev := range evs {
		if ev.Channel != messaging.ChannelWhatsApp && ev.Channel != messaging.ChannelSMS {
			errs = append(errs, fmt.Errorf("notify: unknown channel %q", ev.Channel))
			continue
		}
		err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
			switch {
			case ev.ProviderID != "" && ev.Status != "":
				switch ev.Status {
				case messaging.StatusSent, messaging.StatusDelivered, messaging.StatusRead, messaging.StatusFailed:
				default:
					s.log().WarnContext(ctx, "notify: unknown delivery status ignored", "channel", ev.Channel, "status", ev.Status)
					return nil
				}
				_, err := mail.RecordDelivery(ctx, tx, ev.Channel, ev.ProviderID, ev.Status, ev.Error, ev.At)
				return err
			case ev.From != "" && IsStop(ev.Text):
				n, err := Withdraw(ctx, tx, ev.Channel, ev.From)
				if err == nil && n > 0 {
					s.log().InfoContext(ctx, "notify: consent withdrawn by reply", "channel", ev.Channel, "people", n)
				}
				return err
			}
			return nil
		})
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Withdraw withdraws channel's consent (WhatsApp or SMS) of every account and guest whose phone
// is phone (E.164), recorded in consentimientos with origen 'respuesta', and returns how many
// people it withdrew. Their next transactional message goes by e-mail (none without one).
func Withdraw(ctx context.Context, q store.Querier, channel, phone string) (int, error) {
	var flag string
	switch channel {
	case messaging.ChannelWhatsApp:
		flag = "whatsapp_notificaciones"
	case messaging.ChannelSMS:
		flag = "sms_notificaciones"
	default:
		return 0, fmt.Errorf("notify: no consent to withdraw on %q", channel)
	}
	d := digits(phone)
	if len(d) < 8 {
		return 0, nil
	}
	// Candidates share the last 8 digits (written with or without the country code); samePhone
	// decides.
	tail := d[len(d)-8:]
	now := q.NowUnix()
	n := 0

	type person struct {
		id      int64
		tel     string
		cliente any
	}
	collect := func(query string, args ...any) ([]person, error) {
		rows, err := q.Query(ctx, query, args...)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		var out []person
		for rows.Next() {
			var p person
			var cliente int64
			if err := rows.Scan(&p.id, &p.tel, &cliente); err != nil {
				return nil, err
			}
			if cliente > 0 {
				p.cliente = cliente
			}
			if samePhone(p.tel, phone) {
				out = append(out, p)
			}
		}
		return out, rows.Err()
	}
	// Diners with accounts whose consent stands.
	dialect := q.Dialect()
	accounts, err := collect(accountsByPhone(dialect, flag), tail)
	if err != nil {
		return 0, fmt.Errorf("notify: withdraw: %w", err)
	}
	for _, p := range accounts {
		if _, err := q.Exec(ctx, `UPDATE usuarios SET `+flag+` = 0,
			avisos_canal = CASE WHEN avisos_canal = ? THEN 'email' ELSE avisos_canal END WHERE id = ?`, channel, p.id); err != nil {
			return n, err
		}
		if _, err := q.Exec(ctx, `INSERT INTO consentimientos (usuario_id, cliente_id, canal, valor, origen, created_at)
			VALUES (?, ?, ?, 0, 'respuesta', ?)`, p.id, p.cliente, channel, now); err != nil {
			return n, fmt.Errorf("notify: record consent: %w", err)
		}
		n++
	}
	// Guests who chose the channel at checkout, and their orders.
	guests, err := collect(guestsByPhone(dialect), channel, tail)
	if err != nil {
		return n, fmt.Errorf("notify: withdraw: %w", err)
	}
	for _, p := range guests {
		if _, err := q.Exec(ctx, `UPDATE invitados SET avisos_canal = 'email' WHERE id = ?`, p.id); err != nil {
			return n, err
		}
		if _, err := q.Exec(ctx, `INSERT INTO consentimientos (invitado_id, cliente_id, canal, valor, origen, created_at)
			VALUES (?, ?, ?, 0, 'respuesta', ?)`, p.id, p.cliente, channel, now); err != nil {
			return n, fmt.Errorf("notify: record consent: %w", err)
		}
		n++
	}
	orders, err := collect(guestOrdersByPhone(dialect), channel, tail)
	if err != nil {
		return n, fmt.Errorf("notify: withdraw: %w", err)
	}
	for _, p := range orders {
		if _, err := q.Exec(ctx, `UPDATE pedidos SET avisos_canal = 'email' WHERE id = ?`, p.id); err != nil {
			return n, err
		}
	}
	return n, nil
}

// phoneTail is the SQL of a phone column's last 8 characters once the separators people write
// between its digits are gone (those E164 accepts, so a phone Carta sends to is a phone a reply
// finds): the candidates of Withdraw are the rows where it equals the last 8 digits of the phone
// that replied. Migration 0047's indexes are built on this very expression (an engine uses an
// index on an expression only for the same expression), so a reply reads the few rows with that
// ending instead of every account, guest and guest order of the platform, inside a write
// transaction.
func phoneTail(d store.Dialect) string {
	stripped := "telefono"
	for _, sep := range separators {
		stripped = `REPLACE(` + stripped + `, '` + string(sep) + `', '')`
	}
	if d == store.Postgres {
		return `right(` + stripped + `, 8)`
	}
	return `substr(` + stripped + `, -8)`
}

// accountsByPhone reads the accounts whose consent to a channel stands (flag: its column) and
// whose phone ends in ? (index usuarios_telefono_fin).
func accountsByPhone(d store.Dialect, flag string) string {
	return `SELECT id, telefono, COALESCE(cliente_id, 0) FROM usuarios WHERE ` + flag + ` = 1 AND ` + phoneTail(d) + ` = ?`
}

// guestsByPhone reads the guests who chose channel ? at checkout and whose phone ends in ?
// (index invitados_telefono_fin; the "<> 'email'" is its condition, spelled out for the planners).
func guestsByPhone(d store.Dialect) string {
	return `SELECT id, telefono, cliente_id FROM invitados
		WHERE avisos_canal = ? AND avisos_canal <> 'email' AND ` + phoneTail(d) + ` = ?`
}

// guestOrdersByPhone reads the guest orders whose messages go by channel ? to a phone ending in ?
// (index pedidos_telefono_fin, as guestsByPhone).
func guestOrdersByPhone(d store.Dialect) string {
	return `SELECT id, telefono, 0 FROM pedidos
		WHERE usuario_id IS NULL AND avisos_canal = ? AND avisos_canal <> 'email' AND ` + phoneTail(d) + ` = ?`
}

package accounts

import (
	"context"
	"database/sql"
	"fmt"

	"carta/internal/store"
)

// Consent is asked, never presumed, and recorded (docs/decisions.md,
// "Consent recorded"): every answer about being written to is a row of
// consentimientos (migration 0031), written in the transaction that
// changes it.

// The channels a diner or a guest answers for.
const (
	ChannelEmail    = "email"    // marketing e-mail: suscrito_mailing, a guest's 'novedades'
	ChannelWhatsApp = "whatsapp" // whatsapp_notificaciones
	ChannelSMS      = "sms"      // sms_notificaciones (transactional SMS, issue 32)
)

// Where an answer was given.
const (
	FromRegistration = "registro" // the registration dialog
	FromAccount      = "cuenta"   // 'Manejar Cuenta'
	FromCheckout     = "pedido"   // a guest's checkout box
)

// Consent is one recorded answer.
type Consent struct {
	UsuarioID  int64 // the diner's account, or
	InvitadoID int64 // the restaurant's guest
	ClienteID  int64 // the restaurant the answer was given on (0: none)
	Channel    string
	Yes        bool
	From       string
	PedidoID   int64 // the order whose checkout gave it (guests)
	At         int64 // unix seconds
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id > 0} }

// recordConsent writes an answer (its time: At, else the store's now).
func recordConsent(ctx context.Context, q store.Querier, c Consent) error {
	if c.At == 0 {
		c.At = q.NowUnix()
	}
	_, err := q.Exec(ctx, `INSERT INTO consentimientos (usuario_id, invitado_id, cliente_id, canal, valor, origen, pedido_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, nullID(c.UsuarioID), nullID(c.InvitadoID), nullID(c.ClienteID), c.Channel,
		store.BoolInt(c.Yes), c.From, nullID(c.PedidoID), c.At)
	if err != nil {
		return fmt.Errorf("record consent: %w", err)
	}
	return nil
}

// RecordRegistered records both answers of the account u just created
// (the registration dialog's boxes; the restaurant it registered from) at
// at (0: now).
func RecordRegistered(ctx context.Context, q store.Querier, u Usuario, at int64) error {
	var on int64
	if u.ClienteID != nil {
		on = *u.ClienteID
	}
	return recordAnswers(ctx, q, nil, u, on, FromRegistration, at)
}

// recordAnswers records a diner's answers for both channels that differ
// from before (all of them when before is nil: a new account).
func recordAnswers(ctx context.Context, q store.Querier, before *Usuario, u Usuario, clienteID int64, from string, at int64) error {
	for _, a := range []struct {
		channel     string
		now, before bool
	}{
		{ChannelEmail, u.SuscritoMailing, before != nil && before.SuscritoMailing},
		{ChannelWhatsApp, u.WhatsappNotificaciones, before != nil && before.WhatsappNotificaciones},
		{ChannelSMS, u.SmsNotificaciones, before != nil && before.SmsNotificaciones},
	} {
		if before == nil && a.channel == ChannelSMS && !a.now {
			continue // registration asks no SMS question: no answer to record
		}
		if before != nil && a.now == a.before {
			continue
		}
		if err := recordConsent(ctx, q, Consent{UsuarioID: u.ID, ClienteID: clienteID, Channel: a.channel, Yes: a.now, From: from, At: at}); err != nil {
			return err
		}
	}
	return nil
}

// Consents lists the recorded answers of a diner (usuarioID) or of a
// guest (invitadoID), oldest first (tests and support read it).
func Consents(ctx context.Context, q store.Querier, usuarioID, invitadoID int64) ([]Consent, error) {
	rows, err := q.Query(ctx, `SELECT COALESCE(usuario_id, 0), COALESCE(invitado_id, 0), COALESCE(cliente_id, 0), canal, valor, origen,
			COALESCE(pedido_id, 0), created_at
		FROM consentimientos WHERE usuario_id = ? OR invitado_id = ? ORDER BY id`, usuarioID, invitadoID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Consent
	for rows.Next() {
		var c Consent
		var yes int
		if err := rows.Scan(&c.UsuarioID, &c.InvitadoID, &c.ClienteID, &c.Channel, &yes, &c.From, &c.PedidoID, &c.At); err != nil {
			return nil, err
		}
		c.Yes = yes == 1
		out = append(out, c)
	}
	return out, rows.Err()
}

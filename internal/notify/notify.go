// Package notify sends a diner's or a guest's transactional messages — their order confirmed,
// ready for pickup, served at the table or cancelled (with the reason and the refund), a voucher
// bought (with its code), a table tab's receipt — on the channel they chose: e-mail, WhatsApp or
// SMS (docs/decisions.md, "Issue 32"). WhatsApp and SMS need that channel's consent and a phone,
// not marketing consent; without them the message goes by e-mail, as it always did. Every message
// is queued in the outbox (package mail) in the transaction of the event, under a dedupe key per
// event, so an order set 'listo' twice, or by two replicas, is told once.
//
// The order e-mails (ordering) and the voucher receipt (offers) keep going as before; WhatsApp and
// SMS carry the short messages beside them, and 'ready' goes only on the chosen channel (the
// e-mail of it is left out; it comes back as the fallback if the message fails for good).
//
// Service applies what the providers' signed callbacks report (messaging.Events): delivery
// statuses onto the outbox, and a reply BAJA / STOP withdraws that channel's consent at once.
package notify

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"html"
	netmail "net/mail"
	"strconv"
	"strings"

	"carta/internal/locale"
	"carta/internal/mail"
	"carta/internal/messaging"
	"carta/internal/money"
	"carta/internal/store"
)

// Channels a diner can choose for their notices.
var Channels = []string{messaging.ChannelEmail, messaging.ChannelWhatsApp, messaging.ChannelSMS}

// ValidChannel reports whether c is a channel a diner can choose.
func ValidChannel(c string) bool {
	return c == messaging.ChannelEmail || c == messaging.ChannelWhatsApp || c == messaging.ChannelSMS
}

// recipient is who a message is for and where it goes.
type recipient struct {
	UsuarioID, InvitadoID int64
	Channel               string // the channel it goes by (consent and phone checked)
	Phone                 string // E.164, for WhatsApp and SMS
	Email                 string
}

// accountRecipient is a diner's account's choice: the chosen channel when its consent stands and
// the phone is one; e-mail otherwise.
func accountRecipient(ctx context.Context, q store.Querier, usuarioID int64, pais string) (recipient, error) {
	r := recipient{UsuarioID: usuarioID, Channel: messaging.ChannelEmail}
	var canal, tel string
	var wa, sms int
	err := q.QueryRow(ctx, `SELECT email, telefono, avisos_canal, whatsapp_notificaciones, sms_notificaciones FROM usuarios WHERE id = ?`,
		usuarioID).Scan(&r.Email, &tel, &canal, &wa, &sms)
	if errors.Is(err, sql.ErrNoRows) {
		return recipient{Channel: messaging.ChannelEmail}, nil
	}
	if err != nil {
		return r, fmt.Errorf("notify: diner %d: %w", usuarioID, err)
	}
	if (canal == messaging.ChannelWhatsApp && wa == 1) || (canal == messaging.ChannelSMS && sms == 1) {
		if p, ok := E164(tel, pais); ok {
			r.Channel, r.Phone = canal, p
		}
	}
	return r, nil
}

// orderRow is what a message about an order says.
type orderRow struct {
	ID, ClienteID, Numero, UsuarioID, InvitadoID, CuentaID, Mesa, Total, PaidAt           int64
	Estado, Canal, Telefono, Email, Idioma, Moneda, Motivo, Restaurante, Pais, MesaNombre string
}

func readOrder(ctx context.Context, q store.Querier, id int64) (orderRow, error) {
	var o orderRow
	err := q.QueryRow(ctx, `SELECT p.id, p.cliente_id, COALESCE(p.numero, 0), COALESCE(p.usuario_id, 0), COALESCE(p.invitado_id, 0),
			COALESCE(p.cuenta_id, 0), p.mesa_numero, p.total, p.paid_at, p.estado, p.avisos_canal, p.telefono, p.email, p.idioma,
			p.moneda, p.motivo_cancelacion, COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre), c.pais, p.mesa_nombre
		FROM pedidos p JOIN clientes c ON c.id = p.cliente_id LEFT JOIN configuraciones s ON s.cliente_id = p.cliente_id
		WHERE p.id = ?`, id).Scan(&o.ID, &o.ClienteID, &o.Numero, &o.UsuarioID, &o.InvitadoID, &o.CuentaID, &o.Mesa, &o.Total, &o.PaidAt,
		&o.Estado, &o.Canal, &o.Telefono, &o.Email, &o.Idioma, &o.Moneda, &o.Motivo, &o.Restaurante, &o.Pais, &o.MesaNombre)
	return o, store.NotFound(err)
}

// orderRecipient is an order's: its diner's account's choice, else the channel its guest chose
// at checkout (the order's, withdrawn by a reply BAJA like an account's consent).
func orderRecipient(ctx context.Context, q store.Querier, o orderRow) (recipient, error) {
	if o.UsuarioID > 0 {
		r, err := accountRecipient(ctx, q, o.UsuarioID, o.Pais)
		if r.Email == "" {
			r.Email = o.Email
		}
		return r, err
	}
	r := recipient{InvitadoID: o.InvitadoID, Channel: messaging.ChannelEmail, Email: o.Email}
	if o.Canal == messaging.ChannelWhatsApp || o.Canal == messaging.ChannelSMS {
		if p, ok := E164(o.Telefono, o.Pais); ok {
			r.Channel, r.Phone = o.Canal, p
		}
	}
	return r, nil
}

// Order queues the WhatsApp or SMS message about order pedidoID's current state, in the
// transaction that set it, when its diner chose one of those channels (and still may): confirmed
// (recibido), ready (listo, a pickup order), served (entregado, a table's order), cancelled. It
// reports onlyHere when the e-mail of this state is to be left out: 'ready' goes only on the
// chosen channel. Other states, and a diner who chose e-mail, queue nothing here (the order's
// e-mails go as before). The same event queued again queues nothing (its dedupe key).
func Order(ctx context.Context, q store.Querier, pedidoID int64) (onlyHere bool, err error) {
	o, err := readOrder(ctx, q, pedidoID)
	if err != nil {
		return false, err
	}
	table := o.CuentaID > 0 || o.Mesa > 0
	var kind string
	var params []string
	tag := locale.Tag(o.Pais, lang(o.Idioma))
	numero := strconv.FormatInt(o.Numero, 10)
	if o.Numero == 0 {
		numero = strconv.FormatInt(o.ID, 10)
	}
	mesa := cmpOr(o.MesaNombre, strconv.FormatInt(o.Mesa, 10))
	switch {
	case o.Estado == "recibido" && !table:
		kind, params = KindConfirmed, []string{o.Restaurante, numero, money.Format(o.Total, o.Moneda, tag)}
	case o.Estado == "listo" && !table:
		kind, params = KindReady, []string{o.Restaurante, numero}
	case o.Estado == "entregado" && table:
		kind, params = KindServed, []string{o.Restaurante, mesa}
	case o.Estado == "cancelado":
		refund := money.Format(0, o.Moneda, tag)
		if o.PaidAt > 0 {
			refund = money.Format(o.Total, o.Moneda, tag)
		}
		kind, params = KindCancelled, []string{o.Restaurante, numero, cmpOr(o.Motivo, "—"), refund}
	default:
		return false, nil
	}
	r, err := orderRecipient(ctx, q, o)
	if err != nil || r.Channel == messaging.ChannelEmail {
		return false, err
	}
	if _, err := queue(ctx, q, r, kind, o.Idioma, o.ClienteID, params, fmt.Sprintf("%s:%d", kind, o.ID)); err != nil {
		return false, err
	}
	return kind == KindReady, nil
}

// Voucher queues the WhatsApp or SMS message with the code of voucher purchase compraID, just
// paid, when its diner chose one of those channels (the receipt e-mail goes as before).
func Voucher(ctx context.Context, q store.Querier, compraID int64) error {
	var usuarioID, clienteID int64
	var desc, descEN, code, idioma, nombre, pais string
	err := q.QueryRow(ctx, `SELECT COALESCE(k.usuario_id, 0), k.cliente_id, k.descripcion, k.descripcion_en, COALESCE(k.codigo_voucher, ''),
			k.idioma, COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre), c.pais
		FROM compras k JOIN clientes c ON c.id = k.cliente_id LEFT JOIN configuraciones s ON s.cliente_id = k.cliente_id
		WHERE k.id = ?`, compraID).Scan(&usuarioID, &clienteID, &desc, &descEN, &code, &idioma, &nombre, &pais)
	if err != nil {
		return fmt.Errorf("notify: voucher %d: %w", compraID, store.NotFound(err))
	}
	if usuarioID == 0 || code == "" {
		return nil
	}
	r, err := accountRecipient(ctx, q, usuarioID, pais)
	if err != nil || r.Channel == messaging.ChannelEmail {
		return err
	}
	title := desc
	if lang(idioma) == "en" && descEN != "" {
		title = descEN
	}
	_, err = queue(ctx, q, r, KindVoucher, idioma, clienteID, []string{nombre, title, code}, fmt.Sprintf("%s:%d", KindVoucher, compraID))
	return err
}

// TabReceipt queues the receipt of table tab cuentaID, just paid, to each diner with an account
// who ordered on it, on their chosen channel (e-mail included: a tab had no receipt e-mail).
func TabReceipt(ctx context.Context, q store.Querier, cuentaID int64) error {
	rows, err := q.Query(ctx, `SELECT DISTINCT p.usuario_id, p.idioma FROM pedidos p
		WHERE p.cuenta_id = ? AND p.usuario_id IS NOT NULL ORDER BY p.usuario_id`, cuentaID)
	if err != nil {
		return fmt.Errorf("notify: tab %d: %w", cuentaID, err)
	}
	type diner struct {
		id   int64
		lang string
	}
	var diners []diner
	seen := map[int64]bool{}
	for rows.Next() {
		var d diner
		if err := rows.Scan(&d.id, &d.lang); err != nil {
			rows.Close()
			return err
		}
		if !seen[d.id] {
			seen[d.id] = true
			diners = append(diners, d)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(diners) == 0 {
		return err
	}
	var clienteID, total int64
	var moneda, nombre, pais, mesa string
	err = q.QueryRow(ctx, `SELECT t.cliente_id, COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre), c.pais,
			COALESCE((SELECT SUM(importe) FROM cuenta_pagos WHERE cuenta_id = t.id AND estado = 'pagado'), 0),
			COALESCE((SELECT moneda FROM cuenta_pagos WHERE cuenta_id = t.id ORDER BY id LIMIT 1), ''),
			COALESCE((SELECT MAX(mesa_nombre) FROM pedidos WHERE cuenta_id = t.id), '')
		FROM cuentas t JOIN clientes c ON c.id = t.cliente_id LEFT JOIN configuraciones s ON s.cliente_id = t.cliente_id
		WHERE t.id = ?`, cuentaID).Scan(&clienteID, &nombre, &pais, &total, &moneda, &mesa)
	if err != nil {
		return fmt.Errorf("notify: tab %d: %w", cuentaID, store.NotFound(err))
	}
	for _, d := range diners {
		r, err := accountRecipient(ctx, q, d.id, pais)
		if err != nil {
			return err
		}
		params := []string{nombre, mesa, money.Format(total, moneda, locale.Tag(pais, lang(d.lang)))}
		if _, err := queue(ctx, q, r, KindReceipt, d.lang, clienteID, params, fmt.Sprintf("%s:%d:%d", KindReceipt, cuentaID, d.id)); err != nil {
			return err
		}
	}
	return nil
}

// queue queues kind's message to r on r's channel.
func queue(ctx context.Context, q store.Querier, r recipient, kind, l string, clienteID int64, params []string, key string) (int64, error) {
	l = lang(l)
	subject, body := render(kind, l, params)
	m := mail.OutboxMessage{Channel: r.Channel, Kind: kind, Subject: subject, Text: body, Lang: l,
		ClienteID: clienteID, UsuarioID: r.UsuarioID, InvitadoID: r.InvitadoID, DedupeKey: key}
	switch r.Channel {
	case messaging.ChannelWhatsApp:
		m.To, m.Template, m.Params = r.Phone, Templates[kind], make([]string, len(params))
		for i, p := range params {
			m.Params[i] = oneLine(p)
		}
	case messaging.ChannelSMS:
		m.To = r.Phone
	default:
		if _, err := netmail.ParseAddress(r.Email); err != nil {
			return 0, nil // no e-mail to write to: nothing is sent
		}
		m.To = r.Email
		m.HTML = `<!DOCTYPE html><html lang="` + l + `"><head><meta charset="utf-8"><title>` + html.EscapeString(subject) +
			`</title></head><body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;"><p>` +
			html.EscapeString(body) + `</p></body></html>`
	}
	return mail.Enqueue(ctx, q, m)
}

func cmpOr(a, b string) string {
	if strings.TrimSpace(a) != "" {
		return a
	}
	return b
}

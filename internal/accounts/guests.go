package accounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"carta/internal/auth"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Guests (invitados): the people who paid an online order without an
// account. A restaurant knows each one by the e-mail they gave (one row per
// restaurant and normalised e-mail), and lists them in 'Clientes' beside
// the diners with accounts; docs/decisions.md ("Guests become customers").
// No account is created for them. Registering with the same e-mail claims
// them: the guest is linked to the new account, and the restaurant sees one
// customer with the guest's history.

// GuestOrder is a guest's order whose payment is being confirmed.
type GuestOrder struct {
	PedidoID int64
	Nombre   string
	Email    string
	Telefono string
	// Novedades is the checkout's "quiero recibir novedades" box, as the
	// guest left it; PlacedAt is when they placed the order (the consent's
	// time).
	Novedades bool
	PlacedAt  int64
	// Canal is the channel of the order's notices the guest chose
	// ('email', 'whatsapp', 'sms'); empty: read from the order.
	Canal string
}

// GuestOrigin is how a guest (and their consent) came: an online order.
const GuestOrigin = "pedido"

// RecordGuest records, in the transaction that confirms the payment of
// o, its guest as a customer of restaurant t, and returns the guest's id.
// The name and (when given) the phone are the latest order's, the last
// visit is now. Consent to e-mails is recorded when an order ticks the box
// (when, how, which order) and kept while it stands: a later order that
// leaves the box unticked does not withdraw it (an unticked box is no
// answer), nor does ticking again replace the record of when it was given.
// Each answer that counts (the first, and a yes after a no) is recorded
// in consentimientos. A guest whose e-mail has an account is linked to it at once (the
// account's own consent is the one that counts) and, when the account
// already uses the restaurant, its last visit there moves to now.
func RecordGuest(ctx context.Context, q store.Querier, t tenant.ID, o GuestOrder) (int64, error) {
	email := auth.NormalizeEmail(o.Email)
	now := q.NowUnix()
	canal := o.Canal
	if canal == "" {
		err := q.QueryRow(ctx, `SELECT avisos_canal FROM pedidos WHERE id = ?`, o.PedidoID).Scan(&canal)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return 0, fmt.Errorf("guest channel: %w", err)
		}
		if canal == "" {
			canal = ChannelEmail
		}
	}
	var consentAt int64
	var consentHow string
	var consentOrder sql.NullInt64
	if o.Novedades {
		consentAt, consentHow, consentOrder = o.PlacedAt, GuestOrigin, sql.NullInt64{Int64: o.PedidoID, Valid: true}
	}
	// The guest as it was (before: none for a new guest), then as it is now.
	// Orders of one e-mail confirmed at the same moment take turns here, so
	// that the second reads the row the first wrote and only the first
	// answer is logged as one: SQLite's writes are one at a time already;
	// PostgreSQL locks the guest's key (restaurant and e-mail) until the
	// commit, before the read, which then sees what the one before committed
	// (each statement of a READ COMMITTED transaction does). The lock is
	// taken before the restaurant's order counter (numberOrder, last), as
	// in every confirmation: no two of them can wait for each other.
	var before guestBefore
	var id int64
	var account sql.NullInt64
	if q.Dialect() == store.Postgres {
		if _, err := q.Exec(ctx, `SELECT pg_advisory_xact_lock(?, hashtext(?))`, guestLockSpace, fmt.Sprintf("%d:%s", t.Int64(), email)); err != nil {
			return 0, fmt.Errorf("lock guest: %w", err)
		}
	}
	err := q.QueryRow(ctx, `SELECT suscrito_mailing, avisos_canal FROM invitados WHERE cliente_id = ? AND email = ?`, t.Int64(), email).
		Scan(&before.mailing, &before.canal)
	switch {
	case err == nil:
		before.known = true
	case errors.Is(err, sql.ErrNoRows):
		err = nil
	}
	if err == nil {
		err = q.QueryRow(ctx, upsertGuest+` RETURNING id, usuario_id`, t.Int64(), email, o.Nombre, o.Telefono, GuestOrigin, store.BoolInt(o.Novedades),
			consentAt, consentHow, consentOrder, email, email, now, now, now, canal).Scan(&id, &account)
	}
	if err != nil {
		return 0, fmt.Errorf("record guest: %w", err)
	}
	// The answer is recorded when it is the guest's first or it changes
	// the standing one (an unticked box does not withdraw a yes).
	if !before.known || (before.mailing == 0 && o.Novedades) {
		if err := recordConsent(ctx, q, Consent{InvitadoID: id, ClienteID: t.Int64(), Channel: ChannelEmail, Yes: o.Novedades,
			From: FromCheckout, PedidoID: o.PedidoID, At: o.PlacedAt}); err != nil {
			return 0, err
		}
	}
	// Choosing WhatsApp or SMS for the order's notices (issue 32) is consent to that channel,
	// recorded with the order when the choice changes the guest's (a new guest's is 'email').
	was := before.canal
	if !before.known {
		was = ChannelEmail
	}
	if canal != was && (canal == ChannelWhatsApp || canal == ChannelSMS) {
		if err := recordConsent(ctx, q, Consent{InvitadoID: id, ClienteID: t.Int64(), Channel: canal, Yes: true, From: FromCheckout,
			PedidoID: o.PedidoID, At: o.PlacedAt}); err != nil {
			return 0, err
		}
	}
	if account.Valid {
		if _, err := q.Exec(ctx, `UPDATE usuario_restaurantes SET last_seen_at = ? WHERE usuario_id = ? AND cliente_id = ?`,
			now, account.Int64, t.Int64()); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// guestLockSpace is the first key of PostgreSQL's advisory lock on a
// guest (RecordGuest), apart from the migrations' one-number lock.
const guestLockSpace = 7243312

// guestBefore is what a guest row held before an order recorded it (known:
// there was one).
type guestBefore struct {
	known   bool
	mailing int
	canal   string
}

// upsertGuest writes a paying guest's row (RecordGuest): the account with
// the guest's e-mail, when there is one, is linked at once; the channel of
// the order's notices (pedidos.avisos_canal, issue 32) is the latest
// order's.
const upsertGuest = `INSERT INTO invitados (cliente_id, email, nombre, telefono, origen, suscrito_mailing, suscrito_at,
			suscrito_origen, suscrito_pedido_id, usuario_id, vinculado_at, last_seen_at, created_at, avisos_canal)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM usuarios WHERE email = ?),
			CASE WHEN EXISTS (SELECT 1 FROM usuarios WHERE email = ?) THEN CAST(? AS BIGINT) ELSE 0 END, ?, ?, ?)
		ON CONFLICT (cliente_id, email) DO UPDATE SET
			nombre = excluded.nombre,
			telefono = CASE WHEN excluded.telefono <> '' THEN excluded.telefono ELSE invitados.telefono END,
			suscrito_at = CASE WHEN invitados.suscrito_mailing = 1 THEN invitados.suscrito_at ELSE excluded.suscrito_at END,
			suscrito_origen = CASE WHEN invitados.suscrito_mailing = 1 THEN invitados.suscrito_origen ELSE excluded.suscrito_origen END,
			suscrito_pedido_id = CASE WHEN invitados.suscrito_mailing = 1 THEN invitados.suscrito_pedido_id ELSE excluded.suscrito_pedido_id END,
			suscrito_mailing = CASE WHEN invitados.suscrito_mailing = 1 THEN 1 ELSE excluded.suscrito_mailing END,
			vinculado_at = CASE WHEN invitados.usuario_id IS NULL THEN excluded.vinculado_at ELSE invitados.vinculado_at END,
			usuario_id = COALESCE(invitados.usuario_id, excluded.usuario_id),
			last_seen_at = excluded.last_seen_at,
			avisos_canal = excluded.avisos_canal`

// claimGuests links the guests of every restaurant who gave email to the
// account just registered with it (usuarioID), in the registration's
// transaction. The guests' consent is not carried over: the account's, just
// given on the registration form, is the one that counts. Their orders stay
// the restaurant's records (the account's pages do not list them: the
// registration does not prove the e-mail is the diner's).
func claimGuests(ctx context.Context, q store.Querier, usuarioID int64, email string) error {
	_, err := q.Exec(ctx, `UPDATE invitados SET usuario_id = ?, vinculado_at = ? WHERE email = ? AND usuario_id IS NULL`,
		usuarioID, q.NowUnix(), auth.NormalizeEmail(email))
	return err
}

// Guest is a guest row as it is stored (tests and support read it).
type Guest struct {
	ID, ClienteID    int64
	Email, Nombre    string
	Telefono, Origen string
	SuscritoMailing  bool
	SuscritoAt       int64
	SuscritoOrigen   string
	SuscritoPedidoID int64
	UsuarioID        int64
	VinculadoAt      int64
	LastSeenAt       int64
	CreatedAt        int64
}

// GuestByEmail reads restaurant t's guest with that e-mail
// (store.ErrNotFound when none).
func GuestByEmail(ctx context.Context, q store.Querier, t tenant.ID, email string) (Guest, error) {
	var g Guest
	var mail int
	var pedido, usuario sql.NullInt64
	err := q.QueryRow(ctx, `SELECT id, cliente_id, email, nombre, telefono, origen, suscrito_mailing, suscrito_at, suscrito_origen,
			suscrito_pedido_id, usuario_id, vinculado_at, last_seen_at, created_at
		FROM invitados WHERE cliente_id = ? AND email = ?`, t.Int64(), auth.NormalizeEmail(email)).
		Scan(&g.ID, &g.ClienteID, &g.Email, &g.Nombre, &g.Telefono, &g.Origen, &mail, &g.SuscritoAt, &g.SuscritoOrigen,
			&pedido, &usuario, &g.VinculadoAt, &g.LastSeenAt, &g.CreatedAt)
	g.SuscritoMailing, g.SuscritoPedidoID, g.UsuarioID = mail == 1, pedido.Int64, usuario.Int64
	return g, store.NotFound(err)
}

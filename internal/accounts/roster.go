package accounts

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"carta/internal/store"
	"carta/internal/tenant"
)

// The restaurant's customers as its owner sees them ('Clientes'): the
// diners who registered with or use the restaurant, and the guests who paid
// an order there without an account (guests.go); when they last came, what
// they bought there and their points there. An e-mail is shown only when
// its owner accepted e-mails (a diner's suscrito_mailing, a guest's
// "quiero recibir novedades"), a diner's phone only when they accepted
// WhatsApp messages (whatsapp_notificaciones; a guest is never asked, so a
// guest's phone is never shown); docs/decisions.md.

// Comensal is one customer of a restaurant, with the figures of that
// restaurant only. Amounts are cents; times Unix seconds. Email and
// Telefono are "" without the customer's consent. Invitado marks a guest
// (ID is then the guest's, not an account's); a guest claimed by an account
// is that account's row, with the guest's orders in its figures.
type Comensal struct {
	ID           int64  `json:"id"`
	Invitado     bool   `json:"invitado"`
	Nombre       string `json:"nombre"`
	Email        string `json:"email"`
	Telefono     string `json:"telefono"`
	UltimaVisita int64  `json:"ultima_visita"`
	RegistradoAt int64  `json:"registrado_at"`
	Cupones      int64  `json:"cupones"`
	Pedidos      int64  `json:"pedidos"`
	Gastado      int64  `json:"gastado"`
	Puntos       int64  `json:"puntos"`
}

// Contactable reports whether the diner may be contacted at all.
func (c Comensal) Contactable() bool { return c.Email != "" || c.Telefono != "" }

// Cursor is where a page of the list starts: after the customer
// (UltimaVisita, key) the previous page ended with, where the key is an
// account's id or a guest's id negated. A customer who comes back meanwhile
// moves to the top rather than shifting the next page.
type Cursor struct{ lastSeen, key int64 }

// key is c's place among customers of the same last visit.
func (c Comensal) key() int64 {
	if c.Invitado {
		return -c.ID
	}
	return c.ID
}

func cursorAfter(c Comensal) Cursor { return Cursor{c.UltimaVisita, c.key()} }

// String is the cursor as the API sends it: "<last visit>.<key>".
func (c Cursor) String() string {
	return strconv.FormatInt(c.lastSeen, 10) + "." + strconv.FormatInt(c.key, 10)
}

// ParseCursor reads a cursor the API sent; false when raw is not one.
func ParseCursor(raw string) (*Cursor, bool) {
	seen, key, ok := strings.Cut(raw, ".")
	if !ok {
		return nil, false
	}
	c := Cursor{}
	var err1, err2 error
	c.lastSeen, err1 = strconv.ParseInt(seen, 10, 64)
	c.key, err2 = strconv.ParseInt(key, 10, 64)
	if err1 != nil || err2 != nil || c.lastSeen < 0 || c.key == 0 {
		return nil, false
	}
	return &c, true
}

// RosterFilter selects customers of a restaurant: Query matches the name
// or the e-mail (case-insensitive, a part of either); After, when set,
// starts after that customer; Limit bounds the page (0: no bound, for the
// export); Contactable keeps only the customers who accepted e-mails or
// WhatsApp.
type RosterFilter struct {
	Query       string
	After       *Cursor
	Limit       int
	Contactable bool
}

// RosterPage is one page of a restaurant's customers, latest visit first,
// how many match in all, and where the next page starts ("" at the end).
type RosterPage struct {
	Usuarios  []Comensal `json:"usuarios"`
	Total     int        `json:"total"`
	Siguiente string     `json:"siguiente"`
}

// The two kinds of rows of the list, each a SELECT of the same columns
// (key, account id, guest id, guest or not, name, e-mail, phone, e-mail
// consent, WhatsApp consent, since, last visit) over its own table, paged
// by its own (cliente_id, last_seen_at) index:
//   - accounts: the diners who use the restaurant (usuario_restaurantes),
//     with the guest of the restaurant they claimed, if any;
//   - guests: the restaurant's guests (invitados) not shown through an
//     account's row — unclaimed ones, and claimed ones whose account never
//     used the restaurant itself (shown as that account: its name, its
//     consent).
type rosterPart struct {
	cols, from                                    string
	key, nombre, email, telefono, mail, wa, visto string
}

var rosterParts = [2]rosterPart{{
	cols: `u.id AS k, u.id AS uid, (SELECT g.id FROM invitados g WHERE g.usuario_id = u.id AND g.cliente_id = ur.cliente_id) AS gid,
		0 AS invitado, u.nombre AS nombre, u.email AS email, u.telefono AS telefono, u.suscrito_mailing AS mail,
		u.whatsapp_notificaciones AS wa, u.created_at AS desde, ur.last_seen_at AS visto`,
	from: `FROM usuario_restaurantes ur JOIN usuarios u ON u.id = ur.usuario_id WHERE ur.cliente_id = ?`,
	key:  "u.id", nombre: "u.nombre", email: "u.email", telefono: "u.telefono", mail: "u.suscrito_mailing",
	wa: "u.whatsapp_notificaciones", visto: "ur.last_seen_at",
}, {
	cols: `COALESCE(u.id, -g.id) AS k, u.id AS uid, g.id AS gid, CASE WHEN u.id IS NULL THEN 1 ELSE 0 END AS invitado,
		COALESCE(u.nombre, g.nombre) AS nombre, COALESCE(u.email, g.email) AS email, COALESCE(u.telefono, g.telefono) AS telefono,
		COALESCE(u.suscrito_mailing, g.suscrito_mailing) AS mail, COALESCE(u.whatsapp_notificaciones, 0) AS wa,
		COALESCE(u.created_at, g.created_at) AS desde, g.last_seen_at AS visto`,
	from: `FROM invitados g LEFT JOIN usuarios u ON u.id = g.usuario_id
		WHERE g.cliente_id = ? AND NOT EXISTS (SELECT 1 FROM usuario_restaurantes ur WHERE ur.usuario_id = g.usuario_id AND ur.cliente_id = g.cliente_id)`,
	key: "COALESCE(u.id, -g.id)", nombre: "COALESCE(u.nombre, g.nombre)", email: "COALESCE(u.email, g.email)",
	telefono: "COALESCE(u.telefono, g.telefono)", mail: "COALESCE(u.suscrito_mailing, g.suscrito_mailing)",
	wa: "COALESCE(u.whatsapp_notificaciones, 0)", visto: "g.last_seen_at",
}}

// where is the part's FROM with the filter's conditions (and the cursor's,
// unless count), with its arguments.
func (p rosterPart) where(d store.Dialect, t tenant.ID, f RosterFilter, count bool) (string, []any) {
	var b strings.Builder
	b.WriteString(p.from)
	args := []any{t.Int64()}
	if q := strings.TrimSpace(f.Query); q != "" {
		like := store.LikeContains(store.Fold(q))
		b.WriteString(` AND (` + store.FoldSQL(d, p.nombre) + ` LIKE ? ESCAPE '\' OR ` + store.FoldSQL(d, p.email) + ` LIKE ? ESCAPE '\')`)
		args = append(args, like, like)
	}
	if f.Contactable {
		b.WriteString(` AND (` + p.mail + ` = 1 OR (` + p.wa + ` = 1 AND ` + p.telefono + ` <> ''))`)
	}
	if f.After != nil && !count {
		b.WriteString(` AND (` + p.visto + ` < ? OR (` + p.visto + ` = ? AND ` + p.key + ` < ?))`)
		args = append(args, f.After.lastSeen, f.After.lastSeen, f.After.key)
	}
	return b.String(), args
}

// rosterSQL pages each kind of customer first (its own index), merges the
// two pages, then adds each row's figures at that restaurant only, so the
// sums run for the page's rows and not for every customer. Coupons count
// once paid (pagado, canjeado) at their price without the platform's
// service fee; orders once paid and not cancelled, at their total — the
// account's own and its guest's (a guest's order has no account, so none
// counts twice); points are the restaurant's ledger.
const rosterSQL = `SELECT p.k, p.invitado, p.nombre, p.email, p.telefono, p.mail, p.wa, p.desde, p.visto,
	(SELECT COUNT(*) FROM compras c WHERE c.usuario_id = p.uid AND c.cliente_id = ? AND c.estado IN ('pagado', 'canjeado')),
	(SELECT COUNT(*) FROM pedidos o WHERE o.usuario_id = p.uid AND o.cliente_id = ? AND o.paid_at > 0 AND o.estado <> 'cancelado')
	+ (SELECT COUNT(*) FROM pedidos o WHERE o.invitado_id = p.gid AND o.paid_at > 0 AND o.estado <> 'cancelado'),
	(SELECT CAST(COALESCE(SUM(c.subtotal), 0) AS BIGINT) FROM compras c WHERE c.usuario_id = p.uid AND c.cliente_id = ? AND c.estado IN ('pagado', 'canjeado'))
	+ (SELECT CAST(COALESCE(SUM(o.total), 0) AS BIGINT) FROM pedidos o WHERE o.usuario_id = p.uid AND o.cliente_id = ? AND o.paid_at > 0 AND o.estado <> 'cancelado')
	+ (SELECT CAST(COALESCE(SUM(o.total), 0) AS BIGINT) FROM pedidos o WHERE o.invitado_id = p.gid AND o.paid_at > 0 AND o.estado <> 'cancelado'),
	(SELECT CAST(COALESCE(SUM(pt.puntos), 0) AS BIGINT) FROM puntos pt WHERE pt.usuario_id = p.uid AND pt.cliente_id = ?)
	FROM (SELECT * FROM (SELECT %s %s ORDER BY visto DESC, k DESC %s) a
		UNION ALL SELECT * FROM (SELECT %s %s ORDER BY visto DESC, k DESC %s) b) p
	ORDER BY p.visto DESC, p.k DESC %s`

// Roster returns a page of the restaurant's customers (f.Limit > 0) or all
// of them, with how many match in all.
func Roster(ctx context.Context, q store.Querier, t tenant.ID, f RosterFilter) (RosterPage, error) {
	page := RosterPage{Usuarios: []Comensal{}}
	for _, part := range rosterParts {
		where, args := part.where(q.Dialect(), t, f, true)
		var n int
		if err := q.QueryRow(ctx, `SELECT COUNT(*) `+where, args...).Scan(&n); err != nil {
			return page, fmt.Errorf("count customers: %w", err)
		}
		page.Total += n
	}
	limit := 0
	if f.Limit > 0 {
		limit = f.Limit + 1 // one more says whether a next page exists
	}
	list, err := rosterRows(ctx, q, t, f, limit)
	if err != nil {
		return page, err
	}
	page.Usuarios = append(page.Usuarios, list...)
	if f.Limit > 0 && len(page.Usuarios) > f.Limit {
		page.Usuarios = page.Usuarios[:f.Limit]
		page.Siguiente = cursorAfter(page.Usuarios[f.Limit-1]).String()
	}
	return page, nil
}

// rosterBatch is how many customers EachComensal reads at a time.
var rosterBatch = 500

// EachComensal hands fn every customer f selects after its cursor (its
// Limit ignored), latest visit first, reading them rosterBatch at a time:
// the export of a restaurant with many customers never holds them all. An
// error of fn stops it and is returned.
func EachComensal(ctx context.Context, q store.Querier, t tenant.ID, f RosterFilter, fn func(Comensal) error) error {
	for {
		list, err := rosterRows(ctx, q, t, f, rosterBatch)
		if err != nil {
			return err
		}
		for _, c := range list {
			if err := fn(c); err != nil {
				return err
			}
		}
		if len(list) < rosterBatch {
			return nil
		}
		after := cursorAfter(list[len(list)-1])
		f.After = &after
	}
}

// rosterRows reads up to limit (0: every one) of the customers f selects
// after its cursor, latest visit first.
func rosterRows(ctx context.Context, q store.Querier, t tenant.ID, f RosterFilter, limit int) ([]Comensal, error) {
	accounts, accountArgs := rosterParts[0].where(q.Dialect(), t, f, false)
	guests, guestArgs := rosterParts[1].where(q.Dialect(), t, f, false)
	limitSQL := ""
	var limits []any
	if limit > 0 {
		limitSQL = "LIMIT ?"
		limits = []any{limit}
	}
	id := t.Int64()
	args := []any{id, id, id, id, id}
	args = append(append(args, accountArgs...), limits...)
	args = append(append(args, guestArgs...), limits...)
	args = append(args, limits...)
	rows, err := q.Query(ctx, fmt.Sprintf(rosterSQL, rosterParts[0].cols, accounts, limitSQL, rosterParts[1].cols, guests, limitSQL, limitSQL), args...)
	if err != nil {
		return nil, fmt.Errorf("list customers: %w", err)
	}
	defer rows.Close()
	var out []Comensal
	for rows.Next() {
		c, err := scanComensal(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// scanComensal reads a row of rosterSQL, dropping the contact details the
// customer did not consent to.
func scanComensal(rows *store.Rows) (Comensal, error) {
	var c Comensal
	var key int64
	var guest, mail, wa int
	if err := rows.Scan(&key, &guest, &c.Nombre, &c.Email, &c.Telefono, &mail, &wa, &c.RegistradoAt, &c.UltimaVisita,
		&c.Cupones, &c.Pedidos, &c.Gastado, &c.Puntos); err != nil {
		return c, err
	}
	c.ID, c.Invitado = key, guest == 1
	if c.Invitado {
		c.ID = -key
	}
	if mail != 1 {
		c.Email = ""
	}
	if wa != 1 {
		c.Telefono = ""
	}
	return c, nil
}

package accounts

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"carta/internal/store"
	"carta/internal/tenant"
)

// The restaurant's diners as its owner sees them ('Clientes'): the diners
// who registered with or use the restaurant, when they last came, what they
// bought there and their points there. A diner's e-mail is shown only when
// they accepted e-mails (suscrito_mailing), the phone only when they
// accepted WhatsApp messages (whatsapp_notificaciones); docs/decisions.md.

// Comensal is one diner of a restaurant, with the figures of that
// restaurant only. Amounts are cents; times Unix seconds. Email and
// Telefono are "" without the diner's consent.
type Comensal struct {
	ID           int64  `json:"id"`
	Nombre       string `json:"nombre"`
	Email        string `json:"email"`
	Telefono     string `json:"telefono"`
	UltimaVisita int64  `json:"ultima_visita"`
	RegistradoAt int64  `json:"registrado_at"`
	Cupones      int64  `json:"cupones"`
	Gastado      int64  `json:"gastado"`
	Puntos       int64  `json:"puntos"`
}

// Contactable reports whether the diner may be contacted at all.
func (c Comensal) Contactable() bool { return c.Email != "" || c.Telefono != "" }

// Cursor is where a page of the list starts: after the diner (UltimaVisita,
// ID) the previous page ended with. A diner who comes back meanwhile moves
// to the top rather than shifting the next page.
type Cursor struct{ lastSeen, id int64 }

// String is the cursor as the API sends it: "<last visit>.<id>".
func (c Cursor) String() string {
	return strconv.FormatInt(c.lastSeen, 10) + "." + strconv.FormatInt(c.id, 10)
}

// ParseCursor reads a cursor the API sent; false when raw is not one.
func ParseCursor(raw string) (*Cursor, bool) {
	seen, id, ok := strings.Cut(raw, ".")
	if !ok {
		return nil, false
	}
	c := Cursor{}
	var err1, err2 error
	c.lastSeen, err1 = strconv.ParseInt(seen, 10, 64)
	c.id, err2 = strconv.ParseInt(id, 10, 64)
	if err1 != nil || err2 != nil || c.lastSeen < 0 || c.id <= 0 {
		return nil, false
	}
	return &c, true
}

// RosterFilter selects diners of a restaurant: Query matches the name or
// the e-mail (case-insensitive, a part of either); After, when set, starts
// after that diner; Limit bounds the page (0: no bound, for the export);
// Contactable keeps only the diners who accepted e-mails or WhatsApp.
type RosterFilter struct {
	Query       string
	After       *Cursor
	Limit       int
	Contactable bool
}

// RosterPage is one page of a restaurant's diners, latest visit first, how
// many match in all, and where the next page starts ("" at the end).
type RosterPage struct {
	Usuarios  []Comensal `json:"usuarios"`
	Total     int        `json:"total"`
	Siguiente string     `json:"siguiente"`
}

// where is the filter's condition on usuario_restaurantes ur and usuarios
// u, with its arguments (the cursor apart: the count ignores it).
func (f RosterFilter) where(d store.Dialect, t tenant.ID) (string, []any) {
	cond, args := []string{"ur.cliente_id = ?"}, []any{t.Int64()}
	if q := strings.TrimSpace(f.Query); q != "" {
		like := store.LikeContains(store.Fold(q))
		cond = append(cond, `(`+store.FoldSQL(d, "u.nombre")+` LIKE ? ESCAPE '\' OR `+store.FoldSQL(d, "u.email")+` LIKE ? ESCAPE '\')`)
		args = append(args, like, like)
	}
	if f.Contactable {
		cond = append(cond, "(u.suscrito_mailing = 1 OR (u.whatsapp_notificaciones = 1 AND u.telefono <> ''))")
	}
	return strings.Join(cond, " AND "), args
}

// rosterSQL pages the restaurant's diners first (the (cliente_id,
// last_seen_at) index), then adds each one's figures at that restaurant
// only, so the sums run for the page's rows and not for every diner.
// Coupons count once paid (pagado, canjeado) at their price without the
// platform's service fee; orders once paid and not cancelled, at their
// total; points are the restaurant's ledger.
const rosterSQL = `SELECT p.id, p.nombre, p.email, p.telefono, p.suscrito_mailing, p.whatsapp_notificaciones, p.created_at, p.last_seen_at,
	(SELECT COUNT(*) FROM compras c WHERE c.usuario_id = p.id AND c.cliente_id = ? AND c.estado IN ('pagado', 'canjeado')),
	(SELECT CAST(COALESCE(SUM(c.subtotal), 0) AS BIGINT) FROM compras c WHERE c.usuario_id = p.id AND c.cliente_id = ? AND c.estado IN ('pagado', 'canjeado'))
	+ (SELECT CAST(COALESCE(SUM(o.total), 0) AS BIGINT) FROM pedidos o WHERE o.usuario_id = p.id AND o.cliente_id = ? AND o.paid_at > 0 AND o.estado <> 'cancelado'),
	(SELECT CAST(COALESCE(SUM(pt.puntos), 0) AS BIGINT) FROM puntos pt WHERE pt.usuario_id = p.id AND pt.cliente_id = ?)
	FROM (SELECT u.id, u.nombre, u.email, u.telefono, u.suscrito_mailing, u.whatsapp_notificaciones, u.created_at, ur.last_seen_at
		FROM usuario_restaurantes ur JOIN usuarios u ON u.id = ur.usuario_id
		WHERE %s ORDER BY ur.last_seen_at DESC, u.id DESC %s) p
	ORDER BY p.last_seen_at DESC, p.id DESC`

// Roster returns a page of the restaurant's diners (f.Limit > 0) or all
// of them, with how many match in all.
func Roster(ctx context.Context, q store.Querier, t tenant.ID, f RosterFilter) (RosterPage, error) {
	cond, args := f.where(q.Dialect(), t)
	page := RosterPage{Usuarios: []Comensal{}}
	if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM usuario_restaurantes ur JOIN usuarios u ON u.id = ur.usuario_id WHERE `+cond, args...).
		Scan(&page.Total); err != nil {
		return page, fmt.Errorf("count diners: %w", err)
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
		last := page.Usuarios[f.Limit-1]
		page.Siguiente = Cursor{last.UltimaVisita, last.ID}.String()
	}
	return page, nil
}

// rosterBatch is how many diners EachComensal reads at a time.
var rosterBatch = 500

// EachComensal hands fn every diner f selects after its cursor (its Limit
// ignored), latest visit first, reading them rosterBatch at a time: the
// export of a restaurant with many diners never holds them all. An error
// of fn stops it and is returned.
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
		last := list[len(list)-1]
		f.After = &Cursor{last.UltimaVisita, last.ID}
	}
}

// rosterRows reads up to limit (0: every one) of the diners f selects
// after its cursor, latest visit first.
func rosterRows(ctx context.Context, q store.Querier, t tenant.ID, f RosterFilter, limit int) ([]Comensal, error) {
	cond, args := f.where(q.Dialect(), t)
	if f.After != nil {
		cond += " AND (ur.last_seen_at < ? OR (ur.last_seen_at = ? AND u.id < ?))"
		args = append(args, f.After.lastSeen, f.After.lastSeen, f.After.id)
	}
	limitSQL := ""
	if limit > 0 {
		limitSQL = "LIMIT ?"
		args = append(args, limit)
	}
	id := t.Int64()
	rows, err := q.Query(ctx, fmt.Sprintf(rosterSQL, cond, limitSQL), append([]any{id, id, id, id}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("list diners: %w", err)
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
// diner did not consent to.
func scanComensal(rows *store.Rows) (Comensal, error) {
	var c Comensal
	var mail, wa int
	if err := rows.Scan(&c.ID, &c.Nombre, &c.Email, &c.Telefono, &mail, &wa, &c.RegistradoAt, &c.UltimaVisita,
		&c.Cupones, &c.Gastado, &c.Puntos); err != nil {
		return c, err
	}
	if mail != 1 {
		c.Email = ""
	}
	if wa != 1 {
		c.Telefono = ""
	}
	return c, nil
}

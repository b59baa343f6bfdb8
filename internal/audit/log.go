package audit

import (
	"context"
	"strings"

	"carta/internal/apperr"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Recorder records an action in the transaction that takes it: the API
// binds who acted and from where (the request), the domain names the
// action, its object and particulars inside its own transaction, on the
// restaurant the row it changed belongs to. A domain call takes its
// recorders as an optional last parameter; none records nothing (a job,
// a test).
type Recorder func(ctx context.Context, q store.Querier, t tenant.ID, accion, objeto, detalle string) error

// Note runs the recorders a domain call was given.
func Note(ctx context.Context, q store.Querier, recs []Recorder, t tenant.ID, accion, objeto, detalle string) error {
	for _, rec := range recs {
		if rec == nil {
			continue
		}
		if err := rec(ctx, q, t, accion, objeto, detalle); err != nil {
			return err
		}
	}
	return nil
}

// Item is one action of the log as the owner and the super admin read it.
type Item struct {
	ID        int64 `json:"id"`
	ClienteID int64 `json:"cliente_id"`
	// Restaurante is the restaurant's name (the super admin's list names it).
	Restaurante string `json:"restaurante"`
	Actor       string `json:"actor"`
	Accion      string `json:"accion"`
	Objeto      string `json:"objeto"`
	Detalle     string `json:"detalle"`
	IP          string `json:"ip"`
	CreatedAt   int64  `json:"created_at"`
	// ZonaHoraria is the restaurant's time zone (its ordering settings'):
	// the page writes the moment in it.
	ZonaHoraria string `json:"zona_horaria"`
}

// Page is a page of the log, newest first; Siguiente is the antes= of the
// next page (null: this is the last).
type Page struct {
	Actividad []Item `json:"actividad"`
	Siguiente *int64 `json:"siguiente"`
}

// MaxLimit is the most actions one page holds.
const MaxLimit = 100

// Filter narrows the log: Accion is a prefix of the action's name
// ("pedido." every action on orders), Actor a part of the actor's e-mail,
// Desde and Hasta unix seconds (from Desde included to Hasta excluded; 0:
// unbounded), Antes the keyset (actions with a smaller id; 0: the newest),
// Limit the page's size (1..MaxLimit; 0: 50).
type Filter struct {
	Accion, Actor string
	Desde, Hasta  int64
	Antes         int64
	Limit         int
}

// ErrFilter is a filter out of its bounds.
var ErrFilter = apperr.E(apperr.Invalid, "Filtro de actividad no válido (limit entre 1 y 100, fechas y antes no negativos).",
	"Invalid activity filter (limit between 1 and 100, dates and antes not negative).")

// List reads restaurant t's log a page at a time.
func List(ctx context.Context, q store.Querier, t tenant.ID, f Filter) (Page, error) {
	return list(ctx, q, &t, f)
}

// ListAll reads every restaurant's log a page at a time: the super admin's
// view of the platform (the caller checked the role).
func ListAll(ctx context.Context, q store.Querier, f Filter) (Page, error) {
	return list(ctx, q, nil, f)
}

func list(ctx context.Context, q store.Querier, t *tenant.ID, f Filter) (Page, error) {
	if f.Limit == 0 {
		f.Limit = 50
	}
	if f.Limit < 1 || f.Limit > MaxLimit || f.Desde < 0 || f.Hasta < 0 || f.Antes < 0 {
		return Page{}, ErrFilter
	}
	where := []string{"1 = 1"}
	var args []any
	if t != nil {
		where = append(where, "a.cliente_id = ?")
		args = append(args, t.Int64())
	}
	if f.Antes > 0 {
		where = append(where, "a.id < ?")
		args = append(args, f.Antes)
	}
	if p := strings.TrimSpace(f.Accion); p != "" {
		where = append(where, `a.accion LIKE ? ESCAPE '\'`)
		args = append(args, like(p)+"%")
	}
	if a := strings.ToLower(strings.TrimSpace(f.Actor)); a != "" {
		where = append(where, `LOWER(a.actor) LIKE ? ESCAPE '\'`)
		args = append(args, "%"+like(a)+"%")
	}
	if f.Desde > 0 {
		where = append(where, "a.created_at >= ?")
		args = append(args, f.Desde)
	}
	if f.Hasta > 0 {
		where = append(where, "a.created_at < ?")
		args = append(args, f.Hasta)
	}
	args = append(args, f.Limit+1)
	rows, err := q.Query(ctx, `SELECT a.id, COALESCE(a.cliente_id, 0), COALESCE(c.nombre, ''), a.actor, a.accion, a.objeto, a.detalle, a.ip, a.created_at,
			COALESCE(pc.zona_horaria, '')
		FROM auditoria a
		LEFT JOIN clientes c ON c.id = a.cliente_id
		LEFT JOIN pedidos_config pc ON pc.cliente_id = a.cliente_id
		WHERE `+strings.Join(where, " AND ")+`
		ORDER BY a.id DESC LIMIT ?`, args...)
	if err != nil {
		return Page{}, err
	}
	defer rows.Close()
	out := Page{Actividad: []Item{}}
	for rows.Next() {
		var it Item
		if err := rows.Scan(&it.ID, &it.ClienteID, &it.Restaurante, &it.Actor, &it.Accion, &it.Objeto, &it.Detalle, &it.IP, &it.CreatedAt, &it.ZonaHoraria); err != nil {
			return Page{}, err
		}
		out.Actividad = append(out.Actividad, it)
	}
	if err := rows.Err(); err != nil {
		return Page{}, err
	}
	if len(out.Actividad) > f.Limit {
		out.Actividad = out.Actividad[:f.Limit]
		next := out.Actividad[f.Limit-1].ID
		out.Siguiente = &next
	}
	return out, nil
}

// like escapes LIKE's wildcards in s.
func like(s string) string {
	return strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(s)
}

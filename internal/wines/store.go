package wines

import (
	"context"
	"database/sql"
	"fmt"

	"carta/internal/store"
	"carta/internal/tenant"
)

// The SQL of the wine cellar; every query names the restaurant.

const cols = `id, cliente_id, nombre, bodega, anio, region, pais, variedad_uva, tipo, graduacion, descripcion, descripcion_en,
	maridaje, etiqueta_url, precio, precio_copa, disponible, updated_at`

func scan(row interface{ Scan(...any) error }) (Vino, error) {
	var v Vino
	var anio, copa sql.NullInt64
	var grad int64
	if err := row.Scan(&v.ID, &v.ClienteID, &v.Nombre, &v.Bodega, &anio, &v.Region, &v.Pais, &v.VariedadUva, &v.Tipo, &grad,
		&v.Descripcion, &v.DescripcionEN, &v.Maridaje, &v.EtiquetaURL, &v.Precio, &copa, &v.Disponible, &v.UpdatedAt); err != nil {
		return v, store.NotFound(err)
	}
	if anio.Valid {
		a := int(anio.Int64)
		v.Anio = &a
	}
	if copa.Valid {
		v.PrecioCopa = &copa.Int64
	}
	v.Graduacion = float64(grad) / 10
	return v, nil
}

func list(ctx context.Context, q store.Querier, clienteID int64, onlyAvailable bool) ([]Vino, error) {
	query := `SELECT ` + cols + ` FROM vinos WHERE cliente_id = ?`
	if onlyAvailable {
		query += ` AND disponible = 1`
	}
	// By name as a reader sorts it: 'Álamo' with the A's, 'albariño' before 'Barón' (store.FoldSQL).
	rows, err := q.Query(ctx, query+` ORDER BY `+store.FoldSQL(q.Dialect(), "nombre")+`, nombre, id`, clienteID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Vino{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func get(ctx context.Context, q store.Querier, t tenant.ID, id int64) (Vino, error) {
	return scan(q.QueryRow(ctx, `SELECT `+cols+` FROM vinos WHERE id = ? AND cliente_id = ?`, id, t.Int64()))
}

func args(v Vino) []any {
	var anio any
	if v.Anio != nil {
		anio = *v.Anio
	}
	return []any{v.Nombre, v.Bodega, anio, v.Region, v.Pais, v.VariedadUva, v.Tipo, int64(v.Graduacion*10 + 0.5), v.Descripcion,
		v.DescripcionEN, v.Maridaje, v.EtiquetaURL, v.Precio, v.PrecioCopa, v.Disponible}
}

func insert(ctx context.Context, q store.Querier, t tenant.ID, v Vino) (int64, error) {
	now := q.NowUnix()
	id, err := store.InsertID(ctx, q, `INSERT INTO vinos (nombre, bodega, anio, region, pais, variedad_uva, tipo, graduacion, descripcion,
		descripcion_en, maridaje, etiqueta_url, precio, precio_copa, disponible, cliente_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, append(args(v), t.Int64(), now, now)...)
	if err != nil {
		return 0, fmt.Errorf("insert vino: %w", err)
	}
	return id, nil
}

func update(ctx context.Context, q store.Querier, t tenant.ID, id int64, v Vino) error {
	res, err := q.Exec(ctx, `UPDATE vinos SET nombre = ?, bodega = ?, anio = ?, region = ?, pais = ?, variedad_uva = ?, tipo = ?, graduacion = ?,
		descripcion = ?, descripcion_en = ?, maridaje = ?, etiqueta_url = ?, precio = ?, precio_copa = ?, disponible = ?, updated_at = ?
		WHERE id = ? AND cliente_id = ?`, append(args(v), q.NowUnix(), id, t.Int64())...)
	return affected(res, err)
}

func setColumn(ctx context.Context, q store.Querier, t tenant.ID, id int64, col string, val any) error {
	res, err := q.Exec(ctx, `UPDATE vinos SET `+col+` = ?, updated_at = ? WHERE id = ? AND cliente_id = ?`, val, q.NowUnix(), id, t.Int64())
	return affected(res, err)
}

func remove(ctx context.Context, q store.Querier, t tenant.ID, id int64) error {
	res, err := q.Exec(ctx, `DELETE FROM vinos WHERE id = ? AND cliente_id = ?`, id, t.Int64())
	return affected(res, err)
}

func affected(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// Cava is a restaurant with wines on its public list.
type Cava struct {
	ClienteID int64  `json:"cliente_id"`
	Nombre    string `json:"nombre"`
	Vinos     int    `json:"vinos"`
}

// cavas lists the active restaurants with available wines.
func cavas(ctx context.Context, q store.Querier) ([]Cava, error) {
	rows, err := q.Query(ctx, `SELECT c.id, c.nombre, COUNT(*) FROM vinos v JOIN clientes c ON c.id = v.cliente_id
		WHERE v.disponible = 1 AND c.estado = 'activo' GROUP BY c.id, c.nombre ORDER BY `+store.FoldSQL(q.Dialect(), "c.nombre")+`, c.nombre, c.id LIMIT 500`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Cava{}
	for rows.Next() {
		var c Cava
		if err := rows.Scan(&c.ClienteID, &c.Nombre, &c.Vinos); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Usuario is a diner account.
type Usuario struct {
	ID                     int64  `json:"id"`
	Nombre                 string `json:"nombre"`
	Email                  string `json:"email"`
	Telefono               string `json:"telefono"`
	SuscritoMailing        bool   `json:"suscrito_mailing"`
	WhatsappNotificaciones bool   `json:"whatsapp_notificaciones"`
	ClienteID              *int64 `json:"cliente_id"`
	PasswordHash           string `json:"-"`
	WelcomeSent            bool   `json:"-"`
}

const usuarioCols = `id, nombre, email, telefono, suscrito_mailing, whatsapp_notificaciones, cliente_id, password_hash, welcome_sent`

func scanUsuario(row interface{ Scan(...any) error }) (Usuario, error) {
	var u Usuario
	var mail, wa, welcome int
	var cid sql.NullInt64
	err := row.Scan(&u.ID, &u.Nombre, &u.Email, &u.Telefono, &mail, &wa, &cid, &u.PasswordHash, &welcome)
	if err != nil {
		return u, notFound(err)
	}
	u.SuscritoMailing, u.WhatsappNotificaciones, u.WelcomeSent = mail == 1, wa == 1, welcome == 1
	if cid.Valid {
		u.ClienteID = &cid.Int64
	}
	return u, nil
}

// CreateUsuario inserts a diner; a taken e-mail is ErrConflict.
func CreateUsuario(ctx context.Context, q Querier, u Usuario) (int64, error) {
	id, err := insertID(ctx, q, `INSERT INTO usuarios (nombre, email, telefono, password_hash, suscrito_mailing, whatsapp_notificaciones, cliente_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, u.Nombre, NormalizeEmail(u.Email), u.Telefono, u.PasswordHash,
		boolInt(u.SuscritoMailing), boolInt(u.WhatsappNotificaciones), u.ClienteID, q.now())
	if isUniqueViolation(err) {
		return 0, ErrConflict
	}
	if err != nil {
		return 0, fmt.Errorf("create usuario: %w", err)
	}
	return id, nil
}

// GetUsuario returns a diner by id.
func GetUsuario(ctx context.Context, q Querier, id int64) (Usuario, error) {
	return scanUsuario(q.QueryRow(ctx, `SELECT `+usuarioCols+` FROM usuarios WHERE id = ?`, id))
}

// GetUsuarioByEmail returns a diner by e-mail (case-insensitive).
func GetUsuarioByEmail(ctx context.Context, q Querier, email string) (Usuario, error) {
	return scanUsuario(q.QueryRow(ctx, `SELECT `+usuarioCols+` FROM usuarios WHERE email = ?`, NormalizeEmail(email)))
}

// UpdateUsuarioProfile stores the editable profile fields.
func UpdateUsuarioProfile(ctx context.Context, q Querier, u Usuario) error {
	_, err := q.Exec(ctx, `UPDATE usuarios SET nombre = ?, telefono = ?, suscrito_mailing = ?, whatsapp_notificaciones = ? WHERE id = ?`,
		u.Nombre, u.Telefono, boolInt(u.SuscritoMailing), boolInt(u.WhatsappNotificaciones), u.ID)
	return err
}

// SetUsuarioPassword replaces the password and revokes every other session
// of the diner (keepTokenHash stays signed in).
func SetUsuarioPassword(ctx context.Context, q Querier, id int64, hash, keepTokenHash string) error {
	if _, err := q.Exec(ctx, `UPDATE usuarios SET password_hash = ? WHERE id = ?`, hash, id); err != nil {
		return err
	}
	_, err := q.Exec(ctx, `DELETE FROM sessions WHERE kind = 'usuario' AND subject_id = ? AND token_hash <> ?`, id, keepTokenHash)
	return err
}

// MarkWelcomeSent records that the welcome e-mail was queued; it reports
// false when it already was (so it is queued once).
func MarkWelcomeSent(ctx context.Context, q Querier, id int64) (bool, error) {
	res, err := q.Exec(ctx, `UPDATE usuarios SET welcome_sent = 1 WHERE id = ? AND welcome_sent = 0`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DeleteUsuario erases a diner's personal data: the account and its
// sessions go; purchases and points stay for the restaurants, without the
// link to the person (usuario_id becomes NULL).
func DeleteUsuario(ctx context.Context, q Querier, id int64) error {
	for _, stmt := range []string{
		`UPDATE compras SET usuario_id = NULL WHERE usuario_id = ?`,
		`UPDATE puntos SET usuario_id = NULL WHERE usuario_id = ?`,
		`DELETE FROM sessions WHERE kind = 'usuario' AND subject_id = ?`,
		`DELETE FROM usuarios WHERE id = ?`,
	} {
		if _, err := q.Exec(ctx, stmt, id); err != nil {
			return err
		}
	}
	return nil
}

// TouchUsuarioRestaurante records that the diner used a restaurant.
func TouchUsuarioRestaurante(ctx context.Context, q Querier, usuarioID, clienteID int64) error {
	_, err := q.Exec(ctx, `INSERT INTO usuario_restaurantes (usuario_id, cliente_id, last_seen_at) VALUES (?, ?, ?)
		ON CONFLICT (usuario_id, cliente_id) DO UPDATE SET last_seen_at = excluded.last_seen_at`, usuarioID, clienteID, q.now())
	return err
}

// RestauranteResumen is a restaurant as diners pick it.
type RestauranteResumen struct {
	ID     int64  `json:"id"`
	Nombre string `json:"nombre"`
	Logo   string `json:"logo"`
}

const restauranteResumenSQL = `SELECT c.id, COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre), COALESCE(s.logo, 'static/images/default-logo.png')
	FROM clientes c LEFT JOIN configuraciones s ON s.cliente_id = c.id`

func scanResumenes(rows *sql.Rows, err error) ([]RestauranteResumen, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []RestauranteResumen{}
	for rows.Next() {
		var r RestauranteResumen
		if err := rows.Scan(&r.ID, &r.Nombre, &r.Logo); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// ListUsuarioRestaurantes lists the restaurants a diner used, latest first.
func ListUsuarioRestaurantes(ctx context.Context, q Querier, usuarioID int64) ([]RestauranteResumen, error) {
	return scanResumenes(q.Query(ctx, restauranteResumenSQL+` JOIN usuario_restaurantes ur ON ur.cliente_id = c.id
		WHERE ur.usuario_id = ? AND c.estado = 'activo' ORDER BY ur.last_seen_at DESC, c.id`, usuarioID))
}

// ListPublicRestaurantes lists the active restaurants diners can pick.
func ListPublicRestaurantes(ctx context.Context, q Querier) ([]RestauranteResumen, error) {
	return scanResumenes(q.Query(ctx, restauranteResumenSQL+` WHERE c.estado = 'activo' ORDER BY c.id`))
}

// LastRestaurante returns the restaurant a diner used last, or registered
// from; 0 when none.
func LastRestaurante(ctx context.Context, q Querier, usuarioID int64) (int64, error) {
	var id sql.NullInt64
	err := q.QueryRow(ctx, `SELECT COALESCE(
		(SELECT cliente_id FROM usuario_restaurantes WHERE usuario_id = ? ORDER BY last_seen_at DESC LIMIT 1),
		(SELECT cliente_id FROM usuarios WHERE id = ?))`, usuarioID, usuarioID).Scan(&id)
	if err != nil {
		return 0, err
	}
	return id.Int64, nil
}

// Compra is a purchase as its diner sees it.
type Compra struct {
	ID            int64   `json:"id"`
	ClienteID     int64   `json:"cliente_id"`
	Restaurante   string  `json:"restaurante"`
	CuponID       *int64  `json:"cupon_id"`
	Descripcion   string  `json:"descripcion"`
	Estado        string  `json:"estado"`
	Subtotal      int64   `json:"subtotal"`
	Fee           int64   `json:"fee"`
	Total         int64   `json:"total"`
	CodigoVoucher *string `json:"codigo_voucher"`
	Moneda        string  `json:"moneda"`
	ExpiraEn      int64   `json:"fecha_expiracion"`
	PaidAt        int64   `json:"paid_at"`
	RedeemedAt    int64   `json:"redeemed_at"`
	CreatedAt     int64   `json:"created_at"`
}

// ListUsuarioCompras lists a diner's purchases, newest first. A paid
// voucher past its offer's expiry is reported as expirado.
func ListUsuarioCompras(ctx context.Context, q Querier, usuarioID int64) ([]Compra, error) {
	rows, err := q.Query(ctx, `SELECT co.id, co.cliente_id, COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre), co.cupon_id, co.descripcion,
			CASE WHEN co.estado = 'pagado' AND cu.fecha_expiracion IS NOT NULL AND cu.fecha_expiracion < ? THEN 'expirado' ELSE co.estado END,
			co.subtotal, co.fee, co.total, co.codigo_voucher, COALESCE(s.moneda, 'USD'), COALESCE(cu.fecha_expiracion, 0),
			co.paid_at, co.redeemed_at, co.created_at
		FROM compras co JOIN clientes c ON c.id = co.cliente_id
		LEFT JOIN configuraciones s ON s.cliente_id = co.cliente_id
		LEFT JOIN cupones cu ON cu.id = co.cupon_id
		WHERE co.usuario_id = ? AND co.estado <> 'pendiente' AND co.estado <> 'fallido'
		ORDER BY co.created_at DESC, co.id DESC`, q.now(), usuarioID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Compra{}
	for rows.Next() {
		var c Compra
		var cup sql.NullInt64
		var code sql.NullString
		if err := rows.Scan(&c.ID, &c.ClienteID, &c.Restaurante, &cup, &c.Descripcion, &c.Estado, &c.Subtotal, &c.Fee, &c.Total,
			&code, &c.Moneda, &c.ExpiraEn, &c.PaidAt, &c.RedeemedAt, &c.CreatedAt); err != nil {
			return nil, err
		}
		if cup.Valid {
			c.CuponID = &cup.Int64
		}
		if code.Valid {
			c.CodigoVoucher = &code.String
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// PuntosMovimiento is one entry of the points ledger.
type PuntosMovimiento struct {
	ClienteID int64  `json:"cliente_id"`
	Puntos    int64  `json:"puntos"`
	Motivo    string `json:"motivo"`
	CreatedAt int64  `json:"created_at"`
}

// PuntosRestaurante is a diner's balance and history at one restaurant.
type PuntosRestaurante struct {
	ClienteID   int64              `json:"cliente_id"`
	Restaurante string             `json:"restaurante"`
	Saldo       int64              `json:"saldo"`
	Historial   []PuntosMovimiento `json:"historial"`
}

// ListUsuarioPuntos returns the diner's points per restaurant.
func ListUsuarioPuntos(ctx context.Context, q Querier, usuarioID int64) ([]PuntosRestaurante, error) {
	rows, err := q.Query(ctx, `SELECT p.cliente_id, COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre), p.puntos, p.motivo, p.created_at
		FROM puntos p JOIN clientes c ON c.id = p.cliente_id LEFT JOIN configuraciones s ON s.cliente_id = p.cliente_id
		WHERE p.usuario_id = ? ORDER BY p.cliente_id, p.created_at DESC, p.id DESC`, usuarioID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PuntosRestaurante{}
	for rows.Next() {
		var m PuntosMovimiento
		var name string
		if err := rows.Scan(&m.ClienteID, &name, &m.Puntos, &m.Motivo, &m.CreatedAt); err != nil {
			return nil, err
		}
		if len(out) == 0 || out[len(out)-1].ClienteID != m.ClienteID {
			out = append(out, PuntosRestaurante{ClienteID: m.ClienteID, Restaurante: name, Historial: []PuntosMovimiento{}})
		}
		last := &out[len(out)-1]
		last.Saldo += m.Puntos
		last.Historial = append(last.Historial, m)
	}
	return out, rows.Err()
}

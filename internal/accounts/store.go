package accounts

import (
	"context"
	"database/sql"
	"fmt"

	"carta/internal/auth"
	"carta/internal/store"
	"carta/internal/tenant"
)

// The SQL of diner accounts and the restaurants they use.

// Usuario is a diner account.
type Usuario struct {
	ID                     int64  `json:"id"`
	Nombre                 string `json:"nombre"`
	Email                  string `json:"email"`
	Telefono               string `json:"telefono"`
	SuscritoMailing        bool   `json:"suscrito_mailing"`
	WhatsappNotificaciones bool   `json:"whatsapp_notificaciones"`
	// SmsNotificaciones is the consent to transactional SMS; AvisosCanal the channel the
	// diner's order notices go by: email, whatsapp or sms (issue 32).
	SmsNotificaciones bool   `json:"sms_notificaciones"`
	AvisosCanal       string `json:"avisos_canal"`
	ClienteID         *int64 `json:"cliente_id"`
	PasswordHash      string `json:"-"`
	WelcomeSent       bool   `json:"-"`
}

const usuarioCols = `id, nombre, email, telefono, suscrito_mailing, whatsapp_notificaciones, cliente_id, password_hash, welcome_sent,
	sms_notificaciones, avisos_canal`

func scanUsuario(row interface{ Scan(...any) error }) (Usuario, error) {
	var u Usuario
	var mail, wa, welcome, sms int
	var cid sql.NullInt64
	err := row.Scan(&u.ID, &u.Nombre, &u.Email, &u.Telefono, &mail, &wa, &cid, &u.PasswordHash, &welcome, &sms, &u.AvisosCanal)
	if err != nil {
		return u, store.NotFound(err)
	}
	u.SuscritoMailing, u.WhatsappNotificaciones, u.WelcomeSent, u.SmsNotificaciones = mail == 1, wa == 1, welcome == 1, sms == 1
	if cid.Valid {
		u.ClienteID = &cid.Int64
	}
	return u, nil
}

// Create inserts a diner; a taken e-mail is store.ErrConflict.
func Create(ctx context.Context, q store.Querier, u Usuario) (int64, error) {
	id, err := store.InsertID(ctx, q, `INSERT INTO usuarios (nombre, email, telefono, password_hash, suscrito_mailing, whatsapp_notificaciones, cliente_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, u.Nombre, auth.NormalizeEmail(u.Email), u.Telefono, u.PasswordHash,
		store.BoolInt(u.SuscritoMailing), store.BoolInt(u.WhatsappNotificaciones), u.ClienteID, q.NowUnix())
	if store.IsUniqueViolation(err) {
		return 0, store.ErrConflict
	}
	if err != nil {
		return 0, fmt.Errorf("create usuario: %w", err)
	}
	return id, nil
}

// Get returns a diner by id: the diner's own account (d), or the diner
// behind a purchase the server is confirming (tenant.Diner from the row).
func Get(ctx context.Context, q store.Querier, d tenant.Diner) (Usuario, error) {
	return scanUsuario(q.QueryRow(ctx, `SELECT `+usuarioCols+` FROM usuarios WHERE id = ?`, d.Int64()))
}

// getForUpdate reads the diner's account in a transaction that changes
// it, its row locked (PostgreSQL; SQLite's write turn serialises).
func getForUpdate(ctx context.Context, q store.Querier, d tenant.Diner) (Usuario, error) {
	return scanUsuario(q.QueryRow(ctx, `SELECT `+usuarioCols+` FROM usuarios WHERE id = ?`+store.ForUpdate(q), d.Int64()))
}

func byEmail(ctx context.Context, q store.Querier, email string) (Usuario, error) {
	return scanUsuario(q.QueryRow(ctx, `SELECT `+usuarioCols+` FROM usuarios WHERE email = ?`, auth.NormalizeEmail(email)))
}

func updateProfile(ctx context.Context, q store.Querier, u Usuario) error {
	if u.AvisosCanal == "" {
		u.AvisosCanal = ChannelEmail
	}
	_, err := q.Exec(ctx, `UPDATE usuarios SET nombre = ?, telefono = ?, suscrito_mailing = ?, whatsapp_notificaciones = ?,
		sms_notificaciones = ?, avisos_canal = ? WHERE id = ?`,
		u.Nombre, u.Telefono, store.BoolInt(u.SuscritoMailing), store.BoolInt(u.WhatsappNotificaciones),
		store.BoolInt(u.SmsNotificaciones), u.AvisosCanal, u.ID)
	return err
}

// setPassword replaces the password and revokes every other session of
// the diner (keepTokenHash stays signed in).
func setPassword(ctx context.Context, q store.Querier, id int64, hash, keepTokenHash string) error {
	if _, err := q.Exec(ctx, `UPDATE usuarios SET password_hash = ? WHERE id = ?`, hash, id); err != nil {
		return err
	}
	return auth.RevokeSessions(ctx, q, auth.SessionUsuario, id, keepTokenHash)
}

// resetPassword replaces the password of the diner id whose e-mail is
// still email and ends every session of the diner; a diner gone (or with
// another e-mail) is auth.ErrLinkUnknown.
func resetPassword(ctx context.Context, q store.Querier, id int64, email, hash string) error {
	res, err := q.Exec(ctx, `UPDATE usuarios SET password_hash = ? WHERE id = ? AND email = ?`, hash, id, email)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return auth.ErrLinkUnknown
	}
	return auth.RevokeSessions(ctx, q, auth.SessionUsuario, id, "")
}

// markWelcomeSent records that the welcome e-mail was queued; false when
// it already was (so it is queued once).
func markWelcomeSent(ctx context.Context, q store.Querier, id int64) (bool, error) {
	res, err := q.Exec(ctx, `UPDATE usuarios SET welcome_sent = 1 WHERE id = ? AND welcome_sent = 0`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// deleteUsuario erases a diner's personal data: the account and its
// sessions go; purchases and points stay for the restaurants, without the
// link to the person (usuario_id becomes NULL).
func deleteUsuario(ctx context.Context, q store.Querier, id int64) error {
	for _, stmt := range []string{
		`UPDATE compras SET usuario_id = NULL WHERE usuario_id = ?`,
		`UPDATE puntos SET usuario_id = NULL WHERE usuario_id = ?`,
		`DELETE FROM sessions WHERE kind = 'usuario' AND subject_id = ?`,
		`DELETE FROM links WHERE kind = 'usuario' AND account_id = ?`,
		`DELETE FROM invitados WHERE usuario_id = ?`, // the guests it claimed: the person is erased, the orders stay
		`DELETE FROM usuarios WHERE id = ?`,
	} {
		if _, err := q.Exec(ctx, stmt, id); err != nil {
			return err
		}
	}
	return nil
}

func touchRestaurante(ctx context.Context, q store.Querier, usuarioID, clienteID int64) error {
	_, err := q.Exec(ctx, `INSERT INTO usuario_restaurantes (usuario_id, cliente_id, last_seen_at) VALUES (?, ?, ?)
		ON CONFLICT (usuario_id, cliente_id) DO UPDATE SET last_seen_at = excluded.last_seen_at`, usuarioID, clienteID, q.NowUnix())
	return err
}

// RestauranteResumen is a restaurant as diners pick it.
type RestauranteResumen struct {
	ID     int64  `json:"id"`
	Nombre string `json:"nombre"`
	Logo   string `json:"logo"`
}

const resumenSQL = `SELECT c.id, COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre), COALESCE(s.logo, 'static/images/default-logo.png')
	FROM clientes c LEFT JOIN configuraciones s ON s.cliente_id = c.id`

func scanResumenes(rows *store.Rows, err error) ([]RestauranteResumen, error) {
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

func listRestaurantes(ctx context.Context, q store.Querier, usuarioID int64) ([]RestauranteResumen, error) {
	return scanResumenes(q.Query(ctx, resumenSQL+` JOIN usuario_restaurantes ur ON ur.cliente_id = c.id
		WHERE ur.usuario_id = ? AND c.estado = 'activo' ORDER BY ur.last_seen_at DESC, c.id`, usuarioID))
}

// PublicRestaurantes lists the active restaurants diners can pick.
func PublicRestaurantes(ctx context.Context, q store.Querier) ([]RestauranteResumen, error) {
	return scanResumenes(q.Query(ctx, resumenSQL+` WHERE c.estado = 'activo' ORDER BY c.id`))
}

// returnRestaurant is the active restaurant a diner's reset link brings
// the diner back to: clienteID when it is active, else the one the diner
// used last when it is; the zero value when neither.
func returnRestaurant(ctx context.Context, q store.Querier, usuarioID, clienteID int64) (RestauranteResumen, error) {
	active := func(id int64) (RestauranteResumen, error) {
		rs, err := scanResumenes(q.Query(ctx, resumenSQL+` WHERE c.id = ? AND c.estado = 'activo'`, id))
		if err != nil || len(rs) == 0 {
			return RestauranteResumen{}, err
		}
		return rs[0], nil
	}
	if clienteID > 0 {
		if r, err := active(clienteID); err != nil || r.ID != 0 {
			return r, err
		}
	}
	last, err := lastRestaurante(ctx, q, usuarioID)
	if err != nil || last == 0 {
		return RestauranteResumen{}, err
	}
	return active(last)
}

func lastRestaurante(ctx context.Context, q store.Querier, usuarioID int64) (int64, error) {
	var id sql.NullInt64
	err := q.QueryRow(ctx, `SELECT COALESCE(
		(SELECT cliente_id FROM usuario_restaurantes WHERE usuario_id = ? ORDER BY last_seen_at DESC LIMIT 1),
		(SELECT cliente_id FROM usuarios WHERE id = ?))`, usuarioID, usuarioID).Scan(&id)
	if err != nil {
		return 0, err
	}
	return id.Int64, nil
}

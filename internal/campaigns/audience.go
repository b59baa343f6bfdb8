package campaigns

import (
	"context"
	"fmt"

	"carta/internal/store"
	"carta/internal/tenant"
)

// Who may be written to. A campaign goes only to the people who consented to
// its channel for its restaurant, the same people the restaurant's
// 'Clientes' list shows the e-mail or phone of (accounts.Roster):
//   - the diners who use the restaurant (usuario_restaurantes), and the
//     accounts that claimed one of its guests: marketing e-mail when the
//     account accepted it (suscrito_mailing) and has an e-mail, WhatsApp
//     when it accepted WhatsApp (whatsapp_notificaciones) and has a phone;
//     in both cases unless the diner unsubscribed from that restaurant's
//     channel since (a consentimientos row 'baja' of that restaurant newer
//     than their last answer anywhere else);
//   - the restaurant's guests without an account: e-mail when they ticked
//     "quiero recibir novedades" at checkout (invitados.suscrito_mailing,
//     set back to 0 by their unsubscribe); never WhatsApp (a guest is never
//     asked).

// recipient is one person a campaign may be sent to.
type recipient struct {
	UsuarioID, InvitadoID int64
	Nombre, Email         string
	Telefono              string
}

// destino is the recipient's key in campana_destinos and in the outbox's
// dedupe key: u<usuario_id> or g<invitado_id>.
func (r recipient) destino() string {
	if r.UsuarioID > 0 {
		return fmt.Sprintf("u%d", r.UsuarioID)
	}
	return fmt.Sprintf("g%d", r.InvitadoID)
}

// notWithdrawn is true when the account u.id has not unsubscribed from the
// channel (the first ?) at the restaurant (the second ?) since its last
// answer: its latest row among that restaurant's and every non-'baja' one
// says yes (no row: the account's column decides).
const notWithdrawn = `COALESCE((SELECT c.valor FROM consentimientos c WHERE c.usuario_id = u.id AND c.canal = ?
	AND (c.cliente_id = ? OR c.origen <> 'baja') ORDER BY c.id DESC LIMIT 1), 1) = 1`

// audienceFrom is the FROM of every consenting person of restaurant
// clienteID on canal (p: uid, gid, nombre, email, telefono, visto), with
// its arguments.
func audienceFrom(canal string, clienteID int64) (string, []any) {
	var account, guest string
	switch canal {
	case ChannelEmail:
		account = `u.suscrito_mailing = 1 AND u.email <> '' AND ` + notWithdrawn
		guest = `g.suscrito_mailing = 1 AND g.email <> ''`
	default: // WhatsApp: accounts only
		account = `u.whatsapp_notificaciones = 1 AND u.telefono <> '' AND ` + notWithdrawn
		guest = `1 = 0`
	}
	from := `FROM (
		SELECT u.id AS uid, 0 AS gid, u.nombre AS nombre, u.email AS email, u.telefono AS telefono, ur.last_seen_at AS visto
			FROM usuario_restaurantes ur JOIN usuarios u ON u.id = ur.usuario_id WHERE ur.cliente_id = ? AND ` + account + `
		UNION ALL
		SELECT u.id, 0, u.nombre, u.email, u.telefono, g.last_seen_at
			FROM invitados g JOIN usuarios u ON u.id = g.usuario_id WHERE g.cliente_id = ?
			AND NOT EXISTS (SELECT 1 FROM usuario_restaurantes ur WHERE ur.usuario_id = g.usuario_id AND ur.cliente_id = g.cliente_id)
			AND ` + account + `
		UNION ALL
		SELECT 0, g.id, g.nombre, g.email, g.telefono, g.last_seen_at
			FROM invitados g WHERE g.cliente_id = ? AND g.usuario_id IS NULL AND ` + guest + `
	) p WHERE 1 = 1`
	args := []any{clienteID, canal, clienteID, clienteID, canal, clienteID, clienteID}
	return from, args
}

// audienceWhere adds the audience's filter to from: not seen in Dias days
// (before now), more than PuntosMin points there, bought the offer.
func audienceWhere(from string, args []any, a Audience, clienteID, now int64) (string, []any) {
	switch a.Audiencia {
	case AudienceInactive:
		from += ` AND p.visto < ?`
		args = append(args, now-int64(a.Dias)*24*3600)
	case AudiencePoints:
		from += ` AND (SELECT COALESCE(SUM(pt.puntos), 0) FROM puntos pt WHERE pt.usuario_id = p.uid AND pt.cliente_id = ?) > ?`
		args = append(args, clienteID, a.PuntosMin)
	case AudienceOffer:
		from += ` AND EXISTS (SELECT 1 FROM compras c WHERE c.usuario_id = p.uid AND c.cliente_id = ? AND c.cupon_id = ?
			AND c.estado IN ('pagado', 'canjeado'))`
		args = append(args, clienteID, a.CuponID)
	}
	return from, args
}

// Count is how many people an audience of restaurant t reaches on canal
// now (the compose page's live count).
func (s *Service) Count(ctx context.Context, t tenant.ID, canal string, a Audience) (int, error) {
	if canal != ChannelEmail && canal != ChannelWhatsApp {
		return 0, errChannel
	}
	if err := checkAudience(ctx, s.DB, t, &a); err != nil {
		return 0, err
	}
	from, args := audienceFrom(canal, t.Int64())
	from, args = audienceWhere(from, args, a, t.Int64(), s.DB.NowUnix())
	var n int
	if err := s.DB.QueryRow(ctx, `SELECT COUNT(*) `+from, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count audience: %w", err)
	}
	return n, nil
}

// recipients reads up to limit people of the audience of campaign c not
// yet in its campana_destinos (campanaID 0: nobody excluded), in a stable
// order.
func recipients(ctx context.Context, q store.Querier, clienteID, campanaID int64, canal string, a Audience, limit int) ([]recipient, error) {
	from, args := audienceFrom(canal, clienteID)
	from, args = audienceWhere(from, args, a, clienteID, q.NowUnix())
	if campanaID > 0 {
		from += ` AND NOT EXISTS (SELECT 1 FROM campana_destinos d WHERE d.campana_id = ? AND (d.usuario_id = p.uid OR d.invitado_id = p.gid))`
		args = append(args, campanaID)
	}
	args = append(args, limit)
	rows, err := q.Query(ctx, `SELECT p.uid, p.gid, p.nombre, p.email, p.telefono `+from+` ORDER BY p.uid, p.gid LIMIT ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("campaign audience: %w", err)
	}
	defer rows.Close()
	var out []recipient
	for rows.Next() {
		var r recipient
		if err := rows.Scan(&r.UsuarioID, &r.InvitadoID, &r.Nombre, &r.Email, &r.Telefono); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

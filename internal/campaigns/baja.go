package campaigns

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/tenant"
)

// The one-click unsubscribe (RFC 8058). Every marketing e-mail carries a
// link signed for its person (a diner's account or a guest), its
// restaurant and its channel, with the campaign that sent it (which counts
// the unsubscribe): "<u|g><id>.<cliente_id>.<canal>.<campana_id>.<key
// id>.<HMAC>", signed with the server's secrets box (the key that seals
// stored secrets, a signing key derived from it per purpose). It needs no
// sign-in: POSTing it withdraws that channel's consent for that restaurant
// at once (a consentimientos row 'baja'); a forged or altered token
// changes nothing.

// signPurpose separates these signatures from any other the box makes.
const signPurpose = "baja"

// ErrToken answers a link that is not one Carta signed (altered, forged,
// cut short).
var ErrToken = apperr.E(apperr.Invalid,
	"El enlace para darte de baja no es válido. Copia el enlace completo del correo.",
	"The unsubscribe link is not valid. Copy the whole link from the e-mail.")

// Target is who and what an unsubscribe link is for.
type Target struct {
	UsuarioID  int64
	InvitadoID int64
	ClienteID  int64
	Canal      string
	CampanaID  int64
}

func (t Target) payload() string {
	who := "u" + strconv.FormatInt(t.UsuarioID, 10)
	if t.UsuarioID == 0 {
		who = "g" + strconv.FormatInt(t.InvitadoID, 10)
	}
	return fmt.Sprintf("%s.%d.%s.%d", who, t.ClienteID, t.Canal, t.CampanaID)
}

// Token signs t.
func Token(q store.Querier, t Target) (string, error) {
	p := t.payload()
	sig, err := q.Secrets().Sign(signPurpose, []byte(p))
	if err != nil {
		return "", fmt.Errorf("sign unsubscribe link: %w", err)
	}
	return p + "." + sig, nil
}

// ParseToken checks a token's signature and reads it (ErrToken when it is
// not one Carta signed).
func ParseToken(q store.Querier, token string) (Target, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 6 || len(token) > 200 {
		return Target{}, ErrToken
	}
	payload := strings.Join(parts[:4], ".")
	if !q.Secrets().Verify(signPurpose, []byte(payload), parts[4]+"."+parts[5]) {
		return Target{}, ErrToken
	}
	var t Target
	id, err := strconv.ParseInt(parts[0][1:], 10, 64)
	if err != nil || id <= 0 {
		return Target{}, ErrToken
	}
	switch parts[0][0] {
	case 'u':
		t.UsuarioID = id
	case 'g':
		t.InvitadoID = id
	default:
		return Target{}, ErrToken
	}
	t.ClienteID, err = strconv.ParseInt(parts[1], 10, 64)
	if err != nil || t.ClienteID <= 0 {
		return Target{}, ErrToken
	}
	t.Canal = parts[2]
	if t.Canal != ChannelEmail && t.Canal != ChannelWhatsApp {
		return Target{}, ErrToken
	}
	if t.CampanaID, err = strconv.ParseInt(parts[3], 10, 64); err != nil || t.CampanaID < 0 {
		return Target{}, ErrToken
	}
	return t, nil
}

// Links are a marketing e-mail's unsubscribe links: OneClick for the
// List-Unsubscribe header (POST with List-Unsubscribe=One-Click), Page the
// visible link to the page that says what it does and confirms.
func (s *Service) links(q store.Querier, t Target) (oneClick, page string, err error) {
	tok, err := Token(q, t)
	if err != nil {
		return "", "", err
	}
	return s.BaseURL + "/api/baja?t=" + tok, s.BaseURL + "/baja?t=" + tok, nil
}

// Unsubscription is what the unsubscribe page shows.
type Unsubscription struct {
	Restaurante string `json:"restaurante"`
	Canal       string `json:"canal"`
	// DeBaja: the consent is withdrawn already (after the POST: done).
	DeBaja bool `json:"de_baja"`
}

// Lookup reads what a token would unsubscribe from (the page's GET).
func (s *Service) Lookup(ctx context.Context, token string) (Unsubscription, error) {
	t, err := ParseToken(s.DB, token)
	if err != nil {
		return Unsubscription{}, err
	}
	c, err := clientes.Get(ctx, s.DB, tenant.FromRecord(t.ClienteID))
	if errors.Is(store.NotFound(err), store.ErrNotFound) {
		return Unsubscription{}, ErrToken
	}
	if err != nil {
		return Unsubscription{}, err
	}
	consents, err := consenting(ctx, s.DB, t)
	if err != nil {
		return Unsubscription{}, err
	}
	return Unsubscription{Restaurante: c.Nombre, Canal: t.Canal, DeBaja: !consents}, nil
}

// consenting reports whether t's person still consents to t's channel at
// t's restaurant (the audience's rule, audience.go).
func consenting(ctx context.Context, q store.Querier, t Target) (bool, error) {
	var n int
	var err error
	if t.UsuarioID > 0 {
		col := "u.suscrito_mailing"
		if t.Canal == ChannelWhatsApp {
			col = "u.whatsapp_notificaciones"
		}
		err = q.QueryRow(ctx, `SELECT COUNT(*) FROM usuarios u WHERE u.id = ? AND `+col+` = 1 AND `+notWithdrawn,
			t.UsuarioID, t.Canal, t.ClienteID).Scan(&n)
	} else {
		if t.Canal != ChannelEmail {
			return false, nil
		}
		err = q.QueryRow(ctx, `SELECT COUNT(*) FROM invitados WHERE id = ? AND cliente_id = ? AND suscrito_mailing = 1`,
			t.InvitadoID, t.ClienteID).Scan(&n)
	}
	return n > 0, err
}

// Unsubscribe withdraws the consent a token names, at once: a
// consentimientos row 'baja' for that restaurant and channel (and a guest's
// box unticked), and the campaign that sent the link counts it. Doing it
// again changes nothing more.
func (s *Service) Unsubscribe(ctx context.Context, token string) (Unsubscription, error) {
	t, err := ParseToken(s.DB, token)
	if err != nil {
		return Unsubscription{}, err
	}
	var out Unsubscription
	err = s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		c, err := clientes.Get(ctx, tx, tenant.FromRecord(t.ClienteID))
		if errors.Is(store.NotFound(err), store.ErrNotFound) {
			return ErrToken
		}
		if err != nil {
			return err
		}
		out = Unsubscription{Restaurante: c.Nombre, Canal: t.Canal, DeBaja: true}
		yes, err := consenting(ctx, tx, t)
		if err != nil || !yes {
			return err
		}
		now := tx.NowUnix()
		if t.InvitadoID > 0 {
			if _, err := tx.Exec(ctx, `UPDATE invitados SET suscrito_mailing = 0 WHERE id = ? AND cliente_id = ?`, t.InvitadoID, t.ClienteID); err != nil {
				return err
			}
		}
		// The row accounts.recordConsent writes, from the unsubscribe link.
		if _, err := tx.Exec(ctx, `INSERT INTO consentimientos (usuario_id, invitado_id, cliente_id, canal, valor, origen, pedido_id, created_at)
			VALUES (?, ?, ?, ?, 0, 'baja', NULL, ?)`, nullID(t.UsuarioID), nullID(t.InvitadoID), t.ClienteID, t.Canal, now); err != nil {
			return fmt.Errorf("record unsubscribe: %w", err)
		}
		if t.CampanaID > 0 {
			dest := recipient{UsuarioID: t.UsuarioID, InvitadoID: t.InvitadoID}.destino()
			if _, err := tx.Exec(ctx, `UPDATE campana_destinos SET baja_at = ? WHERE campana_id = ? AND destino = ? AND baja_at = 0
				AND campana_id IN (SELECT id FROM campanas WHERE cliente_id = ?)`, now, t.CampanaID, dest, t.ClienteID); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

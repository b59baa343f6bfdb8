package menu

import (
	"context"

	"carta/internal/clientes"
	"carta/internal/limits"
	"carta/internal/locale"
	"carta/internal/store"
	"carta/internal/tenant"
)

// The restaurant's privacy notice (/privacidad/:cliente_id, issue 29 item
// 4): the web writes it from the restaurant's data — who is responsible,
// what is stored, for what, for how long, how to withdraw consent or delete
// the account — and the text the owner adds. It is public menu data: read
// through the menu's cache (its version's ETag), and the owner's text is a
// menu write (the version moves, every replica's copy is forgotten).

// Privacidad is what a restaurant's privacy notice is written from.
type Privacidad struct {
	ClienteID int64 `json:"cliente_id"`
	// Pais is the restaurant's country (clientes.pais); Tipo the notice's
	// name there, from the country's data (locale.Country.AvisoPrivacidad):
	// "politica" ('Política de privacidad', Spain) or "aviso" ('Aviso de
	// privacidad': Mexico's LFPDPPP, and the US).
	Pais string `json:"pais"`
	Tipo string `json:"tipo"`
	// Responsable is who is responsible for the data: the restaurant's name
	// as the menu shows it; Direccion and Telefono how to reach it ('' when
	// the owner has not set them).
	Responsable string `json:"responsable"`
	Direccion   string `json:"direccion"`
	Telefono    string `json:"telefono"`
	// Texto is what the owner adds to the notice ('' none).
	Texto string `json:"texto"`
}

// Privacy reads restaurant t's privacy notice.
func (s *Service) Privacy(ctx context.Context, t tenant.Scope) (Privacidad, error) {
	return readPrivacy(ctx, s.DB, t)
}

func readPrivacy(ctx context.Context, q store.Querier, t tenant.Scope) (Privacidad, error) {
	p := Privacidad{ClienteID: t.Int64()}
	err := q.QueryRow(ctx, `SELECT c.pais, c.privacidad_texto, COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre),
			COALESCE(s.direccion, ''), COALESCE(s.telefono_contacto, '')
		FROM clientes c LEFT JOIN configuraciones s ON s.cliente_id = c.id WHERE c.id = ?`, t.Int64()).
		Scan(&p.Pais, &p.Texto, &p.Responsable, &p.Direccion, &p.Telefono)
	if err != nil {
		return p, found(store.NotFound(err), clientes.ErrNotFound)
	}
	p.Tipo = locale.Of(p.Pais).AvisoPrivacidad
	return p, nil
}

// SetPrivacyText stores the text the owner adds to restaurant t's privacy
// notice (” removes it) and answers the notice.
func (s *Service) SetPrivacyText(ctx context.Context, t tenant.ID, text string) (Privacidad, error) {
	if limits.HasControl(text) {
		return Privacidad{}, limits.ErrControl
	}
	text, err := limits.PrivacyText.Check(text)
	if err != nil {
		return Privacidad{}, err
	}
	var p Privacidad
	err = s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE clientes SET privacidad_texto = ? WHERE id = ?`, text, t.Int64()); err != nil {
			return err
		}
		p, err = readPrivacy(ctx, tx, t)
		return err
	})
	return p, err
}

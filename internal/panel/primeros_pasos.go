package panel

import (
	"context"

	"carta/internal/menu"
	"carta/internal/store"
	"carta/internal/tenant"
)

// The steps of the first-run checklist, in the order the panel shows them.
const (
	PasoPOS     = "pos"     // connect the point of sale
	PasoMenu    = "menu"    // sync the menu from it
	PasoMarca   = "marca"   // the logo and colours (Configuraciones)
	PasoHorario = "horario" // opening hours and online ordering turned on
	PasoPedido  = "pedido"  // a (test) order paid
	PasoQR      = "qr"      // the QR codes printed or downloaded
)

// Paso is one step of the checklist and whether the restaurant's data
// shows it done.
type Paso struct {
	Clave string `json:"clave"`
	Hecho bool   `json:"hecho"`
}

// PrimerosPasos is the first-run checklist: its steps and whether they are
// all done (the panel then stops showing it).
type PrimerosPasos struct {
	Pasos    []Paso `json:"pasos"`
	Completo bool   `json:"completo"`
}

// firstStepsSQL answers each step's flag (1 or 0) from the restaurant's
// rows: a connected POS that did not refuse Carta; a sync that brought the
// menu (or products in it); a logo of its own or colours changed from the
// defaults; ordering turned on with opening hours; a paid order; the QR
// codes printed.
const firstStepsSQL = `SELECT
	CASE WHEN (c.pos_provider = 'demo' OR c.pos_token <> '') AND c.pos_reconectar = 0 THEN 1 ELSE 0 END,
	CASE WHEN c.pos_synced_at > 0 OR EXISTS (SELECT 1 FROM productos p WHERE p.cliente_id = c.id) THEN 1 ELSE 0 END,
	CASE WHEN EXISTS (SELECT 1 FROM configuraciones s WHERE s.cliente_id = c.id
		AND ((s.logo <> '' AND s.logo <> ?) OR s.card_color <> '#f0f0f0' OR s.text_color <> '#000000')) THEN 1 ELSE 0 END,
	CASE WHEN EXISTS (SELECT 1 FROM pedidos_config o WHERE o.cliente_id = c.id AND o.activo = 1 AND o.horario_json <> '[]') THEN 1 ELSE 0 END,
	CASE WHEN EXISTS (SELECT 1 FROM pedidos o WHERE o.cliente_id = c.id AND o.paid_at > 0) THEN 1 ELSE 0 END,
	CASE WHEN c.qr_impreso_at > 0 THEN 1 ELSE 0 END
	FROM clientes c WHERE c.id = ?`

// FirstSteps is the restaurant's first-run checklist, computed from its
// data; store.ErrNotFound when the restaurant does not exist.
func FirstSteps(ctx context.Context, q store.Querier, t tenant.ID) (PrimerosPasos, error) {
	var f [6]int
	if err := q.QueryRow(ctx, firstStepsSQL, menu.DefaultLogo, t.Int64()).Scan(&f[0], &f[1], &f[2], &f[3], &f[4], &f[5]); err != nil {
		return PrimerosPasos{}, store.NotFound(err)
	}
	r := PrimerosPasos{Completo: true}
	for i, k := range []string{PasoPOS, PasoMenu, PasoMarca, PasoHorario, PasoPedido, PasoQR} {
		r.Pasos = append(r.Pasos, Paso{Clave: k, Hecho: f[i] == 1})
		r.Completo = r.Completo && f[i] == 1
	}
	return r, nil
}

// MarkQRPrinted records that the restaurant's staff printed (or downloaded)
// its QR codes; the first time is kept.
func MarkQRPrinted(ctx context.Context, q store.Querier, t tenant.ID) error {
	_, err := q.Exec(ctx, `UPDATE clientes SET qr_impreso_at = ? WHERE id = ? AND qr_impreso_at = 0`, q.NowUnix(), t.Int64())
	return err
}

// FirstSteps is the restaurant's checklist (the API's handler).
func (s *Service) FirstSteps(ctx context.Context, t tenant.ID) (PrimerosPasos, error) {
	return FirstSteps(ctx, s.DB, t)
}

// MarkQRPrinted records the QR codes printed and answers the checklist.
func (s *Service) MarkQRPrinted(ctx context.Context, t tenant.ID) (PrimerosPasos, error) {
	if err := MarkQRPrinted(ctx, s.DB, t); err != nil {
		return PrimerosPasos{}, err
	}
	return FirstSteps(ctx, s.DB, t)
}

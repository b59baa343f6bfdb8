package accounts

import (
	"context"
	"strconv"

	"carta/internal/store"
	"carta/internal/tenant"
)

// The loyalty points ledger: one row per credit (or debit) of a diner at a
// restaurant, for a coupon purchase or an order.

// PointsRef is what earned the points.
type PointsRef struct{ compraID, pedidoID *int64 }

// PointsForPurchase credits points for a coupon purchase.
func PointsForPurchase(compraID int64) PointsRef { return PointsRef{compraID: &compraID} }

// PointsForOrder credits points for an online order.
func PointsForOrder(pedidoID int64) PointsRef { return PointsRef{pedidoID: &pedidoID} }

// CreditPoints credits (or debits) a diner's points at a restaurant.
func CreditPoints(ctx context.Context, q store.Querier, d tenant.Diner, t tenant.ID, ref PointsRef, puntos int64, motivo string) error {
	_, err := q.Exec(ctx, `INSERT INTO puntos (usuario_id, cliente_id, compra_id, pedido_id, puntos, motivo, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		d.Int64(), t.Int64(), ref.compraID, ref.pedidoID, puntos, motivo, q.NowUnix())
	return err
}

// PuntosMovimiento is one entry of the points ledger. Tipo says what earned
// it, for the app to word it in the diner's language: "compra" (a coupon;
// Detalle is its offer's title in the asked language), "pedido" (an online
// order; Detalle is its number) or "" (Motivo as recorded, in Spanish).
type PuntosMovimiento struct {
	ClienteID int64  `json:"cliente_id"`
	Puntos    int64  `json:"puntos"`
	Motivo    string `json:"motivo"`
	Tipo      string `json:"tipo"`
	Detalle   string `json:"detalle"`
	CreatedAt int64  `json:"created_at"`
}

// PuntosRestaurante is a diner's balance and history at one restaurant.
type PuntosRestaurante struct {
	ClienteID   int64              `json:"cliente_id"`
	Restaurante string             `json:"restaurante"`
	Saldo       int64              `json:"saldo"`
	Historial   []PuntosMovimiento `json:"historial"`
}

// listPuntos returns the diner's points per restaurant, offer titles in
// lang where the owner gave an English one.
func listPuntos(ctx context.Context, q store.Querier, d tenant.Diner, lang string) ([]PuntosRestaurante, error) {
	usuarioID := d.Int64()
	rows, err := q.Query(ctx, `SELECT p.cliente_id, COALESCE(NULLIF(s.nombre_restaurante, ''), c.nombre), p.puntos, p.motivo, p.created_at,
			co.id IS NOT NULL, COALESCE(co.descripcion, ''), COALESCE(cu.titulo_en, ''), COALESCE(pe.numero, 0)
		FROM puntos p JOIN clientes c ON c.id = p.cliente_id LEFT JOIN configuraciones s ON s.cliente_id = p.cliente_id
		LEFT JOIN compras co ON co.id = p.compra_id LEFT JOIN cupones cu ON cu.id = co.cupon_id
		LEFT JOIN pedidos pe ON pe.id = p.pedido_id
		WHERE p.usuario_id = ? ORDER BY p.cliente_id, p.created_at DESC, p.id DESC`, usuarioID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PuntosRestaurante{}
	for rows.Next() {
		var m PuntosMovimiento
		var name, titulo, tituloEN string
		var compra bool
		var numero int64
		if err := rows.Scan(&m.ClienteID, &name, &m.Puntos, &m.Motivo, &m.CreatedAt, &compra, &titulo, &tituloEN, &numero); err != nil {
			return nil, err
		}
		switch {
		case compra:
			m.Tipo, m.Detalle = "compra", titulo
			if lang == "en" && tituloEN != "" {
				m.Detalle = tituloEN
			}
		case numero > 0:
			m.Tipo, m.Detalle = "pedido", strconv.FormatInt(numero, 10)
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

// Points lists the diner's points per restaurant, offer titles in lang.
func (s *Service) Points(ctx context.Context, d tenant.Diner, lang string) ([]PuntosRestaurante, error) {
	return listPuntos(ctx, s.DB, d, lang)
}

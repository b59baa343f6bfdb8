package refunds

import (
	"context"

	"carta/internal/store"
)

// Status is where the refund of a payment stands, as staff see it beside the payment.
type Status struct {
	// Estado is the latest refund's state: "" (none asked yet), pendiente, reembolsado or fallido.
	Estado string `json:"estado"`
	// Manual: it was marked refunded by hand ('Marcar como reembolsado').
	Manual bool `json:"manual"`
	// Monto is the latest refund's amount, in cents.
	Monto int64 `json:"monto"`
	// ProveedorID is the provider's refund id.
	ProveedorID string `json:"proveedor_id"`
	// Codigo says why it failed in Carta's words (rechazado, fallido, acceso, sin_respuesta, or a
	// reason of Automatico's); Motivo in the provider's.
	Codigo string `json:"codigo"`
	Motivo string `json:"motivo"`
	// Intentos counts the times the provider was asked.
	Intentos int `json:"intentos"`
	// Automatico: the provider can refund the payment from Carta ('Reembolsar'); when it cannot,
	// SinAutomatico says why (sin_pago, otro_proveedor, sin_proveedor, reconectar, no_disponible)
	// and only the manual mark is offered.
	Automatico    bool   `json:"automatico"`
	SinAutomatico string `json:"sin_automatico"`
	UpdatedAt     int64  `json:"updated_at"`
}

// Describe is the status of a payment whose latest refund is last (nil: none), the provider
// being able to refund it or not (why, from Can).
func Describe(last *Refund, why string) Status {
	st := Status{Automatico: why == "", SinAutomatico: why}
	if last == nil {
		return st
	}
	st.Estado, st.Manual, st.Monto, st.ProveedorID = last.Estado, last.Provider == ProviderManual, last.Amount, last.ProviderID
	st.Codigo, st.Motivo, st.Intentos, st.UpdatedAt = last.Code, last.Reason, last.Attempts, last.UpdatedAt
	return st
}

// Latest returns the latest refund of each payment of a kind among ids that has one.
func Latest(ctx context.Context, q store.Querier, kind string, ids []int64) (map[int64]Refund, error) {
	out := map[int64]Refund{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, 0, len(ids)+1)
	args = append(args, kind)
	for _, id := range ids {
		args = append(args, id)
	}
	rs, err := scan(q.Query(ctx, `SELECT `+cols+` FROM reembolsos WHERE tipo = ? AND objeto_id IN (`+store.Placeholders(len(ids))+`) ORDER BY id`, args...))
	if err != nil {
		return nil, err
	}
	for _, r := range rs {
		out[r.ObjectID] = r // ordered by id: the last one wins
	}
	return out, nil
}

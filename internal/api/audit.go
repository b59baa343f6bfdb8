package api

import (
	"context"
	"net/http"

	"carta/internal/audit"
	"carta/internal/auth"
	"carta/internal/store"
	"carta/internal/tenant"
)

// audit records a sensitive action the caller of r took on restaurant t
// (who, from where), in the transaction q when the action has one.
func (s *Server) audit(ctx context.Context, q store.Querier, r *http.Request, t tenant.ID, accion, objeto, detalle string) error {
	p := auth.FromContext(r.Context())
	var actor int64
	if p.IsStaff() {
		actor = p.SubjectID()
	}
	return audit.Record(ctx, q, t, audit.Entry{ActorID: actor, Accion: accion, Objeto: objeto, Detalle: detalle, IP: s.clientIP(r)})
}

package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/audit"
	"carta/internal/store"
	"carta/internal/tenant"
)

// audit records a sensitive action the caller of r took on restaurant t
// (who, from where), in the transaction q when the action has one.
func (s *Server) audit(ctx context.Context, q store.Querier, r *http.Request, t tenant.ID, accion, objeto, detalle string) error {
	return s.recorder(r)(ctx, q, t, accion, objeto, detalle)
}

// recorder is the audit log's recorder of the caller of r: a domain call
// that owns its transaction records the action in it (the money actions:
// cancelling and refunding orders, refunding purchases).
func (s *Server) recorder(r *http.Request) audit.Recorder {
	actor, ip := staffID(r), s.clientIP(r)
	return func(ctx context.Context, q store.Querier, t tenant.ID, accion, objeto, detalle string) error {
		return audit.Record(ctx, q, t, audit.Entry{ActorID: actor, Accion: accion, Objeto: objeto, Detalle: detalle, IP: ip})
	}
}

// activityFilter reads the log's filter from the query: accion (a prefix),
// actor (part of the e-mail), desde and hasta (unix seconds: the page
// turns the restaurant's dates into them), antes (the keyset) and limit.
func activityFilter(r *http.Request) (audit.Filter, error) {
	q := r.URL.Query()
	f := audit.Filter{Accion: q.Get("accion"), Actor: q.Get("actor")}
	for name, dst := range map[string]*int64{"desde": &f.Desde, "hasta": &f.Hasta, "antes": &f.Antes} {
		if v := strings.TrimSpace(q.Get(name)); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return f, audit.ErrFilter
			}
			*dst = n
		}
	}
	if v := strings.TrimSpace(q.Get("limit")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return f, audit.ErrFilter
		}
		f.Limit = n
	}
	if len(f.Accion) > 80 || len(f.Actor) > 254 {
		return f, apperr.InvalidE("Filtro demasiado largo.", "Filter too long.")
	}
	return f, nil
}

// activity answers a restaurant's audit log, newest first, a page at a
// time (its owner and the super admin).
func (s *Server) activity(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	f, err := activityFilter(r)
	if err != nil {
		return err
	}
	p, err := audit.List(r.Context(), s.DB, t, f)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return ok(w, p)
}

// platformActivity answers every restaurant's audit log (super admin).
func (s *Server) platformActivity(w http.ResponseWriter, r *http.Request) error {
	f, err := activityFilter(r)
	if err != nil {
		return err
	}
	p, err := audit.ListAll(r.Context(), s.DB, f)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return ok(w, p)
}

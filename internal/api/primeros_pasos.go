package api

import (
	"net/http"

	"carta/internal/clientes"
)

// firstSteps answers the restaurant's first-run checklist (panel.FirstSteps):
// each step's done flag, computed from its data.
func (s *Server) firstSteps(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	v, err := s.Panel.FirstSteps(r.Context(), t)
	if err != nil {
		return clientes.Found(err)
	}
	return ok(w, v)
}

// markQRPrinted records that the staff printed or downloaded the QR codes
// (the one step no other data shows) and answers the checklist.
func (s *Server) markQRPrinted(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	v, err := s.Panel.MarkQRPrinted(r.Context(), t)
	if err != nil {
		return clientes.Found(err)
	}
	return ok(w, v)
}

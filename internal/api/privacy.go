package api

import (
	"net/http"
	"strings"

	"carta/internal/apperr"
	"carta/internal/respond"
)

// The restaurant's privacy notice: read by anyone (the web's public,
// cacheable read: Site.Privacy), its owner's own text written here.

var errPrivacyText = apperr.E(apperr.Invalid, "Falta el texto del aviso de privacidad.", "The privacy notice's text is missing.")

// setPrivacyText stores the text the owner adds to the privacy notice.
func (s *Server) setPrivacyText(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	var in struct {
		Texto *string `json:"texto"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	if in.Texto == nil {
		return errPrivacyText
	}
	p, err := s.Menu.SetPrivacyText(r.Context(), t, *in.Texto)
	if err != nil {
		return err
	}
	if err := s.audit(r.Context(), s.DB, r, t, "privacidad.texto", "Aviso de privacidad", auditExcerpt(*in.Texto)); err != nil {
		return err
	}
	return ok(w, p)
}

// auditExcerpt is the start of a text for the audit log (whole
// characters, at most 200 bytes).
func auditExcerpt(text string) string {
	text = strings.TrimSpace(text)
	if text == "" {
		return "(sin texto propio)"
	}
	if len(text) > 200 {
		return strings.ToValidUTF8(text[:200], "") + "…"
	}
	return text
}

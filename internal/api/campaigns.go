package api

import (
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"carta/internal/apperr"
	"carta/internal/campaigns"
	"carta/internal/respond"
	"carta/internal/tenant"
)

// 'Campañas' (issue 32): a restaurant's owner or manager composes, previews,
// sends or schedules and follows campaigns to the diners who consented to
// the channel; the public one-click unsubscribe (RFC 8058) and the page
// that confirms it.

// campaignSvc is the server's campaigns (one built on the spot for a
// server made without it: tests).
func (s *Server) campaignSvc() *campaigns.Service {
	if s.Campaigns != nil {
		return s.Campaigns
	}
	return &campaigns.Service{DB: s.DB, BaseURL: s.BaseURL, Log: s.Log, Metrics: s.Metrics}
}

// campaign is the checked restaurant and the {id} of a campaign route.
func campaign(r *http.Request) (tenant.ID, int64, error) {
	t, err := tenantInPath(r)
	if err != nil {
		return t, 0, err
	}
	id, err := objectID(r, "id", campaigns.ErrNotFound)
	return t, id, err
}

func (s *Server) listCampaigns(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	v, err := s.campaignSvc().List(r.Context(), t)
	if err != nil {
		return err
	}
	return ok(w, v)
}

func (s *Server) createCampaign(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	var f campaigns.Form
	if err := respond.Decode(w, r, &f); err != nil {
		return err
	}
	c, err := s.campaignSvc().Create(r.Context(), t, f)
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, c)
	return nil
}

func (s *Server) getCampaign(w http.ResponseWriter, r *http.Request) error {
	t, id, err := campaign(r)
	if err != nil {
		return err
	}
	c, err := s.campaignSvc().Get(r.Context(), t, id)
	if err != nil {
		return err
	}
	return ok(w, c)
}

func (s *Server) updateCampaign(w http.ResponseWriter, r *http.Request) error {
	t, id, err := campaign(r)
	if err != nil {
		return err
	}
	var f campaigns.Form
	if err := respond.Decode(w, r, &f); err != nil {
		return err
	}
	c, err := s.campaignSvc().Update(r.Context(), t, id, f)
	if err != nil {
		return err
	}
	return ok(w, c)
}

func (s *Server) deleteCampaign(w http.ResponseWriter, r *http.Request) error {
	t, id, err := campaign(r)
	if err != nil {
		return err
	}
	if err := s.campaignSvc().Delete(r.Context(), t, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// previewCampaign renders a composed (not necessarily saved) campaign for
// a real person of its audience.
func (s *Server) previewCampaign(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	var f campaigns.Form
	if err := respond.Decode(w, r, &f); err != nil {
		return err
	}
	p, err := s.campaignSvc().Preview(r.Context(), t, f)
	if err != nil {
		return err
	}
	return ok(w, p)
}

// campaignAudience counts who an audience reaches on a channel now.
func (s *Server) campaignAudience(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	var in struct {
		Canal string `json:"canal"`
		campaigns.Audience
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	n, err := s.campaignSvc().Count(r.Context(), t, in.Canal, in.Audience)
	if err != nil {
		return err
	}
	return ok(w, map[string]int{"total": n})
}

// sendCampaign sends a draft now (no programada_at, or a past one) or at
// programada_at.
func (s *Server) sendCampaign(w http.ResponseWriter, r *http.Request) error {
	t, id, err := campaign(r)
	if err != nil {
		return err
	}
	var in struct {
		ProgramadaAt int64 `json:"programada_at"`
	}
	if r.ContentLength != 0 {
		if err := respond.Decode(w, r, &in); err != nil {
			return err
		}
	}
	c, err := s.campaignSvc().Schedule(r.Context(), t, id, in.ProgramadaAt)
	if err != nil {
		return err
	}
	return ok(w, c)
}

func (s *Server) cancelCampaign(w http.ResponseWriter, r *http.Request) error {
	t, id, err := campaign(r)
	if err != nil {
		return err
	}
	c, err := s.campaignSvc().Cancel(r.Context(), t, id)
	if err != nil {
		return err
	}
	return ok(w, c)
}

var errOneClickBody = apperr.E(apperr.Invalid,
	"Para darte de baja envía List-Unsubscribe=One-Click (application/x-www-form-urlencoded).",
	"To unsubscribe send List-Unsubscribe=One-Click (application/x-www-form-urlencoded).")

// unsubscribeInfo says what the link in ?t= unsubscribes from (the page
// reads it before the diner confirms).
func (s *Server) unsubscribeInfo(w http.ResponseWriter, r *http.Request) error {
	u, err := s.campaignSvc().Lookup(r.Context(), r.URL.Query().Get("t"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return ok(w, u)
}

// unsubscribe is the one-click unsubscribe: the token in ?t=, the body
// exactly List-Unsubscribe=One-Click, form-encoded (what mail providers
// POST, and what the page's button sends); no sign-in; idempotent.
func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	var value string
	switch ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct {
	case "application/x-www-form-urlencoded":
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return errOneClickBody
		}
		vals, err := url.ParseQuery(strings.TrimSpace(string(body)))
		if err != nil || len(vals) != 1 {
			return errOneClickBody
		}
		value = vals.Get("List-Unsubscribe")
	case "multipart/form-data": // RFC 8058 allows it too
		if err := r.ParseMultipartForm(4096); err != nil {
			return errOneClickBody
		}
		if v := r.MultipartForm.Value["List-Unsubscribe"]; len(v) == 1 {
			value = v[0]
		}
	}
	if value != "One-Click" {
		return errOneClickBody
	}
	u, err := s.campaignSvc().Unsubscribe(r.Context(), r.URL.Query().Get("t"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return ok(w, u)
}

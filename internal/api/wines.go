package api

import (
	"context"
	"net/http"

	"carta/internal/auth"
	"carta/internal/respond"
	"carta/internal/tenant"
	"carta/internal/wines"
	"carta/internal/wines/lookup"
)

// The wine cellar: the public, cached cava of a restaurant, and its
// owner's (or the super admin's) editing.

// listVinos answers the restaurant's wines: to its staff every wine, not
// cached; to everyone else the available ones, cached like the menu.
func (s *Server) listVinos(w http.ResponseWriter, r *http.Request) error {
	raw := r.URL.Query().Get("cliente_id")
	id, err := parseClienteID(raw)
	if err != nil {
		return err
	}
	if tok := auth.BearerToken(r); tok != "" {
		p, err := s.Auth.Authenticate(r.Context(), tok)
		if err != nil {
			return err
		}
		if t, err := p.Tenant(id); err == nil && p.IsStaff() {
			vs, err := s.Wines.All(r.Context(), t)
			if err != nil {
				return err
			}
			w.Header().Set("Cache-Control", "private, no-store")
			return ok(w, vs)
		}
	}
	return s.Site.ServeMenu(w, r, id, "vinos", nil, func(ctx context.Context, t tenant.Public) (any, error) {
		return s.Wines.Public(ctx, t)
	})
}

// wineInput is a wine with the restaurant it belongs to.
type wineInput struct {
	wines.Input
	ClienteID respond.ID `json:"cliente_id"`
}

func (s *Server) createVino(w http.ResponseWriter, r *http.Request) error {
	var in wineInput
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, err := objectTenant(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	v, err := s.Wines.Create(r.Context(), t, in.Input)
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, map[string]any{"vino": v, "message": msg(r, "Vino agregado exitosamente.", "Wine added successfully.")})
	return nil
}

func (s *Server) updateVino(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", wines.ErrNotFound)
	if err != nil {
		return err
	}
	var in wineInput
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, err := objectTenant(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	v, err := s.Wines.Update(r.Context(), t, id, in.Input)
	if err != nil {
		return err
	}
	return ok(w, v)
}

func (s *Server) deleteVino(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", wines.ErrNotFound)
	if err != nil {
		return err
	}
	t, err := objectTenant(r, "")
	if err != nil {
		return err
	}
	if err := s.Wines.Delete(r.Context(), t, id); err != nil {
		return err
	}
	return ok(w, map[string]string{"message": msg(r, "Vino eliminado.", "Wine deleted.")})
}

// uploadWineLabel stores a wine's label image (multipart imagen).
func (s *Server) uploadWineLabel(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", wines.ErrNotFound)
	if err != nil {
		return err
	}
	t, url, err := s.uploadImage(w, r, "imagen", func(t tenant.ID) error { return s.Wines.Exists(r.Context(), t, id) })
	if err != nil {
		return err
	}
	if err := s.Wines.SetLabel(r.Context(), t, id, url); err != nil {
		return err
	}
	return ok(w, map[string]string{"imagen_url": url})
}

// searchVino looks a wine up for the import form ({nombre, año, uva} →
// {detalles}).
func (s *Server) searchVino(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Nombre string `json:"nombre"`
		Anio   string `json:"año"`
		Uva    string `json:"uva"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	res, err := s.Wines.Search(r.Context(), auth.FromContext(r.Context()), lookup.Query{Nombre: in.Nombre, Anio: in.Anio, Uva: in.Uva})
	if err != nil {
		return err
	}
	return ok(w, map[string]any{"detalles": res})
}

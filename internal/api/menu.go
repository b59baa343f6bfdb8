package api

import (
	"net/http"
	"strconv"
	"strings"
)

// listProducts answers the visible products of a POS category (public,
// from the web site's cache). Without category_id it is the owner's list,
// hidden products included, which needs a staff token for the restaurant.
func (s *Server) listProducts(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	if strings.TrimSpace(q.Get("category_id")) != "" {
		return s.Site.ProductsOf(w, r, q)
	}
	id, err := parseClienteID(q.Get("cliente_id"))
	if err != nil {
		return err
	}
	s.Auth.Staff(handle(func(w http.ResponseWriter, r *http.Request) error {
		t, err := tenantOf(r, strconv.FormatInt(id, 10))
		if err != nil {
			return err
		}
		ps, err := s.Menu.AllProducts(r.Context(), t, q.Get("idioma"))
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "private, no-store")
		return ok(w, map[string]any{"productos": ps})
	}))(w, r)
	return nil
}

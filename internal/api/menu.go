package api

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/respond"
	"carta/internal/store"
)

var errMissingInfo = apperr.E(apperr.Invalid, "Error: Falta información requerida para cargar productos/subcategorías.",
	"Error: Required information to load products/subcategories is missing.")

// idioma is the menu language asked for: "en" or the default "es".
func idioma(q url.Values) string {
	if strings.EqualFold(q.Get("idioma"), "en") {
		return "en"
	}
	return "es"
}

// getSettings answers a restaurant's look and feel (public).
func (s *Server) getSettings(w http.ResponseWriter, r *http.Request) {
	raw := r.PathValue("cliente_id")
	if raw == "" {
		raw = r.URL.Query().Get("cliente_id")
	}
	id, err := parseClienteID(raw)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	s.publicMenu(w, r, id, "settings", func() (any, error) {
		return store.GetSettings(r.Context(), s.DB, id)
	})
}

// listCategories answers the main categories of a restaurant (public).
func (s *Server) listCategories(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id, err := parseClienteID(q.Get("cliente_id"))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	lang := idioma(q)
	s.publicMenu(w, r, id, "categories|"+lang, func() (any, error) {
		cs, err := store.ListCategorias(r.Context(), s.DB, id, lang)
		return map[string]any{"categorias": cs}, err
	})
}

// listSubcategories answers the subcategories of a main category (public).
func (s *Server) listSubcategories(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id, err := parseClienteID(q.Get("cliente_id"))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	catID, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || catID <= 0 {
		respond.Error(w, r, errMissingInfo)
		return
	}
	lang := idioma(q)
	s.publicMenu(w, r, id, "subcategories|"+strconv.FormatInt(catID, 10)+"|"+lang, func() (any, error) {
		if _, err := store.GetCategoria(r.Context(), s.DB, id, catID); errors.Is(err, store.ErrNotFound) {
			return nil, apperr.E(apperr.NotFound, "Categoría no encontrada.", "Category not found.")
		} else if err != nil {
			return nil, err
		}
		subs, err := store.ListSubcategorias(r.Context(), s.DB, id, catID, lang)
		return map[string]any{"subcategorias": subs}, err
	})
}

// listProducts answers the visible products of a POS category (public).
// Without category_id it is the owner's list, hidden products included,
// which needs a staff token for the restaurant.
func (s *Server) listProducts(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id, err := parseClienteID(q.Get("cliente_id"))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	lang := idioma(q)
	cat := strings.TrimSpace(q.Get("category_id"))
	if cat == "" {
		s.Auth.Staff(func(w http.ResponseWriter, r *http.Request) {
			if err := auth.FromContext(r.Context()).CanActOn(id); err != nil {
				respond.Error(w, r, err)
				return
			}
			ps, err := store.ListProductos(r.Context(), s.DB, id, "", lang, false)
			if err != nil {
				respond.Error(w, r, err)
				return
			}
			w.Header().Set("Cache-Control", "private, no-store")
			respond.JSON(w, http.StatusOK, map[string]any{"productos": ps})
		})(w, r)
		return
	}
	s.publicMenu(w, r, id, "products|"+cat+"|"+lang, func() (any, error) {
		ps, err := store.ListProductos(r.Context(), s.DB, id, cat, lang, true)
		return map[string]any{"productos": ps}, err
	})
}

// listPopups answers the restaurant's active popups, newest first (public).
func (s *Server) listPopups(w http.ResponseWriter, r *http.Request) {
	id, err := parseClienteID(r.URL.Query().Get("cliente_id"))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	s.publicMenu(w, r, id, "popups", func() (any, error) {
		return store.ListPopups(r.Context(), s.DB, id)
	})
}

package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/menu"
	"carta/internal/tenant"
)

// The diner's menu: public JSON reads answered from the cache (ServeMenu),
// each on the explicit public path to a restaurant (tenant.Public). They
// are handlers that return their error, like the API's.

var (
	errMissingInfo = apperr.E(apperr.Invalid, "Error: Falta información requerida para cargar productos/subcategorías.",
		"Error: Required information to load products/subcategories is missing.")
	errBadCategoryID = apperr.E(apperr.Invalid, "El identificador de la categoría no es válido.", "The category id is not valid.")
)

// validPOSID reports whether id looks like a POS category id: Clover's are
// 13 characters of [0-9A-Z]; up to 64 letters, digits, - and _ are allowed.
func validPOSID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Settings answers a restaurant's look and feel (cliente_id in the path or
// the query).
func (s *Site) Settings(w http.ResponseWriter, r *http.Request) error {
	raw := r.PathValue("cliente_id")
	if raw == "" {
		raw = r.URL.Query().Get("cliente_id")
	}
	id, err := tenant.ParseClienteID(raw)
	if err != nil {
		return err
	}
	return s.ServeMenu(w, r, id, "settings", nil, func(ctx context.Context, t tenant.Public) (any, error) {
		return s.Menu.Settings(ctx, t)
	})
}

// Categories answers the main categories of a restaurant.
func (s *Site) Categories(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	id, err := tenant.ParseClienteID(q.Get("cliente_id"))
	if err != nil {
		return err
	}
	lang := menu.Lang(q.Get("idioma"))
	return s.ServeMenu(w, r, id, "categories|"+lang, nil, func(ctx context.Context, t tenant.Public) (any, error) {
		cs, err := s.Menu.Categories(ctx, t, lang)
		return map[string]any{"categorias": cs}, err
	})
}

// Subcategories answers the subcategories of a main category.
func (s *Site) Subcategories(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	id, err := tenant.ParseClienteID(q.Get("cliente_id"))
	if err != nil {
		return err
	}
	catID, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || catID <= 0 {
		return errMissingInfo
	}
	lang := menu.Lang(q.Get("idioma"))
	exists := func(ix Index) bool { return ix.Cats[catID] }
	return s.ServeMenu(w, r, id, "subcategories|"+strconv.FormatInt(catID, 10)+"|"+lang, exists, func(ctx context.Context, t tenant.Public) (any, error) {
		subs, err := s.Menu.Subcategories(ctx, t, catID, lang)
		return map[string]any{"subcategorias": subs}, err
	})
}

// Products answers the visible products of the POS category category_id.
func (s *Site) Products(w http.ResponseWriter, r *http.Request) error {
	return s.ProductsOf(w, r, r.URL.Query())
}

// ProductsOf is Products with the query parsed already (the hot path
// parses it once).
func (s *Site) ProductsOf(w http.ResponseWriter, r *http.Request, q url.Values) error {
	id, err := tenant.ParseClienteID(q.Get("cliente_id"))
	if err != nil {
		return err
	}
	lang := menu.Lang(q.Get("idioma"))
	cat := strings.TrimSpace(q.Get("category_id"))
	if !validPOSID(cat) {
		return errBadCategoryID
	}
	exists := func(ix Index) bool { return ix.PosCats[cat] }
	return s.ServeMenu(w, r, id, "products|"+cat+"|"+lang, exists, func(ctx context.Context, t tenant.Public) (any, error) {
		ps, err := s.Menu.Products(ctx, t, cat, lang)
		return map[string]any{"productos": ps}, err
	})
}

// Popups answers the restaurant's active popups, newest first, named in
// ?idioma= (the menu's language; one cached body per language).
func (s *Site) Popups(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	id, err := tenant.ParseClienteID(q.Get("cliente_id"))
	if err != nil {
		return err
	}
	lang := menu.Lang(q.Get("idioma"))
	return s.ServeMenu(w, r, id, "popups|"+lang, nil, func(ctx context.Context, t tenant.Public) (any, error) {
		return s.Menu.Popups(ctx, t, lang)
	})
}

// Privacy answers a restaurant's privacy notice (the {cliente_id} path
// segment): public and cacheable like the menu it belongs to.
func (s *Site) Privacy(w http.ResponseWriter, r *http.Request) error {
	id, err := tenant.ParseClienteID(r.PathValue("cliente_id"))
	if err != nil {
		return err
	}
	return s.ServeMenu(w, r, id, "privacidad", nil, func(ctx context.Context, t tenant.Public) (any, error) {
		return s.Menu.Privacy(ctx, t)
	})
}

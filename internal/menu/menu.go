// Package menu is a restaurant's digital menu: its look and feel, main
// categories with the point-of-sale categories shown inside them,
// products (names and prices from the POS; descriptions, images,
// visibility and translations from the owner), promotional popups, the sync
// from the point of sale, and the menu version every change bumps.
package menu

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/clientes"
	"carta/internal/limits"
	"carta/internal/media"
	"carta/internal/metrics"
	"carta/internal/pos"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Errors the owner sees (the spec's text where it has one).
var (
	ErrCategoryName     = apperr.E(apperr.Invalid, "El nombre de la categoría es obligatorio.", "The category name is required.")
	ErrClienteMerchant  = apperr.E(apperr.Invalid, "Error: Cliente o Merchant no identificado.", "Error: Client or Merchant not identified.")
	ErrCategoryNotFound = apperr.E(apperr.NotFound, "Categoría no encontrada.", "Category not found.")
	ErrProductNotFound  = apperr.E(apperr.NotFound, "Producto no encontrado.", "Product not found.")
	ErrPopupNotFound    = apperr.E(apperr.NotFound, "Popup no encontrado.", "Popup not found.")
	ErrSubcatNotFound   = apperr.E(apperr.NotFound, "Subcategoría no encontrada.", "Subcategory not found.")
	ErrSubcatSelection  = apperr.E(apperr.Invalid, "Selecciona una categoría principal y al menos una categoría de Clover.", "Select a main category and at least one Clover category.")
	ErrUnknownPOSCat    = apperr.E(apperr.Invalid, "Una de las categorías de Clover no existe. Sincroniza e inténtalo de nuevo.", "One of the Clover categories does not exist. Sync and try again.")
	ErrEmptyDescription = apperr.E(apperr.Invalid, "La descripción no puede estar vacía.", "The description cannot be empty.")
	ErrPopupFields      = apperr.E(apperr.Invalid, "El nombre y el archivo del popup son obligatorios.", "The popup's name and file are required.")
	ErrLanguage         = apperr.E(apperr.Invalid, "Idioma no soportado.", "Unsupported language.")
)

// Service is the menu: reads for diners and staff, and the owner's writes.
type Service struct {
	DB    *store.DB
	Media *media.Pipeline
	// Catalog opens the restaurant's point of sale for a sync.
	Catalog func(conn clientes.POSConnection) (pos.Catalog, error)
	// Changed, when set, is told which restaurant's menu a committed write
	// changed (this replica's cache forgets it at once; other replicas see
	// the new version in the database).
	Changed func(clienteID int64)
	// Metrics counts the POS syncs; nil records nothing.
	Metrics *metrics.Metrics
}

// errUnchanged, returned by a write's function, commits without bumping
// the version: nothing diners see changed.
var errUnchanged = errors.New("menu: unchanged")

// write runs fn in one transaction and bumps the restaurant's menu version
// in it: the one place every change diners see goes through.
func (s *Service) write(ctx context.Context, t tenant.ID, fn func(ctx context.Context, tx *store.Tx) error) error {
	changed := true
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := fn(ctx, tx); errors.Is(err, errUnchanged) {
			changed = false
			return nil
		} else if err != nil {
			return err
		}
		return BumpVersion(ctx, tx, t)
	})
	if err == nil && changed && s.Changed != nil {
		s.Changed(t.Int64())
	}
	return err
}

// Lang is the menu language asked for: "en" or the default "es".
func Lang(s string) string {
	if strings.EqualFold(s, "en") {
		return "en"
	}
	return "es"
}

func found(err, as error) error {
	if errors.Is(err, store.ErrNotFound) {
		return as
	}
	return err
}

// --- Reads ---

// Settings is the restaurant's look and feel (the defaults when it has none).
func (s *Service) Settings(ctx context.Context, t tenant.Scope) (Settings, error) {
	return getSettings(ctx, s.DB, t)
}

// Categories lists the main categories, names in lang where translated.
func (s *Service) Categories(ctx context.Context, t tenant.Scope, lang string) ([]Categoria, error) {
	return listCategorias(ctx, s.DB, t, Lang(lang))
}

// Subcategories lists the POS categories shown in a main category.
func (s *Service) Subcategories(ctx context.Context, t tenant.Scope, categoriaID int64, lang string) ([]Subcategoria, error) {
	return listSubcategorias(ctx, s.DB, t, categoriaID, Lang(lang))
}

// Products lists the visible products of a POS category.
func (s *Service) Products(ctx context.Context, t tenant.Scope, cloverCategoryID, lang string) ([]Producto, error) {
	return listProductos(ctx, s.DB, t, cloverCategoryID, Lang(lang), false)
}

// AllProducts lists every product of the restaurant, hidden ones included
// (the owner's list).
func (s *Service) AllProducts(ctx context.Context, t tenant.ID, lang string) ([]Producto, error) {
	ps, err := listProductos(ctx, s.DB, t, "", Lang(lang), true)
	if err != nil {
		return nil, err
	}
	cats, err := productCategories(ctx, s.DB, t)
	for i := range ps {
		ps[i].Categorias = cats[ps[i].ID]
		if ps[i].Categorias == nil {
			ps[i].Categorias = []string{}
		}
	}
	return ps, err
}

// Popups lists the restaurant's active popups, newest first, names in lang
// where translated.
func (s *Service) Popups(ctx context.Context, t tenant.Scope, lang string) ([]Popup, error) {
	return listPopups(ctx, s.DB, t, Lang(lang))
}

// POSCategories lists the POS categories for the subcategory picker.
func (s *Service) POSCategories(ctx context.Context, t tenant.ID) ([]PosCategoria, error) {
	return listPosCategorias(ctx, s.DB, t)
}

// --- Categories ---

// NewCategory is the create form of a main category.
type NewCategory struct {
	Name, NameEN, ImagePath, MerchantID string
}

// CreateCategory adds a main category, with its English name and an image
// (an https link or a file uploaded for this restaurant).
func (s *Service) CreateCategory(ctx context.Context, t tenant.ID, in NewCategory) (Categoria, error) {
	name, err := limits.CategoryName.Check(in.Name)
	if err == nil && name == "" {
		err = ErrCategoryName
	}
	if err == nil {
		in.NameEN, err = limits.CategoryName.Check(in.NameEN)
	}
	if err == nil {
		in.ImagePath, err = limits.ImageURL.Check(in.ImagePath)
	}
	if err == nil {
		in.MerchantID, err = limits.MerchantID.Check(in.MerchantID)
	}
	if err != nil {
		return Categoria{}, err
	}
	if in.MerchantID != "" {
		c, err := clientes.Get(ctx, s.DB, t)
		if err != nil {
			return Categoria{}, clientes.Found(err)
		}
		if c.MerchantID == nil || *c.MerchantID != in.MerchantID {
			return Categoria{}, ErrClienteMerchant
		}
	}
	img := in.ImagePath
	var cat Categoria
	err = s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		if err := s.Media.Use(ctx, tx, t, img); err != nil {
			return err
		}
		id, err := CreateCategoria(ctx, tx, t, name, img)
		if err != nil {
			return err
		}
		if in.NameEN != "" {
			if err := SetTranslation(ctx, tx, t, "categoria", strconv.FormatInt(id, 10), "en", "name", in.NameEN); err != nil {
				return err
			}
		}
		cat, err = getCategoria(ctx, tx, t, id)
		return err
	})
	return cat, err
}

// Category returns one main category of the restaurant.
func (s *Service) Category(ctx context.Context, t tenant.ID, id int64) (Categoria, error) {
	c, err := getCategoria(ctx, s.DB, t, id)
	return c, found(err, ErrCategoryNotFound)
}

// UpdateCategory renames a main category and sets its English name (nil
// leaves a field alone); it returns the category as listed in Spanish.
func (s *Service) UpdateCategory(ctx context.Context, t tenant.ID, id int64, name, nameEN *string) (Categoria, error) {
	for _, f := range []*string{name, nameEN} {
		if f != nil {
			var err error
			if *f, err = limits.CategoryName.Check(*f); err != nil {
				return Categoria{}, err
			}
		}
	}
	if name != nil && *name == "" {
		return Categoria{}, ErrCategoryName
	}
	err := s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		if _, err := getCategoria(ctx, tx, t, id); err != nil {
			return found(err, ErrCategoryNotFound)
		}
		if name != nil {
			if err := setCategoria(ctx, tx, t, id, "name", *name); err != nil {
				return err
			}
		}
		if nameEN != nil {
			return SetTranslation(ctx, tx, t, "categoria", strconv.FormatInt(id, 10), "en", "name", *nameEN)
		}
		return nil
	})
	if err != nil {
		return Categoria{}, err
	}
	cats, err := listCategorias(ctx, s.DB, t, "es")
	if err != nil {
		return Categoria{}, err
	}
	for _, c := range cats {
		if c.ID == id {
			return c, nil
		}
	}
	return Categoria{}, ErrCategoryNotFound
}

// DeleteCategory removes a main category (its subcategory links go with
// it; its image goes with the media sweep once nothing uses it).
func (s *Service) DeleteCategory(ctx context.Context, t tenant.ID, id int64) error {
	return s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		return found(deleteCategoria(ctx, tx, t, id), ErrCategoryNotFound)
	})
}

// SetCategoryImage sets a main category's image (uploaded for the restaurant).
func (s *Service) SetCategoryImage(ctx context.Context, t tenant.ID, id int64, url string) error {
	return s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		if _, err := getCategoria(ctx, tx, t, id); err != nil {
			return found(err, ErrCategoryNotFound)
		}
		if err := s.Media.Use(ctx, tx, t, url); err != nil {
			return err
		}
		return setCategoria(ctx, tx, t, id, "image_path", url)
	})
}

// AssignSubcategories links POS categories to a main category, with
// positions (at least 1; missing ones sort last); it returns the links.
func (s *Service) AssignSubcategories(ctx context.Context, t tenant.ID, categoriaID int64, ids []string, positions map[string]int64) ([]Subcategoria, error) {
	if len(ids) == 0 {
		return nil, ErrSubcatSelection
	}
	err := s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		if _, err := getCategoria(ctx, tx, t, categoriaID); err != nil {
			return found(err, ErrCategoryNotFound)
		}
		known, err := listPosCategorias(ctx, tx, t)
		if err != nil {
			return err
		}
		ok := map[string]bool{}
		for _, k := range known {
			ok[k.CloverCategoryID] = true
		}
		for _, id := range ids {
			if !ok[id] {
				return ErrUnknownPOSCat
			}
			var pos *int64
			if p, set := positions[id]; set {
				p = max(p, 1) // positions start at 1 (spec: clamped)
				pos = &p
			}
			if err := LinkSubcategoria(ctx, tx, t, categoriaID, id, pos); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return listSubcategorias(ctx, s.DB, t, categoriaID, "es")
}

// RemoveSubcategory unlinks a POS category from a main category.
func (s *Service) RemoveSubcategory(ctx context.Context, t tenant.ID, categoriaID int64, cloverCategoryID string) error {
	return s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		if _, err := getCategoria(ctx, tx, t, categoriaID); err != nil {
			return found(err, ErrCategoryNotFound)
		}
		return found(unlinkSubcategoria(ctx, tx, t, categoriaID, cloverCategoryID), ErrSubcatNotFound)
	})
}

// --- Products ---

// product runs fn on a product of the restaurant in a write.
func (s *Service) product(ctx context.Context, t tenant.ID, id int64, fn func(ctx context.Context, tx *store.Tx) error) error {
	return s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		if _, err := getProducto(ctx, tx, t, id); err != nil {
			return found(err, ErrProductNotFound)
		}
		return fn(ctx, tx)
	})
}

// SetDescription sets a product's local description; it returns it trimmed.
func (s *Service) SetDescription(ctx context.Context, t tenant.ID, id int64, description string) (string, error) {
	d, err := limits.Description.Check(description)
	if err == nil && d == "" {
		err = ErrEmptyDescription
	}
	if err != nil {
		return "", err
	}
	return d, s.product(ctx, t, id, func(ctx context.Context, tx *store.Tx) error { return setProducto(ctx, tx, t, id, "description", d) })
}

// SetTranslation sets a product's name and description in lang (only "en").
func (s *Service) SetProductTranslation(ctx context.Context, t tenant.ID, id int64, lang, name, description string) error {
	if lang != "en" {
		return ErrLanguage
	}
	name, err := limits.ProductName.Check(name)
	if err == nil {
		description, err = limits.Description.Check(description)
	}
	if err != nil {
		return err
	}
	return s.product(ctx, t, id, func(ctx context.Context, tx *store.Tx) error {
		pid := strconv.FormatInt(id, 10)
		if err := SetTranslation(ctx, tx, t, "producto", pid, "en", "name", name); err != nil {
			return err
		}
		return SetTranslation(ctx, tx, t, "producto", pid, "en", "description", description)
	})
}

// SetVisible shows or hides a product on the menu.
func (s *Service) SetVisible(ctx context.Context, t tenant.ID, id int64, visible bool) error {
	return s.product(ctx, t, id, func(ctx context.Context, tx *store.Tx) error {
		return setProducto(ctx, tx, t, id, "visible", store.BoolInt(visible))
	})
}

// SetProductImage sets a product's image (uploaded for the restaurant).
func (s *Service) SetProductImage(ctx context.Context, t tenant.ID, id int64, url string) error {
	return s.product(ctx, t, id, func(ctx context.Context, tx *store.Tx) error {
		if err := s.Media.Use(ctx, tx, t, url); err != nil {
			return err
		}
		return setProducto(ctx, tx, t, id, "image_path", url)
	})
}

// ProductExists checks a product of the restaurant before its image is
// uploaded (nothing is stored for a product that is not there).
func (s *Service) ProductExists(ctx context.Context, t tenant.ID, id int64) error {
	_, err := getProducto(ctx, s.DB, t, id)
	return found(err, ErrProductNotFound)
}

// --- Popups ---

// CreatePopup stores a popup with its uploaded file; nameEN (optional) is
// its English name.
func (s *Service) CreatePopup(ctx context.Context, t tenant.ID, name, nameEN string, file media.Stored) (Popup, error) {
	var p Popup
	err := s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		if err := s.Media.Use(ctx, tx, t, file.URL); err != nil {
			return err
		}
		id, err := CreatePopup(ctx, tx, t, Popup{Name: name, NameEN: nameEN, FileURL: file.URL, FileType: file.ContentType})
		if err != nil {
			return err
		}
		p, err = getPopup(ctx, tx, t, id)
		return err
	})
	return p, err
}

// PopupName checks a popup's name before its file is uploaded.
func PopupName(name string) (string, error) {
	name, err := limits.PopupName.Check(name)
	if err == nil && name == "" {
		err = ErrPopupFields
	}
	return name, err
}

// PopupNameEN checks a popup's optional English name.
func PopupNameEN(name string) (string, error) {
	return limits.PopupName.Check(name)
}

// DeletePopup removes a popup (its file goes with the media sweep).
func (s *Service) DeletePopup(ctx context.Context, t tenant.ID, id int64) error {
	return s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		return found(deletePopup(ctx, tx, t, id), ErrPopupNotFound)
	})
}

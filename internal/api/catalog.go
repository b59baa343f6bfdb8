package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/media"
	"carta/internal/respond"
	"carta/internal/store"
)

// Menu administration: sync from the POS, main categories and their
// subcategories, product descriptions, translations, visibility and images.
// Every handler checks the restaurant through tenant() or CanActOn.

var (
	errCategoryName     = apperr.E(apperr.Invalid, "El nombre de la categoría es obligatorio.", "The category name is required.")
	errClienteMerchant  = apperr.E(apperr.Invalid, "Error: Cliente o Merchant no identificado.", "Error: Client or Merchant not identified.")
	errCategoryNotFound = apperr.E(apperr.NotFound, "Categoría no encontrada.", "Category not found.")
	errProductNotFound  = apperr.E(apperr.NotFound, "Producto no encontrado.", "Product not found.")
	errSubcatSelection  = apperr.E(apperr.Invalid, "Selecciona una categoría principal y al menos una categoría de Clover.", "Select a main category and at least one Clover category.")
	errUnknownPOSCat    = apperr.E(apperr.Invalid, "Una de las categorías de Clover no existe. Sincroniza e inténtalo de nuevo.", "One of the Clover categories does not exist. Sync and try again.")
	errEmptyDescription = apperr.E(apperr.Invalid, "La descripción no puede estar vacía.", "The description cannot be empty.")
	errChooseImage      = apperr.E(apperr.Invalid, "Selecciona una imagen.", "Choose an image.")
)

// syncAll imports the restaurant's POS catalogue.
func (s *Server) syncAll(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ClienteID json64 `json:"cliente_id"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	id, err := tenant(r, in.ClienteID.String())
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	res, err := s.Sync.Sync(r.Context(), id)
	if err != nil {
		s.Log.Warn("pos sync failed", "cliente_id", id, "err", err)
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]any{
		"message": msg(r, "Sincronización completada exitosamente.", "Sync completed successfully."),
		"result":  res,
	})
}

// msg picks the message of the caller's language.
func msg(r *http.Request, es, en string) string {
	if respond.Lang(r) == "en" {
		return en
	}
	return es
}

// listPOSCategories lists the POS categories for the subcategory picker.
func (s *Server) listPOSCategories(w http.ResponseWriter, r *http.Request) {
	id, err := tenant(r, r.URL.Query().Get("cliente_id"))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	cats, err := store.ListPosCategorias(r.Context(), s.DB, id)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]any{"categorias": cats})
}

// createCategory adds a main category.
func (s *Server) createCategory(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Name       string `json:"name"`
		MerchantID string `json:"merchant_id"`
		ClienteID  json64 `json:"cliente_id"`
		ImagePath  string `json:"image_path"`
		NameEN     string `json:"name_en"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	name := strings.TrimSpace(in.Name)
	if name == "" {
		respond.Error(w, r, errCategoryName)
		return
	}
	if len(name) > 80 || len(in.NameEN) > 80 {
		respond.Error(w, r, invalid("El nombre es demasiado largo (máximo 80 caracteres).", "The name is too long (80 characters at most)."))
		return
	}
	if in.ClienteID == "" {
		respond.Error(w, r, errClienteMerchant)
		return
	}
	id, err := tenant(r, in.ClienteID.String())
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	c, err := store.GetCliente(r.Context(), s.DB, id)
	if err != nil {
		respond.Error(w, r, notFoundAs(err, errClienteNotFound))
		return
	}
	if in.MerchantID != "" && (c.MerchantID == nil || *c.MerchantID != in.MerchantID) {
		respond.Error(w, r, errClienteMerchant)
		return
	}
	img := strings.TrimSpace(in.ImagePath)
	if img != "" && !strings.HasPrefix(img, "https://") && !s.Media.IsMediaURL(img) {
		respond.Error(w, r, invalid("La imagen debe ser un archivo subido o un enlace https.", "The image must be an uploaded file or an https link."))
		return
	}
	var cat store.Categoria
	err = s.DB.InTx(r.Context(), func(tx *store.Tx) error {
		cid, err := store.CreateCategoria(r.Context(), tx, id, name, img)
		if err != nil {
			return err
		}
		if en := strings.TrimSpace(in.NameEN); en != "" {
			if err := store.SetTranslation(r.Context(), tx, id, "categoria", strconv.FormatInt(cid, 10), "en", "name", en); err != nil {
				return err
			}
		}
		cat, err = store.GetCategoria(r.Context(), tx, id, cid)
		return err
	})
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusCreated, map[string]any{
		"message": msg(r, "Categoría creada exitosamente.", "Category created successfully."), "categoria": cat})
}

func notFoundAs(err, as error) error {
	if errors.Is(err, store.ErrNotFound) {
		return as
	}
	return err
}

// categoryOf loads the main category named in the path and checks the
// caller may act on its restaurant.
func (s *Server) categoryOf(r *http.Request) (store.Categoria, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return store.Categoria{}, errCategoryNotFound
	}
	c, err := store.GetCategoriaByID(r.Context(), s.DB, id)
	if err != nil {
		return c, notFoundAs(err, errCategoryNotFound)
	}
	if err := auth.FromContext(r.Context()).CanActOn(c.ClienteID); err != nil {
		return c, err
	}
	// A cliente_id the client sends must name the same restaurant.
	if raw := r.URL.Query().Get("cliente_id"); raw != "" {
		if q, err := parseClienteID(raw); err != nil || q != c.ClienteID {
			return c, apperr.ErrForbidden
		}
	}
	return c, nil
}

// deleteCategory removes a main category (its subcategory links go with it).
func (s *Server) deleteCategory(w http.ResponseWriter, r *http.Request) {
	c, err := s.categoryOf(r)
	if err == nil {
		err = store.DeleteCategoria(r.Context(), s.DB, c.ClienteID, c.ID)
	}
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	_ = s.Media.Delete(r.Context(), c.ImagePath)
	respond.JSON(w, http.StatusOK, map[string]string{"message": msg(r, "Categoría eliminada correctamente.", "Category deleted successfully.")})
}

// updateCategory renames a main category and sets its English name.
func (s *Server) updateCategory(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Name   *string `json:"name"`
		NameEN *string `json:"name_en"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	c, err := s.categoryOf(r)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if in.Name != nil && strings.TrimSpace(*in.Name) == "" {
		respond.Error(w, r, errCategoryName)
		return
	}
	err = s.DB.InTx(r.Context(), func(tx *store.Tx) error {
		if in.Name != nil {
			if err := store.RenameCategoria(r.Context(), tx, c.ClienteID, c.ID, strings.TrimSpace(*in.Name)); err != nil {
				return err
			}
		}
		if in.NameEN != nil {
			if err := store.SetTranslation(r.Context(), tx, c.ClienteID, "categoria", strconv.FormatInt(c.ID, 10), "en", "name", strings.TrimSpace(*in.NameEN)); err != nil {
				return err
			}
		}
		return store.BumpMenuVersion(r.Context(), tx, c.ClienteID)
	})
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	cats, err := store.ListCategorias(r.Context(), s.DB, c.ClienteID, "es")
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	for _, x := range cats {
		if x.ID == c.ID {
			respond.JSON(w, http.StatusOK, x)
			return
		}
	}
	respond.Error(w, r, errCategoryNotFound)
}

// uploadCategoryImage stores a main category's image.
func (s *Server) uploadCategoryImage(w http.ResponseWriter, r *http.Request) {
	c, err := s.categoryOf(r)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	st, err := s.saveImage(w, r, "image")
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if err := store.SetCategoriaImage(r.Context(), s.DB, c.ClienteID, c.ID, st); err != nil {
		_ = s.Media.Delete(r.Context(), st)
		respond.Error(w, r, err)
		return
	}
	_ = s.Media.Delete(r.Context(), c.ImagePath)
	respond.JSON(w, http.StatusOK, map[string]string{"path": st, "message": msg(r, "Imagen subida exitosamente.", "Image uploaded successfully.")})
}

// saveImage stores the uploaded image of field at card size (what menu
// cards show) and returns its URL.
func (s *Server) saveImage(w http.ResponseWriter, r *http.Request, field string) (string, error) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload)
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		return "", errChooseImage
	}
	if _, _, err := r.FormFile(field); err != nil {
		return "", errChooseImage
	}
	st, err := s.Media.SaveMultipart(r, field, media.KindImage)
	if err != nil {
		return "", err
	}
	if st.URL != st.CardURL {
		_ = s.Media.Delete(r.Context(), st.URL)
	}
	return st.CardURL, nil
}

// assignSubcategories links POS categories to a main category with positions.
func (s *Server) assignSubcategories(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ClienteID json64           `json:"cliente_id"`
		IDs       []string         `json:"cloverCategoryIds"`
		Positions map[string]int64 `json:"positions"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	c, err := s.categoryOf(r)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if in.ClienteID != "" {
		if q, err := parseClienteID(in.ClienteID.String()); err != nil || q != c.ClienteID {
			respond.Error(w, r, apperr.ErrForbidden)
			return
		}
	}
	if len(in.IDs) == 0 {
		respond.Error(w, r, errSubcatSelection)
		return
	}
	err = s.DB.InTx(r.Context(), func(tx *store.Tx) error {
		known, err := store.ListPosCategorias(r.Context(), tx, c.ClienteID)
		if err != nil {
			return err
		}
		ok := map[string]bool{}
		for _, k := range known {
			ok[k.CloverCategoryID] = true
		}
		for _, id := range in.IDs {
			if !ok[id] {
				return errUnknownPOSCat
			}
			var pos *int64
			if p, set := in.Positions[id]; set {
				p = max(p, 1) // positions start at 1 (spec: clamped)
				pos = &p
			}
			if err := store.LinkSubcategoria(r.Context(), tx, c.ClienteID, c.ID, id, pos); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	subs, err := store.ListSubcategorias(r.Context(), s.DB, c.ClienteID, c.ID, "es")
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]any{
		"message": msg(r, "Subcategorías asignadas exitosamente.", "Subcategories assigned successfully."), "subcategorias": subs})
}

// removeSubcategory unlinks a POS category from a main category.
func (s *Server) removeSubcategory(w http.ResponseWriter, r *http.Request) {
	c, err := s.categoryOf(r)
	if err == nil {
		err = store.UnlinkSubcategoria(r.Context(), s.DB, c.ClienteID, c.ID, r.PathValue("cloverCategoryId"))
		err = notFoundAs(err, apperr.E(apperr.NotFound, "Subcategoría no encontrada.", "Subcategory not found."))
	}
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]string{"message": msg(r, "Subcategoría eliminada correctamente.", "Subcategory removed successfully.")})
}

// productOf loads the product named in the path and checks the caller may
// act on its restaurant; a cliente_id sent by the client must match.
func (s *Server) productOf(r *http.Request, clienteRaw string) (store.Producto, int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return store.Producto{}, 0, errProductNotFound
	}
	p, cid, err := store.GetProducto(r.Context(), s.DB, id)
	if err != nil {
		return p, 0, notFoundAs(err, errProductNotFound)
	}
	if err := auth.FromContext(r.Context()).CanActOn(cid); err != nil {
		return p, 0, err
	}
	if clienteRaw != "" {
		if q, err := parseClienteID(clienteRaw); err != nil || q != cid {
			return p, 0, apperr.ErrForbidden
		}
	}
	return p, cid, nil
}

// updateDescription sets a product's local description.
func (s *Server) updateDescription(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ClienteID   json64 `json:"cliente_id"`
		Description string `json:"description"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	p, cid, err := s.productOf(r, in.ClienteID.String())
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	d := strings.TrimSpace(in.Description)
	if d == "" {
		respond.Error(w, r, errEmptyDescription)
		return
	}
	if len(d) > 1000 {
		respond.Error(w, r, invalid("La descripción es demasiado larga (máximo 1000 caracteres).", "The description is too long (1000 characters at most)."))
		return
	}
	if err := store.SetProductoDescription(r.Context(), s.DB, cid, p.ID, d); err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]string{"message": msg(r, "Descripción actualizada correctamente.", "Description updated successfully."), "description": d})
}

// updateProductTranslation sets a product's English name and description.
func (s *Server) updateProductTranslation(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ClienteID   json64 `json:"cliente_id"`
		Idioma      string `json:"idioma"`
		Name        string `json:"name"`
		Description string `json:"description"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	p, cid, err := s.productOf(r, in.ClienteID.String())
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if in.Idioma != "en" {
		respond.Error(w, r, invalid("Idioma no soportado.", "Unsupported language."))
		return
	}
	if len(in.Name) > 120 || len(in.Description) > 1000 {
		respond.Error(w, r, invalid("El texto es demasiado largo.", "The text is too long."))
		return
	}
	err = s.DB.InTx(r.Context(), func(tx *store.Tx) error {
		pid := strconv.FormatInt(p.ID, 10)
		if err := store.SetTranslation(r.Context(), tx, cid, "producto", pid, "en", "name", strings.TrimSpace(in.Name)); err != nil {
			return err
		}
		if err := store.SetTranslation(r.Context(), tx, cid, "producto", pid, "en", "description", strings.TrimSpace(in.Description)); err != nil {
			return err
		}
		return store.BumpMenuVersion(r.Context(), tx, cid)
	})
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]string{"message": msg(r, "Traducción guardada.", "Translation saved.")})
}

// setVisibility shows or hides a product on the menu.
func (s *Server) setVisibility(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ClienteID json64 `json:"cliente_id"`
		Visible   *bool  `json:"visible"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	if in.Visible == nil {
		respond.Error(w, r, invalid("Falta el campo visible.", "The visible field is missing."))
		return
	}
	p, cid, err := s.productOf(r, in.ClienteID.String())
	if err == nil {
		err = store.SetProductoVisible(r.Context(), s.DB, cid, p.ID, *in.Visible)
	}
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, map[string]any{"id": p.ID, "visible": *in.Visible})
}

// uploadProductImage replaces a product's image (the client crops it).
func (s *Server) uploadProductImage(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload)
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		respond.Error(w, r, errChooseImage)
		return
	}
	raw := r.FormValue("cliente_id")
	if raw == "" {
		raw = r.URL.Query().Get("cliente_id")
	}
	p, cid, err := s.productOf(r, raw)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	url, err := s.saveImage(w, r, "image")
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if err := store.SetProductoImage(r.Context(), s.DB, cid, p.ID, url); err != nil {
		_ = s.Media.Delete(r.Context(), url)
		respond.Error(w, r, err)
		return
	}
	_ = s.Media.Delete(r.Context(), p.ImagePath)
	respond.JSON(w, http.StatusOK, map[string]string{"url": url, "message": msg(r, "Imagen subida correctamente.", "Image uploaded successfully.")})
}

package api

import (
	"fmt"
	"net/http"
	"strings"

	"carta/internal/apperr"
	"carta/internal/limits"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/respond"
	"carta/internal/tenant"
)

// Menu administration (owner or super admin): sync from the POS, main
// categories and their subcategories, products, look and feel, popups.

var (
	errChooseImage    = apperr.E(apperr.Invalid, "Selecciona una imagen.", "Choose an image.")
	errPopupClienteID = apperr.E(apperr.Invalid, "Error: cliente_id no definido.", "Error: cliente_id is not defined.")
)

// maxUpload bounds a multipart request: the largest media limit plus room
// for the other fields.
const maxUpload = 26 << 20

// parseUpload bounds and parses a multipart body and checks the caller may
// act on its cliente_id (form field, or query parameter); missing is the
// error for a form without one.
func parseUpload(w http.ResponseWriter, r *http.Request, missing error) (tenant.ID, error) {
	if err := respond.ParseMultipart(w, r, maxUpload); err != nil {
		return tenant.ID{}, err
	}
	raw := r.FormValue("cliente_id")
	if raw == "" {
		raw = r.URL.Query().Get("cliente_id")
	}
	if raw == "" {
		return tenant.ID{}, missing
	}
	return tenantOf(r, raw)
}

// uploadImage parses a multipart image upload for an object of the
// restaurant (cliente_id from the form or the query, else the owner's) and
// stores the image of field at card size (what menu cards show), after
// exists confirms the object is there.
func (s *Server) uploadImage(w http.ResponseWriter, r *http.Request, field string, exists func(tenant.ID) error) (tenant.ID, string, error) {
	if err := respond.ParseMultipart(w, r, maxUpload); err != nil {
		if err != limits.ErrControl {
			err = errChooseImage
		}
		return tenant.ID{}, "", err
	}
	t, err := objectTenant(r, r.FormValue("cliente_id"))
	if err != nil {
		return t, "", err
	}
	if err := exists(t); err != nil {
		return t, "", err
	}
	if _, _, err := r.FormFile(field); err != nil {
		return t, "", errChooseImage
	}
	st, err := s.Media.SaveFor(r, s.DB, t, field, media.Card, media.KindImage)
	return t, st.URL, err
}

// syncAll imports the restaurant's POS catalogue.
func (s *Server) syncAll(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ClienteID respond.ID `json:"cliente_id"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, err := tenantOf(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	res, err := s.Menu.Sync(r.Context(), t)
	if err != nil {
		s.Log.WarnContext(r.Context(), "pos sync failed", "cliente_id", t.Int64(), "err", err)
		return err
	}
	if err := s.audit(r.Context(), s.DB, r, t, "pos.sincronizar", "Catálogo del punto de venta", syncDetail(res)); err != nil {
		return err
	}
	respond.JSON(w, http.StatusOK, map[string]any{
		"message": msg(r, "Sincronización completada exitosamente.", "Sync completed successfully."),
		"result":  res,
	})
	return nil
}

// listPOSCategories lists the POS categories for the subcategory picker.
func (s *Server) listPOSCategories(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantOf(r, r.URL.Query().Get("cliente_id"))
	if err != nil {
		return err
	}
	cats, err := s.Menu.POSCategories(r.Context(), t)
	if err != nil {
		return err
	}
	return ok(w, map[string]any{"categorias": cats})
}

// createCategory adds a main category.
func (s *Server) createCategory(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Name       string     `json:"name"`
		MerchantID string     `json:"merchant_id"`
		ClienteID  respond.ID `json:"cliente_id"`
		ImagePath  string     `json:"image_path"`
		NameEN     string     `json:"name_en"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	if in.ClienteID == "" {
		return menu.ErrClienteMerchant
	}
	t, err := tenantOf(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	cat, err := s.Menu.CreateCategory(r.Context(), t, menu.NewCategory{Name: in.Name, NameEN: in.NameEN, ImagePath: in.ImagePath, MerchantID: in.MerchantID})
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, map[string]any{
		"message": msg(r, "Categoría creada exitosamente.", "Category created successfully."), "categoria": cat})
	return nil
}

// category is the restaurant and main category a route names.
func category(r *http.Request, clienteID string) (tenant.ID, int64, error) {
	id, err := objectID(r, "id", menu.ErrCategoryNotFound)
	if err != nil {
		return tenant.ID{}, 0, err
	}
	t, err := objectTenant(r, clienteID)
	return t, id, err
}

// deleteCategory removes a main category.
func (s *Server) deleteCategory(w http.ResponseWriter, r *http.Request) error {
	t, id, err := category(r, "")
	if err != nil {
		return err
	}
	if err := s.Menu.DeleteCategory(r.Context(), t, id); err != nil {
		return err
	}
	return ok(w, map[string]string{"message": msg(r, "Categoría eliminada correctamente.", "Category deleted successfully.")})
}

// updateCategory renames a main category and sets its English name.
func (s *Server) updateCategory(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Name   *string `json:"name"`
		NameEN *string `json:"name_en"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, id, err := category(r, "")
	if err != nil {
		return err
	}
	c, err := s.Menu.UpdateCategory(r.Context(), t, id, in.Name, in.NameEN)
	if err != nil {
		return err
	}
	return ok(w, c)
}

// uploadCategoryImage stores a main category's image.
func (s *Server) uploadCategoryImage(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", menu.ErrCategoryNotFound)
	if err != nil {
		return err
	}
	t, url, err := s.uploadImage(w, r, "image", func(t tenant.ID) error {
		_, err := s.Menu.Category(r.Context(), t, id)
		return err
	})
	if err != nil {
		return err
	}
	if err := s.Menu.SetCategoryImage(r.Context(), t, id, url); err != nil {
		return err
	}
	return ok(w, map[string]string{"path": url, "message": msg(r, "Imagen subida exitosamente.", "Image uploaded successfully.")})
}

// assignSubcategories links POS categories to a main category with positions.
func (s *Server) assignSubcategories(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ClienteID respond.ID       `json:"cliente_id"`
		IDs       []string         `json:"cloverCategoryIds"`
		Positions map[string]int64 `json:"positions"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, id, err := category(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	subs, err := s.Menu.AssignSubcategories(r.Context(), t, id, in.IDs, in.Positions)
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusOK, map[string]any{
		"message": msg(r, "Subcategorías asignadas exitosamente.", "Subcategories assigned successfully."), "subcategorias": subs})
	return nil
}

// removeSubcategory unlinks a POS category from a main category.
func (s *Server) removeSubcategory(w http.ResponseWriter, r *http.Request) error {
	t, id, err := category(r, "")
	if err != nil {
		return err
	}
	if err := s.Menu.RemoveSubcategory(r.Context(), t, id, r.PathValue("cloverCategoryId")); err != nil {
		return err
	}
	return ok(w, map[string]string{"message": msg(r, "Subcategoría eliminada correctamente.", "Subcategory removed successfully.")})
}

// product is the restaurant and product a route names.
func product(r *http.Request, clienteID string) (tenant.ID, int64, error) {
	id, err := objectID(r, "id", menu.ErrProductNotFound)
	if err != nil {
		return tenant.ID{}, 0, err
	}
	t, err := objectTenant(r, clienteID)
	return t, id, err
}

// updateDescription sets a product's local description.
func (s *Server) updateDescription(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ClienteID   respond.ID `json:"cliente_id"`
		Description string     `json:"description"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, id, err := product(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	d, err := s.Menu.SetDescription(r.Context(), t, id, in.Description)
	if err != nil {
		return err
	}
	return ok(w, map[string]string{"message": msg(r, "Descripción actualizada correctamente.", "Description updated successfully."), "description": d})
}

// updateProductTranslation sets a product's English name and description.
func (s *Server) updateProductTranslation(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ClienteID   respond.ID `json:"cliente_id"`
		Idioma      string     `json:"idioma"`
		Name        string     `json:"name"`
		Description string     `json:"description"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, id, err := product(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	if err := s.Menu.SetProductTranslation(r.Context(), t, id, in.Idioma, in.Name, in.Description); err != nil {
		return err
	}
	return ok(w, map[string]string{"message": msg(r, "Traducción guardada.", "Translation saved.")})
}

// setPOSNames stores the owner's Spanish and English names of the POS's
// modifier groups, modifiers and taxes, all or none.
func (s *Server) setPOSNames(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Nombres []menu.NombrePOSInput `json:"nombres"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	out, err := s.Menu.SetPOSNames(r.Context(), t, in.Nombres)
	if err != nil {
		return err
	}
	return ok(w, out)
}

// setVisibility shows or hides a product on the menu.
func (s *Server) setVisibility(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ClienteID respond.ID `json:"cliente_id"`
		Visible   *bool      `json:"visible"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	if in.Visible == nil {
		return apperr.InvalidE("Falta el campo visible.", "The visible field is missing.")
	}
	t, id, err := product(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	if err := s.Menu.SetVisible(r.Context(), t, id, *in.Visible); err != nil {
		return err
	}
	if err := s.auditProducts(r, t, "producto.visibilidad", []int64{id}, visibleDetail(*in.Visible)); err != nil {
		return err
	}
	return ok(w, map[string]any{"id": id, "visible": *in.Visible})
}

// updateDietary sets a product's allergens and dietary tags.
func (s *Server) updateDietary(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ClienteID respond.ID `json:"cliente_id"`
		Alergenos []string   `json:"alergenos"`
		Etiquetas []string   `json:"etiquetas"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	if in.Alergenos == nil || in.Etiquetas == nil {
		return apperr.InvalidE("Faltan los campos alergenos y etiquetas.", "The alergenos and etiquetas fields are missing.")
	}
	t, id, err := product(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	a, e, err := s.Menu.SetDietary(r.Context(), t, id, in.Alergenos, in.Etiquetas)
	if err != nil {
		return err
	}
	return ok(w, map[string]any{"id": id, "alergenos": a, "etiquetas": e,
		"message": msg(r, "Alérgenos guardados.", "Allergens saved.")})
}

// setVisibilityMany shows or hides several products in one transaction.
func (s *Server) setVisibilityMany(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ClienteID respond.ID `json:"cliente_id"`
		IDs       []int64    `json:"ids"`
		Visible   *bool      `json:"visible"`
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	if in.Visible == nil {
		return apperr.InvalidE("Falta el campo visible.", "The visible field is missing.")
	}
	t, err := objectTenant(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	if err := s.Menu.SetVisibleMany(r.Context(), t, in.IDs, *in.Visible); err != nil {
		return err
	}
	if err := s.auditProducts(r, t, "producto.visibilidad", in.IDs, visibleDetail(*in.Visible)); err != nil {
		return err
	}
	if in.IDs == nil {
		in.IDs = []int64{}
	}
	return ok(w, map[string]any{"ids": in.IDs, "visible": *in.Visible})
}

// uploadProductImage replaces a product's image (the client crops it).
func (s *Server) uploadProductImage(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", menu.ErrProductNotFound)
	if err != nil {
		return err
	}
	t, url, err := s.uploadImage(w, r, "image", func(t tenant.ID) error { return s.Menu.ProductExists(r.Context(), t, id) })
	if err != nil {
		return err
	}
	if err := s.Menu.SetProductImage(r.Context(), t, id, url); err != nil {
		return err
	}
	return ok(w, map[string]string{"url": url, "message": msg(r, "Imagen subida correctamente.", "Image uploaded successfully.")})
}

// saveSettings stores a restaurant's look and feel.
func (s *Server) saveSettings(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		menu.Settings
		ClienteID respond.ID `json:"cliente_id"` // shadows Settings.ClienteID: browsers send it as text too
	}
	if err := respond.Decode(w, r, &in); err != nil {
		return err
	}
	t, err := tenantOf(r, in.ClienteID.String())
	if err != nil {
		return err
	}
	out, err := s.Menu.SaveSettings(r.Context(), t, in.Settings, s.recorder(r))
	if err != nil {
		return err
	}
	return ok(w, out)
}

// uploadSettingsImage stores a new logo or background image.
func (s *Server) uploadSettingsImage(which string) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		t, err := parseUpload(w, r, errClienteID)
		if err != nil {
			return err
		}
		// A logo is shown small (card size), a background large (full size).
		size := media.Full
		if which == menu.Logo {
			size = media.Card
		}
		st, err := s.Media.SaveFor(r, s.DB, t, "file", size, media.KindImage, media.KindGIF)
		if err != nil {
			return err
		}
		if err := s.Menu.SetSettingsImage(r.Context(), t, which, st.URL); err != nil {
			return err
		}
		return ok(w, map[string]string{"url": st.URL})
	}
}

// createPopup stores a new popup (multipart name, file, cliente_id).
func (s *Server) createPopup(w http.ResponseWriter, r *http.Request) error {
	t, err := parseUpload(w, r, errPopupClienteID)
	if err != nil {
		return err
	}
	name, err := menu.PopupName(r.FormValue("name"))
	if err != nil {
		return err
	}
	nameEN, err := menu.PopupNameEN(r.FormValue("name_en"))
	if err != nil {
		return err
	}
	if _, _, err := r.FormFile("file"); err != nil {
		return menu.ErrPopupFields
	}
	st, err := s.Media.SaveFor(r, s.DB, t, "file", media.Full, media.KindImage, media.KindGIF, media.KindVideo)
	if err != nil {
		return err
	}
	p, err := s.Menu.CreatePopup(r.Context(), t, name, nameEN, st)
	if err != nil {
		return err
	}
	respond.JSON(w, http.StatusCreated, p)
	return nil
}

// deletePopup removes a popup of a restaurant the caller may act on.
func (s *Server) deletePopup(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", menu.ErrPopupNotFound)
	if err != nil {
		return err
	}
	t, err := objectTenant(r, "")
	if err != nil {
		return err
	}
	if err := s.Menu.DeletePopup(r.Context(), t, id); err != nil {
		return err
	}
	respond.NoContent(w)
	return nil
}

// visibleDetail is the audit log's word for a visibility change.
func visibleDetail(visible bool) string {
	if visible {
		return "Visible en el menú"
	}
	return "Oculto del menú"
}

// auditProducts records an action on products of restaurant t, named
// (the first few, then how many more).
func (s *Server) auditProducts(r *http.Request, t tenant.ID, accion string, ids []int64, detalle string) error {
	names, err := s.Menu.ProductNames(r.Context(), t, ids)
	if err != nil {
		return err
	}
	objeto := strings.Join(names, ", ")
	if len(names) > 5 {
		objeto = fmt.Sprintf("%s y %d más", strings.Join(names[:5], ", "), len(names)-5)
	}
	if len(ids) > 1 {
		detalle = fmt.Sprintf("%s (%d productos)", detalle, len(names))
	}
	return s.audit(r.Context(), s.DB, r, t, accion, objeto, detalle)
}

// syncDetail is the audit log's summary of a POS sync's result.
func syncDetail(r menu.SyncResult) string {
	return fmt.Sprintf("Categorías: %d; productos: %d (nuevos %d, actualizados %d, eliminados %d)",
		r.Categorias, r.Productos, r.Creados, r.Actualizados, r.Eliminados)
}

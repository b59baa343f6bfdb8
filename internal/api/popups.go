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

var (
	errPopupClienteID = apperr.E(apperr.Invalid, "Error: cliente_id no definido.", "Error: cliente_id is not defined.")
	errPopupFields    = apperr.E(apperr.Invalid, "El nombre y el archivo del popup son obligatorios.", "The popup's name and file are required.")
	errPopupNotFound  = apperr.E(apperr.NotFound, "Popup no encontrado.", "Popup not found.")
)

// createPopup stores a new popup (multipart name, file, cliente_id).
func (s *Server) createPopup(w http.ResponseWriter, r *http.Request) {
	id, err := parseUpload(w, r, errPopupClienteID)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	name := strings.TrimSpace(r.FormValue("name"))
	if name == "" || len(name) > 120 {
		respond.Error(w, r, errPopupFields)
		return
	}
	if _, _, err := r.FormFile("file"); err != nil {
		respond.Error(w, r, errPopupFields)
		return
	}
	st, err := s.Media.SaveMultipart(r, "file", media.KindImage, media.KindGIF, media.KindVideo)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if st.CardURL != st.URL {
		_ = s.Media.Delete(r.Context(), st.CardURL)
	}
	p := store.Popup{ClienteID: id, Name: name, FileURL: st.URL, FileType: st.ContentType}
	p.ID, err = store.CreatePopup(r.Context(), s.DB, p)
	if err != nil {
		_ = s.Media.Delete(r.Context(), st.URL)
		respond.Error(w, r, err)
		return
	}
	if p, err = store.GetPopup(r.Context(), s.DB, p.ID); err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusCreated, p)
}

// deletePopup removes a popup of a restaurant the caller may act on.
func (s *Server) deletePopup(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		respond.Error(w, r, errPopupNotFound)
		return
	}
	p, err := store.GetPopup(r.Context(), s.DB, id)
	if errors.Is(err, store.ErrNotFound) {
		err = errPopupNotFound
	}
	if err == nil {
		err = auth.FromContext(r.Context()).CanActOn(p.ClienteID)
	}
	if err == nil {
		err = store.DeletePopup(r.Context(), s.DB, p.ClienteID, p.ID)
	}
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	_ = s.Media.Delete(r.Context(), p.FileURL)
	respond.NoContent(w)
}

package api

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/media"
	"carta/internal/respond"
	"carta/internal/store"
)

// FontFamilies are the families the settings offer (spec section 9).
var FontFamilies = []string{"Arial", "Verdana", "Tahoma", "Georgia", "Times New Roman", "Courier New"}

var (
	hexColor = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)
	pxSize   = regexp.MustCompile(`^([0-9]{1,3})(?:px)?$`)
	currency = regexp.MustCompile(`^[A-Z]{3}$`)
)

type settingsInput struct {
	ClienteID           json64 `json:"cliente_id"`
	CardColor           string `json:"cardColor"`
	TextColor           string `json:"textColor"`
	CardBorderRadius    string `json:"cardBorderRadius"`
	FontSize            string `json:"fontSize"`
	FontFamily          string `json:"fontFamily"`
	NombreRestaurante   string `json:"nombre_restaurante"`
	TelefonoContacto    string `json:"telefono_contacto"`
	UbicacionGoogleMaps string `json:"ubicacion_google_maps"`
	Moneda              string `json:"moneda"`
}

func invalid(es, en string) error { return apperr.E(apperr.Invalid, es, en) }

// px normalises a pixel size ("12" or "12px") within [min, max].
func px(v string, min, max int) (string, bool) {
	m := pxSize.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		return "", false
	}
	n, _ := strconv.Atoi(m[1])
	if n < min || n > max {
		return "", false
	}
	return strconv.Itoa(n) + "px", true
}

// apply validates in and copies it onto s.
func (in settingsInput) apply(s *store.Settings) error {
	if !hexColor.MatchString(in.CardColor) || !hexColor.MatchString(in.TextColor) {
		return invalid("Los colores deben tener el formato #RRGGBB.", "Colours must look like #RRGGBB.")
	}
	radius, ok := px(in.CardBorderRadius, 0, 50)
	if !ok {
		return invalid("El radio del borde debe estar entre 0 y 50 px.", "The border radius must be between 0 and 50 px.")
	}
	size, ok := px(in.FontSize, 10, 32)
	if !ok {
		return invalid("El tamaño de letra debe estar entre 10 y 32 px.", "The font size must be between 10 and 32 px.")
	}
	if !slices.Contains(FontFamilies, in.FontFamily) {
		return invalid("Tipo de letra no válido.", "Invalid font family.")
	}
	name, phone, maps := strings.TrimSpace(in.NombreRestaurante), strings.TrimSpace(in.TelefonoContacto), strings.TrimSpace(in.UbicacionGoogleMaps)
	if len(name) > 120 || len(phone) > 40 || len(maps) > 500 {
		return invalid("Un campo es demasiado largo.", "A field is too long.")
	}
	if maps != "" {
		u, err := url.Parse(maps)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return invalid("La ubicación debe ser un enlace de Google Maps (https://...).", "The location must be a Google Maps link (https://...).")
		}
	}
	moneda := strings.ToUpper(strings.TrimSpace(in.Moneda))
	if moneda == "" {
		moneda = s.Moneda
	}
	if !currency.MatchString(moneda) {
		return invalid("La moneda debe ser un código ISO de tres letras (USD, MXN, EUR).", "The currency must be a three-letter ISO code (USD, MXN, EUR).")
	}
	s.CardColor, s.TextColor, s.CardBorderRadius, s.FontSize, s.FontFamily = in.CardColor, in.TextColor, radius, size, in.FontFamily
	s.NombreRestaurante, s.TelefonoContacto, s.UbicacionGoogleMaps, s.Moneda = name, phone, maps, moneda
	return nil
}

// saveSettings stores a restaurant's look and feel (owner or super admin).
func (s *Server) saveSettings(w http.ResponseWriter, r *http.Request) {
	var in settingsInput
	if err := respond.Decode(w, r, &in); err != nil {
		respond.Error(w, r, err)
		return
	}
	id, err := tenant(r, in.ClienteID.String())
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	var out store.Settings
	err = s.DB.InTx(r.Context(), func(tx *store.Tx) error {
		cur, err := store.GetSettings(r.Context(), tx, id)
		if err != nil {
			return err
		}
		if err := in.apply(&cur); err != nil {
			return err
		}
		out = cur
		return store.SaveSettings(r.Context(), tx, cur)
	})
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, out)
}

// maxUpload bounds a multipart request: the largest media limit plus room
// for the other fields.
const maxUpload = 26 << 20

// parseUpload bounds and parses a multipart body and checks the caller may
// act on its cliente_id (form field, or query parameter).
func parseUpload(w http.ResponseWriter, r *http.Request, missing error) (int64, error) {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload)
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		if strings.Contains(err.Error(), "too large") {
			return 0, apperr.E(apperr.Invalid, "El archivo es demasiado grande.", "The file is too large.")
		}
		return 0, invalid("Se esperaba un formulario multipart con un archivo.", "A multipart form with a file was expected.")
	}
	raw := r.FormValue("cliente_id")
	if raw == "" {
		raw = r.URL.Query().Get("cliente_id")
	}
	if strings.TrimSpace(raw) == "" {
		return 0, missing
	}
	return tenant(r, raw)
}

// uploadSettingsImage stores a new logo or background image.
func (s *Server) uploadSettingsImage(field string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := parseUpload(w, r, errClienteID)
		if err != nil {
			respond.Error(w, r, err)
			return
		}
		st, err := s.Media.SaveMultipart(r, "file", media.KindImage, media.KindGIF)
		if err != nil {
			respond.Error(w, r, err)
			return
		}
		// A logo is shown small (card size), a background large (full size);
		// the other variant is not kept.
		url, unused := st.URL, st.CardURL
		if field == "logo" {
			url, unused = st.CardURL, st.URL
		}
		if unused != url {
			_ = s.Media.Delete(r.Context(), unused)
		}
		var old string
		err = s.DB.InTx(r.Context(), func(tx *store.Tx) error {
			cur, err := store.GetSettings(r.Context(), tx, id)
			if err != nil {
				return err
			}
			if field == "logo" {
				old, cur.Logo = cur.Logo, url
			} else {
				old, cur.BackgroundImage = cur.BackgroundImage, url
			}
			return store.SaveSettings(r.Context(), tx, cur)
		})
		if err != nil {
			_ = s.Media.Delete(r.Context(), url)
			respond.Error(w, r, err)
			return
		}
		_ = s.Media.Delete(r.Context(), old)
		respond.JSON(w, http.StatusOK, map[string]string{"url": url})
	}
}

package menu

import (
	"cmp"

	"carta/internal/locale"
)

// The menu's types. JSON names follow the spec.

// Settings is a restaurant's look and feel and contact data.
type Settings struct {
	ClienteID           int64  `json:"cliente_id"`
	Logo                string `json:"logo"`
	BackgroundImage     string `json:"backgroundImage"`
	CardColor           string `json:"cardColor"`
	TextColor           string `json:"textColor"`
	CardBorderRadius    string `json:"cardBorderRadius"`
	FontSize            string `json:"fontSize"`
	FontFamily          string `json:"fontFamily"`
	NombreRestaurante   string `json:"nombre_restaurante"`
	TelefonoContacto    string `json:"telefono_contacto"`
	UbicacionGoogleMaps string `json:"ubicacion_google_maps"`
	Moneda              string `json:"moneda"`
	// Direccion is the restaurant's street address (where diners pick up
	// their orders), shown with a directions link.
	Direccion string `json:"direccion"`
	// Read-only here, from the restaurant's country (internal/locale; the
	// super admin sets it): its code, its Spanish locale, the Intl locale
	// of each UI language, and the restaurant's time zone (its ordering
	// settings', else the country's). Saving the settings ignores them.
	Pais        string  `json:"pais"`
	Locale      string  `json:"locale"`
	Locales     Locales `json:"locales"`
	ZonaHoraria string  `json:"zona_horaria"`
	// ImpuestosIncluidos (read-only) is the tax mode the menu's prices are
	// in: they include the tax (a VAT merchant: the menu says "IVA
	// incluido"), else the tax is added at checkout. It is the POS
	// merchant's, as the last catalogue sync read it (which moves the
	// menu version when it changes), not the country's default.
	ImpuestosIncluidos bool `json:"impuestos_incluidos"`
}

// DefaultLogo is the logo of a restaurant that has not uploaded one.
const DefaultLogo = "static/images/default-logo.png"

// DefaultSettings are the spec's defaults.
func DefaultSettings(clienteID int64) Settings {
	return Settings{ClienteID: clienteID, Logo: DefaultLogo, CardColor: "#f0f0f0", TextColor: "#000000",
		CardBorderRadius: "8px", FontSize: "16px", FontFamily: "Arial", Moneda: "USD"}.withCountry("", "")
}

// Locales is the Intl locale of each UI language ('es-ES', 'en-ES').
type Locales struct {
	ES string `json:"es"`
	EN string `json:"en"`
}

// withCountry fills the country's read-only fields.
func (s Settings) withCountry(pais, zona string) Settings {
	c := locale.Of(pais)
	s.Pais, s.Locale, s.Locales, s.ZonaHoraria = c.Pais, c.Locale("es"), Locales{c.Locale("es"), c.Locale("en")}, cmp.Or(zona, c.ZonaHoraria)
	return s
}

// Translations maps language → field → text.
type Translations map[string]map[string]string

// localize returns the translation of campo in idioma, or def.
func (t Translations) localize(idioma, campo, def string) string {
	if v := t[idioma][campo]; v != "" {
		return v
	}
	return def
}

func orEmpty(t Translations) Translations {
	if t == nil {
		return Translations{}
	}
	return t
}

// Categoria is a main category of the menu.
type Categoria struct {
	ID           int64        `json:"id"`
	Name         string       `json:"name"`
	ImagePath    string       `json:"image_path"`
	ClienteID    int64        `json:"cliente_id"`
	Translations Translations `json:"translations"`
}

// Subcategoria is a POS category shown inside a main category.
type Subcategoria struct {
	ID               int64        `json:"id"`
	CloverCategoryID string       `json:"clover_category_id"`
	Name             string       `json:"name"`
	Position         *int64       `json:"position"`
	Translations     Translations `json:"translations"`
}

// Producto is a menu item; Price is in cents.
type Producto struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Price       int64  `json:"price"`
	ImagePath   string `json:"image_path"`
	Visible     bool   `json:"visible"`
	// Agotado: it cannot be ordered now (unavailable in the POS or sold
	// out today); AgotadoHoy: the owner marked it sold out for today.
	Agotado      bool         `json:"agotado"`
	AgotadoHoy   bool         `json:"agotado_hoy"`
	Translations Translations `json:"translations"`
	// Alergenos and Etiquetas: the owner's allergen and dietary tag codes
	// (dietary.go), in canonical order.
	Alergenos []string `json:"alergenos"`
	Etiquetas []string `json:"etiquetas"`
	// Categorias: the product's POS category ids, only in the owner's list
	// (the products page groups by them).
	Categorias []string `json:"categorias,omitempty"`
}

// Popup is a promotional popup (image, GIF or video).
type Popup struct {
	ID        int64  `json:"id"`
	ClienteID int64  `json:"cliente_id"`
	Name      string `json:"name"`
	// NameEN is the owner's optional English name; a diner reading in
	// English gets it as Name.
	NameEN    string `json:"name_en"`
	FileURL   string `json:"file_url"`
	FileType  string `json:"file_type"`
	CreatedAt int64  `json:"created_at"`
}

// PosCategoria is a POS category as the subcategory picker lists it.
type PosCategoria struct {
	CloverCategoryID   string `json:"clover_category_id"`
	SubcategoriaNombre string `json:"subcategoria_nombre"`
	Position           int    `json:"position"`
}

// ProductoInput is a product as imported from the point of sale.
type ProductoInput struct {
	CloverItemID string
	Name         string
	Description  string
	Price        int64
	ImagePath    string
	Visible      bool
	Categories   []string // POS category ids
}

// State is what the public menu needs to know about a restaurant before
// serving it: the version of its menu (bumped by every change diners see)
// and its state (a suspended restaurant's menu is not available).
type State struct {
	Version int64
	Estado  string
}

// SyncResult counts what a POS sync changed.
type SyncResult struct {
	Categorias   int `json:"categorias"`
	Productos    int `json:"productos"`
	Creados      int `json:"creados"`
	Actualizados int `json:"actualizados"`
	Eliminados   int `json:"eliminados"`
}

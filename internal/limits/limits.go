// Package limits is the one table of maximum lengths for the free text
// users send: every text field of every write route is checked against its
// entry here, on create and update alike, so a field cannot be limited on
// one route and unbounded on another. docs/api.md lists the same table (a
// test keeps the two equal).
package limits

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"carta/internal/apperr"
)

// Field is a free-text field with its maximum length in characters (runes,
// after trimming spaces) and its name in both languages for the message.
type Field struct {
	Key    string // stable name, as in docs/api.md
	Max    int
	ES, EN string
	Fem    bool // ES is feminine: "demasiado larga"
}

// The fields. Names and descriptions shown on the menu are bounded so a
// card stays readable; identifiers by what their providers issue.
var (
	Email        = Field{"email", 254, "El correo electrónico", "The e-mail address", false} // RFC 5321 path limit
	Password     = Field{"password", 200, "La contraseña", "The password", true}
	PersonName   = Field{"persona.nombre", 100, "El nombre", "The name", false}
	Phone        = Field{"telefono", 30, "El teléfono", "The phone number", false}
	CategoryName = Field{"categoria.name", 80, "El nombre de la categoría", "The category name", false}
	ProductName  = Field{"producto.name", 120, "El nombre del producto", "The product name", false}
	// POSName is the owner's translation of a modifier group's, a modifier's or a tax's name.
	POSName      = Field{"modificador/impuesto.name", 120, "El nombre", "The name", false}
	Description  = Field{"descripcion", 1000, "La descripción", "The description", true}
	ImageURL     = Field{"image_path", 500, "El enlace de la imagen", "The image link", false}
	Restaurant   = Field{"nombre_restaurante", 120, "El nombre del restaurante", "The restaurant name", false}
	ContactPhone = Field{"telefono_contacto", 40, "El teléfono de contacto", "The contact phone", false}
	MapsURL      = Field{"ubicacion_google_maps", 500, "La ubicación", "The location", true}
	Address      = Field{"direccion", 200, "La dirección", "The address", true}
	PopupName    = Field{"popup.name", 120, "El nombre del popup", "The popup name", false}
	OfferTitle   = Field{"cupon.titulo", 120, "El título", "The title", false}
	OfferCode    = Field{"cupon.codigo", 40, "El código", "The code", false}
	VoucherCode  = Field{"voucher.codigo", 40, "El código del cupón", "The voucher code", false}
	MerchantID   = Field{"merchant_id", 64, "El Merchant ID", "The Merchant ID", false}
	CardToken    = Field{"tarjeta.token", 255, "El token de la tarjeta", "The card token", false}
	OrderNote    = Field{"pedido.nota", 300, "La nota del pedido", "The order note", true}
	CancelReason = Field{"pedido.motivo", 200, "El motivo", "The reason", false}
	TableName    = Field{"mesa.nombre", 40, "El nombre de la mesa", "The table's name", false}
	WineName     = Field{"vino.nombre", 120, "El nombre del vino", "The wine's name", false}
	WineText     = Field{"vino.bodega/region/pais/variedad_uva", 120, "El texto", "The text", false}
	Pairing      = Field{"vino.maridaje", 300, "El maridaje", "The pairing", false}
	// PrivacyText is what the owner adds to the restaurant's privacy notice.
	PrivacyText = Field{"privacidad.texto", 4000, "El texto", "The text", false}
	// A campaign's name, e-mail subject and body, and a WhatsApp template's variable ('Campañas').
	CampaignName     = Field{"campana.nombre", 120, "El nombre de la campaña", "The campaign's name", false}
	CampaignSubject  = Field{"campana.asunto", 200, "El asunto", "The subject", false}
	CampaignBody     = Field{"campana.cuerpo", 5000, "El texto del correo", "The e-mail's text", false}
	CampaignVariable = Field{"campana.variables", 200, "La variable", "The variable", true}
	// Search is the text of a staff list's search box (the restaurant's diners).
	Search = Field{"busqueda", 100, "La búsqueda", "The search", true}
)

// All is the table, in the order docs/api.md lists it.
var All = []Field{Email, Password, PersonName, Phone, CategoryName, ProductName, POSName, Description, ImageURL,
	Restaurant, ContactPhone, MapsURL, Address, PopupName, OfferTitle, OfferCode, VoucherCode, MerchantID, CardToken,
	OrderNote, CancelReason, TableName, WineName, WineText, Pairing, PrivacyText, CampaignName, CampaignSubject,
	CampaignBody, CampaignVariable, Search}

// Check trims s and refuses it when it is longer than the field's maximum.
// Emptiness is the caller's rule (required fields have their own message).
func (f Field) Check(s string) (string, error) {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > f.Max {
		n, adj := strconv.Itoa(f.Max), "largo"
		if f.Fem {
			adj = "larga"
		}
		return s, apperr.E(apperr.Invalid,
			f.ES+" es demasiado "+adj+" (máximo "+n+" caracteres).",
			f.EN+" is too long ("+n+" characters at most).")
	}
	return s, nil
}

// ErrControl is the answer to text with control characters: no field needs
// them (tabs and line breaks excepted), and some databases refuse them.
var ErrControl = apperr.E(apperr.Invalid, "El texto contiene caracteres no permitidos.", "The text contains characters that are not allowed.")

// HasControl reports whether s holds a control character other than tab,
// line feed or carriage return (NUL included), or DEL.
func HasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f {
			return true
		}
	}
	return false
}

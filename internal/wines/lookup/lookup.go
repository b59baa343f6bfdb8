// Package lookup answers the admin's wine search (POST /buscar-vino): from a name, a vintage and a
// grape as typed it returns what can be said about the wine (region, country, style, grapes,
// classic pairings). Two adapters implement the port: Builtin, an offline reference of grapes,
// regions, producers and pairings shipped in the binary (the default), and OpenAI, any
// OpenAI-compatible chat-completions API, which falls back to another Lookup when it fails.
package lookup

import (
	"context"

	"carta/internal/apperr"
)

// Query is what the admin typed. Anio is the vintage as typed and may be empty; an empty Nombre is
// rejected by the caller before a Lookup is asked.
type Query struct{ Nombre, Anio, Uva string }

// Result is what a lookup knows about a wine. Unknown region and grapes are the spec's
// 'Desconocida', an unknown type 'Desconocido'; Inferidos names (by their JSON names) the fields
// the lookup filled in that the admin did not type, so the UI can mark them for review.
type Result struct {
	Nombre      string   `json:"nombre"`
	Bodega      string   `json:"bodega"`      // producer, "" when unknown
	Anio        string   `json:"anio"`        // vintage or ""
	Region      string   `json:"region"`      // "Desconocida" when unknown
	Pais        string   `json:"pais"`        // "" when unknown
	Tipo        string   `json:"tipo"`        // tinto, blanco, rosado, espumoso, generoso, dulce, or "Desconocido"
	Uvas        []string `json:"uvas"`        // grape varieties; ["Desconocida"] when unknown
	Maridaje    []string `json:"maridaje"`    // classic pairings in Spanish (e.g. "carnes rojas", "quesos curados")
	Descripcion string   `json:"descripcion"` // a short Spanish description, may be ""
	Inferidos   []string `json:"inferidos"`   // JSON names of the fields the lookup inferred (not typed by the user)
	Fuente      string   `json:"fuente"`      // "builtin" or "openai"
	// Cobrada reports that a paid endpoint answered this search (and may
	// have charged for it), also when another source gave the answer or
	// none was found; it is set alongside an error too.
	Cobrada bool `json:"-"`
}

// Lookup finds what is known about a wine. It returns ErrNotFound when nothing is recognised and
// ErrLookup (possibly wrapped) when the source failed.
type Lookup interface {
	Find(ctx context.Context, q Query) (Result, error)
}

// Errors a Lookup returns; test them with errors.Is. Their Spanish texts are the spec's.
var (
	ErrNotFound = apperr.E(apperr.NotFound, "No se encontraron resultados para el vino.", "No results were found for the wine.")
	ErrLookup   = apperr.E(apperr.Unavailable, "Error al buscar información del vino.", "Error looking up the wine.")
)

// The spec's constants for an unknown region or grape and an unknown type.
const (
	Desconocida = "Desconocida"
	Desconocido = "Desconocido"
)

// The wine types a Result may carry besides Desconocido.
const (
	tinto    = "tinto"
	blanco   = "blanco"
	rosado   = "rosado"
	espumoso = "espumoso"
	generoso = "generoso"
	dulce    = "dulce"
)

// The sources a Result names (Fuente): the built-in reference, free and
// offline, or the OpenAI-compatible endpoint, paid by the call.
const (
	FuenteBuiltin = "builtin"
	FuenteOpenAI  = "openai"
)

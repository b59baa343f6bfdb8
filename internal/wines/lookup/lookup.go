// Package lookup finds a wine's details from its name, vintage and grape.
package lookup

import (
	"context"

	"carta/internal/apperr"
)

// Query is what the owner typed.
type Query struct{ Nombre, Anio, Uva string }

// Result is what a lookup found.
type Result struct {
	Nombre      string   `json:"nombre"`
	Bodega      string   `json:"bodega"`
	Anio        string   `json:"anio"`
	Region      string   `json:"region"`
	Pais        string   `json:"pais"`
	Tipo        string   `json:"tipo"`
	Uvas        []string `json:"uvas"`
	Maridaje    []string `json:"maridaje"`
	Descripcion string   `json:"descripcion"`
	Inferidos   []string `json:"inferidos"`
	Fuente      string   `json:"fuente"`
}

// Lookup finds a wine's details.
type Lookup interface {
	Find(ctx context.Context, q Query) (Result, error)
}

// Errors of a lookup.
var (
	ErrNotFound = apperr.E(apperr.NotFound, "No se encontraron resultados para el vino.", "No results were found for the wine.")
	ErrLookup   = apperr.E(apperr.Unavailable, "Error al buscar información del vino.", "Error looking up the wine.")
)

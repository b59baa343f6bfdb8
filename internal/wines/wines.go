// Package wines is a restaurant's wine cellar (its cava): the wines the
// owner keeps, their labels, the lookup that fills a wine's details from
// its name, and the public list diners filter.
package wines

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/limits"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/store"
	"carta/internal/tenant"
	"carta/internal/wines/lookup"
)

// Vino is a wine of a restaurant's cellar. Prices in cents; Anio nil is a
// wine without vintage ("sin añada"); Maridaje is the spec's
// comma-and-space list; Disponible is 1 (shown) or 0 (hidden).
type Vino struct {
	ID            int64   `json:"id"`
	ClienteID     int64   `json:"cliente_id"`
	Nombre        string  `json:"nombre"`
	Bodega        string  `json:"bodega"`
	Anio          *int    `json:"anio"`
	Region        string  `json:"region"`
	Pais          string  `json:"pais"`
	VariedadUva   string  `json:"variedad_uva"`
	Tipo          string  `json:"tipo"`
	Graduacion    float64 `json:"graduacion"`
	Descripcion   string  `json:"descripcion"`
	DescripcionEN string  `json:"descripcion_en"`
	Maridaje      string  `json:"maridaje"`
	EtiquetaURL   string  `json:"etiqueta_url"`
	Precio        int64   `json:"precio"`
	PrecioCopa    *int64  `json:"precio_copa"`
	Disponible    int     `json:"disponible"`
	UpdatedAt     int64   `json:"updated_at"`
}

// Tipos are the wine types; Desconocido is the spec's unknown type.
var Tipos = []string{"tinto", "blanco", "rosado", "espumoso", "generoso", "dulce", TipoDesconocido}

// The spec's constants of the wine catalogue.
const (
	TipoDesconocido   = "Desconocido"
	Desconocida       = "Desconocida" // unknown region or grape
	DefaultPrecio     = 4550          // a new wine without a price: 45.50
	MaxPrecio         = 100_000_000   // cents
	MaxWinesPerCellar = 2000
)

// Messages of the wine screens.
var (
	ErrRequired   = apperr.E(apperr.Invalid, "Por favor, completa todos los campos obligatorios.", "Please fill in all the required fields.")
	ErrNotFound   = apperr.E(apperr.NotFound, "Vino no encontrado.", "Wine not found.")
	ErrTipo       = apperr.E(apperr.Invalid, "Tipo de vino no válido.", "Invalid wine type.")
	ErrAnio       = apperr.E(apperr.Invalid, "La añada no es válida.", "The vintage is not valid.")
	ErrGraduacion = apperr.E(apperr.Invalid, "La graduación debe estar entre 0 y 30 %.", "The alcohol content must be between 0 and 30%.")
	ErrPrecio     = apperr.E(apperr.Invalid, "El precio no es válido.", "The price is not valid.")
	ErrDisponible = apperr.E(apperr.Invalid, "disponible debe ser 0 o 1.", "disponible must be 0 or 1.")
	ErrFull       = apperr.E(apperr.Conflict, "La cava ya tiene el máximo de vinos.", "The cellar already holds the maximum number of wines.")
	ErrSearchName = apperr.E(apperr.Invalid, "Por favor, introduce el nombre del vino para buscar información.", "Please enter the wine's name to look it up.")
)

// Service is the wine cellar.
type Service struct {
	DB     *store.DB
	Media  *media.Pipeline
	Lookup lookup.Lookup
	// Paid bounds the lookups that reach a paid endpoint; nil when Lookup
	// is the built-in reference alone.
	Paid *PaidLookups
	// Changed is told which restaurant's public data changed (the public
	// caches of this replica).
	Changed func(clienteID int64)
}

// write runs fn in a transaction that also bumps the restaurant's public
// version (the cava is read through the menu's cache and ETags).
func (s *Service) write(ctx context.Context, t tenant.ID, fn func(ctx context.Context, tx *store.Tx) error) error {
	err := s.DB.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		if err := fn(ctx, tx); err != nil {
			return err
		}
		return menu.BumpVersion(ctx, tx, t)
	})
	if err == nil && s.Changed != nil {
		s.Changed(t.Int64())
	}
	return err
}

// Public lists the restaurant's available wines (diners).
func (s *Service) Public(ctx context.Context, t tenant.Public) ([]Vino, error) {
	return list(ctx, s.DB, t.Int64(), true)
}

// All lists every wine of the restaurant, hidden ones too (staff).
func (s *Service) All(ctx context.Context, t tenant.ID) ([]Vino, error) {
	return list(ctx, s.DB, t.Int64(), false)
}

// Cavas lists the restaurants with wines to show. A public list that may
// lag by the replication delay: it reads from the read replica when there
// is one (store.ReadReplica). Public (each restaurant's cava) reads there
// through the menu cache, which checks the replica's menu version first.
func (s *Service) Cavas(ctx context.Context) ([]Cava, error) {
	return cavas(store.ReadReplica(ctx), s.DB)
}

// Input is a wine as the owner sends it; nil fields are absent.
type Input struct {
	Nombre        *string  `json:"nombre"`
	Bodega        *string  `json:"bodega"`
	Anio          *int     `json:"anio"`
	Region        *string  `json:"region"`
	Pais          *string  `json:"pais"`
	VariedadUva   *string  `json:"variedad_uva"`
	Tipo          *string  `json:"tipo"`
	Graduacion    *float64 `json:"graduacion"`
	Descripcion   *string  `json:"descripcion"`
	DescripcionEN *string  `json:"descripcion_en"`
	Maridaje      *string  `json:"maridaje"`
	EtiquetaURL   *string  `json:"etiqueta_url"`
	Precio        *int64   `json:"precio"`
	PrecioCopa    *int64   `json:"precio_copa"`
	Disponible    *int     `json:"disponible"`
}

// onlyDisponible reports whether the input changes only the visibility.
func (in Input) onlyDisponible() bool {
	return in.Disponible != nil && in.Nombre == nil && in.Bodega == nil && in.Anio == nil && in.Region == nil && in.Pais == nil &&
		in.VariedadUva == nil && in.Tipo == nil && in.Graduacion == nil && in.Descripcion == nil && in.DescripcionEN == nil &&
		in.Maridaje == nil && in.EtiquetaURL == nil && in.Precio == nil && in.PrecioCopa == nil
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return strings.TrimSpace(*p)
}

// vino checks the input and returns the wine it describes; requirePrice
// is the edit form's rule (a new wine without a price gets DefaultPrecio).
func (in Input) vino(now time.Time, requirePrice bool) (Vino, error) {
	v := Vino{Nombre: str(in.Nombre), Bodega: str(in.Bodega), Region: str(in.Region), Pais: str(in.Pais),
		VariedadUva: normalizeList(str(in.VariedadUva)), Tipo: str(in.Tipo), Descripcion: str(in.Descripcion),
		DescripcionEN: str(in.DescripcionEN), Maridaje: normalizeList(str(in.Maridaje)), EtiquetaURL: str(in.EtiquetaURL), Disponible: 1}
	if v.Nombre == "" || (requirePrice && in.Precio == nil) {
		return v, ErrRequired
	}
	checks := []struct {
		f limits.Field
		v string
	}{{limits.WineName, v.Nombre}, {limits.WineText, v.Bodega}, {limits.WineText, v.Region}, {limits.WineText, v.Pais},
		{limits.WineText, v.VariedadUva}, {limits.Description, v.Descripcion}, {limits.Description, v.DescripcionEN},
		{limits.Pairing, v.Maridaje}, {limits.ImageURL, v.EtiquetaURL}}
	for _, c := range checks {
		if _, err := c.f.Check(c.v); err != nil {
			return v, err
		}
	}
	if v.Tipo == "" {
		v.Tipo = TipoDesconocido
	}
	if tipo, ok := canonicalTipo(v.Tipo); ok {
		v.Tipo = tipo
	} else {
		return v, ErrTipo
	}
	if in.Anio != nil {
		if *in.Anio < 1800 || *in.Anio > now.Year()+1 {
			return v, ErrAnio
		}
		v.Anio = in.Anio
	}
	if in.Graduacion != nil {
		if *in.Graduacion < 0 || *in.Graduacion > 30 {
			return v, ErrGraduacion
		}
		v.Graduacion = float64(int64(*in.Graduacion*10+0.5)) / 10
	}
	v.Precio = DefaultPrecio
	if in.Precio != nil {
		v.Precio = *in.Precio
	}
	if v.Precio < 0 || v.Precio > MaxPrecio {
		return v, ErrPrecio
	}
	if in.PrecioCopa != nil {
		if *in.PrecioCopa < 0 || *in.PrecioCopa > MaxPrecio {
			return v, ErrPrecio
		}
		v.PrecioCopa = in.PrecioCopa
	}
	if in.Disponible != nil {
		if *in.Disponible != 0 && *in.Disponible != 1 {
			return v, ErrDisponible
		}
		v.Disponible = *in.Disponible
	}
	return v, nil
}

func canonicalTipo(s string) (string, bool) {
	for _, t := range Tipos {
		if strings.EqualFold(s, t) {
			return t, true
		}
	}
	return "", false
}

// normalizeList writes a list the spec's way: items separated by a comma
// and a space, empty items dropped.
func normalizeList(s string) string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, ", ")
}

// Create adds a wine to the restaurant's cellar.
func (s *Service) Create(ctx context.Context, t tenant.ID, in Input) (Vino, error) {
	v, err := in.vino(s.DB.Now(), false)
	if err != nil {
		return v, err
	}
	var out Vino
	err = s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM vinos WHERE cliente_id = ?`, t.Int64()).Scan(&n); err != nil {
			return err
		}
		if n >= MaxWinesPerCellar {
			return ErrFull
		}
		if err := s.Media.Use(ctx, tx, t, v.EtiquetaURL); err != nil {
			return err
		}
		id, err := insert(ctx, tx, t, v)
		if err != nil {
			return err
		}
		out, err = get(ctx, tx, t, id)
		return err
	})
	return out, err
}

// Update replaces a wine (the edit form: nombre and precio required), or
// only shows or hides it when disponible is all the input says.
func (s *Service) Update(ctx context.Context, t tenant.ID, id int64, in Input) (Vino, error) {
	var out Vino
	if in.onlyDisponible() {
		if *in.Disponible != 0 && *in.Disponible != 1 {
			return out, ErrDisponible
		}
		err := s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
			if err := setColumn(ctx, tx, t, id, "disponible", *in.Disponible); err != nil {
				return found(err)
			}
			var err error
			out, err = get(ctx, tx, t, id)
			return err
		})
		return out, err
	}
	v, err := in.vino(s.DB.Now(), true)
	if err != nil {
		return v, err
	}
	err = s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		old, err := get(ctx, tx, t, id)
		if err != nil {
			return found(err)
		}
		if in.Disponible == nil {
			v.Disponible = old.Disponible
		}
		if in.EtiquetaURL == nil {
			v.EtiquetaURL = old.EtiquetaURL
		} else if v.EtiquetaURL != old.EtiquetaURL {
			if err := s.Media.Use(ctx, tx, t, v.EtiquetaURL); err != nil {
				return err
			}
		}
		if err := update(ctx, tx, t, id, v); err != nil {
			return found(err)
		}
		out, err = get(ctx, tx, t, id)
		return err
	})
	return out, err
}

// Delete removes a wine (its label file goes with the media sweep).
func (s *Service) Delete(ctx context.Context, t tenant.ID, id int64) error {
	return s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error { return found(remove(ctx, tx, t, id)) })
}

// Exists checks a wine of the restaurant before its label is uploaded.
func (s *Service) Exists(ctx context.Context, t tenant.ID, id int64) error {
	_, err := get(ctx, s.DB, t, id)
	return found(err)
}

// SetLabel stores the wine's uploaded label image.
func (s *Service) SetLabel(ctx context.Context, t tenant.ID, id int64, url string) error {
	return s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		if err := s.Media.Use(ctx, tx, t, url); err != nil {
			return err
		}
		return found(setColumn(ctx, tx, t, id, "etiqueta_url", url))
	})
}

// Search looks a wine up by name (and vintage and grape) for the import
// form; unknown fields come back as the spec's Desconocida/Desconocido.
func (s *Service) Search(ctx context.Context, p *tenant.Principal, q lookup.Query) (lookup.Result, error) {
	q.Nombre = strings.TrimSpace(q.Nombre)
	if q.Nombre == "" {
		return lookup.Result{}, ErrSearchName
	}
	for _, f := range []string{q.Nombre, q.Anio, q.Uva} {
		if _, err := limits.WineName.Check(f); err != nil {
			return lookup.Result{}, err
		}
	}
	if s.Lookup == nil {
		return lookup.Result{}, lookup.ErrLookup
	}
	if s.Paid == nil {
		return s.find(ctx, q)
	}
	done, err := s.Paid.take(ctx, p)
	if err != nil {
		return lookup.Result{}, err
	}
	res, err := s.find(ctx, q)
	done(!res.Cobrada)
	return res, err
}

// find asks the lookup and completes its answer.
func (s *Service) find(ctx context.Context, q lookup.Query) (lookup.Result, error) {
	res, err := s.Lookup.Find(ctx, q)
	if err != nil {
		var ae *apperr.Error
		if errors.As(err, &ae) {
			return res, err
		}
		return res, lookup.ErrLookup
	}
	if res.Region == "" {
		res.Region = Desconocida
	}
	if len(res.Uvas) == 0 {
		res.Uvas = []string{Desconocida}
	}
	if res.Tipo == "" {
		res.Tipo = TipoDesconocido
	}
	if res.Anio == "" && q.Anio != "" {
		if _, err := strconv.Atoi(strings.TrimSpace(q.Anio)); err == nil {
			res.Anio = strings.TrimSpace(q.Anio)
		}
	}
	return res, nil
}

func found(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	}
	return err
}

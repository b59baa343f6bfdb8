package menu

import (
	"context"
	"slices"
	"strings"

	"carta/internal/apperr"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Allergens and dietary tags. The codes are the API's and the database's
// (comma-separated, in the order of these lists); the web app names them in
// both languages and draws their icons.

// Allergens are the 14 of Regulation (EU) 1169/2011, Annex II, in its order.
var Allergens = []string{
	"gluten", "crustaceos", "huevos", "pescado", "cacahuetes", "soja", "leche",
	"frutos_cascara", "apio", "mostaza", "sesamo", "sulfitos", "altramuces", "moluscos",
}

// DietTags are the dietary tags an owner may set.
var DietTags = []string{"vegetariano", "vegano", "sin_gluten", "picante"}

// Errors of the allergen editor.
var (
	ErrUnknownAllergen = apperr.E(apperr.Invalid, "Alérgeno desconocido.", "Unknown allergen.")
	ErrUnknownDietTag  = apperr.E(apperr.Invalid, "Etiqueta dietética desconocida.", "Unknown dietary tag.")
	ErrGlutenFree      = apperr.E(apperr.Invalid, "Un producto con gluten no puede ser «sin gluten».", "A product with gluten cannot be tagged gluten-free.")
	ErrNotVegan        = apperr.E(apperr.Invalid, "Un producto con alérgenos de origen animal no puede ser vegano.", "A product with animal-derived allergens cannot be vegan.")
	ErrNotVegetarian   = apperr.E(apperr.Invalid, "Un producto con pescado, crustáceos o moluscos no puede ser vegetariano.", "A product with fish, crustaceans or molluscs cannot be vegetarian.")
	ErrBulkSelection   = apperr.E(apperr.Invalid, "Selecciona entre 1 y 500 productos.", "Select between 1 and 500 products.")
)

// normalizeCodes checks every code against known and returns them without
// repeats, in known's order (never nil).
func normalizeCodes(codes, known []string, unknown error) ([]string, error) {
	out := []string{}
	for _, k := range known {
		if slices.Contains(codes, k) {
			out = append(out, k)
		}
	}
	for _, c := range codes {
		if !slices.Contains(known, c) {
			return nil, unknown
		}
	}
	return out, nil
}

// CheckDietary validates an allergen and tag selection and returns it in
// canonical order. Contradictions are refused: "sin gluten" with gluten, a
// vegan product with animal allergens, a vegetarian one with fish or
// seafood.
func CheckDietary(alergenos, etiquetas []string) ([]string, []string, error) {
	a, err := normalizeCodes(alergenos, Allergens, ErrUnknownAllergen)
	if err != nil {
		return nil, nil, err
	}
	e, err := normalizeCodes(etiquetas, DietTags, ErrUnknownDietTag)
	if err != nil {
		return nil, nil, err
	}
	has := func(list []string, codes ...string) bool {
		for _, c := range codes {
			if slices.Contains(list, c) {
				return true
			}
		}
		return false
	}
	switch {
	case has(e, "sin_gluten") && has(a, "gluten"):
		return nil, nil, ErrGlutenFree
	case has(e, "vegano") && has(a, "huevos", "leche", "pescado", "crustaceos", "moluscos"):
		return nil, nil, ErrNotVegan
	case has(e, "vegetariano") && has(a, "pescado", "crustaceos", "moluscos"):
		return nil, nil, ErrNotVegetarian
	}
	return a, e, nil
}

// splitCodes reads a stored code list (never nil).
func splitCodes(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// SetDietary sets a product's allergens and dietary tags (the owner's, like
// the description: the POS sync never touches them); it returns them in
// canonical order.
func (s *Service) SetDietary(ctx context.Context, t tenant.ID, id int64, alergenos, etiquetas []string) ([]string, []string, error) {
	a, e, err := CheckDietary(alergenos, etiquetas)
	if err != nil {
		return nil, nil, err
	}
	return a, e, s.product(ctx, t, id, func(ctx context.Context, tx *store.Tx) error { return SetDietary(ctx, tx, t, id, a, e) })
}

// SetDietary stores a product's checked allergens and tags.
func SetDietary(ctx context.Context, q store.Querier, t tenant.ID, id int64, alergenos, etiquetas []string) error {
	_, err := q.Exec(ctx, `UPDATE productos SET alergenos = ?, etiquetas = ? WHERE id = ? AND cliente_id = ?`,
		strings.Join(alergenos, ","), strings.Join(etiquetas, ","), id, t.Int64())
	return err
}

// MaxBulk is how many products one bulk change may name.
const MaxBulk = 500

// SetVisibleMany shows or hides several products at once, in one
// transaction: when one of them is not the restaurant's, nothing changes.
func (s *Service) SetVisibleMany(ctx context.Context, t tenant.ID, ids []int64, visible bool) error {
	uniq := []int64{}
	for _, id := range ids {
		if !slices.Contains(uniq, id) {
			uniq = append(uniq, id)
		}
	}
	if len(uniq) == 0 || len(uniq) > MaxBulk {
		return ErrBulkSelection
	}
	return s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		args := []any{store.BoolInt(visible), t.Int64()}
		for _, id := range uniq {
			args = append(args, id)
		}
		res, err := tx.Exec(ctx, `UPDATE productos SET visible = ? WHERE cliente_id = ? AND id IN (`+store.Placeholders(len(uniq))+`)`, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != int64(len(uniq)) {
			return ErrProductNotFound
		}
		return nil
	})
}

// ProductNames are the names of the restaurant's products ids (in their
// order; an id not the restaurant's is left out): the audit log names
// what a change touched.
func (s *Service) ProductNames(ctx context.Context, t tenant.ID, ids []int64) ([]string, error) {
	if len(ids) == 0 {
		return []string{}, nil
	}
	args := []any{t.Int64()}
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := s.DB.Query(ctx, `SELECT id, name FROM productos WHERE cliente_id = ? AND id IN (`+store.Placeholders(len(ids))+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byID := map[int64]string{}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, err
		}
		byID[id] = name
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := []string{}
	for _, id := range ids {
		if n, ok := byID[id]; ok && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}

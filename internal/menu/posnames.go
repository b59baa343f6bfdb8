package menu

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"carta/internal/apperr"
	"carta/internal/limits"
	"carta/internal/pos"
	"carta/internal/store"
	"carta/internal/tenant"
)

// The names the POS gives modifier groups, modifiers and tax rates
// ('Punto de cocción', 'Poco hecho', 'Sales Tax 8.25%') and the owner's
// translations of them. A restaurant's POS speaks one language, often not
// every name in the same one (a US merchant's Spanish dishes under an
// English 'Sales Tax'), so each name may have a Spanish and an English
// version; the POS's name is the default in both. They live in
// traducciones like products', keyed by the POS's id (a group is shared
// by every product that offers it), and the sync keeps them: it only
// removes those of names gone from the POS.

// The traducciones entities of the POS's names.
const (
	EntidadGrupo       = "modificador_grupo"
	EntidadModificador = "modificador"
	EntidadImpuesto    = "impuesto"
)

// posNameEntities lists them, for the queries.
const posNameEntities = `('` + EntidadGrupo + `', '` + EntidadModificador + `', '` + EntidadImpuesto + `')`

// POSNames gives the POS's names in one language: the owner's translation,
// else the POS's own name.
type POSNames struct {
	tr map[string]map[string]string // entidad → POS id → name
}

func (n POSNames) name(entidad, id, def string) string {
	if v := n.tr[entidad][id]; v != "" {
		return v
	}
	return def
}

// Group is a modifier group's name.
func (n POSNames) Group(g pos.ModifierGroup) string { return n.name(EntidadGrupo, g.ID, g.Name) }

// Modifier is a modifier's name.
func (n POSNames) Modifier(m pos.Modifier) string { return n.name(EntidadModificador, m.ID, m.Name) }

// Tax is a tax rate's name.
func (n POSNames) Tax(r pos.TaxRate) string { return n.name(EntidadImpuesto, r.ID, r.Name) }

// loadPOSNames reads the restaurant's translations of POS names in lang.
func loadPOSNames(ctx context.Context, q store.Querier, t tenant.Scope, lang string) (POSNames, error) {
	rows, err := q.Query(ctx, `SELECT entidad, entidad_id, valor FROM traducciones
		WHERE cliente_id = ? AND entidad IN `+posNameEntities+` AND idioma = ? AND campo = 'name'`, t.Int64(), lang)
	if err != nil {
		return POSNames{}, err
	}
	defer rows.Close()
	n := POSNames{tr: map[string]map[string]string{}}
	for rows.Next() {
		var entidad, id, valor string
		if err := rows.Scan(&entidad, &id, &valor); err != nil {
			return POSNames{}, err
		}
		if n.tr[entidad] == nil {
			n.tr[entidad] = map[string]string{}
		}
		n.tr[entidad][id] = valor
	}
	return n, rows.Err()
}

// NombrePOS is a name the POS gave, with the owner's translations
// ({"es": {"name": …}, "en": {"name": …}}; absent: the POS's name).
type NombrePOS struct {
	ID           string       `json:"id"`
	Name         string       `json:"name"`
	Translations Translations `json:"translations"`
}

// GrupoPOS is a modifier group with its modifiers.
type GrupoPOS struct {
	NombrePOS
	Modificadores []NombrePOS `json:"modificadores"`
}

// ImpuestoPOS is a tax rate (Clover's scale: 10% = 1,000,000).
type ImpuestoPOS struct {
	NombrePOS
	Rate int64 `json:"rate"`
}

// NombresPOS are the restaurant's modifier groups and tax rates as its
// products carry them, groups and taxes by name, modifiers in the POS's
// order.
type NombresPOS struct {
	Grupos    []GrupoPOS    `json:"grupos"`
	Impuestos []ImpuestoPOS `json:"impuestos"`
}

// NombrePOSInput is one translation the owner sets: entidad is
// modificador_grupo, modificador or impuesto, ID the POS's id, Idioma es or
// en; an empty Name removes it (the POS's name again).
type NombrePOSInput struct {
	Entidad string `json:"entidad"`
	ID      string `json:"id"`
	Idioma  string `json:"idioma"`
	Name    string `json:"name"`
}

// MaxPOSNamesPerSave bounds one save (a group with its modifiers in two
// languages is far fewer).
const MaxPOSNamesPerSave = 500

var (
	ErrPOSNameEntity = apperr.E(apperr.Invalid, "Solo se traducen grupos de modificadores, modificadores e impuestos.", "Only modifier groups, modifiers and taxes are translated here.")
	ErrPOSNameGone   = apperr.E(apperr.Invalid, "Uno de los nombres ya no está en el punto de venta. Sincroniza e inténtalo de nuevo.", "One of the names is no longer in the point of sale. Sync and try again.")
	ErrPOSNamesEmpty = apperr.E(apperr.Invalid, "No hay nombres que guardar.", "There are no names to save.")
	ErrPOSNamesMany  = apperr.E(apperr.Invalid, fmt.Sprintf("Se pueden guardar hasta %d nombres a la vez.", MaxPOSNamesPerSave), fmt.Sprintf("Up to %d names can be saved at once.", MaxPOSNamesPerSave))
)

// POSNames lists the restaurant's modifier groups, modifiers and tax rates
// with the owner's translations.
func (s *Service) POSNames(ctx context.Context, t tenant.ID) (NombresPOS, error) {
	return listPOSNames(ctx, s.DB, t)
}

// SetPOSNames stores the owner's translations of POS names, all or none:
// each must name a group, modifier or tax the restaurant's products carry
// now.
func (s *Service) SetPOSNames(ctx context.Context, t tenant.ID, in []NombrePOSInput) (NombresPOS, error) {
	if len(in) == 0 {
		return NombresPOS{}, ErrPOSNamesEmpty
	}
	if len(in) > MaxPOSNamesPerSave {
		return NombresPOS{}, ErrPOSNamesMany
	}
	for i := range in {
		if in[i].Idioma != "es" && in[i].Idioma != "en" {
			return NombresPOS{}, ErrLanguage
		}
		switch in[i].Entidad {
		case EntidadGrupo, EntidadModificador, EntidadImpuesto:
		default:
			return NombresPOS{}, ErrPOSNameEntity
		}
		name, err := limits.POSName.Check(in[i].Name)
		if err != nil {
			return NombresPOS{}, err
		}
		in[i].Name = name
	}
	var out NombresPOS
	err := s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		have, err := listPOSNames(ctx, tx, t)
		if err != nil {
			return err
		}
		known := have.ids()
		for _, n := range in {
			if !known[n.Entidad][n.ID] {
				return ErrPOSNameGone
			}
			if err := SetTranslation(ctx, tx, t, n.Entidad, n.ID, n.Idioma, "name", n.Name); err != nil {
				return err
			}
		}
		out, err = listPOSNames(ctx, tx, t)
		return err
	})
	return out, err
}

// ids are the POS ids of the list, by entidad.
func (n NombresPOS) ids() map[string]map[string]bool {
	out := map[string]map[string]bool{EntidadGrupo: {}, EntidadModificador: {}, EntidadImpuesto: {}}
	for _, g := range n.Grupos {
		out[EntidadGrupo][g.ID] = true
		for _, m := range g.Modificadores {
			out[EntidadModificador][m.ID] = true
		}
	}
	for _, r := range n.Impuestos {
		out[EntidadImpuesto][r.ID] = true
	}
	return out
}

// catalogPOSNames gathers the groups (with their modifiers, merged by id
// across products) and tax rates of the products' POS JSON.
func catalogPOSNames(mods, taxes []string) (NombresPOS, error) {
	out := NombresPOS{Grupos: []GrupoPOS{}, Impuestos: []ImpuestoPOS{}}
	groups := map[string]int{}
	seenMod := map[string]bool{}
	seenTax := map[string]bool{}
	for i := range mods {
		var gs []pos.ModifierGroup
		if err := json.Unmarshal([]byte(mods[i]), &gs); err != nil {
			return out, err
		}
		for _, g := range gs {
			k, ok := groups[g.ID]
			if !ok {
				k = len(out.Grupos)
				groups[g.ID] = k
				out.Grupos = append(out.Grupos, GrupoPOS{NombrePOS: NombrePOS{ID: g.ID, Name: g.Name}, Modificadores: []NombrePOS{}})
			}
			for _, m := range g.Modifiers {
				if seenMod[g.ID+"\x00"+m.ID] {
					continue
				}
				seenMod[g.ID+"\x00"+m.ID] = true
				out.Grupos[k].Modificadores = append(out.Grupos[k].Modificadores, NombrePOS{ID: m.ID, Name: m.Name})
			}
		}
	}
	for i := range taxes {
		var rs []pos.TaxRate
		if err := json.Unmarshal([]byte(taxes[i]), &rs); err != nil {
			return out, err
		}
		for _, r := range rs {
			if !seenTax[r.ID] {
				seenTax[r.ID] = true
				out.Impuestos = append(out.Impuestos, ImpuestoPOS{NombrePOS: NombrePOS{ID: r.ID, Name: r.Name}, Rate: r.Rate})
			}
		}
	}
	slices.SortStableFunc(out.Grupos, func(a, b GrupoPOS) int { return strings.Compare(store.Fold(a.Name), store.Fold(b.Name)) })
	slices.SortStableFunc(out.Impuestos, func(a, b ImpuestoPOS) int { return strings.Compare(store.Fold(a.Name), store.Fold(b.Name)) })
	return out, nil
}

// listPOSNames reads the restaurant's POS names with their translations.
func listPOSNames(ctx context.Context, q store.Querier, t tenant.ID) (NombresPOS, error) {
	rows, err := q.Query(ctx, `SELECT modifiers_json, taxes_json FROM productos WHERE cliente_id = ? ORDER BY id`, t.Int64())
	if err != nil {
		return NombresPOS{}, err
	}
	var mods, taxes []string
	for rows.Next() {
		var m, tx string
		if err := rows.Scan(&m, &tx); err != nil {
			rows.Close()
			return NombresPOS{}, err
		}
		mods, taxes = append(mods, m), append(taxes, tx)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return NombresPOS{}, err
	}
	out, err := catalogPOSNames(mods, taxes)
	if err != nil {
		return out, err
	}
	tr := map[string]map[string]Translations{}
	for _, e := range []string{EntidadGrupo, EntidadModificador, EntidadImpuesto} {
		if tr[e], err = translations(ctx, q, t, e); err != nil {
			return out, err
		}
	}
	for i := range out.Grupos {
		g := &out.Grupos[i]
		g.Translations = orEmpty(tr[EntidadGrupo][g.ID])
		for j := range g.Modificadores {
			g.Modificadores[j].Translations = orEmpty(tr[EntidadModificador][g.Modificadores[j].ID])
		}
	}
	for i := range out.Impuestos {
		out.Impuestos[i].Translations = orEmpty(tr[EntidadImpuesto][out.Impuestos[i].ID])
	}
	return out, nil
}

// prunePOSNames removes the translations of POS names no product carries
// any more (in the sync's transaction); it reports whether it removed any.
func prunePOSNames(ctx context.Context, tx store.Querier, t tenant.ID, items []SyncItem) (bool, error) {
	mods := make([]string, 0, len(items))
	taxes := make([]string, 0, len(items))
	for _, it := range items {
		mods, taxes = append(mods, orJSONList(it.ModifiersJSON)), append(taxes, orJSONList(it.TaxesJSON))
	}
	now, err := catalogPOSNames(mods, taxes)
	if err != nil {
		return false, err
	}
	keep := now.ids()
	rows, err := tx.Query(ctx, `SELECT DISTINCT entidad, entidad_id FROM traducciones WHERE cliente_id = ? AND entidad IN `+posNameEntities, t.Int64())
	if err != nil {
		return false, err
	}
	type key struct{ entidad, id string }
	var gone []key
	for rows.Next() {
		var k key
		if err := rows.Scan(&k.entidad, &k.id); err != nil {
			rows.Close()
			return false, err
		}
		if !keep[k.entidad][k.id] {
			gone = append(gone, k)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return false, err
	}
	for _, k := range gone {
		if _, err := tx.Exec(ctx, `DELETE FROM traducciones WHERE cliente_id = ? AND entidad = ? AND entidad_id = ?`, t.Int64(), k.entidad, k.id); err != nil {
			return false, err
		}
	}
	return len(gone) > 0, nil
}

func orJSONList(s string) string {
	if s == "" {
		return "[]"
	}
	return s
}

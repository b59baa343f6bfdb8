package ordering

import (
	"context"

	"carta/internal/menu"
	"carta/internal/pos"
	"carta/internal/tenant"
)

// The online menu diners order from: the POS categories in the POS's
// order, each with its orderable products (shown on the menu, not hidden or
// unavailable in the POS, not sold out today), their modifier groups and
// tax rates. It is public and cached like the menu (its version is the
// menu's: every change to a product bumps it).

// OnlineModifier is one choice of a group; Price in cents.
type OnlineModifier struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Price int64  `json:"price"`
}

// OnlineGroup is a modifier group with its rule: choose at least
// MinRequired and at most MaxAllowed (0: no maximum).
type OnlineGroup struct {
	GroupID     string           `json:"group_id"`
	Name        string           `json:"name"`
	MinRequired int              `json:"min_required"`
	MaxAllowed  int              `json:"max_allowed"`
	Modifiers   []OnlineModifier `json:"modifiers"`
}

// OnlineTax is a tax rate in Clover's scale (10% = 1,000,000).
type OnlineTax struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Rate int64  `json:"rate"`
}

// OnlineProduct is an orderable product; Price in cents.
type OnlineProduct struct {
	ID          int64         `json:"id"`
	Name        string        `json:"name"`
	Description string        `json:"description"`
	Price       int64         `json:"price"`
	ImagePath   string        `json:"image_path"`
	Modifiers   []OnlineGroup `json:"modifiers"`
	Taxes       []OnlineTax   `json:"taxes"`
	// Alergenos and Etiquetas: allergen and dietary tag codes (menu.Allergens, menu.DietTags).
	Alergenos []string `json:"alergenos"`
	Etiquetas []string `json:"etiquetas"`
}

// OnlineCategory is a POS category with its orderable products.
type OnlineCategory struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Productos []OnlineProduct `json:"productos"`
}

// OnlineMenu is what the ordering page shows.
type OnlineMenu struct {
	Categorias []OnlineCategory `json:"categorias"`
	Moneda     string           `json:"moneda"`
}

func onlineTaxes(rs []pos.TaxRate, names menu.POSNames) []OnlineTax {
	out := make([]OnlineTax, 0, len(rs))
	for _, r := range rs {
		out = append(out, OnlineTax{ID: r.ID, Name: names.Tax(r), Rate: r.Rate})
	}
	return out
}

// OnlineMenu is the restaurant's online menu in lang (products, modifier
// groups, modifiers and taxes: the owner's translation, else the POS's
// name); categories without an orderable product are left out.
func (s *Service) OnlineMenu(ctx context.Context, t tenant.Public, lang string) (OnlineMenu, error) {
	lang = menu.Lang(lang)
	cats, err := menu.OrderCategories(ctx, s.DB, t, lang)
	if err != nil {
		return OnlineMenu{}, err
	}
	items, err := menu.OrderItems(ctx, s.DB, t, lang, nil)
	if err != nil {
		return OnlineMenu{}, err
	}
	moneda, err := menu.Currency(ctx, s.DB, t)
	if err != nil {
		return OnlineMenu{}, err
	}
	byCat := map[string][]OnlineProduct{}
	for _, it := range items {
		if !it.Orderable {
			continue
		}
		p := OnlineProduct{ID: it.ID, Name: it.Name, Description: it.Description, Price: it.Price, ImagePath: it.ImagePath,
			Modifiers: make([]OnlineGroup, 0, len(it.Groups)), Taxes: onlineTaxes(it.Taxes, it.Names),
			Alergenos: it.Alergenos, Etiquetas: it.Etiquetas}
		for _, g := range it.Groups {
			og := OnlineGroup{GroupID: g.ID, Name: it.Names.Group(g), MinRequired: g.MinRequired, MaxAllowed: g.MaxAllowed, Modifiers: make([]OnlineModifier, 0, len(g.Modifiers))}
			for _, m := range g.Modifiers {
				og.Modifiers = append(og.Modifiers, OnlineModifier{ID: m.ID, Name: it.Names.Modifier(m), Price: m.Price})
			}
			p.Modifiers = append(p.Modifiers, og)
		}
		for _, c := range it.Categories {
			byCat[c] = append(byCat[c], p)
		}
	}
	out := OnlineMenu{Categorias: []OnlineCategory{}, Moneda: moneda}
	for _, c := range cats {
		if ps := byCat[c.ID]; len(ps) > 0 {
			out.Categorias = append(out.Categorias, OnlineCategory{ID: c.ID, Name: c.Name, Productos: ps})
		}
	}
	return out, nil
}

// Taxes lists the tax rates the restaurant's orderable products carry,
// named in lang.
func (s *Service) Taxes(ctx context.Context, t tenant.Public, lang string) ([]OnlineTax, error) {
	items, err := menu.OrderItems(ctx, s.DB, t, menu.Lang(lang), nil)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	out := []OnlineTax{}
	for _, it := range items {
		for _, r := range it.Taxes {
			if !it.Orderable || seen[r.ID] {
				continue
			}
			seen[r.ID] = true
			out = append(out, OnlineTax{ID: r.ID, Name: it.Names.Tax(r), Rate: r.Rate})
		}
	}
	return out, nil
}

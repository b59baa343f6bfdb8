package clovertest

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	"carta/internal/pos"
)

// Tax rates of generated merchants, in Clover's scale (10% = 1000000).
var (
	IVA        = pos.TaxRate{ID: "TAXIVA10", Name: "IVA 10%", Rate: 1000000, IsDefault: true}
	IVAReduced = pos.TaxRate{ID: "TAXIVA05", Name: "IVA reducido 5%", Rate: 500000}
)

var (
	categoryNames = []string{"Entradas", "Ensaladas", "Sopas", "Tacos", "Pastas", "Pizzas", "Carnes",
		"Pescados", "Mariscos", "Vegetariano", "Postres", "Bebidas", "Cafés", "Vinos", "Cervezas", "Cócteles"}
	dishes = []string{"Tacos al pastor", "Enchiladas verdes", "Pozole rojo", "Ceviche", "Paella",
		"Risotto de hongos", "Pizza margarita", "Lasaña", "Hamburguesa", "Arrachera", "Salmón a la parrilla",
		"Ensalada César", "Sopa de tortilla", "Flan", "Churros", "Limonada", "Agua de jamaica", "Espresso",
		"Capuchino", "Tiramisú", "Pulpo a la gallega", "Croquetas", "Gazpacho", "Quesadilla", "Burrito"}
	styles = []string{"de la casa", "especial", "clásico", "del chef", "tradicional", "picante", "light", "grande"}

	sizes = pos.ModifierGroup{ID: "MGSIZE", Name: "Tamaño", MinRequired: 1, MaxAllowed: 1, Modifiers: []pos.Modifier{
		{ID: "MSIZES", Name: "Chico", Price: 0}, {ID: "MSIZEM", Name: "Mediano", Price: 150}, {ID: "MSIZEL", Name: "Grande", Price: 300}}}
	extras = pos.ModifierGroup{ID: "MGEXTRA", Name: "Extras", MinRequired: 0, MaxAllowed: 2, Modifiers: []pos.Modifier{
		{ID: "MEXCHEESE", Name: "Queso extra", Price: 200}, {ID: "MEXAVO", Name: "Aguacate", Price: 250}}}
	doneness = pos.ModifierGroup{ID: "MGDONE", Name: "Término", MinRequired: 1, MaxAllowed: 1, Modifiers: []pos.Modifier{
		{ID: "MDRARE", Name: "Rojo", Price: 0}, {ID: "MDMED", Name: "Medio", Price: 0}, {ID: "MDWELL", Name: "Bien cocido", Price: 0}}}
	groups = []pos.ModifierGroup{sizes, extras, doneness}
)

// GenerateMerchant builds a realistic, deterministic merchant (same arguments, same merchant) for
// tests and benchmarks: named categories, items with prices of 1.50–45.00, about 1 in 15 hidden and
// 1 in 25 unavailable, each in one or two categories, 40% with a modifier group of two or three
// modifiers, and a 10% tax on most (80% explicit, 10% through the merchant's default rate; the
// other 10% pay a reduced 5%). Use Merchant.Expected for what a client should yield.
func GenerateMerchant(id, token string, categories, items int) Merchant {
	h := fnv.New64a()
	h.Write([]byte(id))
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(categories)<<32|uint64(items)))

	m := Merchant{ID: id, Token: token, DefaultTaxRates: []pos.TaxRate{IVA}}
	for i := range categories {
		name := categoryNames[i%len(categoryNames)]
		if i >= len(categoryNames) {
			name = fmt.Sprintf("%s %d", name, i/len(categoryNames)+1)
		}
		m.Categories = append(m.Categories, pos.Category{ID: fmt.Sprintf("C%s%05d", id, i), Name: name, SortOrder: i})
	}
	m.Items = make([]pos.Item, 0, items)
	for i := range items {
		it := pos.Item{
			ID:        fmt.Sprintf("I%s%06d", id, i),
			Name:      fmt.Sprintf("%s %s %d", dishes[rng.IntN(len(dishes))], styles[rng.IntN(len(styles))], i+1),
			Price:     int64(150 + 50*rng.IntN(88)), // 1.50 … 45.00 in steps of 0.50
			Hidden:    i%15 == 7,
			Available: i%25 != 3,
		}
		if categories > 0 {
			first := rng.IntN(categories)
			it.CategoryIDs = []string{m.Categories[first].ID}
			if categories > 1 && rng.IntN(4) == 0 {
				second := (first + 1 + rng.IntN(categories-1)) % categories
				it.CategoryIDs = append(it.CategoryIDs, m.Categories[second].ID)
			}
		}
		if rng.IntN(10) < 4 {
			g := groups[rng.IntN(len(groups))]
			g.Modifiers = append([]pos.Modifier(nil), g.Modifiers...)
			it.ModifierGroups = []pos.ModifierGroup{g}
		}
		switch i % 10 {
		case 0: // follows the merchant's default rate
		case 9:
			it.TaxRates = []pos.TaxRate{IVAReduced}
		default:
			it.TaxRates = []pos.TaxRate{IVA}
		}
		m.Items = append(m.Items, it)
	}
	return m
}

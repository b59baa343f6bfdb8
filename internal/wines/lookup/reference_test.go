package lookup

import (
	"strings"
	"testing"
)

// TestReferenceConsistent checks the reference data: known styles, grapes and regions that exist,
// no name used twice, and the size and coverage the feature promises.
func TestReferenceConsistent(t *testing.T) {
	ix := loadIndex()
	valid := map[string]bool{tinto: true, blanco: true, rosado: true, espumoso: true, generoso: true, dulce: true}
	if len(grapes) < 80 {
		t.Errorf("only %d grapes", len(grapes))
	}
	for _, g := range grapes {
		if !valid[g.tipo] || (g.color != red && g.color != white) || len(g.maridaje) == 0 {
			t.Errorf("grape %q: tipo %q colour %q pairings %d", g.name, g.tipo, g.color, len(g.maridaje))
		}
	}
	for _, r := range regions {
		if (r.tipo != "" && !valid[r.tipo]) || r.pais == "" || len(r.uvas) == 0 || (r.strong && r.tipo == "") {
			t.Errorf("region %q is incomplete", r.name)
		}
		for _, u := range r.uvas {
			if _, ok := ix.grapeBy[u]; !ok {
				t.Errorf("region %q: unknown grape %q", r.name, u)
			}
		}
	}
	for _, p := range producers {
		if _, ok := ix.regionBy[p.region]; !ok {
			t.Errorf("producer %q: unknown region %q", p.name, p.region)
		}
	}
	for tipo := range valid {
		if len(pairingsByTipo[tipo]) == 0 {
			t.Errorf("no pairings for %s", tipo)
		}
	}
	// A name (canonical or alias) must point to one entry of a kind.
	seen := map[string]variant{}
	for _, v := range ix.variants {
		key := strings.Join(v.tokens, " ")
		if old, ok := seen[key]; ok && old.kind == v.kind && old.idx != v.idx {
			t.Errorf("%q names two entries of the same kind", key)
		}
		seen[key] = v
	}
	for _, name := range []string{
		"Rioja", "Ribera del Duero", "Priorat", "Rías Baixas", "Rueda", "Jerez", "Cava", "Penedès", "Toro", "Jumilla",
		"Bierzo", "Txakoli", "Somontano", "La Mancha", "Valdepeñas", "Navarra", "Montsant", "Ribeiro", "Valdeorras",
		"Monterrei", "Calatayud", "Campo de Borja", "Cariñena", "Utiel-Requena", "Alicante", "Málaga", "Montilla-Moriles",
		"Mendoza", "Salta", "Cafayate", "Patagonia", "Valle de Uco", "Valle del Maipo", "Valle de Colchagua",
		"Valle de Casablanca", "Valle de Aconcagua", "Valle del Maule", "Valle del Limarí", "Canelones",
		"Valle de Guadalupe", "Valle de Parras", "Serra Gaúcha", "Ica",
		"Burdeos", "Borgoña", "Champagne", "Ródano", "Loira", "Alsacia", "Provenza", "Chianti", "Barolo",
		"Brunello di Montalcino", "Valpolicella", "Amarone della Valpolicella", "Prosecco", "Duero (Douro)", "Vinho Verde",
		"Mosela", "Rheingau", "Tokaj", "Napa Valley", "Sonoma", "Willamette Valley", "Barossa Valley", "McLaren Vale",
		"Marlborough", "Central Otago", "Stellenbosch",
	} {
		if _, ok := ix.regionBy[name]; !ok {
			t.Errorf("region %q missing", name)
		}
	}
}

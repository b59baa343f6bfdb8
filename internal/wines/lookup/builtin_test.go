package lookup

import (
	"context"
	"errors"
	"slices"
	"testing"
)

func TestBuiltinFind(t *testing.T) {
	tests := []struct {
		name     string
		q        Query
		region   string
		pais     string
		tipo     string
		uvas     []string // nil: not checked
		bodega   string
		anio     string
		inferred []string
	}{
		{name: "accents dropped", q: Query{Nombre: "albarino"}, region: Desconocida, tipo: "blanco", uvas: []string{"Albariño"},
			inferred: []string{"tipo", "uvas", "maridaje", "descripcion"}},
		{name: "accents typed", q: Query{Nombre: "ALBARIÑO Rías Baixas"}, region: "Rías Baixas", pais: "España", tipo: "blanco", uvas: []string{"Albariño"},
			inferred: []string{"region", "pais", "tipo", "uvas", "maridaje", "descripcion"}},
		{name: "typo in the grape", q: Query{Nombre: "tempranilo rioja"}, region: "Rioja", pais: "España", tipo: "tinto", uvas: []string{"Tempranillo"}},
		{name: "typo chardonay", q: Query{Nombre: "chardonay"}, region: Desconocida, tipo: "blanco", uvas: []string{"Chardonnay"}},
		{name: "typo in the region", q: Query{Nombre: "Malbek Mendosa"}, region: "Mendoza", pais: "Argentina", tipo: "tinto", uvas: []string{"Malbec"}},
		{name: "short alias", q: Query{Nombre: "cabernet"}, region: Desconocida, tipo: "tinto", uvas: []string{"Cabernet Sauvignon"}},
		{name: "region without del", q: Query{Nombre: "ribera duero"}, region: "Ribera del Duero", pais: "España", tipo: "tinto"},
		{name: "grape only", q: Query{Nombre: "garnacha"}, region: Desconocida, pais: "", tipo: "tinto", uvas: []string{"Garnacha"},
			inferred: []string{"tipo", "uvas", "maridaje", "descripcion"}},
		{name: "region only", q: Query{Nombre: "rioja"}, region: "Rioja", pais: "España", tipo: "tinto", uvas: []string{"Tempranillo", "Garnacha", "Graciano", "Cariñena"},
			inferred: []string{"region", "pais", "tipo", "uvas", "maridaje", "descripcion"}},
		{name: "name and grape field", q: Query{Nombre: "Finca Mendoza", Anio: "2019", Uva: "malbec"}, region: "Mendoza", pais: "Argentina", tipo: "tinto", uvas: []string{"Malbec"}, anio: "2019",
			inferred: []string{"region", "pais", "tipo", "maridaje", "descripcion"}},
		{name: "grape field wins over the region's grapes", q: Query{Nombre: "Rioja", Uva: "Garnacha, Graciano"}, region: "Rioja", tipo: "tinto", uvas: []string{"Garnacha", "Graciano"}},
		{name: "unrecognised grape field kept as typed", q: Query{Nombre: "Rioja", Uva: "Maturana Tinta y Otra"}, region: "Rioja", tipo: "tinto", uvas: []string{"Maturana Tinta", "Otra"},
			inferred: []string{"region", "pais", "tipo", "maridaje", "descripcion"}},
		{name: "colour word picks the region's white grapes", q: Query{Nombre: "Rioja blanco"}, region: "Rioja", tipo: "blanco", uvas: []string{"Viura", "Tempranillo Blanco"}},
		{name: "rosado", q: Query{Nombre: "Navarra rosado"}, region: "Navarra", tipo: "rosado", uvas: []string{"Garnacha", "Tempranillo", "Cabernet Sauvignon", "Merlot"}},
		{name: "sparkling appellation beats colour", q: Query{Nombre: "Cava rosado brut"}, region: "Cava", tipo: "espumoso"},
		{name: "fortified", q: Query{Nombre: "Manzanilla de Sanlúcar"}, region: "Jerez", pais: "España", tipo: "generoso"},
		{name: "sweet grape", q: Query{Nombre: "Pedro Ximénez"}, tipo: "dulce", region: Desconocida, uvas: []string{"Pedro Ximénez"}},
		{name: "crianza keeps a red", q: Query{Nombre: "La Mancha crianza"}, region: "La Mancha", tipo: "tinto", uvas: []string{"Tempranillo", "Syrah"}},
		{name: "appellation in the name, grape in the grape field", q: Query{Nombre: "Cariñena", Uva: "cariñena"}, region: "Cariñena", tipo: "tinto", uvas: []string{"Cariñena"}},
		{name: "producer and vintage in the name", q: Query{Nombre: "Viña Ardanza Reserva 2016"}, bodega: "La Rioja Alta", region: "Rioja", tipo: "tinto", anio: "2016",
			inferred: []string{"bodega", "anio", "region", "pais", "tipo", "uvas", "maridaje", "descripcion"}},
		{name: "a brand's year is not a vintage", q: Query{Nombre: "Cuvée 1865 Carménère"}, region: Desconocida, tipo: "tinto", anio: ""},
		{name: "typed vintage wins", q: Query{Nombre: "Château Margaux 2010", Anio: "2015"}, bodega: "Château Margaux", region: "Burdeos", pais: "Francia", tipo: "tinto", anio: "2015"},
		{name: "most specific region", q: Query{Nombre: "Malbec Valle de Uco, Mendoza"}, region: "Valle de Uco", pais: "Argentina", tipo: "tinto"},
		{name: "latin america", q: Query{Nombre: "Carmenere Colchagua"}, region: "Valle de Colchagua", pais: "Chile", tipo: "tinto", uvas: []string{"Carménère"}},
		{name: "new world", q: Query{Nombre: "Marlborough Sauvignon Blanc"}, region: "Marlborough", pais: "Nueva Zelanda", tipo: "blanco", uvas: []string{"Sauvignon Blanc"}},
		{name: "apostrophes", q: Query{Nombre: "Moscato d'Asti"}, region: "Asti", pais: "Italia", tipo: "espumoso"},
		{name: "country only", q: Query{Nombre: "tinto chileno"}, region: Desconocida, pais: "Chile", tipo: "tinto", uvas: []string{Desconocida},
			inferred: []string{"pais", "tipo", "maridaje", "descripcion"}},
		{name: "an apostrophe joins", q: Query{Nombre: "Casa de la Ermita", Uva: "Monastrell"}, region: Desconocida, tipo: "tinto", uvas: []string{"Monastrell"}},
		{name: "an apostrophe joins in an alias", q: Query{Nombre: "L'Ermita 2019"}, bodega: "Álvaro Palacios", region: "Priorat", tipo: "tinto", anio: "2019"},
		{name: "santa is not a typo of salta", q: Query{Nombre: "Santa Carolina Reserva"}, bodega: "Santa Carolina", region: "Valle del Maipo", pais: "Chile", tipo: "tinto"},
		{name: "a longer name beats a word in it", q: Query{Nombre: "Sangre de Toro"}, region: "Catalunya", pais: "España", tipo: "tinto"},
		{name: "a short word is not a typo of a region", q: Query{Nombre: "Uva roja", Uva: "Syrah"}, region: Desconocida, tipo: "tinto", uvas: []string{"Syrah"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Builtin().Find(context.Background(), tt.q)
			if err != nil {
				t.Fatalf("Find(%+v): %v", tt.q, err)
			}
			if got.Fuente != "builtin" {
				t.Errorf("fuente = %q", got.Fuente)
			}
			if got.Region != tt.region {
				t.Errorf("region = %q, want %q", got.Region, tt.region)
			}
			if tt.pais != "" && got.Pais != tt.pais {
				t.Errorf("pais = %q, want %q", got.Pais, tt.pais)
			}
			if got.Tipo != tt.tipo {
				t.Errorf("tipo = %q, want %q", got.Tipo, tt.tipo)
			}
			if tt.uvas != nil && !slices.Equal(got.Uvas, tt.uvas) {
				t.Errorf("uvas = %q, want %q", got.Uvas, tt.uvas)
			}
			if got.Bodega != tt.bodega {
				t.Errorf("bodega = %q, want %q", got.Bodega, tt.bodega)
			}
			if got.Anio != tt.anio {
				t.Errorf("anio = %q, want %q", got.Anio, tt.anio)
			}
			if tt.inferred != nil && !slices.Equal(got.Inferidos, tt.inferred) {
				t.Errorf("inferidos = %q, want %q", got.Inferidos, tt.inferred)
			}
			if got.Nombre == "" || got.Maridaje == nil || len(got.Uvas) == 0 || got.Inferidos == nil {
				t.Errorf("incomplete result %+v", got)
			}
			if got.Tipo != Desconocido && len(got.Maridaje) == 0 {
				t.Errorf("no pairings for a %s", got.Tipo)
			}
			if len(got.Maridaje) > maxPairings {
				t.Errorf("%d pairings", len(got.Maridaje))
			}
		})
	}
}

func TestBuiltinDescription(t *testing.T) {
	for _, tt := range []struct {
		q    Query
		want string
	}{
		{Query{Nombre: "rioja"}, "Vino tinto de Rioja (España). Variedades habituales de la zona: Tempranillo, Garnacha, Graciano y Cariñena."},
		{Query{Nombre: "Rioja", Uva: "Maturana Tinta"}, "Vino tinto de Rioja (España). Variedades: Maturana Tinta."},
		{Query{Nombre: "Tío Pepe"}, "Vino generoso de Jerez (España), elaborado por González Byass. Variedades habituales de la zona: Palomino, Pedro Ximénez y Moscatel."},
		{Query{Nombre: "Albariño"}, "Vino blanco. Variedades: Albariño."},
		{Query{Nombre: "Marqués de Riscal Gran Reserva", Uva: "Tempranillo"}, "Vino tinto de Rioja (España), elaborado por Marqués de Riscal. Variedades: Tempranillo. Mención de envejecimiento: gran reserva."},
	} {
		got, err := Builtin().Find(context.Background(), tt.q)
		if err != nil || got.Descripcion != tt.want {
			t.Errorf("Find(%+v).Descripcion = %q, %v\nwant %q", tt.q, got.Descripcion, err, tt.want)
		}
	}
}

func TestBuiltinNotFound(t *testing.T) {
	for _, q := range []Query{
		{Nombre: "xyzzy qwerty"},
		{Nombre: "Finca La Roja", Uva: "uva rara"},
		{Nombre: "tinto reserva"}, // a style alone does not identify a wine
		{Nombre: "!!!"},
	} {
		if got, err := Builtin().Find(context.Background(), q); !errors.Is(err, ErrNotFound) {
			t.Errorf("Find(%+v) = %+v, %v; want ErrNotFound", q, got, err)
		}
	}
}

func TestBuiltinDeterministic(t *testing.T) {
	q := Query{Nombre: "Garnacha Priorat 2018", Uva: "garnacha, cariñena"}
	first, err := Builtin().Find(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		again, _ := Builtin().Find(context.Background(), q)
		if again.Descripcion != first.Descripcion || !slices.Equal(again.Maridaje, first.Maridaje) || !slices.Equal(again.Inferidos, first.Inferidos) {
			t.Fatalf("not deterministic: %+v vs %+v", again, first)
		}
	}
	if first.Descripcion == "" || first.Region != "Priorat" || !slices.Equal(first.Uvas, []string{"Garnacha", "Cariñena"}) {
		t.Errorf("got %+v", first)
	}
}

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"tempranilo", "tempranillo", 1}, {"chardonay", "chardonnay", 1}, {"malbek", "malbec", 1},
		{"garancha", "garnacha", 1}, {"rioja", "rioja", 0}, {"abc", "xyz", 3},
	} {
		if got := distance(tt.a, tt.b, 5); got != tt.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
	if got := distance("abcdef", "uvwxyz", 2); got != 3 {
		t.Errorf("bounded distance = %d, want 3", got)
	}
}

func TestFold(t *testing.T) {
	if got := tokens("Xarel·lo, Château d'Yquem — Müller-Thurgau ÑANDÚ"); !slices.Equal(got, []string{"xarello", "chateau", "dyquem", "muller", "thurgau", "nandu"}) {
		t.Errorf("tokens = %q", got)
	}
}

func BenchmarkBuiltinFind(b *testing.B) {
	l := Builtin()
	q := Query{Nombre: "Bodegas Ejemplo Gran Reserva Tempranillo Rioja Alavesa 2015 edición limitada", Anio: "2015", Uva: "tempranillo, graciano"}
	for b.Loop() {
		if _, err := l.Find(context.Background(), q); err != nil {
			b.Fatal(err)
		}
	}
}

package lookup

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"
	"unicode/utf8"
)

// FuzzBuiltinFind asks the built-in reference about fuzzed names, vintages
// and grapes. Invariants: never panics; it answers a result or
// ErrNotFound; a result is bounded, valid UTF-8, of a known type, with a
// region and at least one grape; the same query answers the same twice.
func FuzzBuiltinFind(f *testing.F) {
	for _, q := range []Query{
		{Nombre: "albarino"}, {Nombre: "ALBARIÑO Rías Baixas"}, {Nombre: "tempranilo rioja", Anio: "2019"},
		{Nombre: "Finca Mendoza", Anio: "2019", Uva: "malbec"}, {Nombre: "Rioja", Uva: "Maturana Tinta y Otra"},
		{Nombre: "Vega Sicilia Único 2010 reserva"}, {Nombre: "cava brut nature"}, {Nombre: "\x00\xff\u200b"},
		{Nombre: "Château Margaux Bordeaux", Uva: ", , ,"}, {Nombre: "ribera ribera ribera ribera del del duero"},
	} {
		f.Add(q.Nombre, q.Anio, q.Uva)
	}
	b := Builtin()
	tipos := []string{tinto, blanco, rosado, espumoso, generoso, dulce, Desconocido}
	f.Fuzz(func(t *testing.T, nombre, anio, uva string) {
		q := Query{Nombre: nombre, Anio: anio, Uva: uva}
		res, err := b.Find(context.Background(), q)
		if err != nil {
			if !errors.Is(err, ErrNotFound) {
				t.Fatalf("error %v", err)
			}
			return
		}
		if !slices.Contains(tipos, res.Tipo) || res.Region == "" || len(res.Uvas) == 0 || res.Fuente != FuenteBuiltin {
			t.Fatalf("incomplete result: %+v", res)
		}
		for _, s := range append([]string{res.Nombre, res.Anio, res.Bodega, res.Region, res.Pais, res.Descripcion}, append(res.Uvas, res.Maridaje...)...) {
			if !utf8.ValidString(s) || utf8.RuneCountInString(s) > maxDescripcion {
				t.Fatalf("unbounded or invalid text %q", s)
			}
		}
		if utf8.RuneCountInString(res.Nombre) > maxNombre || utf8.RuneCountInString(res.Anio) > maxAnio {
			t.Fatalf("name or vintage not bounded: %+v", res)
		}
		again, err := b.Find(context.Background(), q)
		if err != nil || !reflect.DeepEqual(res, again) {
			t.Fatalf("not the same twice: %+v / %+v", res, again)
		}
	})
}

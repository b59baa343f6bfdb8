package api_test

import (
	"encoding/json"
	"fmt"
	"image/color"
	"strings"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/wines"
)

// The cellar over HTTP: the owner adds, edits, hides and labels wines; the
// public cava lists only available wines and follows each change; another
// restaurant's owner can do nothing to them.
func TestWineCellar(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		publicList := func() []wines.Vino {
			r := e.do("GET", "/api/vinos?cliente_id=1", "", nil)
			var vs []wines.Vino
			if r.status != 200 || json.Unmarshal([]byte(r.body), &vs) != nil {
				t.Fatalf("public list: %d %s", r.status, r.body)
			}
			return vs
		}
		if r := e.do("POST", "/api/vinos", e.owner1, map[string]any{"cliente_id": 1, "nombre": " "}); r.status != 400 ||
			r.json["error"] != "Por favor, completa todos los campos obligatorios." {
			t.Fatalf("no name: %d %s", r.status, r.body)
		}
		r := e.do("POST", "/api/vinos", e.owner1, map[string]any{"cliente_id": 1, "nombre": "Viña Prueba", "tipo": "Tinto", "anio": 2019,
			"variedad_uva": "Tempranillo 90% ,Garnacha 10%,", "maridaje": "carnes rojas,quesos", "graduacion": 13.55})
		if r.status != 201 {
			t.Fatalf("create: %d %s", r.status, r.body)
		}
		v := r.json["vino"].(map[string]any)
		if v["precio"] != float64(wines.DefaultPrecio) || v["tipo"] != "tinto" || v["variedad_uva"] != "Tempranillo 90%, Garnacha 10%" ||
			v["maridaje"] != "carnes rojas, quesos" || v["graduacion"] != 13.6 || v["disponible"] != float64(1) {
			t.Fatalf("stored as %v", v)
		}
		id := int64(v["id"].(float64))
		for _, bad := range []map[string]any{
			{"nombre": "X", "precio": 100, "tipo": "azul"},
			{"nombre": "X", "precio": 100, "anio": 1500},
			{"nombre": "X", "precio": -1},
			{"nombre": "X"}, // the edit form needs the price
			{"disponible": 2},
		} {
			bad["cliente_id"] = 1
			if r := e.do("PUT", fmt.Sprintf("/api/vinos/%d", id), e.owner1, bad); r.status != 400 {
				t.Fatalf("%v: %d %s", bad, r.status, r.body)
			}
		}
		if n := len(publicList()); n != 1 {
			t.Fatalf("public wines: %d", n)
		}
		etag := e.do("GET", "/api/vinos?cliente_id=1", "", nil).header.Get("ETag")
		if r := e.do("GET", "/api/vinos?cliente_id=1", "", nil, "If-None-Match", etag); r.status != 304 {
			t.Fatalf("revalidation: %d", r.status)
		}
		// Another owner can neither change nor see the hidden wine.
		if r := e.do("PUT", fmt.Sprintf("/api/vinos/%d", id), e.owner2, map[string]any{"disponible": 0}); r.status != 404 {
			t.Fatalf("another owner hides it: %d", r.status)
		}
		if r := e.do("PUT", fmt.Sprintf("/api/vinos/%d", id), e.owner1, map[string]any{"cliente_id": 1, "disponible": 0}); r.status != 200 || r.json["disponible"] != float64(0) {
			t.Fatalf("hide: %d %s", r.status, r.body)
		}
		if n := len(publicList()); n != 0 {
			t.Fatalf("a hidden wine is public: %d", n)
		}
		if r := e.do("GET", "/api/vinos?cliente_id=1", e.owner2, nil); r.body != "[]\n" {
			t.Fatalf("another owner sees hidden wines: %s", r.body)
		}
		r = e.do("GET", "/api/vinos?cliente_id=1", e.owner1, nil)
		if r.header.Get("Cache-Control") != "private, no-store" || len(r.body) < 10 {
			t.Fatalf("the owner's list: %q %s", r.header.Get("Cache-Control"), r.body)
		}
		r = e.do("PUT", fmt.Sprintf("/api/vinos/%d", id), e.owner1, map[string]any{"cliente_id": 1, "nombre": "Viña Prueba Reserva", "precio": 5200, "precio_copa": 1200})
		if r.status != 200 || r.json["disponible"] != float64(0) || r.json["precio_copa"] != float64(1200) || r.json["anio"] != nil {
			t.Fatalf("edit keeps the visibility: %d %s", r.status, r.body)
		}
		up := e.do("POST", fmt.Sprintf("/api/vinos/%d/imagen", id), e.owner1, form(map[string]any{"cliente_id": 1, "imagen": pngImage(120, 160, color.RGBA{120, 20, 40, 255})}, "l.png"))
		if up.status != 200 || up.json["imagen_url"] == "" {
			t.Fatalf("label: %d %s", up.status, up.body)
		}
		// Another restaurant's file is refused as a label.
		if r := e.do("POST", "/api/vinos", e.owner2, map[string]any{"cliente_id": 2, "nombre": "Robado", "etiqueta_url": up.json["imagen_url"]}); r.status != 400 {
			t.Fatalf("another restaurant's label: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/buscar-vino", e.owner1, map[string]any{"nombre": ""}); r.status != 400 ||
			r.json["error"] != "Por favor, introduce el nombre del vino para buscar información." {
			t.Fatalf("search without a name: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/buscar-vino", e.owner1, map[string]any{"nombre": "zzz"}); r.status != 404 ||
			r.json["error"] != "No se encontraron resultados para el vino." {
			t.Fatalf("nothing found: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/buscar-vino", e.owner1, map[string]any{"nombre": "Rioja", "año": "2018"}); r.status != 200 ||
			r.json["detalles"].(map[string]any)["anio"] != "2018" {
			t.Fatalf("found: %d %s", r.status, r.body)
		}
		if r := e.do("DELETE", fmt.Sprintf("/api/vinos/%d?cliente_id=1", id), e.owner2, nil); r.status != 403 {
			t.Fatalf("another owner deletes: %d", r.status)
		}
		if r := e.do("DELETE", fmt.Sprintf("/api/vinos/%d?cliente_id=1", id), e.owner1, nil); r.status != 200 {
			t.Fatalf("delete: %d", r.status)
		}
		if r := e.do("DELETE", fmt.Sprintf("/api/vinos/%d?cliente_id=1", id), e.owner1, nil); r.status != 404 {
			t.Fatalf("delete again: %d", r.status)
		}
	})
}

// A wine's label link follows the rule of every image a restaurant names:
// its own upload or an https link; anything else is refused with the same
// message, on create and on edit, and nothing changes.
func TestWineLabelLinks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		r := e.do("POST", "/api/vinos", e.owner1, map[string]any{"cliente_id": 1, "nombre": "Etiqueta Segura", "etiqueta_url": "https://bodega.example/etiqueta.jpg"})
		if r.status != 201 {
			t.Fatalf("https label: %d %s", r.status, r.body)
		}
		id := int64(r.json["vino"].(map[string]any)["id"].(float64))
		before := e.count(`SELECT COUNT(*) FROM vinos`)
		for _, bad := range []string{"javascript:alert(1)", "data:image/svg+xml;base64,PHN2Zz4=", "http://bodega.example/e.jpg",
			"//evil.example/e.jpg", "ftp://bodega.example/e.jpg", "https://", "https:///e.jpg", "https://user:pw@bodega.example/e.jpg", "etiqueta.jpg"} {
			r := e.do("POST", "/api/vinos", e.owner1, map[string]any{"cliente_id": 1, "nombre": "Mala", "etiqueta_url": bad})
			if r.status != 400 || r.json["error"] != "La imagen debe ser un archivo subido o un enlace https." {
				t.Fatalf("create with %q: %d %s", bad, r.status, r.body)
			}
			r = e.do("PUT", fmt.Sprintf("/api/vinos/%d", id), e.owner1, map[string]any{"cliente_id": 1, "nombre": "Etiqueta Segura", "precio": 4550, "etiqueta_url": bad})
			if r.status != 400 {
				t.Fatalf("edit with %q: %d %s", bad, r.status, r.body)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM vinos`); n != before {
			t.Fatalf("refused wines were stored: %d → %d", before, n)
		}
		if n := e.count(`SELECT COUNT(*) FROM vinos WHERE etiqueta_url = 'https://bodega.example/etiqueta.jpg'`); n != 1 {
			t.Fatal("a refused edit changed the label")
		}
		// The same rule and message for a category's image.
		if r := e.do("POST", "/api/categories", e.owner1, map[string]any{"name": "Mala", "cliente_id": 1, "image_path": "javascript:alert(1)"}); r.status != 400 ||
			r.json["error"] != "La imagen debe ser un archivo subido o un enlace https." {
			t.Fatalf("category: %d %s", r.status, r.body)
		}
	})
}

// The cava sorts by name ignoring case and accents, on both engines:
// 'Álamo' sorts with the A's and 'albariño' before 'Barón', in the public
// list and in the owner's.
func TestWineCellarSortsIgnoringAccents(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		for _, name := range []string{"Zinfandel", "Álamo", "Barón", "albariño", "Élite"} {
			if r := e.do("POST", "/api/vinos", e.owner1, map[string]any{"cliente_id": 1, "nombre": name, "tipo": "tinto"}); r.status != 201 {
				t.Fatalf("create %s: %d %s", name, r.status, r.body)
			}
		}
		for _, who := range []string{"", e.owner1} {
			r := e.do("GET", "/api/vinos?cliente_id=1", who, nil)
			var vs []wines.Vino
			if r.status != 200 || json.Unmarshal([]byte(r.body), &vs) != nil {
				t.Fatalf("list: %d %s", r.status, r.body)
			}
			var got []string
			for _, v := range vs {
				got = append(got, v.Nombre)
			}
			if want := "Álamo, albariño, Barón, Élite, Zinfandel"; strings.Join(got, ", ") != want {
				t.Fatalf("order (token %q): %v, want %s", who, got, want)
			}
		}
	})
}

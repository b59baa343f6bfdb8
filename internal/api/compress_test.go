package api_test

import (
	"bytes"
	"compress/gzip"
	"image/color"
	"io"
	"strings"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

func gunzip(t *testing.T, s string) string {
	t.Helper()
	zr, err := gzip.NewReader(strings.NewReader(s))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Text the browser downloads (code, the menu page, the menu's JSON) goes
// out gzip-compressed to clients that accept it, and as it is to others.
func TestCompression(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		big := strings.Repeat("console.log('Carta');\n", 200)
		for _, c := range []struct{ name, path, want string }{
			{"asset", "/assets/big-x7.js", big},
			{"menu page", "/menu/1", `id="menu-shell"`},
			{"staff page", "/login", ""},
			{"menu JSON", "/api/productos?cliente_id=1&category_id=C1TAPF&idioma=es", `"productos"`},
		} {
			plain := e.do("GET", c.path, "", nil, "Accept-Encoding", "identity")
			if plain.status != 200 || plain.header.Get("Content-Encoding") != "" || !strings.Contains(plain.header.Get("Vary"), "Accept-Encoding") {
				t.Fatalf("%s without gzip: %d %v", c.name, plain.status, plain.header)
			}
			gz := e.do("GET", c.path, "", nil, "Accept-Encoding", "gzip, deflate, br")
			if c.name == "staff page" { // the test's index.html is too small to compress
				if gz.header.Get("Content-Encoding") != "" {
					t.Fatalf("small page compressed")
				}
				continue
			}
			if gz.status != 200 || gz.header.Get("Content-Encoding") != "gzip" || len(gz.body) >= len(plain.body) {
				t.Fatalf("%s with gzip: %d %v (%d vs %d bytes)", c.name, gz.status, gz.header, len(gz.body), len(plain.body))
			}
			if got := gunzip(t, gz.body); got != plain.body || !strings.Contains(got, c.want) {
				t.Fatalf("%s: gzip body differs from the plain one", c.name)
			}
			if refused := e.do("GET", c.path, "", nil, "Accept-Encoding", "gzip;q=0, identity"); refused.header.Get("Content-Encoding") != "" {
				t.Fatalf("%s: gzip sent to a client that refuses it", c.name)
			}
		}
		// Pages and files revalidate: the same content answers 304, a new
		// promotion changes the menu page's tag.
		for _, p := range []string{"/menu/1", "/login", "/assets/big-x7.js"} {
			first := e.do("GET", p, "", nil)
			if first.header.Get("ETag") == "" {
				t.Fatalf("%s has no ETag", p)
			}
			if again := e.do("GET", p, "", nil, "If-None-Match", first.header.Get("ETag")); again.status != 304 || again.body != "" {
				t.Fatalf("%s revalidation: %d", p, again.status)
			}
		}
		before := e.do("GET", "/menu/1", "", nil).header.Get("ETag")
		if r := e.do("POST", "/api/popups", e.owner1, form(map[string]any{"cliente_id": 1, "name": "Otra", "file": pngImage(60, 40, color.White)}, "p.png")); r.status != 201 {
			t.Fatalf("popup: %d", r.status)
		}
		if r := e.do("GET", "/menu/1", "", nil, "If-None-Match", before); r.status != 200 || !strings.Contains(r.body, `data-t="Otra"`) {
			t.Fatalf("menu page after a change: %d", r.status)
		}
		// A revalidation still says the answer varies by encoding.
		first := e.do("GET", "/api/categories?cliente_id=1", "", nil)
		again := e.do("GET", "/api/categories?cliente_id=1", "", nil, "If-None-Match", first.header.Get("ETag"))
		if again.status != 304 || again.header.Get("Vary") != "Accept-Encoding" {
			t.Fatalf("304: %d %v", again.status, again.header)
		}
		// Small files, and images (compressed already), are served as they are.
		icon := e.do("GET", "/favicon.svg", "", nil, "Accept-Encoding", "gzip")
		if icon.status != 200 || icon.header.Get("Content-Encoding") != "" || !bytes.Equal([]byte(icon.body), []byte("<svg/>")) {
			t.Fatalf("small svg: %d %q", icon.status, icon.body)
		}
		cats := e.do("GET", "/api/categories?cliente_id=1", "", nil)
		img := cats.json["categorias"].([]any)[0].(map[string]any)["image_path"].(string)
		if r := e.do("GET", img, "", nil, "Accept-Encoding", "gzip"); r.status != 200 || r.header.Get("Content-Encoding") != "" ||
			!strings.HasPrefix(r.body, "\xff\xd8") {
			t.Fatalf("image %s: %d %v", img, r.status, r.header)
		}
	})
}

// The public cava's, online ordering's and a table QR's first views come
// with preload hints for their code and first reads, as the menu's do (the
// ordering pages' also for the first product's picture, their largest
// paint); a suspended restaurant's get the plain app.
func TestFirstViewsPreloadTheirReads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		online := e.do("GET", "/api/orders/clover_products_online?cliente_id=1&idioma=es", "", nil)
		first := online.json["categorias"].([]any)[0].(map[string]any)["productos"].([]any)[0].(map[string]any)["image_path"].(string)
		if !strings.HasPrefix(first, "/media/") {
			t.Fatalf("the demo's first product has no picture: %q", first)
		}
		if r := e.do("GET", "/ordenar-en-linea/1", "", nil); !strings.Contains(r.body, `<link rel="preload" as="image" fetchpriority="high" href="`+first+`">`) {
			t.Fatalf("ordering page without its first picture's hint:\n%s", r.body)
		}
		for path, want := range map[string]string{
			"/cava/1":             `<link rel="preload" as="fetch" crossorigin href="/api/vinos?cliente_id=1">`,
			"/ordenar-en-linea/1": `<link rel="preload" as="fetch" crossorigin href="/api/orders/clover_products_online?cliente_id=1&amp;idioma=es">`,
		} {
			r := e.do("GET", path, "", nil)
			if r.status != 200 || !strings.Contains(r.body, want) || !strings.Contains(r.body, "body{color:#123}") {
				t.Fatalf("%s: %d %s", path, r.status, r.body)
			}
		}
		// A table's QR page: the ordering page's reads and first picture in
		// the page, one per restaurant; the table's own read (the URL's
		// code) in a Link header. A code of another form gets the plain app.
		_, code := e.newTable(41)
		_, other := e.newTable(42)
		table, otherTable := e.do("GET", "/mesa/1/"+code, "", nil), e.do("GET", "/mesa/1/"+other+"/", "", nil)
		menuHint := `<link rel="preload" as="fetch" crossorigin href="/api/orders/clover_products_online?cliente_id=1&amp;idioma=es">`
		if table.status != 200 || !strings.Contains(table.body, menuHint) || !strings.Contains(table.body, `href="`+first+`"`) ||
			strings.Contains(table.body, "/api/mesas/") || table.body != otherTable.body {
			t.Fatalf("table page: %d\n%s", table.status, table.body)
		}
		for _, p := range []struct {
			r    result
			code string
		}{{table, code}, {otherTable, other}} {
			if got, want := p.r.header.Get("Link"), "</api/mesas/1/"+p.code+">; rel=preload; as=fetch; crossorigin"; got != want {
				t.Fatalf("table page's Link: %q, want %q", got, want)
			}
		}
		for _, p := range []string{"/mesa/1/corto", "/mesa/1/" + code + "%3Cx", "/mesa/999/" + code} {
			if r := e.do("GET", p, "", nil); r.status != 200 || r.header.Get("Link") != "" || strings.Contains(r.body, menuHint) {
				t.Fatalf("%s: %d %v", p, r.status, r.header)
			}
		}
		if r := e.do("PUT", "/api/clients/1", e.admin, map[string]any{"estado": "suspendido"}); r.status != 200 {
			t.Fatalf("suspend: %d", r.status)
		}
		if r := e.do("GET", "/cava/1", "", nil); strings.Contains(r.body, "/api/vinos") {
			t.Fatal("a suspended restaurant's cava page names its reads")
		}
		if r := e.do("GET", "/mesa/1/"+code, "", nil); r.header.Get("Link") != "" || strings.Contains(r.body, menuHint) {
			t.Fatal("a suspended restaurant's table page names its reads")
		}
	})
}

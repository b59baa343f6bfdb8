package api_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"carta/internal/demo"
	"carta/internal/qr"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// multipartBody is a ready multipart request body.
type multipartBody struct {
	data        []byte
	contentType string
}

// form builds a multipart body from fields; a field named "file" (or
// "imagen") given as []byte is sent as a file part named fileName.
func form(fields map[string]any, fileName string) multipartBody {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		switch v := v.(type) {
		case []byte:
			fw, _ := w.CreateFormFile(k, fileName)
			fw.Write(v)
		default:
			w.WriteField(k, fmt.Sprint(v))
		}
	}
	w.Close()
	return multipartBody{buf.Bytes(), w.FormDataContentType()}
}

func pngImage(w, h int, c color.Color) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

func newMenuEnv(t testing.TB, db *store.DB) *env {
	e := newEnv(t, db)
	if err := demo.SeedMenus(context.Background(), db, e.pipe); err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *env) mediaFiles() int {
	entries, err := os.ReadDir(e.mediaDir)
	if err != nil {
		e.t.Fatal(err)
	}
	return len(entries)
}

func names(list []any) []string {
	var out []string
	for _, x := range list {
		out = append(out, x.(map[string]any)["name"].(string))
	}
	return out
}

func TestDinerMenu(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		cats := e.do("GET", "/api/categories?cliente_id=1&idioma=es", "", nil)
		if cats.status != 200 {
			t.Fatalf("categories: %d %s", cats.status, cats.body)
		}
		list := cats.json["categorias"].([]any)
		if got := strings.Join(names(list), ","); got != "Entradas,Platos Fuertes,Postres,Bebidas" {
			t.Fatalf("categories %s", got)
		}
		en := e.do("GET", "/api/categories?cliente_id=1&idioma=en", "", nil)
		if got := strings.Join(names(en.json["categorias"].([]any)), ","); got != "Starters,Main Courses,Desserts,Drinks" {
			t.Fatalf("english categories %s", got)
		}
		entradas := int(list[0].(map[string]any)["id"].(float64))
		subs := e.do("GET", fmt.Sprintf("/api/categories/%d/subcategories?cliente_id=1&idioma=es", entradas), "", nil)
		sl := subs.json["subcategorias"].([]any)
		if got := strings.Join(names(sl), ","); got != "Tapas Frías,Tapas Calientes" {
			t.Fatalf("subcategories %s", got)
		}
		if sl[0].(map[string]any)["clover_category_id"] != "C1TAPF" {
			t.Fatalf("subcategory %v", sl[0])
		}
		prods := e.do("GET", "/api/productos?cliente_id=1&category_id=C1TAPF&idioma=es", "", nil)
		pn := names(prods.json["productos"].([]any))
		if !strings.Contains(strings.Join(pn, ","), "Jamón Ibérico") || strings.Contains(strings.Join(pn, ","), "Tabla de Quesos Especial") {
			t.Fatalf("products %v: want visible ones only", pn)
		}
		for _, p := range prods.json["productos"].([]any) {
			m := p.(map[string]any)
			if m["name"] == "Jamón Ibérico" && m["price"] != float64(1850) {
				t.Fatalf("price in cents: %v", m["price"])
			}
		}
		enp := e.do("GET", "/api/productos?cliente_id=1&category_id=C1TAPF&idioma=en", "", nil)
		if !strings.Contains(enp.body, "Iberian Ham") {
			t.Fatalf("english products: %s", enp.body)
		}
		// Another restaurant's category is not found through this one.
		other := e.do("GET", "/api/categories?cliente_id=2", "", nil).json["categorias"].([]any)
		otherID := int(other[0].(map[string]any)["id"].(float64))
		if r := e.do("GET", fmt.Sprintf("/api/categories/%d/subcategories?cliente_id=1", otherID), "", nil); r.status != 404 {
			t.Fatalf("foreign category: %d", r.status)
		}
		pops := e.do("GET", "/api/popups?cliente_id=1", "", nil)
		if !strings.Contains(pops.body, "Promoción de la Casa") {
			t.Fatalf("popups %s", pops.body)
		}
		set := e.do("GET", "/api/clientes/2/configuraciones", "", nil)
		if set.json["moneda"] != "MXN" || set.json["nombre_restaurante"] != "Taquería Demo" {
			t.Fatalf("settings %s", set.body)
		}
	})
}

func TestDinerMenuErrors(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.run(t, []scenario{
			{name: "categories without cliente_id", method: "GET", path: "/api/categories", status: 400, errText: "Error: cliente_id no está disponible."},
			{name: "categories malformed id", method: "GET", path: "/api/categories?cliente_id=x1", status: 400, errText: "Error: cliente_id no está disponible."},
			{name: "categories unknown restaurant", method: "GET", path: "/api/categories?cliente_id=77", status: 404},
			{name: "subcategories bad category", method: "GET", path: "/api/categories/abc/subcategories?cliente_id=1", status: 400,
				errText: "Error: Falta información requerida para cargar productos/subcategorías."},
			{name: "subcategories unknown category", method: "GET", path: "/api/categories/999/subcategories?cliente_id=1", status: 404},
			{name: "settings without id", method: "GET", path: "/api/configuraciones", status: 400},
			{name: "settings unknown", method: "GET", path: "/api/clientes/55/configuraciones", status: 404},
			{name: "settings defaults", method: "GET", path: "/api/configuraciones?cliente_id=1", status: 200,
				fields: map[string]any{"logo": "static/images/default-logo.png", "cardColor": "#f0f0f0", "textColor": "#000000",
					"cardBorderRadius": "8px", "fontSize": "16px", "fontFamily": "Arial"}},
			{name: "popups without id", method: "GET", path: "/api/popups", status: 400},
			{name: "admin product list needs a token", method: "GET", path: "/api/productos?cliente_id=1", status: 401},
			{name: "admin product list of another restaurant", method: "GET", path: "/api/productos?cliente_id=1", token: "owner2", status: 403},
			{name: "admin product list", method: "GET", path: "/api/productos?cliente_id=1", token: "owner1", status: 200},
			{name: "qr unknown restaurant", method: "GET", path: "/api/clientes/9/qr", status: 404},
		})
	})
}

func TestAdminProductListIncludesHidden(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		r := e.do("GET", "/api/productos?cliente_id=1", e.owner1, nil)
		if !strings.Contains(r.body, "Tabla de Quesos Especial") || len(r.json["productos"].([]any)) != 40 {
			t.Fatalf("admin list: %d products", len(r.json["productos"].([]any)))
		}
		if r.header.Get("Cache-Control") != "private, no-store" {
			t.Fatalf("admin list cache header %q", r.header.Get("Cache-Control"))
		}
	})
}

func TestMenuCachingAndChanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		first := e.do("GET", "/api/configuraciones?cliente_id=1", "", nil)
		etag := first.header.Get("ETag")
		if etag == "" || first.header.Get("Cache-Control") != "public, no-cache" {
			t.Fatalf("headers %v", first.header)
		}
		if r := e.do("GET", "/api/configuraciones?cliente_id=1", "", nil, "If-None-Match", etag); r.status != 304 || r.body != "" {
			t.Fatalf("revalidation: %d %q", r.status, r.body)
		}
		// The owner changes the card colour: the next load sees it.
		in := map[string]any{"cliente_id": 1, "cardColor": "#123456", "textColor": "#ffffff", "cardBorderRadius": "12px",
			"fontSize": "18px", "fontFamily": "Georgia", "nombre_restaurante": "La Cava", "moneda": "usd"}
		if r := e.do("POST", "/api/configuraciones", e.owner1, in); r.status != 200 || r.json["moneda"] != "USD" {
			t.Fatalf("save: %d %s", r.status, r.body)
		}
		r := e.do("GET", "/api/configuraciones?cliente_id=1", "", nil, "If-None-Match", etag)
		if r.status != 200 || r.json["cardColor"] != "#123456" || r.header.Get("ETag") == etag {
			t.Fatalf("after change: %d %s etag %s", r.status, r.body, r.header.Get("ETag"))
		}
		// Other restaurants' ETags do not move.
		r2 := e.do("GET", "/api/configuraciones?cliente_id=2", "", nil)
		if r3 := e.do("GET", "/api/configuraciones?cliente_id=2", "", nil, "If-None-Match", r2.header.Get("ETag")); r3.status != 304 {
			t.Fatalf("cliente 2 revalidation: %d", r3.status)
		}
		// A suspended restaurant's menu is not available. The change is made
		// behind this server's back (as another replica would), so it shows
		// once the cached menu state has expired: within its lifetime the
		// cached state answers; past it (the clock moved on) the state is
		// read again.
		if _, err := db.Exec(context.Background(), `UPDATE clientes SET estado = 'suspendido' WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		if r := e.do("GET", "/api/categories?cliente_id=1", "", nil); r.status != 200 {
			t.Fatalf("within the state's lifetime: %d", r.status)
		}
		later := time.Now().Add(time.Minute)
		db.Now = func() time.Time { return later }
		sus := e.do("GET", "/api/categories?cliente_id=1", "", nil)
		if sus.status != 404 || sus.json["error"] != "Este menú no está disponible en este momento." {
			t.Fatalf("suspended: %d %s", sus.status, sus.body)
		}
	})
}

func TestSettingsWrites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		good := func(mod func(m map[string]any)) map[string]any {
			m := map[string]any{"cliente_id": "1", "cardColor": "#abc", "textColor": "#000000", "cardBorderRadius": "8px",
				"fontSize": "16px", "fontFamily": "Arial", "ubicacion_google_maps": "https://maps.google.com/?q=1"}
			if mod != nil {
				mod(m)
			}
			return m
		}
		e.run(t, []scenario{
			{name: "no token", method: "POST", path: "/api/configuraciones", body: good(nil), status: 401},
			{name: "other restaurant", method: "POST", path: "/api/configuraciones", token: "owner2", body: good(nil), status: 403},
			{name: "bad json", method: "POST", path: "/api/configuraciones", token: "owner1", body: `{"cliente_id":`, status: 400},
			{name: "missing cliente_id", method: "POST", path: "/api/configuraciones", token: "owner1", body: good(func(m map[string]any) { delete(m, "cliente_id") }), status: 400},
			{name: "bad colour", method: "POST", path: "/api/configuraciones", token: "owner1", body: good(func(m map[string]any) { m["cardColor"] = "red;}" }), status: 400},
			{name: "bad font", method: "POST", path: "/api/configuraciones", token: "owner1", body: good(func(m map[string]any) { m["fontFamily"] = "Comic Sans" }), status: 400},
			{name: "bad radius", method: "POST", path: "/api/configuraciones", token: "owner1", body: good(func(m map[string]any) { m["cardBorderRadius"] = "500px" }), status: 400},
			{name: "bad maps link", method: "POST", path: "/api/configuraciones", token: "owner1", body: good(func(m map[string]any) { m["ubicacion_google_maps"] = "javascript:alert(1)" }), status: 400},
			{name: "owner saves", method: "POST", path: "/api/configuraciones", token: "owner1", body: good(nil), status: 200, fields: map[string]any{"cardColor": "#abc"}},
			{name: "admin saves any", method: "POST", path: "/api/configuraciones", token: "admin", body: good(func(m map[string]any) { m["cliente_id"] = 2 }), status: 200},
		})
		// Failed writes changed nothing.
		if r := e.do("GET", "/api/configuraciones?cliente_id=1", "", nil); r.json["fontFamily"] != "Arial" || r.json["cardColor"] != "#abc" {
			t.Fatalf("settings after the table: %s", r.body)
		}
	})
}

func TestUploads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		img := pngImage(600, 300, color.RGBA{200, 30, 30, 255})
		truncated := img[:len(img)/2]
		big := bytes.Repeat([]byte{0xff, 0xd8, 0xff, 0xe0}, (3<<20)/4)
		before := e.mediaFiles()
		e.run(t, []scenario{
			{name: "logo no token", method: "POST", path: "/api/configuraciones/logo", body: form(map[string]any{"cliente_id": 1, "file": img}, "l.png"), status: 401},
			{name: "logo other restaurant", method: "POST", path: "/api/configuraciones/logo", token: "owner2", body: form(map[string]any{"cliente_id": 1, "file": img}, "l.png"), status: 403},
			{name: "logo text named png", method: "POST", path: "/api/configuraciones/logo", token: "owner1", body: form(map[string]any{"cliente_id": 1, "file": []byte("hello, I am text")}, "logo.png"), status: 400, errText: "Formato no soportado."},
			{name: "logo truncated", method: "POST", path: "/api/configuraciones/logo", token: "owner1", body: form(map[string]any{"cliente_id": 1, "file": truncated}, "l.png"), status: 400},
			{name: "logo oversized", method: "POST", path: "/api/configuraciones/background", token: "owner1", body: form(map[string]any{"cliente_id": 1, "file": big}, "b.jpg"), status: 400},
			{name: "logo without file", method: "POST", path: "/api/configuraciones/logo", token: "owner1", body: form(map[string]any{"cliente_id": 1}, ""), status: 400},
			{name: "logo not multipart", method: "POST", path: "/api/configuraciones/logo", token: "owner1", body: `{}`, status: 400},
			{name: "popup no token", method: "POST", path: "/api/popups", body: form(map[string]any{"cliente_id": 1, "name": "P", "file": img}, "p.png"), status: 401},
			{name: "popup other restaurant", method: "POST", path: "/api/popups", token: "owner2", body: form(map[string]any{"cliente_id": 1, "name": "P", "file": img}, "p.png"), status: 403},
			{name: "popup no cliente_id", method: "POST", path: "/api/popups", token: "owner1", body: form(map[string]any{"name": "P", "file": img}, "p.png"), status: 400, errText: "Error: cliente_id no definido."},
			{name: "popup no name", method: "POST", path: "/api/popups", token: "owner1", body: form(map[string]any{"cliente_id": 1, "file": img}, "p.png"), status: 400},
			{name: "popup text file", method: "POST", path: "/api/popups", token: "owner1", body: form(map[string]any{"cliente_id": 1, "name": "P", "file": []byte("GIF89a-not-really")}, "p.gif"), status: 400},
		})
		if n := e.mediaFiles(); n != before {
			t.Fatalf("rejected uploads stored %d files", n-before)
		}
		if n, _ := e.api.Menu.Popups(context.Background(), tenant.PublicMenu(1), "es"); len(n) != 0 {
			t.Fatalf("rejected popups stored: %v", n)
		}

		r := e.do("POST", "/api/configuraciones/logo", e.owner1, form(map[string]any{"cliente_id": 1, "file": img}, "logo.png"))
		if r.status != 200 || !strings.HasPrefix(r.json["url"].(string), "/media/") {
			t.Fatalf("logo: %d %s", r.status, r.body)
		}
		logo := r.json["url"].(string)
		if got := e.do("GET", "/api/configuraciones?cliente_id=1", "", nil).json["logo"]; got != logo {
			t.Fatalf("settings logo %v, want %s", got, logo)
		}
		served := e.do("GET", logo, "", nil)
		if served.status != 200 || served.header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("serving %s: %d %v", logo, served.status, served.header)
		}
		// Replacing the logo leaves the old file to the media sweep, which
		// removes it once it has gone unused for the grace period.
		r = e.do("POST", "/api/configuraciones/logo", e.owner1, form(map[string]any{"cliente_id": 1, "file": pngImage(50, 50, color.White)}, "x.png"))
		if r.status != 200 {
			t.Fatal(r.body)
		}
		e.sweepLater()
		if e.do("GET", logo, "", nil).status != 404 || e.do("GET", r.json["url"].(string), "", nil).status != 200 {
			t.Fatal("the sweep kept the replaced logo or removed the new one")
		}

		p := e.do("POST", "/api/popups", e.owner1, form(map[string]any{"cliente_id": 1, "name": "Nueva", "file": img}, "p.png"))
		if p.status != 201 || p.json["file_type"] != "image/png" && p.json["file_type"] != "image/jpeg" {
			t.Fatalf("popup: %d %s", p.status, p.body)
		}
		pid := int(p.json["id"].(float64))
		p2 := e.do("POST", "/api/popups", e.owner1, form(map[string]any{"cliente_id": 1, "name": "Más nueva", "file": img}, "p.png"))
		var list []map[string]any
		json.Unmarshal([]byte(e.do("GET", "/api/popups?cliente_id=1", "", nil).body), &list)
		if len(list) != 2 || list[0]["name"] != "Más nueva" {
			t.Fatalf("popups newest first: %v", list)
		}
		e.run(t, []scenario{
			{name: "delete popup no token", method: "DELETE", path: fmt.Sprintf("/api/popups/%d", pid), status: 401},
			{name: "delete popup other restaurant", method: "DELETE", path: fmt.Sprintf("/api/popups/%d", pid), token: "owner2", status: 404},
			{name: "delete popup unknown", method: "DELETE", path: "/api/popups/99999", token: "owner1", status: 404},
			{name: "delete popup", method: "DELETE", path: fmt.Sprintf("/api/popups/%d", pid), token: "owner1", status: 204},
			{name: "delete popup again", method: "DELETE", path: fmt.Sprintf("/api/popups/%d", pid), token: "owner1", status: 404},
			{name: "admin must name the restaurant", method: "DELETE", path: fmt.Sprintf("/api/popups/%v", p2.json["id"]), token: "admin", status: 400},
			{name: "admin deletes any popup", method: "DELETE", path: fmt.Sprintf("/api/popups/%v?cliente_id=1", p2.json["id"]), token: "admin", status: 204},
		})
	})
}

func TestDinerTokenCannotWriteMenu(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		tok := dinerToken(t, e)
		img := pngImage(10, 10, color.Black)
		for _, sc := range []struct {
			path string
			body any
		}{
			{"/api/configuraciones", map[string]any{"cliente_id": 1}},
			{"/api/configuraciones/logo", form(map[string]any{"cliente_id": 1, "file": img}, "a.png")},
			{"/api/configuraciones/background", form(map[string]any{"cliente_id": 1, "file": img}, "a.png")},
			{"/api/popups", form(map[string]any{"cliente_id": 1, "name": "x", "file": img}, "a.png")},
		} {
			if r := e.do("POST", sc.path, tok, sc.body); r.status != 403 {
				t.Errorf("diner POST %s: %d", sc.path, r.status)
			}
		}
		if r := e.do("DELETE", "/api/popups/1", tok, nil); r.status != 403 {
			t.Errorf("diner DELETE popup: %d", r.status)
		}
	})
}

func TestQRCode(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		svg := e.do("GET", "/api/clientes/1/qr?format=svg", "", nil)
		if svg.status != 200 || svg.header.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(svg.body, "<svg") {
			t.Fatalf("svg: %d %s", svg.status, svg.header)
		}
		// A table's code opens the same menu with the table's number.
		mesa := e.do("GET", "/api/clientes/1/qr?format=svg&mesa=7", "", nil)
		want, _ := qr.SVG("https://carta.example/menu/1?mesa=7", true)
		if mesa.status != 200 || mesa.body != string(want) || mesa.body == svg.body ||
			!strings.Contains(mesa.header.Get("Content-Disposition"), "menu-1-mesa-7-qr.svg") {
			t.Fatalf("table 7: %d %s", mesa.status, mesa.header)
		}
		for _, bad := range []string{"0", "501", "x", "-1"} {
			if r := e.do("GET", "/api/clientes/1/qr?mesa="+bad, "", nil); r.status != 400 {
				t.Errorf("mesa=%s: %d", bad, r.status)
			}
		}
		p := e.do("GET", "/api/clientes/1/qr", "", nil)
		img, err := png.Decode(strings.NewReader(p.body))
		if err != nil || img.Bounds().Dx() < 256 {
			t.Fatalf("png: %v", err)
		}
	})
}

func TestMenuPagePreloads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		hints := []string{`<link rel="preload" as="fetch" crossorigin href="/api/configuraciones?cliente_id=%d">`,
			`href="/api/categories?cliente_id=%d&amp;idioma=es"`, `href="/api/popups?cliente_id=%d"`,
			`<link rel="modulepreload" crossorigin href="/assets/shared-x2.js">`, `href="/assets/MenuPage-x1.js"`,
			// The page's own stylesheet comes inlined, its link disabled (the app does not add it again).
			`<style>.menu-page{color:#456}</style><link rel="stylesheet" crossorigin href="/assets/MenuPage-x3.css" disabled>`, `href="/assets/es-x4.js"`,
			`<link rel="modulepreload" crossorigin href="/assets/vendor-x6.js">`}
		fill := func(h string, id int) string { return strings.ReplaceAll(h, "%d", strconv.Itoa(id)) }

		// Without an image promotion there is no copy: the code and the menu's
		// first calls are hinted in the head.
		var pops []struct{ ID int64 }
		if err := json.Unmarshal([]byte(e.do("GET", "/api/popups?cliente_id=2", "", nil).body), &pops); err != nil || len(pops) == 0 {
			t.Fatalf("popups of restaurant 2: %v %v", pops, err)
		}
		for _, p := range pops {
			if r := e.do("DELETE", fmt.Sprintf("/api/popups/%d", p.ID), e.owner2, nil); r.status != 204 {
				t.Fatalf("delete popup: %d", r.status)
			}
		}
		plain := e.do("GET", "/restaurante/2/menu", "", nil).body
		for _, h := range hints {
			if !strings.Contains(plain, fill(h, 2)) {
				t.Fatalf("menu page does not preload %s:\n%s", h, plain)
			}
		}
		// The pictures of the categories' first row (two on a phone) too.
		cats := e.do("GET", "/api/categories?cliente_id=2", "", nil).json["categorias"].([]any)
		for i, c := range cats {
			img := fmt.Sprintf(`<link rel="preload" as="image" fetchpriority="high" href="%s">`, c.(map[string]any)["image_path"])
			if strings.Contains(plain, img) != (i < 2) {
				t.Fatalf("category %d picture preloaded: %v\n%s", i, i >= 2, plain)
			}
		}
		if strings.Contains(plain, `modulepreload crossorigin href="/assets/app-abc12.js"`) || strings.Contains(plain, "menu-shell") ||
			!strings.Contains(plain, `<script type="module" crossorigin src="/assets/app-abc12.js"></script>`) {
			t.Fatalf("menu page without a promotion copy:\n%s", plain)
		}

		// Restaurant 1 paints a static copy of its image promotion; the code
		// and the hints wait in the copy's script until the image has painted.
		page := e.do("GET", "/menu/1", "", nil).body
		head, bodyHTML, _ := strings.Cut(page, "</head>")
		if strings.Count(head, `as="image"`) != 1 || !strings.Contains(head, `<link rel="preload" as="image" fetchpriority="high" href="/media/`) ||
			strings.Contains(head, "<script") || strings.Contains(head, "modulepreload") || strings.Contains(head, `as="fetch"`) {
			t.Fatalf("menu page head:\n%s", head)
		}
		if !strings.Contains(bodyHTML, `<div id="menu-shell" aria-hidden="true"><div><p data-t="Promoción de la Casa"></p><img src="/media/`) ||
			!strings.Contains(bodyHTML, `width="900" height="600"`) || !strings.Contains(bodyHTML, "popup_data_") ||
			!strings.Contains(bodyHTML, `"cliente":"1","popup":{"id":`) || !strings.Contains(bodyHTML, `"entry":"/assets/app-abc12.js"`) {
			t.Fatalf("menu page has no promotion copy:\n%s", bodyHTML)
		}
		for _, h := range hints {
			if js, _ := json.Marshal(fill(h, 1)); !strings.Contains(bodyHTML, string(js[1:len(js)-1])) {
				t.Fatalf("the copy's script does not add %s:\n%s", h, bodyHTML)
			}
		}
		// The menu page inlines its stylesheets; a disabled link keeps the app
		// from fetching them again.
		if !strings.Contains(page, `<style>body{color:#123}</style><link rel="stylesheet" crossorigin href="/assets/app-x5.css" disabled>`) {
			t.Fatalf("menu page stylesheets not inlined:\n%s", page)
		}
		if login := e.do("GET", "/login", "", nil).body; strings.Contains(login, "menu-shell") || strings.Contains(login, "disabled") ||
			!strings.Contains(login, `<link rel="stylesheet" crossorigin href="/assets/app-x5.css">`) {
			t.Fatalf("staff page changed:\n%s", login)
		}
		// The page is cached per menu version: a new promotion shows at once.
		if r := e.do("POST", "/api/popups", e.owner1, form(map[string]any{"cliente_id": 1, "name": "Nueva promo", "file": pngImage(300, 200, color.White)}, "p.png")); r.status != 201 {
			t.Fatalf("popup: %d %s", r.status, r.body)
		}
		if again := e.do("GET", "/menu/1", "", nil).body; !strings.Contains(again, `data-t="Nueva promo"`) || !strings.Contains(again, `width="300" height="200"`) {
			t.Fatalf("menu page after a new promotion:\n%s", again)
		}
		if strings.Contains(e.do("GET", "/menu/1?categoria=1", "", nil).body, "menu-shell") {
			t.Fatal("a deeper view paints the promotion copy")
		}
		if r := e.do("GET", "/.vite/manifest.json", "", nil); strings.Contains(r.body, "MenuPage") {
			t.Fatal("the build manifest is served")
		}
		for _, p := range []string{"/login", "/menu/99", "/menu/1?categoria=3", "/dashboard/1"} {
			if b := e.do("GET", p, "", nil).body; strings.Contains(b, `rel="preload"`) || strings.Contains(b, "<style>") {
				t.Fatalf("%s has preload hints", p)
			}
		}
	})
}

// BenchmarkMenuAPI measures the whole handler (middleware included) of the
// diner menu's hot calls, in-process: go test ./internal/api -run x -bench MenuAPI -benchmem
func BenchmarkMenuAPI(b *testing.B) {
	e := newMenuEnv(b, storetest.Open(b, store.SQLite))
	h := e.srv.Config.Handler
	for _, path := range []string{"/api/categories?cliente_id=1&idioma=es", "/api/productos?cliente_id=1&category_id=C1TAPF&idioma=es"} {
		b.Run(path[:strings.IndexByte(path, '?')], func(b *testing.B) {
			req := httptest.NewRequest("GET", path, nil)
			b.ReportAllocs()
			for b.Loop() {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != 200 {
					b.Fatal(w.Code)
				}
			}
		})
	}
}

// Made-up category ids are refused before the cache or the database: an
// absurd id is a 400, an unknown one a 404, and neither adds an entry.
func TestMenuReadsOfUnknownIDs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		if r := e.do("GET", "/api/productos?cliente_id=1&category_id=C1TAPF", "", nil); r.status != 200 {
			t.Fatalf("a real category: %d", r.status)
		}
		entries := func() int { return e.api.Site.CacheEntries() }
		before := entries()
		huge := strings.Repeat("A", 900_000)
		for i := range 150 {
			for _, c := range []struct {
				path   string
				status int
			}{
				{fmt.Sprintf("/api/productos?cliente_id=1&category_id=X%d", i), 404},
				{fmt.Sprintf("/api/productos?cliente_id=1&category_id=%d%%2Fx", i), 400},
				{fmt.Sprintf("/api/categories/%d/subcategories?cliente_id=1", 100000+i), 404},
			} {
				if r := e.do("GET", c.path, "", nil); r.status != c.status {
					t.Fatalf("%s: %d, want %d", c.path, r.status, c.status)
				}
			}
		}
		if r := e.do("GET", "/api/productos?cliente_id=1&category_id="+huge, "", nil); r.status != 400 {
			t.Fatalf("a 900 KB id: %d", r.status)
		}
		if got := entries(); got != before {
			t.Fatalf("made-up ids added %d cache entries", got-before)
		}
	})
}

// TestContentSecurityPolicy: every HTML page carries a strict policy; the
// menu page's inline scripts are allowed by their hashes, nothing else
// inline runs, and Stripe's origins appear only where Stripe is configured.
func TestContentSecurityPolicy(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		strict := func(t *testing.T, path, csp string) {
			t.Helper()
			for _, want := range []string{"default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self'"} {
				if !strings.Contains(csp, want) {
					t.Fatalf("%s: CSP %q lacks %q", path, csp, want)
				}
			}
			script := csp[strings.Index(csp, "script-src"):]
			script = script[:strings.IndexByte(script, ';')]
			if strings.Contains(script, "unsafe-inline") || strings.Contains(script, "unsafe-eval") || strings.Contains(csp, "stripe") {
				t.Fatalf("%s: script policy %q", path, script)
			}
		}
		for _, p := range []string{"/", "/login", "/dashboard/1", "/menu/2", "/no/such/page"} {
			r := e.do("GET", p, "", nil)
			strict(t, p, r.header.Get("Content-Security-Policy"))
		}
		// The menu page with a promotion copy runs one inline script: its
		// SHA-256 is in the policy, so the browser runs it and nothing else.
		r := e.do("GET", "/menu/1", "", nil)
		csp := r.header.Get("Content-Security-Policy")
		strict(t, "/menu/1", csp)
		m := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(r.body, -1)
		if len(m) != 1 {
			t.Fatalf("menu page has %d inline scripts", len(m))
		}
		sum := sha256.Sum256([]byte(m[0][1]))
		if !strings.Contains(csp, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
			t.Fatalf("CSP %q does not allow the page's script", csp)
		}
		// A revalidated page keeps its policy.
		if r2 := e.do("GET", "/menu/1", "", nil, "If-None-Match", r.header.Get("Etag")); r2.status != 304 {
			t.Fatalf("revalidation: %d", r2.status)
		}
		// JSON and media are not pages.
		if r := e.do("GET", "/api/categories?cliente_id=1", "", nil); r.header.Get("Content-Security-Policy") != "" {
			t.Fatal("JSON answer with a page policy")
		}
	})
}

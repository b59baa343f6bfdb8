package api_test

import (
	"context"
	"fmt"
	"image/color"
	"strings"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// firstCategory returns the id of cliente's first main category.
func (e *env) firstCategory(cliente int) int {
	r := e.do("GET", fmt.Sprintf("/api/categories?cliente_id=%d", cliente), "", nil)
	return int(r.json["categorias"].([]any)[0].(map[string]any)["id"].(float64))
}

// productID finds a product of cliente by Spanish name in the admin list.
func (e *env) productID(token string, cliente int, name string) int {
	r := e.do("GET", fmt.Sprintf("/api/productos?cliente_id=%d", cliente), token, nil)
	for _, p := range r.json["productos"].([]any) {
		m := p.(map[string]any)
		if m["name"] == name {
			return int(m["id"].(float64))
		}
	}
	e.t.Fatalf("no product %q", name)
	return 0
}

func TestCatalogAdmin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		cat := e.firstCategory(1)
		jamon := e.productID(e.owner1, 1, "Jamón Ibérico")
		img := pngImage(800, 800, color.RGBA{10, 120, 60, 255})
		e.run(t, []scenario{
			// Sync.
			{name: "sync no token", method: "POST", path: "/api/clover/sync-all", body: map[string]any{"cliente_id": 1}, status: 401},
			{name: "sync other restaurant", method: "POST", path: "/api/clover/sync-all", token: "owner2", body: map[string]any{"cliente_id": 1}, status: 403},
			{name: "sync bad json", method: "POST", path: "/api/clover/sync-all", token: "owner1", body: `nope`, status: 400},
			{name: "sync", method: "POST", path: "/api/clover/sync-all", token: "owner1", body: map[string]any{"cliente_id": 1}, status: 200,
				fields: map[string]any{"message": "Sincronización completada exitosamente."}},
			{name: "sync by admin", method: "POST", path: "/api/clover/sync-all", token: "admin", body: map[string]any{"cliente_id": "2"}, status: 200},
			// POS categories for the picker.
			{name: "pos categories", method: "GET", path: "/api/clover/categories?cliente_id=1", token: "owner1", status: 200},
			{name: "pos categories other restaurant", method: "GET", path: "/api/clover/categories?cliente_id=1", token: "owner2", status: 403},
			{name: "pos categories no token", method: "GET", path: "/api/clover/categories?cliente_id=1", status: 401},
			// Main categories.
			{name: "create no name", method: "POST", path: "/api/categories", token: "owner1", body: map[string]any{"name": "  ", "cliente_id": 1, "merchant_id": "DEMOMERCHANT1"},
				status: 400, errText: "El nombre de la categoría es obligatorio."},
			{name: "create no cliente", method: "POST", path: "/api/categories", token: "owner1", body: map[string]any{"name": "Vinos"},
				status: 400, errText: "Error: Cliente o Merchant no identificado."},
			{name: "create wrong merchant", method: "POST", path: "/api/categories", token: "owner1", body: map[string]any{"name": "Vinos", "cliente_id": 1, "merchant_id": "DEMOMERCHANT2"}, status: 400},
			{name: "create other restaurant", method: "POST", path: "/api/categories", token: "owner2", body: map[string]any{"name": "Vinos", "cliente_id": 1}, status: 403},
			{name: "create foreign image path", method: "POST", path: "/api/categories", token: "owner1", body: map[string]any{"name": "Vinos", "cliente_id": 1, "image_path": "javascript:x"}, status: 400},
			{name: "create", method: "POST", path: "/api/categories", token: "owner1", body: map[string]any{"name": "Vinos", "name_en": "Wines", "cliente_id": 1, "merchant_id": "DEMOMERCHANT1"},
				status: 201, fields: map[string]any{"message": "Categoría creada exitosamente."}},
			// An object of another restaurant is not found within the
			// caller's (or the named) restaurant.
			{name: "rename other restaurant", method: "PUT", path: fmt.Sprintf("/api/categories/%d", cat), token: "owner2", body: map[string]any{"name_en": "X"}, status: 404},
			{name: "set english name", method: "PUT", path: fmt.Sprintf("/api/categories/%d", cat), token: "owner1", body: map[string]any{"name_en": "Appetizers"}, status: 200},
			// Subcategories.
			{name: "assign none", method: "POST", path: fmt.Sprintf("/api/categories/%d/subcategories", cat), token: "owner1", body: map[string]any{"cliente_id": 1, "cloverCategoryIds": []string{}},
				status: 400, errText: "Selecciona una categoría principal y al menos una categoría de Clover."},
			{name: "assign unknown pos category", method: "POST", path: fmt.Sprintf("/api/categories/%d/subcategories", cat), token: "owner1", body: map[string]any{"cliente_id": 1, "cloverCategoryIds": []string{"NOPE"}}, status: 400},
			{name: "assign other tenant's pos category", method: "POST", path: fmt.Sprintf("/api/categories/%d/subcategories", cat), token: "owner1", body: map[string]any{"cliente_id": 1, "cloverCategoryIds": []string{"C2TAC"}}, status: 400},
			{name: "assign other restaurant", method: "POST", path: fmt.Sprintf("/api/categories/%d/subcategories", cat), token: "owner2", body: map[string]any{"cliente_id": 2, "cloverCategoryIds": []string{"C1POST"}}, status: 404},
			{name: "assign mismatched cliente_id", method: "POST", path: fmt.Sprintf("/api/categories/%d/subcategories", cat), token: "admin", body: map[string]any{"cliente_id": 2, "cloverCategoryIds": []string{"C1POST"}}, status: 404},
			{name: "assign with clamped position", method: "POST", path: fmt.Sprintf("/api/categories/%d/subcategories", cat), token: "owner1",
				body: map[string]any{"cliente_id": 1, "cloverCategoryIds": []string{"C1POST"}, "positions": map[string]int{"C1POST": -4}}, status: 200,
				fields: map[string]any{"message": "Subcategorías asignadas exitosamente."}},
			{name: "remove subcategory other restaurant", method: "DELETE", path: fmt.Sprintf("/api/categories/%d/subcategories/C1TAPC?cliente_id=1", cat), token: "owner2", status: 403},
			{name: "remove subcategory", method: "DELETE", path: fmt.Sprintf("/api/categories/%d/subcategories/C1TAPC?cliente_id=1", cat), token: "owner1", status: 200,
				fields: map[string]any{"message": "Subcategoría eliminada correctamente."}},
			{name: "remove subcategory again", method: "DELETE", path: fmt.Sprintf("/api/categories/%d/subcategories/C1TAPC?cliente_id=1", cat), token: "owner1", status: 404},
			// Images.
			{name: "category image other restaurant", method: "POST", path: fmt.Sprintf("/api/categorias/%d/imagen?cliente_id=1", cat), token: "owner2", body: form(map[string]any{"image": img}, "c.png"), status: 403},
			{name: "category image missing", method: "POST", path: fmt.Sprintf("/api/categorias/%d/imagen?cliente_id=1", cat), token: "owner1", body: form(map[string]any{"x": "1"}, ""), status: 400,
				errText: "Selecciona una imagen."},
			{name: "category image text", method: "POST", path: fmt.Sprintf("/api/categorias/%d/imagen?cliente_id=1", cat), token: "owner1", body: form(map[string]any{"image": []byte("text")}, "c.png"), status: 400},
			{name: "category image", method: "POST", path: fmt.Sprintf("/api/categorias/%d/imagen?cliente_id=1", cat), token: "owner1", body: form(map[string]any{"image": img}, "c.png"), status: 200},
			// Products.
			{name: "description empty", method: "PUT", path: fmt.Sprintf("/api/productos/%d/descripcion", jamon), token: "owner1", body: map[string]any{"cliente_id": 1, "description": "   "},
				status: 400, errText: "La descripción no puede estar vacía."},
			{name: "description other restaurant", method: "PUT", path: fmt.Sprintf("/api/productos/%d/descripcion", jamon), token: "owner2", body: map[string]any{"cliente_id": 2, "description": "x"}, status: 404},
			{name: "description mismatched cliente", method: "PUT", path: fmt.Sprintf("/api/productos/%d/descripcion", jamon), token: "admin", body: map[string]any{"cliente_id": 2, "description": "x"}, status: 404},
			{name: "description unknown product", method: "PUT", path: "/api/productos/99999/descripcion", token: "owner1", body: map[string]any{"cliente_id": 1, "description": "x"}, status: 404},
			{name: "description", method: "PUT", path: fmt.Sprintf("/api/productos/%d/descripcion", jamon), token: "owner1", body: map[string]any{"cliente_id": 1, "description": "  De bellota, 48 meses.  "},
				status: 200, fields: map[string]any{"message": "Descripción actualizada correctamente.", "description": "De bellota, 48 meses."}},
			{name: "translation", method: "PUT", path: fmt.Sprintf("/api/productos/%d/traduccion", jamon), token: "owner1", body: map[string]any{"cliente_id": 1, "idioma": "en", "name": "Acorn-fed Ham", "description": "Aged 48 months."}, status: 200},
			{name: "translation bad language", method: "PUT", path: fmt.Sprintf("/api/productos/%d/traduccion", jamon), token: "owner1", body: map[string]any{"cliente_id": 1, "idioma": "fr", "name": "x"}, status: 400},
			{name: "visibility missing field", method: "PUT", path: fmt.Sprintf("/api/clover/products/%d/visibility", jamon), token: "owner1", body: map[string]any{"cliente_id": 1}, status: 400},
			{name: "visibility other restaurant", method: "PUT", path: fmt.Sprintf("/api/clover/products/%d/visibility", jamon), token: "owner2", body: map[string]any{"cliente_id": 2, "visible": false}, status: 404},
			{name: "hide", method: "PUT", path: fmt.Sprintf("/api/clover/products/%d/visibility", jamon), token: "owner1", body: map[string]any{"cliente_id": 1, "visible": false}, status: 200},
			{name: "product image other restaurant", method: "POST", path: fmt.Sprintf("/api/clover/products/%d/image", jamon), token: "owner2", body: form(map[string]any{"cliente_id": 2, "image": img}, "p.jpg"), status: 404},
			{name: "product image truncated", method: "POST", path: fmt.Sprintf("/api/clover/products/%d/image", jamon), token: "owner1", body: form(map[string]any{"cliente_id": 1, "image": img[:200]}, "p.jpg"), status: 400},
			{name: "product image", method: "POST", path: fmt.Sprintf("/api/clover/products/%d/image", jamon), token: "owner1", body: form(map[string]any{"cliente_id": 1, "image": img}, "p.jpg"), status: 200},
			// Deleting a category.
			{name: "delete other restaurant", method: "DELETE", path: fmt.Sprintf("/api/categories/%d", cat), token: "owner2", status: 404},
			{name: "delete unknown", method: "DELETE", path: "/api/categories/99999", token: "owner1", status: 404},
		})

		// What the diner sees follows the owner's edits.
		en := e.do("GET", "/api/categories?cliente_id=1&idioma=en", "", nil).body
		if !strings.Contains(en, "Appetizers") || !strings.Contains(en, "Wines") {
			t.Fatalf("english categories: %s", en)
		}
		subs := e.do("GET", fmt.Sprintf("/api/categories/%d/subcategories?cliente_id=1", cat), "", nil)
		var order []string
		for _, s := range subs.json["subcategorias"].([]any) {
			m := s.(map[string]any)
			order = append(order, fmt.Sprintf("%s@%v", m["clover_category_id"], m["position"]))
		}
		if strings.Join(order, ",") != "C1TAPF@1,C1POST@1" && strings.Join(order, ",") != "C1POST@1,C1TAPF@1" {
			t.Fatalf("subcategories after edits: %v", order)
		}
		cold := e.do("GET", "/api/productos?cliente_id=1&category_id=C1TAPF", "", nil).body
		if strings.Contains(cold, "Jamón Ibérico") {
			t.Fatal("a hidden product is still on the menu")
		}
		// A sync keeps every local edit.
		if r := e.do("POST", "/api/clover/sync-all", e.owner1, map[string]any{"cliente_id": 1}); r.status != 200 {
			t.Fatal(r.body)
		}
		admin := e.do("GET", "/api/productos?cliente_id=1&idioma=en", e.owner1, nil)
		for _, p := range admin.json["productos"].([]any) {
			m := p.(map[string]any)
			if int(m["id"].(float64)) == jamon {
				if m["name"] != "Acorn-fed Ham" || m["visible"] != false || !strings.HasPrefix(m["image_path"].(string), "/media/") {
					t.Fatalf("local edits lost by sync: %v", m)
				}
			}
		}
		if r := e.do("DELETE", fmt.Sprintf("/api/categories/%d", cat), e.owner1, nil); r.status != 200 {
			t.Fatal(r.body)
		}
		if r := e.do("GET", fmt.Sprintf("/api/categories/%d/subcategories?cliente_id=1", cat), "", nil); r.status != 404 {
			t.Fatalf("deleted category still served: %d", r.status)
		}
	})
}

func TestCatalogDinerTokenForbidden(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		tok := dinerToken(t, e)
		for _, c := range []struct{ method, path string }{
			{"POST", "/api/clover/sync-all"}, {"GET", "/api/clover/categories?cliente_id=1"}, {"POST", "/api/categories"},
			{"PUT", "/api/categories/1"}, {"DELETE", "/api/categories/1"}, {"POST", "/api/categorias/1/imagen"},
			{"POST", "/api/categories/1/subcategories"}, {"DELETE", "/api/categories/1/subcategories/X"},
			{"PUT", "/api/productos/1/descripcion"}, {"PUT", "/api/productos/1/traduccion"},
			{"PUT", "/api/clover/products/1/visibility"}, {"POST", "/api/clover/products/1/image"},
		} {
			if r := e.do(c.method, c.path, tok, map[string]any{"cliente_id": 1}); r.status != 403 {
				t.Errorf("diner %s %s: %d", c.method, c.path, r.status)
			}
			if r := e.do(c.method, c.path, "", map[string]any{"cliente_id": 1}); r.status != 401 {
				t.Errorf("anonymous %s %s: %d", c.method, c.path, r.status)
			}
		}
		_ = context.Background()
	})
}

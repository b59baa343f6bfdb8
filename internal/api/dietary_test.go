package api_test

import (
	"fmt"
	"strings"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// productJSON finds product id in a list answer's "productos".
func productJSON(list any, id int) map[string]any {
	for _, p := range list.([]any) {
		if m := p.(map[string]any); int(m["id"].(float64)) == id {
			return m
		}
	}
	return nil
}

func TestDietaryAndBulkVisibility(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		gazpacho := e.productID(e.owner1, 1, "Gazpacho Andaluz")
		boquerones := e.productID(e.owner1, 1, "Boquerones en Vinagre")
		tacos := e.productID(e.owner2, 2, "Taco al Pastor")
		path := fmt.Sprintf("/api/productos/%d/alergenos", gazpacho)
		before := e.do("GET", "/api/productos?cliente_id=1&category_id=C1TAPF", "", nil)
		e.run(t, []scenario{
			{name: "no token", method: "PUT", path: path, body: map[string]any{"cliente_id": 1, "alergenos": []string{}, "etiquetas": []string{}}, status: 401},
			{name: "other restaurant named", method: "PUT", path: path, token: "owner2", body: map[string]any{"cliente_id": 1, "alergenos": []string{}, "etiquetas": []string{}}, status: 403},
			{name: "other restaurant's product", method: "PUT", path: path, token: "owner2", body: map[string]any{"cliente_id": 2, "alergenos": []string{}, "etiquetas": []string{}}, status: 404},
			{name: "missing fields", method: "PUT", path: path, token: "owner1", body: map[string]any{"cliente_id": 1}, status: 400},
			{name: "unknown allergen", method: "PUT", path: path, token: "owner1", body: map[string]any{"cliente_id": 1, "alergenos": []string{"nueces"}, "etiquetas": []string{}},
				status: 400, errText: "Alérgeno desconocido."},
			{name: "unknown tag", method: "PUT", path: path, token: "owner1", body: map[string]any{"cliente_id": 1, "alergenos": []string{}, "etiquetas": []string{"keto"}},
				status: 400, errText: "Etiqueta dietética desconocida."},
			{name: "contradiction", method: "PUT", path: path, token: "owner1", body: map[string]any{"cliente_id": 1, "alergenos": []string{"leche"}, "etiquetas": []string{"vegano"}}, status: 400},
			{name: "set", method: "PUT", path: path, token: "owner1", body: map[string]any{"cliente_id": 1, "alergenos": []string{"sulfitos", "apio"}, "etiquetas": []string{"vegano"}},
				status: 200, fields: map[string]any{"message": "Alérgenos guardados."}},
			{name: "set by admin", method: "PUT", path: path, token: "admin", body: map[string]any{"cliente_id": 1, "alergenos": []string{"apio", "sulfitos"}, "etiquetas": []string{"vegano", "sin_gluten"}}, status: 200},

			{name: "bulk no token", method: "PUT", path: "/api/clover/products/visibility", body: map[string]any{"cliente_id": 1, "ids": []int{gazpacho}, "visible": false}, status: 401},
			{name: "bulk other restaurant", method: "PUT", path: "/api/clover/products/visibility", token: "owner2", body: map[string]any{"cliente_id": 1, "ids": []int{gazpacho}, "visible": false}, status: 403},
			{name: "bulk mixed restaurants", method: "PUT", path: "/api/clover/products/visibility", token: "owner1", body: map[string]any{"cliente_id": 1, "ids": []int{boquerones, tacos}, "visible": false}, status: 404},
			{name: "bulk empty", method: "PUT", path: "/api/clover/products/visibility", token: "owner1", body: map[string]any{"cliente_id": 1, "ids": []int{}, "visible": false},
				status: 400, errText: "Selecciona entre 1 y 500 productos."},
			{name: "bulk missing visible", method: "PUT", path: "/api/clover/products/visibility", token: "owner1", body: map[string]any{"cliente_id": 1, "ids": []int{boquerones}}, status: 400},
			{name: "bulk hide", method: "PUT", path: "/api/clover/products/visibility", token: "owner1", body: map[string]any{"cliente_id": 1, "ids": []int{boquerones, gazpacho}, "visible": false}, status: 200,
				fields: map[string]any{"visible": false}},
		})

		// The refused mixed batch changed nothing of the other restaurant.
		if m := productJSON(e.do("GET", "/api/productos?cliente_id=2", e.owner2, nil).json["productos"], tacos); m == nil || m["visible"] != true {
			t.Fatalf("other restaurant's product after a refused batch: %v", m)
		}
		// The public menu's version moved: a new ETag, the hidden ones gone.
		after := e.do("GET", "/api/productos?cliente_id=1&category_id=C1TAPF", "", nil)
		if before.header.Get("ETag") == "" || before.header.Get("ETag") == after.header.Get("ETag") {
			t.Fatalf("ETag %q → %q", before.header.Get("ETag"), after.header.Get("ETag"))
		}
		if strings.Contains(after.body, "Gazpacho") || strings.Contains(after.body, "Boquerones") {
			t.Fatalf("hidden products on the menu: %s", after.body)
		}
		if r := e.do("PUT", "/api/clover/products/visibility", e.owner1, map[string]any{"ids": []int{gazpacho}, "visible": true}); r.status != 200 {
			t.Fatal(r.body)
		}
		pub := productJSON(e.do("GET", "/api/productos?cliente_id=1&category_id=C1TAPF", "", nil).json["productos"], gazpacho)
		if pub == nil || fmt.Sprint(pub["alergenos"]) != "[apio sulfitos]" || fmt.Sprint(pub["etiquetas"]) != "[vegano sin_gluten]" {
			t.Fatalf("public product: %v", pub)
		}
		online := e.do("GET", "/api/orders/clover_products_online?cliente_id=1", "", nil)
		found := false
		for _, c := range online.json["categorias"].([]any) {
			if m := productJSON(c.(map[string]any)["productos"], gazpacho); m != nil {
				found = fmt.Sprint(m["alergenos"]) == "[apio sulfitos]" && fmt.Sprint(m["etiquetas"]) == "[vegano sin_gluten]"
			}
		}
		if !found {
			t.Fatalf("online menu without the product's allergens: %s", online.body)
		}
	})
}

package api_test

import (
	"fmt"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// A person with two restaurants (issue 30, item 3): restaurant 1's owner,
// linked by the super admin to restaurant 2 as its manager, switches to it
// with one sign-in and acts there with a manager's rights only (a manager's
// route answers, the owner's routes — the card, the staff — do not; a route
// that names only an object acts on restaurant 2); switching back, they
// are restaurant 1's owner again. A switch to a restaurant not theirs is
// refused and changes nothing.
func TestTwoRestaurantPersonSwitches(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		tok := e.owner1
		expect := func(method, path string, body any, want int) result {
			t.Helper()
			r := e.do(method, path, tok, body)
			if r.status != want {
				t.Fatalf("%s %s: %d, want %d: %s", method, path, r.status, want, r.body)
			}
			return r
		}
		acting := func(cliente int, rol string) {
			t.Helper()
			r := expect("POST", "/api/auth/validate", nil, 200)
			if r.json["cliente_id"] != float64(cliente) || r.json["rol"] != rol {
				t.Fatalf("acting on %v as %v, want %d as %s", r.json["cliente_id"], r.json["rol"], cliente, rol)
			}
		}
		firstProduct := func(cliente int) int {
			t.Helper()
			r := e.do("GET", fmt.Sprintf("/api/productos?cliente_id=%d", cliente), e.admin, nil)
			ps, _ := r.json["productos"].([]any)
			if len(ps) == 0 {
				t.Fatalf("restaurant %d has no products: %s", cliente, r.body)
			}
			return int(ps[0].(map[string]any)["id"].(float64))
		}
		own, other := firstProduct(1), firstProduct(2)
		visibility := func(product int) string { return fmt.Sprintf("/api/clover/products/%d/visibility", product) }

		// Before the link: restaurant 2 is not theirs.
		expect("POST", "/api/auth/restaurante", map[string]any{"cliente_id": 2}, 403)
		expect("GET", "/api/clientes/2/mesas", nil, 403)
		if r := e.do("POST", "/api/clientes/2/equipo/vincular", e.admin, map[string]string{"email": owner1Email, "rol": "gerente"}); r.status != 201 {
			t.Fatalf("link: %d %s", r.status, r.body)
		}
		// The same session now lists both; it still acts on restaurant 1.
		r := expect("POST", "/api/auth/validate", nil, 200)
		if rs, _ := r.json["restaurantes"].([]any); len(rs) != 2 {
			t.Fatalf("restaurants: %s", r.body)
		}
		acting(1, "propietario")

		r = expect("POST", "/api/auth/restaurante", map[string]any{"cliente_id": 2}, 200)
		if r.json["cliente_id"] != 2.0 || r.json["rol"] != "gerente" {
			t.Fatalf("switch to 2: %s", r.body)
		}
		acting(2, "gerente")
		// A manager's routes at restaurant 2 answer...
		expect("GET", "/api/clientes/2/mesas", nil, 200)
		cfg := expect("GET", "/api/clientes/2/pedidos/config", nil, 200).json
		cfg["preparacion_min"] = 20
		expect("PUT", "/api/clientes/2/pedidos/config", cfg, 200)
		// ...the owner's do not: the card, the fees' card check, the staff, the log.
		expect("GET", "/api/clientes/2/verificar_tarjeta", nil, 403)
		expect("POST", "/api/clientes/2/agregar-tarjeta", map[string]any{"token": "demo_tok_4242"}, 403)
		expect("GET", "/api/clientes/2/equipo", nil, 403)
		expect("POST", "/api/clientes/2/equipo/invitaciones", map[string]string{"email": "nuevo@demo.test", "rol": "mesero"}, 403)
		expect("GET", "/api/clientes/2/actividad", nil, 403)
		// A route naming only a product acts on restaurant 2 now.
		expect("PUT", visibility(other), map[string]any{"visible": true}, 200)
		expect("PUT", visibility(own), map[string]any{"visible": true}, 404)

		// A restaurant not theirs: refused, the session stays on 2.
		expect("POST", "/api/auth/restaurante", map[string]any{"cliente_id": 999}, 403)
		acting(2, "gerente")

		// Back to restaurant 1: its owner again.
		r = expect("POST", "/api/auth/restaurante", map[string]any{"cliente_id": 1}, 200)
		if r.json["cliente_id"] != 1.0 || r.json["rol"] != "propietario" {
			t.Fatalf("switch back: %s", r.body)
		}
		acting(1, "propietario")
		expect("GET", "/api/clientes/1/verificar_tarjeta", nil, 200)
		expect("GET", "/api/clientes/1/equipo", nil, 200)
		expect("GET", "/api/clientes/1/actividad", nil, 200)
		expect("PUT", visibility(own), map[string]any{"visible": true}, 200)
		expect("PUT", visibility(other), map[string]any{"visible": true}, 404)
		// Restaurant 2 is still theirs as manager only, whichever is chosen.
		expect("GET", "/api/clientes/2/equipo", nil, 403)
		expect("GET", "/api/clientes/2/mesas", nil, 200)
	})
}

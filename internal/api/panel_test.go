package api_test

import (
	"context"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// The panel's summary: the restaurant's own numbers for its staff and the
// super admin, nobody else's.
func TestPanelSummary(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		now := db.NowUnix()
		for i, c := range []struct {
			cliente int64
			total   int64
		}{{1, 1999}, {1, 2550}, {2, 7000}} {
			if _, err := db.Exec(ctx, `INSERT INTO pedidos (cliente_id, token, estado, nombre, email, recoger_at, franja,
				subtotal, impuestos, total, moneda, expires_at, created_at, paid_at, updated_at)
				VALUES (?, ?, 'recibido', 'Ana', 'ana@example.com', 0, 0, ?, 0, ?, 'USD', 0, ?, ?, ?)`,
				c.cliente, "resumen-"+string(rune('a'+i)), c.total, c.total, now, now, now); err != nil {
				t.Fatal(err)
			}
		}
		e.run(t, []scenario{
			{name: "owner", method: "GET", path: "/api/clientes/1/resumen", token: "owner1", status: 200,
				fields: map[string]any{"moneda": "USD", "dias": float64(30)}},
			{name: "other restaurant's owner", method: "GET", path: "/api/clientes/1/resumen", token: "owner2", status: 403},
			{name: "no token", method: "GET", path: "/api/clientes/1/resumen", status: 401},
			{name: "bad id", method: "GET", path: "/api/clientes/x/resumen", token: "admin", status: 400},
			{name: "super admin", method: "GET", path: "/api/clientes/2/resumen", token: "admin", status: 200},
		})
		// The platform's fees are billing: the owner's summary and the super
		// admin's carry them, the manager's does not (the same numbers else).
		manager := e.login("gerente@demo.test", "demo-gerente-1")
		for _, c := range []struct {
			who, token string
			fees       bool
		}{{"owner", e.owner1, true}, {"super admin", e.admin, true}, {"manager", manager, false}} {
			res := e.do("GET", "/api/clientes/1/resumen", c.token, nil)
			fees, has := res.json["fees"].(map[string]any)
			serie, _ := fees["serie"].([]any)
			if res.status != 200 || has != c.fees || (has && len(serie) != 30) {
				t.Errorf("%s: fees %v in %s", c.who, has, res.body)
			}
			if hoy, _ := res.json["hoy"].(map[string]any); hoy["ventas_pedidos"] != float64(4549) {
				t.Errorf("%s: %s", c.who, res.body)
			}
		}
		for _, c := range []struct {
			token, path     string
			pedidos, ventas float64
		}{{e.owner1, "/api/clientes/1/resumen", 2, 4549}, {e.admin, "/api/clientes/2/resumen", 1, 7000}} {
			res := e.do("GET", c.path, c.token, nil)
			hoy, _ := res.json["hoy"].(map[string]any)
			periodo, _ := res.json["periodo"].(map[string]any)
			serie, _ := res.json["serie"].([]any)
			if hoy["pedidos"] != c.pedidos || hoy["ventas_pedidos"] != c.ventas || hoy["ingresos"] != c.ventas ||
				periodo["ventas_pedidos"] != c.ventas || len(serie) != 30 {
				t.Errorf("%s: %s", c.path, res.body)
			}
		}
	})
}

// The first-run checklist: the restaurant's staff and the super admin read
// it and mark the QR codes printed; another restaurant's owner and a diner
// neither read nor mark it.
func TestFirstStepsRoutes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		diner := e.register("Pasos", "pasos@example.com", "secreto-123", "cliente_id", 1).json["token"].(string)
		e.run(t, []scenario{
			{name: "owner reads", method: "GET", path: "/api/clientes/1/primeros-pasos", token: "owner1", status: 200},
			{name: "other restaurant's owner", method: "GET", path: "/api/clientes/1/primeros-pasos", token: "owner2", status: 403},
			{name: "other restaurant's owner marks", method: "PUT", path: "/api/clientes/1/primeros-pasos/qr", token: "owner2", status: 403},
			{name: "diner", method: "GET", path: "/api/clientes/1/primeros-pasos", token: diner, status: 403},
			{name: "diner marks", method: "PUT", path: "/api/clientes/1/primeros-pasos/qr", token: diner, status: 403},
			{name: "no token", method: "PUT", path: "/api/clientes/1/primeros-pasos/qr", status: 401},
			{name: "bad id", method: "GET", path: "/api/clientes/x/primeros-pasos", token: "admin", status: 400},
			{name: "unknown restaurant", method: "GET", path: "/api/clientes/999999/primeros-pasos", token: "admin", status: 404},
		})
		qr := func(token, path string) bool {
			t.Helper()
			res := e.do("GET", path, token, nil)
			if res.status != 200 {
				t.Fatalf("%s: %d %s", path, res.status, res.body)
			}
			pasos, _ := res.json["pasos"].([]any)
			if len(pasos) != 6 {
				t.Fatalf("%s: %s", path, res.body)
			}
			last, _ := pasos[5].(map[string]any)
			if last["clave"] != "qr" {
				t.Fatalf("%s: %s", path, res.body)
			}
			return last["hecho"] == true
		}
		if qr(e.owner1, "/api/clientes/1/primeros-pasos") || qr(e.admin, "/api/clientes/2/primeros-pasos") {
			t.Fatal("the QR codes are printed before anyone printed them")
		}
		// The other owner's refused mark changed nothing.
		if res := e.do("PUT", "/api/clientes/1/primeros-pasos/qr", e.owner2, nil); res.status != 403 {
			t.Fatalf("other owner: %d", res.status)
		}
		if qr(e.owner1, "/api/clientes/1/primeros-pasos") {
			t.Fatal("another restaurant's owner marked restaurant 1's QR codes")
		}
		res := e.do("PUT", "/api/clientes/1/primeros-pasos/qr", e.owner1, nil)
		if res.status != 200 || res.json["completo"] == nil {
			t.Fatalf("owner marks: %d %s", res.status, res.body)
		}
		if !qr(e.owner1, "/api/clientes/1/primeros-pasos") || qr(e.admin, "/api/clientes/2/primeros-pasos") {
			t.Fatal("the mark is restaurant 1's only")
		}
		if res := e.do("PUT", "/api/clientes/2/primeros-pasos/qr", e.admin, nil); res.status != 200 {
			t.Fatalf("super admin marks: %d %s", res.status, res.body)
		}
		if !qr(e.admin, "/api/clientes/2/primeros-pasos") {
			t.Fatal("the super admin's mark was not recorded")
		}
	})
}

// The date of a restaurant's next payment to the platform is billing: the
// owner and the super admin read it, the rest of the staff get null.
func TestNextPaymentDateIsTheOwners(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		if r := e.do("PUT", "/api/clients/1", e.admin, map[string]any{"fecha_proximo_pago": "2027-01-15"}); r.status != 200 {
			t.Fatalf("set the date: %d %s", r.status, r.body)
		}
		for _, c := range []struct {
			who, email, password string
			want                 any
		}{
			{"owner", "owner@demo.test", "demo-owner-1", "2027-01-15"},
			{"super admin", "admin@demo.test", "", "2027-01-15"},
			{"manager", "gerente@demo.test", "demo-gerente-1", nil},
			{"cook", "cocina@demo.test", "demo-cocina-1", nil},
		} {
			token := e.admin
			if c.password != "" {
				token = e.login(c.email, c.password)
			}
			r := e.do("GET", "/api/clientes/1", token, nil)
			if r.status != 200 || r.json["fecha_proximo_pago"] != c.want || r.json["nombre"] != "La Cava Demo" {
				t.Errorf("%s: %d %s", c.who, r.status, r.body)
			}
		}
	})
}

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

package api_test

import (
	"fmt"
	"testing"

	"carta/internal/ordering"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// Issue 27, items 2 and 3 over HTTP: the public order page returns where to
// pick it up (address, directions link, phone); the board's thresholds and
// one tap are ordering settings, validated (400 with the spec-style text in
// both languages, nothing changed), the restaurant's own staff only.
func TestPickupPlaceAndBoardSettingsOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		in := map[string]any{"cliente_id": 1, "cardColor": "#123456", "textColor": "#ffffff", "cardBorderRadius": "12px",
			"fontSize": "18px", "fontFamily": "Georgia", "nombre_restaurante": "La Cava", "moneda": "USD",
			"telefono_contacto": "+1 555 010 2000", "direccion": "Calle Mayor 5, Madrid"}
		if r := e.do("POST", "/api/configuraciones", e.owner1, in); r.status != 200 || r.json["direccion"] != "Calle Mayor 5, Madrid" {
			t.Fatalf("save the address: %d %s", r.status, r.body)
		}
		long := in
		long["direccion"] = fmt.Sprintf("%0201d", 0)
		if r := e.do("POST", "/api/configuraciones", e.owner1, long); r.status != 400 || r.json["error"] != "La dirección es demasiado larga (máximo 200 caracteres)." {
			t.Fatalf("a long address: %d %s", r.status, r.body)
		}
		id, tok := e.paidOrder()
		r := e.do("GET", fmt.Sprintf("/api/pedidos/%d?t=%s", id, tok), "", nil)
		if r.status != 200 || r.json["direccion"] != "Calle Mayor 5, Madrid" || r.json["telefono_restaurante"] != "+1 555 010 2000" ||
			r.json["mapa_url"] != "https://www.google.com/maps/search/?api=1&query=La+Cava%2C+Calle+Mayor+5%2C+Madrid" {
			t.Fatalf("the order's page: %d %s", r.status, r.body)
		}
		if r := e.do("GET", fmt.Sprintf("/api/pedidos/%d", id), "", nil); r.status != 404 {
			t.Fatalf("without its token: %d", r.status)
		}

		cfg := map[string]any{"activo": true, "preparacion_min": 15, "horario": ordering.AlwaysOpen(), "pedidos_por_franja": 0, "pausado_hasta": 0,
			"zona_horaria": "America/New_York", "aviso_ambar_min": 20, "aviso_rojo_min": 10, "un_toque": false}
		e.run(t, []scenario{
			{name: "amber after red", method: "PUT", path: "/api/clientes/1/pedidos/config", token: "owner1", body: cfg, status: 400,
				errText: "Los avisos de retraso son minutos enteros entre 1 y 480, el ámbar antes que el rojo (o los dos vacíos: automáticos)."},
			{name: "another restaurant's owner", method: "PUT", path: "/api/clientes/1/pedidos/config", token: "owner2", body: cfg, status: 403},
			{name: "no session", method: "PUT", path: "/api/clientes/1/pedidos/config", body: cfg, status: 401},
		})
		if r := e.do("PUT", "/api/clientes/1/pedidos/config", e.owner1, cfg, "Accept-Language", "en"); r.status != 400 ||
			r.json["error"] != "The late warnings are whole minutes between 1 and 480, amber before red (or both empty: automatic)." {
			t.Fatalf("english: %d %s", r.status, r.body)
		}
		cfg["aviso_ambar_min"], cfg["aviso_rojo_min"] = 10, 500
		if r := e.do("PUT", "/api/clientes/1/pedidos/config", e.owner1, cfg); r.status != 400 {
			t.Fatalf("above the bound: %d %s", r.status, r.body)
		}
		cfg["aviso_rojo_min"] = 10.5
		if r := e.do("PUT", "/api/clientes/1/pedidos/config", e.owner1, cfg); r.status != 400 {
			t.Fatalf("not whole minutes: %d %s", r.status, r.body)
		}
		if r := e.do("GET", "/api/clientes/1/pedidos/config", e.owner1, nil); r.json["un_toque"] != true || r.json["aviso_ambar_min"] != float64(0) {
			t.Fatalf("a refused save changed the settings (one tap is the default): %s", r.body)
		}
		cfg["aviso_rojo_min"] = 25
		if r := e.do("PUT", "/api/clientes/1/pedidos/config", e.owner1, cfg); r.status != 200 || r.json["un_toque"] != false ||
			r.json["aviso_ambar_min"] != float64(10) || r.json["aviso_rojo_min"] != float64(25) {
			t.Fatalf("save: %d %s", r.status, r.body)
		}
		// The board carries them (the two steps chosen); a save without
		// un_toque is the default again, one tap (a PUT replaces the settings).
		b := e.do("GET", "/api/clientes/1/pedidos", e.owner1, nil)
		if c := b.json["config"].(map[string]any); c["un_toque"] != false || c["aviso_rojo_min"] != float64(25) {
			t.Fatalf("board config: %s", b.body)
		}
		delete(cfg, "un_toque")
		if r := e.do("PUT", "/api/clientes/1/pedidos/config", e.owner1, cfg); r.status != 200 || r.json["un_toque"] != true {
			t.Fatalf("save without un_toque: %d %s", r.status, r.body)
		}
		if r := e.do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", id), e.owner2, map[string]any{"cliente_id": 1, "estado": "en_preparacion"}); r.status != 403 {
			t.Fatalf("another restaurant's owner started it: %d %s", r.status, r.body)
		}
		if r := e.do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", id), e.owner1, map[string]any{"cliente_id": 1, "estado": "en_preparacion"}); r.status != 200 ||
			r.json["estado"] != "en_preparacion" || r.json["visto"] != true {
			t.Fatalf("a start acknowledges: %d %s", r.status, r.body)
		}
	})
}

package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"carta/internal/accounts"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// The privacy notice's data: public and cacheable with the menu (ETag,
// 304), written from the restaurant's settings and country; its owner's
// text is the owner's (or the super admin's) to write, bounded, and a
// write is seen at once.
func TestPrivacyNotice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		if _, err := db.Exec(ctx, `UPDATE clientes SET pais = 'ES' WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `UPDATE clientes SET pais = 'MX' WHERE id = 2`); err != nil {
			t.Fatal(err)
		}
		first := e.do("GET", "/api/clientes/1/privacidad", "", nil)
		if first.status != 200 || first.json["tipo"] != "politica" || first.json["pais"] != "ES" || first.json["texto"] != "" ||
			first.json["responsable"] == "" || first.header.Get("ETag") == "" || first.header.Get("Cache-Control") != "public, no-cache" {
			t.Fatalf("restaurant 1's notice: %d %v %s", first.status, first.header, first.body)
		}
		if r := e.do("GET", "/api/clientes/1/privacidad", "", nil, "If-None-Match", first.header.Get("ETag")); r.status != 304 {
			t.Fatalf("revalidation: %d", r.status)
		}
		if r := e.do("GET", "/api/clientes/2/privacidad", "", nil); r.status != 200 || r.json["tipo"] != "aviso" || r.json["cliente_id"] != float64(2) {
			t.Fatalf("restaurant 2's notice: %d %s", r.status, r.body)
		}

		long := strings.Repeat("a", 4001)
		e.run(t, []scenario{
			{name: "the owner adds a text", method: "PUT", path: "/api/clientes/1/privacidad", token: "owner1",
				body: map[string]any{"texto": "  Encargado de datos: Ana.\nEscríbenos a datos@example.com.  "}, status: 200,
				fields: map[string]any{"texto": "Encargado de datos: Ana.\nEscríbenos a datos@example.com.", "tipo": "politica"}},
			{name: "another restaurant's owner", method: "PUT", path: "/api/clientes/1/privacidad", token: "owner2",
				body: map[string]any{"texto": "no"}, status: 403},
			{name: "no token", method: "PUT", path: "/api/clientes/1/privacidad", body: map[string]any{"texto": "no"}, status: 401},
			{name: "too long", method: "PUT", path: "/api/clientes/1/privacidad", token: "owner1",
				body: map[string]any{"texto": long}, status: 400, errText: "El texto es demasiado largo (máximo 4000 caracteres)."},
			{name: "no text", method: "PUT", path: "/api/clientes/1/privacidad", token: "owner1", body: map[string]any{}, status: 400,
				errText: "Falta el texto del aviso de privacidad."},
			{name: "not a string", method: "PUT", path: "/api/clientes/1/privacidad", token: "owner1", body: map[string]any{"texto": 5}, status: 400},
			{name: "control character", method: "PUT", path: "/api/clientes/1/privacidad", token: "owner1", body: map[string]any{"texto": "a\u0001b"}, status: 400},
			{name: "not a restaurant id", method: "PUT", path: "/api/clientes/abc/privacidad", token: "admin", body: map[string]any{"texto": "x"}, status: 400},
			{name: "a diner", method: "PUT", path: "/api/clientes/1/privacidad", token: dinerToken(t, e), body: map[string]any{"texto": "x"}, status: 403},
			{name: "the super admin on restaurant 2", method: "PUT", path: "/api/clientes/2/privacidad", token: "admin",
				body: map[string]any{"texto": "Aviso del admin."}, status: 200, fields: map[string]any{"texto": "Aviso del admin.", "tipo": "aviso"}},
			{name: "an unknown restaurant", method: "GET", path: "/api/clientes/999/privacidad", status: 404},
			{name: "not a restaurant id (read)", method: "GET", path: "/api/clientes/0/privacidad", status: 400},
		})

		// The owner's text is read at once (the cache forgot the old one);
		// the refused writes changed nothing.
		r := e.do("GET", "/api/clientes/1/privacidad", "", nil, "If-None-Match", first.header.Get("ETag"))
		if r.status != 200 || r.json["texto"] != "Encargado de datos: Ana.\nEscríbenos a datos@example.com." {
			t.Fatalf("after the owner's write: %d %s", r.status, r.body)
		}
		// Clearing it.
		if r := e.do("PUT", "/api/clientes/1/privacidad", e.owner1, map[string]any{"texto": ""}); r.status != 200 || r.json["texto"] != "" {
			t.Fatalf("clear: %d %s", r.status, r.body)
		}
		// A suspended restaurant's notice is not available, like its menu.
		if _, err := db.Exec(ctx, `UPDATE clientes SET estado = 'suspendido' WHERE id = 2`); err != nil {
			t.Fatal(err)
		}
		e.api.Site.Forget(2)
		if r := e.do("GET", "/api/clientes/2/privacidad", "", nil); r.status != 404 {
			t.Fatalf("suspended: %d %s", r.status, r.body)
		}
	})
}

// Consent through the API: the registration's omitted boxes are recorded
// as no, 'Manejar Cuenta' records a change with the restaurant the page
// was on, a refused change records nothing.
func TestConsentRecordedThroughTheAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		reg := e.register("Dora", "dora@example.com", "secreto-123", "cliente_id", 2)
		if reg.status != 201 {
			t.Fatalf("register: %d %s", reg.status, reg.body)
		}
		tok, id := reg.json["token"].(string), int64(reg.json["usuario_id"].(float64))
		cs, err := accounts.Consents(ctx, db, id, 0)
		if err != nil || len(cs) != 2 || cs[0].Yes || cs[1].Yes || cs[0].From != "registro" || cs[0].ClienteID != 2 {
			t.Fatalf("registration: %+v %v", cs, err)
		}
		path := fmt.Sprintf("/api/usuarios/%d", id)
		if r := e.do("PUT", path, tok, map[string]any{"nombre": "Dora", "telefono": "x!", "suscrito_mailing": true, "cliente_id": 1}); r.status != 400 {
			t.Fatalf("bad phone: %d %s", r.status, r.body)
		}
		if r := e.do("PUT", path, tok, map[string]any{"nombre": "Dora", "suscrito_mailing": true, "whatsapp_notificaciones": false, "cliente_id": 1}); r.status != 200 ||
			r.json["suscrito_mailing"] != true {
			t.Fatalf("opt in: %d %s", r.status, r.body)
		}
		cs, err = accounts.Consents(ctx, db, id, 0)
		if err != nil || len(cs) != 3 || !cs[2].Yes || cs[2].From != "cuenta" || cs[2].Channel != "email" || cs[2].ClienteID != 1 {
			t.Fatalf("'Manejar Cuenta': %+v %v", cs, err)
		}
	})
}

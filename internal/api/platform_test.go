package api_test

import (
	"encoding/json"
	"net/url"
	"regexp"
	"testing"

	"carta/internal/mail"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// The super admin's onboarding over HTTP: create a restaurant, connect it,
// send the link, the owner sets the password from the e-mail and is signed
// in on the restaurant; suspending it takes its public menu away.
func TestOnboardingOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		r := e.do("POST", "/api/clients", e.admin, map[string]any{"nombre": "Mariscos Ana", "merchant_id": "MANA01"})
		if r.status != 201 || r.json["estado"] != "pendiente" || r.json["pos_conectado"] != false {
			t.Fatalf("create: %d %s", r.status, r.body)
		}
		id := int(r.json["id"].(float64))
		if r := e.do("POST", "/api/clients", e.admin, map[string]any{"nombre": "Duplicado", "merchant_id": "MANA01"}); r.status != 409 {
			t.Fatalf("duplicate merchant id: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/callback", e.admin, map[string]any{"merchant_id": "MANA01", "code": "caducado"}); r.status != 400 ||
			r.json["error"] != "Error 401: No autorizado. El código es inválido o ha expirado." {
			t.Fatalf("bad code: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/callback", e.admin, map[string]any{"merchant_id": "MANA01", "code": "demo-1"}); r.status != 200 {
			t.Fatalf("connect: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/send-email", e.admin, map[string]any{"merchant_id": "MANA01"}); r.status != 400 || r.json["error"] != "Merchant ID y email son obligatorios." {
			t.Fatalf("missing e-mail: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/send-email", e.admin, map[string]any{"merchant_id": "MANA01", "email": "ana@mariscos.example"}); r.status != 200 || r.json["mensaje"] != "Correo enviado exitosamente." {
			t.Fatalf("send: %d %s", r.status, r.body)
		}
		msgs, err := mail.ListOutbox(t.Context(), db, 5)
		if err != nil {
			t.Fatal(err)
		}
		link, _ := url.Parse(regexp.MustCompile(`https://carta\.example/establecer-password\?\S+`).FindString(msgs[0].Text))
		q := link.Query()
		set := map[string]any{"merchant_id": q.Get("merchant_id"), "email": q.Get("email"), "new_password": "mariscos-2026", "token": q.Get("token")}
		r = e.do("POST", "/api/establecer-password", "", set)
		if r.status != 200 || r.json["cliente_id"] != float64(id) || r.json["is_superadmin"] != false {
			t.Fatalf("set password: %d %s", r.status, r.body)
		}
		owner := r.json["token"].(string)
		if r := e.do("GET", "/api/clientes/1", owner, nil); r.status != 403 {
			t.Fatalf("the new owner on another restaurant: %d", r.status)
		}
		if r := e.do("GET", "/api/clients", owner, nil); r.status != 403 {
			t.Fatalf("the new owner on the super admin's list: %d", r.status)
		}
		if r := e.do("POST", "/api/establecer-password", "", set); r.status != 400 {
			t.Fatalf("link reused: %d %s", r.status, r.body)
		}
		r = e.do("GET", "/api/clients?q=mariscos&estado=activo", e.admin, nil)
		var page []map[string]any
		if err := json.Unmarshal([]byte(r.body), &page); err != nil || len(page) != 1 || r.header.Get("X-Total-Count") != "1" {
			t.Fatalf("search: %s %v", r.body, err)
		}

		menu := func() int { return e.do("GET", "/api/configuraciones?cliente_id=1", "", nil).status }
		if s := menu(); s != 200 {
			t.Fatalf("menu: %d", s)
		}
		if r := e.do("PUT", "/api/clients/1", e.admin, map[string]any{"estado": "suspendido"}); r.status != 200 || r.json["estado"] != "suspendido" {
			t.Fatalf("suspend: %d %s", r.status, r.body)
		}
		if s := menu(); s != 404 {
			t.Fatalf("a suspended restaurant's menu: %d", s)
		}
		if r := e.do("GET", "/api/clientes/1", e.owner1, nil); r.status != 200 || r.json["estado"] != "suspendido" {
			t.Fatalf("the suspended restaurant's owner still sees why: %d %s", r.status, r.body)
		}
		if r := e.do("PUT", "/api/clients/1", e.admin, map[string]any{"estado": "activo"}); r.status != 200 || r.json["estado"] != "activo" {
			t.Fatalf("reactivate: %d %s", r.status, r.body)
		}
		if s := menu(); s != 200 {
			t.Fatalf("menu after reactivating: %d", s)
		}
		r = e.do("GET", "/api/admin/resumen", e.admin, nil)
		if r.status != 200 || r.json["clientes"].(map[string]any)["activo"] != float64(3) {
			t.Fatalf("oversight: %d %s", r.status, r.body)
		}
	})
}

// Clover sends a merchant who installs the app back with a code: a good
// one connects the merchant and lands on the sign-in page, which says so.
func TestCloverInstallCallback(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		r := e.do("GET", "/api/clover/oauth/callback?merchant_id=MINST1&client_id=&code=demo-install", "", nil)
		if r.status != 303 || r.header.Get("Location") != "/login?clover=conectado&merchant_id=MINST1" {
			t.Fatalf("install: %d %q", r.status, r.header.Get("Location"))
		}
		if n := e.count(`SELECT COUNT(*) FROM clientes WHERE merchant_id = 'MINST1' AND nombre = 'Cliente Sin Nombre'`); n != 1 {
			t.Fatalf("restaurant created: %d", n)
		}
		r = e.do("GET", "/api/clover/oauth/callback?merchant_id=MINST2&code=malo", "", nil)
		if r.status != 303 || r.header.Get("Location") != "/login?clover=error" {
			t.Fatalf("refused: %d %q", r.status, r.header.Get("Location"))
		}
	})
}

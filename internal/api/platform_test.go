package api_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"carta/internal/api"
	"carta/internal/mail"
	"carta/internal/onboarding"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
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
		sent := e.do("POST", "/api/send-email", e.admin, map[string]any{"merchant_id": "MANA01", "email": "ana@mariscos.example"})
		if sent.status != 200 || sent.json["mensaje"] != "Correo enviado exitosamente." {
			t.Fatalf("send: %d %s", sent.status, sent.body)
		}
		// The list says the restaurant has a link not used yet, and a
		// second send asks before voiding it: 409, nothing sent.
		if r := e.do("GET", "/api/clients?q=Mariscos", e.admin, nil); r.status != 200 || !strings.Contains(r.body, fmt.Sprintf(`"enlace_caduca":%d`, int64(sent.json["caduca"].(float64)))) {
			t.Fatalf("list: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/send-email", e.admin, map[string]any{"merchant_id": "MANA01", "email": "ana@mariscos.example"}); r.status != 409 ||
			r.json["error"] != "Este restaurante ya tiene un enlace sin usar. ¿Enviar un enlace nuevo? El anterior dejará de funcionar." {
			t.Fatalf("second send: %d %s", r.status, r.body)
		}
		msgs, err := mail.ListOutbox(t.Context(), db, 5)
		if err != nil {
			t.Fatal(err)
		}
		// The answer's link is the e-mailed one.
		if link := regexp.MustCompile(`https://carta\.example/establecer-password\?\S+`).FindString(msgs[0].Text); link != sent.json["enlace"] || len(msgs) != 1 {
			t.Fatalf("answered %v, e-mailed %q (%d e-mails)", sent.json["enlace"], link, len(msgs))
		}
		again := e.do("POST", "/api/send-email", e.admin, map[string]any{"merchant_id": "MANA01", "email": "ana@mariscos.example", "reemplazar": true})
		if again.status != 200 || again.json["enlace"] == sent.json["enlace"] {
			t.Fatalf("replacing send: %d %s", again.status, again.body)
		}
		if msgs, err = mail.ListOutbox(t.Context(), db, 5); err != nil {
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

// onboardOwner creates a restaurant with merchantID, sends its onboarding
// link and sets the owner's password from it: the restaurant is pendiente
// (no POS yet) with its owner. It returns the restaurant's id and the
// owner's token.
func (e *env) onboardOwner(nombre, merchantID, email string) (int, string) {
	e.t.Helper()
	r := e.do("POST", "/api/clients", e.admin, map[string]any{"nombre": nombre, "merchant_id": merchantID})
	if r.status != 201 {
		e.t.Fatalf("create: %d %s", r.status, r.body)
	}
	id := int(r.json["id"].(float64))
	if r := e.do("POST", "/api/send-email", e.admin, map[string]any{"merchant_id": merchantID, "email": email}); r.status != 200 {
		e.t.Fatalf("send link: %d %s", r.status, r.body)
	}
	msgs, err := mail.ListOutbox(e.t.Context(), e.db, 5)
	if err != nil {
		e.t.Fatal(err)
	}
	link, _ := url.Parse(regexp.MustCompile(`https://carta\.example/establecer-password\?\S+`).FindString(msgs[0].Text))
	q := link.Query()
	r = e.do("POST", "/api/establecer-password", "", map[string]any{"merchant_id": merchantID, "email": email, "new_password": "clave-segura-9", "token": q.Get("token")})
	if r.status != 200 {
		e.t.Fatalf("set password: %d %s", r.status, r.body)
	}
	return id, r.json["token"].(string)
}

// estado is a restaurant's estado and the POS it is connected to (none:
// "").
func (e *env) estado(id int) string {
	e.t.Helper()
	var estado, provider string
	if err := e.db.QueryRow(e.t.Context(), `SELECT estado, CASE WHEN pos_provider = 'demo' OR pos_token <> '' THEN pos_provider ELSE '' END FROM clientes WHERE id = ?`, id).Scan(&estado, &provider); err != nil {
		e.t.Fatal(err)
	}
	return estado + "/" + provider
}

// local is the path and query of an absolute URL of Carta's (the tests'
// BaseURL is https://carta.example).
func local(t testing.TB, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil || u.Host != "carta.example" {
		t.Fatalf("not Carta's URL: %q", raw)
	}
	return u.RequestURI()
}

// The public OAuth callback completes only a connection Carta started:
// anonymous callbacks without a state create no restaurant and activate
// none; the owner's "Conectar con Clover" (demo connector) connects their
// restaurant once; a replay, or the state with another merchant, changes
// nothing; offline there is no App Market launch.
func TestCloverCallbackNeedsAStateCartaIssued(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		id, owner := e.onboardOwner("Pendiente Uno", "MPEND1", "duena@pend.example")
		if got := e.estado(id); got != "pendiente/" {
			t.Fatalf("before: %s", got)
		}
		caducado := "/clover/conexion?resultado=caducado"
		for _, path := range []string{
			"/api/clover/oauth/callback?merchant_id=MANY1&code=demo-x",
			"/api/clover/oauth/callback?merchant_id=MPEND1&client_id=&code=demo-x",
			"/api/clover/oauth/callback?merchant_id=MPEND1&code=demo-x&state=forged",
		} {
			r := e.do("GET", path, "", nil)
			if r.status != 303 || r.header.Get("Location") != caducado {
				t.Fatalf("%s: %d %q", path, r.status, r.header.Get("Location"))
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM clientes WHERE merchant_id = 'MANY1'`); n != 0 {
			t.Fatalf("an anonymous callback created a restaurant: %d", n)
		}
		if got := e.estado(id); got != "pendiente/" {
			t.Fatalf("an anonymous callback changed the restaurant: %s", got)
		}

		start := fmt.Sprintf("/api/clientes/%d/clover/conectar", id)
		if r := e.do("POST", start, e.owner2, nil); r.status != 403 {
			t.Fatalf("another restaurant's owner: %d %s", r.status, r.body)
		}
		if r := e.do("POST", start, "", nil); r.status != 401 {
			t.Fatalf("anonymous start: %d", r.status)
		}
		// The state with another merchant: refused, nothing changes.
		r := e.do("POST", start, owner, nil)
		if r.status != 200 {
			t.Fatalf("start: %d %s", r.status, r.body)
		}
		other := strings.Replace(local(t, r.json["url"].(string)), "merchant_id=MPEND1", "merchant_id=DEMOMERCHANT2", 1)
		if r := e.do("GET", other, "", nil); r.status != 303 || r.header.Get("Location") != "/clover/conexion?resultado=otro-comercio" {
			t.Fatalf("another merchant: %d %q", r.status, r.header.Get("Location"))
		}
		if got := e.estado(id); got != "pendiente/" {
			t.Fatalf("refused, yet %s", got)
		}

		// The owner's own connection.
		r = e.do("POST", start, owner, nil)
		if r.status != 200 || !strings.HasPrefix(r.json["url"].(string), "https://carta.example/api/clover/oauth/callback?") {
			t.Fatalf("start: %d %s", r.status, r.body)
		}
		callback := local(t, r.json["url"].(string))
		r = e.do("GET", callback, "", nil)
		want := fmt.Sprintf("/clover/conexion?cliente_id=%d&merchant_id=MPEND1&resultado=conectado", id)
		if r.status != 303 || r.header.Get("Location") != want {
			t.Fatalf("callback: %d %q", r.status, r.header.Get("Location"))
		}
		if got := e.estado(id); got != "activo/demo" {
			t.Fatalf("after: %s", got)
		}
		if r := e.do("GET", callback, "", nil); r.status != 303 || r.header.Get("Location") != caducado {
			t.Fatalf("replayed: %d %q", r.status, r.header.Get("Location"))
		}

		// Offline, the app's site URL starts nothing.
		if r := e.do("GET", "/api/clover/oauth?merchant_id=MPEND1", "", nil); r.status != 303 || r.header.Get("Location") != "/clover/conexion?resultado=sin-app" {
			t.Fatalf("launch offline: %d %q", r.status, r.header.Get("Location"))
		}
		if n := e.count(`SELECT COUNT(*) FROM pos_connect_states WHERE started_by = 'app_market'`); n != 0 {
			t.Fatalf("an offline launch issued %d states", n)
		}
	})
}

// With Carta's Clover app (against the fake Clover), a merchant launching
// the app from the App Market lands on the site URL, is sent to Clover's
// authorize page with a state Carta issued, and Clover's redirect back
// connects the merchant's existing restaurant. A merchant no restaurant
// has is told so; nothing is created.
func TestCloverAppMarketLaunchOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		fake := clovertest.NewServer(t, clovertest.Merchant{ID: "MAPPHTTP", Token: "legacy"})
		fake.EnableOAuth(clovertest.OAuthConfig{AppID: "app-http", AppSecret: "secret-http"})
		oauth := clover.NewOAuth(clover.RegionSandbox, "app-http", "secret-http")
		oauth.APIURL, oauth.WebURL = fake.URL, fake.URL
		e := newEnvWith(t, db, func(s *api.Server) {
			s.Onboarding.POS = onboarding.CloverConnector{OAuth: oauth, APIURL: fake.URL}
			s.Onboarding.AppID = "app-http"
		})
		id, _ := e.onboardOwner("Tapas de Clover", "MAPPHTTP", "duena@tapas.example")
		before := e.count(`SELECT COUNT(*) FROM clientes`)

		r := e.do("GET", "/api/clover/oauth?merchant_id=MNADIE&employee_id=E1&client_id=app-http", "", nil)
		if r.status != 303 || r.header.Get("Location") != "/clover/conexion?resultado=sin-restaurante" {
			t.Fatalf("unknown merchant: %d %q", r.status, r.header.Get("Location"))
		}
		r = e.do("GET", "/api/clover/oauth?merchant_id=MAPPHTTP&employee_id=E1&client_id=app-http", "", nil)
		authorize, _ := url.Parse(r.header.Get("Location"))
		if r.status != 303 || !strings.HasPrefix(authorize.String(), fake.URL+"/oauth/v2/authorize?") ||
			authorize.Query().Get("redirect_uri") != "https://carta.example/api/clover/oauth/callback" || authorize.Query().Get("state") == "" {
			t.Fatalf("launch: %d %q", r.status, authorize)
		}
		resp, err := noRedirects.Get(authorize.String())
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		r = e.do("GET", local(t, resp.Header.Get("Location")), "", nil)
		want := fmt.Sprintf("/clover/conexion?cliente_id=%d&merchant_id=MAPPHTTP&resultado=conectado", id)
		if r.status != 303 || r.header.Get("Location") != want {
			t.Fatalf("callback: %d %q", r.status, r.header.Get("Location"))
		}
		if got := e.estado(id); got != "activo/clover" {
			t.Fatalf("after: %s", got)
		}
		if n := e.count(`SELECT COUNT(*) FROM clientes`); n != before {
			t.Fatalf("restaurants %d, want %d", n, before)
		}
	})
}

// 'Configuración del Token de Clover' with a Merchant ID no restaurant has
// (a typo) is refused in the caller's language and creates nothing; the
// super admin then picks an existing restaurant or creates one explicitly.
func TestConnectPOSUnknownMerchantOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		before := e.count(`SELECT COUNT(*) FROM clientes`)
		r := e.do("POST", "/api/callback", e.admin, map[string]any{"merchant_id": "DEMOMERCHANT9", "code": "demo-1", "email": "x@example.com"})
		if r.status != 404 || r.json["error"] != "No hay ningún restaurante con el Merchant ID DEMOMERCHANT9. Elige un restaurante existente o confirma que quieres crear uno nuevo." {
			t.Fatalf("typo: %d %s", r.status, r.body)
		}
		r = e.do("POST", "/api/callback", e.admin, map[string]any{"merchant_id": "DEMOMERCHANT9", "code": "demo-1"}, "Accept-Language", "en")
		if r.status != 404 || r.json["error"] != "No restaurant has the Merchant ID DEMOMERCHANT9. Pick an existing restaurant or confirm that you want to create a new one." {
			t.Fatalf("typo in English: %d %s", r.status, r.body)
		}
		if n := e.count(`SELECT COUNT(*) FROM clientes`); n != before {
			t.Fatalf("a typo created a restaurant: %d, want %d", n, before)
		}
		// Picked: restaurant 1, whose merchant id the typo meant.
		r = e.do("POST", "/api/callback", e.admin, map[string]any{"merchant_id": "DEMOMERCHANT1", "code": "demo-1", "cliente_id": 1})
		if r.status != 200 || r.json["cliente"].(map[string]any)["id"] != float64(1) {
			t.Fatalf("picked: %d %s", r.status, r.body)
		}
		r = e.do("POST", "/api/callback", e.admin, map[string]any{"merchant_id": "DEMOMERCHANT9", "code": "demo-1", "cliente_id": 1})
		if r.status != 409 || r.json["error"] != "Ese restaurante tiene otro Merchant ID (DEMOMERCHANT1)." {
			t.Fatalf("picked with another merchant id: %d %s", r.status, r.body)
		}
		// Created, explicitly.
		r = e.do("POST", "/api/callback", e.admin, map[string]any{"merchant_id": "DEMOMERCHANT9", "code": "demo-1", "crear": true}, "Accept-Language", "en")
		c, _ := r.json["cliente"].(map[string]any)
		if r.status != 200 || c["nombre"] != "Cliente Sin Nombre" || r.json["mensaje"] != "Cliente Sin Nombre is connected to Clover (Merchant ID DEMOMERCHANT9)." {
			t.Fatalf("created: %d %s", r.status, r.body)
		}
		if n := e.count(`SELECT COUNT(*) FROM clientes`); n != before+1 {
			t.Fatalf("%d restaurants, want %d", n, before+1)
		}
	})
}

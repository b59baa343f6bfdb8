package api_test

import (
	"context"
	"fmt"
	"image/color"
	"strings"
	"testing"
	"time"

	"carta/internal/checkout/clover/clovercheckouttest"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

func offerForm(codigo string, extra ...any) multipartBody {
	f := map[string]any{"cliente_id": 1, "titulo": "2x1 en tapas", "descripcion": "Todos los jueves", "descuento": 25, "precio": "20.00",
		"codigo": codigo, "fecha_expiracion": time.Now().Add(72 * time.Hour).Format("2006-01-02"), "cantidad_disponible": 3,
		"imagen": pngImage(300, 300, color.RGBA{200, 100, 0, 255})}
	for i := 0; i+1 < len(extra); i += 2 {
		if extra[i+1] == nil {
			delete(f, extra[i].(string))
		} else {
			f[extra[i].(string)] = extra[i+1]
		}
	}
	return form(f, "oferta.png")
}

func TestOffersFlow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.run(t, []scenario{
			{name: "billing config", method: "GET", path: "/api/billing/config", status: 200, fields: map[string]any{"provider": "demo"}},
			{name: "no card yet", method: "GET", path: "/api/clientes/1/verificar_tarjeta", token: "owner1", status: 200,
				fields: map[string]any{"registrada": false, "last4": "", "message": "No hay una tarjeta registrada."}},
			{name: "verify card other restaurant", method: "GET", path: "/api/clientes/1/verificar_tarjeta", token: "owner2", status: 403},
			{name: "verify card no token", method: "GET", path: "/api/clientes/1/verificar_tarjeta", status: 401},
			{name: "offer without card", method: "POST", path: "/api/cupones", token: "owner1", body: offerForm("SINTARJETA"), status: 402,
				errText: "❌ Debes registrar una tarjeta en Stripe antes de crear promociones."},
			{name: "register bad token", method: "POST", path: "/api/clientes/1/agregar-tarjeta", token: "owner1", body: map[string]any{"token": "4242424242424242"}, status: 400,
				errText: "Error al registrar la tarjeta"},
			{name: "register other restaurant", method: "POST", path: "/api/clientes/1/agregar-tarjeta", token: "owner2", body: map[string]any{"token": "demo_tok_4242"}, status: 403},
			{name: "setup card", method: "POST", path: "/api/clientes/1/setup-tarjeta", token: "owner1", status: 200, fields: map[string]any{"provider": "demo"}},
			{name: "register card", method: "POST", path: "/api/clientes/1/agregar-tarjeta", token: "owner1", body: map[string]any{"token": "demo_tok_4242"}, status: 200,
				fields: map[string]any{"last4": "4242", "brand": "visa"}},
			{name: "card registered", method: "GET", path: "/api/clientes/1/verificar_tarjeta", token: "owner1", status: 200, fields: map[string]any{"last4": "4242", "registrada": true}},
			{name: "offer other restaurant", method: "POST", path: "/api/cupones", token: "owner2", body: offerForm("OTRO"), status: 403},
			{name: "offer no token", method: "POST", path: "/api/cupones", body: offerForm("OTRO"), status: 401},
			{name: "offer discount 0", method: "POST", path: "/api/cupones", token: "owner1", body: offerForm("D0", "descuento", 0), status: 400},
			{name: "offer discount 101", method: "POST", path: "/api/cupones", token: "owner1", body: offerForm("D101", "descuento", 101), status: 400},
			{name: "offer in the past", method: "POST", path: "/api/cupones", token: "owner1", body: offerForm("PAST", "fecha_expiracion", "2020-01-01"), status: 400},
			{name: "offer quantity 0", method: "POST", path: "/api/cupones", token: "owner1", body: offerForm("Q0", "cantidad_disponible", 0), status: 400},
			{name: "offer without image", method: "POST", path: "/api/cupones", token: "owner1", body: offerForm("NOIMG", "imagen", nil), status: 400},
			{name: "offer text as image", method: "POST", path: "/api/cupones", token: "owner1", body: offerForm("TXT", "imagen", []byte("hola")), status: 400},
			{name: "offer missing title", method: "POST", path: "/api/cupones", token: "owner1", body: offerForm("NOTITLE", "titulo", ""), status: 400},
			{name: "offer created", method: "POST", path: "/api/cupones", token: "owner1", body: offerForm("TAPAS2X1"), status: 201,
				fields: map[string]any{"message": "✅ Oferta creada con éxito"}},
			{name: "offer code taken", method: "POST", path: "/api/cupones", token: "owner1", body: offerForm("tapas2x1"), status: 409},
			{name: "merchant", method: "GET", path: "/api/clientes/1/merchant", status: 200, fields: map[string]any{"merchant_id": "DEMOMERCHANT1"}},
			{name: "merchant bad id", method: "GET", path: "/api/clientes/x/merchant", status: 400},
		})
		var cup map[string]any
		list := e.do("GET", "/api/cupones?cliente_id=1", "", nil)
		if !strings.Contains(list.body, "TAPAS2X1") || strings.Contains(e.do("GET", "/api/cupones?cliente_id=2", "", nil).body, "TAPAS2X1") {
			t.Fatalf("offers list: %s", list.body)
		}
		cup = listFirst(t, list.body)
		if cup["precio"] != float64(2000) || cup["precio_final"] != float64(1500) || cup["cantidad_disponible"] != float64(3) {
			t.Fatalf("offer: %v", cup)
		}
		cupID := int(cup["id"].(float64))

		diner := e.register("Ana López", "ana@example.com", "secreto-123", "telefono", "5551234")
		tok := diner.json["token"].(string)
		uid := int(diner.json["usuario_id"].(float64))
		e.run(t, []scenario{
			{name: "buy without token", method: "POST", path: "/api/checkout-clover", body: map[string]any{"cupon_id": cupID}, status: 401},
			{name: "buy with a staff token", method: "POST", path: "/api/checkout-clover", token: "owner1", body: map[string]any{"cupon_id": cupID}, status: 403},
			{name: "buy as another diner", method: "POST", path: "/api/checkout-clover", token: tok, body: map[string]any{"cupon_id": cupID, "usuario_id": uid + 1}, status: 403},
			{name: "buy with a wrong total", method: "POST", path: "/api/checkout-clover", token: tok, body: map[string]any{"cupon_id": cupID, "total_amount": 1500}, status: 400},
			{name: "buy with a wrong merchant", method: "POST", path: "/api/checkout-clover", token: tok, body: map[string]any{"cupon_id": cupID, "merchant_id": "DEMOMERCHANT2"}, status: 400},
			{name: "buy unknown offer", method: "POST", path: "/api/checkout-clover", token: tok, body: map[string]any{"cupon_id": 9999}, status: 404},
		})
		buy := e.do("POST", "/api/checkout-clover", tok, map[string]any{"cupon_id": cupID, "usuario_id": uid, "merchant_id": "DEMOMERCHANT1", "total_amount": 2000,
			"email": "placeholder@example.com", "first_name": "Placeholder"})
		if buy.status != 200 || !strings.HasPrefix(buy.json["checkout_url"].(string), "https://carta.example/demo/checkout/demo_cs_") {
			t.Fatalf("buy: %d %s", buy.status, buy.body)
		}
		session := strings.TrimPrefix(buy.json["checkout_url"].(string), "https://carta.example/demo/checkout/")
		// The server used the diner's real data, not the client's placeholders.
		var email string
		db.QueryRow(context.Background(), `SELECT u.email FROM compras c JOIN usuarios u ON u.id = c.usuario_id WHERE c.checkout_session_id = ?`, session).Scan(&email)
		if email != "ana@example.com" {
			t.Fatalf("purchase e-mail %q", email)
		}
		page := e.do("GET", "/api/demo/checkout/"+session, "", nil)
		if page.json["total"] != float64(2000) || page.json["estado"] != "pendiente" {
			t.Fatalf("demo checkout: %s", page.body)
		}
		if listFirst(t, e.do("GET", "/api/cupones?cliente_id=1", "", nil).body)["cantidad_disponible"] != float64(2) {
			t.Fatal("an open checkout does not hold its unit")
		}
		pay := e.do("POST", "/api/demo/checkout/"+session+"/pay", "", nil)
		if pay.status != 200 || pay.json["message"] != "Pago procesado correctamente. Revisa tu correo." {
			t.Fatalf("pay: %d %s", pay.status, pay.body)
		}
		if again := e.do("POST", "/api/demo/checkout/"+session+"/pay", "", nil); again.status != 200 || again.json["estado"] != "pagado" {
			t.Fatalf("second pay: %s", again.body)
		}
		compras := e.do("GET", fmt.Sprintf("/api/usuarios/%d/compras", uid), tok, nil)
		if strings.Count(compras.body, `"estado":"pagado"`) != 1 || !strings.Contains(compras.body, "CARTA-") {
			t.Fatalf("mis compras: %s", compras.body)
		}
		code := between(compras.body, `"codigo_voucher":"`, `"`)
		puntos := e.do("GET", fmt.Sprintf("/api/usuarios/%d/puntos", uid), tok, nil)
		if !strings.Contains(puntos.body, `"saldo":20`) {
			t.Fatalf("points: %s", puntos.body)
		}
		e.run(t, []scenario{
			{name: "redeem other restaurant", method: "POST", path: "/api/clientes/1/vouchers/canjear", token: "owner2", body: map[string]any{"codigo": code}, status: 403},
			{name: "redeem at the wrong restaurant", method: "POST", path: "/api/clientes/2/vouchers/canjear", token: "owner2", body: map[string]any{"codigo": code}, status: 404},
			{name: "redeem by a diner", method: "POST", path: "/api/clientes/1/vouchers/canjear", token: tok, body: map[string]any{"codigo": code}, status: 403},
			{name: "redeem empty", method: "POST", path: "/api/clientes/1/vouchers/canjear", token: "owner1", body: map[string]any{"codigo": " "}, status: 400},
			{name: "redeem", method: "POST", path: "/api/clientes/1/vouchers/canjear", token: "owner1", body: map[string]any{"codigo": strings.ToLower(code)}, status: 200},
			{name: "redeem twice", method: "POST", path: "/api/clientes/1/vouchers/canjear", token: "owner1", body: map[string]any{"codigo": code}, status: 409,
				errText: "Este cupón ya fue canjeado."},
			{name: "fees of the restaurant", method: "GET", path: "/api/clientes/1/fees", token: "owner1", status: 200},
			{name: "fees other restaurant", method: "GET", path: "/api/clientes/1/fees", token: "owner2", status: 403},
			{name: "failed fees: owner", method: "GET", path: "/api/admin/fees", token: "owner1", status: 403},
			{name: "failed fees: admin", method: "GET", path: "/api/admin/fees", token: "admin", status: 200},
			{name: "owner's offers", method: "GET", path: "/api/clientes/1/cupones", token: "owner1", status: 200},
			{name: "owner's offers other restaurant", method: "GET", path: "/api/clientes/1/cupones", token: "owner2", status: 403},
			{name: "pause other restaurant", method: "PUT", path: fmt.Sprintf("/api/cupones/%d/estado", cupID), token: "owner2", body: map[string]any{"estado": "pausado"}, status: 404},
			{name: "pause bad state", method: "PUT", path: fmt.Sprintf("/api/cupones/%d/estado", cupID), token: "owner1", body: map[string]any{"estado": "borrado"}, status: 400},
			{name: "pause", method: "PUT", path: fmt.Sprintf("/api/cupones/%d/estado", cupID), token: "owner1", body: map[string]any{"estado": "pausado"}, status: 200,
				fields: map[string]any{"estado": "pausado"}},
		})
		if strings.Contains(e.do("GET", "/api/cupones?cliente_id=1", "", nil).body, "TAPAS2X1") {
			t.Fatal("a paused offer is still on sale")
		}
		if r := e.do("POST", "/api/checkout-clover", tok, map[string]any{"cupon_id": cupID}); r.status != 409 {
			t.Fatalf("buying a paused offer: %d", r.status)
		}
		e.run(t, []scenario{
			{name: "end", method: "PUT", path: fmt.Sprintf("/api/cupones/%d/estado", cupID), token: "owner1", body: map[string]any{"estado": "finalizado"}, status: 200},
			{name: "resume ended", method: "PUT", path: fmt.Sprintf("/api/cupones/%d/estado", cupID), token: "owner1", body: map[string]any{"estado": "activo"}, status: 409},
		})
	})
}

func TestDeclinedDemoPaymentLeavesStock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.do("POST", "/api/clientes/1/agregar-tarjeta", e.owner1, map[string]any{"token": "demo_tok_4242"})
		e.do("POST", "/api/cupones", e.owner1, offerForm("DECLINE"))
		cup := listFirst(t, e.do("GET", "/api/cupones?cliente_id=1", "", nil).body)
		tok := e.register("Beto", "beto@example.com", "secreto-123").json["token"].(string)
		buy := e.do("POST", "/api/checkout-clover", tok, map[string]any{"cupon_id": cup["id"]})
		session := strings.TrimPrefix(buy.json["checkout_url"].(string), "https://carta.example/demo/checkout/")
		if r := e.do("POST", "/api/demo/checkout/"+session+"/decline", "", nil); r.status != 200 || r.json["estado"] != "fallido" {
			t.Fatalf("decline: %s", r.body)
		}
		if got := listFirst(t, e.do("GET", "/api/cupones?cliente_id=1", "", nil).body)["cantidad_disponible"]; got != float64(3) {
			t.Fatalf("stock after decline %v, want 3", got)
		}
		if r := e.do("POST", "/api/demo/checkout/demo_cs_unknown/pay", "", nil); r.status != 404 {
			t.Fatalf("unknown session: %d", r.status)
		}
		if r := e.do("POST", "/api/demo/checkout/cs_real_clover_session/pay", "", nil); r.status != 404 {
			t.Fatalf("a non-demo session through the demo page: %d", r.status)
		}
	})
}

func TestCloverCheckoutWebhook(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.do("POST", "/api/clientes/1/agregar-tarjeta", e.owner1, map[string]any{"token": "demo_tok_4242"})
		e.do("POST", "/api/cupones", e.owner1, offerForm("WEBHOOK"))
		cup := listFirst(t, e.do("GET", "/api/cupones?cliente_id=1", "", nil).body)
		tok := e.register("Ana", "ana@example.com", "secreto-123").json["token"].(string)
		buy := e.do("POST", "/api/checkout-clover", tok, map[string]any{"cupon_id": cup["id"]})
		session := strings.TrimPrefix(buy.json["checkout_url"].(string), "https://carta.example/demo/checkout/")
		body := clovercheckouttest.WebhookBody(session, "PAY123", "DEMOMERCHANT1", "APPROVED")
		post := func(sig string, b []byte) result {
			return e.do("POST", "/api/webhooks/clover-checkout", "", string(b), "Clover-Signature", sig)
		}
		if r := post(clovercheckouttest.Sign("wrong-secret", time.Now(), body), body); r.status != 401 {
			t.Fatalf("forged webhook: %d", r.status)
		}
		if r := post("", body); r.status != 401 {
			t.Fatalf("unsigned webhook: %d", r.status)
		}
		tampered := clovercheckouttest.WebhookBody(session, "PAY999", "DEMOMERCHANT1", "APPROVED")
		if r := post(clovercheckouttest.Sign("whsec_clover_test", time.Now(), body), tampered); r.status != 401 {
			t.Fatalf("tampered webhook: %d", r.status)
		}
		var paid int
		db.QueryRow(context.Background(), `SELECT COUNT(*) FROM compras WHERE estado = 'pagado'`).Scan(&paid)
		if paid != 0 {
			t.Fatal("a bad webhook changed a purchase")
		}
		for range 2 {
			if r := post(clovercheckouttest.Sign("whsec_clover_test", time.Now(), body), body); r.status != 200 {
				t.Fatalf("webhook: %d %s", r.status, r.body)
			}
		}
		var fees, pts int
		db.QueryRow(context.Background(), `SELECT COUNT(*) FROM compras WHERE estado = 'pagado'`).Scan(&paid)
		db.QueryRow(context.Background(), `SELECT COUNT(*) FROM fees`).Scan(&fees)
		db.QueryRow(context.Background(), `SELECT COUNT(*) FROM puntos`).Scan(&pts)
		if paid != 1 || fees != 1 || pts != 1 {
			t.Fatalf("after a replayed webhook: paid %d fees %d points %d", paid, fees, pts)
		}
	})
}

func TestStripeWebhookSignature(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		if r := e.do("POST", "/api/webhooks/stripe", "", `{"id":"evt_1","type":"payment_intent.succeeded"}`, "Stripe-Signature", "t=1,v1=bad"); r.status != 401 {
			t.Fatalf("forged stripe webhook: %d", r.status)
		}
	})
}

func listFirst(t *testing.T, body string) map[string]any {
	t.Helper()
	var list []map[string]any
	if err := jsonUnmarshal(body, &list); err != nil || len(list) == 0 {
		t.Fatalf("list: %v %s", err, body)
	}
	return list[0]
}

func between(s, a, b string) string {
	i := strings.Index(s, a)
	if i < 0 {
		return ""
	}
	s = s[i+len(a):]
	j := strings.Index(s, b)
	return s[:j]
}

// Issue 15 point 4: the offer's and popup's English texts reach a diner
// reading in English (Accept-Language or ?idioma=en), the Spanish ones
// otherwise; the points history is a structured entry in that language.
func TestEnglishRestaurantContent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		if r := e.do("POST", "/api/clientes/1/agregar-tarjeta", e.owner1, map[string]any{"token": "demo_tok_4242"}); r.status != 200 {
			t.Fatalf("card: %d %s", r.status, r.body)
		}
		r := e.do("POST", "/api/cupones", e.owner1, offerForm("ENGLISH", "titulo_en", "Two for one tapas", "descripcion_en", "Every Thursday"))
		if r.status != 201 {
			t.Fatalf("offer: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/cupones", e.owner1, offerForm("LONGEN", "titulo_en", strings.Repeat("x", 121))); r.status != 400 {
			t.Fatalf("a too long English title: %d %s", r.status, r.body)
		}
		es := listFirst(t, e.do("GET", "/api/cupones?cliente_id=1", "", nil).body)
		if es["titulo"] != "2x1 en tapas" || es["descripcion"] != "Todos los jueves" || es["titulo_en"] != "Two for one tapas" {
			t.Fatalf("offer in Spanish: %v", es)
		}
		en := e.do("GET", "/api/cupones?cliente_id=1", "", nil, "Accept-Language", "en-US,en;q=0.9")
		if c := listFirst(t, en.body); c["titulo"] != "Two for one tapas" || c["descripcion"] != "Every Thursday" {
			t.Fatalf("offer in English: %v", c)
		}
		if !strings.Contains(en.header.Get("Vary"), "Accept-Language") {
			t.Fatalf("an answer that depends on Accept-Language does not say so: %v", en.header)
		}
		if c := listFirst(t, e.do("GET", "/api/cupones?cliente_id=1&idioma=en", "", nil).body); c["titulo"] != "Two for one tapas" {
			t.Fatalf("offer with ?idioma=en: %v", c)
		}
		cupID := int(es["id"].(float64))

		diner := e.register("Ann Lee", "ann@example.com", "secreto-123")
		tok := diner.json["token"].(string)
		uid := int(diner.json["usuario_id"].(float64))
		buy := e.do("POST", "/api/checkout-clover", tok, map[string]any{"cupon_id": cupID, "usuario_id": uid})
		session := strings.TrimPrefix(buy.json["checkout_url"].(string), "https://carta.example/demo/checkout/")
		if pay := e.do("POST", "/api/demo/checkout/"+session+"/pay", "", nil); pay.status != 200 {
			t.Fatalf("pay: %d %s", pay.status, pay.body)
		}
		compras := fmt.Sprintf("/api/usuarios/%d/compras", uid)
		if b := e.do("GET", compras, tok, nil, "Accept-Language", "en").body; !strings.Contains(b, `"descripcion":"Two for one tapas"`) {
			t.Fatalf("purchases in English: %s", b)
		}
		if b := e.do("GET", compras, tok, nil).body; !strings.Contains(b, `"descripcion":"2x1 en tapas"`) {
			t.Fatalf("purchases in Spanish: %s", b)
		}
		puntos := fmt.Sprintf("/api/usuarios/%d/puntos", uid)
		if b := e.do("GET", puntos+"?idioma=en", tok, nil).body; !strings.Contains(b, `"tipo":"compra","detalle":"Two for one tapas"`) {
			t.Fatalf("points in English: %s", b)
		}
		if b := e.do("GET", puntos, tok, nil).body; !strings.Contains(b, `"tipo":"compra","detalle":"2x1 en tapas"`) {
			t.Fatalf("points in Spanish: %s", b)
		}

		img := pngImage(300, 300, color.RGBA{20, 100, 200, 255})
		if r := e.do("POST", "/api/popups", e.owner1, form(map[string]any{"cliente_id": 1, "name": "Bienvenida", "name_en": "Welcome", "file": img}, "p.png")); r.status != 201 {
			t.Fatalf("popup: %d %s", r.status, r.body)
		}
		if b := e.do("GET", "/api/popups?cliente_id=1&idioma=en", "", nil).body; !strings.Contains(b, `"name":"Welcome"`) {
			t.Fatalf("popups in English: %s", b)
		}
		// The Spanish read, cached separately, still says it in Spanish.
		if b := e.do("GET", "/api/popups?cliente_id=1", "", nil).body; !strings.Contains(b, `"name":"Bienvenida","name_en":"Welcome"`) {
			t.Fatalf("popups in Spanish: %s", b)
		}
	})
}

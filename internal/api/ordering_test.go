package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"carta/internal/api"
	"carta/internal/checkout/clover/clovercheckouttest"
	"carta/internal/demo"
	"carta/internal/ordering"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// newOrderEnv is the demo menus synced from the demo POS (modifier groups
// and taxes), both restaurants taking orders at any hour.
func newOrderEnv(t testing.TB, db *store.DB) *env { return newOrderEnvWith(t, db, nil) }

// newOrderEnvWith is newOrderEnv with a chance to change the server before
// it starts.
func newOrderEnvWith(t testing.TB, db *store.DB, change func(*api.Server)) *env {
	t.Helper()
	e := newEnvWith(t, db, change)
	if err := demo.SeedMenus(context.Background(), db, e.pipe); err != nil {
		t.Fatal(err)
	}
	e.api.Ordering.PerAddress = 1000
	ctx := context.Background()
	for _, id := range []int64{1, 2} {
		if _, err := e.api.Menu.Sync(ctx, tenant.Job(id)); err != nil {
			t.Fatal(err)
		}
		cfg := ordering.Config{Activo: true, PreparacionMin: 15, Horario: ordering.AlwaysOpen(), ZonaHoraria: "America/New_York"}
		if err := ordering.SeedConfig(ctx, db, tenant.Job(id), cfg); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// onlineProduct finds a product of the online menu by name: its id and
// the ids of its modifiers by name.
func (e *env) onlineProduct(clienteID int, name string) (int64, map[string]string) {
	e.t.Helper()
	r := e.do("GET", fmt.Sprintf("/api/orders/clover_products_online?cliente_id=%d", clienteID), "", nil)
	if r.status != 200 {
		e.t.Fatalf("online menu: %d %s", r.status, r.body)
	}
	for _, c := range r.json["categorias"].([]any) {
		for _, p := range c.(map[string]any)["productos"].([]any) {
			p := p.(map[string]any)
			if p["name"] != name {
				continue
			}
			mods := map[string]string{}
			for _, g := range p["modifiers"].([]any) {
				for _, m := range g.(map[string]any)["modifiers"].([]any) {
					m := m.(map[string]any)
					mods[m["name"].(string)] = m["id"].(string)
				}
			}
			return int64(p["id"].(float64)), mods
		}
	}
	e.t.Fatalf("no %q on the online menu of %d", name, clienteID)
	return 0, nil
}

// steakOrder is a guest's order of two steaks "al punto" with fries at
// restaurant 1.
func (e *env) steakOrder() map[string]any {
	e.t.Helper()
	id, mods := e.onlineProduct(1, "Chuletón de Res")
	return map[string]any{"cliente_id": 1, "order_type": "pickup",
		"items":    []map[string]any{{"product_id": id, "quantity": 2, "modifier_ids": []string{mods["Al punto"], mods["Patatas fritas"]}}},
		"customer": map[string]any{"nombre": "Ana Pérez", "email": "ana@example.com", "telefono": "555 1234"}}
}

// placeOrder places an order (a diner's when token is one) and returns its
// id, token and checkout session.
func (e *env) placeOrder(token string, order map[string]any) (int64, string, string) {
	e.t.Helper()
	r := e.do("POST", "/api/orders", token, order)
	if r.status != 201 {
		e.t.Fatalf("place order: %d %s", r.status, r.body)
	}
	sess := strings.TrimPrefix(r.json["checkout_url"].(string), "https://carta.example/demo/checkout/")
	return int64(r.json["pedido_id"].(float64)), r.json["token"].(string), sess
}

// paidOrder is a guest's order of restaurant 1, paid through the demo page.
func (e *env) paidOrder() (int64, string) {
	e.t.Helper()
	id, tok, sess := e.placeOrder("", e.steakOrder())
	if r := e.do("POST", "/api/demo/checkout/"+sess+"/pay", "", nil); r.status != 200 || r.json["estado"] != "recibido" {
		e.t.Fatalf("pay: %d %s", r.status, r.body)
	}
	return id, tok
}

func TestOrderingFlow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		id, mods := e.onlineProduct(1, "Chuletón de Res")
		// The cart's summary is the server's: the price a browser sends is
		// never read.
		items := []map[string]any{{"product_id": id, "quantity": 2, "modifier_ids": []string{mods["Al punto"], mods["Patatas fritas"]}, "price": 1, "name": "Gratis"}}
		q := e.do("POST", "/api/orders/quote", "", map[string]any{"cliente_id": 1, "items": items})
		if q.status != 200 || q.json["subtotal"] != 9000.0 || q.json["taxes"] != 743.0 || q.json["total"] != 9743.0 {
			t.Fatalf("quote: %d %s", q.status, q.body)
		}
		order := e.steakOrder()
		order["items"] = items
		order["note"] = "Sin sal, por favor"
		pid, tok, sess := e.placeOrder("", order)
		// The demo checkout page shows the order and pays it.
		d := e.do("GET", "/api/demo/checkout/"+sess, "", nil)
		if d.status != 200 || d.json["tipo"] != "pedido" || d.json["total"] != 9743.0 || d.json["impuestos"] != 743.0 || d.json["estado"] != "pendiente_pago" {
			t.Fatalf("demo checkout: %d %s", d.status, d.body)
		}
		p := e.do("POST", "/api/demo/checkout/"+sess+"/pay", "", nil)
		if p.status != 200 || p.json["estado"] != "recibido" || p.json["message"] != "Pago exitoso. Orden confirmada." || p.json["token"] != tok {
			t.Fatalf("pay: %d %s", p.status, p.body)
		}
		f := e.do("GET", fmt.Sprintf("/api/pedidos/%d", pid), "", nil, "X-Pedido-Token", tok)
		if f.status != 200 || f.json["numero"] != 1.0 || f.json["estado"] != "recibido" || f.json["nota"] != "Sin sal, por favor" {
			t.Fatalf("order page: %d %s", f.status, f.body)
		}
		// The board lists it; the kitchen moves it along; the diner follows.
		b := e.do("GET", "/api/clientes/1/pedidos", e.owner1, nil)
		if b.status != 200 || len(b.json["pedidos"].([]any)) != 1 {
			t.Fatalf("board: %d %s", b.status, b.body)
		}
		for _, to := range []string{"en_preparacion", "listo"} {
			if r := e.do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", pid), e.owner1, map[string]any{"estado": to}); r.status != 200 || r.json["estado"] != to {
				t.Fatalf("move to %s: %d %s", to, r.status, r.body)
			}
		}
		if r := e.do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", pid), e.owner1, map[string]any{"estado": "recibido"}); r.status != 409 ||
			r.json["error"] != "No se puede pasar un pedido de «listo para recoger» a «recibido»." {
			t.Fatalf("illegal move: %d %s", r.status, r.body)
		}
		if f = e.do("GET", fmt.Sprintf("/api/pedidos/%d?t=%s", pid, tok), "", nil); f.json["estado"] != "listo" {
			t.Fatalf("diner sees %v", f.json["estado"])
		}
		// The other restaurant's owner cannot see or move it.
		if r := e.do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", pid), e.owner2, map[string]any{"estado": "entregado"}); r.status != 404 {
			t.Fatalf("other owner: %d %s", r.status, r.body)
		}
		// The direct pay call of the spec (demo provider): exactly the total.
		pid2, tok2, _ := e.placeOrder("", e.steakOrder())
		if r := e.do("POST", "/api/orders/1/pay", "", map[string]any{"pedido_id": pid2, "token": tok2, "amount": 100}); r.status != 400 ||
			r.json["error"] != "El monto no coincide con el total del pedido." {
			t.Fatalf("wrong amount: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/orders/1/pay", "", map[string]any{"pedido_id": pid2, "token": tok2, "amount": 9743}); r.status != 200 ||
			r.json["message"] != "Pago exitoso. Orden confirmada." {
			t.Fatalf("pay call: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/orders/1/pay", "", map[string]any{"pedido_id": pid2, "token": "otro", "amount": 9743}); r.status != 404 {
			t.Fatalf("someone else's order: %d %s", r.status, r.body)
		}
	})
}

func TestOrdersRefusedWithTheReason(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		steak, steakMods := e.onlineProduct(1, "Chuletón de Res")
		tapa, tapaMods := e.onlineProduct(1, "Jamón Ibérico")
		taco, _ := e.onlineProduct(2, "Taco al Pastor")
		line := func(id int64, qty int, mods ...string) []map[string]any {
			return []map[string]any{{"product_id": id, "quantity": qty, "modifier_ids": mods}}
		}
		withItems := func(items any) map[string]any {
			o := e.steakOrder()
			o["items"] = items
			return o
		}
		scs := []scenario{
			{name: "empty cart", method: "POST", path: "/api/orders", body: withItems([]any{}), status: 400, errText: "El carrito está vacío."},
			{name: "no restaurant", method: "POST", path: "/api/orders/quote", body: map[string]any{"items": line(steak, 1, steakMods["Al punto"])},
				status: 400, errText: "Error: No se encontró el cliente_id."},
			{name: "required group missing", method: "POST", path: "/api/orders", body: withItems(line(steak, 1)),
				status: 400, errText: "Línea 1 (Chuletón de Res): elige al menos 1 en «Punto de cocción»."},
			{name: "over a group's maximum", method: "POST", path: "/api/orders/quote",
				body:   map[string]any{"cliente_id": 1, "items": line(steak, 1, steakMods["Al punto"], steakMods["Bien hecho"])},
				status: 400, errText: "Línea 1 (Chuletón de Res): elige como máximo 1 en «Punto de cocción»."},
			{name: "a modifier of another product", method: "POST", path: "/api/orders", body: withItems(line(steak, 1, steakMods["Al punto"], tapaMods["Alioli"])),
				status: 400, errText: fmt.Sprintf("Línea 1 (Chuletón de Res): el modificador %q no pertenece a este producto.", tapaMods["Alioli"])},
			{name: "another restaurant's product", method: "POST", path: "/api/orders", body: withItems(line(taco, 1)),
				status: 400, errText: "Línea 1: este producto ya no está en el menú."},
			{name: "quantity 0", method: "POST", path: "/api/orders", body: withItems(line(tapa, 0)),
				status: 400, errText: "Línea 1 (Jamón Ibérico): la cantidad debe estar entre 1 y 99."},
			{name: "delivery is not offered", method: "POST", path: "/api/orders", body: func() map[string]any {
				o := e.steakOrder()
				o["order_type"] = "delivery"
				return o
			}(), status: 400, errText: "Solo se aceptan pedidos para recoger (order_type 'pickup')."},
			{name: "no pickup name", method: "POST", path: "/api/orders", body: func() map[string]any {
				o := e.steakOrder()
				o["customer"] = map[string]any{"nombre": " ", "email": "a@b.co"}
				return o
			}(), status: 400, errText: "Escribe el nombre de quien recoge el pedido."},
			{name: "no e-mail", method: "POST", path: "/api/orders", body: func() map[string]any {
				o := e.steakOrder()
				o["customer"] = map[string]any{"nombre": "Ana", "email": "ana"}
				return o
			}(), status: 400, errText: "Escribe un correo electrónico válido para recibir la confirmación."},
			{name: "a slot that is not offered", method: "POST", path: "/api/orders", body: func() map[string]any {
				o := e.steakOrder()
				o["pickup_at"] = 1234567
				return o
			}(), status: 400, errText: "La hora de recogida no es válida. Elige una de las que se ofrecen."},
		}
		e.run(t, scs)

		// Sold out today: refused, named.
		if r := e.do("PUT", fmt.Sprintf("/api/clover/products/%d/agotado", tapa), e.owner1, map[string]any{"agotado": true, "cliente_id": 1}); r.status != 200 {
			t.Fatalf("sold out: %d %s", r.status, r.body)
		}
		e.run(t, []scenario{{name: "sold out today", method: "POST", path: "/api/orders/quote", body: map[string]any{"cliente_id": 1, "items": line(tapa, 1)},
			status: 400, errText: "Línea 1 (Jamón Ibérico): no está disponible en este momento."}})

		// A full slot, then a paused restaurant.
		cfg := map[string]any{"activo": true, "preparacion_min": 15, "horario": ordering.AlwaysOpen(), "pedidos_por_franja": 1, "pausado_hasta": 0, "zona_horaria": "America/New_York"}
		if r := e.do("PUT", "/api/clientes/1/pedidos/config", e.owner1, cfg); r.status != 200 {
			t.Fatalf("config: %d %s", r.status, r.body)
		}
		e.placeOrder("", e.steakOrder())
		e.run(t, []scenario{{name: "full slot", method: "POST", path: "/api/orders", body: e.steakOrder(), status: 400, errText: "Esa hora de recogida ya está llena. Elige otra."}})
		cfg["pausado_hasta"] = time.Now().Add(time.Hour).Unix()
		if r := e.do("PUT", "/api/clientes/1/pedidos/config", e.owner1, cfg); r.status != 200 {
			t.Fatalf("pause: %d %s", r.status, r.body)
		}
		e.run(t, []scenario{{name: "paused", method: "POST", path: "/api/orders", body: e.steakOrder(), status: 400,
			errText: "El restaurante pausó los pedidos en línea por un momento. Inténtalo más tarde."}})
		if r := e.do("GET", "/api/orders/config?cliente_id=1", "", nil); r.json["motivo"] != "pausado" {
			t.Fatalf("availability while paused: %s", r.body)
		}
		// In English too, the group named as the English menu names it.
		r := e.do("POST", "/api/orders/quote", "", map[string]any{"cliente_id": 1, "items": line(steak, 1)}, "Accept-Language", "en")
		if r.status != 400 || r.json["error"] != "Line 1 (Rib Steak): choose at least 1 in “Doneness”." {
			t.Fatalf("english: %d %s", r.status, r.body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM pedidos`); n != 1 {
			t.Fatalf("%d orders stored, want the one placed", n)
		}
	})
}

func count(t *testing.T, db *store.DB, q string) int {
	t.Helper()
	var n int
	if err := db.QueryRow(context.Background(), q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A signed-in diner's order paid through Clover's webhook: confirmed once
// (a replayed event changes nothing), points credited, listed in the
// diner's orders; a declined payment frees the order's slot.
func TestOrderConfirmedByTheCheckoutWebhook(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		reg := e.do("POST", "/api/usuarios/registro", "", map[string]any{"nombre": "Lucía", "email": "lucia@example.com", "password": "secreto-123", "cliente_id": 1})
		if reg.status != 201 {
			t.Fatalf("register: %d %s", reg.status, reg.body)
		}
		diner, uid := reg.json["token"].(string), int64(reg.json["usuario_id"].(float64))
		id, _, sess := e.placeOrder(diner, e.steakOrder())
		hook := func(session, payment, status string) result {
			body := clovercheckouttest.WebhookBody(session, payment, "DEMOMERCHANT1", status)
			return e.do("POST", "/api/webhooks/clover-checkout", "", string(body), "Clover-Signature", clovercheckouttest.Sign("whsec_clover_test", time.Now(), body))
		}
		for i := 0; i < 2; i++ {
			if r := hook(sess, "CLV-1", "APPROVED"); r.status != 200 {
				t.Fatalf("webhook: %d %s", r.status, r.body)
			}
		}
		mine := e.do("GET", fmt.Sprintf("/api/usuarios/%d/pedidos", uid), diner, nil)
		if !strings.Contains(mine.body, `"estado":"recibido"`) || !strings.Contains(mine.body, `"numero":1`) {
			t.Fatalf("diner's orders: %s", mine.body)
		}
		if r := e.do("GET", fmt.Sprintf("/api/pedidos/%d", id), diner, nil); r.status != 200 {
			t.Fatalf("the diner's own order without its token: %d", r.status)
		}
		pts := e.do("GET", fmt.Sprintf("/api/usuarios/%d/puntos", uid), diner, nil)
		if !strings.Contains(pts.body, `"saldo":97`) || !strings.Contains(pts.body, "Pedido #1") {
			t.Fatalf("points: %s", pts.body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM outbox WHERE kind = 'pedido'`); n != 1 {
			t.Fatalf("%d order e-mails", n)
		}
		// Declined: the order ends and its slot is free again.
		id2, _, sess2 := e.placeOrder("", e.steakOrder())
		if r := hook(sess2, "", "DECLINED"); r.status != 200 {
			t.Fatalf("declined webhook: %d %s", r.status, r.body)
		}
		var estado string
		db.QueryRow(context.Background(), `SELECT estado FROM pedidos WHERE id = ?`, id2).Scan(&estado)
		if estado != "fallido" || count(t, db, `SELECT SUM(ocupados) FROM pedidos_franjas`) != 1 {
			t.Fatalf("declined order %s, slots held %d", estado, count(t, db, `SELECT SUM(ocupados) FROM pedidos_franjas`))
		}
	})
}

// TestOrderInTheDinersLanguage: the owner names the POS's modifiers and
// taxes in both languages; a diner ordering in English reads the order
// back in English (GET /api/pedidos/{id} follows the order's language,
// whatever the reader's), the Spanish cart names the tax in Spanish, and
// the kitchen's board keeps the restaurant's names.
func TestOrderInTheDinersLanguage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		// The demo owner's names of the demo POS's modifiers and taxes.
		names := e.do("GET", "/api/clientes/1/nombres-pos", e.owner1, nil)
		if names.status != 200 || !strings.Contains(names.body, `"en":{"name":"Doneness"}`) || !strings.Contains(names.body, `"es":{"name":"Impuesto sobre ventas 8.25%"}`) {
			t.Fatalf("POS names: %d %s", names.status, names.body)
		}
		// A name gone from the POS is refused in the caller's language, and nothing changes.
		bad := map[string]any{"nombres": []map[string]any{
			{"entidad": "modificador", "id": "DEMOMERCHANT1-PUNTO-2", "idioma": "en", "name": "Medium rare"},
			{"entidad": "modificador", "id": "NOPE", "idioma": "en", "name": "X"}}}
		if r := e.do("PUT", "/api/clientes/1/nombres-pos", e.owner1, bad, "Accept-Language", "en"); r.status != 400 ||
			r.json["error"] != "One of the names is no longer in the point of sale. Sync and try again." {
			t.Fatalf("unknown name: %d %s", r.status, r.body)
		}
		if r := e.do("PUT", "/api/clientes/1/nombres-pos", e.owner1, map[string]any{"nombres": []map[string]any{
			{"entidad": "modificador", "id": "DEMOMERCHANT1-PUNTO-2", "idioma": "en", "name": "Medium rare"}}}); r.status != 200 ||
			!strings.Contains(r.body, `"en":{"name":"Medium rare"}`) {
			t.Fatalf("save: %d %s", r.status, r.body)
		}

		id, mods := e.onlineProduct(1, "Chuletón de Res")
		items := []map[string]any{{"product_id": id, "quantity": 1, "modifier_ids": []string{mods["Al punto"], mods["Patatas fritas"]}}}
		// The Spanish cart: Spanish tax name.
		q := e.do("POST", "/api/orders/quote", "", map[string]any{"cliente_id": 1, "items": items})
		if q.status != 200 || !strings.Contains(q.body, `"name":"Impuesto sobre ventas 8.25%"`) || strings.Contains(q.body, "Sales Tax") {
			t.Fatalf("Spanish quote: %d %s", q.status, q.body)
		}
		// The English online menu names the groups and modifiers in English (cached per language).
		if m := e.do("GET", "/api/orders/clover_products_online?cliente_id=1&idioma=en", "", nil); !strings.Contains(m.body, `"name":"Doneness"`) ||
			!strings.Contains(m.body, `"name":"Medium rare"`) || !strings.Contains(m.body, `"name":"Rib Steak"`) {
			t.Fatalf("English online menu: %s", m.body)
		}
		if m := e.do("GET", "/api/taxes?cliente_id=1&idioma=es", "", nil); !strings.Contains(m.body, "Impuesto sobre ventas 8.25%") {
			t.Fatalf("Spanish taxes: %s", m.body)
		}

		order := e.steakOrder()
		order["items"] = items
		r := e.do("POST", "/api/orders", "", order, "Accept-Language", "en-US,en;q=0.9")
		if r.status != 201 {
			t.Fatalf("place: %d %s", r.status, r.body)
		}
		pid, tok := int64(r.json["pedido_id"].(float64)), r.json["token"].(string)
		sess := strings.TrimPrefix(r.json["checkout_url"].(string), "https://carta.example/demo/checkout/")
		if d := e.do("GET", "/api/demo/checkout/"+sess, "", nil); d.json["descripcion"] != "Pickup order (1 item)" {
			t.Fatalf("demo checkout: %s", d.body)
		}
		if p := e.do("POST", "/api/demo/checkout/"+sess+"/pay", "", nil); p.status != 200 {
			t.Fatalf("pay: %d %s", p.status, p.body)
		}
		// Read in Spanish or English, the order is English: it was placed in English.
		for _, lang := range []string{"es", "en"} {
			f := e.do("GET", fmt.Sprintf("/api/pedidos/%d", pid), "", nil, "X-Pedido-Token", tok, "Accept-Language", lang)
			l := f.json["lineas"].([]any)[0].(map[string]any)
			m := l["modificadores"].([]any)[0].(map[string]any)
			tax := f.json["detalle_impuestos"].([]any)[0].(map[string]any)
			if f.status != 200 || l["nombre"] != "Rib Steak" || m["name"] != "Medium rare" || m["group_name"] != "Doneness" || tax["name"] != "Sales Tax 8.25%" {
				t.Fatalf("order page read in %s: %d %s", lang, f.status, f.body)
			}
		}
		b := e.do("GET", "/api/clientes/1/pedidos", e.owner1, nil)
		if !strings.Contains(b.body, `"nombre":"Chuletón de Res"`) || !strings.Contains(b.body, `"name":"Al punto"`) || strings.Contains(b.body, "Rib Steak") {
			t.Fatalf("board: %s", b.body)
		}
	})
}

// TestOrderConfirmedBySMSWithItsNumber: a guest who chose SMS at checkout gets the "confirmed"
// SMS once the payment is confirmed, with the order's number of the confirmation (taken last).
func TestOrderConfirmedBySMSWithItsNumber(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		order := e.steakOrder()
		order["customer"] = map[string]any{"nombre": "Ana Pérez", "email": "ana@example.com", "telefono": "+1 212 555 0147", "avisos": "sms"}
		id, _, sess := e.placeOrder("", order)
		if n := count(t, db, `SELECT COUNT(*) FROM outbox WHERE channel = 'sms'`); n != 0 {
			t.Fatalf("%d SMS before the payment", n)
		}
		if r := e.do("POST", "/api/demo/checkout/"+sess+"/pay", "", nil); r.status != 200 {
			t.Fatalf("pay: %d %s", r.status, r.body)
		}
		var numero int64
		if err := db.QueryRow(context.Background(), `SELECT numero FROM pedidos WHERE id = ?`, id).Scan(&numero); err != nil || numero == 0 {
			t.Fatalf("numero %d, %v", numero, err)
		}
		var to, text, kind string
		if err := db.QueryRow(context.Background(), `SELECT to_addr, body_text, kind FROM outbox WHERE channel = 'sms'`).Scan(&to, &text, &kind); err != nil {
			t.Fatal(err)
		}
		if to != "+12125550147" || !strings.Contains(text, fmt.Sprintf("#%d", numero)) {
			t.Fatalf("SMS %s to %s: %q (order #%d)", kind, to, text, numero)
		}
		// The e-mail confirmation goes as before, with the same number.
		if n := count(t, db, fmt.Sprintf(`SELECT COUNT(*) FROM outbox WHERE channel = 'email' AND kind = 'pedido' AND subject LIKE '%%%d%%'`, numero)); n != 1 {
			t.Fatalf("%d confirmation e-mails with #%d", n, numero)
		}
	})
}

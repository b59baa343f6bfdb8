package api_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"carta/internal/auth"
	"carta/internal/checkout"
	"carta/internal/clientes"
	"carta/internal/money"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// The audit log (issue: Staff, item 5): each sensitive action, done over
// HTTP, is then in the restaurant's log with who did it, what, on what and
// from which address; the owner and the super admin read it, filtered and
// a page at a time; no one else does.

// auditIP is the address the tests' requests come from (the test server's
// loopback is a trusted proxy).
const auditIP = "203.0.113.9"

// activity reads a restaurant's log (or, cliente 0, the platform's).
func (e *env) activity(token string, cliente int, query string) []map[string]any {
	e.t.Helper()
	path := fmt.Sprintf("/api/clientes/%d/actividad?%s", cliente, query)
	if cliente == 0 {
		path = "/api/admin/actividad?" + query
	}
	r := e.do("GET", path, token, nil)
	if r.status != 200 {
		e.t.Fatalf("activity: %d %s", r.status, r.body)
	}
	var out []map[string]any
	for _, it := range r.json["actividad"].([]any) {
		out = append(out, it.(map[string]any))
	}
	return out
}

// lastEntry is the newest entry of restaurant cliente's log with accion,
// checked for its actor and address.
func (e *env) lastEntry(t *testing.T, cliente int, accion, actor string) map[string]any {
	t.Helper()
	for _, it := range e.activity(e.admin, cliente, "accion="+url.QueryEscape(accion)) {
		if it["accion"] != accion {
			continue
		}
		if it["actor"] != actor || it["ip"] != auditIP || it["cliente_id"] != float64(cliente) {
			t.Fatalf("%s: actor %v ip %v cliente %v, want %s %s %d", accion, it["actor"], it["ip"], it["cliente_id"], actor, auditIP, cliente)
		}
		return it
	}
	t.Fatalf("no %s in restaurant %d's log", accion, cliente)
	return nil
}

// has fails unless the entry's field contains each part.
func has(t *testing.T, it map[string]any, field string, parts ...string) {
	t.Helper()
	v, _ := it[field].(string)
	for _, p := range parts {
		if !strings.Contains(v, p) {
			t.Errorf("%s %s %q lacks %q", it["accion"], field, v, p)
		}
	}
}

const owner1Email = "owner@demo.test"

func TestAuditEverySensitiveAction(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		from := []string{"X-Forwarded-For", auditIP}
		// Subtests fail through e.t, the test of this engine.
		do := func(method, path, token string, body any, want int) result {
			e.t.Helper()
			r := e.do(method, path, token, body, from...)
			if r.status != want {
				t.Fatalf("%s %s: %d %s", method, path, r.status, r.body)
			}
			return r
		}

		t.Run("pedido.cancelar", func(t *testing.T) {
			id, _ := e.paidOrder()
			do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", id), e.owner1, map[string]any{"cliente_id": 1, "estado": "cancelado", "motivo": "Se acabó el chuletón"}, 200)
			it := e.lastEntry(t, 1, "pedido.cancelar", owner1Email)
			has(t, it, "objeto", "Pedido #")
			has(t, it, "detalle", "Se acabó el chuletón", "97.43 USD")
		})
		t.Run("pedido.reembolsar and pedido.reembolso_manual", func(t *testing.T) {
			// Cancelled while the provider could not take it: owed.
			id, _ := e.paidOrder()
			e.db.Exec(context.Background(), `UPDATE pedidos SET payment_id = ? WHERE id = ?`, fmt.Sprint("PAY-OTHER-", id), id)
			do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", id), e.owner1, map[string]any{"cliente_id": 1, "estado": "cancelado", "motivo": "Cerrado"}, 200)
			do("POST", fmt.Sprintf("/api/pedidos/%d/reembolso", id), e.owner1, map[string]any{"cliente_id": 1}, 200)
			it := e.lastEntry(t, 1, "pedido.reembolso_manual", owner1Email)
			has(t, it, "detalle", "97.43 USD")

			id, _ = e.paidOrder()
			e.db.Exec(context.Background(), `UPDATE pedidos SET payment_id = ? WHERE id = ?`, fmt.Sprint("PAY-OTHER-", id), id)
			do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", id), e.owner1, map[string]any{"cliente_id": 1, "estado": "cancelado", "motivo": "Cerrado"}, 200)
			e.db.Exec(context.Background(), `UPDATE pedidos SET payment_id = ? WHERE id = ?`, fmt.Sprint("demo_pay_pedido_", id), id)
			do("POST", fmt.Sprintf("/api/pedidos/%d/reembolsar", id), e.owner1, map[string]any{"cliente_id": 1}, 200)
			it = e.lastEntry(t, 1, "pedido.reembolsar", owner1Email)
			has(t, it, "objeto", "Pedido #")
			has(t, it, "detalle", "97.43 USD", "demo")
		})
		t.Run("a refused action is not recorded", func(t *testing.T) {
			before := len(e.activity(e.admin, 1, "accion=pedido.&limit=100"))
			do("PUT", "/api/pedidos/999999/estado", e.owner1, map[string]any{"cliente_id": 1, "estado": "cancelado", "motivo": "x"}, 404)
			if after := len(e.activity(e.admin, 1, "accion=pedido.&limit=100")); after != before {
				t.Fatalf("%d entries, then %d", before, after)
			}
		})
		t.Run("compra.reembolso_manual and compra.reembolsar (super admin)", func(t *testing.T) {
			for _, c := range []struct{ path, accion string }{{"", "compra.reembolso_manual"}, {"/reembolsar", "compra.reembolsar"}} {
				sess, _ := pendingPurchase(t, e, fmt.Sprint("AUDIT", len(c.path)), 5, fmt.Sprintf("audit%d@example.com", len(c.path)))
				do("POST", "/api/demo/checkout/"+sess+"/pay", "", nil, 200)
				var compra int64
				if err := e.db.QueryRow(context.Background(), `SELECT id FROM compras WHERE estado = 'pagado' AND reembolso <> 'reembolsado' ORDER BY id DESC LIMIT 1`).Scan(&compra); err != nil {
					t.Fatal(err)
				}
				e.db.Exec(context.Background(), `UPDATE compras SET reembolso = 'pendiente' WHERE id = ?`, compra)
				do("POST", fmt.Sprintf("/api/admin/reembolsos/%d%s", compra, c.path), e.admin, nil, 200)
				it := e.lastEntry(t, 1, c.accion, "admin@demo.test")
				has(t, it, "objeto", fmt.Sprintf("Compra #%d", compra))
				has(t, it, "detalle", "20.00 USD")
			}
		})
		jamon := e.productID(e.owner1, 1, "Jamón Ibérico")
		t.Run("producto.visibilidad", func(t *testing.T) {
			do("PUT", fmt.Sprintf("/api/clover/products/%d/visibility", jamon), e.owner1, map[string]any{"cliente_id": 1, "visible": false}, 200)
			it := e.lastEntry(t, 1, "producto.visibilidad", owner1Email)
			has(t, it, "objeto", "Jamón Ibérico")
			has(t, it, "detalle", "Oculto")
			do("PUT", "/api/clover/products/visibility", e.owner1, map[string]any{"cliente_id": 1, "ids": []int{jamon}, "visible": true}, 200)
			it = e.lastEntry(t, 1, "producto.visibilidad", owner1Email)
			has(t, it, "objeto", "Jamón Ibérico")
			has(t, it, "detalle", "Visible")
		})
		t.Run("producto.agotado", func(t *testing.T) {
			do("PUT", fmt.Sprintf("/api/clover/products/%d/agotado", jamon), e.owner1, map[string]any{"cliente_id": 1, "agotado": true}, 200)
			it := e.lastEntry(t, 1, "producto.agotado", owner1Email)
			has(t, it, "objeto", "Jamón Ibérico")
			has(t, it, "detalle", "Agotado hoy")
		})
		t.Run("pedidos.config and pedidos.pausa", func(t *testing.T) {
			cfg := e.do("GET", "/api/clientes/1/pedidos/config", e.owner1, nil).json
			cfg["preparacion_min"] = 25
			do("PUT", "/api/clientes/1/pedidos/config", e.owner1, cfg, 200)
			has(t, e.lastEntry(t, 1, "pedidos.config", owner1Email), "detalle", "preparación: 25 min")
			do("PUT", "/api/clientes/1/pedidos/pausa", e.owner1, map[string]any{"pausado_hasta": time.Now().Add(time.Hour).Unix()}, 200)
			has(t, e.lastEntry(t, 1, "pedidos.pausa", owner1Email), "detalle", "Pausados hasta")
			do("PUT", "/api/clientes/1/pedidos/pausa", e.owner1, map[string]any{"pausado_hasta": 0}, 200)
			has(t, e.lastEntry(t, 1, "pedidos.pausa", owner1Email), "detalle", "Reanudados")
		})
		t.Run("tarjeta.registrar, cupon.crear and cupon.estado", func(t *testing.T) {
			do("POST", "/api/clientes/1/agregar-tarjeta", e.owner1, map[string]any{"token": "demo_tok_4242"}, 200)
			it := e.lastEntry(t, 1, "tarjeta.registrar", owner1Email)
			has(t, it, "objeto", "4242")
			if strings.Contains(fmt.Sprint(it), "demo_tok") {
				t.Errorf("the card's token is in the log: %v", it)
			}
			r := do("POST", "/api/cupones", e.owner1, offerForm("AUDITORIA"), 201)
			has(t, e.lastEntry(t, 1, "cupon.crear", owner1Email), "objeto", "2x1 en tapas")
			do("PUT", fmt.Sprintf("/api/cupones/%v/estado", r.json["id"]), e.owner1, map[string]any{"cliente_id": 1, "estado": "pausado"}, 200)
			has(t, e.lastEntry(t, 1, "cupon.estado", owner1Email), "detalle", "pausado")
		})
		t.Run("comensales.exportar", func(t *testing.T) {
			do("GET", "/api/clientes/1/usuarios.csv?q=ana", e.owner1, nil, 200)
			has(t, e.lastEntry(t, 1, "comensales.exportar", owner1Email), "detalle", "ana")
		})
		t.Run("pos.webhook_secret, pos.sincronizar, pos.conectar", func(t *testing.T) {
			do("PUT", "/api/clientes/1/webhook-secret", e.owner1, map[string]any{"webhook_secret": "whsec_muy_secreto"}, 200)
			it := e.lastEntry(t, 1, "pos.webhook_secret", owner1Email)
			if strings.Contains(fmt.Sprint(it), "whsec_muy_secreto") {
				t.Errorf("the secret is in the log: %v", it)
			}
			do("POST", "/api/clover/sync-all", e.owner1, map[string]any{"cliente_id": 1}, 200)
			has(t, e.lastEntry(t, 1, "pos.sincronizar", owner1Email), "detalle", "productos")
			do("POST", "/api/callback", e.admin, map[string]any{"merchant_id": "MAUDIT1", "code": "demo-ok", "crear": true}, 200)
			var nuevo int
			e.db.QueryRow(context.Background(), `SELECT id FROM clientes WHERE merchant_id = 'MAUDIT1'`).Scan(&nuevo)
			has(t, e.lastEntry(t, nuevo, "pos.conectar", "admin@demo.test"), "objeto", "MAUDIT1")
		})
		t.Run("pos.conectar through the OAuth callback", func(t *testing.T) {
			id, owner := e.onboardOwner("Auditada", "MAUDIT2", "duena@auditada.example")
			r := do("POST", fmt.Sprintf("/api/clientes/%d/clover/conectar", id), owner, nil, 200)
			has(t, e.lastEntry(t, id, "pos.conectar", "duena@auditada.example"), "detalle", "iniciada")
			// The callback's browser has no session: the log names who started it.
			do("GET", local(t, r.json["url"].(string)), "", nil, 303)
			it := e.lastEntry(t, id, "pos.conectar", "duena@auditada.example")
			has(t, it, "objeto", "MAUDIT2")
			has(t, it, "detalle", "completada")
		})
		t.Run("privacidad.texto", func(t *testing.T) {
			do("PUT", "/api/clientes/1/privacidad", e.owner1, map[string]any{"texto": "Guardamos tus datos un año."}, 200)
			has(t, e.lastEntry(t, 1, "privacidad.texto", owner1Email), "detalle", "Guardamos tus datos")
		})
		t.Run("mesas.config and mesas.codigos", func(t *testing.T) {
			tables := map[string]any{"mesas": []map[string]any{{"numero": 1}, {"numero": 2, "nombre": "Terraza"}}, "modo": "al_final",
				"propinas": map[string]any{"activo": true, "porcentajes": []int{10, 15}, "defecto": 15}, "recoger_activo": false}
			do("PUT", "/api/clientes/1/mesas", e.owner1, tables, 200)
			it := e.lastEntry(t, 1, "mesas.config", owner1Email)
			has(t, it, "detalle", "Mesas: 2", "pago al final", "10/15 % (sugerida 15 %)", "recoger: no")
			// Back to pickup on and no tips: the other subtests order for pickup.
			tables["modo"], tables["propinas"], tables["recoger_activo"] = "por_pedido", map[string]any{"activo": false, "porcentajes": []int{}, "defecto": 0}, true
			do("PUT", "/api/clientes/1/mesas", e.owner1, tables, 200)
			has(t, e.lastEntry(t, 1, "mesas.config", owner1Email), "detalle", "pago por pedido", "propinas: no", "recoger: sí")
			// A refused save is not recorded.
			before := len(e.activity(e.admin, 1, "accion=mesas.config"))
			do("PUT", "/api/clientes/1/mesas", e.owner1, map[string]any{"mesas": []any{}, "modo": "gratis"}, 400)
			if after := len(e.activity(e.admin, 1, "accion=mesas.config")); after != before {
				t.Fatalf("a refused save was recorded: %d, then %d", before, after)
			}
			do("POST", "/api/clientes/1/mesas/codigos", e.owner1, nil, 200)
			it = e.lastEntry(t, 1, "mesas.codigos", owner1Email)
			has(t, it, "objeto", "Códigos QR")
			has(t, it, "detalle", "2 mesas")
		})
		t.Run("configuracion.moneda", func(t *testing.T) {
			settings := map[string]any{"cliente_id": 1, "cardColor": "#123456", "textColor": "#ffffff", "cardBorderRadius": "12px",
				"fontSize": "18px", "fontFamily": "Georgia", "nombre_restaurante": "La Cava", "moneda": "EUR"}
			do("POST", "/api/configuraciones", e.owner1, settings, 200)
			has(t, e.lastEntry(t, 1, "configuracion.moneda", owner1Email), "detalle", "USD → EUR")
			// A save that keeps the currency is not a currency change.
			before := len(e.activity(e.admin, 1, "accion=configuracion."))
			settings["cardColor"] = "#654321"
			do("POST", "/api/configuraciones", e.owner1, settings, 200)
			if after := len(e.activity(e.admin, 1, "accion=configuracion.")); after != before {
				t.Fatalf("a save without a new currency was recorded: %d, then %d", before, after)
			}
			settings["moneda"] = "USD"
			do("POST", "/api/configuraciones", e.owner1, settings, 200)
			has(t, e.lastEntry(t, 1, "configuracion.moneda", owner1Email), "detalle", "EUR → USD")
		})
		t.Run("restaurante.editar (super admin)", func(t *testing.T) {
			r := do("POST", "/api/clients", e.admin, map[string]any{"nombre": "Editada", "merchant_id": "MEDIT1"}, 201)
			id := int(r.json["id"].(float64))
			// The name alone reaches no price nor the POS: not recorded.
			do("PUT", fmt.Sprintf("/api/clients/%d", id), e.admin, map[string]any{"nombre": "Editada SL"}, 200)
			if got := e.activity(e.admin, id, "accion=restaurante."); len(got) != 0 {
				t.Fatalf("a new name was recorded: %v", got)
			}
			do("PUT", fmt.Sprintf("/api/clients/%d", id), e.admin, map[string]any{"merchant_id": "MEDIT2", "pais": "ES", "estado": "suspendido"}, 200)
			it := e.lastEntry(t, id, "restaurante.editar", "admin@demo.test")
			has(t, it, "objeto", "Editada SL")
			has(t, it, "detalle", "merchant_id: MEDIT1 → MEDIT2", "país: ", "→ ES", "estado: pendiente → suspendido")
		})
		t.Run("cuenta.cobro and cuenta.cerrar", func(t *testing.T) {
			cobrada, _ := e.openTab(31, true)
			do("POST", fmt.Sprintf("/api/clientes/1/cuentas/%d/pagos", cobrada), e.owner1, map[string]any{"metodo": "efectivo", "importe": 1000, "propina": 100}, 200)
			it := e.lastEntry(t, 1, "cuenta.cobro", owner1Email)
			has(t, it, "objeto", fmt.Sprintf("cuenta #%d", cobrada))
			has(t, it, "detalle", "Mesa 31", "efectivo", "10.00 USD", "propina: 1.00 USD")
			cerrada, _ := e.openTab(32, true)
			do("POST", fmt.Sprintf("/api/clientes/1/cuentas/%d/cerrar", cerrada), e.owner1, map[string]any{"motivo": "Se fueron sin pagar"}, 200)
			it = e.lastEntry(t, 1, "cuenta.cerrar", owner1Email)
			has(t, it, "objeto", fmt.Sprintf("cuenta #%d", cerrada))
			has(t, it, "detalle", "Mesa 32", "sin pagar", "Se fueron sin pagar")
		})
		t.Run("cuenta.reembolsar and cuenta.reembolso_manual (super admin)", func(t *testing.T) {
			provider := e.api.Refunds.Provider
			defer func() { e.api.Refunds.Provider = provider }()
			e.useFakeRefunds(&fakeRefunds{})
			pago, _, part := e.latePart(33, 1000)
			do("POST", fmt.Sprintf("/api/admin/cuentas/pagos/%d/reembolsar", pago), e.admin, nil, 200)
			it := e.lastEntry(t, 1, "cuenta.reembolsar", "admin@demo.test")
			has(t, it, "detalle", money.Decimal(part)+" USD")

			pago, _, part = e.latePart(34, 500)
			e.api.Refunds.Provider = func(clientes.POSConnection) (checkout.Refunder, error) { return nil, checkout.ErrNoRefunds }
			do("POST", fmt.Sprintf("/api/admin/cuentas/pagos/%d/reembolso", pago), e.admin, nil, 200)
			has(t, e.lastEntry(t, 1, "cuenta.reembolso_manual", "admin@demo.test"), "detalle", money.Decimal(part)+" USD")
		})
		t.Run("equipo.anular and equipo.vincular", func(t *testing.T) {
			r := do("POST", "/api/clientes/1/equipo/invitaciones", e.owner1, map[string]string{"email": "anulada@demo.test", "rol": "mesero"}, 201)
			do("DELETE", fmt.Sprintf("/api/clientes/1/equipo/invitaciones/%v", r.json["id"]), e.owner1, nil, 204)
			has(t, e.lastEntry(t, 1, "equipo.anular", owner1Email), "objeto", "anulada@demo.test")
			do("POST", "/api/clientes/1/equipo/vincular", e.admin, map[string]string{"email": "owner2@demo.test", "rol": "gerente"}, 201)
			it := e.lastEntry(t, 1, "equipo.vincular", "admin@demo.test")
			has(t, it, "objeto", "owner2@demo.test")
			has(t, it, "detalle", "gerente")
		})
		t.Run("every recorded action has its label on the Actividad page", func(t *testing.T) {
			labels, err := os.ReadFile("../../web/src/features/activity/lib/actions.ts")
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for antes := ""; ; {
				r := e.do("GET", "/api/admin/actividad?limit=100"+antes, e.admin, nil)
				for _, it := range r.json["actividad"].([]any) {
					seen[it.(map[string]any)["accion"].(string)] = true
				}
				if r.json["siguiente"] == nil {
					break
				}
				antes = fmt.Sprintf("&antes=%.0f", r.json["siguiente"].(float64))
			}
			for accion := range seen {
				if !strings.Contains(string(labels), "'"+accion+"':") {
					t.Errorf("%s has no label in actions.ts (es and en)", accion)
				}
			}
		})
		t.Run("the other restaurant's log has none of it", func(t *testing.T) {
			if got := e.activity(e.owner2, 2, ""); len(got) != 0 {
				t.Fatalf("restaurant 2's log: %v", got)
			}
		})
	})
}

// The owner reads the log filtered and a page at a time; the platform's
// log names each action's restaurant; the other roles and another
// restaurant's owner are refused.
func TestActivityReadFilterPaging(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		jamon := e.productID(e.owner1, 1, "Jamón Ibérico")
		for i := 0; i < 5; i++ {
			if r := e.do("PUT", fmt.Sprintf("/api/clover/products/%d/visibility", jamon), e.owner1, map[string]any{"cliente_id": 1, "visible": i%2 == 1}); r.status != 200 {
				t.Fatal(r.body)
			}
		}
		if r := e.do("PUT", "/api/clientes/1/privacidad", e.admin, map[string]any{"texto": "Texto."}); r.status != 200 {
			t.Fatal(r.body)
		}
		if r := e.do("PUT", "/api/clientes/2/privacidad", e.owner2, map[string]any{"texto": "Otro."}); r.status != 200 {
			t.Fatal(r.body)
		}

		// Keyset pages of 2: 2 + 2 + 2, newest first, no repeats.
		var ids []float64
		antes := ""
		for page := 0; ; page++ {
			r := e.do("GET", "/api/clientes/1/actividad?limit=2"+antes, e.owner1, nil)
			if r.status != 200 || r.header.Get("Cache-Control") != "no-store" {
				t.Fatalf("page %d: %d %s", page, r.status, r.body)
			}
			for _, it := range r.json["actividad"].([]any) {
				ids = append(ids, it.(map[string]any)["id"].(float64))
			}
			if r.json["siguiente"] == nil {
				break
			}
			antes = fmt.Sprintf("&antes=%.0f", r.json["siguiente"].(float64))
		}
		if len(ids) != 6 {
			t.Fatalf("%d entries: %v", len(ids), ids)
		}
		for i := 1; i < len(ids); i++ {
			if ids[i] >= ids[i-1] {
				t.Fatalf("not newest first: %v", ids)
			}
		}
		if got := e.activity(e.owner1, 1, "accion=producto."); len(got) != 5 {
			t.Errorf("accion=producto.: %d", len(got))
		}
		if got := e.activity(e.owner1, 1, "actor=ADMIN@"); len(got) != 1 || got[0]["accion"] != "privacidad.texto" {
			t.Errorf("actor=admin@: %v", got)
		}
		now := time.Now().Unix()
		if got := e.activity(e.owner1, 1, fmt.Sprintf("desde=%d&hasta=%d", now-3600, now+3600)); len(got) != 6 {
			t.Errorf("today: %d", len(got))
		}
		if got := e.activity(e.owner1, 1, fmt.Sprintf("desde=%d", now+3600)); len(got) != 0 {
			t.Errorf("from tomorrow: %d", len(got))
		}
		all := e.activity(e.admin, 0, "accion=privacidad.")
		if len(all) != 2 || all[0]["restaurante"] == "" || all[0]["cliente_id"] != 2.0 || all[1]["cliente_id"] != 1.0 || all[0]["zona_horaria"] != "America/New_York" {
			t.Errorf("the platform's log: %v", all)
		}
		for _, q := range []string{"limit=0", "limit=101", "antes=x", "desde=-1"} {
			if r := e.do("GET", "/api/clientes/1/actividad?"+q, e.owner1, nil); r.status != 400 {
				t.Errorf("%s: %d", q, r.status)
			}
		}

		// Wrong role, wrong restaurant.
		one := int64(1)
		for _, role := range []tenant.StaffRole{tenant.Gerente, tenant.Cocina, tenant.Mesero} {
			email := string(role) + "@audit.test"
			id, err := auth.CreateStaffUser(context.Background(), db, auth.StaffUser{Email: email, PasswordHash: "x", Role: tenant.RoleCliente, ClienteID: &one}, role)
			if err != nil {
				t.Fatal(err)
			}
			tok, hash, _ := auth.NewToken()
			if err := auth.CreateSession(context.Background(), db, hash, auth.SessionStaff, id, time.Hour); err != nil {
				t.Fatal(err)
			}
			if r := e.do("GET", "/api/clientes/1/actividad", tok, nil); r.status != 403 {
				t.Errorf("%s: %d", role, r.status)
			}
			if r := e.do("GET", "/api/admin/actividad", tok, nil); r.status != 403 {
				t.Errorf("%s, the platform's: %d", role, r.status)
			}
		}
		for _, c := range []struct {
			path, token string
			want        int
		}{
			{"/api/clientes/1/actividad", e.owner2, 403},
			{"/api/clientes/1/actividad", "", 401},
			{"/api/admin/actividad", e.owner1, 403},
			{"/api/admin/actividad", "", 401},
		} {
			if r := e.do("GET", c.path, c.token, nil); r.status != c.want {
				t.Errorf("%s: %d, want %d", c.path, r.status, c.want)
			}
		}
		// Append-only: no route edits or deletes the log.
		for _, m := range []string{"PUT", "DELETE", "POST"} {
			if r := e.do(m, "/api/clientes/1/actividad", e.owner1, map[string]any{}); r.status != 405 && r.status != 404 {
				t.Errorf("%s /actividad: %d", m, r.status)
			}
		}
	})
}

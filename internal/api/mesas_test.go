package api_test

import (
	"context"
	"encoding/xml"
	"fmt"
	"strings"
	"sync"
	"testing"

	"carta/internal/clientes"
	"carta/internal/ordering"
	posdemo "carta/internal/pos/demo"
	"carta/internal/qr"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

const s409, s410 = 409, 410

// newTable adds a table to restaurant 1 and returns its id and printed code.
func (e *env) newTable(numero int) (int64, string) {
	e.t.Helper()
	code := fmt.Sprintf("matriz-mesa-%04d-%s", numero, "0123456789abcdef")
	if _, err := e.db.Exec(context.Background(), `INSERT INTO mesas (cliente_id, numero, nombre, codigo, created_at, updated_at) VALUES (1, ?, '', ?, 0, 0)`, numero, code); err != nil {
		e.t.Fatal(err)
	}
	var mid int64
	if err := e.db.QueryRow(context.Background(), `SELECT id FROM mesas WHERE codigo = ?`, code).Scan(&mid); err != nil {
		e.t.Fatal(err)
	}
	return mid, code
}

// setTableMode sets restaurant 1's tab mode for tabs opened from now on.
func (e *env) setTableMode(modo string) {
	e.t.Helper()
	if _, err := e.db.Exec(context.Background(), `UPDATE pedidos_config SET mesas_modo = ?, propinas_json = '{"activo":true,"porcentajes":[10,15,20],"defecto":15}' WHERE cliente_id = 1`, modo); err != nil {
		e.t.Fatal(err)
	}
}

// tableOrder places the steak order at a table (by its code) and returns
// the answer.
func (e *env) tableOrder(code string) result {
	e.t.Helper()
	o := e.steakOrder()
	return e.do("POST", "/api/mesas/1/"+code+"/pedidos", "", map[string]any{"items": o["items"], "idioma": "es"})
}

// openTab is a pay-at-the-end tab of restaurant 1 with one order, accepted
// when accepted (else waiting for a waiter): its id and token.
func (e *env) openTab(numero int, accepted bool) (int64, string) {
	e.t.Helper()
	e.setTableMode(ordering.ModoAlFinal)
	_, code := e.newTable(numero)
	r := e.tableOrder(code)
	if r.status != 201 {
		e.t.Fatalf("table order: %d %s", r.status, r.body)
	}
	c := r.json["cuenta"].(map[string]any)
	id := int64(c["id"].(float64))
	if accepted {
		if _, err := e.api.Ordering.AcceptTab(context.Background(), tenant.FromRecord(1), id, 0); err != nil {
			e.t.Fatal(err)
		}
	}
	return id, c["token"].(string)
}

// tablePayment is a diner's payment under way toward an accepted tab: the
// tab's id and the payment's id and token.
func (e *env) tablePayment(numero int) (int64, int64, string) {
	e.t.Helper()
	id, tok := e.openTab(numero, true)
	r := e.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", id, tok), "", map[string]any{"modo": "todo", "propina": map[string]any{"porcentaje": 0}})
	if r.status != 201 {
		e.t.Fatalf("tab payment: %d %s", r.status, r.body)
	}
	return id, int64(r.json["pago_id"].(float64)), r.json["token"].(string)
}

// tableNumber is a table number no other row uses.
func (m *matrix) tableNumber() int { return int(50 + m.next()%440) }

// tableAccessRows are the access matrix's rows of ordering at the table.
func tableAccessRows() map[string][]row {
	tabPath := func(suffix string) func(m *matrix) (string, map[string]any) {
		return func(m *matrix) (string, map[string]any) {
			id, _ := m.openTab(m.tableNumber(), true)
			return fmt.Sprintf("/api/clientes/1/cuentas/%d%s", id, suffix), map[string]any{}
		}
	}
	return map[string][]row{
		"GET /api/mesas/{cliente_id}/{codigo}": {
			{"its printed code", func(m *matrix) req {
				_, code := m.newTable(m.tableNumber())
				return req{method: "GET", path: "/api/mesas/1/" + code}
			}, public(s200)},
			{"a guessed code", get("/api/mesas/1/no-es-un-codigo-de-mesa-valido"), public(s404)},
			{"another restaurant's path", func(m *matrix) req {
				_, code := m.newTable(m.tableNumber())
				return req{method: "GET", path: "/api/mesas/2/" + code}
			}, public(s404)},
		},
		"POST /api/mesas/{cliente_id}/{codigo}/pedidos": {
			{"its printed code", func(m *matrix) req {
				_, code := m.newTable(m.tableNumber())
				o := m.steakOrder()
				return req{method: "POST", path: "/api/mesas/1/" + code + "/pedidos", body: map[string]any{"items": o["items"]}}
			}, public(s201)},
			{"a guessed code", func(m *matrix) req {
				o := m.steakOrder()
				return req{method: "POST", path: "/api/mesas/1/no-es-un-codigo-de-mesa-valido/pedidos", body: map[string]any{"items": o["items"]}}
			}, public(s404)},
		},
		"GET /api/cuentas/{id}": {
			{"with its token", func(m *matrix) req {
				id, tok := m.openTab(m.tableNumber(), true)
				return req{method: "GET", path: fmt.Sprintf("/api/cuentas/%d?t=%s", id, tok)}
			}, public(s200)},
			{"without its token", func(m *matrix) req {
				id, _ := m.openTab(m.tableNumber(), true)
				return req{method: "GET", path: fmt.Sprintf("/api/cuentas/%d", id)}
			}, public(s404)},
			{"closed by staff", func(m *matrix) req {
				id, tok := m.openTab(m.tableNumber(), true)
				if _, err := m.api.Ordering.CloseTab(context.Background(), tenant.FromRecord(1), id, 0, "Se fueron", nil); err != nil {
					m.t.Fatal(err)
				}
				return req{method: "GET", path: fmt.Sprintf("/api/cuentas/%d?t=%s", id, tok)}
			}, public(s410)},
		},
		"POST /api/cuentas/{id}/pagos": {
			{"with its token", func(m *matrix) req {
				id, tok := m.openTab(m.tableNumber(), true)
				return req{method: "POST", path: fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", id, tok), body: map[string]any{"modo": "todo", "propina": map[string]any{"porcentaje": 10}}}
			}, public(s201)},
			{"waiting for a waiter", func(m *matrix) req {
				id, tok := m.openTab(m.tableNumber(), false)
				return req{method: "POST", path: fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", id, tok), body: map[string]any{"modo": "todo", "propina": map[string]any{"porcentaje": 0}}}
			}, public(s409)},
		},
		"GET /api/cuentas/{id}/pagos/{pago_id}": {
			{"with its token", func(m *matrix) req {
				id, pago, tok := m.tablePayment(m.tableNumber())
				return req{method: "GET", path: fmt.Sprintf("/api/cuentas/%d/pagos/%d?p=%s", id, pago, tok)}
			}, public(s200)},
			{"without its token", func(m *matrix) req {
				id, pago, _ := m.tablePayment(m.tableNumber())
				return req{method: "GET", path: fmt.Sprintf("/api/cuentas/%d/pagos/%d", id, pago)}
			}, public(s404)},
		},
		"DELETE /api/cuentas/{id}/pagos/{pago_id}": {
			{"with its token", func(m *matrix) req {
				id, pago, tok := m.tablePayment(m.tableNumber())
				return req{method: "DELETE", path: fmt.Sprintf("/api/cuentas/%d/pagos/%d?p=%s", id, pago, tok)}
			}, public(s200)},
		},
		"GET /api/clientes/{cliente_id}/mesas":    {{"", get("/api/clientes/1/mesas"), staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/mesas/qr": {{"", get("/api/clientes/1/mesas/qr"), staffOn1(s200)}},
		"PUT /api/clientes/{cliente_id}/mesas": {{"every table kept", func(m *matrix) req {
			v, err := m.api.Ordering.Tables(context.Background(), tenant.FromRecord(1))
			if err != nil {
				m.t.Fatal(err)
			}
			mesas := []map[string]any{}
			for _, t := range v.Mesas {
				mesas = append(mesas, map[string]any{"numero": t.Numero, "nombre": t.Nombre})
			}
			return req{method: "PUT", path: "/api/clientes/1/mesas", body: map[string]any{"mesas": mesas, "modo": "al_final",
				"propinas": map[string]any{"activo": true, "porcentajes": []int{10, 15, 20}, "defecto": 15}, "recoger_activo": true}}
		}, staffOn1(s200)}},
		"POST /api/clientes/{cliente_id}/mesas/codigos": {{"", func(*matrix) req { return req{method: "POST", path: "/api/clientes/1/mesas/codigos"} }, staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/cuentas":        {{"", get("/api/clientes/1/cuentas"), staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/cuentas/{cuenta_id}": {{"", func(m *matrix) req {
			p, _ := tabPath("")(m)
			return req{method: "GET", path: p}
		}, staffOn1(s200)}},
		"POST /api/clientes/{cliente_id}/cuentas/{cuenta_id}/aceptar": {{"a new tab", func(m *matrix) req {
			id, _ := m.openTab(m.tableNumber(), false)
			return req{method: "POST", path: fmt.Sprintf("/api/clientes/1/cuentas/%d/aceptar", id)}
		}, staffOn1(s200)}},
		"POST /api/clientes/{cliente_id}/cuentas/{cuenta_id}/cerrar": {
			{"with a reason", func(m *matrix) req {
				p, _ := tabPath("/cerrar")(m)
				return req{method: "POST", path: p, body: map[string]any{"motivo": "Se fueron sin pagar"}}
			}, staffOn1(s200)},
			{"unpaid, no reason", func(m *matrix) req {
				p, _ := tabPath("/cerrar")(m)
				return req{method: "POST", path: p, body: map[string]any{}}
			}, staffOn1(s400)},
		},
		"POST /api/clientes/{cliente_id}/cuentas/{cuenta_id}/mover": {{"to a free table", func(m *matrix) req {
			p, _ := tabPath("/mover")(m)
			to, _ := m.newTable(m.tableNumber())
			return req{method: "POST", path: p, body: map[string]any{"mesa_id": to}}
		}, staffOn1(s200)}},
		"POST /api/clientes/{cliente_id}/cuentas/{cuenta_id}/pagos": {{"cash", func(m *matrix) req {
			p, _ := tabPath("/pagos")(m)
			return req{method: "POST", path: p, body: map[string]any{"metodo": "efectivo", "importe": 100, "propina": 0}}
		}, staffOn1(s200)}},
		// A tab payment's part owed back: the super admin's alone, whoever's restaurant it is.
		"POST /api/admin/cuentas/pagos/{pago_id}/reembolsar": {
			{"a late payment's part", func(m *matrix) req {
				pago, _, _ := m.latePart(m.tableNumber(), 100)
				return req{method: "POST", path: fmt.Sprintf("/api/admin/cuentas/pagos/%d/reembolsar", pago)}
			}, admins(s200)},
			{"an unknown payment", func(*matrix) req {
				return req{method: "POST", path: "/api/admin/cuentas/pagos/999999/reembolsar"}
			}, admins(s404)},
			{"a payment owing nothing back", func(m *matrix) req {
				_, pago, _ := m.tablePayment(m.tableNumber())
				return req{method: "POST", path: fmt.Sprintf("/api/admin/cuentas/pagos/%d/reembolsar", pago)}
			}, admins(s409)},
		},
		"POST /api/admin/cuentas/pagos/{pago_id}/reembolso": {
			{"a late payment's part", func(m *matrix) req {
				pago, _, _ := m.latePart(m.tableNumber(), 100)
				return req{method: "POST", path: fmt.Sprintf("/api/admin/cuentas/pagos/%d/reembolso", pago)}
			}, admins(s200)},
			{"an unknown payment", func(*matrix) req {
				return req{method: "POST", path: "/api/admin/cuentas/pagos/999999/reembolso"}
			}, admins(s404)},
		},
	}
}

// tabOf reads a tab as a phone at the table sees it.
func (e *env) tabOf(id int64, tok string) result {
	e.t.Helper()
	return e.do("GET", fmt.Sprintf("/api/cuentas/%d?t=%s", id, tok), "", nil)
}

func num(v any) int64 { return int64(v.(float64)) }

// payDemo pays a demo checkout session from its URL.
func (e *env) payDemo(url string) result {
	e.t.Helper()
	return e.do("POST", "/api/demo/checkout/"+strings.TrimPrefix(url, "https://carta.example/demo/checkout/")+"/pay", "", nil)
}

func TestTablePayAtTheEnd(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		ctx := context.Background()
		one := tenant.FromRecord(1)
		e.setTableMode(ordering.ModoAlFinal)
		_, code := e.newTable(7)

		// The first order of the sitting waits for a waiter: not on the board.
		r := e.tableOrder(code)
		if r.status != 201 || r.json["estado"] != "por_aceptar" || r.json["checkout_url"] != "" {
			t.Fatalf("first order: %d %s", r.status, r.body)
		}
		cuenta := r.json["cuenta"].(map[string]any)
		id, tok := num(cuenta["id"]), cuenta["token"].(string)
		board := e.do("GET", "/api/clientes/1/pedidos", e.owner1, nil)
		if strings.Contains(board.body, `"numero":7`) || len(board.json["pedidos"].([]any)) != 0 {
			t.Fatalf("an unaccepted tab's order reached the board: %s", board.body)
		}
		// A second phone scanning the table joins the same tab.
		info := e.do("GET", "/api/mesas/1/"+code, "", nil)
		if info.status != 200 || num(info.json["cuenta"].(map[string]any)["id"]) != id {
			t.Fatalf("second phone: %d %s", info.status, info.body)
		}
		if r := e.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", id, tok), "", map[string]any{"modo": "todo", "propina": map[string]any{"porcentaje": 0}}); r.status != 409 {
			t.Fatalf("paying before acceptance: %d %s", r.status, r.body)
		}
		// The waiter accepts: the order goes to the kitchen with its table.
		if _, err := e.api.Ordering.AcceptTab(ctx, one, id, 0); err != nil {
			t.Fatal(err)
		}
		board = e.do("GET", "/api/clientes/1/pedidos", e.owner1, nil)
		ps := board.json["pedidos"].([]any)
		if len(ps) != 1 || ps[0].(map[string]any)["mesa"].(map[string]any)["numero"].(float64) != 7 {
			t.Fatalf("board after acceptance: %s", board.body)
		}
		// The second phone orders too: straight to the kitchen now.
		if r := e.tableOrder(code); r.status != 201 || r.json["estado"] != "recibido" || num(r.json["cuenta"].(map[string]any)["id"]) != id {
			t.Fatalf("second order: %d %s", r.status, r.body)
		}
		tab := e.tabOf(id, tok)
		total := num(tab.json["total"])
		if tab.status != 200 || len(tab.json["pedidos"].([]any)) != 2 || total <= 0 || num(tab.json["restante"]) != total {
			t.Fatalf("tab: %d %s", tab.status, tab.body)
		}
		// Phone A pays the first order's line by items with a 10 % tip on its pre-tax amount.
		first := tab.json["pedidos"].([]any)[0].(map[string]any)["lineas"].([]any)[0].(map[string]any)
		line := first["id"].(string)
		pay := func(body map[string]any) result {
			return e.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", id, tok), "", body)
		}
		// Two phones ask for the same line at once: exactly one holds it.
		var wg sync.WaitGroup
		results := make([]result, 2)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = pay(map[string]any{"modo": "lineas", "lineas": []string{line}, "propina": map[string]any{"porcentaje": 10}})
			}()
		}
		wg.Wait()
		var won result
		for _, r := range results {
			switch r.status {
			case 201:
				if won.status != 0 {
					t.Fatal("both phones hold the same line")
				}
				won = r
			case 409:
				if !strings.Contains(r.body, "por pagar") {
					t.Fatalf("the loser is not told what remains: %s", r.body)
				}
			default:
				t.Fatalf("pay by line: %d %s", r.status, r.body)
			}
		}
		if won.status != 201 {
			t.Fatalf("nobody holds the line: %v", results)
		}
		base, tip := num(won.json["base"]), num(won.json["propina"])
		if want := (base*10*2 + 100) / 200; tip != want || num(won.json["importe"]) != num(first["importe"]) || base != num(first["importe"])-num(first["impuestos"]) {
			t.Fatalf("tip %d on base %d (want %d): %s", tip, base, want, won.body)
		}
		// Thirty confirmations of that payment at once: paid once.
		url := won.json["checkout_url"].(string)
		for i := 0; i < 30; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); e.payDemo(url) }()
		}
		wg.Wait()
		var paid int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM cuenta_pagos WHERE cuenta_id = ? AND estado = 'pagado'`, id).Scan(&paid); err != nil || paid != 1 {
			t.Fatalf("paid %d times (%v)", paid, err)
		}
		tab = e.tabOf(id, tok)
		if num(tab.json["pagado"]) != num(won.json["importe"]) || num(tab.json["propina_total"]) != tip {
			t.Fatalf("after the first payment: %s", tab.body)
		}
		// Phone B pays the rest: the tab closes itself and both phones lose access.
		rest := pay(map[string]any{"modo": "todo", "propina": map[string]any{"importe": 150}})
		if rest.status != 201 || num(rest.json["importe"]) != total-num(won.json["importe"]) || num(rest.json["propina"]) != 150 {
			t.Fatalf("the rest: %d %s", rest.status, rest.body)
		}
		if r := e.payDemo(rest.json["checkout_url"].(string)); r.status != 200 {
			t.Fatalf("pay the rest: %d %s", r.status, r.body)
		}
		if r := e.tabOf(id, tok); r.status != 410 {
			t.Fatalf("a paid tab still open to its phones: %d %s", r.status, r.body)
		}
		receipt := e.do("GET", fmt.Sprintf("/api/cuentas/%d/pagos/%d?p=%s", id, num(rest.json["pago_id"]), rest.json["token"]), "", nil)
		if receipt.status != 200 || receipt.json["cuenta_estado"] != "pagada" || num(receipt.json["restante"]) != 0 {
			t.Fatalf("receipt: %d %s", receipt.status, receipt.body)
		}
		// The next scan starts a new sitting.
		if info := e.do("GET", "/api/mesas/1/"+code, "", nil); info.json["cuenta"] != nil {
			t.Fatalf("the paid tab is offered to the next sitting: %s", info.body)
		}
		// The POS has one order for the tab, titled with the table, with both orders' lines and both payments with their tips.
		if _, err := e.api.Ordering.SendToPOS(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := e.api.Ordering.SendTabPayments(ctx); err != nil {
			t.Fatal(err)
		}
		var tabsSeen []posdemo.Tab
		for _, m := range e.demoMerchants() {
			for _, tb := range m.Tabs() {
				if tb.Reference == fmt.Sprintf("carta-cuenta-%d", id) {
					tabsSeen = append(tabsSeen, tb)
				}
			}
		}
		if len(tabsSeen) != 1 {
			t.Fatalf("POS tabs: %+v", tabsSeen)
		}
		pt := tabsSeen[0]
		var tips int64
		for _, p := range pt.Payments {
			tips += p.Tip
		}
		if pt.Title != "Mesa 7" || pt.OrderType != ordering.TableOrderType || len(pt.Payments) != 2 || tips != tip+150 {
			t.Fatalf("POS tab: %+v", pt)
		}
		// The owner sees the day's tips in the panel's summary and its CSV.
		sum := e.do("GET", "/api/clientes/1/resumen", e.owner1, nil)
		if got := num(sum.json["hoy"].(map[string]any)["propinas"]); sum.status != 200 || got != tip+150 {
			t.Fatalf("summary's tips today: %d, want %d (%s)", got, tip+150, sum.body)
		}
		file := e.do("GET", "/api/clientes/1/resumen.csv", e.owner1, nil)
		lines := strings.Split(strings.TrimSpace(strings.TrimPrefix(file.body, "\ufeff")), "\n")
		last := strings.Split(strings.TrimSpace(lines[len(lines)-1]), ",")
		if file.status != 200 || !strings.HasPrefix(lines[0], "fecha,pedidos,ventas de pedidos (USD),propinas (USD)") || last[3] != fmt.Sprintf("%d.%02d", (tip+150)/100, (tip+150)%100) {
			t.Fatalf("summary CSV: %d %q", file.status, file.body)
		}
	})
}

// TestTablesQR: the sheet's codes are drawn by the server, one per active
// table of the settings, each an SVG of that table's secret URL, never
// cached, and new after the codes are renewed.
func TestTablesQR(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		ctx := context.Background()
		one := tenant.FromRecord(1)
		e.newTable(7)
		e.newTable(8)
		codes := func() map[int64]string {
			t.Helper()
			r := e.do("GET", "/api/clientes/1/mesas/qr", e.owner1, nil)
			if r.status != 200 || r.header.Get("Cache-Control") != "no-store" {
				t.Fatalf("codes: %d %q %s", r.status, r.header.Get("Cache-Control"), r.body)
			}
			out := map[int64]string{}
			for _, m := range r.json["mesas"].([]any) {
				m := m.(map[string]any)
				id := num(m["id"])
				if _, dup := out[id]; dup {
					t.Fatalf("table %d has two codes: %s", id, r.body)
				}
				out[id] = m["svg"].(string)
			}
			return out
		}
		check := func(got map[int64]string) ordering.TablesSettings {
			t.Helper()
			settings, err := e.api.Ordering.Tables(ctx, one)
			if err != nil {
				t.Fatal(err)
			}
			if len(settings.Mesas) < 2 || len(got) != len(settings.Mesas) {
				t.Fatalf("%d codes for %d tables", len(got), len(settings.Mesas))
			}
			for _, m := range settings.Mesas {
				svg, found := got[m.ID]
				if !found {
					t.Fatalf("table %d (%d) has no code", m.ID, m.Numero)
				}
				var doc struct {
					XMLName xml.Name
					Paths   []struct {
						D string `xml:"d,attr"`
					} `xml:"path"`
				}
				if err := xml.Unmarshal([]byte(svg), &doc); err != nil || doc.XMLName.Local != "svg" || len(doc.Paths) == 0 || doc.Paths[0].D == "" {
					t.Fatalf("table %d: not an SVG with a path (%v): %.200s", m.Numero, err, svg)
				}
				// The code is of the table's secret URL, at high error correction.
				want, err := qr.SVG(m.URL, true)
				if err != nil || svg != string(want) {
					t.Fatalf("table %d: the code is not of its url %s", m.Numero, m.URL)
				}
			}
			return settings
		}
		before := codes()
		settings := check(before)
		// Renewing the codes redraws every table's QR.
		if _, err := e.api.Ordering.RenewCodes(ctx, one); err != nil {
			t.Fatal(err)
		}
		after := codes()
		check(after)
		for _, m := range settings.Mesas {
			if after[m.ID] == before[m.ID] {
				t.Fatalf("table %d: the same code after renewing", m.Numero)
			}
		}
	})
}

func TestTableRefusals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		ctx := context.Background()
		one := tenant.FromRecord(1)
		id, tok := e.openTab(3, true)
		other, otherTok := e.openTab(4, true)
		_ = otherTok
		// Another table's tab with this tab's token, a guessed token.
		if r := e.tabOf(other, tok); r.status != 404 {
			t.Fatalf("another tab with this token: %d", r.status)
		}
		if r := e.tabOf(id, "adivinado"); r.status != 404 {
			t.Fatalf("a guessed token: %d", r.status)
		}
		// Renewing the codes: the old printed code joins nothing and says so.
		before, _ := e.api.Ordering.Tables(ctx, one)
		old := before.Mesas[0].Codigo
		if _, err := e.api.Ordering.RenewCodes(ctx, one); err != nil {
			t.Fatal(err)
		}
		if r := e.do("GET", "/api/mesas/1/"+old, "", nil); r.status != 404 || !strings.Contains(r.body, "ya no es válido") {
			t.Fatalf("old code: %d %s", r.status, r.body)
		}
		if r := e.tableOrder(old); r.status != 404 {
			t.Fatalf("ordering with an old code: %d %s", r.status, r.body)
		}
		// An even split in three: shares add up to the tab; a fourth is refused with what remains.
		tab := e.tabOf(id, tok)
		total := num(tab.json["total"])
		var sum int64
		for i := 0; i < 3; i++ {
			r := e.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", id, tok), "", map[string]any{"modo": "partes", "partes": 3, "propina": map[string]any{"porcentaje": 0}})
			if r.status != 201 {
				t.Fatalf("share %d: %d %s", i+1, r.status, r.body)
			}
			sum += num(r.json["importe"])
		}
		if sum != total {
			t.Fatalf("three shares add up to %d, the tab is %d", sum, total)
		}
		if r := e.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", id, tok), "", map[string]any{"modo": "partes", "partes": 3, "propina": map[string]any{"porcentaje": 0}}); r.status != 409 {
			t.Fatalf("a fourth share: %d %s", r.status, r.body)
		}
		// Paying by lines once amounts are held is refused; a tip not offered too.
		if r := e.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", other, otherTok), "", map[string]any{"modo": "todo", "propina": map[string]any{"porcentaje": 33}}); r.status != 400 {
			t.Fatalf("a tip not offered: %d %s", r.status, r.body)
		}
		if r := e.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", other, otherTok), "", map[string]any{"modo": "todo"}); r.status != 400 {
			t.Fatalf("no tip chosen: %d %s", r.status, r.body)
		}
		// Staff: closing unpaid needs a reason; then the phones lose access.
		if _, err := e.api.Ordering.CloseTab(ctx, one, other, 0, "", nil); err == nil {
			t.Fatal("closed an unpaid tab without a reason")
		}
		if _, err := e.api.Ordering.CloseTab(ctx, one, other, 0, "Se fueron", nil); err != nil {
			t.Fatal(err)
		}
		if r := e.tabOf(other, otherTok); r.status != 410 {
			t.Fatalf("closed tab: %d", r.status)
		}
		// Another restaurant's staff cannot see or act on the tab.
		if _, err := e.api.Ordering.StaffTab(ctx, tenant.FromRecord(2), id); err == nil {
			t.Fatal("restaurant 2 read restaurant 1's tab")
		}
	})
}

// demoMerchants is restaurant 1's demo POS merchant.
func (e *env) demoMerchants() []*posdemo.Merchant {
	e.t.Helper()
	conn, err := clientes.GetPOSConnection(context.Background(), e.db, tenant.FromRecord(1))
	if err != nil {
		e.t.Fatal(err)
	}
	orders, err := e.api.Ordering.POS(conn)
	if err != nil {
		e.t.Fatal(err)
	}
	return []*posdemo.Merchant{orders.(*posdemo.Merchant)}
}

func TestTableLatePayment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		ctx := context.Background()
		id, tok := e.openTab(5, true)
		pay := func() result {
			r := e.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", id, tok), "", map[string]any{"modo": "todo", "propina": map[string]any{"porcentaje": 0}})
			if r.status != 201 {
				t.Fatalf("pay: %d %s", r.status, r.body)
			}
			return r
		}
		// Phone A's checkout outlives its hold: what it held is free again.
		late := pay()
		if _, err := db.Exec(ctx, `UPDATE cuenta_pagos SET expires_at = 1 WHERE id = ?`, num(late.json["pago_id"])); err != nil {
			t.Fatal(err)
		}
		if n, err := e.api.Ordering.ExpireTabPayments(ctx); err != nil || n != 1 {
			t.Fatalf("expired %d (%v)", n, err)
		}
		// Phone B pays everything: the tab is paid and closed.
		if r := e.payDemo(pay().json["checkout_url"].(string)); r.status != 200 {
			t.Fatalf("B pays: %d %s", r.status, r.body)
		}
		// A's payment arrives after all: recorded (never dropped), all of it owed back.
		if r := e.payDemo(late.json["checkout_url"].(string)); r.status != 200 {
			t.Fatalf("late payment: %d %s", r.status, r.body)
		}
		var estado string
		var importe, reembolso int64
		if err := db.QueryRow(ctx, `SELECT estado, importe, reembolso FROM cuenta_pagos WHERE id = ?`, num(late.json["pago_id"])).Scan(&estado, &importe, &reembolso); err != nil {
			t.Fatal(err)
		}
		if estado != "pagado" || reembolso != importe {
			t.Fatalf("late payment: %s, %d owed back of %d", estado, reembolso, importe)
		}
	})
}

// TestTableOrderMeetsATabClosedMeanwhile: an order that waits for the
// lock of its table's open tab while the tab is being closed goes to a new
// tab, never into the closed one (PostgreSQL, where writers run side by
// side; SQLite runs one write at a time).
func TestTableOrderMeetsATabClosedMeanwhile(t *testing.T) {
	db := storetest.Open(t, store.Postgres)
	e := newOrderEnv(t, db)
	ctx := context.Background()
	id, _ := e.openTab(8, true)
	var code string
	if err := db.QueryRow(ctx, `SELECT m.codigo FROM mesas m JOIN cuentas c ON c.mesa_id = m.id WHERE c.id = ?`, id).Scan(&code); err != nil {
		t.Fatal(err)
	}
	// A staff change holds the tab's row and closes it once the order waits.
	locked, release := make(chan struct{}), make(chan struct{})
	closed := make(chan error, 1)
	var holder int
	go func() {
		closed <- db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `SELECT pg_backend_pid() FROM cuentas WHERE id = ? FOR UPDATE`, id).Scan(&holder); err != nil {
				return err
			}
			close(locked)
			<-release
			_, err := tx.Exec(ctx, `UPDATE cuentas SET estado = 'cerrada', cerrada_at = ?, motivo = 'prueba', version = version + 1 WHERE id = ?`, tx.NowUnix(), id)
			return err
		})
	}()
	<-locked
	placed := make(chan result, 1)
	go func() { placed <- e.tableOrder(code) }()
	storetest.WaitBlocked(t, db, holder, 1) // the order's statement waits for the tab's lock
	close(release)
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	r := <-placed
	if r.status != 201 {
		t.Fatalf("order: %d %s", r.status, r.body)
	}
	if got := num(r.json["cuenta"].(map[string]any)["id"]); got == id {
		t.Fatalf("the order went into tab %d, closed while it waited", id)
	}
	var n int
	if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM pedidos WHERE cuenta_id = ?`, id).Scan(&n); err != nil || n != 1 {
		t.Fatalf("the closed tab holds %d orders (%v), want its one", n, err)
	}
}

package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// The board's one click: cancelling a paid order answers it refunded, the diner's page says so and
// the diner gets the refund e-mail; 'Reembolsar' and the manual mark then find nothing owed.
func TestCancellingAPaidOrderRefundsItThroughTheAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		id, tok := e.paidOrder()
		r := e.do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", id), e.owner1, map[string]any{"cliente_id": 1, "estado": "cancelado", "motivo": "Se acabó"})
		detail, _ := r.json["reembolso_detalle"].(map[string]any)
		if r.status != 200 || r.json["reembolso"] != "reembolsado" || detail["estado"] != "reembolsado" || detail["monto"] != 9743.0 || detail["manual"] != false {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}
		page := e.do("GET", fmt.Sprintf("/api/pedidos/%d?t=%s", id, tok), "", nil)
		if page.status != 200 || page.json["reembolso"] != "reembolsado" {
			t.Fatalf("the diner's page: %d %s", page.status, page.body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM outbox WHERE kind = 'refunded' AND subject LIKE 'Reembolso de tu pedido #%'`); n != 1 {
			t.Errorf("%d refund e-mails", n)
		}
		for _, path := range []string{"reembolsar", "reembolso"} {
			if r := e.do("POST", fmt.Sprintf("/api/pedidos/%d/%s", id, path), e.owner1, map[string]any{"cliente_id": 1}); r.status != 409 {
				t.Errorf("%s after the refund: %d %s", path, r.status, r.body)
			}
		}
		list := e.do("GET", "/api/admin/pedidos/reembolsos", e.admin, nil)
		if list.status != 200 || !strings.Contains(list.body, fmt.Sprintf(`"pedido_id":%d`, id)) || !strings.Contains(list.body, `"reembolso":"reembolsado"`) {
			t.Errorf("the super admin's list: %d %s", list.status, list.body)
		}
	})
}

// The super admin's one list of payments owed back has every kind's, each line with its kind:
// a coupon paid after its offer sold out (owed) before an order refunded as it was cancelled.
// The two lists by kind answer as before.
func TestRefundsOwedAreOneListWithTheKind(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		id, _ := e.paidOrder()
		if r := e.do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", id), e.owner1, map[string]any{"cliente_id": 1, "estado": "cancelado", "motivo": "Se acabó"}); r.status != 200 {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}
		late, _ := pendingPurchase(t, e, "ULTIMO", 1, "tarde@example.com")
		now := time.Now()
		db.Now = func() time.Time { return now.Add(16 * time.Minute) }
		if _, err := e.api.Offers.ExpireHolds(context.Background()); err != nil {
			t.Fatal(err)
		}
		other, _ := pendingPurchase(t, e, "", 1, "pronto@example.com")
		if r := e.do("POST", "/api/demo/checkout/"+other+"/pay", "", nil); r.status != 200 {
			t.Fatalf("other pays: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/demo/checkout/"+late+"/pay", "", nil); r.status != 409 {
			t.Fatalf("late payment: %d %s", r.status, r.body)
		}
		compra := e.count(`SELECT id FROM compras WHERE reembolso = 'pendiente'`)

		list := e.do("GET", "/api/admin/pagos/reembolsos", e.admin, nil)
		var lines []map[string]any
		if err := json.Unmarshal([]byte(list.body), &lines); list.status != 200 || err != nil || len(lines) != 2 {
			t.Fatalf("one list: %d %s", list.status, list.body)
		}
		coupon, order := lines[0], lines[1]
		if coupon["tipo"] != "cupon" || coupon["id"] != float64(compra) || coupon["reembolso"] != "pendiente" || coupon["email"] != "tarde@example.com" ||
			coupon["restaurante"] != "La Cava Demo" || coupon["descripcion"] == "" {
			t.Errorf("the coupon's line: %v", coupon)
		}
		if detail, _ := order["reembolso_detalle"].(map[string]any); order["tipo"] != "pedido" || order["id"] != float64(id) || order["reembolso"] != "reembolsado" ||
			order["numero"] == 0.0 || order["total"] != 9743.0 || detail["estado"] != "reembolsado" {
			t.Errorf("the order's line: %v", order)
		}
		if r := e.do("GET", "/api/admin/reembolsos", e.admin, nil); !strings.Contains(r.body, fmt.Sprintf(`"compra_id":%d`, compra)) || strings.Contains(r.body, `"pedido_id"`) {
			t.Errorf("coupons' list: %s", r.body)
		}
		if r := e.do("GET", "/api/admin/pedidos/reembolsos", e.admin, nil); !strings.Contains(r.body, fmt.Sprintf(`"pedido_id":%d`, id)) || strings.Contains(r.body, `"compra_id"`) {
			t.Errorf("orders' list: %s", r.body)
		}
		e.run(t, []scenario{
			{name: "one list: owner", method: "GET", path: "/api/admin/pagos/reembolsos", token: "owner1", status: 403},
			{name: "one list: no token", method: "GET", path: "/api/admin/pagos/reembolsos", status: 401},
		})
	})
}

package api_test

import (
	"fmt"
	"strings"
	"testing"

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

package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"carta/internal/store/storetest"
)

// TestBoardsFollowOrdersAcrossReplicas runs two servers on one PostgreSQL
// database: a kitchen board streaming from the second sees an order placed
// and paid through the first, and its moves (made through the first too).
func TestBoardsFollowOrdersAcrossReplicas(t *testing.T) {
	dsn := storetest.PostgresURL(t)
	urlA, _, stopA := startServe(t, t.TempDir(), "CARTA_DEMO", "1", "CARTA_DATABASE_URL", dsn, "CARTA_METRICS_ADDR", "off")
	defer stopA()
	urlB, _, stopB := startServe(t, t.TempDir(), "CARTA_DATABASE_URL", dsn, "CARTA_METRICS_ADDR", "off")
	defer stopB()

	call := func(base, method, path, token string, body any) map[string]any {
		t.Helper()
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, base+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		raw, _ := io.ReadAll(resp.Body)
		if resp.StatusCode >= 300 {
			t.Fatalf("%s %s on %s: %d %s", method, path, base, resp.StatusCode, raw)
		}
		_ = json.Unmarshal(raw, &out)
		return out
	}
	owner := call(urlB, "POST", "/api/login", "", map[string]string{"email": "owner@demo.test", "password": "demo-owner-1"})["token"].(string)

	// The board listens on replica B.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", urlB+"/api/clientes/1/pedidos/eventos", nil)
	req.Header.Set("Authorization", "Bearer "+owner)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("stream: %v %v", resp, err)
	}
	defer resp.Body.Close()
	events := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		var event string
		for sc.Scan() {
			switch line := sc.Text(); {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && event == "pedido":
				events <- strings.TrimPrefix(line, "data: ")
			}
		}
		close(events)
	}()
	next := func(want string) {
		t.Helper()
		select {
		case data, ok := <-events:
			if !ok {
				t.Fatalf("stream ended waiting for %s", want)
			}
			if !strings.Contains(data, want) {
				t.Fatalf("event %s, want %s", data, want)
			}
		case <-time.After(15 * time.Second): // a bound for a stuck test, not a latency goal (see bench/)
			t.Fatalf("no event %s from the other replica", want)
		}
	}

	// A guest orders and pays through replica A.
	menu := call(urlA, "GET", "/api/orders/clover_products_online?cliente_id=1", "", nil)
	var productID float64
	var punto string
	for _, c := range menu["categorias"].([]any) {
		for _, p := range c.(map[string]any)["productos"].([]any) {
			p := p.(map[string]any)
			if p["name"] == "Chuletón de Res" {
				productID = p["id"].(float64)
				punto = p["modifiers"].([]any)[0].(map[string]any)["modifiers"].([]any)[0].(map[string]any)["id"].(string)
			}
		}
	}
	placed := call(urlA, "POST", "/api/orders", "", map[string]any{"cliente_id": 1, "order_type": "pickup",
		"items":    []map[string]any{{"product_id": productID, "quantity": 1, "modifier_ids": []string{punto}}},
		"customer": map[string]any{"nombre": "Réplica", "email": "replica@example.com"}})
	session := placed["checkout_url"].(string)[strings.LastIndex(placed["checkout_url"].(string), "/")+1:]
	call(urlA, "POST", "/api/demo/checkout/"+session+"/pay", "", nil)
	id := int64(placed["pedido_id"].(float64))
	next(fmt.Sprintf(`"pedido_id":%d,"estado":"recibido"`, id))

	ownerA := call(urlA, "POST", "/api/login", "", map[string]string{"email": "owner@demo.test", "password": "demo-owner-1"})["token"].(string)
	call(urlA, "PUT", fmt.Sprintf("/api/pedidos/%d/estado", id), ownerA, map[string]any{"estado": "en_preparacion"})
	for {
		// The POS job may report the order created in between ("pos").
		select {
		case data := <-events:
			if strings.Contains(data, `"estado":"pos"`) {
				continue
			}
			if !strings.Contains(data, fmt.Sprintf(`"pedido_id":%d,"estado":"en_preparacion"`, id)) {
				t.Fatalf("event %s", data)
			}
		case <-time.After(15 * time.Second):
			t.Fatal("the move made on A did not reach B's board")
		}
		break
	}
	// Replica B's board lists it.
	board := call(urlB, "GET", "/api/clientes/1/pedidos", owner, nil)
	if ps := board["pedidos"].([]any); len(ps) != 1 || ps[0].(map[string]any)["estado"] != "en_preparacion" {
		t.Fatalf("board on B: %v", board["pedidos"])
	}
}

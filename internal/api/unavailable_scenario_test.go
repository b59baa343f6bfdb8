package api_test

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"carta/internal/checkout"
	checkoutclover "carta/internal/checkout/clover"
	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// A corrupt or truncated upload (an image's magic bytes followed by
// anything else) is the client's mistake: 400 with the pipeline's own
// message, nothing stored, and no log line blaming the database.
func TestCorruptImageIsInvalidNotDatabaseDown(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		var logs syncBuffer
		e.api.Log = slog.New(slog.NewTextHandler(&logs, nil))
		html := "<!doctype html><html><body><script>alert(1)</script></body></html>"
		jamon := e.productID(e.owner1, 1, "Jamón Ibérico")
		popups, files := e.count(`SELECT COUNT(*) FROM popups`), e.mediaFiles()
		for _, magic := range []string{"\x89PNG\r\n\x1a\n", "\xFF\xD8\xFF\xE0"} {
			body := []byte(magic + html)
			for _, c := range []struct{ path, field string }{
				{"/api/popups", "file"},
				{"/api/configuraciones/logo", "file"},
				{fmt.Sprintf("/api/clover/products/%d/image", jamon), "image"},
			} {
				r := e.do("POST", c.path, e.owner1, form(map[string]any{"cliente_id": 1, "name": "Promo", c.field: body}, "x.png"))
				if r.status != http.StatusBadRequest || r.json["error"] != "La imagen está dañada o incompleta." {
					t.Fatalf("%q + html to %s: %d %s", magic, c.path, r.status, r.body)
				}
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM popups`); n != popups {
			t.Fatalf("popups %d → %d after refused uploads", popups, n)
		}
		if n := e.mediaFiles(); n != files {
			t.Fatalf("media files %d → %d after refused uploads", files, n)
		}
		if strings.Contains(logs.String(), "database unavailable") {
			t.Fatalf("a corrupt upload was logged as the database being down:\n%s", logs.String())
		}
	})
}

// A provider's network failure (here the hosted checkout's host refusing
// connections) answers with that provider's message, never with the
// database's.
func TestProviderNetworkErrorIsNotDatabaseDown(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		var logs syncBuffer
		e.api.Log = slog.New(slog.NewTextHandler(&logs, nil))
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		closed := "http://" + ln.Addr().String()
		ln.Close() // connections to it are refused
		// Restaurant 1 takes payments on its Clover account, whose host
		// refuses connections.
		conn := clientes.POSConnection{Provider: "clover", Token: "ecom-token", BaseURL: closed}
		if err := clientes.SetPOSConnection(context.Background(), db, tenant.Job(1), conn); err != nil {
			t.Fatal(err)
		}
		e.api.Ordering.Checkout = func(clientes.POSConnection) (checkout.Provider, error) {
			c := checkoutclover.New(closed)
			c.Sleep = func(context.Context, time.Duration) error { return nil }
			return c, nil
		}
		r := e.do("POST", "/api/orders", "", e.steakOrder())
		if r.status != http.StatusServiceUnavailable || !strings.Contains(fmt.Sprint(r.json["error"]), "no se pudo abrir el pago") {
			t.Fatalf("order with the checkout unreachable: %d %s", r.status, r.body)
		}
		if strings.Contains(logs.String(), "database unavailable") {
			t.Fatalf("a provider's network error was logged as the database being down:\n%s", logs.String())
		}
	})
}

package api_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"carta/internal/api"
	"carta/internal/clientes"
	"carta/internal/ordering"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// liveStream is a stream as its client sees it: a 200 held open after its
// first event (read the next ones from events), or a refusal.
type liveStream struct {
	status int
	header http.Header
	body   string // the first event, or the refusal's JSON
	json   map[string]any
	events *bufio.Reader
}

// stream opens a live stream of path from address addr (X-Forwarded-For:
// the test servers trust loopback as their proxy). A 200 is held open
// until ctx ends, its first event read; a refusal is read whole. Both are
// checked against openapi.json.
func (e *env) stream(ctx context.Context, client *http.Client, path, token, addr string, headers ...string) liveStream {
	e.t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+path, nil)
	req.Header.Set("X-Forwarded-For", addr)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	s := liveStream{status: resp.StatusCode, header: resp.Header}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		s.events = bufio.NewReader(resp.Body)
		s.body = nextEvent(e.t, s.events)
	} else {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		s.body = string(b)
		_ = jsonUnmarshal(s.body, &s.json)
	}
	checkContract(e.t, req, nil, resp, []byte(s.body))
	return s
}

// nextEvent reads a stream's next event (heartbeat comments skipped).
func nextEvent(t testing.TB, br *bufio.Reader) string {
	t.Helper()
	var out []byte
	for {
		line, err := br.ReadBytes('\n')
		if err != nil {
			t.Fatalf("stream ended before its next event: %v (%q)", err, out)
		}
		switch {
		case len(line) == 1 && len(out) > 0:
			return string(out)
		case len(line) == 1 || line[0] == ':':
		default:
			out = append(out, line...)
		}
	}
}

// A flood of order pages — one order followed from many windows, one
// address (and one IPv6 /64) following many orders, pages from everywhere
// until the replica's share for them is full, pages of unpaid and finished
// orders — leaves every restaurant's board able to connect. Each refusal
// says why (409 for an order that does not stream, 429 with Retry-After
// for a page past its order's or its address's bound, 503 with Retry-After
// when the pages' share is full); a paid order's page still follows its
// changes, its stream ends with the order, and that gives its room back.
func TestOrderPageFloodLeavesEveryBoardRoom(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx, closeAll := context.WithCancel(context.Background())
		defer closeAll()
		// 40 streams on this replica, the last 8 for boards only.
		e := newOrderEnvWith(t, db, func(s *api.Server) { s.Ordering.Feed.MaxListeners, s.Ordering.Feed.StaffReserve = 40, 8 })
		client := &http.Client{Transport: &http.Transport{}}
		defer client.CloseIdleConnections()
		tercero, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Tercero", Email: "tercero@example.com", Estado: clientes.EstadoActivo})
		if err != nil {
			t.Fatal(err)
		}
		type order struct {
			id  int64
			tok string
		}
		// An order whose checkout expired (the clock moves for it alone),
		// paid ones, one picked up, one cancelled, one unpaid.
		var expired order
		expired.id, expired.tok, _ = e.placeOrder("", e.steakOrder())
		later := time.Now().Add(ordering.HoldTime + time.Minute)
		db.Now = func() time.Time { return later }
		if _, err := e.api.Ordering.ExpirePending(ctx); err != nil {
			t.Fatal(err)
		}
		db.Now = time.Now
		var paid []order
		for range 15 {
			id, tok := e.paidOrder()
			paid = append(paid, order{id, tok})
		}
		done, cancelled := paid[13], paid[14]
		paid = paid[:13]
		move := func(o order, to, motivo string) {
			t.Helper()
			if r := e.do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", o.id), e.owner1, map[string]any{"estado": to, "motivo": motivo}); r.status != 200 {
				t.Fatalf("move %d to %s: %d %s", o.id, to, r.status, r.body)
			}
		}
		for _, to := range []string{"en_preparacion", "listo", "entregado"} {
			move(done, to, "")
		}
		move(cancelled, "cancelado", "Sin existencias")
		var unpaid order
		unpaid.id, unpaid.tok, _ = e.placeOrder("", e.steakOrder())

		page := func(o order, addr string, headers ...string) liveStream {
			t.Helper()
			return e.stream(ctx, client, fmt.Sprintf("/api/pedidos/%d/eventos?t=%s", o.id, o.tok), "", addr, headers...)
		}
		var open []liveStream
		live := func(s liveStream, what string) liveStream {
			t.Helper()
			if s.status != 200 || !strings.HasPrefix(s.body, "event: hola\n") {
				t.Fatalf("%s: %d %s", what, s.status, s.body)
			}
			open = append(open, s)
			return s
		}
		refused := func(s liveStream, what string, status int, msg, retryAfter string) {
			t.Helper()
			if s.status != status || s.json["error"] != msg || s.header.Get("Retry-After") != retryAfter {
				t.Fatalf("%s: %d Retry-After %q %s; want %d Retry-After %q %q", what, s.status, s.header.Get("Retry-After"), s.body, status, retryAfter, msg)
			}
		}
		// One order, many windows: 3.
		var first []liveStream
		for range 3 {
			first = append(first, live(page(paid[0], "203.0.113.1"), "a page of a paid order"))
		}
		refused(page(paid[0], "203.0.113.2"), "a 4th page of one order", 429,
			"Este pedido ya se sigue en vivo en demasiadas ventanas. Cierra alguna o recarga la página en un momento.", "30")
		// One address, many orders: 10.
		for _, o := range []order{paid[1], paid[1], paid[1], paid[2], paid[2], paid[2], paid[3]} {
			live(page(o, "203.0.113.1"), "pages of one address")
		}
		refused(page(paid[3], "203.0.113.1"), "an 11th page of one address", 429, "Demasiadas conexiones en vivo desde tu red. Recarga la página en un momento.", "30")
		refused(page(paid[3], "203.0.113.1", "Accept-Language", "en"), "an 11th page of one address, in English", 429,
			"Too many live connections from your network. Reload the page in a moment.", "30")
		// One IPv6 /64 is one address, whatever its last 64 bits.
		for i, o := range []order{paid[3], paid[3], paid[4], paid[4], paid[4], paid[5], paid[5], paid[5], paid[6], paid[6]} {
			live(page(o, fmt.Sprintf("2001:db8:5:6::%x", i+1)), "pages of one IPv6 network")
		}
		refused(page(paid[6], "2001:db8:5:6:ffff::1"), "an 11th page of one IPv6 network", 429, "Demasiadas conexiones en vivo desde tu red. Recarga la página en un momento.", "30")
		// Pages from everywhere fill the pages' share: 32 of 40.
		for i, o := range []order{paid[6], paid[7], paid[7], paid[7], paid[8], paid[8], paid[8], paid[9], paid[9], paid[9], paid[10], paid[10]} {
			live(page(o, fmt.Sprintf("198.51.100.%d", i+1)), "pages from many addresses")
		}
		if n := e.api.Ordering.Feed.Listeners(); n != 32 {
			t.Fatalf("%d streams open, want 32", n)
		}
		refused(page(paid[10], "198.51.100.99"), "a page past the pages' share", 503, "Demasiadas conexiones en vivo en este momento. Recarga la página en un minuto.", "60")
		// Orders that do not stream, from fresh addresses: not paid, over.
		notPaid := "Este pedido aún no está pagado: se sigue en vivo una vez confirmado el pago."
		over := "Este pedido ya terminó: su estado no cambiará más."
		for i := range 20 {
			refused(page(unpaid, fmt.Sprintf("192.0.2.%d", i+1)), "the unpaid order's page", 409, notPaid, "")
		}
		refused(page(unpaid, "192.0.2.100", "Accept-Language", "en"), "the unpaid order's page, in English", 409,
			"This order is not paid yet: it can be followed live once its payment is confirmed.", "")
		for name, o := range map[string]order{"picked up": done, "cancelled": cancelled, "expired": expired} {
			refused(page(o, "192.0.2.101"), "the page of a "+name+" order", 409, over, "")
		}
		refused(page(order{paid[10].id, "otro"}, "192.0.2.102"), "someone else's order", 404, "Pedido no encontrado.", "")
		if n := e.api.Ordering.Feed.Listeners(); n != 32 {
			t.Fatalf("%d streams open after the refusals, want 32", n)
		}
		// Every restaurant's boards connect: the reserve is theirs.
		var boards []liveStream
		for _, b := range []struct {
			token   string
			cliente int64
		}{{e.owner1, 1}, {e.owner1, 1}, {e.owner1, 1}, {e.owner2, 2}, {e.owner2, 2}, {e.owner2, 2}, {e.admin, tercero}, {e.admin, 2}} {
			s := e.stream(ctx, client, fmt.Sprintf("/api/clientes/%d/pedidos/eventos", b.cliente), b.token, "127.0.0.1")
			boards = append(boards, live(s, fmt.Sprintf("the board of restaurant %d beside a flood of pages", b.cliente)))
		}
		refused(e.stream(ctx, client, "/api/clientes/1/pedidos/eventos", e.admin, "127.0.0.1"), "a board past the replica's bound", 503,
			"Demasiadas conexiones en vivo en este momento. Recarga la página en un minuto.", "60")
		// The paid order's pages and its restaurant's boards follow its
		// changes; its pages' streams end with it, which frees their room.
		for _, to := range []string{"en_preparacion", "listo", "entregado"} {
			move(paid[0], to, "")
		}
		if err := e.api.Ordering.Feed.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		for i, s := range first {
			for _, to := range []string{"en_preparacion", "listo", "entregado"} {
				if ev := nextEvent(t, s.events); !strings.HasPrefix(ev, "event: pedido\n") || !strings.Contains(ev, fmt.Sprintf(`"pedido_id":%d,"estado":%q`, paid[0].id, to)) {
					t.Fatalf("page %d got %q, want %s", i, ev, to)
				}
			}
			if _, err := s.events.ReadByte(); !errors.Is(err, io.EOF) {
				t.Fatalf("page %d: the stream goes on after the order was picked up (%v)", i, err)
			}
		}
		if ev := nextEvent(t, boards[0].events); !strings.Contains(ev, `"estado":"en_preparacion"`) {
			t.Fatalf("the board got %q", ev)
		}
		for i, o := range []order{paid[10], paid[11], paid[11]} {
			live(page(o, fmt.Sprintf("198.51.100.%d", 200+i)), "a page where an ended stream was")
		}
		refused(page(paid[12], "198.51.100.210"), "a page past the pages' share again", 503, "Demasiadas conexiones en vivo en este momento. Recarga la página en un minuto.", "60")
	})
}

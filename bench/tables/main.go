// Command tables is the ordering-at-the-table load test (issue 31): it
// gives restaurant 1 of the demo data N tables paid at the end with tips of
// 10/15/20 %, then seats one party per table at once. Each party scans its
// QR, orders 2 or 3 times (the waiter accepts the tab after the first
// order), and pays from two phones: one by lines (half the lines, 10 % tip)
// and one everything that remains, each confirmed through the demo
// checkout. At RACES of the tables two phones ask for the same lines at the
// same moment: exactly one may hold them. At the end it checks, from the
// staff's view of each tab, that no tab was charged twice for anything:
// every tab 'pagada', closed to its phones (410), its paid amounts adding
// up to its total, every line paid once; and that each race had one
// winner. Only against 127.0.0.1: the server must trust loopback as a proxy
// (CARTA_TRUSTED_PROXIES=127.0.0.1) so each table's phones come from an
// address of their own. Exits 1 when an invariant fails.
//
// By default every phone acts again as soon as its last answer arrives (a
// stress run: 200 clients with no pause at all). With -think D each phone
// first waits a random time in [0, 2D) before each step (scanning, each
// order, reading the tab, each payment, each confirmation), as diners read
// the menu and type a card between taps: the same 200 tables open at once,
// at the pace of a dining room.
//
//	tables -url http://127.0.0.1:18093 -tables 200 -races 20
//	tables -url http://127.0.0.1:18093 -tables 200 -races 20 -think 3s
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:18093", "Carta's base URL (loopback only)")
	tables := flag.Int("tables", 200, "tables seated at once (one goroutine each)")
	races := flag.Int("races", 20, "tables where two phones race for the same lines")
	limit := flag.Duration("timeout", 100*time.Second, "the whole run's bound")
	thinkFor := flag.Duration("think", 0, "each phone's mean pause before each step (random in [0, 2×think)); 0: none")
	flag.Parse()
	u, err := url.Parse(*base)
	if err != nil || (u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost") {
		fail("load tests run against 127.0.0.1 only")
	}
	ctx, cancel := context.WithTimeout(context.Background(), *limit)
	defer cancel()
	// One connection per phone at most: 200 tables, two phones at the races.
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * *tables, MaxConnsPerHost: 2 * *tables}, Timeout: 30 * time.Second}
	c := &caller{c: client, base: *base, ctx: ctx}

	owner := c.login()
	c.openAllDay(owner)
	codes := c.diningRoom(owner, *tables)
	menu := c.simpleProducts()

	type outcome struct {
		orders, pays []time.Duration
		tab          int64
		token        string
		raced        bool
		won, lost    int // the race's 201s and 409s
		err          string
	}
	out := make([]outcome, *tables)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range *tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := &out[i]
			o.raced = i < *races
			addr := fmt.Sprintf("10.31.%d.%d", i>>8&255, i&255)
			rng := rand.New(rand.NewPCG(uint64(i), 31))
			think := func() {
				if *thinkFor > 0 {
					time.Sleep(time.Duration(rng.Int64N(int64(2 * *thinkFor))))
				}
			}
			think()
			if code, err := c.do("GET", "/api/mesas/1/"+codes[i], addr, "", nil, nil); err != nil || code != 200 {
				o.err = fmt.Sprintf("scan %d %v", code, err)
				return
			}
			var tabID int64
			var tabTok string
			for k := range 2 + i%2 {
				var placed struct {
					Estado string
					Cuenta struct {
						ID    int64
						Token string
					}
				}
				think()
				t0 := time.Now()
				code, err := c.do("POST", "/api/mesas/1/"+codes[i]+"/pedidos", addr, "", map[string]any{"items": menu.order(i, k), "idioma": "es"}, &placed)
				o.orders = append(o.orders, time.Since(t0))
				if err != nil || code != 201 {
					o.err = fmt.Sprintf("order %d: %d %v", k+1, code, err)
					return
				}
				if k == 0 {
					tabID, tabTok = placed.Cuenta.ID, placed.Cuenta.Token
					o.tab, o.token = tabID, tabTok
					if placed.Estado != "por_aceptar" {
						o.err = "a new tab's first order did not wait for a waiter: " + placed.Estado
						return
					}
					// The waiter accepts the new tab: its order goes to the kitchen.
					if code, err := c.do("POST", fmt.Sprintf("/api/clientes/1/cuentas/%d/aceptar", tabID), "10.255.255.1", owner, map[string]any{}, nil); err != nil || code != 200 {
						o.err = fmt.Sprintf("accept: %d %v", code, err)
						return
					}
				} else if placed.Cuenta.ID != tabID || placed.Estado != "recibido" {
					o.err = fmt.Sprintf("order %d went to tab %d (%s), not %d", k+1, placed.Cuenta.ID, placed.Estado, tabID)
					return
				}
			}
			var tab struct {
				Total   int64
				Pedidos []struct{ Lineas []struct{ ID string } }
			}
			think()
			if code, err := c.do("GET", fmt.Sprintf("/api/cuentas/%d?t=%s", tabID, tabTok), addr, "", nil, &tab); err != nil || code != 200 {
				o.err = fmt.Sprintf("tab: %d %v", code, err)
				return
			}
			var lines []string
			for _, p := range tab.Pedidos {
				for _, l := range p.Lineas {
					lines = append(lines, l.ID)
				}
			}
			half := lines[:len(lines)/2]
			pay := func(body map[string]any) (int, payment, time.Duration, error) {
				var p payment
				t0 := time.Now()
				code, err := c.do("POST", fmt.Sprintf("/api/cuentas/%d/pagos?t=%s", tabID, tabTok), addr, "", body, &p)
				return code, p, time.Since(t0), err
			}
			byLines := map[string]any{"modo": "lineas", "lineas": half, "propina": map[string]any{"porcentaje": 10}, "idioma": "es"}
			var first payment
			think()
			if o.raced {
				// Two phones ask for the same lines at the same moment.
				type try struct {
					code int
					p    payment
					d    time.Duration
					err  error
				}
				tries := make([]try, 2)
				var race sync.WaitGroup
				gate := make(chan struct{})
				for j := range tries {
					race.Add(1)
					go func() {
						defer race.Done()
						<-gate
						code, p, d, err := pay(byLines)
						tries[j] = try{code, p, d, err}
					}()
				}
				close(gate)
				race.Wait()
				for _, t := range tries {
					o.pays = append(o.pays, t.d)
					switch t.code {
					case 201:
						o.won++
						first = t.p
					case 409:
						o.lost++
					default:
						o.err = fmt.Sprintf("race: %d %v", t.code, t.err)
						return
					}
				}
				if o.won != 1 {
					return // reported by the invariants
				}
			} else {
				code, p, d, err := pay(byLines)
				o.pays = append(o.pays, d)
				if err != nil || code != 201 {
					o.err = fmt.Sprintf("pay by lines: %d %v", code, err)
					return
				}
				first = p
			}
			think()
			if code, err := c.confirm(first.CheckoutURL, addr); err != nil || code != 200 {
				o.err = fmt.Sprintf("confirm lines: %d %v", code, err)
				return
			}
			// The second phone pays what remains.
			think()
			code, rest, d, err := pay(map[string]any{"modo": "todo", "propina": map[string]any{"porcentaje": 15}, "idioma": "es"})
			o.pays = append(o.pays, d)
			if err != nil || code != 201 {
				o.err = fmt.Sprintf("pay the rest: %d %v", code, err)
				return
			}
			if first.Importe+rest.Importe != tab.Total {
				o.err = fmt.Sprintf("payments %d + %d for a tab of %d", first.Importe, rest.Importe, tab.Total)
				return
			}
			think()
			if code, err := c.confirm(rest.CheckoutURL, addr); err != nil || code != 200 {
				o.err = fmt.Sprintf("confirm the rest: %d %v", code, err)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	// The invariants, from the staff's view of every tab and the phones'.
	var orders, pays []time.Duration
	errs := map[string]int{}
	won, lost, raced := 0, 0, 0
	bad := 0
	for i, o := range out {
		orders = append(orders, o.orders...)
		pays = append(pays, o.pays...)
		if o.raced {
			raced++
			won += o.won
			lost += o.lost
		}
		if o.err != "" {
			errs[o.err]++
			bad++
			continue
		}
		if msg := c.checkTab(owner, o.tab, o.token); msg != "" {
			errs[msg]++
			bad++
			if bad <= 5 {
				fmt.Fprintf(os.Stderr, "table %d, tab %d: %s\n", i+1, o.tab, msg)
			}
		}
	}
	fmt.Printf("tables: %d seated at once, %d orders and %d payments started in %s (%.0f orders/s)\n",
		*tables, len(orders), len(pays), elapsed.Round(time.Millisecond), float64(len(orders))/elapsed.Seconds())
	fmt.Printf("POST /api/mesas/1/{codigo}/pedidos (2 lines): p50 %s  p95 %s  p99 %s  max %s\n", pct(orders, 50), pct(orders, 95), pct(orders, 99), pct(orders, 100))
	fmt.Printf("POST /api/cuentas/{id}/pagos: p50 %s  p95 %s  p99 %s  max %s\n", pct(pays, 50), pct(pays, 95), pct(pays, 99), pct(pays, 100))
	fmt.Printf("races for the same lines: %d tables, %d held (201), %d refused (409)\n", raced, won, lost)
	if len(errs) > 0 {
		fmt.Printf("errors: %v\n", errs)
	}
	ok := bad == 0 && won == raced && lost == raced
	fmt.Printf("invariants (every tab pagada and closed, paid once in full, one winner per race): %v; order p99 goal ≤ 100ms: %v\n",
		map[bool]string{true: "ok", false: "FAILED"}[ok], p99Met(orders))
	if !ok {
		os.Exit(1)
	}
}

type payment struct {
	PagoID      int64  `json:"pago_id"`
	CheckoutURL string `json:"checkout_url"`
	Importe     int64  `json:"importe"`
}

// checkTab answers what is wrong with a tab that should be paid in full,
// once: "" when nothing.
func (c *caller) checkTab(owner string, id int64, token string) string {
	var t struct {
		Estado  string
		Total   int64
		Pagado  int64
		Pedidos []struct {
			Lineas []struct {
				ID         string
				EstadoPago string `json:"estado_pago"`
			}
		}
		Pagos []struct {
			Importe   int64
			Estado    string
			Reembolso int64
		}
	}
	if code, err := c.do("GET", fmt.Sprintf("/api/clientes/1/cuentas/%d", id), "10.255.255.1", owner, nil, &t); err != nil || code != 200 {
		return fmt.Sprintf("staff view: %d %v", code, err)
	}
	if t.Estado != "pagada" {
		return "tab " + t.Estado
	}
	// Paid: closed to the phones at the table.
	if code, _ := c.do("GET", fmt.Sprintf("/api/cuentas/%d?t=%s", id, token), "10.255.255.2", "", nil, nil); code != 410 {
		return fmt.Sprintf("a paid tab answers its phones %d", code)
	}
	var paid int64
	for _, p := range t.Pagos {
		if p.Estado == "pagado" {
			paid += p.Importe
		}
		if p.Reembolso != 0 {
			return "a payment owed back"
		}
	}
	if paid != t.Total || t.Pagado != t.Total {
		return fmt.Sprintf("paid %d (shown %d) for a total of %d", paid, t.Pagado, t.Total)
	}
	for _, p := range t.Pedidos {
		for _, l := range p.Lineas {
			if l.EstadoPago != "pagada" {
				return "line " + l.ID + " " + l.EstadoPago
			}
		}
	}
	return ""
}

func p99Met(d []time.Duration) string {
	if len(d) == 0 {
		return "-"
	}
	s := slices.Clone(d)
	slices.Sort(s)
	i := (len(s)*99+99)/100 - 1
	return map[bool]string{true: "met", false: "NOT met"}[s[min(i, len(s)-1)] <= 100*time.Millisecond]
}

func pct(d []time.Duration, p int) string {
	if len(d) == 0 {
		return "-"
	}
	s := slices.Clone(d)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	if i > 0 {
		i--
	}
	return s[min(i, len(s)-1)].Round(100 * time.Microsecond).String()
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "tables:", msg)
	os.Exit(1)
}

type caller struct {
	c    *http.Client
	base string
	ctx  context.Context
}

func (c *caller) do(method, path, addr, token string, body any, out any) (int, error) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequestWithContext(c.ctx, method, c.base+path, r)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", addr)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		return resp.StatusCode, fmt.Errorf("%s", bytes.TrimSpace(raw))
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, err
		}
	}
	return resp.StatusCode, nil
}

// confirm pays a demo checkout session from its URL, as the diner's click
// on the demo provider's page does.
func (c *caller) confirm(checkoutURL, addr string) (int, error) {
	_, session, ok := strings.Cut(checkoutURL, "/demo/checkout/")
	if !ok || session == "" {
		return 0, fmt.Errorf("not a demo checkout: %q", checkoutURL)
	}
	return c.do("POST", "/api/demo/checkout/"+session+"/pay", addr, "", nil, nil)
}

func (c *caller) login() string {
	var s struct{ Token string }
	if code, err := c.do("POST", "/api/login", "10.255.255.1", "", map[string]string{"email": "owner@demo.test", "password": "demo-owner-1"}, &s); err != nil || code != 200 {
		fail(fmt.Sprintf("owner sign-in: %d %v", code, err))
	}
	return s.Token
}

// openAllDay opens online ordering every hour of the week with no limit
// per slot: the test measures the server, not the demo's opening hours.
func (c *caller) openAllDay(owner string) {
	days := []map[string]any{}
	for d := 0; d < 7; d++ {
		days = append(days, map[string]any{"dia": d, "abre": "00:00", "cierra": "24:00"})
	}
	if code, err := c.do("PUT", "/api/clientes/1/pedidos/config", "10.255.255.1", owner, map[string]any{"activo": true,
		"preparacion_min": 15, "horario": days, "pedidos_por_franja": 0, "pausado_hasta": 0, "zona_horaria": "America/New_York"}, nil); err != nil || code != 200 {
		fail(fmt.Sprintf("ordering settings: %d %v", code, err))
	}
}

// diningRoom saves n tables paid at the end with tips of 10/15/20 % and
// answers their printed codes, by table number (index 0 is table 1).
func (c *caller) diningRoom(owner string, n int) []string {
	mesas := []map[string]any{}
	for i := 1; i <= n; i++ {
		mesas = append(mesas, map[string]any{"numero": i, "nombre": ""})
	}
	var v struct {
		Mesas []struct {
			Numero int
			Codigo string
		}
		Modo string
	}
	if code, err := c.do("PUT", "/api/clientes/1/mesas", "10.255.255.1", owner, map[string]any{"mesas": mesas, "modo": "al_final",
		"propinas": map[string]any{"activo": true, "porcentajes": []int{10, 15, 20}, "defecto": 15}, "recoger_activo": true}, nil); err != nil || code != 200 {
		fail(fmt.Sprintf("dining room: %d %v", code, err))
	}
	if code, err := c.do("GET", "/api/clientes/1/mesas", "10.255.255.1", owner, nil, &v); err != nil || code != 200 {
		fail(fmt.Sprintf("dining room: %d %v", code, err))
	}
	codes := make([]string, n)
	for _, m := range v.Mesas {
		if m.Numero >= 1 && m.Numero <= n {
			codes[m.Numero-1] = m.Codigo
		}
	}
	if v.Modo != "al_final" || slices.Contains(codes, "") {
		fail(fmt.Sprintf("the dining room has %d tables in mode %q, want %d at the end", len(v.Mesas), v.Modo, n))
	}
	return codes
}

type menu []int64

// order is the k-th order of table i: two lines of products with no
// required choice, different from table to table.
func (m menu) order(i, k int) []map[string]any {
	a := m[(i*3+k)%len(m)]
	b := m[(i*3+k+1+i%3)%len(m)]
	if b == a {
		b = m[(i*3+k+1)%len(m)]
	}
	return []map[string]any{{"product_id": a, "quantity": 1 + k%2}, {"product_id": b, "quantity": 1}}
}

// simpleProducts are restaurant 1's products orderable online with no
// required modifier.
func (c *caller) simpleProducts() menu {
	var m struct {
		Categorias []struct {
			Productos []struct {
				ID        int64
				Modifiers []struct {
					MinRequired int `json:"min_required"`
				}
			}
		}
	}
	if code, err := c.do("GET", "/api/orders/clover_products_online?cliente_id=1", "10.255.255.1", "", nil, &m); err != nil || code != 200 {
		fail(fmt.Sprintf("menu: %d %v", code, err))
	}
	var out menu
	for _, cat := range m.Categorias {
	products:
		for _, p := range cat.Productos {
			for _, g := range p.Modifiers {
				if g.MinRequired > 0 {
					continue products
				}
			}
			out = append(out, p.ID)
		}
	}
	if len(out) < 4 {
		fail(fmt.Sprintf("the demo menu has %d products without a required choice", len(out)))
	}
	return out
}

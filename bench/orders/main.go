// Command orders is the online-ordering load test: it places pickup orders
// of 3 lines (POST /api/orders) at a fixed rate from many client addresses,
// pays each one through the demo provider's direct pay call, and keeps a
// kitchen board open on the restaurant's event stream to measure how long
// each paid order takes to reach it. Only against 127.0.0.1: the server
// must trust loopback as a proxy (CARTA_TRUSTED_PROXIES=127.0.0.1) so each
// order comes from an address of its own.
//
// With -urls (several server processes on one database, as behind a load
// balancer) order i is placed on replica i mod N and paid through replica
// (i/N) mod N, so every pairing of the two calls occurs equally often, and
// every replica keeps a board stream open. After the run it checks that
// every paid order reached every replica's board stream and is in every
// replica's board list (GET /api/clientes/{id}/pedidos) with a number no
// other order there has, and exits 1 when one is not.
//
// With -clientes (several restaurants, e.g. "1,3-101": the demo's first
// and restaurants `carta seed-scale` added) order i goes to restaurant
// i mod N; the super admin syncs each added one's catalogue from its (demo)
// POS, configures each one's ordering and keeps each one's board open on
// every replica, and the checks run per restaurant.
//
//	orders -url http://127.0.0.1:18091 -rate 300 -d 20s
//	orders -urls http://127.0.0.1:18091,http://127.0.0.1:18093 -rate 300 -d 20s
//	orders -clientes 1,3-101 -rate 300 -d 20s
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-smtp"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:18091", "Carta's base URL (loopback only)")
	rate := flag.Int("rate", 300, "orders per second to start")
	dur := flag.Duration("d", 20*time.Second, "how long to place orders")
	conns := flag.Int("c", 64, "most requests in flight")
	list := flag.String("urls", "", "the base URLs of several replicas on one database, comma-separated (instead of -url)")
	restaurants := flag.String("clientes", "1", "the restaurants ordered from, comma-separated ids or ranges (\"1,3-101\")")
	sink := flag.String("smtp-sink", "", "instead of a load test: an SMTP server on this loopback address that accepts every message and prints a line \"to <address>\" per recipient")
	flag.Parse()
	if *sink != "" {
		smtpSink(*sink)
		return
	}
	bases := []string{*base}
	if *list != "" {
		bases = strings.Split(*list, ",")
	}
	for _, b := range bases {
		u, err := url.Parse(b)
		if err != nil || (u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost") {
			fail("load tests run against 127.0.0.1 only")
		}
	}
	*base = bases[0]
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *conns, MaxConnsPerHost: *conns}, Timeout: 30 * time.Second}

	clientes, err := parseIDs(*restaurants)
	if err != nil {
		fail(err.Error())
	}
	// The owner signs in on each replica (a session made on one is good on
	// all, but each board is opened as its kitchen would open it); with
	// several restaurants, the super admin, who may act on every one.
	email, password := "owner@demo.test", "demo-owner-1"
	if len(clientes) > 1 {
		email, password = "admin@demo.test", "demo-admin-1"
	}
	tokens := make([]string, len(bases))
	for k, b := range bases {
		tokens[k] = login(client, b, email, password)
	}
	token := tokens[0]
	items := map[int64][]map[string]any{}
	// No maximum per pickup slot: the load test measures the server, not
	// the demo kitchen's capacity.
	days := []map[string]any{}
	for d := 0; d < 7; d++ {
		days = append(days, map[string]any{"dia": d, "abre": "00:00", "cierra": "24:00"})
	}
	for _, c := range clientes {
		// A restaurant seed-scale added has made-up items its (demo) point
		// of sale does not sell: its catalogue is synced from the POS first,
		// as an owner connecting a POS does.
		if c != 1 {
			if code, err := send(client, "POST", *base+"/api/clover/sync-all", "10.255.255.1", token, map[string]any{"cliente_id": c}, nil); err != nil || code != 200 {
				fail(fmt.Sprintf("POS sync of restaurant %d: %d %v", c, code, err))
			}
		}
		if code, err := send(client, "PUT", fmt.Sprintf("%s/api/clientes/%d/pedidos/config", *base, c), "10.255.255.1", token, map[string]any{"activo": true,
			"preparacion_min": 15, "horario": days, "pedidos_por_franja": 0, "pausado_hasta": 0, "zona_horaria": "America/New_York"}, nil); err != nil || code != 200 {
			fail(fmt.Sprintf("ordering settings of restaurant %d: %d %v", c, code, err))
		}
		items[c] = threeLines(client, *base, c)
	}

	// The boards: each restaurant's event stream on each replica, as the
	// kitchen's page reads it; seen[k] is when replica k's streams brought
	// each paid order.
	var seenMu sync.Mutex
	seen := make([]map[int64]time.Time, len(bases))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for k, b := range bases {
		seen[k] = map[int64]time.Time{}
		for _, c := range clientes {
			ready := make(chan struct{})
			go board(ctx, client, b, tokens[k], c, ready, func(id int64) {
				seenMu.Lock()
				if _, ok := seen[k][id]; !ok {
					seen[k][id] = time.Now()
				}
				seenMu.Unlock()
			})
			<-ready
		}
	}

	type result struct {
		place  time.Duration
		pay    time.Duration // the pay call (the confirmation)
		paidAt time.Time
		id     int64
		err    string
	}
	results := make(chan result, *rate*int(dur.Seconds()+1))
	sem := make(chan struct{}, *conns)
	var n atomic.Int64
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Second / time.Duration(*rate))
	stop := time.After(*dur)
	start := time.Now()
	late := 0
loop:
	for {
		select {
		case <-stop:
			break loop
		case <-tick.C:
		}
		select {
		case sem <- struct{}{}:
		default:
			late++ // every connection busy: the server is not keeping up
			continue
		}
		i := n.Add(1)
		placeOn, payOn := bases[int(i)%len(bases)], bases[int(i)/len(bases)%len(bases)]
		cliente := clientes[int(i)%len(clientes)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			addr := fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255)
			order := map[string]any{"cliente_id": cliente, "order_type": "pickup", "items": items[cliente],
				"customer": map[string]any{"nombre": "Carga", "email": fmt.Sprintf("carga%d@example.com", i)}}
			t0 := time.Now()
			var placed struct {
				PedidoID int64  `json:"pedido_id"`
				Token    string `json:"token"`
				Total    int64  `json:"total"`
			}
			code, err := post(client, placeOn+"/api/orders", addr, order, &placed)
			r := result{place: time.Since(t0), id: placed.PedidoID}
			if err != nil || code != 201 {
				r.err = fmt.Sprintf("place %d %v", code, err)
				results <- r
				return
			}
			t1 := time.Now()
			code, err = post(client, fmt.Sprintf("%s/api/orders/%d/pay", payOn, cliente), addr,
				map[string]any{"pedido_id": placed.PedidoID, "token": placed.Token, "amount": placed.Total}, nil)
			if err != nil || code != 200 {
				r.err = fmt.Sprintf("pay %d %v", code, err)
			}
			r.paidAt = time.Now()
			r.pay = r.paidAt.Sub(t1)
			results <- r
		}()
	}
	tick.Stop()
	wg.Wait()
	elapsed := time.Since(start)
	close(results)
	// Give the boards a moment to see the last orders (reported, not assumed).
	deadline := time.Now().Add(3 * time.Second)
	var all []result
	for r := range results {
		all = append(all, r)
	}
	for time.Now().Before(deadline) {
		seenMu.Lock()
		missing := 0
		for _, r := range all {
			if r.err == "" {
				for k := range seen {
					if _, ok := seen[k][r.id]; !ok {
						missing++
					}
				}
			}
		}
		seenMu.Unlock()
		if missing == 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}

	var place, pay, both, delay []time.Duration
	var paid []int64
	errs := map[string]int{}
	missed := 0
	missedOn := make([]int, len(bases))
	seenMu.Lock()
	for _, r := range all {
		if r.err != "" {
			errs[r.err]++
			continue
		}
		paid = append(paid, r.id)
		place = append(place, r.place)
		pay = append(pay, r.pay)
		both = append(both, r.place+r.pay)
		for k := range seen {
			if at, ok := seen[k][r.id]; ok {
				delay = append(delay, max(0, at.Sub(r.paidAt)))
			} else {
				missed++
				missedOn[k]++
			}
		}
	}
	seenMu.Unlock()
	fmt.Printf("orders placed and paid: %d in %s (%.0f/s; target %d/s; %d skipped because %d requests were in flight; %d restaurant(s))\n",
		len(place), elapsed.Round(time.Millisecond), float64(len(place))/elapsed.Seconds(), *rate, late, *conns, len(clientes))
	fmt.Printf("POST /api/orders (3 lines): p50 %s  p95 %s  p99 %s  max %s\n", pct(place, 50), pct(place, 95), pct(place, 99), pct(place, 100))
	fmt.Printf("POST /api/orders/{id}/pay (the confirmation): p50 %s  p95 %s  p99 %s  max %s\n", pct(pay, 50), pct(pay, 95), pct(pay, 99), pct(pay, 100))
	fmt.Printf("placed and paid (both calls): p50 %s  p95 %s  p99 %s  max %s\n", pct(both, 50), pct(both, 95), pct(both, 99), pct(both, 100))
	fmt.Printf("board event after the payment: p50 %s  p99 %s  max %s  (missed %d)\n", pct(delay, 50), pct(delay, 99), pct(delay, 100), missed)
	if len(errs) > 0 {
		fmt.Printf("errors: %v\n", errs)
	}

	// The checks: every paid order on every replica's board, by its stream
	// and in its list, each with a number of its own.
	broken := false
	for k, b := range bases {
		lacks, dups := 0, 0
		var err error
		ids := map[int64]bool{}
		for _, c := range clientes {
			var l, d int
			if l, d, err = boardList(client, b, tokens[k], c, ids); err != nil {
				break
			}
			lacks, dups = lacks+l, dups+d
		}
		for _, id := range paid {
			if !ids[id] {
				lacks++
			}
		}
		if err != nil {
			fmt.Printf("check FAILED: replica %d (%s): board list: %v\n", k+1, b, err)
			broken = true
			continue
		}
		status := "ok"
		if lacks > 0 || dups > 0 || missedOn[k] > 0 {
			status, broken = "FAILED", true
		}
		fmt.Printf("check %s: replica %d (%s): of %d paid orders, board stream missed %d, board list lacks %d, without a number of their own %d\n",
			status, k+1, b, len(paid), missedOn[k], lacks, dups)
	}
	if broken {
		os.Exit(1)
	}
}

// boardList reads restaurant cliente's board list on one replica as its
// staff does, adds the orders it lists to ids, and returns how many of its
// orders share their number with another (lacks stays 0: the caller
// counts the paid orders no list had).
func boardList(c *http.Client, base, token string, cliente int64, ids map[int64]bool) (lacks, dups int, err error) {
	var b struct {
		Pedidos []struct {
			ID     int64 `json:"id"`
			Numero int64 `json:"numero"`
		} `json:"pedidos"`
	}
	if code, err := send(c, "GET", fmt.Sprintf("%s/api/clientes/%d/pedidos", base, cliente), "10.255.255.1", token, nil, &b); err != nil || code != 200 {
		return 0, 0, fmt.Errorf("restaurant %d: %d %v", cliente, code, err)
	}
	numbers := map[int64]int{}
	for _, p := range b.Pedidos {
		ids[p.ID] = true
		numbers[p.Numero]++
	}
	for n, count := range numbers {
		if n == 0 || count > 1 {
			dups += count
		}
	}
	return lacks, dups, nil
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
	fmt.Fprintln(os.Stderr, "orders:", msg)
	os.Exit(1)
}

func post(c *http.Client, u, addr string, body any, out any) (int, error) {
	return send(c, "POST", u, addr, "", body, out)
}

func send(c *http.Client, method, u, addr, token string, body any, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, u, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", addr)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		return resp.StatusCode, fmt.Errorf("%s", bytes.TrimSpace(raw))
	}
	if out != nil {
		_ = json.Unmarshal(raw, out)
	}
	return resp.StatusCode, nil
}

func login(c *http.Client, base, email, password string) string {
	var s struct{ Token string }
	if code, err := post(c, base+"/api/login", "10.255.255.1", map[string]string{"email": email, "password": password}, &s); err != nil || code != 200 {
		fail(fmt.Sprintf("sign-in of %s: %d %v", email, code, err))
	}
	return s.Token
}

// parseIDs reads "1,3-101" as the ids 1, 3, 4, …, 101.
func parseIDs(s string) ([]int64, error) {
	var ids []int64
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.ParseInt(strings.TrimSpace(lo), 10, 64)
		b := a
		if err == nil && isRange {
			b, err = strconv.ParseInt(strings.TrimSpace(hi), 10, 64)
		}
		if err != nil || a < 1 || b < a {
			return nil, fmt.Errorf("-clientes: %q is not an id or a range of ids", part)
		}
		for id := a; id <= b; id++ {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// threeLines is a cart of three lines of restaurant cliente. Of restaurant
// 1: the steak with its required choice and a side, a tapa with bread, and
// a drink; of any other, its first three products, each with the first
// choice of every group.
func threeLines(c *http.Client, base string, cliente int64) []map[string]any {
	resp, err := c.Get(fmt.Sprintf("%s/api/orders/clover_products_online?cliente_id=%d", base, cliente))
	if err != nil {
		fail(err.Error())
	}
	defer resp.Body.Close()
	var m struct {
		Categorias []struct {
			Productos []struct {
				ID        int64
				Name      string
				Modifiers []struct {
					MinRequired int `json:"min_required"`
					Modifiers   []struct{ ID string }
				}
			}
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		fail(err.Error())
	}
	want := map[string]int{"Chuletón de Res": 1, "Jamón Ibérico": 2, "Horchata": 3}
	var out []map[string]any
	for _, c := range m.Categorias {
		for _, p := range c.Productos {
			qty, ok := want[p.Name]
			if cliente != 1 {
				qty, ok = len(out)+1, len(out) < 3
			}
			if !ok {
				continue
			}
			delete(want, p.Name)
			var mods []string
			for _, g := range p.Modifiers {
				mods = append(mods, g.Modifiers[0].ID)
			}
			out = append(out, map[string]any{"product_id": p.ID, "quantity": qty, "modifier_ids": mods})
		}
	}
	if len(out) != 3 {
		fail(fmt.Sprintf("the menu of restaurant %d lacks three products to order (%v)", cliente, want))
	}
	return out
}

// board follows the restaurant's event stream and reports each order id
// that arrives as received.
func board(ctx context.Context, c *http.Client, base, token string, cliente int64, ready chan struct{}, got func(int64)) {
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/clientes/%d/pedidos/eventos", base, cliente), nil)
	req.Header.Set("Authorization", "Bearer "+token)
	stream := &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{}).DialContext}}
	resp, err := stream.Do(req)
	if err != nil || resp.StatusCode != 200 {
		fail(fmt.Sprintf("board stream: %v", err))
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	var event string
	once := sync.Once{}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimPrefix(line, "event: ")
			if event == "hola" {
				once.Do(func() { close(ready) })
			}
		case strings.HasPrefix(line, "data: ") && event == "pedido":
			var e struct {
				PedidoID int64  `json:"pedido_id"`
				Estado   string `json:"estado"`
			}
			if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &e) == nil && e.Estado == "recibido" {
				got(e.PedidoID)
			}
		}
	}
}

// smtpSink accepts every message on addr (loopback) until killed and
// prints "to <address>" per recipient of each message accepted, so that
// bench/orders.sh can count the e-mails the replicas' outbox workers send.
func smtpSink(addr string) {
	if h, _, err := net.SplitHostPort(addr); err != nil || h != "127.0.0.1" {
		fail("the SMTP sink listens on 127.0.0.1 only")
	}
	s := smtp.NewServer(sinkBackend{out: bufio.NewWriter(os.Stdout)})
	s.Addr = addr
	s.Domain = "localhost"
	s.ReadTimeout = 30 * time.Second
	s.WriteTimeout = 30 * time.Second
	if err := s.ListenAndServe(); err != nil {
		fail(err.Error())
	}
}

type sinkBackend struct{ out *bufio.Writer }

var sinkMu sync.Mutex

func (b sinkBackend) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &sinkSession{out: b.out}, nil
}

type sinkSession struct {
	out *bufio.Writer
	to  []string
}

func (s *sinkSession) Mail(string, *smtp.MailOptions) error { return nil }

func (s *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

// Data prints the recipients once the message is accepted whole.
func (s *sinkSession) Data(r io.Reader) error {
	if _, err := io.Copy(io.Discard, r); err != nil {
		return err
	}
	sinkMu.Lock()
	defer sinkMu.Unlock()
	for _, to := range s.to {
		fmt.Fprintf(s.out, "to %s\n", to)
	}
	s.to = nil
	return s.out.Flush()
}

func (s *sinkSession) Reset()        { s.to = nil }
func (s *sinkSession) Logout() error { return nil }

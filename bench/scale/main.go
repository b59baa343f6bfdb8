// Command scale measures Carta with many restaurants (bench/scale.sh):
//
//	scale http -url U -phase before|after -first F -last L
//
// times the diner menu API (one restaurant, and spread over restaurants
// F…L), the super admin's restaurant list, an owner's order board and a
// diner's purchases ('Mis Compras'), with W concurrent clients for D per
// kind, and prints p50 / p99 / requests per second per kind;
//
//	scale race -url U -cliente C -buyers B
//
// has B new diners buy the first offer of restaurant C at once through the
// demo checkout (hold, then pay) and checks no voucher is oversold;
//
//	scale sync -db DSN -cliente C
//
// syncs 5,000 items from a fake Clover merchant into restaurant C of a
// database already filled by `carta seed-scale`, and prints the time.
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
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"carta/internal/clientes"
	"carta/internal/demo"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
	"carta/internal/store"
	"carta/internal/tenant"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: scale http|sync [flags]")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "http":
		httpBench(os.Args[2:])
	case "sync":
		syncBench(os.Args[2:])
	case "race":
		raceBench(os.Args[2:])
	default:
		fmt.Fprintln(os.Stderr, "usage: scale http|sync [flags]")
		os.Exit(2)
	}
}

var client = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 30 * time.Second}

func httpBench(args []string) {
	fs := flag.NewFlagSet("http", flag.ExitOnError)
	base := fs.String("url", "http://127.0.0.1:18095", "the server")
	phase := fs.String("phase", "before", "before (the demo restaurants only) or after (seed-scale ran)")
	first := fs.Int64("first", 3, "first restaurant added by seed-scale")
	last := fs.Int64("last", 10002, "last restaurant added by seed-scale")
	workers := fs.Int("c", 4, "concurrent clients")
	dur := fs.Duration("d", 8*time.Second, "time per kind")
	_ = fs.Parse(args)

	admin := signIn(*base, "/api/login", "admin@demo.test", "demo-admin-1")
	// The menu API as a diner's phone reads it: the categories, then the
	// products of one POS category (C0…C9 for generated restaurants, the
	// demo restaurant's own ids for restaurant 1).
	demoCats := posCategories(*base, 1)
	one := func(r *rand.Rand) string {
		if r.IntN(2) == 0 {
			return "/api/categories?cliente_id=1&idioma=es"
		}
		return fmt.Sprintf("/api/productos?cliente_id=1&category_id=%s&idioma=es", demoCats[r.IntN(len(demoCats))])
	}
	kinds := []kind{{"menu API, restaurant 1", "", one}}
	if *phase == "after" {
		spread := func(r *rand.Rand) string {
			c := *first + r.Int64N(*last-*first+1)
			if r.IntN(2) == 0 {
				return fmt.Sprintf("/api/categories?cliente_id=%d&idioma=es", c)
			}
			return fmt.Sprintf("/api/productos?cliente_id=%d&category_id=C%d&idioma=es", c, r.IntN(10))
		}
		kinds = append(kinds, kind{fmt.Sprintf("menu API, spread over %d restaurants", *last-*first+1), "", spread})
		kinds = append(kinds,
			kind{"super admin: first page", admin, fixed("/api/clients?limit=50")},
			kind{"super admin: page 150", admin, fixed("/api/clients?limit=50&offset=7450")},
			kind{"super admin: search by name", admin, fixed("/api/clients?limit=50&q=marisqueria")},
			kind{"super admin: search, one match", admin, func(r *rand.Rand) string {
				return fmt.Sprintf("/api/clients?limit=50&q=SC%08d", *first+r.Int64N(*last-*first+1))
			}},
			kind{"owner's order board (a year of orders)", admin, func(r *rand.Rand) string {
				return fmt.Sprintf("/api/clientes/%d/pedidos", *first+r.Int64N(*last-*first+1))
			}},
		)
		tok, uid := signInDiner(*base)
		kinds = append(kinds,
			kind{"diner: Mis Compras (vouchers)", tok, fixed(fmt.Sprintf("/api/usuarios/%d/compras", uid))},
			kind{"diner: Mis Compras (orders)", tok, fixed(fmt.Sprintf("/api/usuarios/%d/pedidos", uid))},
			kind{"diner: points", tok, fixed(fmt.Sprintf("/api/usuarios/%d/puntos", uid))},
		)
	}
	for _, k := range kinds {
		r := run(*base, k, *workers, *dur)
		fmt.Printf("%-44s p50 %7.2f ms   p99 %7.2f ms   %7.0f req/s   errors %d\n", k.name, ms(r.p50), ms(r.p99), r.rps, r.errors)
	}
}

type kind struct {
	name, token string
	path        func(*rand.Rand) string
}

func fixed(p string) func(*rand.Rand) string { return func(*rand.Rand) string { return p } }

type result struct {
	p50, p99 time.Duration
	rps      float64
	errors   int
}

// run keeps workers requests in flight for d and returns the latencies.
func run(base string, k kind, workers int, d time.Duration) result {
	var mu sync.Mutex
	var all []time.Duration
	errs := 0
	var wg sync.WaitGroup
	start := time.Now()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 42))
			var mine []time.Duration
			bad := 0
			for time.Since(start) < d {
				t0 := time.Now()
				st, _ := call(base, "GET", k.path(r), k.token, nil)
				mine = append(mine, time.Since(t0))
				if st != 200 {
					bad++
				}
			}
			mu.Lock()
			all, errs = append(all, mine...), errs+bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	el := time.Since(start)
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	return result{all[len(all)/2], all[len(all)*99/100], float64(len(all)) / el.Seconds(), errs}
}

func posCategories(base string, cliente int) []string {
	st, b := call(base, "GET", fmt.Sprintf("/api/orders/clover_products_online?cliente_id=%d", cliente), "", nil)
	var out struct {
		Categorias []struct {
			ID string `json:"id"`
		} `json:"categorias"`
	}
	if st != 200 || json.Unmarshal(b, &out) != nil || len(out.Categorias) == 0 {
		fail("POS categories of restaurant %d: %d %.200s", cliente, st, b)
	}
	var ids []string
	for _, c := range out.Categorias {
		ids = append(ids, c.ID)
	}
	return ids
}

func signIn(base, path, email, password string) string {
	st, b := call(base, "POST", path, "", map[string]string{"email": email, "password": password})
	var out struct{ Token string }
	if st != 200 || json.Unmarshal(b, &out) != nil {
		fail("sign in %s: %d %s", email, st, b)
	}
	return out.Token
}

func signInDiner(base string) (string, int64) {
	st, b := call(base, "POST", "/api/auth/login-usuario", "", map[string]string{"email": demo.ScaleDinerEmail, "password": demo.ScaleDinerPassword})
	var out struct {
		Token     string `json:"token"`
		UsuarioID int64  `json:"usuario_id"`
	}
	if st != 200 || json.Unmarshal(b, &out) != nil {
		fail("diner sign-in: %d %s", st, b)
	}
	return out.Token, out.UsuarioID
}

func call(base, method, path, token string, body any) (int, []byte) {
	return send(base, method, path, token, "", body)
}

// send is call from a client address (X-Forwarded-For; the server trusts
// 127.0.0.1 as a proxy in bench/scale.sh).
func send(base, method, path, token, addr string, body any) (int, []byte) {
	var r io.Reader = http.NoBody
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, base+path, r)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if addr != "" {
		req.Header.Set("X-Forwarded-For", addr)
	}
	res, err := client.Do(req)
	if err != nil {
		fail("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// raceBench registers buyers diners, then has them all buy the first
// offer of a restaurant at once: each takes a hold (POST
// /api/checkout-clover) and pays it on the demo checkout. Exactly the
// offer's stock must be sold, the others refused as sold out.
func raceBench(args []string) {
	fs := flag.NewFlagSet("race", flag.ExitOnError)
	base := fs.String("url", "http://127.0.0.1:18095", "the server")
	cliente := fs.Int64("cliente", 3, "the restaurant whose first offer is bought")
	buyers := fs.Int("buyers", 150, "diners buying at once")
	_ = fs.Parse(args)
	offer := func() (id int64, stock int) {
		st, b := call(*base, "GET", fmt.Sprintf("/api/cupones?cliente_id=%d", *cliente), "", nil)
		var out []struct {
			ID                 int64 `json:"id"`
			CantidadDisponible int   `json:"cantidad_disponible"`
		}
		if st != 200 || json.Unmarshal(b, &out) != nil || len(out) == 0 {
			fail("offers of restaurant %d: %d %.200s", *cliente, st, b)
		}
		sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
		return out[0].ID, out[0].CantidadDisponible
	}
	cupon, stock := offer()
	// Each diner from its own address, as phones are.
	addr := func(i int) string { return fmt.Sprintf("10.%d.%d.%d", 200+i/65536%50, i/256%256, i%256) }
	tokens := make([]string, *buyers)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	run := time.Now().UnixNano()
	for i := range *buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			st, b := send(*base, "POST", "/api/usuarios/registro", "", addr(i), map[string]any{"nombre": "Comprador Escala",
				"email": fmt.Sprintf("comprador%d-%d@escala.example", run, i), "password": "carrera-escala-1", "cliente_id": *cliente})
			var out struct {
				Token string `json:"token"`
			}
			if st != 201 || json.Unmarshal(b, &out) != nil {
				fail("register buyer %d: %d %s", i, st, b)
			}
			tokens[i] = out.Token
		}()
	}
	wg.Wait()
	var sold, refused, other atomic.Int64
	start := time.Now()
	for i := range *buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, b := send(*base, "POST", "/api/checkout-clover", tokens[i], addr(i), map[string]any{"cupon_id": cupon})
			var out struct {
				CheckoutURL string `json:"checkout_url"`
			}
			switch {
			case st == 409 || st == 410 || st == 400 && bytes.Contains(b, []byte("agot")):
				refused.Add(1)
				return
			case st != 200 || json.Unmarshal(b, &out) != nil:
				other.Add(1)
				fmt.Fprintf(os.Stderr, "checkout: %d %.200s\n", st, b)
				return
			}
			session := out.CheckoutURL[strings.LastIndex(out.CheckoutURL, "/")+1:]
			if st, b := send(*base, "POST", "/api/demo/checkout/"+session+"/pay", "", addr(i), nil); st != 200 {
				other.Add(1)
				fmt.Fprintf(os.Stderr, "pay: %d %.200s\n", st, b)
				return
			}
			sold.Add(1)
		}()
	}
	wg.Wait()
	el := time.Since(start)
	_, left := offer()
	fmt.Printf("coupon race: %d diners for %d vouchers: %d sold and paid, %d refused as sold out, %d other answers, %d left; %.2f s (%.0f purchases/s)\n",
		*buyers, stock, sold.Load(), refused.Load(), other.Load(), left, el.Seconds(), float64(*buyers)/el.Seconds())
	if want := min(int64(stock), int64(*buyers)); sold.Load() != want || left != stock-int(want) || other.Load() != 0 {
		fail("coupon race: OVERSOLD or lost: sold %d, want %d", sold.Load(), want)
	}
}

// syncBench syncs a merchant of 5,000 items in 50 categories, served by
// the fake Clover server, into restaurant C of the database at DSN: the
// first import, then an unchanged re-sync.
func syncBench(args []string) {
	fs := flag.NewFlagSet("sync", flag.ExitOnError)
	dsn := fs.String("db", "", "the database seed-scale filled (a SQLite file or a postgres:// URL)")
	cliente := fs.Int64("cliente", 0, "the restaurant to sync into")
	items := fs.Int("items", 5000, "items in the merchant")
	_ = fs.Parse(args)
	ctx := context.Background()
	db, err := store.Open(ctx, *dsn)
	if err != nil {
		fail("open %s: %v", *dsn, err)
	}
	defer db.Close()
	m := clovertest.GenerateMerchant("SCALESYNC", "tok", 50, *items)
	var t shim
	srv := clovertest.NewServer(&t, m)
	defer t.cleanup()
	s := &menu.Service{DB: db, Media: &media.Pipeline{}, Catalog: func(clientes.POSConnection) (pos.Catalog, error) {
		return clover.New(srv.URL, m.ID, m.Token), nil
	}}
	id := tenant.Job(*cliente)
	for _, name := range []string{"first import", "unchanged re-sync"} {
		start := time.Now()
		res, err := s.Sync(ctx, id)
		if err != nil {
			fail("sync: %v", err)
		}
		fmt.Printf("POS sync of %d items into restaurant %d, %s: %.2f s (%d created, %d updated, %d removed)\n",
			*items, *cliente, name, time.Since(start).Seconds(), res.Creados, res.Actualizados, res.Eliminados)
	}
}

// shim is the little of testing.TB the fake Clover server uses.
type shim struct {
	testing.TB
	cleanups []func()
}

func (s *shim) Helper()           {}
func (s *shim) Cleanup(fn func()) { s.cleanups = append(s.cleanups, fn) }
func (s *shim) cleanup() {
	for _, fn := range s.cleanups {
		fn()
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

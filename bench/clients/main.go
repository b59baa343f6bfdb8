// Command clients measures the super admin's restaurant list at scale:
// it creates restaurants through the API until there are -n, then times
// GET /api/clients pages and searches (sequential requests, so each time
// is one request's latency) and prints p50 / p99 per kind.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:18093", "the server")
	n := flag.Int("n", 10000, "restaurants to have")
	reps := flag.Int("reps", 300, "requests per kind")
	flag.Parse()

	token := login(*base)
	total := count(*base, token, "")
	start := time.Now()
	var next atomic.Int64
	next.Store(int64(total))
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1)
				if i > int64(*n) {
					return
				}
				body := map[string]any{"nombre": fmt.Sprintf("Restaurante %05d %s", i, words[i%int64(len(words))]),
					"email": fmt.Sprintf("dueno%d@example.com", i), "merchant_id": fmt.Sprintf("MB%08d", i)}
				if st, _ := call(*base, "POST", "/api/clients", token, body); st != 201 {
					fmt.Fprintf(os.Stderr, "create %d: status %d\n", i, st)
					os.Exit(1)
				}
			}
		}()
	}
	wg.Wait()
	fmt.Printf("restaurants: %d (created %d in %s)\n", count(*base, token, ""), max(0, *n-total), time.Since(start).Round(time.Millisecond))

	kinds := []struct{ name, query string }{
		{"first page (50)", ""},
		{"page 150 (offset 7450)", "offset=7450"},
		{"search by name, 1 in 7 match", "q=taqueria"},
		{"search by e-mail, one match", "q=dueno4321@"},
		{"search by merchant id, one match", "q=MB00009876"},
		{"search, no match", "q=zzzz"},
		{"state filter (pendiente)", "estado=pendiente"},
	}
	for _, k := range kinds {
		var ds []time.Duration
		for range *reps {
			t0 := time.Now()
			if st, _ := call(*base, "GET", "/api/clients?"+k.query, token, nil); st != 200 {
				fmt.Fprintf(os.Stderr, "%s: status %d\n", k.name, st)
				os.Exit(1)
			}
			ds = append(ds, time.Since(t0))
		}
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		fmt.Printf("%-36s p50 %6.2f ms   p99 %6.2f ms   (%d matching)\n", k.name, ms(ds[len(ds)/2]), ms(ds[len(ds)*99/100]), count(*base, token, k.query))
	}
}

var words = []string{"Taquería", "Cantina", "Marisquería", "Parrilla", "Café", "Fonda", "Cocina"}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func login(base string) string {
	st, b := call(base, "POST", "/api/login", "", map[string]string{"email": "admin@demo.test", "password": "demo-admin-1"})
	var out struct{ Token string }
	if st != 200 || json.Unmarshal(b, &out) != nil {
		fmt.Fprintf(os.Stderr, "login: %d %s\n", st, b)
		os.Exit(1)
	}
	return out.Token
}

func count(base, token, query string) int {
	req, _ := http.NewRequest("GET", base+"/api/clients?limit=1&"+query, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	n, _ := strconv.Atoi(res.Header.Get("X-Total-Count"))
	return n
}

func call(base, method, path, token string, body any) (int, []byte) {
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
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

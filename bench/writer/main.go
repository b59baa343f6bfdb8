// Command writer is the write load of `WRITES=1 bash bench/menu.sh`: while
// wrk reads the diner menu, it signs an owner in and changes a product's
// description at fixed rates, and prints what it did.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	base := flag.String("base", "http://127.0.0.1:18091", "the server")
	signIns := flag.Int("signins", 50, "sign-ins per second")
	writes := flag.Int("writes", 20, "catalogue writes per second")
	dur := flag.Duration("d", 10*time.Second, "how long")
	cliente := flag.Int("cliente", 2, "the restaurant written to")
	email := flag.String("email", "owner2@demo.test", "its owner")
	password := flag.String("password", "demo-owner-2", "the owner's password")
	flag.Parse()

	var seq atomic.Int64
	post := func(method, path, token string, body any) (*http.Response, error) {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, *base+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		// Sign-ins come from many diners' and owners' phones: each from an
		// address of its own (the server trusts loopback as a proxy), so
		// the per-address sign-in budget is not what is measured.
		n := seq.Add(1)
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		return http.DefaultClient.Do(req)
	}
	login := func() (string, int) {
		resp, err := post("POST", "/api/login", "", map[string]string{"email": *email, "password": *password})
		if err != nil {
			return "", 0
		}
		defer resp.Body.Close()
		var out struct{ Token string }
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return out.Token, resp.StatusCode
	}
	token, code := login()
	if code != 200 {
		fmt.Fprintln(os.Stderr, "writer: sign-in failed:", code)
		os.Exit(1)
	}
	req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/productos?cliente_id=%d", *base, *cliente), nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "writer:", err)
		os.Exit(1)
	}
	var list struct{ Productos []struct{ ID int64 } }
	_ = json.NewDecoder(resp.Body).Decode(&list)
	resp.Body.Close()
	if len(list.Productos) == 0 {
		fmt.Fprintln(os.Stderr, "writer: no products")
		os.Exit(1)
	}

	var ok, failed atomic.Int64
	var wg sync.WaitGroup
	every := func(rate int, fn func(i int) int) {
		if rate <= 0 {
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(time.Second / time.Duration(rate))
			defer t.Stop()
			end := time.After(*dur)
			for i := 0; ; i++ {
				select {
				case <-end:
					return
				case <-t.C:
					wg.Add(1)
					go func(i int) {
						defer wg.Done()
						if c := fn(i); c >= 200 && c < 300 {
							ok.Add(1)
						} else {
							failed.Add(1)
						}
					}(i)
				}
			}
		}()
	}
	every(*signIns, func(int) int { _, c := login(); return c })
	every(*writes, func(i int) int {
		p := list.Productos[i%len(list.Productos)]
		resp, err := post("PUT", fmt.Sprintf("/api/productos/%d/descripcion", p.ID), token,
			map[string]any{"cliente_id": *cliente, "description": fmt.Sprintf("Descripción %d", i)})
		if err != nil {
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	})
	wg.Wait()
	fmt.Printf("writer: %d sign-ins/s and %d catalogue writes/s on restaurant %d for %s: %d ok, %d failed\n",
		*signIns, *writes, *cliente, *dur, ok.Load(), failed.Load())
}

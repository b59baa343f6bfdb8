package api_test

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// writeRoute is one write route of the table as the fuzzer calls it: its
// path with ids of restaurant 1 filled in, and the token that passes its
// guard, so the fuzzed body reaches the handler's decoding.
type writeRoute struct {
	method, path, token string
}

// fuzzContentTypes are the Content-Types a fuzzed body is sent with.
var fuzzContentTypes = []string{"application/json", "multipart/form-data; boundary=fuzz", "", "text/plain", "multipart/form-data", "application/x-www-form-urlencoded"}

// FuzzWriteRoutes posts fuzzed bodies, with fuzzed Content-Types, to every
// write route of the table (POST, PUT, DELETE), each with a caller its
// guard lets through, on one in-process server. Invariants: never a 5xx,
// never a panic (the middleware would answer 500); every answer matches
// openapi.json. Accepted requests are not held to the contract's request
// schemas: handlers ignore unknown fields and decode JSON whatever the
// Content-Type says, by design (respond.Decode), and the contract lists
// only what clients should send.
func FuzzWriteRoutes(f *testing.F) {
	e := newEnv(f, storetest.Open(f, store.SQLite))
	reg := e.register("Fuzz", "fuzz@example.com", "secreto-fuzz-1")
	if reg.status != 201 {
		f.Fatalf("register: %d %s", reg.status, reg.body)
	}
	dinerTok := reg.json["token"].(string)
	dinerID := reg.json["usuario_id"].(float64)
	routes := writeRoutes(f, e, dinerTok, dinerID)

	seeds := []string{`{}`, `[]`, `null`, `{"email":"owner@demo.test","password":"x"}`, `{"cliente_id":1,"nombre":"Vino","precio":"12.50"}`,
		`{"lines":[{"product_id":1,"quantity":1}],"cliente_id":1}`, `{"estado":"listo"}`, `{"nombre":"` + strings.Repeat("ñ", 300) + `"}`,
		"--fuzz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n\x89PNG\r\n\x1a\n\r\n--fuzz--\r\n",
		`{"a":"\u0000"}`, `{"cliente_id":"1","id":1e400}`, `{"modifier_ids":[[]],"quantity":-1}`}
	// One seed per route (cycling through the bodies and types), so the
	// baseline a short run gathers first stays small.
	for i := range routes {
		f.Add(uint8(i), uint8(i%len(fuzzContentTypes)), seeds[i%len(seeds)])
	}
	f.Fuzz(func(t *testing.T, route, ctype uint8, body string) {
		r := routes[int(route)%len(routes)]
		ct := fuzzContentTypes[int(ctype)%len(fuzzContentTypes)]
		status, answer := e.send(t, r, ct, body)
		if status >= 500 {
			t.Fatalf("%s %s with %q (%s): %d %s", r.method, r.path, body, ct, status, answer)
		}
	})
}

// writeRoutes lists the write routes of the server's table with their
// paths filled in and a token for their access. Signing out and deleting
// the diner are sent without a token: they read no body, and would end the
// sessions the other routes use.
func writeRoutes(tb testing.TB, e *env, dinerTok string, dinerID float64) []writeRoute {
	tb.Helper()
	fill := strings.NewReplacer("{cliente_id}", "1", "{usuario_id}", strconv.Itoa(int(dinerID)),
		"{id}", "1", "{compra_id}", "1", "{session_id}", "ses-fuzz", "{cloverCategoryId}", "CAT1")
	var out []writeRoute
	for _, p := range e.api.Routes().Patterns() {
		method, path, ok := strings.Cut(p, " ")
		if !ok || (method != "POST" && method != "PUT" && method != "DELETE" && method != "PATCH") {
			continue
		}
		tok := e.owner1
		switch {
		case path == "/api/auth/logout" || (method == "DELETE" && path == "/api/usuarios/{usuario_id}"):
			tok = ""
		case strings.HasPrefix(path, "/api/admin/") || path == "/api/clients" || strings.HasPrefix(path, "/api/clients/") ||
			path == "/api/send-email" || path == "/api/callback":
			tok = e.admin
		case strings.HasPrefix(path, "/api/usuarios/") || path == "/api/checkout-clover":
			tok = dinerTok
		}
		out = append(out, writeRoute{method, fill.Replace(path), tok})
	}
	if len(out) < 40 {
		tb.Fatalf("only %d write routes found", len(out))
	}
	return out
}

// send posts body to r as ct and returns the status and the answer, which
// is checked against the contract.
func (e *env) send(t *testing.T, r writeRoute, ct, body string) (int, string) {
	req, err := http.NewRequest(r.method, e.srv.URL+r.path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	if r.token != "" {
		req.Header.Set("Authorization", "Bearer "+r.token)
	}
	resp, err := noRedirects.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	checkExchange(t, req, []byte(body), resp, answer, false)
	return resp.StatusCode, string(answer)
}

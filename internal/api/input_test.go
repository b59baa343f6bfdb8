package api_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"carta/internal/api"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

const errControl = "El texto contiene caracteres no permitidos."

// Control characters (NUL included) are refused with a 400 where input is
// decoded (JSON bodies, multipart forms, the URL), before any database
// sees them: PostgreSQL would answer 500 and SQLite would store them.
func TestControlCharactersRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		cat := e.firstCategory(1)
		jamon := e.productID(e.owner1, 1, "Jamón Ibérico")
		e.run(t, []scenario{
			{name: "public product list query", method: "GET", path: "/api/productos?cliente_id=1&category_id=%00", status: 400, errText: errControl},
			{name: "query with DEL", method: "GET", path: "/api/categories?cliente_id=1&idioma=e%7Fs", status: 400, errText: errControl},
			{name: "path", method: "GET", path: "/api/clientes/1%00", token: "admin", status: 400, errText: errControl},
			{name: "registration", method: "POST", path: "/api/usuarios/registro", body: map[string]any{"nombre": "A\x00b", "email": "nul@example.com", "password": "12345678"}, status: 400, errText: errControl},
			{name: "diner sign-in", method: "POST", path: "/api/auth/login-usuario", body: map[string]any{"email": "a\x00@example.com", "password": "12345678"}, status: 400, errText: errControl},
			{name: "staff sign-in", method: "POST", path: "/api/login", body: map[string]any{"email": "owner@demo.test", "password": "x\x00"}, status: 400, errText: errControl},
			{name: "category", method: "POST", path: "/api/categories", token: "owner1", body: map[string]any{"name": "Vi\x00nos", "cliente_id": 1}, status: 400, errText: errControl},
			{name: "category rename", method: "PUT", path: fmt.Sprintf("/api/categories/%d", cat), token: "owner1", body: map[string]any{"name_en": "x\x1b[31m"}, status: 400, errText: errControl},
			{name: "description", method: "PUT", path: fmt.Sprintf("/api/productos/%d/descripcion", jamon), token: "owner1", body: map[string]any{"cliente_id": 1, "description": "Rico\x00"}, status: 400, errText: errControl},
			{name: "voucher code", method: "POST", path: "/api/clientes/1/vouchers/canjear", token: "owner1", body: map[string]any{"codigo": "CARTA-\x00"}, status: 400, errText: errControl},
			{name: "id sent as a string", method: "POST", path: "/api/clover/sync-all", token: "owner1", body: map[string]any{"cliente_id": "1\x00"}, status: 400, errText: errControl},
			{name: "popup name (multipart)", method: "POST", path: "/api/popups", token: "owner1",
				body: form(map[string]any{"cliente_id": 1, "name": "Promo\x00", "file": pngImage(20, 20, color.White)}, "p.png"), status: 400, errText: errControl},
			// Line breaks and tabs are text, not control.
			{name: "description with line breaks", method: "PUT", path: fmt.Sprintf("/api/productos/%d/descripcion", jamon), token: "owner1",
				body: map[string]any{"cliente_id": 1, "description": "Curado 36 meses.\n\tServido con pan."}, status: 200},
		})
		var n int
		if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM usuarios WHERE email = 'nul@example.com'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("a refused registration was stored: %d %v", n, err)
		}
	})
}

// Every text field has one maximum, enforced on create and update alike.
func TestTextLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		cat := e.firstCategory(1)
		jamon := e.productID(e.owner1, 1, "Jamón Ibérico")
		long := func(n int) string { return strings.Repeat("ñ", n) }
		e.run(t, []scenario{
			{name: "category create 81", method: "POST", path: "/api/categories", token: "owner1", body: map[string]any{"name": long(81), "cliente_id": 1}, status: 400,
				errText: "El nombre de la categoría es demasiado largo (máximo 80 caracteres)."},
			{name: "category create 80 (characters, not bytes)", method: "POST", path: "/api/categories", token: "owner1", body: map[string]any{"name": long(80), "cliente_id": 1}, status: 201},
			{name: "category update 5000", method: "PUT", path: fmt.Sprintf("/api/categories/%d", cat), token: "owner1", body: map[string]any{"name": long(5000)}, status: 400},
			{name: "category update english 81", method: "PUT", path: fmt.Sprintf("/api/categories/%d", cat), token: "owner1", body: map[string]any{"name_en": long(81)}, status: 400},
			{name: "translation name", method: "PUT", path: fmt.Sprintf("/api/productos/%d/traduccion", jamon), token: "owner1",
				body: map[string]any{"cliente_id": 1, "idioma": "en", "name": long(121), "description": "x"}, status: 400},
			{name: "description 1001", method: "PUT", path: fmt.Sprintf("/api/productos/%d/descripcion", jamon), token: "owner1",
				body: map[string]any{"cliente_id": 1, "description": long(1001)}, status: 400, errText: "La descripción es demasiado larga (máximo 1000 caracteres)."},
			{name: "settings name", method: "POST", path: "/api/configuraciones", token: "owner1", body: map[string]any{"cliente_id": 1, "cardColor": "#ffffff", "textColor": "#000000",
				"cardBorderRadius": "8px", "fontSize": "16px", "fontFamily": "Arial", "nombre_restaurante": long(121)}, status: 400},
			{name: "registration name", method: "POST", path: "/api/usuarios/registro", body: map[string]any{"nombre": long(101), "email": "l@example.com", "password": "12345678"}, status: 400},
			{name: "sign-in e-mail", method: "POST", path: "/api/login", body: map[string]any{"email": long(255), "password": "12345678"}, status: 400},
			{name: "in English", method: "PUT", path: fmt.Sprintf("/api/categories/%d", cat), token: "owner1", body: map[string]any{"name": long(81)}, status: 400},
		})
		r := e.do("PUT", fmt.Sprintf("/api/categories/%d", cat), e.owner1, map[string]any{"name": long(81)}, "Accept-Language", "en")
		if r.json["error"] != "The category name is too long (80 characters at most)." {
			t.Fatalf("English message: %q", r.json["error"])
		}
	})
}

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Every log line goes through the server's logger, so a JSON log format
// is JSON throughout ("request failed" included), and request paths with
// bearer secrets (demo checkout sessions) are redacted at debug level.
func TestLogsFollowTheConfiguredFormat(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var logs syncBuffer
		e := newEnvWith(t, db, func(s *api.Server) {
			s.Log = slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		})
		if _, err := db.Exec(context.Background(), `DROP TABLE popups`); err != nil {
			t.Fatal(err)
		}
		if r := e.do("GET", "/api/popups?cliente_id=1", "", nil); r.status != 500 || strings.Contains(r.body, "popups") {
			t.Fatalf("internal error: %d %s", r.status, r.body)
		}
		e.do("GET", "/api/demo/checkout/demo_cs_s3cr3t", "", nil)
		e.do("GET", "/demo/checkout/demo_cs_s3cr3t", "", nil)
		out := logs.String()
		sc := bufio.NewScanner(strings.NewReader(out))
		failed, redacted := false, 0
		for sc.Scan() {
			var line map[string]any
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				t.Fatalf("a log line is not JSON: %q", sc.Text())
			}
			if line["msg"] == "request failed" && line["route"] == "GET /api/popups" {
				failed = true
			}
			if p, _ := line["path"].(string); strings.HasSuffix(p, "/checkout/[redacted]") {
				redacted++
			}
		}
		if !failed || redacted != 2 || strings.Contains(out, "s3cr3t") {
			t.Fatalf("failed logged %v, redacted paths %d, secret in logs %v:\n%s", failed, redacted, strings.Contains(out, "s3cr3t"), out)
		}
	})
}

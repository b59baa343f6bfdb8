package api_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

type comensalesBody struct {
	Usuarios []struct {
		ID       int64  `json:"id"`
		Nombre   string `json:"nombre"`
		Email    string `json:"email"`
		Telefono string `json:"telefono"`
	} `json:"usuarios"`
	Total     int    `json:"total"`
	Siguiente string `json:"siguiente"`
	Moneda    string `json:"moneda"`
}

func (e *env) comensales(t *testing.T, token, query string) comensalesBody {
	t.Helper()
	res := e.do("GET", "/api/clientes/1/usuarios"+query, token, nil)
	if res.status != 200 {
		t.Fatalf("list %s: %d %s", query, res.status, res.body)
	}
	var b comensalesBody
	if err := json.Unmarshal([]byte(res.body), &b); err != nil {
		t.Fatal(err)
	}
	return b
}

func (b comensalesBody) names() []string {
	out := []string{}
	for _, u := range b.Usuarios {
		out = append(out, u.Nombre)
	}
	return out
}

// The owner's 'Clientes': the restaurant's own diners only, contact
// details only with consent, in the JSON and in the CSV alike.
func TestComensales(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		reg := func(nombre, email string, extra ...any) string {
			r := e.register(nombre, email, "secreto-123", extra...)
			if r.status != 201 {
				t.Fatalf("register %s: %d %s", email, r.status, r.body)
			}
			return r.json["token"].(string)
		}
		// Ana and the formula's author ticked both consents; Beto none.
		diner := reg("Ana Ruiz", "ana@example.com", "cliente_id", 1, "suscrito_mailing", true, "whatsapp_notificaciones", true)
		reg("Beto Sin Correo", "beto@example.com", "cliente_id", 1, "suscrito_mailing", false, "whatsapp_notificaciones", false)
		reg(`=HYPERLINK("http://x.example","Premio, gratis")`, "formula@example.com", "cliente_id", 1, "suscrito_mailing", true, "whatsapp_notificaciones", true)
		reg("Dora de la Taquería", "dora@example.com", "cliente_id", 2)

		e.run(t, []scenario{
			{name: "no token", method: "GET", path: "/api/clientes/1/usuarios", status: 401},
			{name: "diner", method: "GET", path: "/api/clientes/1/usuarios", token: diner, status: 403},
			{name: "other restaurant's owner", method: "GET", path: "/api/clientes/1/usuarios", token: "owner2", status: 403},
			{name: "other restaurant's owner, CSV", method: "GET", path: "/api/clientes/1/usuarios.csv", token: "owner2", status: 403},
			{name: "diner, CSV", method: "GET", path: "/api/clientes/1/usuarios.csv", token: diner, status: 403},
			{name: "bad restaurant id", method: "GET", path: "/api/clientes/x/usuarios", token: "admin", status: 400},
			{name: "limit 0", method: "GET", path: "/api/clientes/1/usuarios?limit=0", token: "owner1", status: 400,
				errText: "Parámetros de paginación no válidos."},
			{name: "limit over 200", method: "GET", path: "/api/clientes/1/usuarios?limit=201", token: "owner1", status: 400},
			{name: "limit not a number", method: "GET", path: "/api/clientes/1/usuarios?limit=diez", token: "owner1", status: 400},
			{name: "bad cursor", method: "GET", path: "/api/clientes/1/usuarios?cursor=hola", token: "owner1", status: 400,
				errText: "Parámetros de paginación no válidos."},
			{name: "search too long", method: "GET", path: "/api/clientes/1/usuarios?q=" + strings.Repeat("a", 101), token: "owner1", status: 400,
				errText: "La búsqueda es demasiado larga (máximo 100 caracteres)."},
			{name: "search too long, CSV", method: "GET", path: "/api/clientes/1/usuarios.csv?q=" + strings.Repeat("a", 101), token: "owner1", status: 400},
		})
		if r := e.do("GET", "/api/clientes/1/usuarios?limit=0", e.owner1, nil, "Accept-Language", "en"); r.json["error"] != "Invalid paging parameters." {
			t.Errorf("English error: %s", r.body)
		}

		all := e.comensales(t, e.owner1, "")
		if all.Total != 3 || all.Moneda != "USD" || all.Siguiente != "" || strings.Contains(strings.Join(all.names(), "|"), "Dora") {
			t.Fatalf("owner 1's list: %+v", all)
		}
		for _, u := range all.Usuarios {
			if strings.HasPrefix(u.Nombre, "Beto") && (u.Email != "" || u.Telefono != "") {
				t.Errorf("contact details without consent: %+v", u)
			}
			if strings.HasPrefix(u.Nombre, "Ana") && (u.Email != "ana@example.com" || u.Telefono != "+52 55 1234 5678") {
				t.Errorf("Ana's contact: %+v", u)
			}
		}
		if raw := e.do("GET", "/api/clientes/1/usuarios", e.owner1, nil).body; strings.Contains(raw, "beto@example.com") || strings.Contains(raw, "dora@") {
			t.Errorf("e-mail of an unsubscribed or another restaurant's diner in the answer: %s", raw)
		}
		if admin := e.comensales(t, e.admin, ""); admin.Total != 3 {
			t.Errorf("super admin: %+v", admin)
		}

		// Search, and pages that continue with the cursor.
		if s := e.comensales(t, e.owner1, "?q=ANA"); s.Total != 1 || s.names()[0] != "Ana Ruiz" {
			t.Errorf("search: %+v", s)
		}
		if s := e.comensales(t, e.owner1, "?q=dora"); s.Total != 0 || len(s.Usuarios) != 0 {
			t.Errorf("another restaurant's diner found: %+v", s)
		}
		seen := []string{}
		for cursor, pages := "", 0; ; pages++ {
			p := e.comensales(t, e.owner1, "?limit=2&cursor="+cursor)
			if p.Total != 3 || pages > 2 {
				t.Fatalf("page %d: %+v", pages, p)
			}
			seen = append(seen, p.names()...)
			if p.Siguiente == "" {
				break
			}
			cursor = p.Siguiente
		}
		if fmt.Sprint(seen) != fmt.Sprint(all.names()) {
			t.Errorf("pages %v, want %v", seen, all.names())
		}

		// The export: contactable diners only, formulas neutralised, quoted.
		res := e.do("GET", "/api/clientes/1/usuarios.csv", e.owner1, nil)
		if res.status != 200 || !strings.HasPrefix(res.header.Get("Content-Type"), "text/csv") ||
			!strings.Contains(res.header.Get("Content-Disposition"), `filename="clientes-1.csv"`) {
			t.Fatalf("csv: %d %v", res.status, res.header)
		}
		records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(res.body, "\ufeff"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(records) != 3 || strings.Join(records[0], ",") != "nombre,email,teléfono,última visita,cupones,puntos" {
			t.Fatalf("csv rows: %q", records)
		}
		// Nobody matches: the file has its header row and nothing else.
		if none := e.do("GET", "/api/clientes/1/usuarios.csv?q=nadie", e.owner1, nil); none.status != 200 ||
			strings.TrimPrefix(none.body, "\ufeff") != "nombre,email,teléfono,última visita,cupones,puntos\n" {
			t.Fatalf("empty export: %d %q", none.status, none.body)
		}
		byName := map[string][]string{}
		for _, r := range records[1:] {
			byName[r[0]] = r
		}
		if a := byName["Ana Ruiz"]; a == nil || a[1] != "ana@example.com" || a[2] != "'+52 55 1234 5678" || a[4] != "0" || a[5] != "0" {
			t.Errorf("Ana's row: %q", a)
		}
		if _, ok := byName[`'=HYPERLINK("http://x.example","Premio, gratis")`]; !ok {
			t.Errorf("formula not neutralised: %q", records)
		}
		if strings.Contains(res.body, "beto@example.com") || strings.Contains(res.body, "Beto") || strings.Contains(res.body, "dora") {
			t.Errorf("CSV holds a diner it must not: %s", res.body)
		}
		if en := e.do("GET", "/api/clientes/1/usuarios.csv", e.admin, nil, "Accept-Language", "en"); !strings.Contains(en.body, "name,e-mail,phone,last visit,coupons,points") {
			t.Errorf("English CSV: %d %s", en.status, en.body)
		}
	})
}

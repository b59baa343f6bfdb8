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
		Invitado bool   `json:"invitado"`
		Nombre   string `json:"nombre"`
		Email    string `json:"email"`
		Telefono string `json:"telefono"`
		Pedidos  int64  `json:"pedidos"`
		Gastado  int64  `json:"gastado"`
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
		if len(records) != 3 || strings.Join(records[0], ",") != "nombre,email,teléfono,última visita,cupones,puntos,pedidos,tipo" {
			t.Fatalf("csv rows: %q", records)
		}
		// Nobody matches: the file has its header row and nothing else.
		if none := e.do("GET", "/api/clientes/1/usuarios.csv?q=nadie", e.owner1, nil); none.status != 200 ||
			strings.TrimPrefix(none.body, "\ufeff") != "nombre,email,teléfono,última visita,cupones,puntos,pedidos,tipo\n" {
			t.Fatalf("empty export: %d %q", none.status, none.body)
		}
		byName := map[string][]string{}
		for _, r := range records[1:] {
			byName[r[0]] = r
		}
		if a := byName["Ana Ruiz"]; a == nil || a[1] != "ana@example.com" || a[2] != "'+52 55 1234 5678" || a[4] != "0" || a[5] != "0" || a[6] != "0" || a[7] != "cuenta" {
			t.Errorf("Ana's row: %q", a)
		}
		if _, ok := byName[`'=HYPERLINK("http://x.example","Premio, gratis")`]; !ok {
			t.Errorf("formula not neutralised: %q", records)
		}
		if strings.Contains(res.body, "beto@example.com") || strings.Contains(res.body, "Beto") || strings.Contains(res.body, "dora") {
			t.Errorf("CSV holds a diner it must not: %s", res.body)
		}
		if en := e.do("GET", "/api/clientes/1/usuarios.csv", e.admin, nil, "Accept-Language", "en"); !strings.Contains(en.body, "name,e-mail,phone,last visit,coupons,points,orders,type") {
			t.Errorf("English CSV: %d %s", en.status, en.body)
		}
	})
}

// Guests who paid an order are in 'Clientes' (JSON and CSV), marked as
// guests, the e-mail only when they ticked "quiero recibir novedades" at
// the checkout; registering with a guest's e-mail makes the restaurant see
// the account, with the guest's order in its figures and the account's own
// consent.
func TestComensalesGuests(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		guestOrder := func(nombre, email string, novedades any) {
			t.Helper()
			order := e.steakOrder()
			customer := map[string]any{"nombre": nombre, "email": email, "telefono": "555 1234"}
			if novedades != nil {
				customer["novedades"] = novedades
			}
			order["customer"] = customer
			_, _, sess := e.placeOrder("", order)
			if r := e.do("POST", "/api/demo/checkout/"+sess+"/pay", "", nil); r.status != 200 {
				t.Fatalf("pay: %d %s", r.status, r.body)
			}
		}
		guestOrder("Gala Invitada", "gala@example.com", true)
		guestOrder("Hugo Invitado", "hugo@example.com", nil) // the box left as it was: unticked
		guestOrder("Iris Invitada", "iris@example.com", false)
		// An unpaid order makes no customer.
		order := e.steakOrder()
		order["customer"] = map[string]any{"nombre": "Juan Sin Pagar", "email": "juan@example.com", "novedades": true}
		e.placeOrder("", order)
		if r := e.do("POST", "/api/orders", "", map[string]any{"cliente_id": 1, "customer": map[string]any{"nombre": "X", "email": "x@example.com", "novedades": "sí"}}); r.status != 400 {
			t.Errorf("novedades not a boolean: %d %s", r.status, r.body)
		}

		list := e.comensales(t, e.owner1, "")
		if list.Total != 3 || strings.Contains(strings.Join(list.names(), "|"), "Juan") {
			t.Fatalf("guests listed: %+v", list)
		}
		for _, u := range list.Usuarios {
			if !u.Invitado || u.Pedidos != 1 || u.Gastado != 9743 || u.Telefono != "" {
				t.Errorf("guest %+v", u)
			}
			if (u.Email != "") != (u.Nombre == "Gala Invitada") {
				t.Errorf("guest's e-mail shown without (or hidden despite) the tick: %+v", u)
			}
		}
		if raw := e.do("GET", "/api/clientes/1/usuarios", e.owner1, nil).body; strings.Contains(raw, "hugo@") || strings.Contains(raw, "iris@") {
			t.Errorf("an unticked guest's e-mail in the answer: %s", raw)
		}
		if other := e.do("GET", "/api/clientes/2/usuarios", e.owner2, nil); strings.Contains(other.body, "Gala") {
			t.Errorf("another restaurant sees the guest: %s", other.body)
		}
		res := e.do("GET", "/api/clientes/1/usuarios.csv", e.owner1, nil)
		records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(res.body, "\ufeff"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(records) != 2 || strings.Join(records[1], ",") != strings.Join([]string{"Gala Invitada", "gala@example.com", "", records[1][3], "0", "0", "1", "invitado"}, ",") {
			t.Fatalf("CSV: %q", records)
		}
		if en := e.do("GET", "/api/clientes/1/usuarios.csv", e.owner1, nil, "Accept-Language", "en"); !strings.Contains(en.body, ",1,guest") {
			t.Errorf("English CSV: %s", en.body)
		}

		// Gala registers (from restaurant 2, without accepting e-mails):
		// restaurant 1 sees her account in the guest's place.
		if r := e.register("Gala Gómez", "Gala@Example.com", "secreto-123", "cliente_id", 2, "suscrito_mailing", false); r.status != 201 {
			t.Fatalf("register: %d %s", r.status, r.body)
		}
		list = e.comensales(t, e.owner1, "?q=gala")
		if list.Total != 1 || list.Usuarios[0].Invitado || list.Usuarios[0].Nombre != "Gala Gómez" || list.Usuarios[0].Email != "" ||
			list.Usuarios[0].Pedidos != 1 || list.Usuarios[0].Gastado != 9743 {
			t.Fatalf("claimed guest: %+v", list)
		}
		if e.comensales(t, e.owner1, "").Total != 3 {
			t.Errorf("the claim changed the count")
		}
	})
}

package api_test

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"

	"carta/internal/campaigns"
	"carta/internal/demo"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// 'Campañas' is the owner's and the manager's (gerencia); the unsubscribe
// is public.
func init() {
	for _, p := range []string{
		"GET /api/clientes/{cliente_id}/campanas",
		"POST /api/clientes/{cliente_id}/campanas",
		"POST /api/clientes/{cliente_id}/campanas/preview",
		"POST /api/clientes/{cliente_id}/campanas/audiencia",
		"GET /api/clientes/{cliente_id}/campanas/{id}",
		"PUT /api/clientes/{cliente_id}/campanas/{id}",
		"DELETE /api/clientes/{cliente_id}/campanas/{id}",
		"POST /api/clientes/{cliente_id}/campanas/{id}/enviar",
		"POST /api/clientes/{cliente_id}/campanas/{id}/cancelar",
	} {
		staffRoles[p] = gerencia
	}
}

var campaignForm = map[string]any{"nombre": "Vuelve", "canal": "email", "asunto": "Hola {nombre}", "cuerpo": "Te esperamos en {restaurante}.",
	"audiencia": "todos"}

// oneClick is the body RFC 8058 has mail providers POST.
var oneClick = multipartBody{[]byte("List-Unsubscribe=One-Click"), "application/x-www-form-urlencoded"}

// campaignOf makes a draft of restaurant cliente straight in the store.
func campaignOf(t *testing.T, db *store.DB, cliente int64) int64 {
	t.Helper()
	c, err := (&campaigns.Service{DB: db}).Create(context.Background(), tenant.Job(cliente), campaigns.Form{Nombre: "x", Canal: "email",
		Asunto: "a", Cuerpo: "b", Audience: campaigns.Audience{Audiencia: "todos"}})
	if err != nil {
		t.Fatal(err)
	}
	return c.ID
}

func unsubscribeToken(t *testing.T, db *store.DB, usuario int64) string {
	t.Helper()
	tok, err := campaigns.Token(db, campaigns.Target{UsuarioID: usuario, ClienteID: 1, Canal: "email"})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func campaignAccessRows() map[string][]row {
	path := func(suffix string) func(m *matrix) req {
		return func(m *matrix) req {
			return req{method: "GET", path: fmt.Sprintf("/api/clientes/1/campanas/%d%s", campaignOf(m.t, m.db, 1), suffix)}
		}
	}
	with := func(method string, body any, b func(m *matrix) req) func(m *matrix) req {
		return func(m *matrix) req { r := b(m); r.method, r.body = method, body; return r }
	}
	base := "/api/clientes/1/campanas"
	return map[string][]row{
		"GET /api/clientes/{cliente_id}/campanas":  {{"", get(base), staffOn1(s200)}},
		"POST /api/clientes/{cliente_id}/campanas": {{"", func(*matrix) req { return req{method: "POST", path: base, body: campaignForm} }, staffOn1(s201)}},
		"POST /api/clientes/{cliente_id}/campanas/preview": {{"", func(*matrix) req {
			return req{method: "POST", path: base + "/preview", body: campaignForm}
		}, staffOn1(s200)}},
		"POST /api/clientes/{cliente_id}/campanas/audiencia": {{"", func(*matrix) req {
			return req{method: "POST", path: base + "/audiencia", body: map[string]any{"canal": "email", "audiencia": "inactivos", "dias": 30}}
		}, staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/campanas/{id}": {
			{"", path(""), staffOn1(s200)},
			{"another restaurant's campaign", func(m *matrix) req {
				return req{method: "GET", path: fmt.Sprintf("%s/%d", base, campaignOf(m.t, m.db, 2))}
			}, [5]int{s401, s403, s404, s403, s404}},
		},
		"PUT /api/clientes/{cliente_id}/campanas/{id}":    {{"", with("PUT", campaignForm, path("")), staffOn1(s200)}},
		"DELETE /api/clientes/{cliente_id}/campanas/{id}": {{"", with("DELETE", nil, path("")), staffOn1(s204)}},
		"POST /api/clientes/{cliente_id}/campanas/{id}/enviar": {{"", func(m *matrix) req {
			r := path("/enviar")(m)
			r.method, r.body = "POST", map[string]any{"programada_at": m.db.NowUnix() + 3600}
			return r
		}, staffOn1(s200)}},
		"POST /api/clientes/{cliente_id}/campanas/{id}/cancelar": {{"", with("POST", nil, path("/cancelar")), staffOn1(s200)}},
		"GET /api/baja": {
			{"a signed link", func(m *matrix) req {
				return req{method: "GET", path: "/api/baja?t=" + unsubscribeToken(m.t, m.db, m.dinerID)}
			}, public(s200)},
			{"a forged link", get("/api/baja?t=u1.1.email.0.abc.def"), public(s400)},
		},
		"POST /api/baja": {
			{"one click", func(m *matrix) req {
				return req{method: "POST", path: "/api/baja?t=" + unsubscribeToken(m.t, m.db, m.dinerID), body: oneClick}
			}, public(s200)},
			{"a forged link", func(*matrix) req {
				return req{method: "POST", path: "/api/baja?t=u1.1.email.0.abc.def", body: oneClick}
			}, public(s400)},
		},
	}
}

// TestCampaignSendAndUnsubscribe: an owner sends an e-mail campaign to the
// demo restaurant's consenting diners only; one of them unsubscribes with
// the e-mail's one-click link; the next campaign does not reach them.
func TestCampaignSendAndUnsubscribe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newOrderEnv(t, db)
		ctx := context.Background()
		if err := demo.SeedDiners(ctx, db); err != nil {
			t.Fatal(err)
		}
		if n := e.do("POST", "/api/clientes/1/campanas/audiencia", e.owner1, map[string]any{"canal": "email", "audiencia": "todos"}); n.status != 200 {
			t.Fatalf("audience: %d %s", n.status, n.body)
		}
		want := consentingDemo(t, db)
		n := e.do("POST", "/api/clientes/1/campanas/audiencia", e.owner1, map[string]any{"canal": "email", "audiencia": "todos"})
		if int(n.json["total"].(float64)) != len(want) {
			t.Fatalf("audience %v, want %d", n.json, len(want))
		}
		p := e.do("POST", "/api/clientes/1/campanas/preview", e.owner1, campaignForm)
		if p.status != 200 || !strings.HasPrefix(p.json["asunto"].(string), "Hola ") || p.json["ejemplo"] != false {
			t.Fatalf("preview: %d %s", p.status, p.body)
		}
		send := func() []string {
			c := e.do("POST", "/api/clientes/1/campanas", e.owner1, campaignForm)
			if c.status != 201 {
				t.Fatalf("create: %d %s", c.status, c.body)
			}
			id := int64(c.json["id"].(float64))
			if r := e.do("POST", fmt.Sprintf("/api/clientes/1/campanas/%d/enviar", id), e.owner1, nil); r.status != 200 || r.json["estado"] != "programada" {
				t.Fatalf("send: %d %s", r.status, r.body)
			}
			if _, err := (&campaigns.Service{DB: db, BaseURL: "https://carta.example"}).Pass(ctx); err != nil {
				t.Fatal(err)
			}
			r := e.do("GET", fmt.Sprintf("/api/clientes/1/campanas/%d", id), e.owner1, nil)
			if r.json["estado"] != "enviada" {
				t.Fatalf("after the job: %s", r.body)
			}
			rows, err := db.Query(ctx, `SELECT to_addr, unsubscribe_url FROM outbox WHERE dedupe_key LIKE ? ORDER BY to_addr`, fmt.Sprintf("campana:%d:%%", id))
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var to []string
			for rows.Next() {
				var addr, link string
				if err := rows.Scan(&addr, &link); err != nil {
					t.Fatal(err)
				}
				to = append(to, addr+" "+link)
			}
			return to
		}
		first := send()
		var addrs []string
		for _, s := range first {
			addrs = append(addrs, strings.Fields(s)[0])
		}
		if strings.Join(addrs, ",") != strings.Join(want, ",") {
			t.Fatalf("sent to %v, want %v", addrs, want)
		}
		link, _ := url.Parse(strings.Fields(first[0])[1])
		tok := link.Query().Get("t")
		// Not the RFC 8058 body: refused, nothing changes.
		for _, bad := range []any{map[string]any{"List-Unsubscribe": "One-Click"}, multipartBody{[]byte("List-Unsubscribe=Yes"), "application/x-www-form-urlencoded"}} {
			if r := e.do("POST", "/api/baja?t="+url.QueryEscape(tok), "", bad); r.status != 400 {
				t.Fatalf("bad body: %d %s", r.status, r.body)
			}
		}
		r := e.do("POST", "/api/baja?t="+url.QueryEscape(tok)+"x", "", oneClick, "Accept-Language", "en")
		if r.status != 400 || !strings.Contains(r.body, "unsubscribe link is not valid") {
			t.Fatalf("forged: %d %s", r.status, r.body)
		}
		for i := 0; i < 2; i++ {
			r := e.do("POST", "/api/baja?t="+url.QueryEscape(tok), "", oneClick)
			if r.status != 200 || r.json["de_baja"] != true {
				t.Fatalf("one click %d: %d %s", i, r.status, r.body)
			}
		}
		second := send()
		if len(second) != len(first)-1 {
			t.Fatalf("second campaign: %v", second)
		}
		for _, s := range second {
			if strings.HasPrefix(s, addrs[0]+" ") {
				t.Fatalf("%s unsubscribed and still got it", addrs[0])
			}
		}
		list := e.do("GET", "/api/clientes/1/campanas", e.owner1, nil)
		if list.status != 200 || !strings.Contains(list.body, `"bajas":1`) {
			t.Fatalf("list: %s", list.body)
		}
		// Limits: the body's maximum (docs/api.md).
		long := map[string]any{"nombre": "x", "canal": "email", "asunto": "a", "cuerpo": strings.Repeat("a", 5001), "audiencia": "todos"}
		if r := e.do("POST", "/api/clientes/1/campanas", e.owner1, long); r.status != 400 || !strings.Contains(r.body, "5000") {
			t.Fatalf("long body: %d %s", r.status, r.body)
		}
		long["cuerpo"], long["asunto"] = "b", strings.Repeat("a", 201)
		if r := e.do("POST", "/api/clientes/1/campanas", e.owner1, long); r.status != 400 || !strings.Contains(r.body, "200") {
			t.Fatalf("long subject: %d %s", r.status, r.body)
		}
	})
}

// consentingDemo is the e-mails of restaurant 1's diners and guests who
// consented to e-mail (read from the tables, as the roster does).
func consentingDemo(t *testing.T, db *store.DB) []string {
	t.Helper()
	rows, err := db.Query(context.Background(), `SELECT u.email FROM usuario_restaurantes ur JOIN usuarios u ON u.id = ur.usuario_id
		WHERE ur.cliente_id = 1 AND u.suscrito_mailing = 1
		UNION SELECT g.email FROM invitados g WHERE g.cliente_id = 1 AND g.usuario_id IS NULL AND g.suscrito_mailing = 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		out = append(out, s)
	}
	sort.Strings(out)
	if len(out) == 0 {
		t.Fatal("no consenting diner at restaurant 1")
	}
	return out
}

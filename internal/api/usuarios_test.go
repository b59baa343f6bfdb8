package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

func (e *env) register(nombre, email, password string, extra ...any) result {
	e.t.Helper()
	body := map[string]any{"nombre": nombre, "email": email, "password": password, "telefono": "+52 55 1234 5678"}
	for i := 0; i+1 < len(extra); i += 2 {
		body[extra[i].(string)] = extra[i+1]
	}
	return e.do("POST", "/api/usuarios/registro", "", body)
}

func TestDinerAccounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		reg := e.register("Ana", "Ana@Example.com", "secreto-123", "cliente_id", 1, "suscrito_mailing", false)
		if reg.status != 201 || reg.json["token"] == "" {
			t.Fatalf("register: %d %s", reg.status, reg.body)
		}
		ana := reg.json["token"].(string)
		anaID := int(reg.json["usuario_id"].(float64))
		other := e.register("Beto", "beto@example.com", "secreto-456")
		beto := other.json["token"].(string)
		betoID := int(other.json["usuario_id"].(float64))
		yes := e.register("Carla", "carla@example.com", "secreto-789", "suscrito_mailing", true, "whatsapp_notificaciones", true)
		carla := yes.json["token"].(string)
		carlaID := int(yes.json["usuario_id"].(float64))

		e.run(t, []scenario{
			{name: "missing name", method: "POST", path: "/api/usuarios/registro", body: map[string]any{"email": "x@example.com", "password": "12345678"},
				status: 400, errText: "El nombre es obligatorio."},
			{name: "bad e-mail", method: "POST", path: "/api/usuarios/registro", body: map[string]any{"nombre": "X", "email": "not-an-email", "password": "12345678"},
				status: 400, errText: "El correo electrónico no es válido."},
			{name: "short password", method: "POST", path: "/api/usuarios/registro", body: map[string]any{"nombre": "X", "email": "x@example.com", "password": "1234567"},
				status: 400, errText: "La contraseña debe tener al menos 8 caracteres."},
			{name: "duplicate e-mail (any case)", method: "POST", path: "/api/usuarios/registro", body: map[string]any{"nombre": "X", "email": "ANA@example.com", "password": "12345678"},
				status: 409, errText: "Ya existe una cuenta con este correo electrónico."},
			{name: "staff e-mail may also be a diner", method: "POST", path: "/api/usuarios/registro", body: map[string]any{"nombre": "Dueño", "email": "owner@demo.test", "password": "12345678"}, status: 201},
			{name: "bad json", method: "POST", path: "/api/usuarios/registro", body: `{"nombre":`, status: 400},
			{name: "login", method: "POST", path: "/api/auth/login-usuario", body: map[string]any{"email": "ana@example.com", "password": "secreto-123"}, status: 200,
				fields: map[string]any{"usuario_id": float64(anaID)}},
			{name: "login wrong password", method: "POST", path: "/api/auth/login-usuario", body: map[string]any{"email": "ana@example.com", "password": "nope"}, status: 401,
				errText: "Credenciales inválidas."},
			{name: "login unknown", method: "POST", path: "/api/auth/login-usuario", body: map[string]any{"email": "zz@example.com", "password": "nope"}, status: 401,
				errText: "Credenciales inválidas."},
			{name: "menu of own account", method: "GET", path: fmt.Sprintf("/api/usuario/menu?usuario_id=%d", anaID), token: ana, status: 200,
				fields: map[string]any{"cliente_id": float64(1)}},
			{name: "menu of another diner", method: "GET", path: fmt.Sprintf("/api/usuario/menu?usuario_id=%d", anaID), token: beto, status: 403},
			{name: "menu without token", method: "GET", path: fmt.Sprintf("/api/usuario/menu?usuario_id=%d", anaID), status: 401},
			{name: "menu with a staff token", method: "GET", path: fmt.Sprintf("/api/usuario/menu?usuario_id=%d", anaID), token: "owner1", status: 403},
			{name: "menu without restaurant", method: "GET", path: fmt.Sprintf("/api/usuario/menu?usuario_id=%d", betoID), token: beto, status: 200,
				fields: map[string]any{"cliente_id": nil}},
			{name: "profile", method: "GET", path: fmt.Sprintf("/api/usuarios/%d", anaID), token: ana, status: 200,
				fields: map[string]any{"email": "ana@example.com", "suscrito_mailing": false, "whatsapp_notificaciones": false}},
			// Consent is asked, never presumed: boxes not sent are no.
			{name: "profile of a diner whose form sent no consent", method: "GET", path: fmt.Sprintf("/api/usuarios/%d", betoID), token: beto, status: 200,
				fields: map[string]any{"suscrito_mailing": false, "whatsapp_notificaciones": false}},
			{name: "profile of a diner who ticked both", method: "GET", path: fmt.Sprintf("/api/usuarios/%d", carlaID), token: carla, status: 200,
				fields: map[string]any{"suscrito_mailing": true, "whatsapp_notificaciones": true}},
			{name: "profile of another diner", method: "GET", path: fmt.Sprintf("/api/usuarios/%d", anaID), token: beto, status: 403},
			{name: "edit profile", method: "PUT", path: fmt.Sprintf("/api/usuarios/%d", anaID), token: ana,
				body: map[string]any{"nombre": "Ana María", "telefono": "555-0101", "suscrito_mailing": true, "whatsapp_notificaciones": false}, status: 200,
				fields: map[string]any{"nombre": "Ana María", "whatsapp_notificaciones": false}},
			{name: "edit profile empty name", method: "PUT", path: fmt.Sprintf("/api/usuarios/%d", anaID), token: ana, body: map[string]any{"nombre": " "}, status: 400},
			{name: "edit another diner", method: "PUT", path: fmt.Sprintf("/api/usuarios/%d", anaID), token: beto, body: map[string]any{"nombre": "Hack"}, status: 403},
			{name: "purchases (empty)", method: "GET", path: fmt.Sprintf("/api/usuarios/%d/compras", anaID), token: ana, status: 200},
			{name: "purchases of another diner", method: "GET", path: fmt.Sprintf("/api/usuarios/%d/compras", anaID), token: beto, status: 403},
			{name: "points of another diner", method: "GET", path: fmt.Sprintf("/api/usuarios/%d/puntos", anaID), token: beto, status: 403},
			{name: "restaurants used", method: "GET", path: fmt.Sprintf("/api/usuarios/%d/restaurantes", anaID), token: ana, status: 200},
			{name: "record unknown restaurant", method: "POST", path: fmt.Sprintf("/api/usuarios/%d/restaurantes", betoID), token: beto, body: map[string]any{"cliente_id": 99}, status: 404},
			{name: "record restaurant", method: "POST", path: fmt.Sprintf("/api/usuarios/%d/restaurantes", betoID), token: beto, body: map[string]any{"cliente_id": 2}, status: 204},
			{name: "public restaurants", method: "GET", path: "/api/restaurantes", status: 200},
			{name: "diner token on staff validate", method: "POST", path: "/api/auth/validate", token: ana, status: 403},
			{name: "diner token on settings", method: "POST", path: "/api/configuraciones", token: ana, body: map[string]any{"cliente_id": 1}, status: 403},
			{name: "outbox: diner", method: "GET", path: "/api/admin/outbox", token: ana, status: 403},
			{name: "outbox: owner", method: "GET", path: "/api/admin/outbox", token: "owner1", status: 403},
			{name: "outbox: admin", method: "GET", path: "/api/admin/outbox", token: "admin", status: 200},
		})
		if r := e.do("GET", fmt.Sprintf("/api/usuario/menu?usuario_id=%d", betoID), beto, nil); r.json["cliente_id"] != float64(2) {
			t.Fatalf("menu after using restaurant 2: %s", r.body)
		}
		rs := e.do("GET", "/api/restaurantes", "", nil).body
		if !strings.Contains(rs, "La Cava Demo") || !strings.Contains(rs, "Taquería Demo") {
			t.Fatalf("public restaurants: %s", rs)
		}
	})
}

func TestDinerWelcomeMail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		reg := e.register("Ana", "ana@example.com", "secreto-123")
		tok := reg.json["token"].(string)
		if r := e.do("POST", "/api/usuarios/send-email", "", map[string]any{"email": "ana@example.com"}); r.status != 401 {
			t.Fatalf("anonymous send-email: %d", r.status)
		}
		if r := e.do("POST", "/api/usuarios/send-email", tok, map[string]any{"email": "victim@example.com"}); r.status != 403 {
			t.Fatalf("send-email to someone else: %d", r.status)
		}
		for i, want := range []bool{true, false} {
			r := e.do("POST", "/api/usuarios/send-email", tok, map[string]any{"nombre": "Ana", "email": "ana@example.com"})
			if r.status != 202 || r.json["queued"] != want {
				t.Fatalf("send-email #%d: %d %s", i+1, r.status, r.body)
			}
		}
		out := e.do("GET", "/api/admin/outbox", e.admin, nil)
		if strings.Count(out.body, "ana@example.com") != 1 || !strings.Contains(out.body, "Ana") {
			t.Fatalf("outbox: %s", out.body)
		}
	})
}

// TestDinerPasswordChangeIsThrottled: the current password asked by the
// change form shares the sign-in's budget for the account and address, so a
// stolen session cannot guess it faster there: after 5 wrong answers even
// the right one is refused with 429, and so is signing in.
func TestDinerPasswordChangeIsThrottled(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		reg := e.register("Bea", "bea@example.com", "secreto-123", "cliente_id", 1)
		tok := reg.json["token"].(string)
		path := fmt.Sprintf("/api/usuarios/%d/password", int(reg.json["usuario_id"].(float64)))
		for i := range 5 {
			if r := e.do("POST", path, tok, map[string]any{"password_actual": fmt.Sprint("guess-", i), "password_nueva": "nuevo-secreto"}); r.status != 400 ||
				!strings.Contains(r.body, "La contraseña actual no es correcta.") {
				t.Fatalf("guess %d: %d %s", i, r.status, r.body)
			}
		}
		r := e.do("POST", path, tok, map[string]any{"password_actual": "secreto-123", "password_nueva": "nuevo-secreto"})
		if r.status != 429 || r.header.Get("Retry-After") == "" {
			t.Fatalf("sixth try: %d %s, want 429 with Retry-After", r.status, r.body)
		}
		if r := e.do("POST", "/api/auth/login-usuario", "", map[string]any{"email": "bea@example.com", "password": "secreto-123"}); r.status != 429 {
			t.Fatalf("sign-in after the guesses: %d, want 429", r.status)
		}
		if r := e.do("POST", "/api/auth/login-usuario", "", map[string]any{"email": "bea@example.com", "password": "nuevo-secreto"}); r.status != 429 {
			t.Fatalf("the password changed although refused: %d", r.status)
		}
	})
}

func TestDinerPasswordChangeAndDelete(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		reg := e.register("Ana", "ana@example.com", "secreto-123", "cliente_id", 1)
		tok := reg.json["token"].(string)
		id := int(reg.json["usuario_id"].(float64))
		second := e.do("POST", "/api/auth/login-usuario", "", map[string]any{"email": "ana@example.com", "password": "secreto-123"}).json["token"].(string)
		path := fmt.Sprintf("/api/usuarios/%d/password", id)
		if r := e.do("POST", path, tok, map[string]any{"password_actual": "wrong", "password_nueva": "nuevo-secreto"}); r.status != 400 {
			t.Fatalf("wrong current password: %d", r.status)
		}
		if r := e.do("POST", path, tok, map[string]any{"password_actual": "secreto-123", "password_nueva": "corto"}); r.status != 400 {
			t.Fatalf("short new password: %d", r.status)
		}
		if r := e.do("POST", path, tok, map[string]any{"password_actual": "secreto-123", "password_nueva": "nuevo-secreto"}); r.status != 200 {
			t.Fatalf("change: %d %s", r.status, r.body)
		}
		if r := e.do("GET", fmt.Sprintf("/api/usuarios/%d", id), second, nil); r.status != 401 {
			t.Fatalf("other session survived the password change: %d", r.status)
		}
		if r := e.do("GET", fmt.Sprintf("/api/usuarios/%d", id), tok, nil); r.status != 200 {
			t.Fatalf("this session was signed out: %d", r.status)
		}
		if r := e.do("POST", "/api/auth/login-usuario", "", map[string]any{"email": "ana@example.com", "password": "nuevo-secreto"}); r.status != 200 {
			t.Fatalf("login with the new password: %d", r.status)
		}

		// A purchase and points exist; deleting the account keeps them anonymised.
		ctx := context.Background()
		if _, err := db.Exec(ctx, `INSERT INTO compras (usuario_id, cliente_id, descripcion, estado, subtotal, fee, total, created_at)
			VALUES (?, 1, 'Cupón', 'pagado', 1000, 500, 1500, 1)`, id); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `INSERT INTO puntos (usuario_id, cliente_id, puntos, motivo, created_at) VALUES (?, 1, 15, 'Compra', 1)`, id); err != nil {
			t.Fatal(err)
		}
		compras := e.do("GET", fmt.Sprintf("/api/usuarios/%d/compras", id), tok, nil)
		puntos := e.do("GET", fmt.Sprintf("/api/usuarios/%d/puntos", id), tok, nil)
		if !strings.Contains(compras.body, `"total":1500`) || !strings.Contains(puntos.body, `"saldo":15`) {
			t.Fatalf("purchases %s points %s", compras.body, puntos.body)
		}
		if r := e.do("DELETE", fmt.Sprintf("/api/usuarios/%d", id), tok, nil); r.status != 204 {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		if r := e.do("GET", fmt.Sprintf("/api/usuarios/%d", id), tok, nil); r.status != 401 {
			t.Fatalf("deleted account still signed in: %d", r.status)
		}
		var n, anon int
		db.QueryRow(ctx, `SELECT COUNT(*) FROM usuarios WHERE email = 'ana@example.com'`).Scan(&n)
		db.QueryRow(ctx, `SELECT COUNT(*) FROM compras WHERE usuario_id IS NULL AND total = 1500`).Scan(&anon)
		if n != 0 || anon != 1 {
			t.Fatalf("after delete: %d accounts with the e-mail, %d anonymised purchases", n, anon)
		}
	})
}

func TestDinerLoginThrottled(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.register("Ana", "ana@example.com", "secreto-123")
		for i := 0; i < 5; i++ {
			e.do("POST", "/api/auth/login-usuario", "", map[string]any{"email": "ana@example.com", "password": "bad"})
		}
		if r := e.do("POST", "/api/auth/login-usuario", "", map[string]any{"email": "ana@example.com", "password": "secreto-123"}); r.status != 429 {
			t.Fatalf("after 5 failures: %d", r.status)
		}
	})
}

// A diner sees their own sessions (named after the browser, this one
// marked), ends one of them or every other one; nobody else can see or end
// them, and a staff person's session is not a diner's to end.
func TestDinerSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		reg := e.register("Ana", "ana@example.com", "secreto-123", "cliente_id", 1)
		tok := reg.json["token"].(string)
		id := int(reg.json["usuario_id"].(float64))
		login := func(ua string) string {
			r := e.do("POST", "/api/auth/login-usuario", "", map[string]any{"email": "ana@example.com", "password": "secreto-123"}, "User-Agent", ua)
			if r.status != 200 {
				t.Fatalf("login: %d %s", r.status, r.body)
			}
			return r.json["token"].(string)
		}
		phone, tablet := login(iPhoneSafari), login(androidChrome)
		path := fmt.Sprintf("/api/usuarios/%d/sesiones", id)
		type sesion struct {
			ID        string `json:"id"`
			Navegador string `json:"navegador"`
			Actual    bool   `json:"actual"`
			UltimoUso int64  `json:"ultimo_uso"`
			IP        string `json:"ip"`
		}
		listOf := func(path, token string) []sesion {
			t.Helper()
			r := e.do("GET", path, token, nil)
			if r.status != 200 {
				t.Fatalf("list: %d %s", r.status, r.body)
			}
			var out struct{ Sesiones []sesion }
			if err := json.Unmarshal([]byte(r.body), &out); err != nil {
				t.Fatal(err)
			}
			return out.Sesiones
		}
		list := func(token string) []sesion { return listOf(path, token) }
		mine := list(phone)
		if len(mine) != 3 {
			t.Fatalf("three sessions (registration, phone, tablet), got %+v", mine)
		}
		var phoneID, tabletID string
		for _, s := range mine {
			switch s.Navegador {
			case "Safari · iPhone":
				phoneID = s.ID
				if !s.Actual {
					t.Fatalf("the phone's own session is not marked: %+v", mine)
				}
			case "Chrome · Android":
				tabletID = s.ID
				if s.Actual {
					t.Fatalf("another session marked as this one: %+v", mine)
				}
			}
			if s.IP != "" || s.UltimoUso == 0 {
				t.Fatalf("a diner's session shows its address or no last use: %+v", s)
			}
		}
		if phoneID == "" || tabletID == "" {
			t.Fatalf("sessions not named after their browsers: %+v", mine)
		}
		// The current one first, whatever the others' last use.
		if l := list(tablet); !l[0].Actual || l[0].ID != tabletID {
			t.Fatalf("the tablet's own session is not first: %+v", l)
		}

		// Nobody else: another diner, the restaurant's owner, nobody signed in.
		beto := e.register("Beto", "beto@example.com", "secreto-123")
		other := beto.json["token"].(string)
		betoPath := fmt.Sprintf("/api/usuarios/%d/sesiones", int(beto.json["usuario_id"].(float64)))
		for _, who := range []string{other, e.owner1, ""} {
			if r := e.do("GET", path, who, nil); r.status != 401 && r.status != 403 {
				t.Fatalf("someone else listed the sessions: %d", r.status)
			}
			if r := e.do("DELETE", path+"/"+tabletID, who, nil); r.status != 401 && r.status != 403 {
				t.Fatalf("someone else ended a session: %d", r.status)
			}
		}
		// Another diner's session id under one's own account is not found.
		otherID := listOf(betoPath, other)[0].ID
		if r := e.do("DELETE", path+"/"+otherID, tok, nil); r.status != 404 {
			t.Fatalf("ended another diner's session: %d %s", r.status, r.body)
		}
		if len(listOf(betoPath, other)) != 1 {
			t.Fatal("another diner's session was ended")
		}

		// Ending the tablet's session signs the tablet out, and only it.
		if r := e.do("DELETE", path+"/"+tabletID, phone, nil); r.status != 204 {
			t.Fatalf("end one: %d %s", r.status, r.body)
		}
		if r := e.do("GET", fmt.Sprintf("/api/usuarios/%d", id), tablet, nil); r.status != 401 {
			t.Fatalf("the ended session still works: %d", r.status)
		}
		if r := e.do("DELETE", path+"/"+tabletID, phone, nil); r.status != 404 {
			t.Fatalf("ending it twice: %d", r.status)
		}
		if len(list(phone)) != 2 {
			t.Fatal("ending one session ended more")
		}

		// Everywhere else: the phone stays signed in, the registration's session ends.
		if r := e.do("DELETE", path, phone, nil); r.status != 204 {
			t.Fatalf("end the others: %d %s", r.status, r.body)
		}
		if r := e.do("GET", fmt.Sprintf("/api/usuarios/%d", id), tok, nil); r.status != 401 {
			t.Fatalf("another session survived: %d", r.status)
		}
		if l := list(phone); len(l) != 1 || l[0].ID != phoneID || !l[0].Actual {
			t.Fatalf("after ending the others: %+v", l)
		}
	})
}

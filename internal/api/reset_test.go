package api_test

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/auth"
	"carta/internal/mail"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// '¿Olvidaste tu contraseña?' over HTTP, for owners, the super admin and
// diners.

// resetClock is the database's clock, moved by hand (links expire).
type resetClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *resetClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *resetClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// resetEnv is the test API with the database on a clock the test moves.
func resetEnv(t *testing.T, db *store.DB) (*env, *resetClock) {
	e := newEnv(t, db)
	clk := &resetClock{t: time.Now()}
	db.Now = clk.now
	return e, clk
}

var resetLinkRE = regexp.MustCompile(`https://carta\.example/\S*restablecer-password\?[^\s"<]+`)

// resetMails are the reset e-mails sent to addr, oldest first.
func (e *env) resetMails(addr string) []mail.OutboxMessage {
	e.t.Helper()
	msgs, err := mail.ListOutbox(e.t.Context(), e.db, 500)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []mail.OutboxMessage
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Kind == "reset" && msgs[i].To == addr {
			out = append(out, msgs[i])
		}
	}
	return out
}

// resetLink is the link of the newest reset e-mail to addr.
func (e *env) resetLink(addr string) *url.URL {
	e.t.Helper()
	ms := e.resetMails(addr)
	if len(ms) == 0 {
		e.t.Fatalf("no reset e-mail to %s", addr)
	}
	u, err := url.Parse(resetLinkRE.FindString(ms[len(ms)-1].Text))
	if err != nil || u.Query().Get("token") == "" {
		e.t.Fatalf("no link in %q: %v", ms[len(ms)-1].Text, err)
	}
	return u
}

func TestStaffPasswordReset(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := resetEnv(t, db)
		ip := from("198.51.100.1")
		// The same answer for an e-mail of an account and one of none; only
		// the account gets an e-mail.
		known := e.do("POST", "/api/auth/recuperar", "", map[string]string{"email": " Owner@Demo.test "}, ip...)
		unknown := e.do("POST", "/api/auth/recuperar", "", map[string]string{"email": "nadie@demo.test"}, ip...)
		if known.status != 200 || unknown.status != 200 || known.body != unknown.body ||
			!strings.HasPrefix(known.json["mensaje"].(string), "Si hay una cuenta con ese correo") {
			t.Fatalf("known %d %s, unknown %d %s", known.status, known.body, unknown.status, unknown.body)
		}
		if n := e.count(`SELECT COUNT(*) FROM outbox WHERE kind = 'reset'`); n != 1 || len(e.resetMails("owner@demo.test")) != 1 {
			t.Fatalf("reset e-mails: %d", n)
		}
		// A diner account with that e-mail is no staff account.
		if r := e.register("Dueña", "duena@example.com", "clave-de-comensal"); r.status != 201 {
			t.Fatal(r.body)
		}
		if r := e.do("POST", "/api/auth/recuperar", "", map[string]string{"email": "duena@example.com"}, ip...); r.status != 200 || r.body != known.body {
			t.Fatalf("a diner's e-mail at the staff form: %d %s", r.status, r.body)
		}
		if n := len(e.resetMails("duena@example.com")); n != 0 {
			t.Fatalf("a diner got a staff reset e-mail: %d", n)
		}
		e.run(t, []scenario{
			{name: "no e-mail", method: "POST", path: "/api/auth/recuperar", body: map[string]string{"email": " "}, status: 400, errText: "Escribe tu correo electrónico."},
			{name: "not an e-mail", method: "POST", path: "/api/auth/recuperar", body: map[string]string{"email": "owner"}, status: 400, errText: "El correo electrónico no es válido."},
			{name: "bad JSON", method: "POST", path: "/api/auth/recuperar", body: `{"email":`, status: 400},
		})

		link := e.resetLink("owner@demo.test")
		if link.Path != "/restablecer-password" || link.Query().Get("lang") != "es" {
			t.Fatalf("owner's link: %s", link)
		}
		m := e.resetMails("owner@demo.test")[0]
		if m.Subject != "Restablece tu contraseña de Carta" || !strings.Contains(m.Text, "caduca en una hora") {
			t.Fatalf("e-mail: %q %q", m.Subject, m.Text)
		}
		token := link.Query().Get("token")
		if n := e.count(`SELECT COUNT(*) FROM links WHERE token_hash = '` + token + `'`); n != 0 {
			t.Fatal("the token is stored in clear")
		}
		state := func(path, token string) map[string]any {
			t.Helper()
			r := e.do("POST", path, "", map[string]string{"token": token})
			if r.status != 200 {
				t.Fatalf("state: %d %s", r.status, r.body)
			}
			return r.json
		}
		if s := state("/api/auth/restablecer/enlace", token); s["estado"] != "valido" || s["email"] != "owner@demo.test" {
			t.Fatalf("state: %v", s)
		}
		// A staff link is not a diner's.
		if s := state("/api/auth/restablecer-usuario/enlace", token); s["estado"] != "invalido" || s["email"] != "" {
			t.Fatalf("staff link on the diner's page: %v", s)
		}
		if r := e.do("POST", "/api/auth/restablecer-usuario", "", map[string]string{"token": token, "new_password": "otra-clave-123"}); r.status != 400 ||
			r.json["error"] != "Este enlace ya no sirve. Pide un enlace nuevo." {
			t.Fatalf("staff link spent as a diner's: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/auth/login-usuario", "", map[string]string{"email": "duena@example.com", "password": "clave-de-comensal"}); r.status != 200 {
			t.Fatalf("the diner's password: %d", r.status)
		}

		// Two signed-in browsers of the owner; the reset ends both.
		other := e.login("owner@demo.test", "demo-owner-1")
		if r := e.do("POST", "/api/auth/restablecer", "", map[string]string{"token": token, "new_password": "corta"}); r.status != 400 ||
			r.json["error"] != "La contraseña debe tener al menos 8 caracteres." {
			t.Fatalf("short password: %d %s", r.status, r.body)
		}
		r := e.do("POST", "/api/auth/restablecer", "", map[string]string{"token": token, "new_password": "nueva-clave-dueño"})
		if r.status != 200 || r.json["cliente_id"] != float64(1) || r.json["is_superadmin"] != false || r.json["token"] == "" {
			t.Fatalf("reset: %d %s", r.status, r.body)
		}
		fresh := r.json["token"].(string)
		for _, tok := range []string{e.owner1, other} {
			if r := e.do("POST", "/api/auth/validate", tok, nil); r.status != 401 {
				t.Fatalf("a session from before the reset: %d", r.status)
			}
		}
		if r := e.do("GET", "/api/clientes/1", fresh, nil); r.status != 200 {
			t.Fatalf("the session of the reset: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/login", "", map[string]string{"email": "owner@demo.test", "password": "demo-owner-1"}, from("198.51.100.2")...); r.status != 401 {
			t.Fatalf("old password: %d", r.status)
		}
		e.login("owner@demo.test", "nueva-clave-dueño")
		// Once.
		if r := e.do("POST", "/api/auth/restablecer", "", map[string]string{"token": token, "new_password": "tercera-clave-1"}); r.status != 400 ||
			r.json["error"] != "Este enlace ya no sirve. Pide un enlace nuevo." {
			t.Fatalf("link spent twice: %d %s", r.status, r.body)
		}
		if s := state("/api/auth/restablecer/enlace", token); s["estado"] != "usado" || s["email"] != "" {
			t.Fatalf("spent link: %v", s)
		}
		if s := state("/api/auth/restablecer/enlace", "no-such-token"); s["estado"] != "invalido" {
			t.Fatalf("made-up link: %v", s)
		}

		// The super admin's link opens the super admin's page, in English
		// when asked in English.
		if r := e.do("POST", "/api/auth/recuperar", "", map[string]string{"email": "admin@demo.test"}, append(from("198.51.100.3"), "Accept-Language", "en")...); r.status != 200 ||
			!strings.HasPrefix(r.json["mensaje"].(string), "If an account uses that e-mail") {
			t.Fatalf("super admin: %d %s", r.status, r.body)
		}
		link = e.resetLink("admin@demo.test")
		if link.Path != "/super-admin/restablecer-password" || link.Query().Get("lang") != "en" || e.resetMails("admin@demo.test")[0].Subject != "Reset your Carta password" {
			t.Fatalf("super admin's link: %s", link)
		}
		r = e.do("POST", "/api/auth/restablecer", "", map[string]string{"token": link.Query().Get("token"), "new_password": "nueva-clave-admin"})
		if r.status != 200 || r.json["is_superadmin"] != true || r.json["cliente_id"] != nil {
			t.Fatalf("super admin reset: %d %s", r.status, r.body)
		}
		if r := e.do("GET", "/api/clients", e.admin, nil); r.status != 401 {
			t.Fatalf("the super admin's old session: %d", r.status)
		}
	})
}

func TestDinerPasswordReset(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := resetEnv(t, db)
		ip := from("198.51.100.11")
		reg := e.register("Lucía", "lucia@example.com", "clave-vieja-1", "cliente_id", 1)
		if reg.status != 201 {
			t.Fatal(reg.body)
		}
		old := reg.json["token"].(string)
		id := reg.json["usuario_id"].(float64)
		known := e.do("POST", "/api/auth/recuperar-usuario", "", map[string]any{"email": "LUCIA@example.com", "cliente_id": 2}, append(ip, "Accept-Language", "en")...)
		unknown := e.do("POST", "/api/auth/recuperar-usuario", "", map[string]any{"email": "nadie@example.com", "cliente_id": 2}, append(ip, "Accept-Language", "en")...)
		if known.status != 200 || known.body != unknown.body {
			t.Fatalf("known %d %s, unknown %d %s", known.status, known.body, unknown.status, unknown.body)
		}
		if n := e.count(`SELECT COUNT(*) FROM outbox WHERE kind = 'reset'`); n != 1 {
			t.Fatalf("reset e-mails: %d", n)
		}
		// An owner's e-mail at the diner's form: no diner, no e-mail.
		if r := e.do("POST", "/api/auth/recuperar-usuario", "", map[string]any{"email": "owner2@demo.test"}, ip...); r.status != 200 {
			t.Fatal(r.body)
		}
		if n := len(e.resetMails("owner2@demo.test")); n != 0 {
			t.Fatalf("an owner got a diner's reset e-mail: %d", n)
		}
		// The e-mail is in the language of the request and brings the diner
		// back to the restaurant it came from.
		m := e.resetMails("lucia@example.com")[0]
		link := e.resetLink("lucia@example.com")
		if link.Path != "/usuario/restablecer-password" || link.Query().Get("menu") != "2" || link.Query().Get("lang") != "en" ||
			m.Subject != "Reset your Carta password" || !strings.Contains(m.Text, "Hello Lucía,") || !strings.Contains(m.Text, "back at Taquería Demo") {
			t.Fatalf("link %s, e-mail %q %q", link, m.Subject, m.Text)
		}
		token := link.Query().Get("token")
		r := e.do("POST", "/api/auth/restablecer-usuario/enlace", "", map[string]string{"token": token})
		if r.status != 200 || r.json["estado"] != "valido" || r.json["email"] != "lucia@example.com" {
			t.Fatalf("state: %d %s", r.status, r.body)
		}
		// A diner's link does not reset a staff account.
		if r := e.do("POST", "/api/auth/restablecer", "", map[string]string{"token": token, "new_password": "otra-clave-123"}); r.status != 400 {
			t.Fatalf("diner link spent as staff: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/auth/restablecer/enlace", "", map[string]string{"token": token}); r.json["estado"] != "invalido" {
			t.Fatalf("diner link on the staff page: %s", r.body)
		}

		r = e.do("POST", "/api/auth/restablecer-usuario", "", map[string]string{"token": token, "new_password": "clave-nueva-1"}, "Accept-Language", "en")
		if r.status != 200 || r.json["usuario_id"] != id || r.json["token"] == "" {
			t.Fatalf("reset: %d %s", r.status, r.body)
		}
		fresh := r.json["token"].(string)
		profile := fmt.Sprintf("/api/usuarios/%d", int(id))
		if r := e.do("GET", profile, old, nil); r.status != 401 {
			t.Fatalf("the session from before: %d", r.status)
		}
		if r := e.do("GET", profile, fresh, nil); r.status != 200 {
			t.Fatalf("the session of the reset: %d", r.status)
		}
		if r := e.do("POST", "/api/auth/login-usuario", "", map[string]string{"email": "lucia@example.com", "password": "clave-nueva-1"}); r.status != 200 {
			t.Fatalf("new password: %d", r.status)
		}
		if r := e.do("POST", "/api/auth/restablecer-usuario", "", map[string]string{"token": token, "new_password": "clave-nueva-2"}, "Accept-Language", "en"); r.status != 400 ||
			r.json["error"] != "This link no longer works. Ask for a new link." {
			t.Fatalf("spent twice: %d %s", r.status, r.body)
		}

		// Without a restaurant (or an unknown one), the link goes back to
		// the one the diner used last.
		if r := e.do("POST", "/api/auth/recuperar-usuario", "", map[string]any{"email": "lucia@example.com", "cliente_id": 999}, ip...); r.status != 200 {
			t.Fatal(r.body)
		}
		if l := e.resetLink("lucia@example.com"); l.Query().Get("menu") != "1" || l.Query().Get("lang") != "es" {
			t.Fatalf("link without a restaurant: %s", l)
		}
		// Deleting the account takes its links (and their e-mail address) with it.
		if r := e.do("DELETE", profile, fresh, nil); r.status != 204 {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		if n := e.count(`SELECT COUNT(*) FROM links WHERE email = 'lucia@example.com'`); n != 0 {
			t.Fatalf("links of a deleted account: %d", n)
		}
	})
}

// A link stops working after an hour, and when a newer one is sent.
func TestPasswordResetLinkExpires(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, clk := resetEnv(t, db)
		ask := func() string {
			t.Helper()
			if r := e.do("POST", "/api/auth/recuperar", "", map[string]string{"email": "owner2@demo.test"}, from("198.51.100.21")...); r.status != 200 {
				t.Fatalf("request: %d %s", r.status, r.body)
			}
			return e.resetLink("owner2@demo.test").Query().Get("token")
		}
		state := func(token string) any {
			return e.do("POST", "/api/auth/restablecer/enlace", "", map[string]string{"token": token}).json["estado"]
		}
		first := ask()
		second := ask()
		if s := state(first); s != "reemplazado" {
			t.Fatalf("the earlier link: %v", s)
		}
		if r := e.do("POST", "/api/auth/restablecer", "", map[string]string{"token": first, "new_password": "clave-nueva-1"}); r.status != 400 {
			t.Fatalf("the earlier link spent: %d", r.status)
		}
		clk.add(auth.ResetTTL - time.Second)
		if s := state(second); s != "valido" {
			t.Fatalf("before the hour: %v", s)
		}
		clk.add(time.Second)
		if s := state(second); s != "caducado" {
			t.Fatalf("after the hour: %v", s)
		}
		if r := e.do("POST", "/api/auth/restablecer", "", map[string]string{"token": second, "new_password": "clave-nueva-1"}); r.status != 400 ||
			r.json["error"] != "Este enlace ya no sirve. Pide un enlace nuevo." {
			t.Fatalf("expired link: %d %s", r.status, r.body)
		}
		e.login("owner2@demo.test", "demo-owner-2") // unchanged
		// An onboarding link is not a reset link.
		if r := e.do("POST", "/api/send-email", e.login("admin@demo.test", "demo-admin-1"), map[string]any{"merchant_id": "DEMOMERCHANT2", "email": "owner2@demo.test"}); r.status != 200 {
			t.Fatal(r.body)
		}
		msgs, _ := mail.ListOutbox(t.Context(), db, 1)
		onboarding, _ := url.Parse(regexp.MustCompile(`https://carta\.example/establecer-password\?\S+`).FindString(msgs[0].Text))
		if s := state(onboarding.Query().Get("token")); s != "invalido" {
			t.Fatalf("onboarding link as a reset link: %v", s)
		}
	})
}

// Reset requests are throttled per e-mail and per client address, counted
// whether or not an account uses the e-mail: 429 with Retry-After.
func TestPasswordResetIsThrottled(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, clk := resetEnv(t, db)
		for _, email := range []string{"owner@demo.test", "nadie@demo.test"} {
			for i := 1; i <= auth.ResetEmailRule.Limit+1; i++ {
				// Each from its own address: the e-mail's budget is spent.
				r := e.do("POST", "/api/auth/recuperar", "", map[string]string{"email": email}, from(fmt.Sprintf("198.51.100.%d", 30+i))...)
				want := 200
				if i > auth.ResetEmailRule.Limit {
					want = 429
				}
				if r.status != want {
					t.Fatalf("%s #%d: %d %s", email, i, r.status, r.body)
				}
				if want == 429 {
					if ra, _ := strconv.Atoi(r.header.Get("Retry-After")); ra <= 0 || r.json["error"] != "Se pidieron demasiados enlaces. Espera unos minutos e inténtalo de nuevo." {
						t.Fatalf("429 without Retry-After: %q %s", r.header.Get("Retry-After"), r.body)
					}
				}
			}
		}
		if n := len(e.resetMails("owner@demo.test")); n != auth.ResetEmailRule.Limit {
			t.Fatalf("e-mails sent: %d", n)
		}
		// The diner's form has its own budget per e-mail, and shares the address's.
		addr := from("203.0.113.7")
		for i := 1; i <= auth.ResetAddressRule.Limit+1; i++ {
			path := "/api/auth/recuperar"
			if i%2 == 0 {
				path = "/api/auth/recuperar-usuario"
			}
			r := e.do("POST", path, "", map[string]string{"email": fmt.Sprintf("persona%d@example.com", i)}, addr...)
			want := 200
			if i > auth.ResetAddressRule.Limit {
				want = 429
			}
			if r.status != want {
				t.Fatalf("address #%d: %d %s", i, r.status, r.body)
			}
		}
		if r := e.do("POST", "/api/auth/recuperar-usuario", "", map[string]string{"email": "owner@demo.test"}, from("198.51.100.99")...); r.status != 200 {
			t.Fatalf("the diner's budget of the e-mail: %d", r.status)
		}
		// Once the window is over, the e-mail may ask again.
		clk.add(2 * auth.ResetEmailRule.Window)
		if r := e.do("POST", "/api/auth/recuperar", "", map[string]string{"email": "owner@demo.test"}, from("198.51.100.98")...); r.status != 200 {
			t.Fatalf("after the window: %d %s", r.status, r.body)
		}
	})
}

// Several browsers spending one link at once: one sets the password.
func TestPasswordResetLinkSpentOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := resetEnv(t, db)
		if r := e.do("POST", "/api/auth/recuperar", "", map[string]string{"email": "owner@demo.test"}, from("198.51.100.41")...); r.status != 200 {
			t.Fatal(r.body)
		}
		token := e.resetLink("owner@demo.test").Query().Get("token")
		const n = 4
		statuses := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = e.do("POST", "/api/auth/restablecer", "", map[string]string{"token": token, "new_password": fmt.Sprintf("clave-nueva-%d", i)}).status
			}()
		}
		wg.Wait()
		won := 0
		for _, s := range statuses {
			switch s {
			case 200:
				won++
			case 400, 503: // spent by another, or the hashing's bound (a client tries again)
			default:
				t.Fatalf("statuses %v", statuses)
			}
		}
		if won != 1 {
			t.Fatalf("statuses %v: want exactly one 200", statuses)
		}
		if n := e.count(`SELECT COUNT(*) FROM sessions WHERE kind = 'staff' AND subject_id = (SELECT id FROM staff_users WHERE email = 'owner@demo.test')`); n != 1 {
			t.Fatalf("sessions of the owner: %d", n)
		}
	})
}

package api_test

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"testing"

	"carta/internal/mail"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

var invitationRE = regexp.MustCompile(`https://carta\.example/invitacion\?[^\s"<]+`)

// invitationToken reads the token of the newest invitation e-mail to addr.
func (e *env) invitationToken(addr string) string {
	e.t.Helper()
	msgs, err := mail.ListOutbox(context.Background(), e.db, 50)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, m := range msgs {
		if m.Kind == "invitacion" && m.To == addr {
			u, err := url.Parse(invitationRE.FindString(m.Text))
			if err != nil {
				e.t.Fatal(err)
			}
			return u.Query().Get("token")
		}
	}
	e.t.Fatalf("no invitation e-mail to %s", addr)
	return ""
}

// The owner invites a cook; the cook accepts from the e-mail, is signed in
// on restaurant 1 as cocina and cannot open the team or the fees; the
// owner changes roles, cannot demote the last propietario, sees and ends
// the cook's tablet session and removes the cook (whose sessions end).
// The User-Agents of a phone and a kitchen tablet (their sessions are named after them).
const (
	iPhoneSafari  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
	androidChrome = "Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
)

func TestTeamScenario(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		r := e.do("POST", "/api/clientes/1/equipo/invitaciones", e.owner1, map[string]string{"email": "Cocinero@Demo.test", "rol": "cocina"})
		if r.status != 201 || r.json["email"] != "cocinero@demo.test" {
			t.Fatalf("invite: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/clientes/1/equipo/invitaciones", e.owner1, map[string]string{"email": "admin@demo.test", "rol": "gerente"}); r.status != 400 {
			t.Fatalf("invite a super admin: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/clientes/1/equipo/invitaciones", e.owner1, map[string]string{"email": "x@demo.test", "rol": "jefe"}); r.status != 400 {
			t.Fatalf("bad role: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/clientes/1/equipo/invitaciones", e.owner2, map[string]string{"email": "y@demo.test", "rol": "cocina"}); r.status != 403 {
			t.Fatalf("another restaurant's owner: %d %s", r.status, r.body)
		}
		tok := e.invitationToken("cocinero@demo.test")
		st := e.do("POST", "/api/invitacion/enlace", "", map[string]string{"token": tok})
		if st.status != 200 || st.json["estado"] != "valido" || st.json["restaurante"] != "La Cava Demo" || st.json["rol"] != "cocina" || st.json["cuenta_existente"] != false {
			t.Fatalf("state: %d %s", st.status, st.body)
		}
		acc := e.do("POST", "/api/invitacion", "", map[string]string{"token": tok, "password": "clave-cocina-1"}, "User-Agent", iPhoneSafari)
		if acc.status != 200 || acc.json["rol"] != "cocina" || acc.json["cliente_id"] != float64(1) {
			t.Fatalf("accept: %d %s", acc.status, acc.body)
		}
		if again := e.do("POST", "/api/invitacion", "", map[string]string{"token": tok, "password": "clave-cocina-1"}); again.status != 400 {
			t.Fatalf("accept twice: %d %s", again.status, again.body)
		}
		cook := acc.json["token"].(string)
		for _, path := range []string{"/api/clientes/1/equipo", "/api/clientes/1/fees"} {
			if r := e.do("GET", path, cook, nil); r.status != 403 {
				t.Fatalf("cook on %s: %d", path, r.status)
			}
		}
		if r := e.do("GET", "/api/clientes/1/pedidos", cook, nil); r.status != 200 {
			t.Fatalf("cook's board: %d %s", r.status, r.body)
		}
		// The tablet keeps a device session.
		tablet := e.do("POST", "/api/auth/login", "", map[string]any{"email": "cocinero@demo.test", "password": "clave-cocina-1", "mantener": true, "dispositivo": "Tableta del pase"},
			"User-Agent", androidChrome)
		if tablet.status != 200 {
			t.Fatalf("tablet: %d %s", tablet.status, tablet.body)
		}
		team := e.do("GET", "/api/clientes/1/equipo", e.owner1, nil)
		if team.status != 200 {
			t.Fatalf("team: %d %s", team.status, team.body)
		}
		var cookID float64
		for _, p := range team.json["personas"].([]any) {
			if p := p.(map[string]any); p["email"] == "cocinero@demo.test" {
				cookID = p["staff_user_id"].(float64)
			}
		}
		var tabletSession string
		for _, s := range team.json["sesiones"].([]any) {
			// A session is named by the device's label and by the browser it was opened from.
			if s := s.(map[string]any); s["dispositivo"] == "Tableta del pase" && s["navegador"] == "Chrome · Android" {
				tabletSession = s["id"].(string)
			}
		}
		if cookID == 0 || tabletSession == "" {
			t.Fatalf("team: %s", team.body)
		}
		if r := e.do("GET", "/api/clientes/2/equipo", e.owner1, nil); r.status != 403 {
			t.Fatalf("another restaurant's team: %d", r.status)
		}
		// Restaurant 2's owner cannot end restaurant 1's sessions.
		if r := e.do("DELETE", "/api/clientes/2/sesiones/"+tabletSession, e.owner2, nil); r.status != 404 {
			t.Fatalf("other restaurant's session: %d %s", r.status, r.body)
		}
		if r := e.do("DELETE", "/api/clientes/1/sesiones/"+tabletSession, e.owner1, nil); r.status != 204 {
			t.Fatalf("end the tablet: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/auth/validate", tablet.json["token"].(string), nil); r.status != 401 {
			t.Fatalf("the ended tablet: %d", r.status)
		}
		// The cook's own sessions.
		mine := e.do("GET", "/api/auth/sesiones", cook, nil)
		if mine.status != 200 || len(mine.json["sesiones"].([]any)) != 1 || mine.json["sesiones"].([]any)[0].(map[string]any)["actual"] != true ||
			mine.json["sesiones"].([]any)[0].(map[string]any)["navegador"] != "Safari · iPhone" {
			t.Fatalf("own sessions: %d %s", mine.status, mine.body)
		}
		// The last owner.
		owner := e.do("POST", "/api/auth/validate", e.owner1, nil)
		_ = owner
		me := e.do("GET", "/api/clientes/1/equipo", e.owner1, nil)
		var ownerID float64
		for _, p := range me.json["personas"].([]any) {
			p := p.(map[string]any)
			switch p["email"] {
			case "owner@demo.test":
				ownerID = p["staff_user_id"].(float64)
			case "grupo@demo.test":
				// The demo's group owner is La Cava's other propietario: one
				// owner may remove another while one is left.
				if r := e.do("DELETE", fmt.Sprintf("/api/clientes/1/equipo/%d", int64(p["staff_user_id"].(float64))), e.owner1, nil); r.status >= 300 {
					t.Fatalf("remove the other owner: %d %s", r.status, r.body)
				}
			}
		}
		r = e.do("PUT", fmt.Sprintf("/api/clientes/1/equipo/%d", int64(ownerID)), e.owner1, map[string]string{"rol": "gerente"}, "Accept-Language", "en")
		if r.status != 409 || r.json["error"] != "The restaurant needs at least one owner: make someone else an owner before removing this one or changing their role." {
			t.Fatalf("demote the last owner: %d %s", r.status, r.body)
		}
		if r := e.do("DELETE", fmt.Sprintf("/api/clientes/1/equipo/%d", int64(ownerID)), e.owner1, nil); r.status != 409 {
			t.Fatalf("remove the last owner: %d %s", r.status, r.body)
		}
		if r := e.do("PUT", fmt.Sprintf("/api/clientes/1/equipo/%d", int64(cookID)), e.owner1, map[string]string{"rol": "mesero"}); r.status != 200 || r.json["rol"] != "mesero" {
			t.Fatalf("role: %d %s", r.status, r.body)
		}
		if r := e.do("DELETE", fmt.Sprintf("/api/clientes/1/equipo/%d", int64(cookID)), e.owner2, nil); r.status != 403 {
			t.Fatalf("another restaurant's owner removes: %d", r.status)
		}
		if r := e.do("DELETE", fmt.Sprintf("/api/clientes/1/equipo/%d", int64(cookID)), e.owner1, nil); r.status != 204 {
			t.Fatalf("remove: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/auth/validate", cook, nil); r.status != 401 {
			t.Fatalf("a removed person's session: %d", r.status)
		}
		var n int
		if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM auditoria WHERE cliente_id = 1 AND accion IN ('equipo.invitar', 'equipo.aceptar', 'equipo.rol', 'equipo.quitar', 'equipo.sesion')`).Scan(&n); err != nil || n != 6 { // with the group owner's removal
			t.Fatalf("audited: %d %v", n, err)
		}
		// The super admin links restaurant 2's owner to restaurant 1.
		if r := e.do("POST", "/api/clientes/1/equipo/vincular", e.owner1, map[string]string{"email": "owner2@demo.test", "rol": "gerente"}); r.status != 403 {
			t.Fatalf("an owner links: %d", r.status)
		}
		if r := e.do("POST", "/api/clientes/1/equipo/vincular", e.admin, map[string]string{"email": "nadie@demo.test", "rol": "gerente"}); r.status != 404 {
			t.Fatalf("link nobody: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/clientes/1/equipo/vincular", e.admin, map[string]string{"email": "owner2@demo.test", "rol": "gerente"}); r.status != 201 || r.json["rol"] != "gerente" {
			t.Fatalf("link: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/clientes/1/equipo/vincular", e.admin, map[string]string{"email": "owner2@demo.test", "rol": "gerente"}); r.status != 409 {
			t.Fatalf("link twice: %d %s", r.status, r.body)
		}
		// Sign out everywhere else; a password change ends the others too.
		other := e.login("owner2@demo.test", "demo-owner-2")
		if r := e.do("DELETE", "/api/auth/sesiones", e.owner2, nil); r.status != 204 {
			t.Fatalf("sign out elsewhere: %d", r.status)
		}
		if r := e.do("POST", "/api/auth/validate", other, nil); r.status != 401 {
			t.Fatalf("the other session: %d", r.status)
		}
		other = e.login("owner2@demo.test", "demo-owner-2")
		if r := e.do("POST", "/api/auth/password", e.owner2, map[string]string{"password_actual": "mala-clave", "password_nueva": "nueva-clave-2"}); r.status != 401 {
			t.Fatalf("wrong current password: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/auth/password", e.owner2, map[string]string{"password_actual": "demo-owner-2", "password_nueva": "nueva-clave-2"}); r.status != 200 {
			t.Fatalf("change: %d %s", r.status, r.body)
		}
		if r := e.do("POST", "/api/auth/validate", other, nil); r.status != 401 {
			t.Fatalf("after the change, the other session: %d", r.status)
		}
		if r := e.do("POST", "/api/auth/validate", e.owner2, nil); r.status != 200 {
			t.Fatalf("after the change, this session: %d", r.status)
		}
	})
}

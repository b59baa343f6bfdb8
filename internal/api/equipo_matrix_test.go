package api_test

import (
	"context"
	"fmt"
	"time"

	"carta/internal/auth"
	"carta/internal/tenant"
)

// freshStaff is a new person of restaurant cid with role r.
func (m *matrix) freshStaff(cid int64, r tenant.StaffRole) (int64, string) {
	m.t.Helper()
	email := fmt.Sprintf("persona%d@demo.test", m.next())
	id, err := auth.CreateStaffUser(context.Background(), m.db, auth.StaffUser{Email: email, PasswordHash: "x", Role: tenant.RoleCliente, ClienteID: &cid}, r)
	if err != nil {
		m.t.Fatal(err)
	}
	return id, email
}

// freshSession is the public id of a new session of a new cook of restaurant 1.
func (m *matrix) freshSession() string {
	m.t.Helper()
	id, _ := m.freshStaff(1, tenant.Cocina)
	_, hash, _ := auth.NewToken()
	if err := auth.CreateSession(context.Background(), m.db, hash, auth.SessionStaff, id, time.Hour, auth.SessionOptions{Dispositivo: "Tableta"}); err != nil {
		m.t.Fatal(err)
	}
	var pub string
	if err := m.db.QueryRow(context.Background(), `SELECT public_id FROM sessions WHERE token_hash = ?`, hash).Scan(&pub); err != nil {
		m.t.Fatal(err)
	}
	return pub
}

// teamAccess is the access matrix's rows of the 'Equipo' routes and a
// staff person's own sessions.
func teamAccess() map[string][]row {
	crewOK := func(code int) [5]int { return [5]int{s401, s403, code, code, code} }
	return map[string][]row{
		"GET /api/auth/sesiones": {{"", get("/api/auth/sesiones"), crewOK(s200)}},
		"DELETE /api/auth/sesiones": {{"", func(m *matrix) req {
			// The previous caller signed out everywhere else, the set-up
			// sessions of the demo accounts included: sign them in again.
			m.owner1, m.owner2, m.admin = m.login("owner@demo.test", "demo-owner-1"), m.login("owner2@demo.test", "demo-owner-2"), m.login("admin@demo.test", "demo-admin-1")
			return req{method: "DELETE", path: "/api/auth/sesiones"}
		}, crewOK(s204)}},
		"DELETE /api/auth/sesiones/{id}": {
			{"another person's session", func(m *matrix) req { return req{method: "DELETE", path: "/api/auth/sesiones/" + m.freshSession()} }, crewOK(s404)},
		},
		"POST /api/auth/password": {{"new password too short", func(*matrix) req {
			return req{method: "POST", path: "/api/auth/password", body: map[string]string{"password_actual": "x", "password_nueva": "corta"}}
		}, crewOK(s400)}},
		"GET /api/clientes/{cliente_id}/equipo": {{"", get("/api/clientes/1/equipo"), staffOn1(s200)}},
		"POST /api/clientes/{cliente_id}/equipo/invitaciones": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/clientes/1/equipo/invitaciones", body: map[string]string{"email": fmt.Sprintf("invitada%d@demo.test", m.next()), "rol": "cocina"}}
		}, staffOn1(s201)}},
		"DELETE /api/clientes/{cliente_id}/equipo/invitaciones/{id}": {
			{"pending", func(m *matrix) req {
				id := m.mustID(m.do("POST", "/api/clientes/1/equipo/invitaciones", m.owner1, map[string]string{"email": fmt.Sprintf("anular%d@demo.test", m.next()), "rol": "mesero"}), "id")
				return req{method: "DELETE", path: fmt.Sprintf("/api/clientes/1/equipo/invitaciones/%d", id)}
			}, staffOn1(s204)},
		},
		"PUT /api/clientes/{cliente_id}/equipo/{staff_user_id}": {
			{"a waiter becomes a manager", func(m *matrix) req {
				id, _ := m.freshStaff(1, tenant.Mesero)
				return req{method: "PUT", path: fmt.Sprintf("/api/clientes/1/equipo/%d", id), body: map[string]string{"rol": "gerente"}}
			}, staffOn1(s200)},
			{"restaurant 2's person", func(m *matrix) req {
				id, _ := m.freshStaff(2, tenant.Mesero)
				return req{method: "PUT", path: fmt.Sprintf("/api/clientes/1/equipo/%d", id), body: map[string]string{"rol": "gerente"}}
			}, staffOn1(s404)},
		},
		"DELETE /api/clientes/{cliente_id}/equipo/{staff_user_id}": {
			{"", func(m *matrix) req {
				id, _ := m.freshStaff(1, tenant.Cocina)
				return req{method: "DELETE", path: fmt.Sprintf("/api/clientes/1/equipo/%d", id)}
			}, staffOn1(s204)},
		},
		"DELETE /api/clientes/{cliente_id}/sesiones/{id}": {
			{"", func(m *matrix) req {
				return req{method: "DELETE", path: "/api/clientes/1/sesiones/" + m.freshSession()}
			}, staffOn1(s204)},
			{"unknown", func(m *matrix) req { return req{method: "DELETE", path: "/api/clientes/1/sesiones/nada"} }, staffOn1(s404)},
		},
		"POST /api/clientes/{cliente_id}/equipo/vincular": {{"restaurant 2's person", func(m *matrix) req {
			_, email := m.freshStaff(2, tenant.Gerente)
			return req{method: "POST", path: "/api/clientes/1/equipo/vincular", body: map[string]string{"email": email, "rol": "gerente"}}
		}, admins(s201)}},
		"POST /api/invitacion/enlace": {{"made-up link", func(*matrix) req {
			return req{method: "POST", path: "/api/invitacion/enlace", body: map[string]string{"token": "forged"}}
		}, public(s200)}},
		"POST /api/invitacion": {{"made-up link", func(*matrix) req {
			return req{method: "POST", path: "/api/invitacion", body: map[string]string{"token": "forged", "password": "clave-nueva-1"}}
		}, public(s400)}},
	}
}

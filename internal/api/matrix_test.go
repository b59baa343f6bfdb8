package api_test

import (
	"context"
	"fmt"
	"image/color"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"carta/internal/auth"
	"carta/internal/checkout/clover/clovercheckouttest"
	"carta/internal/messaging/twilio/twiliotest"
	"carta/internal/messaging/whatsapp/whatsapptest"
	"carta/internal/ordering"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// The access matrix: every route the router registered is called as
// anonymous, a diner, each staff role of restaurant 1 (its propietario,
// a gerente, a cook and a waiter), the propietario of restaurant 2 and a
// super admin, against restaurant 1's resources, and must answer exactly
// the status its row says. The routes come from the router itself, so a
// route added without a row fails this test.

// callers, in the order of a row's statuses; the three roles of restaurant
// 1 after its owner are expected what the owner gets where staffRoles
// admits them, 403 where it does not.
var callers = []string{"anon", "diner", "owner1", "owner2", "admin", "gerente1", "cocina1", "mesero1"}

// Who of restaurant 1's staff may call each staff route (independent of
// the route table, which the matrix checks): the role table.
var (
	propietario = []string{"owner1"}
	gerencia    = []string{"owner1", "gerente1"}
	cocina      = []string{"owner1", "gerente1", "cocina1"}
	sala        = []string{"owner1", "gerente1", "mesero1"}
	personal    = []string{"owner1", "gerente1", "cocina1", "mesero1"}
)

var staffRoles = map[string][]string{
	"POST /api/auth/validate":                                      personal,
	"POST /api/auth/restaurante":                                   personal,
	"GET /api/auth/sesiones":                                       personal,
	"DELETE /api/auth/sesiones":                                    personal,
	"DELETE /api/auth/sesiones/{id}":                               personal,
	"POST /api/auth/password":                                      personal,
	"GET /api/clientes/{cliente_id}/equipo":                        propietario,
	"POST /api/clientes/{cliente_id}/equipo/invitaciones":          propietario,
	"DELETE /api/clientes/{cliente_id}/equipo/invitaciones/{id}":   propietario,
	"PUT /api/clientes/{cliente_id}/equipo/{staff_user_id}":        propietario,
	"DELETE /api/clientes/{cliente_id}/equipo/{staff_user_id}":     propietario,
	"DELETE /api/clientes/{cliente_id}/sesiones/{id}":              propietario,
	"GET /api/clientes/{cliente_id}/verificar_tarjeta":             propietario,
	"POST /api/clientes/{cliente_id}/setup-tarjeta":                propietario,
	"POST /api/clientes/{cliente_id}/agregar-tarjeta":              propietario,
	"GET /api/clientes/{cliente_id}/fees":                          propietario,
	"POST /api/cupones":                                            gerencia,
	"GET /api/clientes/{cliente_id}/cupones":                       gerencia,
	"PUT /api/cupones/{id}/estado":                                 gerencia,
	"POST /api/clientes/{cliente_id}/vouchers/canjear":             sala,
	"GET /api/clientes/{cliente_id}/resumen":                       gerencia,
	"GET /api/clientes/{cliente_id}/resumen.csv":                   gerencia,
	"GET /api/clientes/{cliente_id}/primeros-pasos":                gerencia,
	"PUT /api/clientes/{cliente_id}/primeros-pasos/qr":             gerencia,
	"GET /api/clientes/{cliente_id}/usuarios":                      gerencia,
	"GET /api/clientes/{cliente_id}/usuarios.csv":                  gerencia,
	"GET /api/clientes/{cliente_id}/actividad":                     propietario,
	"GET /api/clientes/{cliente_id}/pedidos":                       personal,
	"GET /api/clientes/{cliente_id}/pedidos/eventos":               personal,
	"GET /api/clientes/{cliente_id}/pedidos/config":                personal,
	"PUT /api/clientes/{cliente_id}/pedidos/config":                gerencia,
	"PUT /api/clientes/{cliente_id}/pedidos/pausa":                 cocina,
	"PUT /api/pedidos/{id}/estado":                                 personal,
	"POST /api/pedidos/{id}/visto":                                 personal,
	"POST /api/pedidos/{id}/pos":                                   personal,
	"POST /api/pedidos/{id}/reembolso":                             gerencia,
	"POST /api/pedidos/{id}/reembolsar":                            gerencia,
	"PUT /api/clover/products/{id}/agotado":                        cocina,
	"GET /api/clientes/{cliente_id}":                               personal,
	"POST /api/vinos":                                              gerencia,
	"PUT /api/vinos/{id}":                                          gerencia,
	"DELETE /api/vinos/{id}":                                       gerencia,
	"POST /api/vinos/{id}/imagen":                                  gerencia,
	"POST /api/buscar-vino":                                        gerencia,
	"POST /api/clientes/{cliente_id}/clover/conectar":              gerencia,
	"PUT /api/clientes/{cliente_id}/webhook-secret":                gerencia,
	"PUT /api/clientes/{cliente_id}/privacidad":                    gerencia,
	"GET /api/productos":                                           personal, // the owner's list: the menu read-only
	"POST /api/configuraciones":                                    gerencia,
	"POST /api/configuraciones/logo":                               gerencia,
	"POST /api/configuraciones/background":                         gerencia,
	"POST /api/popups":                                             gerencia,
	"DELETE /api/popups/{id}":                                      gerencia,
	"POST /api/clover/sync-all":                                    gerencia,
	"GET /api/clover/categories":                                   gerencia,
	"POST /api/categories":                                         gerencia,
	"PUT /api/categories/{id}":                                     gerencia,
	"DELETE /api/categories/{id}":                                  gerencia,
	"POST /api/categorias/{id}/imagen":                             gerencia,
	"POST /api/categories/{id}/subcategories":                      gerencia,
	"DELETE /api/categories/{id}/subcategories/{cloverCategoryId}": gerencia,
	"PUT /api/productos/{id}/descripcion":                          gerencia,
	"PUT /api/productos/{id}/traduccion":                           gerencia,
	"GET /api/clientes/{cliente_id}/nombres-pos":                   gerencia,
	"PUT /api/clientes/{cliente_id}/nombres-pos":                   gerencia,
	"PUT /api/productos/{id}/alergenos":                            gerencia,
	"PUT /api/clover/products/{id}/visibility":                     gerencia,
	"PUT /api/clover/products/visibility":                          gerencia,
	"POST /api/clover/products/{id}/image":                         gerencia,
	"GET /api/clientes/{cliente_id}/mesas":                         gerencia,
	"PUT /api/clientes/{cliente_id}/mesas":                         gerencia,
	"GET /api/clientes/{cliente_id}/mesas/qr":                      gerencia,
	"POST /api/clientes/{cliente_id}/mesas/codigos":                gerencia,
	"GET /api/clientes/{cliente_id}/cuentas":                       sala,
	"GET /api/clientes/{cliente_id}/cuentas/{cuenta_id}":           sala,
	"POST /api/clientes/{cliente_id}/cuentas/{cuenta_id}/aceptar":  sala,
	"POST /api/clientes/{cliente_id}/cuentas/{cuenta_id}/cerrar":   sala,
	"POST /api/clientes/{cliente_id}/cuentas/{cuenta_id}/mover":    sala,
	"POST /api/clientes/{cliente_id}/cuentas/{cuenta_id}/pagos":    sala,
}

// expected is the status caller should get for row r of pattern.
func expected(pattern string, r row, caller string) int {
	for i, c := range callers[:5] {
		if c == caller {
			return r.status[i]
		}
	}
	// A role of restaurant 1 other than its owner.
	if r.status[1] != s403 || r.status[2] == s403 {
		return r.status[2] // not a staff route: as the owner
	}
	allowed := staffRoles[pattern]
	if o, ok := rowRoles[pattern+"/"+r.name]; ok {
		allowed = o
	}
	for _, a := range allowed {
		if a == caller {
			return r.status[2]
		}
	}
	return s403
}

// req is one call of a route. Build makes it afresh for each caller, so a
// call that deletes or changes something never affects the next.
type req struct {
	method, path string
	body         any
	// asDiner, when set, is the diner token to call with (the route acts
	// on a diner made for this call).
	asDiner string
}

// row is the expectation of one request shape of a route: the status per
// caller (anon, diner, owner1, owner2, admin); restaurant 1's other roles
// get owner1's where staffRoles (or rowRoles) admits them.
type row struct {
	name   string
	build  func(m *matrix) req
	status [5]int
}

// rowRoles overrides staffRoles for one row (pattern + "/" + row name).
var rowRoles = map[string][]string{
	// Cancelling refunds the diner: the kitchen and the floor may move an
	// order along, not cancel it.
	"PUT /api/pedidos/{id}/estado/cancel: a manager's": gerencia,
}

// matrix is a running server with the callers' sessions and restaurant 1's
// resources to call routes on.
type matrix struct {
	*env
	t                   *testing.T
	dinerID             int64
	dinerToken          string
	dinerEmail          string
	category, product   int64
	seq                 atomic.Int64
	staffIDs            map[string]int64
	freshCategory       func() int64
	freshPopup          func() int64
	freshOffer          func() int64
	freshPurchaseSessID func() string
	freshWine           func() int64
}

func (m *matrix) next() int64 { return m.seq.Add(1) }

// token is a new session of caller (logout revokes the one it uses).
func (m *matrix) token(caller string) string {
	m.t.Helper()
	if caller == "anon" {
		return ""
	}
	tok, hash, err := auth.NewToken()
	if err != nil {
		m.t.Fatal(err)
	}
	kind, id := auth.SessionStaff, m.staffIDs[caller]
	if caller == "diner" {
		kind, id = auth.SessionUsuario, m.dinerID
	}
	if err := auth.CreateSession(context.Background(), m.db, hash, kind, id, time.Hour); err != nil {
		m.t.Fatal(err)
	}
	return tok
}

// newDiner registers a diner and returns its id and token.
func (m *matrix) newDiner() (int64, string) {
	m.t.Helper()
	email := fmt.Sprintf("matriz%d@example.com", m.next())
	if m.dinerEmail == "" {
		m.dinerEmail = email
	}
	r := m.register("Matriz", email, "secreto-123", "cliente_id", 1)
	if r.status != 201 {
		m.t.Fatalf("register: %d %s", r.status, r.body)
	}
	return int64(r.json["usuario_id"].(float64)), r.json["token"].(string)
}

func (m *matrix) mustID(r result, path ...string) int64 {
	m.t.Helper()
	if r.status >= 300 {
		m.t.Fatalf("set-up call: %d %s", r.status, r.body)
	}
	var v any = r.json
	for _, p := range path {
		v = v.(map[string]any)[p]
	}
	return int64(v.(float64))
}

func newMatrix(t *testing.T, db *store.DB) *matrix {
	e := newOrderEnv(t, db)
	e.api.Accounts.RegisterPerAddress = 1000 // the matrix registers diners for its calls
	e.api.Auth.ResetPerAddress = 1000        // and asks for reset links
	m := &matrix{env: e, t: t, staffIDs: map[string]int64{}}
	for caller, email := range map[string]string{"admin": "admin@demo.test", "owner1": "owner@demo.test", "owner2": "owner2@demo.test"} {
		u, err := auth.StaffUserByEmail(context.Background(), db, email)
		if err != nil {
			t.Fatal(err)
		}
		m.staffIDs[caller] = u.ID
	}
	one := int64(1)
	for caller, r := range map[string]tenant.StaffRole{"gerente1": tenant.Gerente, "cocina1": tenant.Cocina, "mesero1": tenant.Mesero} {
		id, err := auth.CreateStaffUser(context.Background(), db, auth.StaffUser{Email: caller + "@demo.test", PasswordHash: "x", Role: tenant.RoleCliente, ClienteID: &one}, r)
		if err != nil {
			t.Fatal(err)
		}
		m.staffIDs[caller] = id
	}
	m.dinerID, m.dinerToken = m.newDiner()
	m.category = int64(e.firstCategory(1))
	m.product = int64(e.productID(e.owner1, 1, "Jamón Ibérico"))
	if r := e.do("POST", "/api/clientes/1/agregar-tarjeta", e.owner1, map[string]any{"token": "demo_tok_4242"}); r.status != 200 {
		t.Fatalf("card: %d", r.status)
	}
	m.freshCategory = func() int64 {
		return m.mustID(e.do("POST", "/api/categories", e.owner1, map[string]any{"name": fmt.Sprint("Matriz ", m.next()), "cliente_id": 1}), "categoria", "id")
	}
	m.freshPopup = func() int64 {
		return m.mustID(e.do("POST", "/api/popups", e.owner1, form(map[string]any{"cliente_id": 1, "name": "Matriz", "file": pngImage(40, 40, color.White)}, "p.png")), "id")
	}
	m.freshOffer = func() int64 {
		return m.mustID(e.do("POST", "/api/cupones", e.owner1, offerForm(fmt.Sprint("MATRIZ", m.next()))), "id")
	}
	m.freshWine = func() int64 {
		return m.mustID(e.do("POST", "/api/vinos", e.owner1, map[string]any{"cliente_id": 1, "nombre": fmt.Sprint("Matriz ", m.next()), "precio": 3000}), "vino", "id")
	}
	m.freshPurchaseSessID = func() string {
		// A diner of its own: one diner may hold only a few checkouts.
		_, tok := m.newDiner()
		r := e.do("POST", "/api/checkout-clover", tok, map[string]any{"cupon_id": m.freshOffer()})
		if r.status != 200 {
			t.Fatalf("purchase: %d %s", r.status, r.body)
		}
		return strings.TrimPrefix(r.json["checkout_url"].(string), "https://carta.example/demo/checkout/")
	}
	return m
}

// Statuses, named for the table's readability.
const (
	s200 = 200
	s201 = 201
	s202 = 202
	s204 = 204
	s303 = 303
	s400 = 400
	s401 = 401
	s403 = 403
	s404 = 404
)

var (
	public   = func(code int) [5]int { return [5]int{code, code, code, code, code} }
	diners   = func(code int) [5]int { return [5]int{s401, code, s403, s403, s403} }
	staffOn1 = func(code int) [5]int { return [5]int{s401, s403, code, s403, code} }
	admins   = func(code int) [5]int { return [5]int{s401, s403, s403, s403, code} }
	signedIn = func(code int) [5]int { return [5]int{s401, code, code, code, code} }
)

func get(path string) func(*matrix) req {
	return func(*matrix) req { return req{method: "GET", path: path} }
}

// accessTable is the expected outcome per route (the router's pattern) and
// caller. Each route has at least one row; object routes also have a row
// without the restaurant named, where another restaurant's owner finds
// nothing (404) and a super admin must name the restaurant (400).
func accessTable() map[string][]row {
	card := map[string]any{"token": "demo_tok_4242"}
	settings := map[string]any{"cliente_id": 1, "cardColor": "#ffffff", "textColor": "#000000", "cardBorderRadius": "8px", "fontSize": "16px", "fontFamily": "Arial"}
	img := func(field string, extra map[string]any) func(*matrix) any {
		return func(*matrix) any {
			f := map[string]any{field: pngImage(60, 60, color.RGBA{9, 99, 9, 255})}
			for k, v := range extra {
				f[k] = v
			}
			return form(f, "i.png")
		}
	}
	return withRows(campaignAccessRows(), withRows(tableAccessRows(), map[string][]row{
		"GET /api/openapi.json": {{"", get("/api/openapi.json"), public(s200)}},

		"POST /api/login": {{"", func(*matrix) req {
			return req{method: "POST", path: "/api/login", body: map[string]string{"email": "owner2@demo.test", "password": "demo-owner-2"}}
		}, public(s200)}},
		"POST /api/auth/login": {{"", func(*matrix) req {
			return req{method: "POST", path: "/api/auth/login", body: map[string]string{"email": "owner2@demo.test", "password": "demo-owner-2"}}
		}, public(s200)}},
		"POST /api/auth/validate": {{"", func(*matrix) req { return req{method: "POST", path: "/api/auth/validate"} }, [5]int{s401, s403, s200, s200, s200}}},
		"POST /api/auth/logout":   {{"", func(*matrix) req { return req{method: "POST", path: "/api/auth/logout"} }, signedIn(s204)}},
		"POST /api/auth/restaurante": {
			{"restaurant 1", func(*matrix) req {
				return req{method: "POST", path: "/api/auth/restaurante", body: map[string]any{"cliente_id": 1}}
			}, [5]int{s401, s403, s200, s403, s403}},
			{"no restaurant", func(*matrix) req { return req{method: "POST", path: "/api/auth/restaurante", body: map[string]any{}} },
				[5]int{s401, s403, s400, s400, s400}},
		},

		"POST /api/auth/recuperar": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/auth/recuperar", body: map[string]string{"email": fmt.Sprintf("olvido%d@demo.test", m.next())}}
		}, public(s200)}},
		"POST /api/auth/restablecer/enlace": {{"made-up link", func(*matrix) req {
			return req{method: "POST", path: "/api/auth/restablecer/enlace", body: map[string]string{"token": "forged"}}
		}, public(s200)}},
		"POST /api/auth/restablecer": {{"forged token", func(*matrix) req {
			return req{method: "POST", path: "/api/auth/restablecer", body: map[string]string{"token": "forged", "new_password": "nueva-clave-123"}}
		}, public(s400)}},
		"POST /api/auth/recuperar-usuario": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/auth/recuperar-usuario", body: map[string]any{"email": fmt.Sprintf("olvido%d@example.com", m.next()), "cliente_id": 1}}
		}, public(s200)}},
		"POST /api/auth/restablecer-usuario/enlace": {{"made-up link", func(*matrix) req {
			return req{method: "POST", path: "/api/auth/restablecer-usuario/enlace", body: map[string]string{"token": "forged"}}
		}, public(s200)}},
		"POST /api/auth/restablecer-usuario": {{"forged token", func(*matrix) req {
			return req{method: "POST", path: "/api/auth/restablecer-usuario", body: map[string]string{"token": "forged", "new_password": "nueva-clave-123"}}
		}, public(s400)}},

		"POST /api/usuarios/registro": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/usuarios/registro", body: map[string]any{"nombre": "N", "email": fmt.Sprintf("reg%d@example.com", m.next()), "password": "12345678"}}
		}, public(s201)}},
		"POST /api/auth/login-usuario": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/auth/login-usuario", body: map[string]string{"email": m.dinerEmail, "password": "secreto-123"}}
		}, public(s200)}},
		"POST /api/usuarios/send-email": {{"", func(*matrix) req {
			return req{method: "POST", path: "/api/usuarios/send-email", body: map[string]any{}}
		}, diners(s202)}},
		"GET /api/usuario/menu": {{"", func(m *matrix) req {
			return req{method: "GET", path: fmt.Sprintf("/api/usuario/menu?usuario_id=%d", m.dinerID)}
		}, diners(s200)}},
		"GET /api/usuarios/{usuario_id}": {{"", func(m *matrix) req { return req{method: "GET", path: fmt.Sprintf("/api/usuarios/%d", m.dinerID)} }, diners(s200)}},
		"PUT /api/usuarios/{usuario_id}": {{"", func(m *matrix) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/usuarios/%d", m.dinerID), body: map[string]any{"nombre": "Matriz", "telefono": ""}}
		}, diners(s200)}},
		"DELETE /api/usuarios/{usuario_id}": {{"", func(m *matrix) req {
			id, tok := m.newDiner()
			return req{method: "DELETE", path: fmt.Sprintf("/api/usuarios/%d", id), asDiner: tok}
		}, diners(s204)}},
		"POST /api/usuarios/{usuario_id}/password": {{"wrong current password", func(m *matrix) req {
			return req{method: "POST", path: fmt.Sprintf("/api/usuarios/%d/password", m.dinerID), body: map[string]string{"password_actual": "no-es-esta", "password_nueva": "otra-clave-123"}}
		}, diners(s400)}},
		"GET /api/usuarios/{usuario_id}/sesiones": {{"", func(m *matrix) req {
			return req{method: "GET", path: fmt.Sprintf("/api/usuarios/%d/sesiones", m.dinerID)}
		}, diners(s200)}},
		"DELETE /api/usuarios/{usuario_id}/sesiones": {{"", func(m *matrix) req {
			id, tok := m.newDiner() // the matrix's diner keeps its other sessions
			return req{method: "DELETE", path: fmt.Sprintf("/api/usuarios/%d/sesiones", id), asDiner: tok}
		}, diners(s204)}},
		"DELETE /api/usuarios/{usuario_id}/sesiones/{id}": {
			{"unknown session", func(m *matrix) req {
				return req{method: "DELETE", path: fmt.Sprintf("/api/usuarios/%d/sesiones/0123456789abcdef01", m.dinerID)}
			}, diners(s404)},
			{"a staff person's session", func(m *matrix) req {
				return req{method: "DELETE", path: fmt.Sprintf("/api/usuarios/%d/sesiones/%s", m.dinerID, m.freshSession())}
			}, diners(s404)},
		},
		"GET /api/usuarios/{usuario_id}/compras": {{"", func(m *matrix) req {
			return req{method: "GET", path: fmt.Sprintf("/api/usuarios/%d/compras", m.dinerID)}
		}, diners(s200)}},
		"GET /api/usuarios/{usuario_id}/compras/{compra_id}/qr": {{"unknown voucher", func(m *matrix) req {
			return req{method: "GET", path: fmt.Sprintf("/api/usuarios/%d/compras/999999/qr", m.dinerID)}
		}, diners(s404)}},
		"GET /api/usuarios/{usuario_id}/puntos": {{"", func(m *matrix) req {
			return req{method: "GET", path: fmt.Sprintf("/api/usuarios/%d/puntos", m.dinerID)}
		}, diners(s200)}},
		"GET /api/usuarios/{usuario_id}/restaurantes": {{"", func(m *matrix) req {
			return req{method: "GET", path: fmt.Sprintf("/api/usuarios/%d/restaurantes", m.dinerID)}
		}, diners(s200)}},
		"POST /api/usuarios/{usuario_id}/restaurantes": {{"", func(m *matrix) req {
			return req{method: "POST", path: fmt.Sprintf("/api/usuarios/%d/restaurantes", m.dinerID), body: map[string]any{"cliente_id": 1}}
		}, diners(s204)}},
		"GET /api/restaurantes": {{"", get("/api/restaurantes"), public(s200)}},

		"GET /api/billing/config":                          {{"", get("/api/billing/config"), public(s200)}},
		"GET /api/clientes/{cliente_id}/verificar_tarjeta": {{"", get("/api/clientes/1/verificar_tarjeta"), staffOn1(s200)}},
		"POST /api/clientes/{cliente_id}/setup-tarjeta":    {{"", func(*matrix) req { return req{method: "POST", path: "/api/clientes/1/setup-tarjeta"} }, staffOn1(s200)}},
		"POST /api/clientes/{cliente_id}/agregar-tarjeta":  {{"", func(*matrix) req { return req{method: "POST", path: "/api/clientes/1/agregar-tarjeta", body: card} }, staffOn1(s200)}},
		"POST /api/cupones": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/cupones", body: offerForm(fmt.Sprint("OFERTA", m.next()))}
		}, staffOn1(s201)}},
		"GET /api/cupones":                       {{"", get("/api/cupones?cliente_id=1"), public(s200)}},
		"GET /api/clientes/{cliente_id}/cupones": {{"", get("/api/clientes/1/cupones"), staffOn1(s200)}},
		"PUT /api/cupones/{id}/estado": {
			{"restaurant named", func(m *matrix) req {
				return req{method: "PUT", path: fmt.Sprintf("/api/cupones/%d/estado", m.freshOffer()), body: map[string]any{"estado": "pausado", "cliente_id": 1}}
			}, staffOn1(s200)},
			{"restaurant not named", func(m *matrix) req {
				return req{method: "PUT", path: fmt.Sprintf("/api/cupones/%d/estado", m.freshOffer()), body: map[string]any{"estado": "pausado"}}
			}, [5]int{s401, s403, s200, s404, s400}},
		},
		"GET /api/clientes/{cliente_id}/merchant": {{"", get("/api/clientes/1/merchant"), public(s200)}},
		"POST /api/checkout-clover": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/checkout-clover", body: map[string]any{"cupon_id": m.freshOffer()}}
		}, diners(s200)}},
		"GET /api/demo/checkout/{session_id}": {{"", func(m *matrix) req { return req{method: "GET", path: "/api/demo/checkout/" + m.freshPurchaseSessID()} }, public(s200)}},
		"POST /api/demo/checkout/{session_id}/pay": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/demo/checkout/" + m.freshPurchaseSessID() + "/pay"}
		}, public(s200)}},
		"POST /api/demo/checkout/{session_id}/decline": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/demo/checkout/" + m.freshPurchaseSessID() + "/decline"}
		}, public(s200)}},
		"POST /api/clientes/{cliente_id}/vouchers/canjear": {{"unknown code", func(*matrix) req {
			return req{method: "POST", path: "/api/clientes/1/vouchers/canjear", body: map[string]string{"codigo": "CARTA-ZZZZ-ZZZZ"}}
		}, staffOn1(s404)}},
		"GET /api/clientes/{cliente_id}/fees":           {{"", get("/api/clientes/1/fees"), staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/resumen":        {{"", get("/api/clientes/1/resumen"), staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/resumen.csv":    {{"", get("/api/clientes/1/resumen.csv"), staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/primeros-pasos": {{"", get("/api/clientes/1/primeros-pasos"), staffOn1(s200)}},
		"PUT /api/clientes/{cliente_id}/primeros-pasos/qr": {{"", func(*matrix) req {
			return req{method: "PUT", path: "/api/clientes/1/primeros-pasos/qr"}
		}, staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/usuarios": {
			{"", get("/api/clientes/1/usuarios"), staffOn1(s200)},
			{"bad limit", get("/api/clientes/1/usuarios?limit=0"), staffOn1(s400)},
		},
		"GET /api/clientes/{cliente_id}/usuarios.csv": {{"", get("/api/clientes/1/usuarios.csv"), staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/actividad": {
			{"", get("/api/clientes/1/actividad"), staffOn1(s200)},
			{"bad limit", get("/api/clientes/1/actividad?limit=101"), staffOn1(s400)},
		},
		"GET /api/admin/actividad":  {{"", get("/api/admin/actividad?accion=pedido."), admins(s200)}},
		"GET /api/admin/fees":       {{"", get("/api/admin/fees"), admins(s200)}},
		"GET /api/admin/reembolsos": {{"", get("/api/admin/reembolsos"), admins(s200)}},
		"POST /api/admin/reembolsos/{compra_id}": {{"no pending refund", func(*matrix) req {
			return req{method: "POST", path: "/api/admin/reembolsos/999999"}
		}, admins(s404)}},
		"POST /api/admin/reembolsos/{compra_id}/reembolsar": {{"no pending refund", func(*matrix) req {
			return req{method: "POST", path: "/api/admin/reembolsos/999999/reembolsar"}
		}, admins(s404)}},
		"GET /api/admin/outbox": {{"", get("/api/admin/outbox"), admins(s200)}},
		"POST /api/admin/outbox/{id}/reenviar": {{"unknown message", func(*matrix) req {
			return req{method: "POST", path: "/api/admin/outbox/999999/reenviar"}
		}, admins(s404)}},
		"POST /api/admin/fees/{id}/reintentar": {{"unknown fee", func(*matrix) req {
			return req{method: "POST", path: "/api/admin/fees/999999/reintentar"}
		}, admins(s404)}},
		"GET /api/admin/pedidos/reembolsos": {{"", get("/api/admin/pedidos/reembolsos"), admins(s200)}},
		"GET /api/admin/pagos/reembolsos":   {{"", get("/api/admin/pagos/reembolsos"), admins(s200)}},
		"GET /api/admin/resumen":            {{"", get("/api/admin/resumen"), admins(s200)}},
		"POST /api/webhooks/clover-checkout": {{"signed, unknown session", func(m *matrix) req {
			body := clovercheckouttest.WebhookBody(fmt.Sprint("cs_none_", m.next()), fmt.Sprint("PAYX", m.next()), "DEMOMERCHANT1", "APPROVED")
			return req{method: "POST", path: "/api/webhooks/clover-checkout", body: signed{string(body), "Clover-Signature", clovercheckouttest.Sign("whsec_clover_test", time.Now(), body)}}
		}, public(s200)}},
		"POST /api/webhooks/stripe": {{"signed event", func(m *matrix) req {
			ev := fmt.Sprintf(`{"id":"evt_m%d","object":"event","type":"payment_intent.succeeded","data":{"object":{"id":"pi_m","object":"payment_intent","metadata":{}}}}`, m.next())
			return req{method: "POST", path: "/api/webhooks/stripe", body: signed{ev, "Stripe-Signature", signStripe(ev, "whsec_stripe_test")}}
		}, public(s200)}},
		// The messaging providers' webhooks (messaging_hooks.go): public, each with its signature.
		"GET /api/webhooks/whatsapp": {
			{"our verify token", func(m *matrix) req {
				m.api.WhatsAppVerifyToken = "vt_matrix"
				return req{method: "GET", path: "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=vt_matrix&hub.challenge=1158201444"}
			}, public(s200)},
			{"another token", func(m *matrix) req {
				m.api.WhatsAppVerifyToken = "vt_matrix"
				return req{method: "GET", path: "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1"}
			}, public(s403)},
		},
		"POST /api/webhooks/whatsapp": {
			{"signed status", func(m *matrix) req {
				m.api.WhatsAppAppSecret = "wa_app_secret_matrix"
				body := whatsapptest.Notification("1065", []whatsapptest.Status{{ID: fmt.Sprint("wamid.M", m.next()), Status: "delivered", At: time.Now()}}, nil)
				return req{method: "POST", path: "/api/webhooks/whatsapp", body: signed{string(body), "X-Hub-Signature-256", whatsapptest.Sign("wa_app_secret_matrix", body)}}
			}, public(s200)},
			{"forged", func(m *matrix) req {
				m.api.WhatsAppAppSecret = "wa_app_secret_matrix"
				body := whatsapptest.Notification("1065", []whatsapptest.Status{{ID: "wamid.F", Status: "read", At: time.Now()}}, nil)
				return req{method: "POST", path: "/api/webhooks/whatsapp", body: signed{string(body), "X-Hub-Signature-256", whatsapptest.Sign("guess", body)}}
			}, public(s401)},
		},
		"POST /api/webhooks/twilio": {
			{"signed status callback", func(m *matrix) req {
				m.api.TwilioAuthToken = "tw_token_matrix"
				form := twiliotest.StatusForm("AC1", fmt.Sprint("SM", m.next()), "delivered", "")
				return req{method: "POST", path: "/api/webhooks/twilio", body: signedForm{form.Encode(), "X-Twilio-Signature",
					twiliotest.Sign("tw_token_matrix", "https://carta.example/api/webhooks/twilio", form)}}
			}, public(s200)},
			{"forged", func(m *matrix) req {
				m.api.TwilioAuthToken = "tw_token_matrix"
				form := twiliotest.InboundForm("AC1", "+34600111222", "BAJA")
				return req{method: "POST", path: "/api/webhooks/twilio", body: signedForm{form.Encode(), "X-Twilio-Signature",
					twiliotest.Sign("guess", "https://carta.example/api/webhooks/twilio", form)}}
			}, public(s403)},
		},

		"GET /api/orders/clover_products_online": {{"", get("/api/orders/clover_products_online?cliente_id=1"), public(s200)}},
		"GET /api/taxes":                         {{"", get("/api/taxes?cliente_id=1"), public(s200)}},
		"GET /api/orders/config":                 {{"", get("/api/orders/config?cliente_id=1"), public(s200)}},
		"POST /api/orders/quote": {{"", func(m *matrix) req {
			o := m.steakOrder()
			return req{method: "POST", path: "/api/orders/quote", body: map[string]any{"cliente_id": 1, "items": o["items"]}}
		}, public(s200)}},
		"POST /api/orders": {{"a guest's or a diner's order (a staff token is a guest)", func(m *matrix) req {
			return req{method: "POST", path: "/api/orders", body: m.steakOrder()}
		}, public(s201)}},
		"POST /api/orders/{cliente_id}/pay": {{"demo provider, the order's token and total", func(m *matrix) req {
			r := m.do("POST", "/api/orders", "", m.steakOrder())
			body := map[string]any{"pedido_id": r.json["pedido_id"], "token": r.json["token"], "amount": r.json["total"]}
			return req{method: "POST", path: "/api/orders/1/pay", body: body}
		}, public(s200)}},
		"GET /api/pedidos/{id}": {
			{"with its token", func(m *matrix) req {
				id, tok := m.paidOrder()
				return req{method: "GET", path: fmt.Sprintf("/api/pedidos/%d?t=%s", id, tok)}
			}, public(s200)},
			{"a guest's order without its token", func(m *matrix) req {
				id, _ := m.paidOrder()
				return req{method: "GET", path: fmt.Sprintf("/api/pedidos/%d", id)}
			}, public(s404)},
			{"the diner's own order without its token", func(m *matrix) req {
				id, _, _ := m.placeOrder(m.dinerToken, m.steakOrder())
				return req{method: "GET", path: fmt.Sprintf("/api/pedidos/%d", id)}
			}, [5]int{s404, s200, s404, s404, s404}},
		},
		"GET /api/pedidos/{id}/eventos": {
			{"with its token", func(m *matrix) req {
				id, tok := m.paidOrder()
				return req{method: "GET", path: fmt.Sprintf("/api/pedidos/%d/eventos?t=%s", id, tok)}
			}, public(s200)},
			{"without its token", func(m *matrix) req {
				id, _ := m.paidOrder()
				return req{method: "GET", path: fmt.Sprintf("/api/pedidos/%d/eventos", id)}
			}, public(s404)},
		},
		"GET /api/clientes/{cliente_id}/pedidos":         {{"", get("/api/clientes/1/pedidos"), staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/pedidos/eventos": {{"", get("/api/clientes/1/pedidos/eventos"), staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/pedidos/config":  {{"", get("/api/clientes/1/pedidos/config"), staffOn1(s200)}},
		"PUT /api/clientes/{cliente_id}/pedidos/config": {{"", func(*matrix) req {
			return req{method: "PUT", path: "/api/clientes/1/pedidos/config", body: map[string]any{"activo": true, "preparacion_min": 15,
				"horario": ordering.AlwaysOpen(), "pedidos_por_franja": 0, "pausado_hasta": 0, "zona_horaria": "America/New_York",
				"aviso_ambar_min": 10, "aviso_rojo_min": 20, "un_toque": true}}
		}, staffOn1(s200)}},
		"PUT /api/pedidos/{id}/estado": append(orderRows(func(m *matrix, id int64) (string, map[string]any) {
			return fmt.Sprintf("/api/pedidos/%d/estado", id), map[string]any{"estado": "en_preparacion"}
		}, "PUT", s200), row{"cancel: a manager's", func(m *matrix) req {
			id, _ := m.paidOrder()
			return req{method: "PUT", path: fmt.Sprintf("/api/pedidos/%d/estado", id), body: map[string]any{"estado": "cancelado", "motivo": "Cerrado", "cliente_id": 1}}
		}, staffOn1(s200)}),
		"PUT /api/clientes/{cliente_id}/pedidos/pausa": {
			{"", func(*matrix) req {
				return req{method: "PUT", path: "/api/clientes/1/pedidos/pausa", body: map[string]any{"pausado_hasta": 0}}
			}, staffOn1(s200)},
			{"no time", func(*matrix) req {
				return req{method: "PUT", path: "/api/clientes/1/pedidos/pausa", body: map[string]any{}}
			}, staffOn1(s400)},
		},
		"POST /api/pedidos/{id}/visto": orderRows(func(m *matrix, id int64) (string, map[string]any) {
			return fmt.Sprintf("/api/pedidos/%d/visto", id), map[string]any{}
		}, "POST", s200),
		"POST /api/pedidos/{id}/pos": orderRows(func(m *matrix, id int64) (string, map[string]any) {
			return fmt.Sprintf("/api/pedidos/%d/pos", id), map[string]any{}
		}, "POST", s200),
		// The manual mark: a payment the provider cannot refund (taken before the restaurant
		// moved to it), so the cancellation leaves it owed.
		"POST /api/pedidos/{id}/reembolso": orderRows(func(m *matrix, id int64) (string, map[string]any) {
			m.cancelOwed(id)
			return fmt.Sprintf("/api/pedidos/%d/reembolso", id), map[string]any{}
		}, "POST", s200),
		// 'Reembolsar': a payment owed that the provider can refund now.
		"POST /api/pedidos/{id}/reembolsar": orderRows(func(m *matrix, id int64) (string, map[string]any) {
			m.cancelOwed(id)
			if _, err := m.db.Exec(context.Background(), `UPDATE pedidos SET payment_id = ? WHERE id = ?`, fmt.Sprint("demo_pay_pedido_", id), id); err != nil {
				m.t.Fatal(err)
			}
			return fmt.Sprintf("/api/pedidos/%d/reembolsar", id), map[string]any{}
		}, "POST", s200),
		"PUT /api/clover/products/{id}/agotado": {
			{"restaurant named", func(m *matrix) req {
				return req{method: "PUT", path: fmt.Sprintf("/api/clover/products/%d/agotado", m.product), body: map[string]any{"agotado": false, "cliente_id": 1}}
			}, staffOn1(s200)},
			{"restaurant not named", func(m *matrix) req {
				return req{method: "PUT", path: fmt.Sprintf("/api/clover/products/%d/agotado", m.product), body: map[string]any{"agotado": false}}
			}, [5]int{s401, s403, s200, s404, s400}},
		},
		"GET /api/usuarios/{usuario_id}/pedidos": {{"", func(m *matrix) req {
			return req{method: "GET", path: fmt.Sprintf("/api/usuarios/%d/pedidos", m.dinerID)}
		}, diners(s200)}},

		"GET /api/clients":               {{"", get("/api/clients"), admins(s200)}},
		"GET /api/clientes/{cliente_id}": {{"", get("/api/clientes/1"), staffOn1(s200)}},
		"GET /api/vinos":                 {{"", get("/api/vinos?cliente_id=1"), public(s200)}},
		"GET /api/cavas":                 {{"", get("/api/cavas"), public(s200)}},
		"POST /api/vinos": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/vinos", body: map[string]any{"cliente_id": 1, "nombre": fmt.Sprint("Vino ", m.next()), "precio": 2500}}
		}, staffOn1(s201)}},
		"PUT /api/vinos/{id}": {
			{"restaurant named", func(m *matrix) req {
				return req{method: "PUT", path: fmt.Sprintf("/api/vinos/%d", m.freshWine()), body: map[string]any{"cliente_id": 1, "disponible": 0}}
			}, staffOn1(s200)},
			{"restaurant not named", func(m *matrix) req {
				return req{method: "PUT", path: fmt.Sprintf("/api/vinos/%d", m.freshWine()), body: map[string]any{"disponible": 0}}
			}, [5]int{s401, s403, s200, s404, s400}},
		},
		"DELETE /api/vinos/{id}": {
			{"restaurant named", func(m *matrix) req {
				return req{method: "DELETE", path: fmt.Sprintf("/api/vinos/%d?cliente_id=1", m.freshWine())}
			}, staffOn1(s200)},
			{"restaurant not named", func(m *matrix) req {
				return req{method: "DELETE", path: fmt.Sprintf("/api/vinos/%d", m.freshWine())}
			}, [5]int{s401, s403, s200, s404, s400}},
		},
		"POST /api/vinos/{id}/imagen": {
			{"restaurant named", func(m *matrix) req {
				return req{method: "POST", path: fmt.Sprintf("/api/vinos/%d/imagen", m.freshWine()), body: img("imagen", map[string]any{"cliente_id": 1})(m)}
			}, staffOn1(s200)},
			{"restaurant not named", func(m *matrix) req {
				return req{method: "POST", path: fmt.Sprintf("/api/vinos/%d/imagen", m.freshWine()), body: img("imagen", nil)(m)}
			}, [5]int{s401, s403, s200, s404, s400}},
		},
		"POST /api/buscar-vino": {{"", func(*matrix) req {
			return req{method: "POST", path: "/api/buscar-vino", body: map[string]any{"nombre": "Rioja reserva", "año": "2018", "uva": ""}}
		}, [5]int{s401, s403, s200, s200, s200}}},
		"POST /api/clients": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/clients", body: map[string]any{"nombre": fmt.Sprint("Matriz ", m.next())}}
		}, admins(s201)}},
		"PUT /api/clients/{cliente_id}": {{"", func(*matrix) req {
			return req{method: "PUT", path: "/api/clients/1", body: map[string]any{"fecha_proximo_pago": "2027-01-01"}}
		}, admins(s200)}},
		"POST /api/send-email": {{"", func(*matrix) req {
			return req{method: "POST", path: "/api/send-email", body: map[string]any{"merchant_id": "DEMOMERCHANT1", "email": "owner@demo.test"}}
		}, admins(s200)}},
		"POST /api/establecer-password": {{"forged token", func(*matrix) req {
			return req{method: "POST", path: "/api/establecer-password", body: map[string]any{"merchant_id": "DEMOMERCHANT1", "email": "owner@demo.test",
				"new_password": "nueva-clave-123", "token": "forged"}}
		}, public(s400)}},
		"POST /api/callback": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/callback", body: map[string]any{"merchant_id": fmt.Sprint("MATRIZ", m.next()), "code": "demo-ok", "crear": true}}
		}, admins(s200)}},
		"POST /api/clientes/{cliente_id}/clover/conectar": {{"", func(*matrix) req {
			return req{method: "POST", path: "/api/clientes/1/clover/conectar"}
		}, staffOn1(s200)}},
		"GET /api/clover/oauth":          {{"launch offline", get("/api/clover/oauth?merchant_id=DEMOMERCHANT1"), public(s303)}},
		"GET /api/clover/oauth/callback": {{"no state", get("/api/clover/oauth/callback?merchant_id=DEMOMERCHANT1&code=demo-x"), public(s303)}},
		"PUT /api/clientes/{cliente_id}/webhook-secret": {{"", func(*matrix) req {
			return req{method: "PUT", path: "/api/clientes/1/webhook-secret", body: map[string]any{"webhook_secret": ""}}
		}, staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/qr": {{"", get("/api/clientes/1/qr?format=svg"), public(s200)}},
		"GET /api/clientes/{cliente_id}/privacidad": {
			{"", get("/api/clientes/1/privacidad"), public(s200)},
			{"unknown restaurant", get("/api/clientes/999/privacidad"), public(s404)},
		},
		"PUT /api/clientes/{cliente_id}/privacidad": {
			{"", func(*matrix) req {
				return req{method: "PUT", path: "/api/clientes/1/privacidad", body: map[string]any{"texto": "Texto del dueño."}}
			}, staffOn1(s200)},
			{"no text", func(*matrix) req {
				return req{method: "PUT", path: "/api/clientes/1/privacidad", body: map[string]any{}}
			}, staffOn1(s400)},
		},

		"GET /api/configuraciones":                       {{"", get("/api/configuraciones?cliente_id=1"), public(s200)}},
		"GET /api/clientes/{cliente_id}/configuraciones": {{"", get("/api/clientes/1/configuraciones"), public(s200)}},
		"GET /api/categories":                            {{"", get("/api/categories?cliente_id=1"), public(s200)}},
		"GET /api/categories/{id}/subcategories": {{"", func(m *matrix) req {
			return req{method: "GET", path: fmt.Sprintf("/api/categories/%d/subcategories?cliente_id=1", m.category)}
		}, public(s200)}},
		"GET /api/productos": {
			{"a category's visible products", get("/api/productos?cliente_id=1&category_id=C1TAPF"), public(s200)},
			{"the owner's list, hidden ones included", get("/api/productos?cliente_id=1"), staffOn1(s200)},
		},
		"GET /api/popups": {{"", get("/api/popups?cliente_id=1"), public(s200)}},

		"POST /api/configuraciones": {{"", func(*matrix) req { return req{method: "POST", path: "/api/configuraciones", body: settings} }, staffOn1(s200)}},
		"POST /api/configuraciones/logo": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/configuraciones/logo", body: img("file", map[string]any{"cliente_id": 1})(m)}
		}, staffOn1(s200)}},
		"POST /api/configuraciones/background": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/configuraciones/background", body: img("file", map[string]any{"cliente_id": 1})(m)}
		}, staffOn1(s200)}},
		"POST /api/popups": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/popups", body: img("file", map[string]any{"cliente_id": 1, "name": "Promo"})(m)}
		}, staffOn1(s201)}},
		"DELETE /api/popups/{id}": {
			{"restaurant named", func(m *matrix) req {
				return req{method: "DELETE", path: fmt.Sprintf("/api/popups/%d?cliente_id=1", m.freshPopup())}
			}, staffOn1(s204)},
			{"restaurant not named", func(m *matrix) req { return req{method: "DELETE", path: fmt.Sprintf("/api/popups/%d", m.freshPopup())} }, [5]int{s401, s403, s204, s404, s400}},
		},
		"POST /api/clover/sync-all": {{"", func(*matrix) req {
			return req{method: "POST", path: "/api/clover/sync-all", body: map[string]any{"cliente_id": 1}}
		}, staffOn1(s200)}},
		"GET /api/clover/categories": {{"", get("/api/clover/categories?cliente_id=1"), staffOn1(s200)}},
		"POST /api/categories": {{"", func(m *matrix) req {
			return req{method: "POST", path: "/api/categories", body: map[string]any{"name": fmt.Sprint("Nueva ", m.next()), "cliente_id": 1}}
		}, staffOn1(s201)}},
		"PUT /api/categories/{id}": {
			{"restaurant named", func(m *matrix) req {
				return req{method: "PUT", path: fmt.Sprintf("/api/categories/%d?cliente_id=1", m.category), body: map[string]any{"name_en": "Starters"}}
			}, staffOn1(s200)},
			{"restaurant not named", func(m *matrix) req {
				return req{method: "PUT", path: fmt.Sprintf("/api/categories/%d", m.category), body: map[string]any{"name_en": "Starters"}}
			}, [5]int{s401, s403, s200, s404, s400}},
		},
		"DELETE /api/categories/{id}": {
			{"restaurant named", func(m *matrix) req {
				return req{method: "DELETE", path: fmt.Sprintf("/api/categories/%d?cliente_id=1", m.freshCategory())}
			}, staffOn1(s200)},
			{"restaurant not named", func(m *matrix) req {
				return req{method: "DELETE", path: fmt.Sprintf("/api/categories/%d", m.freshCategory())}
			}, [5]int{s401, s403, s200, s404, s400}},
		},
		"POST /api/categorias/{id}/imagen": {{"", func(m *matrix) req {
			return req{method: "POST", path: fmt.Sprintf("/api/categorias/%d/imagen?cliente_id=1", m.freshCategory()), body: img("image", nil)(m)}
		}, staffOn1(s200)}},
		"POST /api/categories/{id}/subcategories": {{"", func(m *matrix) req {
			return req{method: "POST", path: fmt.Sprintf("/api/categories/%d/subcategories", m.freshCategory()), body: map[string]any{"cliente_id": 1, "cloverCategoryIds": []string{"C1TAPF"}}}
		}, staffOn1(s200)}},
		"DELETE /api/categories/{id}/subcategories/{cloverCategoryId}": {{"", func(m *matrix) req {
			c := m.freshCategory()
			m.do("POST", fmt.Sprintf("/api/categories/%d/subcategories", c), m.owner1, map[string]any{"cliente_id": 1, "cloverCategoryIds": []string{"C1TAPF"}})
			return req{method: "DELETE", path: fmt.Sprintf("/api/categories/%d/subcategories/C1TAPF?cliente_id=1", c)}
		}, staffOn1(s200)}},
		"PUT /api/productos/{id}/descripcion": {
			{"restaurant named", func(m *matrix) req {
				return req{method: "PUT", path: fmt.Sprintf("/api/productos/%d/descripcion", m.product), body: map[string]any{"cliente_id": 1, "description": "Curado 36 meses."}}
			}, staffOn1(s200)},
			{"restaurant not named", func(m *matrix) req {
				return req{method: "PUT", path: fmt.Sprintf("/api/productos/%d/descripcion", m.product), body: map[string]any{"description": "Curado 36 meses."}}
			}, [5]int{s401, s403, s200, s404, s400}},
		},
		"PUT /api/productos/{id}/traduccion": {{"", func(m *matrix) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/productos/%d/traduccion", m.product), body: map[string]any{"cliente_id": 1, "idioma": "en", "name": "Ham", "description": "Cured."}}
		}, staffOn1(s200)}},
		"GET /api/clientes/{cliente_id}/nombres-pos": {{"", get("/api/clientes/1/nombres-pos"), staffOn1(s200)}},
		"PUT /api/clientes/{cliente_id}/nombres-pos": {{"", func(*matrix) req {
			return req{method: "PUT", path: "/api/clientes/1/nombres-pos", body: map[string]any{"nombres": []map[string]any{
				{"entidad": "modificador_grupo", "id": "DEMOMERCHANT1-PUNTO", "idioma": "en", "name": "Doneness"}}}}
		}, staffOn1(s200)}},
		"PUT /api/clover/products/{id}/visibility": {{"", func(m *matrix) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/clover/products/%d/visibility", m.product), body: map[string]any{"cliente_id": 1, "visible": true}}
		}, staffOn1(s200)}},
		"PUT /api/productos/{id}/alergenos": {{"", func(m *matrix) req {
			return req{method: "PUT", path: fmt.Sprintf("/api/productos/%d/alergenos", m.product), body: map[string]any{"cliente_id": 1, "alergenos": []string{"leche"}, "etiquetas": []string{"vegetariano"}}}
		}, staffOn1(s200)}},
		"PUT /api/clover/products/visibility": {
			{"restaurant named", func(m *matrix) req {
				return req{method: "PUT", path: "/api/clover/products/visibility", body: map[string]any{"cliente_id": 1, "ids": []int64{m.product}, "visible": true}}
			}, staffOn1(s200)},
			{"restaurant not named", func(m *matrix) req {
				return req{method: "PUT", path: "/api/clover/products/visibility", body: map[string]any{"ids": []int64{m.product}, "visible": true}}
			}, [5]int{s401, s403, s200, s404, s400}},
		},
		"POST /api/clover/products/{id}/image": {{"", func(m *matrix) req {
			return req{method: "POST", path: fmt.Sprintf("/api/clover/products/%d/image", m.product), body: img("image", map[string]any{"cliente_id": 1})(m)}
		}, staffOn1(s200)}},

		"GET /healthz":      {{"", get("/healthz"), public(s200)}},
		"GET /readyz":       {{"", get("/readyz"), public(s200)}},
		"GET /media/{name}": {{"a stored file", func(m *matrix) req { return req{method: "GET", path: firstMedia(m)} }, public(s200)}},
		"/api/":             {{"an unknown API path", get("/api/no-such-route"), public(s404)}},
		"/":                 {{"a page of the app", get("/login"), public(s200)}},
	}))
}

// withRows adds extra's routes to rows.
func withRows(extra, rows map[string][]row) map[string][]row {
	for k, v := range extra {
		rows[k] = v
	}
	return rows
}

// orderRows are the rows of a staff action on an order: on a fresh paid
// order of restaurant 1 with the restaurant named (staffOn1), and without
// it (another restaurant's owner finds nothing, a super admin must name it).
// cancelOwed cancels a paid order of restaurant 1 whose payment the provider cannot refund: its
// refund is left owed.
func (m *matrix) cancelOwed(id int64) {
	if _, err := m.db.Exec(context.Background(), `UPDATE pedidos SET payment_id = ? WHERE id = ?`, fmt.Sprint("PAY-OTHER-", id), id); err != nil {
		m.t.Fatal(err)
	}
	if r := m.do("PUT", fmt.Sprintf("/api/pedidos/%d/estado", id), m.owner1, map[string]any{"estado": "cancelado", "motivo": "Cerrado"}); r.status != 200 {
		m.t.Fatalf("cancel: %d %s", r.status, r.body)
	}
}

func orderRows(call func(m *matrix, id int64) (string, map[string]any), method string, code int) []row {
	build := func(named bool) func(m *matrix) req {
		return func(m *matrix) req {
			id, _ := m.paidOrder()
			path, body := call(m, id)
			if named {
				body["cliente_id"] = 1
			}
			return req{method: method, path: path, body: body}
		}
	}
	return []row{
		{"restaurant named", build(true), staffOn1(code)},
		{"restaurant not named", build(false), [5]int{s401, s403, code, s404, s400}},
	}
}

// firstMedia is the URL of a file the demo menu uses.
func firstMedia(m *matrix) string {
	var u string
	if err := m.db.QueryRow(context.Background(), `SELECT image_path FROM categorias WHERE image_path LIKE '/media/%' LIMIT 1`).Scan(&u); err != nil {
		m.t.Fatal(err)
	}
	return u
}

// staffRoute reports whether a route's rows make it a staff route: a diner
// is refused and restaurant 1's owner is not.
func staffRoute(rows []row) bool {
	for _, r := range rows {
		if r.status[1] == s403 && r.status[2] != s403 {
			return true
		}
	}
	return false
}

// signed is a raw body sent with a signature header.
type signed struct {
	body, header, value string
}

// signedForm is signed with a form-encoded body (Twilio's callbacks).
type signedForm signed

func TestAccessMatrix(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		m := newMatrix(t, db)
		table := accessTable()
		for p, rows := range teamAccess() {
			table[p] = rows
		}
		patterns := m.api.Routes().Patterns()
		sort.Strings(patterns)
		seen := map[string]bool{}
		for _, p := range patterns {
			seen[p] = true
			rows, ok := table[p]
			if !ok {
				t.Errorf("route %q has no row in the access matrix", p)
				continue
			}
			if staffRoute(rows) && staffRoles[p] == nil {
				t.Errorf("staff route %q has no row in staffRoles", p)
			}
			for _, r := range rows {
				for _, caller := range callers {
					t.Run(p+"/"+r.name+"/"+caller, func(t *testing.T) {
						q := r.build(m)
						tok := m.token(caller)
						if caller == "diner" && q.asDiner != "" {
							tok = q.asDiner
						}
						var res result
						if s, ok := q.body.(signed); ok {
							res = m.do(q.method, q.path, tok, s.body, s.header, s.value)
						} else if s, ok := q.body.(signedForm); ok {
							res = m.do(q.method, q.path, tok, s.body, s.header, s.value, "Content-Type", "application/x-www-form-urlencoded")
						} else {
							res = m.do(q.method, q.path, tok, q.body)
						}
						if want := expected(p, r, caller); res.status != want {
							t.Fatalf("%s %s as %s: %d, want %d; %s", q.method, q.path, caller, res.status, want, res.body)
						}
					})
				}
			}
		}
		for p := range table {
			if !seen[p] {
				t.Errorf("the access matrix has a row for %q, which is not a registered route", p)
			}
		}
	})
}

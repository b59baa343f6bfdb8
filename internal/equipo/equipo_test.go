package equipo_test

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"sync"
	"testing"
	"time"

	"carta/internal/apperr"
	"carta/internal/audit"
	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/equipo"
	"carta/internal/mail"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

type fixture struct {
	s     *equipo.Service
	db    *store.DB
	clk   *clock
	t     tenant.ID
	owner int64
}

func setup(t *testing.T, db *store.DB) fixture {
	clk := &clock{t: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)}
	db.Now = clk.now
	ctx := context.Background()
	id, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "El Fogón", Estado: clientes.EstadoActivo, Idioma: "es"})
	if err != nil {
		t.Fatal(err)
	}
	hash, err := auth.HashPassword("clave-duena-1")
	if err != nil {
		t.Fatal(err)
	}
	owner, err := auth.CreateStaffUser(ctx, db, auth.StaffUser{Email: "duena@fogon.example", PasswordHash: hash, Role: tenant.RoleCliente, ClienteID: &id})
	if err != nil {
		t.Fatal(err)
	}
	a := &auth.Service{DB: db, TTL: time.Hour}
	return fixture{s: &equipo.Service{DB: db, Auth: a, BaseURL: "https://carta.example"}, db: db, clk: clk, t: tenant.FromRecord(id), owner: owner}
}

func (f fixture) rec(ctx context.Context, q store.Querier, accion, objeto, detalle string) error {
	return audit.Record(ctx, q, f.t, audit.Entry{ActorID: f.owner, Accion: accion, Objeto: objeto, Detalle: detalle})
}

var inviteRE = regexp.MustCompile(`https://carta\.example/invitacion\?[^\s"<]+`)

func (f fixture) inviteToken(t *testing.T, addr string) string {
	t.Helper()
	msgs, err := mail.ListOutbox(context.Background(), f.db, 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if m.Kind == "invitacion" && m.To == addr {
			u, err := url.Parse(inviteRE.FindString(m.Text))
			if err != nil {
				t.Fatal(err)
			}
			return u.Query().Get("token")
		}
	}
	t.Fatalf("no invitation e-mail to %s", addr)
	return ""
}

func isErr(err, want error) bool {
	var a, b *apperr.Error
	return errors.As(err, &a) && errors.As(want, &b) && a.ES == b.ES
}

func (f fixture) role(t *testing.T, id int64) tenant.StaffRole {
	t.Helper()
	var r string
	err := f.db.QueryRow(context.Background(), `SELECT rol FROM membresias WHERE cliente_id = ? AND staff_user_id = ?`, f.t.Int64(), id).Scan(&r)
	if err != nil && !errors.Is(store.NotFound(err), store.ErrNotFound) {
		t.Fatal(err)
	}
	return tenant.StaffRole(r)
}

func (f fixture) audited(t *testing.T, accion string) int {
	t.Helper()
	var n int
	if err := f.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM auditoria WHERE cliente_id = ? AND accion = ?`, f.t.Int64(), accion).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// An invitation works once: a new person sets a password, joins with the
// role, and is signed in on that restaurant; the link then says used.
func TestInvitationSingleUse(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		inv, err := f.s.Invite(ctx, f.t, "Cocina@Fogon.example", tenant.Cocina, f.rec)
		if err != nil {
			t.Fatal(err)
		}
		if inv.Email != "cocina@fogon.example" || inv.Rol != tenant.Cocina || inv.Caduca-inv.Creada != 7*24*3600 {
			t.Fatalf("invitation %+v", inv)
		}
		tok := f.inviteToken(t, "cocina@fogon.example")
		st, err := f.s.State(ctx, tok)
		if err != nil || st.Estado != auth.LinkValid || st.Restaurante != "El Fogón" || st.Rol != tenant.Cocina || st.CuentaExistente {
			t.Fatalf("state %+v %v", st, err)
		}
		team, err := f.s.Team(ctx, f.t, "")
		if err != nil || len(team.Invitaciones) != 1 || len(team.Personas) != 1 {
			t.Fatalf("team %+v %v", team, err)
		}
		if _, err := f.s.Accept(ctx, tok, "corta", "192.0.2.1"); !isErr(err, auth.ErrPasswordShort) {
			t.Fatalf("short password: %v", err)
		}
		res, err := f.s.Accept(ctx, tok, "clave-cocina-1", "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		if res.Token == "" || res.ClienteID == nil || *res.ClienteID != f.t.Int64() || res.Rol != tenant.Cocina {
			t.Fatalf("accepted: %+v", res)
		}
		p, err := f.s.Auth.Authenticate(ctx, res.Token)
		if err != nil || p.RoleAt(f.t.Int64()) != tenant.Cocina {
			t.Fatalf("signed in: %v %v", p, err)
		}
		if _, err := f.s.Accept(ctx, tok, "clave-cocina-1", "192.0.2.1"); !isErr(err, equipo.ErrInviteUsed) {
			t.Fatalf("second use: %v", err)
		}
		if st, _ := f.s.State(ctx, tok); st.Estado != auth.LinkUsed || st.Restaurante != "" {
			t.Fatalf("state after use: %+v", st)
		}
		team, _ = f.s.Team(ctx, f.t, "")
		if len(team.Invitaciones) != 0 || len(team.Personas) != 2 || team.Personas[1].UltimoAcceso == 0 {
			t.Fatalf("team after: %+v", team)
		}
		if f.audited(t, "equipo.invitar") != 1 || f.audited(t, "equipo.aceptar") != 1 {
			t.Fatal("invitation and acceptance are audited")
		}
		// Inviting a member again is a conflict; a super admin cannot be invited.
		if _, err := f.s.Invite(ctx, f.t, "cocina@fogon.example", tenant.Mesero, f.rec); !isErr(err, equipo.ErrAlreadyMember) {
			t.Fatalf("member again: %v", err)
		}
		if _, err := auth.CreateStaffUser(ctx, db, auth.StaffUser{Email: "admin@carta.example", PasswordHash: "x", Role: tenant.RoleSuperAdmin}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.s.Invite(ctx, f.t, "admin@carta.example", tenant.Gerente, f.rec); !isErr(err, equipo.ErrAdmin) {
			t.Fatalf("admin: %v", err)
		}
	})
}

// An invitation expires after seven days (the injected clock); a newer
// invitation of the same person replaces the earlier; a cancelled one says so.
func TestInvitationExpiresAndIsReplaced(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		if _, err := f.s.Invite(ctx, f.t, "mesero@fogon.example", tenant.Mesero, f.rec); err != nil {
			t.Fatal(err)
		}
		first := f.inviteToken(t, "mesero@fogon.example")
		f.clk.add(time.Minute)
		inv, err := f.s.Invite(ctx, f.t, "mesero@fogon.example", tenant.Gerente, f.rec)
		if err != nil {
			t.Fatal(err)
		}
		second := f.inviteToken(t, "mesero@fogon.example")
		if first == second {
			t.Fatal("same token")
		}
		if _, err := f.s.Accept(ctx, first, "clave-mesero-1", "192.0.2.1"); !isErr(err, equipo.ErrInviteRevoked) {
			t.Fatalf("replaced: %v", err)
		}
		f.clk.add(equipo.InviteTTL)
		if st, _ := f.s.State(ctx, second); st.Estado != auth.LinkExpired {
			t.Fatalf("state: %+v", st)
		}
		if _, err := f.s.Accept(ctx, second, "clave-mesero-1", "192.0.2.1"); !isErr(err, equipo.ErrInviteExpired) {
			t.Fatalf("expired: %v", err)
		}
		if _, err := auth.StaffUserByEmail(ctx, db, "mesero@fogon.example"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a refused link creates no account: %v", err)
		}
		// Cancelling a pending one.
		inv, err = f.s.Invite(ctx, f.t, "mesero@fogon.example", tenant.Mesero, f.rec)
		if err != nil {
			t.Fatal(err)
		}
		third := f.inviteToken(t, "mesero@fogon.example")
		if err := f.s.CancelInvite(ctx, f.t, inv.ID, f.rec); err != nil {
			t.Fatal(err)
		}
		if err := f.s.CancelInvite(ctx, f.t, inv.ID, f.rec); !isErr(err, equipo.ErrInvitationNotFound) {
			t.Fatalf("cancel twice: %v", err)
		}
		if _, err := f.s.Accept(ctx, third, "clave-mesero-1", "192.0.2.1"); !isErr(err, equipo.ErrInviteRevoked) {
			t.Fatalf("cancelled: %v", err)
		}
	})
}

// A person already staff elsewhere accepts with their own password,
// checked under the sign-in throttles.
func TestInvitationExistingPerson(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		otherID, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Otro", Estado: clientes.EstadoActivo, Idioma: "en"})
		if err != nil {
			t.Fatal(err)
		}
		other := tenant.FromRecord(otherID)
		if _, err := f.s.Invite(ctx, other, "duena@fogon.example", tenant.Gerente, f.rec); err != nil {
			t.Fatal(err)
		}
		tok := f.inviteToken(t, "duena@fogon.example")
		if st, _ := f.s.State(ctx, tok); !st.CuentaExistente {
			t.Fatalf("state: %+v", st)
		}
		if _, err := f.s.Accept(ctx, tok, "otra-clave-9", "192.0.2.1"); !errors.Is(err, apperr.ErrCredentials) {
			t.Fatalf("wrong password: %v", err)
		}
		res, err := f.s.Accept(ctx, tok, "clave-duena-1", "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Restaurantes) != 2 || *res.ClienteID != otherID || res.Rol != tenant.Gerente {
			t.Fatalf("two restaurants: %+v", res)
		}
	})
}

// The last propietario can be neither demoted nor removed, even by two
// concurrent demotions of the last two.
func TestLastOwner(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		if _, err := f.s.SetRole(ctx, f.t, f.owner, tenant.Gerente, f.rec); !isErr(err, equipo.ErrLastOwner) {
			t.Fatalf("demote the last owner: %v", err)
		}
		if err := f.s.Remove(ctx, f.t, f.owner, f.rec); !isErr(err, equipo.ErrLastOwner) {
			t.Fatalf("remove the last owner: %v", err)
		}
		if _, err := f.s.SetRole(ctx, f.t, f.owner, tenant.Propietario, f.rec); err != nil {
			t.Fatalf("propietario to propietario: %v", err)
		}
		cid := f.t.Int64()
		second, err := auth.CreateStaffUser(ctx, db, auth.StaffUser{Email: "socio@fogon.example", PasswordHash: "x", Role: tenant.RoleCliente, ClienteID: &cid}, tenant.Propietario)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.s.SetRole(ctx, f.t, second, "jefe", f.rec); !isErr(err, equipo.ErrRol) {
			t.Fatalf("bad role: %v", err)
		}
		if _, err := f.s.SetRole(ctx, f.t, 99999, tenant.Cocina, f.rec); !isErr(err, equipo.ErrNotMember) {
			t.Fatalf("not a member: %v", err)
		}
		for round := 0; round < 5; round++ {
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, id := range []int64{f.owner, second} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if i%2 == round%2 {
						_, errs[i] = f.s.SetRole(ctx, f.t, id, tenant.Gerente, f.rec)
					} else {
						errs[i] = f.s.Remove(ctx, f.t, id, f.rec)
					}
				}()
			}
			wg.Wait()
			passed := 0
			for _, err := range errs {
				if err == nil {
					passed++
				} else if !isErr(err, equipo.ErrLastOwner) {
					t.Fatalf("round %d: %v", round, err)
				}
			}
			var owners int
			if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM membresias WHERE cliente_id = ? AND rol = 'propietario'`, cid).Scan(&owners); err != nil {
				t.Fatal(err)
			}
			if passed != 1 || owners != 1 {
				t.Fatalf("round %d: %d passed, %d owners", round, passed, owners)
			}
			// Back to two owners for the next round.
			for _, id := range []int64{f.owner, second} {
				if err := auth.SetMembership(ctx, db, id, cid, tenant.Propietario); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}

// Removing a person ends their sessions at once; a role change is audited.
func TestRemoveEndsSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		cid := f.t.Int64()
		hash, _ := auth.HashPassword("clave-cocina-1")
		cook, err := auth.CreateStaffUser(ctx, db, auth.StaffUser{Email: "cocina@fogon.example", PasswordHash: hash, Role: tenant.RoleCliente, ClienteID: &cid}, tenant.Cocina)
		if err != nil {
			t.Fatal(err)
		}
		tablet, err := f.s.Auth.LoginStaff(ctx, "cocina@fogon.example", "clave-cocina-1", "192.0.2.7", auth.SignInOptions{Mantener: true})
		if err != nil {
			t.Fatal(err)
		}
		phone, err := f.s.Auth.LoginStaff(ctx, "cocina@fogon.example", "clave-cocina-1", "192.0.2.8")
		if err != nil {
			t.Fatal(err)
		}
		team, err := f.s.Team(ctx, f.t, "")
		if err != nil || len(team.Sesiones) != 2 {
			t.Fatalf("sessions: %+v %v", team.Sesiones, err)
		}
		var device auth.SessionInfo
		for _, s := range team.Sesiones {
			if s.Dispositivo != "" {
				device = s
			}
		}
		if device.Dispositivo != auth.DefaultDevice || device.Caduca-device.Creada != int64(auth.DeviceTTL/time.Second) || device.IP != "192.0.2.7" || len(device.ID) < 12 {
			t.Fatalf("device session: %+v", device)
		}
		if _, err := f.s.SetRole(ctx, f.t, cook, tenant.Mesero, f.rec); err != nil {
			t.Fatal(err)
		}
		if f.audited(t, "equipo.rol") != 1 {
			t.Fatal("role change audited")
		}
		if err := f.s.Remove(ctx, f.t, cook, f.rec); err != nil {
			t.Fatal(err)
		}
		for _, tok := range []string{tablet.Token, phone.Token} {
			if _, err := f.s.Auth.Authenticate(ctx, tok); !errors.Is(err, apperr.ErrUnauthorized) {
				t.Fatalf("session after removal: %v", err)
			}
		}
		if f.role(t, cook) != "" || f.audited(t, "equipo.quitar") != 1 {
			t.Fatal("removed and audited")
		}
		if err := f.s.Remove(ctx, f.t, cook, f.rec); !isErr(err, equipo.ErrNotMember) {
			t.Fatalf("remove twice: %v", err)
		}
	})
}

// A password change ends the person's other sessions; the current one
// stays. Its current-password check is throttled per person and address.
func TestPasswordChangeEndsOtherSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		a, err := f.s.Auth.LoginStaff(ctx, "duena@fogon.example", "clave-duena-1", "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		b, err := f.s.Auth.LoginStaff(ctx, "duena@fogon.example", "clave-duena-1", "192.0.2.2")
		if err != nil {
			t.Fatal(err)
		}
		p, err := f.s.Auth.Authenticate(ctx, a.Token)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < auth.PairRule.Limit; i++ {
			if err := f.s.Auth.ChangePassword(ctx, p, "198.51.100.9", "mala-clave-1", "nueva-clave-1"); !errors.Is(err, apperr.ErrCredentials) {
				t.Fatalf("wrong current password %d: %v", i, err)
			}
		}
		if err := f.s.Auth.ChangePassword(ctx, p, "198.51.100.9", "clave-duena-1", "nueva-clave-1"); apperr.KindOf(err) != apperr.TooManyRequests {
			t.Fatalf("throttled: %v", err)
		}
		// Another person from that address is not affected by it.
		if _, err := f.s.Auth.LoginStaff(ctx, "nadie@fogon.example", "x-clave-123", "198.51.100.9"); !errors.Is(err, apperr.ErrCredentials) {
			t.Fatalf("another person: %v", err)
		}
		if err := f.s.Auth.ChangePassword(ctx, p, "192.0.2.1", "clave-duena-1", "nueva-clave-1"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.s.Auth.Authenticate(ctx, a.Token); err != nil {
			t.Fatalf("the current session stays: %v", err)
		}
		if _, err := f.s.Auth.Authenticate(ctx, b.Token); !errors.Is(err, apperr.ErrUnauthorized) {
			t.Fatalf("the other session ends: %v", err)
		}
		if _, err := f.s.Auth.LoginStaff(ctx, "duena@fogon.example", "nueva-clave-1", "192.0.2.3"); err != nil {
			t.Fatal(err)
		}
	})
}

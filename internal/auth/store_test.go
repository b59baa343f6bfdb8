package auth

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"carta/internal/apperr"
	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

func TestStaffUsers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		cid, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "R"})
		if err != nil {
			t.Fatal(err)
		}
		uid, err := CreateStaffUser(ctx, db, StaffUser{Email: " Owner@Example.COM ", PasswordHash: "h", Role: tenant.RoleCliente, ClienteID: &cid})
		if err != nil {
			t.Fatal(err)
		}
		u, err := StaffUserByEmail(ctx, db, "owner@example.com")
		if err != nil || u.ID != uid || u.Email != "owner@example.com" || *u.ClienteID != cid {
			t.Fatalf("by email: %+v %v", u, err)
		}
		if _, err := CreateStaffUser(ctx, db, StaffUser{Email: "OWNER@example.com", PasswordHash: "h", Role: tenant.RoleSuperAdmin}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("duplicate e-mail: %v", err)
		}
		// A cliente account must name its restaurant; a super admin must not.
		if _, err := CreateStaffUser(ctx, db, StaffUser{Email: "x@y.z", PasswordHash: "h", Role: tenant.RoleCliente}); err == nil {
			t.Fatal("cliente without restaurant accepted")
		}
		if _, err := CreateStaffUser(ctx, db, StaffUser{Email: "x@y.z", PasswordHash: "h", Role: tenant.RoleSuperAdmin, ClienteID: &cid}); err == nil {
			t.Fatal("super admin bound to a restaurant accepted")
		}
		if err := CreateSession(ctx, db, "tok", SessionStaff, uid, time.Hour); err != nil {
			t.Fatal(err)
		}
		if err := SetStaffPassword(ctx, db, uid, "h2"); err != nil {
			t.Fatal(err)
		}
		if _, err := getSession(ctx, db, "tok"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("session survived a password change: %v", err)
		}
		if _, err := StaffUserByEmail(ctx, db, "nobody@x.y"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown e-mail: %v", err)
		}
	})
}

func TestSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Unix(1_800_000_000, 0)
		db.Now = func() time.Time { return now }
		if err := CreateSession(ctx, db, "h1", SessionStaff, 7, time.Hour); err != nil {
			t.Fatal(err)
		}
		s, err := getSession(ctx, db, "h1")
		if err != nil || s.SubjectID != 7 || s.Kind != SessionStaff {
			t.Fatalf("get: %+v %v", s, err)
		}
		now = now.Add(time.Hour)
		if _, err := getSession(ctx, db, "h1"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("expired session still valid: %v", err)
		}
		n, err := DeleteExpiredSessions(ctx, db)
		if err != nil || n != 1 {
			t.Fatalf("sweep: %d %v", n, err)
		}
		if err := CreateSession(ctx, db, "h2", SessionUsuario, 8, time.Hour); err != nil {
			t.Fatal(err)
		}
		if err := deleteSession(ctx, db, "h2"); err != nil {
			t.Fatal(err)
		}
		if _, err := getSession(ctx, db, "h2"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("revoked session still valid: %v", err)
		}
	})
}

func TestThrottleReserve(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Unix(1_800_000_000, 0)
		db.Now = func() time.Time { return now }
		rule := ThrottleRule{Limit: 3, Window: time.Minute, Backoff: true, MaxStrikes: 2}
		reserve := func(want bool, wantRetry int64) {
			t.Helper()
			ok, retry, err := ThrottleReserve(ctx, db, "k", rule)
			if err != nil || ok != want || retry != wantRetry {
				t.Fatalf("reserve: ok %v retry %d err %v; want %v %d", ok, retry, err, want, wantRetry)
			}
		}
		for range 3 {
			reserve(true, 0)
		}
		now = now.Add(20 * time.Second)
		reserve(false, 40)
		// A refund inside the window gives one attempt back... but the
		// refused attempt counted too, so the budget is still spent.
		if err := ThrottleRefund(ctx, db, "k"); err != nil {
			t.Fatal(err)
		}
		reserve(false, 40)
		// The window went over the limit: the next one is twice as long.
		now = now.Add(40 * time.Second)
		for range 3 {
			reserve(true, 0)
		}
		reserve(false, 120)
		// Over again: four times (the most with MaxStrikes 2), and it stays there.
		now = now.Add(2 * time.Minute)
		for range 3 {
			reserve(true, 0)
		}
		reserve(false, 240)
		now = now.Add(4 * time.Minute)
		for range 3 {
			reserve(true, 0)
		}
		reserve(false, 240)
		// A window within the limit brings the base length back.
		now = now.Add(4 * time.Minute)
		reserve(true, 0)
		now = now.Add(4 * time.Minute)
		for range 3 {
			reserve(true, 0)
		}
		reserve(false, 60)
		// Reset forgets the key.
		if err := ThrottleReset(ctx, db, "k"); err != nil {
			t.Fatal(err)
		}
		reserve(true, 0)
		// Keys are independent; a rule without backoff keeps its window.
		plain := ThrottleRule{Limit: 1, Window: time.Minute}
		for i := range 3 {
			ok, retry, err := ThrottleReserve(ctx, db, "other", plain)
			if err != nil || ok != (i == 0) || (i > 0 && retry != 60) {
				t.Fatalf("plain %d: %v %d %v", i, ok, retry, err)
			}
		}
		now = now.Add(time.Minute)
		if ok, _, _ := ThrottleReserve(ctx, db, "other", plain); !ok {
			t.Fatal("plain rule kept a longer window")
		}
		if n, err := DeleteExpiredThrottles(ctx, db, 0); err != nil || n != 0 {
			t.Fatalf("nothing expired yet: %d %v", n, err)
		}
		now = now.Add(time.Hour)
		if n, err := DeleteExpiredThrottles(ctx, db, time.Minute); err != nil || n != 2 {
			t.Fatalf("expired keys: %d %v", n, err)
		}
	})
}

// Concurrent reservations are exact: with a limit of 5, 40 attempts at
// once get exactly 5 through, on both engines.
func TestThrottleConcurrentReservations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var wg sync.WaitGroup
		var mu sync.Mutex
		okCount := 0
		for range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, _, err := ThrottleReserve(ctx, db, "c", ThrottleRule{Limit: 5, Window: time.Hour})
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					okCount++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if okCount != 5 {
			t.Fatalf("%d of 40 concurrent reservations went through, want exactly 5", okCount)
		}
	})
}

// Memberships (issue 30, item 3): a person's restaurants and roles, listed
// by name; setting one adds it or changes its role; the principal a token
// resolves to carries every role and acts on the chosen restaurant while
// the person still belongs to it, else on another of theirs; a switch to a
// restaurant they do not belong to is refused.
func TestMemberships(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		mid := "MALFA"
		alfa, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Alfa", MerchantID: &mid})
		if err != nil {
			t.Fatal(err)
		}
		beta, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Beta"})
		if err != nil {
			t.Fatal(err)
		}
		gamma, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Gamma"})
		if err != nil {
			t.Fatal(err)
		}
		uid, err := CreateStaffUser(ctx, db, StaffUser{Email: "grupo@example.com", PasswordHash: "h", Role: tenant.RoleCliente, ClienteID: &beta})
		if err != nil {
			t.Fatal(err)
		}
		roles := func() map[int64]tenant.StaffRole {
			t.Helper()
			ms, err := Memberships(ctx, db, uid)
			if err != nil {
				t.Fatal(err)
			}
			out := map[int64]tenant.StaffRole{}
			for _, m := range ms {
				out[m.ClienteID] = m.Rol
			}
			if len(out) != len(ms) {
				t.Fatalf("a restaurant listed twice: %+v", ms)
			}
			return out
		}
		if got := roles(); len(got) != 1 || got[beta] != tenant.Propietario {
			t.Fatalf("a new account's memberships: %v", got)
		}
		if err := SetMembership(ctx, db, uid, alfa, tenant.Gerente); err != nil {
			t.Fatal(err)
		}
		if err := SetMembership(ctx, db, uid, alfa, tenant.Cocina); err != nil { // changes the role, adds nothing
			t.Fatal(err)
		}
		if err := SetMembership(ctx, db, uid, gamma, tenant.StaffRole("jefe")); err == nil {
			t.Fatal("an unknown role was set")
		}
		ms, err := Memberships(ctx, db, uid)
		if err != nil || len(ms) != 2 || ms[0].ClienteID != alfa || ms[0].Nombre != "Alfa" || ms[0].Rol != tenant.Cocina ||
			ms[0].MerchantID == nil || *ms[0].MerchantID != "MALFA" || ms[1].ClienteID != beta || ms[1].Rol != tenant.Propietario || ms[1].MerchantID != nil {
			t.Fatalf("listed by name: %+v %v", ms, err)
		}
		if ms, err := Memberships(ctx, db, uid+1000); err != nil || len(ms) != 0 {
			t.Fatalf("no one's memberships: %+v %v", ms, err)
		}

		s := &Service{DB: db, TTL: time.Hour}
		tok, hash, err := NewToken()
		if err != nil {
			t.Fatal(err)
		}
		if err := CreateSession(ctx, db, hash, SessionStaff, uid, time.Hour); err != nil {
			t.Fatal(err)
		}
		auth := func() *tenant.Principal {
			t.Helper()
			p, err := s.Authenticate(ctx, tok)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		// No choice yet: the first by name.
		p := auth()
		if m := p.Memberships(); len(m) != 2 || m[alfa] != tenant.Cocina || m[beta] != tenant.Propietario {
			t.Fatalf("members map: %v", m)
		}
		if p.ClienteID() != alfa || p.MerchantID() != "MALFA" || p.RoleAt(alfa) != tenant.Cocina || p.RoleAt(gamma) != "" {
			t.Fatalf("acting on %d (%q), roles %v", p.ClienteID(), p.MerchantID(), p.Memberships())
		}
		info, err := s.SwitchRestaurant(ctx, p, beta)
		if err != nil || info.ClienteID == nil || *info.ClienteID != beta || info.Rol != tenant.Propietario || len(info.Restaurantes) != 2 {
			t.Fatalf("switch to Beta: %+v %v", info, err)
		}
		if p = auth(); p.ClienteID() != beta || p.MerchantID() != "" {
			t.Fatalf("after the switch: acting on %d", p.ClienteID())
		}
		// Gamma is not theirs: refused, the session stays on Beta.
		if _, err := s.SwitchRestaurant(ctx, p, gamma); apperr.KindOf(err) != apperr.Forbidden {
			t.Fatalf("switch to a restaurant not theirs: %v", err)
		}
		if p = auth(); p.ClienteID() != beta {
			t.Fatalf("after a refused switch: acting on %d", p.ClienteID())
		}
		// Removed from Beta (the chosen one): the session acts on Alfa.
		if _, err := db.Exec(ctx, `DELETE FROM membresias WHERE staff_user_id = ? AND cliente_id = ?`, uid, beta); err != nil {
			t.Fatal(err)
		}
		p = auth()
		if p.ClienteID() != alfa || p.RoleAt(beta) != "" || len(p.Memberships()) != 1 {
			t.Fatalf("after removal from Beta: acting on %d, roles %v", p.ClienteID(), p.Memberships())
		}
		if _, err := s.SwitchRestaurant(ctx, p, beta); apperr.KindOf(err) != apperr.Forbidden {
			t.Fatalf("switch back to a restaurant they left: %v", err)
		}
		// Removed everywhere: signed in, acting on none.
		if _, err := db.Exec(ctx, `DELETE FROM membresias WHERE staff_user_id = ?`, uid); err != nil {
			t.Fatal(err)
		}
		if p = auth(); p.ClienteID() != 0 || len(p.Memberships()) != 0 || p.MayAny() {
			t.Fatalf("no restaurant left: acting on %d, roles %v", p.ClienteID(), p.Memberships())
		}
	})
}

// One's own sessions list the one in hand first, whatever the others'
// last use (written at most once a minute), then the most recently used:
// for staff and for diners alike.
func TestOwnSessionsListTheCurrentFirst(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Unix(1_800_000_000, 0)
		db.Now = func() time.Time { return now }
		cid, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "R"})
		if err != nil {
			t.Fatal(err)
		}
		staff, err := CreateStaffUser(ctx, db, StaffUser{Email: "s@example.com", PasswordHash: "h", Role: tenant.RoleCliente, ClienteID: &cid})
		if err != nil {
			t.Fatal(err)
		}
		// Opened in this order, a minute apart: "held" is the oldest and its last use the oldest.
		for i, h := range []string{"held", "older", "newer"} {
			now = now.Add(time.Duration(i) * time.Minute)
			for kind, subject := range map[string]int64{SessionStaff: staff, SessionUsuario: 42} {
				if err := CreateSession(ctx, db, kind+h, kind, subject, 24*time.Hour); err != nil {
					t.Fatal(err)
				}
			}
		}
		st, err := StaffSessions(ctx, db, staff, SessionStaff+"held")
		if err != nil || len(st) != 3 {
			t.Fatalf("staff: %+v %v", st, err)
		}
		if !st[0].Actual || st[1].Actual || st[1].UltimoUso < st[2].UltimoUso {
			t.Fatalf("staff order: %+v", st)
		}
		dn, err := DinerSessions(ctx, db, 42, SessionUsuario+"held")
		if err != nil || len(dn) != 3 {
			t.Fatalf("diner: %+v %v", dn, err)
		}
		if !dn[0].Actual || dn[1].Actual || dn[1].UltimoUso < dn[2].UltimoUso {
			t.Fatalf("diner order: %+v", dn)
		}
	})
}

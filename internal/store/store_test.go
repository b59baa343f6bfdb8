package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

func ptr[T any](v T) *T { return &v }

func TestMigrateIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		n, err := db.Migrate(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("second migrate applied %d migrations, want 0", n)
		}
	})
}

func TestMigrationsMatchAcrossEngines(t *testing.T) {
	a, err := store.Migrations(store.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	b, err := store.Migrations(store.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) {
		t.Fatalf("sqlite has %d migrations, postgres %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Name != b[i].Name {
			t.Errorf("migration %d: sqlite %s, postgres %s", i, a[i].Name, b[i].Name)
		}
	}
}

func TestClientes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		id, err := store.CreateCliente(ctx, db, store.Cliente{Nombre: "Uno", MerchantID: ptr("M1"), Email: "a@b.c"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := store.CreateCliente(ctx, db, store.Cliente{Nombre: "Dos", MerchantID: ptr("M1")}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("duplicate merchant id: got %v, want ErrConflict", err)
		}
		// Restaurants without a merchant id yet may coexist.
		for range 2 {
			if _, err := store.CreateCliente(ctx, db, store.Cliente{Nombre: "Sin merchant"}); err != nil {
				t.Fatalf("cliente without merchant: %v", err)
			}
		}
		c, err := store.GetCliente(ctx, db, id)
		if err != nil {
			t.Fatal(err)
		}
		if c.Nombre != "Uno" || *c.MerchantID != "M1" || c.Estado != store.EstadoPendiente || c.FechaProximoPago != nil {
			t.Fatalf("got %+v", c)
		}
		byM, err := store.GetClienteByMerchant(ctx, db, "M1")
		if err != nil || byM.ID != id {
			t.Fatalf("by merchant: %+v %v", byM, err)
		}
		if _, err := store.GetCliente(ctx, db, 999); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing cliente: %v", err)
		}
		all, err := store.ListClientes(ctx, db)
		if err != nil || len(all) != 3 || all[0].ID != id {
			t.Fatalf("list: %d %v", len(all), err)
		}
		if _, err := db.Exec(ctx, `UPDATE clientes SET estado = 'borrado' WHERE id = ?`, id); err == nil {
			t.Fatal("an unknown estado was accepted")
		}
	})
}

func TestStaffUsers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		cid, err := store.CreateCliente(ctx, db, store.Cliente{Nombre: "R"})
		if err != nil {
			t.Fatal(err)
		}
		uid, err := store.CreateStaffUser(ctx, db, store.StaffUser{Email: " Owner@Example.COM ", PasswordHash: "h", Role: store.RoleCliente, ClienteID: &cid})
		if err != nil {
			t.Fatal(err)
		}
		u, err := store.GetStaffUserByEmail(ctx, db, "owner@example.com")
		if err != nil || u.ID != uid || u.Email != "owner@example.com" || *u.ClienteID != cid {
			t.Fatalf("by email: %+v %v", u, err)
		}
		if _, err := store.CreateStaffUser(ctx, db, store.StaffUser{Email: "OWNER@example.com", PasswordHash: "h", Role: store.RoleSuperAdmin}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("duplicate e-mail: %v", err)
		}
		// A cliente account must name its restaurant; a super admin must not.
		if _, err := store.CreateStaffUser(ctx, db, store.StaffUser{Email: "x@y.z", PasswordHash: "h", Role: store.RoleCliente}); err == nil {
			t.Fatal("cliente without restaurant accepted")
		}
		if _, err := store.CreateStaffUser(ctx, db, store.StaffUser{Email: "x@y.z", PasswordHash: "h", Role: store.RoleSuperAdmin, ClienteID: &cid}); err == nil {
			t.Fatal("super admin bound to a restaurant accepted")
		}
		if err := store.CreateSession(ctx, db, "tok", store.SessionStaff, uid, time.Hour); err != nil {
			t.Fatal(err)
		}
		if err := store.SetStaffPassword(ctx, db, uid, "h2"); err != nil {
			t.Fatal(err)
		}
		if _, err := store.GetSession(ctx, db, "tok"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("session survived a password change: %v", err)
		}
		if _, err := store.GetStaffUserByEmail(ctx, db, "nobody@x.y"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown e-mail: %v", err)
		}
	})
}

func TestSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Unix(1_800_000_000, 0)
		db.Now = func() time.Time { return now }
		if err := store.CreateSession(ctx, db, "h1", store.SessionStaff, 7, time.Hour); err != nil {
			t.Fatal(err)
		}
		s, err := store.GetSession(ctx, db, "h1")
		if err != nil || s.SubjectID != 7 || s.Kind != store.SessionStaff {
			t.Fatalf("get: %+v %v", s, err)
		}
		now = now.Add(time.Hour)
		if _, err := store.GetSession(ctx, db, "h1"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("expired session still valid: %v", err)
		}
		n, err := store.DeleteExpiredSessions(ctx, db)
		if err != nil || n != 1 {
			t.Fatalf("sweep: %d %v", n, err)
		}
		if err := store.CreateSession(ctx, db, "h2", store.SessionUsuario, 8, time.Hour); err != nil {
			t.Fatal(err)
		}
		if err := store.DeleteSession(ctx, db, "h2"); err != nil {
			t.Fatal(err)
		}
		if _, err := store.GetSession(ctx, db, "h2"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("revoked session still valid: %v", err)
		}
	})
}

func TestThrottle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Unix(1_800_000_000, 0)
		db.Now = func() time.Time { return now }
		for i := 1; i <= 2; i++ {
			until, err := store.ThrottleFail(ctx, db, "k", 3, time.Minute, 10*time.Minute)
			if err != nil || until != 0 {
				t.Fatalf("failure %d: %d %v", i, until, err)
			}
		}
		// The window passes: the count starts again.
		now = now.Add(2 * time.Minute)
		for i := 1; i <= 2; i++ {
			if until, err := store.ThrottleFail(ctx, db, "k", 3, time.Minute, 10*time.Minute); err != nil || until != 0 {
				t.Fatalf("after window, failure %d locked: %d %v", i, until, err)
			}
		}
		until, err := store.ThrottleFail(ctx, db, "k", 3, time.Minute, 10*time.Minute)
		if err != nil || until != now.Add(10*time.Minute).Unix() {
			t.Fatalf("third failure: until %d err %v", until, err)
		}
		got, err := store.ThrottleLockedUntil(ctx, db, "k")
		if err != nil || got != until {
			t.Fatalf("locked until %d, want %d (%v)", got, until, err)
		}
		// Reset does not lift an active lock.
		if err := store.ThrottleReset(ctx, db, "k"); err != nil {
			t.Fatal(err)
		}
		if got, _ := store.ThrottleLockedUntil(ctx, db, "k"); got != until {
			t.Fatal("reset lifted an active lock")
		}
		now = now.Add(11 * time.Minute)
		if got, _ := store.ThrottleLockedUntil(ctx, db, "k"); got != 0 {
			t.Fatalf("lock did not expire: %d", got)
		}
	})
}

// Concurrent failures are all counted: the increment is atomic.
func TestThrottleConcurrentFailuresAllCount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var wg sync.WaitGroup
		locks := make(chan int64, 20)
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				until, err := store.ThrottleFail(ctx, db, "c", 20, time.Hour, time.Hour)
				if err != nil {
					t.Error(err)
				}
				locks <- until
			}()
		}
		wg.Wait()
		close(locks)
		n := 0
		for u := range locks {
			if u > 0 {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("%d of 20 concurrent failures locked the key, want exactly 1", n)
		}
	})
}

func TestInTxRollsBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := db.InTx(ctx, func(tx *store.Tx) error {
			if _, err := store.CreateCliente(ctx, tx, store.Cliente{Nombre: "half"}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("got %v", err)
		}
		all, _ := store.ListClientes(ctx, db)
		if len(all) != 0 {
			t.Fatalf("rolled-back insert is visible: %+v", all)
		}
	})
}

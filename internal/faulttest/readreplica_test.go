package faulttest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"carta/internal/auth"
	"carta/internal/store"
	"carta/internal/tenant"
)

// TestReadReplicaStandby runs Carta with CARTA_DATABASE_READ_URL on a real
// streaming standby: the menu's cache misses, the cava list and the
// owner's summary read from it (its connections are seen on the standby),
// and with the standby's replay paused — a replica lagging behind — the
// menu the owner just saved is served at once, read from the primary,
// while the standby still holds the old one.
func TestReadReplicaStandby(t *testing.T) {
	needStandbyRun(t)
	p := newPGPair(t)
	e := engine{d: store.Postgres, url: p.URL}
	db := e.open(t)
	f := newCloverFakes(t)
	cid, _ := cloverRestaurant(t, db, f)
	ctx := context.Background()
	hash, err := auth.HashPassword("correct-horse-1")
	if err != nil {
		t.Fatal(err)
	}
	uid, err := auth.CreateStaffUser(ctx, db, auth.StaffUser{Email: "carta@example.com", PasswordHash: hash, Role: tenant.RoleCliente, ClienteID: &cid})
	if err != nil {
		t.Fatal(err)
	}
	owner := session(t, db, auth.SessionStaff, uid)
	env := cloverEnv(e, f)
	env["CARTA_DATABASE_READ_URL"] = p.StandbyURL + "&application_name=carta_read"
	srv := Start(t, env)

	a := must(t, srv.URL, "POST", "/api/categories", owner, map[string]any{"cliente_id": cid, "name": "Entradas"})
	cat := int64(a.json["categoria"].(map[string]any)["id"].(float64))
	menuPath := fmt.Sprintf("/api/categories?cliente_id=%d&idioma=es", cid)
	if a := must(t, srv.URL, "GET", menuPath, "", nil); !strings.Contains(string(a.body), "Entradas") {
		t.Fatalf("the menu after the owner's save: %s", a.body)
	}
	must(t, srv.URL, "GET", "/api/cavas", "", nil)
	must(t, srv.URL, "GET", fmt.Sprintf("/api/clientes/%d/resumen", cid), owner, nil)
	standby := p.open(t, p.StandbyURL)
	if n := count(t, standby, `SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = 'carta_read'`); n == 0 {
		t.Fatal("no connection of carta's read pool on the standby")
	}

	// The replica stops replaying (it still receives and flushes the WAL,
	// so the primary's synchronous commits go on): it lags.
	if _, err := standby.Exec(ctx, `SELECT pg_wal_replay_pause()`); err != nil {
		t.Fatal(err)
	}
	Eventually(t, 10*time.Second, "the standby's replay paused", func() bool {
		var st string
		return standby.QueryRow(ctx, `SELECT pg_get_wal_replay_pause_state()`).Scan(&st) == nil && st == "paused"
	})
	must(t, srv.URL, "PUT", fmt.Sprintf("/api/categories/%d", cat), owner, map[string]any{"name": "Guardado con la réplica atrasada"})
	var name string
	if err := standby.QueryRow(ctx, `SELECT name FROM categorias WHERE id = ?`, cat).Scan(&name); err != nil || name != "Entradas" {
		t.Fatalf("the paused standby has %q (%v): it is not behind", name, err)
	}
	if a := must(t, srv.URL, "GET", menuPath, "", nil); !strings.Contains(string(a.body), "Guardado con la réplica atrasada") {
		t.Fatalf("a lagging replica served a menu older than the one just saved: %s", a.body)
	}
	must(t, srv.URL, "GET", fmt.Sprintf("/api/clientes/%d/resumen", cid), owner, nil)

	// It catches up.
	if _, err := standby.Exec(ctx, `SELECT pg_wal_replay_resume()`); err != nil {
		t.Fatal(err)
	}
	Eventually(t, 30*time.Second, "the standby replaying the save", func() bool {
		return standby.QueryRow(ctx, `SELECT name FROM categorias WHERE id = ?`, cat).Scan(&name) == nil && name == "Guardado con la réplica atrasada"
	})
	must(t, srv.URL, "PUT", fmt.Sprintf("/api/categories/%d", cat), owner, map[string]any{"name": "Otra vez"})
	Eventually(t, 30*time.Second, "the next save on the menu", func() bool {
		return strings.Contains(string(must(t, srv.URL, "GET", menuPath, "", nil).body), "Otra vez")
	})
}

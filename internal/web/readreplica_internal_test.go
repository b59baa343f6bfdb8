package web

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"carta/internal/demo"
	"carta/internal/menu"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// TestMenuReadReplicaLag: with a read replica (here a fake that lags: a
// second database with the same demo data, changed on its own), a menu
// cache miss reads the body from the replica while the replica has the
// primary's menu version, and from the primary when the owner has just
// saved a version the replica has not replayed yet — a lagging replica
// never serves a menu older than the one saved.
func TestMenuReadReplicaLag(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		reader := storetest.Open(t, db.Dialect())
		const cat = 900
		for _, d := range []*store.DB{db, reader} {
			if err := demo.Seed(ctx, d); err != nil {
				t.Fatal(err)
			}
			if _, err := d.Exec(ctx, `INSERT INTO categorias (id, cliente_id, name, position, created_at) VALUES (?, 1, 'Entradas', 0, 0)`, cat); err != nil {
				t.Fatal(err)
			}
		}
		name := func(d *store.DB, n string, bump bool) {
			t.Helper()
			if _, err := d.Exec(ctx, `UPDATE categorias SET name = ? WHERE id = ?`, n, cat); err != nil {
				t.Fatal(err)
			}
			if bump {
				if _, err := d.Exec(ctx, `UPDATE clientes SET menu_version = menu_version + 1 WHERE id = 1`); err != nil {
					t.Fatal(err)
				}
			}
		}
		db.SetReader(reader)
		s := &Site{Menu: &menu.Service{DB: db}}
		get := func() string {
			t.Helper()
			w := httptest.NewRecorder()
			if err := s.Categories(w, httptest.NewRequest("GET", "/api/categories?cliente_id=1&idioma=es", nil)); err != nil {
				t.Fatal(err)
			}
			return w.Body.String()
		}

		// The replica has the primary's version: the body is read there.
		name(reader, "Copia de la réplica", false)
		if b := get(); !strings.Contains(b, "Copia de la réplica") {
			t.Fatalf("the replica at the primary's version was not read: %s", b)
		}
		// The owner saves (the primary's version moves on; this replica's
		// write forgets its state): the replica is behind, the primary is read.
		name(db, "Guardado por el dueño", true)
		s.cache.forget(1)
		if b := get(); !strings.Contains(b, "Guardado por el dueño") {
			t.Fatalf("a lagging replica served a menu older than the saved one: %s", b)
		}
		// The replica replays the save: the next version's miss reads it.
		name(reader, "Réplica al día", true)
		name(db, "Guardado otra vez", true)
		name(reader, "Réplica al día otra vez", true)
		s.cache.forget(1)
		if b := get(); !strings.Contains(b, "Réplica al día otra vez") {
			t.Fatalf("the replica that caught up was not read: %s", b)
		}
		// Without a replica everything is the primary's.
		db.SetReader(nil)
		name(db, "Solo el primario", true)
		s.cache.forget(1)
		if b := get(); !strings.Contains(b, "Solo el primario") {
			t.Fatalf("without a replica: %s", b)
		}
	})
}

package accounts_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"carta/internal/accounts"
	"carta/internal/demo"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// rosterFixture writes the rows the list reads straight into the tables
// (the purchase and order flows are tested in their own packages).
type rosterFixture struct {
	t   *testing.T
	db  *store.DB
	seq int
}

func (f *rosterFixture) exec(q string, args ...any) {
	f.t.Helper()
	if _, err := f.db.Exec(context.Background(), q, args...); err != nil {
		f.t.Fatal(err)
	}
}

// diner registers a diner who last visited each restaurant of visits at
// the given time.
func (f *rosterFixture) diner(nombre, email, tel string, mailing, whatsapp bool, visits map[int64]int64) int64 {
	f.t.Helper()
	id, err := accounts.Create(context.Background(), f.db, accounts.Usuario{Nombre: nombre, Email: email, Telefono: tel, PasswordHash: "x",
		SuscritoMailing: mailing, WhatsappNotificaciones: whatsapp})
	if err != nil {
		f.t.Fatal(err)
	}
	for cliente, at := range visits {
		f.exec(`INSERT INTO usuario_restaurantes (usuario_id, cliente_id, last_seen_at) VALUES (?, ?, ?)`, id, cliente, at)
	}
	return id
}

func (f *rosterFixture) compra(usuario, cliente int64, estado string, subtotal int64) {
	f.exec(`INSERT INTO compras (usuario_id, cliente_id, descripcion, estado, subtotal, fee, total, created_at)
		VALUES (?, ?, 'Cupón', ?, ?, 500, ?, 0)`, usuario, cliente, estado, subtotal, subtotal+500)
}

func (f *rosterFixture) pedido(usuario, cliente int64, estado string, paidAt, total int64) {
	f.seq++
	f.exec(`INSERT INTO pedidos (cliente_id, usuario_id, token, estado, nombre, email, recoger_at, franja,
		subtotal, impuestos, total, moneda, expires_at, created_at, paid_at, updated_at)
		VALUES (?, ?, ?, ?, 'Ana', 'ana@example.com', 0, 0, ?, 0, ?, 'USD', 0, 0, ?, 0)`,
		cliente, usuario, fmt.Sprintf("roster-%d", f.seq), estado, total, total, paidAt)
}

func (f *rosterFixture) puntos(usuario, cliente, n int64) {
	f.exec(`INSERT INTO puntos (usuario_id, cliente_id, puntos, motivo, created_at) VALUES (?, ?, ?, 'prueba', 0)`, usuario, cliente, n)
}

func TestRoster(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		f := &rosterFixture{t: t, db: db}
		ana := f.diner("Ana Ruiz", "ana@example.com", "+34 600 111 222", true, true, map[int64]int64{1: 3000, 2: 9000})
		beto := f.diner("ÁNGEL Beto Peña", "beto@example.com", "600 333 444", false, false, map[int64]int64{1: 2000})
		cata := f.diner("Catalina 100%", "cata@example.com", "600 555 666", false, true, map[int64]int64{1: 1000})
		f.diner("Dora Solo Dos", "dora@example.com", "", true, true, map[int64]int64{2: 5000})

		f.compra(ana, 1, "pagado", 2000)
		f.compra(ana, 1, "canjeado", 1500)
		f.compra(ana, 1, "pendiente", 9999) // an open checkout: not bought
		f.compra(ana, 1, "fallido", 9999)
		f.compra(ana, 2, "pagado", 7000) // another restaurant's
		f.pedido(ana, 1, "entregado", 100, 2550)
		f.pedido(ana, 1, "cancelado", 100, 9999)
		f.pedido(ana, 1, "pendiente_pago", 0, 9999)
		f.pedido(ana, 2, "recibido", 100, 8000)
		f.puntos(ana, 1, 35)
		f.puntos(ana, 1, -5)
		f.puntos(ana, 2, 70)

		page, err := accounts.Roster(ctx, db, tenant.Job(1), accounts.RosterFilter{Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		if page.Total != 3 || len(page.Usuarios) != 3 || page.Siguiente != "" {
			t.Fatalf("page: %+v", page)
		}
		want := accounts.Comensal{ID: ana, Nombre: "Ana Ruiz", Email: "ana@example.com", Telefono: "+34 600 111 222",
			UltimaVisita: 3000, Cupones: 2, Pedidos: 1, Gastado: 2000 + 1500 + 2550, Puntos: 30}
		got := page.Usuarios[0]
		got.RegistradoAt = 0
		if got != want {
			t.Errorf("first diner %+v, want %+v", got, want)
		}
		if page.Usuarios[0].RegistradoAt == 0 {
			t.Error("registrado_at not read")
		}
		// Latest visit first; contact details only with consent.
		if b := page.Usuarios[1]; b.ID != beto || b.Email != "" || b.Telefono != "" || b.Cupones != 0 || b.Gastado != 0 || b.Puntos != 0 {
			t.Errorf("second diner %+v", b)
		}
		if c := page.Usuarios[2]; c.ID != cata || c.Email != "" || c.Telefono != "600 555 666" {
			t.Errorf("third diner %+v", c)
		}

		// The other restaurant sees its own diners and figures only.
		two, err := accounts.Roster(ctx, db, tenant.Job(2), accounts.RosterFilter{Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		if two.Total != 2 || two.Usuarios[0].ID != ana || two.Usuarios[0].Gastado != 15000 || two.Usuarios[0].Cupones != 1 || two.Usuarios[0].Puntos != 70 {
			t.Errorf("restaurant 2: %+v", two)
		}

		// Search: name or e-mail, any case, with or without accents (an
		// accented capital too, which SQLite's LOWER leaves as it is);
		// LIKE's wildcards are text.
		for q, ids := range map[string][]int64{
			"ana ruiz": {ana}, "BETO@": {beto}, "%": {cata}, "_": nil, "example.com": {ana, beto, cata}, "dora": nil,
			"angel": {beto}, "Ángel": {beto}, "pena": {beto}, "PEÑA": {beto}, "ángel beto": {beto},
		} {
			p, err := accounts.Roster(ctx, db, tenant.Job(1), accounts.RosterFilter{Query: q, Limit: 50})
			if err != nil {
				t.Fatal(err)
			}
			if p.Total != len(ids) || len(p.Usuarios) != len(ids) {
				t.Errorf("q=%q: %+v", q, p)
				continue
			}
			for i, id := range ids {
				if p.Usuarios[i].ID != id {
					t.Errorf("q=%q: %d is %d, want %d", q, i, p.Usuarios[i].ID, id)
				}
			}
		}

		// Pages of two: the cursor continues where the page ended, the
		// total stays the count of all.
		first, err := accounts.Roster(ctx, db, tenant.Job(1), accounts.RosterFilter{Limit: 2})
		if err != nil {
			t.Fatal(err)
		}
		after, ok := accounts.ParseCursor(first.Siguiente)
		if len(first.Usuarios) != 2 || first.Total != 3 || !ok {
			t.Fatalf("first page %+v", first)
		}
		second, err := accounts.Roster(ctx, db, tenant.Job(1), accounts.RosterFilter{Limit: 2, After: after})
		if err != nil {
			t.Fatal(err)
		}
		if len(second.Usuarios) != 1 || second.Usuarios[0].ID != cata || second.Siguiente != "" || second.Total != 3 {
			t.Errorf("second page %+v", second)
		}

		// The export's filter: diners who accepted e-mails or WhatsApp
		// (with a phone), no page bound.
		all, err := accounts.Roster(ctx, db, tenant.Job(1), accounts.RosterFilter{Contactable: true})
		if err != nil {
			t.Fatal(err)
		}
		if all.Total != 2 || len(all.Usuarios) != 2 || all.Usuarios[0].ID != ana || all.Usuarios[1].ID != cata {
			t.Errorf("contactable: %+v", all)
		}

		// The export reads in batches (two here: batch ends on a page
		// boundary, and a short last one) and gives each diner once, in
		// the list's order.
		for _, batch := range []int{1, 2, 3} {
			restore := accounts.SetRosterBatch(batch)
			var got []int64
			err := accounts.EachComensal(ctx, db, tenant.Job(1), accounts.RosterFilter{}, func(c accounts.Comensal) error {
				got = append(got, c.ID)
				return nil
			})
			restore()
			if err != nil || !slices.Equal(got, []int64{ana, beto, cata}) {
				t.Errorf("batches of %d: %v (%v)", batch, got, err)
			}
		}
		stop := errors.New("stop")
		n := 0
		if err := accounts.EachComensal(ctx, db, tenant.Job(1), accounts.RosterFilter{}, func(accounts.Comensal) error {
			n++
			return stop
		}); !errors.Is(err, stop) || n != 1 {
			t.Errorf("fn's error: %v after %d", err, n)
		}
	})
}

func TestParseCursor(t *testing.T) {
	for raw, ok := range map[string]bool{"1700000000.42": true, "0.1": true, "5.-3": true, "": false, "12": false, "a.1": false, "1.0": false, "-1.2": false, "1.2.3": false} {
		if _, got := accounts.ParseCursor(raw); got != ok {
			t.Errorf("accounts.ParseCursor(%q) ok = %v, want %v", raw, got, ok)
		}
	}
	if c, _ := accounts.ParseCursor("1700000000.42"); c.String() != "1700000000.42" {
		t.Errorf("round trip: %s", c)
	}
}

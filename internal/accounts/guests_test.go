package accounts_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"carta/internal/accounts"
	"carta/internal/auth"
	"carta/internal/demo"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// guestOrder stores a paid guest order of restaurant cliente and records
// its guest as the payment's confirmation does (one transaction), at the
// database's clock.
func (f *rosterFixture) guestOrder(cliente int64, nombre, email, tel string, novedades bool, total int64) int64 {
	f.t.Helper()
	f.seq++
	ctx := context.Background()
	var guest int64
	err := f.db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		now := tx.NowUnix()
		id, err := store.InsertID(ctx, tx, `INSERT INTO pedidos (cliente_id, token, estado, nombre, email, telefono, novedades, recoger_at, franja,
			subtotal, impuestos, total, moneda, expires_at, created_at, paid_at, updated_at)
			VALUES (?, ?, 'recibido', ?, ?, ?, ?, 0, 0, ?, 0, ?, 'USD', 0, ?, ?, ?)`,
			cliente, "guest-"+string(rune('a'+f.seq)), nombre, email, tel, store.BoolInt(novedades), total, total, now-60, now, now)
		if err != nil {
			return err
		}
		guest, err = accounts.RecordGuest(ctx, tx, tenant.Job(cliente), accounts.GuestOrder{PedidoID: id, Nombre: nombre, Email: email,
			Telefono: tel, Novedades: novedades, PlacedAt: now - 60})
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE pedidos SET invitado_id = ? WHERE id = ?`, guest, id)
		return err
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return guest
}

func rosterOf(t *testing.T, db *store.DB, cliente int64, f accounts.RosterFilter) accounts.RosterPage {
	t.Helper()
	p, err := accounts.Roster(context.Background(), db, tenant.Job(cliente), f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A guest who paid an order is a customer of that restaurant: listed as a
// guest with the orders' figures, the e-mail only when they ticked "quiero
// recibir novedades" (recorded with when, how and which order), never the
// phone; one row per restaurant and e-mail, whatever its case.
func TestGuestsInTheRoster(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		now := time.Unix(1_800_000_000, 0)
		db.Now = func() time.Time { return now }
		f := &rosterFixture{t: t, db: db}
		ana := f.diner("Ana Ruiz", "ana@example.com", "", true, false, map[int64]int64{1: now.Unix() - 5000})

		gala := f.guestOrder(1, "Gala Invitada", "Gala@Example.com ", "600 111 222", true, 2500)
		now = now.Add(time.Minute)
		hugo := f.guestOrder(1, "Hugo Invitado", "hugo@example.com", "600 333 444", false, 1200)
		now = now.Add(time.Minute)
		// Gala again, without the tick and without a phone: one guest, her
		// consent stands, the phone she gave is kept, the name is the
		// latest, the last visit moves.
		if again := f.guestOrder(1, "Gala I.", "gala@example.com", "", false, 500); again != gala {
			t.Fatalf("a second guest row for the same e-mail: %d, %d", gala, again)
		}
		// Another restaurant's guest with the same e-mail is that
		// restaurant's.
		f.guestOrder(2, "Gala", "gala@example.com", "", false, 9900)

		g, err := accounts.GuestByEmail(ctx, db, tenant.Job(1), "gala@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if !g.SuscritoMailing || g.SuscritoAt != 1_800_000_000-60 || g.SuscritoOrigen != "pedido" || g.SuscritoPedidoID == 0 ||
			g.Origen != "pedido" || g.Nombre != "Gala I." || g.Telefono != "600 111 222" || g.UsuarioID != 0 || g.LastSeenAt != now.Unix() {
			t.Errorf("gala's record: %+v", g)
		}
		if h, _ := accounts.GuestByEmail(ctx, db, tenant.Job(1), "hugo@example.com"); h.SuscritoMailing || h.SuscritoAt != 0 || h.SuscritoOrigen != "" {
			t.Errorf("hugo did not tick: %+v", h)
		}

		page := rosterOf(t, db, 1, accounts.RosterFilter{Limit: 50})
		want := []accounts.Comensal{
			{ID: gala, Invitado: true, Nombre: "Gala I.", Email: "gala@example.com", UltimaVisita: now.Unix(), RegistradoAt: 1_800_000_000,
				Pedidos: 2, Gastado: 3000},
			{ID: hugo, Invitado: true, Nombre: "Hugo Invitado", UltimaVisita: now.Unix() - 60, RegistradoAt: now.Unix() - 60, Pedidos: 1, Gastado: 1200},
		}
		if page.Total != 3 || len(page.Usuarios) != 3 || !slices.Equal(page.Usuarios[:2], want) || page.Usuarios[2].ID != ana || page.Usuarios[2].Invitado {
			t.Fatalf("roster: %+v", page)
		}

		// Search and the export's filter take guests too; the export keeps
		// only the guest who ticked the box.
		if p := rosterOf(t, db, 1, accounts.RosterFilter{Query: "HUGO", Limit: 50}); p.Total != 1 || p.Usuarios[0].ID != hugo {
			t.Errorf("search: %+v", p)
		}
		if p := rosterOf(t, db, 1, accounts.RosterFilter{Contactable: true}); p.Total != 2 || p.Usuarios[0].ID != gala || p.Usuarios[1].ID != ana {
			t.Errorf("contactable: %+v", p)
		}

		// Pages of one walk accounts and guests in order, each once.
		var seen []accounts.Comensal
		var after *accounts.Cursor
		for range 4 {
			p := rosterOf(t, db, 1, accounts.RosterFilter{Limit: 1, After: after})
			seen = append(seen, p.Usuarios...)
			if p.Siguiente == "" {
				break
			}
			after, _ = accounts.ParseCursor(p.Siguiente)
		}
		if len(seen) != 3 || seen[0].ID != gala || seen[1].ID != hugo || seen[2].ID != ana {
			t.Errorf("pages of one: %+v", seen)
		}
		// Same last visit: a guest and an account whose ids are equal are
		// still two rows, in a stable order.
		if _, err := db.Exec(ctx, `UPDATE invitados SET last_seen_at = ? WHERE id = ?`, 1, hugo); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `UPDATE usuario_restaurantes SET last_seen_at = ? WHERE usuario_id = ?`, 1, ana); err != nil {
			t.Fatal(err)
		}
		seen, after = nil, nil
		for range 4 {
			p := rosterOf(t, db, 1, accounts.RosterFilter{Limit: 1, After: after})
			seen = append(seen, p.Usuarios...)
			if p.Siguiente == "" {
				break
			}
			after, _ = accounts.ParseCursor(p.Siguiente)
		}
		if len(seen) != 3 || seen[1].ID != ana || seen[1].Invitado || seen[2].ID != hugo || !seen[2].Invitado {
			t.Errorf("tied pages: %+v", seen)
		}
		if p := rosterOf(t, db, 2, accounts.RosterFilter{Limit: 50}); p.Total != 1 || p.Usuarios[0].Gastado != 9900 || p.Usuarios[0].Email != "" {
			t.Errorf("restaurant 2: %+v", p)
		}
	})
}

// Registering with a guest's e-mail claims the guest, in the
// registration's transaction: the restaurant sees one customer — the
// account, with its consent (the guest's is not carried over) and the
// guest's orders in its figures — and the guest row is linked, not listed.
// The account's own pages do not gain the restaurants it ordered from as a
// guest. A guest order paid with an account's e-mail is that account's at
// once.
func TestRegistrationClaimsGuests(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		now := time.Unix(1_800_000_000, 0)
		db.Now = func() time.Time { return now }
		f := &rosterFixture{t: t, db: db}
		f.guestOrder(1, "Gala", "gala@example.com", "600 111 222", true, 2500) // ticked at restaurant 1
		f.guestOrder(2, "Gala", "gala@example.com", "600 111 222", false, 700)
		f.guestOrder(1, "Otro", "otro@example.com", "", false, 100)
		now = now.Add(time.Hour)

		s := &accounts.Service{DB: db, Auth: &auth.Service{DB: db, TTL: time.Hour}}
		no := false
		sess, err := s.Register(ctx, accounts.Registration{Nombre: "Gala Gómez", Email: "GALA@example.com", Password: "clave-segura-1",
			SuscritoMailing: &no, ClienteID: 2}, "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []int64{1, 2} {
			g, err := accounts.GuestByEmail(ctx, db, tenant.Job(c), "gala@example.com")
			if err != nil || g.UsuarioID != sess.UsuarioID || g.VinculadoAt != now.Unix() {
				t.Fatalf("restaurant %d's guest not claimed: %+v %v", c, g, err)
			}
		}
		if g, _ := accounts.GuestByEmail(ctx, db, tenant.Job(1), "otro@example.com"); g.UsuarioID != 0 {
			t.Fatalf("another guest claimed: %+v", g)
		}

		// Restaurant 1: the account (it never used restaurant 1 itself) in
		// the guest's place, with the guest's order and last visit, and the
		// account's "no" to e-mails rather than the guest's tick.
		p := rosterOf(t, db, 1, accounts.RosterFilter{Limit: 50})
		if p.Total != 2 || len(p.Usuarios) != 2 {
			t.Fatalf("restaurant 1: %+v", p)
		}
		got := p.Usuarios[0]
		if got.ID != sess.UsuarioID || got.Invitado || got.Nombre != "Gala Gómez" || got.Email != "" || got.Pedidos != 1 || got.Gastado != 2500 ||
			got.UltimaVisita != 1_800_000_000 {
			t.Errorf("claimed guest at restaurant 1: %+v", got)
		}
		if p.Usuarios[1].Nombre != "Otro" || !p.Usuarios[1].Invitado {
			t.Errorf("the other guest: %+v", p.Usuarios[1])
		}
		if p := rosterOf(t, db, 1, accounts.RosterFilter{Contactable: true}); p.Total != 0 {
			t.Errorf("consent carried over from the guest: %+v", p)
		}
		// Restaurant 2 (where she registered): one row, the account, with
		// the guest's order in its figures.
		p = rosterOf(t, db, 2, accounts.RosterFilter{Limit: 50})
		if p.Total != 1 || p.Usuarios[0].ID != sess.UsuarioID || p.Usuarios[0].Invitado || p.Usuarios[0].Pedidos != 1 || p.Usuarios[0].Gastado != 700 ||
			p.Usuarios[0].UltimaVisita != now.Unix() {
			t.Errorf("restaurant 2: %+v", p)
		}
		// Her restaurants are the one she registered at.
		mine, err := s.Restaurants(ctx, tenant.DinerFromRecord(sess.UsuarioID))
		if err != nil {
			t.Fatal(err)
		}
		if len(mine) != 1 || mine[0].ID != 2 {
			t.Errorf("the account's restaurants: %+v", mine)
		}

		// Her next order as a guest (signed out) is hers at once: still
		// one row, last visit now, the order in her figures.
		now = now.Add(time.Hour)
		f.guestOrder(2, "Gala", "gala@example.com", "", true, 300)
		p = rosterOf(t, db, 2, accounts.RosterFilter{Limit: 50})
		if p.Total != 1 || p.Usuarios[0].ID != sess.UsuarioID || p.Usuarios[0].Pedidos != 2 || p.Usuarios[0].Gastado != 1000 ||
			p.Usuarios[0].UltimaVisita != now.Unix() || p.Usuarios[0].Email != "" {
			t.Errorf("restaurant 2 after a guest order with her e-mail: %+v", p)
		}
		// A guest order paid with the e-mail of an account that never used
		// the restaurant is that account's row, not a guest's.
		luis := f.diner("Luis Cuenta", "luis@example.com", "", true, false, nil)
		f.guestOrder(1, "Luis", "LUIS@example.com", "", false, 100)
		p = rosterOf(t, db, 1, accounts.RosterFilter{Query: "luis", Limit: 50})
		if p.Total != 1 || p.Usuarios[0].ID != luis || p.Usuarios[0].Invitado || p.Usuarios[0].Nombre != "Luis Cuenta" ||
			p.Usuarios[0].Email != "luis@example.com" || p.Usuarios[0].Pedidos != 1 {
			t.Errorf("guest order of an account's e-mail: %+v", p)
		}
		if _, err := s.Register(ctx, accounts.Registration{Nombre: "Gala otra vez", Email: "gala@example.com", Password: "clave-segura-1"}, "192.0.2.1"); !errors.Is(err, accounts.ErrEmailTaken) {
			t.Fatalf("a second account with the e-mail: %v", err)
		}

		// Deleting the account deletes its guest rows (the person is
		// erased); the orders stay the restaurant's records.
		if err := s.Delete(ctx, tenant.DinerFromRecord(sess.UsuarioID)); err != nil {
			t.Fatal(err)
		}
		if _, err := accounts.GuestByEmail(ctx, db, tenant.Job(1), "gala@example.com"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the deleted account's guest row: %v", err)
		}
		var orders int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM pedidos WHERE email = 'gala@example.com' AND invitado_id IS NULL`).Scan(&orders); err != nil || orders != 3 {
			t.Errorf("orders kept: %d %v", orders, err)
		}
	})
}

// Orders of one guest e-mail confirmed at the same moment record it once:
// one guest row, and its consent to e-mails (and to WhatsApp, the channel
// its orders chose) logged once as the first answer, not once per order.
func TestSimultaneousOrdersOfOneGuestLogConsentOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		const n = 8
		start := make(chan struct{})
		errs := make(chan error, n)
		ids := make(chan int64, n)
		for i := range n {
			go func() {
				<-start
				errs <- db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
					now := tx.NowUnix()
					pedido, err := store.InsertID(ctx, tx, `INSERT INTO pedidos (cliente_id, token, estado, nombre, email, telefono, novedades, recoger_at, franja,
						subtotal, impuestos, total, moneda, expires_at, created_at, paid_at, updated_at, avisos_canal)
						VALUES (1, ?, 'recibido', 'Gema', 'gema@example.com', '+34600111222', 1, 0, 0, 900, 0, 900, 'USD', 0, ?, ?, ?, 'whatsapp')`,
						fmt.Sprintf("simultaneous-%d", i), now-60, now, now)
					if err != nil {
						return err
					}
					id, err := accounts.RecordGuest(ctx, tx, tenant.Job(1), accounts.GuestOrder{PedidoID: pedido, Nombre: "Gema", Email: "Gema@Example.com",
						Telefono: "+34600111222", Novedades: true, PlacedAt: now - 60})
					ids <- id
					return err
				})
			}()
		}
		close(start)
		for range n {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		guest := <-ids
		for range n - 1 {
			if id := <-ids; id != guest {
				t.Fatalf("two guest rows for one e-mail: %d and %d", guest, id)
			}
		}
		var email, whatsapp int
		if err := db.QueryRow(ctx, `SELECT COUNT(CASE WHEN canal = 'email' THEN 1 END), COUNT(CASE WHEN canal = 'whatsapp' THEN 1 END)
			FROM consentimientos WHERE invitado_id = ?`, guest).Scan(&email, &whatsapp); err != nil {
			t.Fatal(err)
		}
		if email != 1 || whatsapp != 1 {
			t.Fatalf("consent logged %d times for e-mail and %d for WhatsApp, want once each", email, whatsapp)
		}
	})
}

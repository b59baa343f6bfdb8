package accounts_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"carta/internal/accounts"
	"carta/internal/auth"
	"carta/internal/demo"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

func consents(t *testing.T, db *store.DB, usuarioID, invitadoID int64) []accounts.Consent {
	t.Helper()
	cs, err := accounts.Consents(context.Background(), db, usuarioID, invitadoID)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// Consent is asked, never presumed, and recorded: the registration's
// answers (omitted: no) with the restaurant and the time; 'Manejar Cuenta'
// records only what changed, with the restaurant the page was on (an
// unknown one: none); a change that fails records nothing.
func TestConsentRecorded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		now := time.Unix(1_800_000_000, 0)
		db.Now = func() time.Time { return now }
		s := &accounts.Service{DB: db, Auth: &auth.Service{DB: db, TTL: time.Hour}}

		// Omitted boxes: no, recorded as the registration's answer.
		sess, err := s.Register(ctx, accounts.Registration{Nombre: "Ana", Email: "ana.consent@example.com", Password: "clave-segura-1",
			ClienteID: 2}, "192.0.2.10")
		if err != nil {
			t.Fatal(err)
		}
		d := tenant.DinerFromRecord(sess.UsuarioID)
		u, err := s.Profile(ctx, d)
		if err != nil || u.SuscritoMailing || u.WhatsappNotificaciones {
			t.Fatalf("consent presumed: %+v %v", u, err)
		}
		want := []accounts.Consent{
			{UsuarioID: u.ID, ClienteID: 2, Channel: accounts.ChannelEmail, Yes: false, From: accounts.FromRegistration, At: now.Unix()},
			{UsuarioID: u.ID, ClienteID: 2, Channel: accounts.ChannelWhatsApp, Yes: false, From: accounts.FromRegistration, At: now.Unix()},
		}
		if got := consents(t, db, u.ID, 0); !slices.Equal(got, want) {
			t.Fatalf("registration's answers:\n got %+v\nwant %+v", got, want)
		}

		// Ticked boxes: yes; no restaurant.
		yes := true
		other, err := s.Register(ctx, accounts.Registration{Nombre: "Bea", Email: "bea.consent@example.com", Password: "clave-segura-1",
			SuscritoMailing: &yes, WhatsappNotificaciones: &yes}, "192.0.2.11")
		if err != nil {
			t.Fatal(err)
		}
		if got := consents(t, db, other.UsuarioID, 0); len(got) != 2 || !got[0].Yes || !got[1].Yes || got[0].ClienteID != 0 {
			t.Fatalf("ticked boxes: %+v", got)
		}

		// 'Manejar Cuenta': e-mail on, WhatsApp untouched, from restaurant 1.
		now = now.Add(time.Hour)
		if _, err := s.UpdateProfile(ctx, d, accounts.ProfileChange{Nombre: "Ana", SuscritoMailing: &yes, ClienteID: 1}); err != nil {
			t.Fatal(err)
		}
		// The same answers again, and a name change: nothing recorded.
		no := false
		if _, err := s.UpdateProfile(ctx, d, accounts.ProfileChange{Nombre: "Ana María", SuscritoMailing: &yes, WhatsappNotificaciones: &no}); err != nil {
			t.Fatal(err)
		}
		// A bad phone changes nothing and records nothing.
		if _, err := s.UpdateProfile(ctx, d, accounts.ProfileChange{Nombre: "Ana", Telefono: "abc", SuscritoMailing: &no}); err != accounts.ErrTelefono {
			t.Fatalf("bad phone: %v", err)
		}
		// Both withdrawn from an unknown restaurant: recorded without one.
		now = now.Add(time.Hour)
		if _, err := s.UpdateProfile(ctx, d, accounts.ProfileChange{Nombre: "Ana", SuscritoMailing: &no, WhatsappNotificaciones: &yes, ClienteID: 999}); err != nil {
			t.Fatal(err)
		}
		want = append(want,
			accounts.Consent{UsuarioID: u.ID, ClienteID: 1, Channel: accounts.ChannelEmail, Yes: true, From: accounts.FromAccount, At: now.Unix() - 3600},
			accounts.Consent{UsuarioID: u.ID, Channel: accounts.ChannelEmail, Yes: false, From: accounts.FromAccount, At: now.Unix()},
			accounts.Consent{UsuarioID: u.ID, Channel: accounts.ChannelWhatsApp, Yes: true, From: accounts.FromAccount, At: now.Unix()},
		)
		if got := consents(t, db, u.ID, 0); !slices.Equal(got, want) {
			t.Fatalf("'Manejar Cuenta':\n got %+v\nwant %+v", got, want)
		}
		if u, _ := s.Profile(ctx, d); u.SuscritoMailing || !u.WhatsappNotificaciones || u.Nombre != "Ana" {
			t.Fatalf("the account: %+v", u)
		}

		// Deleting the account erases its records with it.
		if err := s.Delete(ctx, d); err != nil {
			t.Fatal(err)
		}
		if got := consents(t, db, u.ID, 0); len(got) != 0 {
			t.Fatalf("records of a deleted account: %+v", got)
		}
	})
}

// A guest's checkout answer is recorded when it is the first (yes or no)
// and when a later order ticks a box left unticked before; an unticked box
// after a yes is no answer and records nothing.
func TestGuestConsentRecorded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		now := time.Unix(1_800_000_000, 0)
		db.Now = func() time.Time { return now }
		f := &rosterFixture{t: t, db: db}
		g := f.guestOrder(1, "Gus", "gus@example.com", "", false, 100)
		if got := consents(t, db, 0, g); len(got) != 1 || got[0].Yes || got[0].From != accounts.FromCheckout ||
			got[0].ClienteID != 1 || got[0].PedidoID == 0 || got[0].At != now.Unix()-60 || got[0].Channel != accounts.ChannelEmail {
			t.Fatalf("first answer: %+v", got)
		}
		now = now.Add(time.Hour)
		f.guestOrder(1, "Gus", "gus@example.com", "", true, 100)
		f.guestOrder(1, "Gus", "gus@example.com", "", false, 100)
		f.guestOrder(1, "Gus", "gus@example.com", "", true, 100)
		got := consents(t, db, 0, g)
		if len(got) != 2 || !got[1].Yes || got[1].At != now.Unix()-60 || got[1].PedidoID == got[0].PedidoID {
			t.Fatalf("answers: %+v", got)
		}
		// Another restaurant's guest with the same e-mail is another answer.
		g2 := f.guestOrder(2, "Gus", "gus@example.com", "", true, 100)
		if got := consents(t, db, 0, g2); len(got) != 1 || !got[0].Yes || got[0].ClienteID != 2 {
			t.Fatalf("restaurant 2: %+v", got)
		}
	})
}

// Migration 0031 records the answers of the accounts and guests that
// existed before it, kept as given: the diners' with their registration's
// time and restaurant ('registro_anterior'), the guests' with their
// checkout's order and time.
func TestConsentMigrationRecordsExistingRows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		now := time.Unix(1_800_000_000, 0)
		db.Now = func() time.Time { return now }
		f := &rosterFixture{t: t, db: db}
		guest := f.guestOrder(1, "Gus", "gus.mig@example.com", "", true, 100)
		usuario, err := store.InsertID(ctx, db, `INSERT INTO usuarios (nombre, email, telefono, password_hash, suscrito_mailing,
			whatsapp_notificaciones, cliente_id, created_at) VALUES ('Old', 'old@example.com', '', 'x', 1, 0, 2, 1700000000)`)
		if err != nil {
			t.Fatal(err)
		}
		// As before the migration: nothing recorded.
		if _, err := db.Exec(ctx, `DELETE FROM consentimientos`); err != nil {
			t.Fatal(err)
		}
		ms, err := store.Migrations(db.Dialect())
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			if m.Version != 31 {
				continue
			}
			for _, stmt := range strings.Split(m.SQL, ";") {
				if stmt = strings.TrimSpace(stripComments(stmt)); strings.HasPrefix(stmt, "INSERT INTO consentimientos") {
					if _, err := db.Exec(ctx, stmt); err != nil {
						t.Fatalf("%s: %v", stmt, err)
					}
				}
			}
		}
		want := []accounts.Consent{
			{UsuarioID: usuario, ClienteID: 2, Channel: accounts.ChannelEmail, Yes: true, From: "registro_anterior", At: 1700000000},
			{UsuarioID: usuario, ClienteID: 2, Channel: accounts.ChannelWhatsApp, Yes: false, From: "registro_anterior", At: 1700000000},
		}
		if got := consents(t, db, usuario, 0); !slices.Equal(got, want) {
			t.Fatalf("an existing diner:\n got %+v\nwant %+v", got, want)
		}
		if got := consents(t, db, 0, guest); len(got) != 1 || !got[0].Yes || got[0].From != accounts.FromCheckout || got[0].At != now.Unix()-60 || got[0].PedidoID == 0 {
			t.Fatalf("an existing guest: %+v", got)
		}
		// The demo's diners too, with their answers.
		var n, yes int
		if err := db.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(c.valor), 0) FROM consentimientos c JOIN usuarios u ON u.id = c.usuario_id
			WHERE c.canal = 'email' AND c.valor = u.suscrito_mailing`).Scan(&n, &yes); err != nil {
			t.Fatal(err)
		}
		var diners int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM usuarios`).Scan(&diners); err != nil {
			t.Fatal(err)
		}
		if n != diners {
			t.Fatalf("%d of %d diners' e-mail answers recorded as given", n, diners)
		}
	})
}

func stripComments(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "--") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

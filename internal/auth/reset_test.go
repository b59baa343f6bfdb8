package auth_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/mail"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// A reset request is answered before anything depends on whether the
// e-mail has an account: the lookup (and the link and e-mail it leads to)
// runs after the answer, so the answer's time cannot tell.
func TestResetIsAnsweredBeforeTheLookup(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := &auth.Service{DB: db, TTL: time.Hour, BaseURL: "https://carta.example"}
		looking, release := make(chan struct{}), make(chan struct{})
		find := func(ctx context.Context, q store.Querier, email string) (auth.ResetTarget, error) {
			close(looking)
			<-release
			return auth.ResetTarget{}, store.ErrNotFound
		}
		// Answered while the lookup cannot finish.
		if err := s.RequestReset(context.Background(), auth.SessionStaff, "nadie@example.com", "203.0.113.9", "es", find); err != nil {
			t.Fatal(err)
		}
		<-looking
		close(release)
		s.WaitResets()
		var n int
		if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM outbox`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d e-mails for an unknown address (%v)", n, err)
		}
	})
}

// Links are kept a week after they expire (their page says "expired" or
// "used"), then swept.
func TestOldLinksAreSwept(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		t0 := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return t0 }
		t.Cleanup(func() { db.Now = time.Now })
		if _, err := auth.IssueLink(ctx, db, auth.Link{Purpose: auth.LinkReset, Kind: auth.SessionStaff, AccountID: 1, Email: "a@example.com"}, time.Hour); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			at   time.Duration
			left int
		}{{time.Hour + auth.LinkKeep - time.Minute, 1}, {time.Hour + auth.LinkKeep + time.Minute, 0}} {
			db.Now = func() time.Time { return t0.Add(c.at) }
			if _, err := auth.DeleteOldLinks(ctx, db); err != nil {
				t.Fatal(err)
			}
			var n int
			if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM links`).Scan(&n); err != nil || n != c.left {
				t.Fatalf("%s after issue: %d links left (%v), want %d", c.at, n, err, c.left)
			}
		}
	})
}

// The reset e-mail of a restaurant's diner or owner writes the link's
// expiry in the restaurant's locale and time zone; an account of no
// restaurant (the super admin) reads UTC.
func TestResetExpiryInTheRestaurantsZone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		t0 := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return t0 }
		t.Cleanup(func() { db.Now = time.Now })
		id, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Casa Lola", Pais: "ES", Estado: clientes.EstadoActivo})
		if err != nil {
			t.Fatal(err)
		}
		s := &auth.Service{DB: db, TTL: time.Hour, BaseURL: "https://carta.example"}
		for _, c := range []struct {
			email, lang string
			target      auth.ResetTarget
			want        string
		}{
			// 13:00 UTC is 15:00 in Madrid in summer.
			{"diner@example.com", "es", auth.ResetTarget{AccountID: 1, ClienteID: &id, Page: "/restablecer"}, "caduca en una hora, el 01/07/2026, 15:00 (Europe/Madrid)."},
			{"owner@example.com", "en", auth.ResetTarget{AccountID: 2, Restaurant: &id, Page: "/restablecer-password"}, "expires in one hour, on 01/07/2026, 15:00 (Europe/Madrid)."},
			{"admin@example.com", "es", auth.ResetTarget{AccountID: 3, Page: "/super-admin/restablecer-password"}, "caduca en una hora, el 01/07/2026 13:00 (UTC)."},
		} {
			target := c.target
			target.Email = c.email
			find := func(context.Context, store.Querier, string) (auth.ResetTarget, error) { return target, nil }
			if err := s.RequestReset(ctx, auth.SessionStaff, c.email, "203.0.113.9", c.lang, find); err != nil {
				t.Fatal(err)
			}
			s.WaitResets()
			msgs, err := mail.ListOutbox(ctx, db, 1)
			if err != nil || len(msgs) == 0 || msgs[0].To != c.email {
				t.Fatalf("%s: %v %v", c.email, msgs, err)
			}
			if !strings.Contains(msgs[0].Text, c.want) {
				t.Errorf("%s: want %q in:\n%s", c.email, c.want, msgs[0].Text)
			}
		}
	})
}

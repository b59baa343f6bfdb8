package auth_test

import (
	"context"
	"testing"
	"time"

	"carta/internal/auth"
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

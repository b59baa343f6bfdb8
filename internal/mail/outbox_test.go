package mail_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"carta/internal/mail"
	"carta/internal/messaging"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

func fixedClock(db *store.DB, start time.Time) *time.Time {
	now := start
	db.Now = func() time.Time { return now }
	return &now
}

func testMail(to, subject string) mail.OutboxMessage {
	return mail.OutboxMessage{Kind: "welcome", To: to, Subject: subject, Text: "hola", HTML: "<p>hola</p>"}
}

func TestOutboxEnqueueAndList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := fixedClock(db, time.Unix(1_700_000_000, 0))

		id1, err := mail.Enqueue(ctx, db, testMail("ana@example.com", "uno"))
		if err != nil {
			t.Fatal(err)
		}
		*now = now.Add(time.Second)
		id2, err := mail.Enqueue(ctx, db, mail.OutboxMessage{Kind: "receipt", To: "Bea <bea@example.com>", Subject: "dos", Text: "solo texto"})
		if err != nil {
			t.Fatal(err)
		}
		list, err := mail.ListOutbox(ctx, db, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].ID != id2 || list[1].ID != id1 {
			t.Fatalf("list = %+v, want newest first [%d %d]", list, id2, id1)
		}
		m := list[1]
		if m.Kind != "welcome" || m.To != "ana@example.com" || m.Subject != "uno" || m.Text != "hola" || m.HTML != "<p>hola</p>" ||
			m.Status != mail.MailPending || m.Attempts != 0 || m.CreatedAt != 1_700_000_000 || m.SentAt != 0 || m.NextAttemptAt != 1_700_000_000 {
			t.Fatalf("stored message = %+v", m)
		}
		if list, _ := mail.ListOutbox(ctx, db, 1); len(list) != 1 {
			t.Fatalf("limit 1 returned %d", len(list))
		}

		for _, bad := range []mail.OutboxMessage{
			{Kind: "welcome", To: "not an address", Subject: "x", Text: "x"},
			{Kind: "", To: "a@example.com", Subject: "x", Text: "x"},
			{Kind: "welcome", To: "a@example.com", Subject: "", Text: "x"},
			{Kind: "welcome", To: "a@example.com", Subject: "x"},
		} {
			if _, err := mail.Enqueue(ctx, db, bad); err == nil {
				t.Errorf("EnqueueMail(%+v) succeeded", bad)
			}
		}
	})
}

func TestOutboxEnqueueFollowsTransaction(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
			if _, err := mail.Enqueue(ctx, tx, testMail("a@example.com", "rolled back")); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
			_, err := mail.Enqueue(ctx, tx, testMail("a@example.com", "committed"))
			return err
		}); err != nil {
			t.Fatal(err)
		}
		list, err := mail.ListOutbox(ctx, db, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].Subject != "committed" {
			t.Fatalf("outbox = %+v, want only the committed message", list)
		}
	})
}

func TestOutboxClaimRetrySent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Unix(1_700_000_000, 0)
		now := fixedClock(db, start)
		id, err := mail.Enqueue(ctx, db, testMail("a@example.com", "x"))
		if err != nil {
			t.Fatal(err)
		}

		got, err := mail.ClaimDue(ctx, db, 10, 2*time.Minute)
		if err != nil || len(got) != 1 || got[0].ID != id {
			t.Fatalf("claim = %+v, %v", got, err)
		}
		if got[0].NextAttemptAt != start.Add(2*time.Minute).Unix() {
			t.Fatalf("claimed next_attempt_at = %d, want now+lease", got[0].NextAttemptAt)
		}
		// Claimed: nobody else gets it while the lease lasts.
		if again, err := mail.ClaimDue(ctx, db, 10, 2*time.Minute); err != nil || len(again) != 0 {
			t.Fatalf("second claim = %+v, %v; want nothing", again, err)
		}
		// A crashed worker's lease ends: the message is claimable again.
		*now = start.Add(2*time.Minute + time.Second)
		got, err = mail.ClaimDue(ctx, db, 10, 2*time.Minute)
		if err != nil || len(got) != 1 {
			t.Fatalf("claim after lease = %+v, %v", got, err)
		}

		long := strings.Repeat("é", 700)
		if err := mail.MarkRetry(ctx, db, id, long, now.Add(30*time.Second), 3); err != nil {
			t.Fatal(err)
		}
		m, err := mail.GetMessage(ctx, db, id)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status != mail.MailPending || m.Attempts != 1 || m.NextAttemptAt != now.Add(30*time.Second).Unix() ||
			m.LastError != strings.Repeat("é", 500) {
			t.Fatalf("after retry: status %s attempts %d next %d error len %d", m.Status, m.Attempts, m.NextAttemptAt, len([]rune(m.LastError)))
		}
		if got, _ := mail.ClaimDue(ctx, db, 10, time.Minute); len(got) != 0 {
			t.Fatalf("claimed before its next attempt: %+v", got)
		}
		*now = now.Add(31 * time.Second)
		got, err = mail.ClaimDue(ctx, db, 10, time.Minute)
		if err != nil || len(got) != 1 || got[0].Attempts != 1 {
			t.Fatalf("claim after backoff = %+v, %v", got, err)
		}
		if err := mail.MarkSent(ctx, db, id); err != nil {
			t.Fatal(err)
		}
		m, _ = mail.GetMessage(ctx, db, id)
		if m.Status != mail.MailSent || m.SentAt != now.Unix() || m.LastError != "" {
			t.Fatalf("after sent: %+v", m)
		}
		*now = now.Add(time.Hour)
		if got, _ := mail.ClaimDue(ctx, db, 10, time.Minute); len(got) != 0 {
			t.Fatalf("sent message claimed again: %+v", got)
		}
		if err := mail.MarkRetry(ctx, db, id, "late", now.Add(time.Minute), 3); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("retry of a sent message = %v, want ErrNotFound", err)
		}
		if err := mail.MarkSent(ctx, db, 999999); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("MarkMailSent(unknown) = %v", err)
		}
		if _, err := mail.GetMessage(ctx, db, 999999); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("GetOutboxMessage(unknown) = %v", err)
		}
	})
}

func TestOutboxFailsAfterMaxAttempts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := fixedClock(db, time.Unix(1_700_000_000, 0))
		id, err := mail.Enqueue(ctx, db, testMail("a@example.com", "x"))
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i <= 3; i++ {
			if err := mail.MarkRetry(ctx, db, id, "451 try later", now.Add(time.Second), 3); err != nil {
				t.Fatalf("attempt %d: %v", i, err)
			}
			m, _ := mail.GetMessage(ctx, db, id)
			want := mail.MailPending
			if i == 3 {
				want = mail.MailFailed
			}
			if m.Attempts != i || m.Status != want {
				t.Fatalf("after attempt %d: attempts %d status %s, want %s", i, m.Attempts, m.Status, want)
			}
		}
		*now = now.Add(time.Hour)
		if got, _ := mail.ClaimDue(ctx, db, 10, time.Minute); len(got) != 0 {
			t.Fatalf("failed message claimed: %+v", got)
		}
	})
}

func TestOutboxConcurrentClaimsAreExclusive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		fixedClock(db, time.Unix(1_700_000_000, 0))
		const n = 40
		for i := 0; i < n; i++ {
			if _, err := mail.Enqueue(ctx, db, testMail("a@example.com", "x")); err != nil {
				t.Fatal(err)
			}
		}
		var (
			mu     sync.Mutex
			counts = map[int64]int{}
			wg     sync.WaitGroup
		)
		for w := 0; w < 4; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					got, err := mail.ClaimDue(ctx, db, 7, time.Minute)
					if err != nil {
						t.Error(err)
						return
					}
					if len(got) == 0 {
						return
					}
					mu.Lock()
					for _, m := range got {
						counts[m.ID]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(counts) != n {
			t.Fatalf("claimed %d distinct messages, want %d", len(counts), n)
		}
		for id, c := range counts {
			if c != 1 {
				t.Fatalf("message %d claimed %d times", id, c)
			}
		}
	})
}

func TestOutboxChannelsAndDedupe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		fixedClock(db, time.Unix(1_700_000_000, 0))
		wa := mail.OutboxMessage{Channel: messaging.ChannelWhatsApp, Kind: "pedido_listo", To: "+34600111222",
			Text: "Tu pedido 12 está listo", Template: "carta_pedido_listo", Params: []string{"12", "Casa Pepe"}, Lang: "es",
			ClienteID: 1, UsuarioID: 7, DedupeKey: "pedido_listo:1:99"}
		id, err := mail.Enqueue(ctx, db, wa)
		if err != nil || id == 0 {
			t.Fatalf("enqueue whatsapp = %d, %v", id, err)
		}
		// The same key again (the state set twice, another replica) queues nothing.
		if again, err := mail.Enqueue(ctx, db, wa); err != nil || again != 0 {
			t.Fatalf("second enqueue with the key = %d, %v; want 0, nil", again, err)
		}
		sms := mail.OutboxMessage{Channel: messaging.ChannelSMS, Kind: "pedido_listo", To: "+525511112222", Text: "Listo"}
		if _, err := mail.Enqueue(ctx, db, sms); err != nil {
			t.Fatal(err)
		}
		got, err := mail.GetMessage(ctx, db, id)
		if err != nil {
			t.Fatal(err)
		}
		if got.Channel != messaging.ChannelWhatsApp || got.Template != "carta_pedido_listo" || strings.Join(got.Params, "|") != "12|Casa Pepe" ||
			got.Lang != "es" || got.ClienteID != 1 || got.UsuarioID != 7 || got.DedupeKey != "pedido_listo:1:99" || got.Subject != "" {
			t.Fatalf("stored whatsapp = %+v", got)
		}
		// E-mail's worker claims only e-mail; each channel its own.
		if c, err := mail.ClaimDue(ctx, db, 10, time.Minute); err != nil || len(c) != 0 {
			t.Fatalf("e-mail claim took %d (%v), want none", len(c), err)
		}
		if c, err := mail.ClaimDueOn(ctx, db, messaging.ChannelSMS, 10, time.Minute); err != nil || len(c) != 1 || c[0].To != "+525511112222" {
			t.Fatalf("sms claim = %+v, %v", c, err)
		}
		for _, bad := range []mail.OutboxMessage{
			{Channel: messaging.ChannelSMS, Kind: "x", To: "600111222", Text: "x"},
			{Channel: messaging.ChannelSMS, Kind: "x", To: "+34 600 111 222", Text: "x"},
			{Channel: messaging.ChannelSMS, Kind: "x", To: "+34600111222"},
			{Channel: messaging.ChannelWhatsApp, Kind: "x", To: "+34600111222", Text: "x"},
			{Channel: "fax", Kind: "x", To: "+34600111222", Text: "x"},
		} {
			if _, err := mail.Enqueue(ctx, db, bad); err == nil {
				t.Errorf("Enqueue(%+v) succeeded", bad)
			}
		}
	})
}

package faulttest

import (
	"context"
	"net"
	"strconv"
	"testing"
	"time"

	"carta/internal/mail"
	"carta/internal/store"
)

// garbageSMTP is a TCP server that answers every connection with a line
// that is not SMTP and hangs up.
func garbageSMTP(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			_, _ = c.Write([]byte("HTTP/1.1 400 Bad Request\r\n\r\n\x00\xff garbage\r\n"))
			c.Close()
		}
	}()
	return l.Addr().(*net.TCPAddr).Port
}

// TestSMTPMisbehaves sends outbox messages while the SMTP server answers
// 451 (retried once per backoff, then sent once when it recovers), 550
// (failed at once, never retried), slowly (sent once) and with garbage
// (retried, then sent once): no message is left claimed or stuck, each is
// delivered at most once, and the server's goroutines come back to where
// they were.
func TestSMTPMisbehaves(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		if e.d == store.Postgres && !Long() {
			t.Skip("the provider's faults do not depend on the engine: PostgreSQL in make test-faults")
		}
		ctx := context.Background()
		db := e.open(t)
		fake := newSMTPFake(t)
		env := map[string]string{"CARTA_DATABASE_URL": e.url, "CARTA_SMTP_HOST": "127.0.0.1", "CARTA_SMTP_PORT": strconv.Itoa(fake.Port), "CARTA_SMTP_TLS": "none"}
		srv := Start(t, env)
		enqueue := func(to string) int64 {
			id, err := mail.Enqueue(ctx, db, mail.OutboxMessage{Kind: "prueba", To: to, Subject: "Prueba", Text: "hola"})
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		row := func(id int64) (status string, attempts int) {
			if err := db.QueryRow(ctx, `SELECT status, attempts FROM outbox WHERE id = ?`, id).Scan(&status, &attempts); err != nil {
				t.Fatal(err)
			}
			return status, attempts
		}
		delivered := func(to string) int {
			n := 0
			for _, d := range fake.Delivered() {
				if d == to {
					n++
				}
			}
			return n
		}
		// retryNow ends the backoff of a pending message (30 s) instead of
		// waiting it out.
		retryNow := func(id int64) {
			if _, err := db.Exec(ctx, `UPDATE outbox SET next_attempt_at = 0 WHERE id = ? AND status = 'pending'`, id); err != nil {
				t.Fatal(err)
			}
		}
		sentOnce := func(id int64, to string) {
			t.Helper()
			Eventually(t, 30*time.Second, to+" sent", func() bool { st, _ := row(id); return st == "sent" })
			if n := delivered(to); n != 1 {
				t.Fatalf("%s delivered %d times", to, n)
			}
		}
		warm := enqueue("calentar@example.com")
		sentOnce(warm, "calentar@example.com")

		// 451: one attempt, then the backoff; sent once when it recovers.
		fake.Fault("451")
		id := enqueue("temporal@example.com")
		Eventually(t, 30*time.Second, "the 451 recorded", func() bool { _, a := row(id); return a >= 1 })
		if st, a := row(id); st != "pending" || a != 1 {
			t.Fatalf("after a 451: %s after %d attempts, want pending after 1 (the next one after its backoff)", st, a)
		}
		fake.Fault("")
		retryNow(id)
		sentOnce(id, "temporal@example.com")

		// 550: failed at once, no retry.
		fake.Fault("550")
		id = enqueue("nadie@example.com")
		Eventually(t, 30*time.Second, "the 550 recorded", func() bool { st, _ := row(id); return st != "pending" })
		if st, a := row(id); st != "failed" || a != 1 || delivered("nadie@example.com") != 0 {
			t.Fatalf("after a 550: %s after %d attempts, want failed after 1", st, a)
		}

		// Slow, within the client's time-out: sent once.
		fake.Fault("slow")
		id = enqueue("lento@example.com")
		sentOnce(id, "lento@example.com")
		fake.Fault("")

		// Garbage instead of SMTP: retried with backoff, nothing stuck.
		srv.Kill()
		srv.Env["CARTA_SMTP_PORT"] = strconv.Itoa(garbageSMTP(t))
		srv.Start()
		id = enqueue("basura@example.com")
		Eventually(t, 30*time.Second, "the garbage answer recorded", func() bool { _, a := row(id); return a >= 1 })
		if st, a := row(id); st != "pending" || a != 1 {
			t.Fatalf("after garbage: %s after %d attempts, want pending after 1", st, a)
		}
		srv.Kill()
		srv.Env["CARTA_SMTP_PORT"] = strconv.Itoa(fake.Port)
		retryNow(id)
		srv.Start()
		sentOnce(id, "basura@example.com")
		if n := count(t, db, `SELECT COUNT(*) FROM outbox WHERE status = 'pending'`); n != 0 {
			t.Fatalf("%d messages left pending", n)
		}
		// The leak check is on this process (the restarts began new ones).
		base := srv.Goroutines(t)
		fake.Fault("451")
		id = enqueue("otra@example.com")
		Eventually(t, 30*time.Second, "a 451 after the restart", func() bool { _, a := row(id); return a >= 1 })
		fake.Fault("")
		Eventually(t, 20*time.Second, "goroutines back to the baseline", func() bool {
			return srv.Goroutines(t) <= base+3
		})
	})
}

package faulttest

import (
	"context"
	"errors"
	"io"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// smtpFake is an SMTP server (emersion/go-smtp) that records the messages
// it accepted and can hold the next DATA until the test says whether the
// sender is still there.
type smtpFake struct {
	Port int

	mu        sync.Mutex
	delivered []string // recipients of accepted messages
	hold      *smtpHold
	fault     string // "451" at MAIL, "550" at RCPT, "slow" DATA: the next sessions' fault
}

// Fault makes the next sessions fail: "451" (temporary, at MAIL), "550"
// (permanent, at RCPT), "slow" (DATA answered 2 s late, within the
// client's time-out), "" for none.
func (f *smtpFake) Fault(fault string) {
	f.mu.Lock()
	f.fault = fault
	f.mu.Unlock()
}

func (f *smtpFake) currentFault() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.fault
}

type smtpHold struct {
	Arrived chan struct{}
	abort   chan bool // true: the sender died before the server accepted
}

func newSMTPFake(t *testing.T) *smtpFake {
	f := &smtpFake{}
	s := smtp.NewServer(f)
	s.Domain = "localhost"
	s.AllowInsecureAuth = true
	s.ReadTimeout, s.WriteTimeout = 10*time.Second, 10*time.Second
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f.Port = l.Addr().(*net.TCPAddr).Port
	go func() { _ = s.Serve(l) }()
	t.Cleanup(func() {
		f.mu.Lock()
		if f.hold != nil {
			select {
			case f.hold.abort <- true:
			default:
			}
		}
		f.mu.Unlock()
		_ = s.Close()
	})
	return f
}

// HoldNextData makes the next DATA wait for Release.
func (f *smtpFake) HoldNextData() *smtpHold {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.hold = &smtpHold{Arrived: make(chan struct{}), abort: make(chan bool, 1)}
	return f.hold
}

// Release ends the hold: with died the message is not accepted (the
// sender was killed before the server's 250).
func (h *smtpHold) Release(died bool) { h.abort <- died }

func (f *smtpFake) Delivered() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.delivered...)
}

func (f *smtpFake) NewSession(*smtp.Conn) (smtp.Session, error) { return &smtpSession{f: f}, nil }

type smtpSession struct {
	f  *smtpFake
	to []string
}

func (s *smtpSession) Mail(string, *smtp.MailOptions) error {
	if s.f.currentFault() == "451" {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	}
	return nil
}
func (s *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if s.f.currentFault() == "550" {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	s.to = append(s.to, to)
	return nil
}
func (s *smtpSession) Data(r io.Reader) error {
	s.f.mu.Lock()
	h := s.f.hold
	s.f.hold = nil
	s.f.mu.Unlock()
	if h != nil {
		close(h.Arrived)
		if <-h.abort {
			return errors.New("sender gone")
		}
	}
	if _, err := io.Copy(io.Discard, r); err != nil {
		return err
	}
	if s.f.currentFault() == "slow" {
		time.Sleep(2 * time.Second) // the fault: a slow server, within the client's time-out
	}
	s.f.mu.Lock()
	s.f.delivered = append(s.f.delivered, s.to...)
	s.f.mu.Unlock()
	return nil
}
func (s *smtpSession) Reset()        { s.to = nil }
func (s *smtpSession) Logout() error { return nil }

// TestKillDuringOutboxSend kills the server while it hands the order's
// e-mail to the SMTP server (before the server accepted it): after the
// restart the message is sent, once.
func TestKillDuringOutboxSend(t *testing.T) {
	engines(t, func(t *testing.T, e engine) {
		db := e.open(t)
		f := newCloverFakes(t)
		cid, line := cloverRestaurant(t, db, f)
		mail := newSMTPFake(t)
		env := cloverEnv(e, f)
		env["CARTA_SMTP_HOST"], env["CARTA_SMTP_PORT"], env["CARTA_SMTP_TLS"] = "127.0.0.1", strconv.Itoa(mail.Port), "none"
		srv := Start(t, env)
		hold := mail.HoldNextData()
		_, session := placeOrder(t, db, srv.URL, cid, line, "olga")
		if st := payWebhook(t, srv.URL, session, "PAY-MAIL"); st != 200 {
			t.Fatalf("webhook: %d", st)
		}
		wait(t, hold.Arrived, 30*time.Second, "the order's e-mail reaching the SMTP server", srv)
		srv.Kill()
		hold.Release(true)
		// The dead worker's claim (2 minutes) is ended by the test.
		if _, err := db.Exec(context.Background(), `UPDATE outbox SET next_attempt_at = 0 WHERE status = 'pending'`); err != nil {
			t.Fatal(err)
		}
		srv.Start()
		Eventually(t, 30*time.Second, "the e-mail sent after the restart", func() bool {
			return count(t, db, `SELECT COUNT(*) FROM outbox WHERE status = 'pending'`) == 0
		})
		got := 0
		for _, to := range mail.Delivered() {
			if to == "olga@example.com" {
				got++
			}
		}
		if got != 1 {
			t.Fatalf("the diner got %d e-mails (%v), want 1\n%s", got, mail.Delivered(), srv.Logs())
		}
		if n := count(t, db, `SELECT COUNT(*) FROM outbox WHERE to_addr = ? AND status = 'sent'`, "olga@example.com"); n != 1 {
			t.Fatalf("%d sent rows for the diner", n)
		}
	})
}

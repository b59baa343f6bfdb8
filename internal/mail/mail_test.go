package mail

import (
	"bytes"
	"context"
	"errors"
	netmail "net/mail"
	"strings"
	"testing"
)

func testSMTP(ts *testServer) *SMTP {
	return &SMTP{Host: "127.0.0.1", Port: ts.Port, From: "Carta <no-reply@carta.test>"}
}

func TestSMTPSendDeliversBothParts(t *testing.T) {
	ts := startServer(t, serverOpts{})
	s := testSMTP(ts) // default TLS mode: STARTTLS only if offered (not here)
	m := Message{To: "ana@example.com", Subject: "¡Bienvenido a Carta, Ñandú!", Text: "Hola Ñandú,\nbienvenido.", HTML: "<p>Hola <b>Ñandú</b></p>"}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := ts.Received()
	if len(got) != 1 {
		t.Fatalf("server received %d messages", len(got))
	}
	r := got[0]
	if r.From != "no-reply@carta.test" || len(r.To) != 1 || r.To[0] != "ana@example.com" {
		t.Fatalf("envelope from %q to %v", r.From, r.To)
	}
	p := parseMessage(t, r.Data)
	if p.From != `"Carta" <no-reply@carta.test>` && p.From != "Carta <no-reply@carta.test>" {
		t.Errorf("From header = %q", p.From)
	}
	if p.To != "<ana@example.com>" && p.To != "ana@example.com" {
		t.Errorf("To header = %q", p.To)
	}
	if p.Subject != m.Subject {
		t.Errorf("Subject = %q, want %q", p.Subject, m.Subject)
	}
	if p.ContentType != "multipart/alternative" {
		t.Errorf("Content-Type = %q, want multipart/alternative", p.ContentType)
	}
	if strings.TrimSpace(p.Text) != m.Text {
		t.Errorf("text part = %q", p.Text)
	}
	if strings.TrimSpace(p.HTML) != m.HTML {
		t.Errorf("html part = %q", p.HTML)
	}
}

func TestSMTPSendSinglePartAndSubjectFolding(t *testing.T) {
	ts := startServer(t, serverOpts{})
	if err := testSMTP(ts).Send(context.Background(), Message{To: "a@example.com", Subject: "uno\r\nBcc: x@evil.test", Text: "solo texto"}); err != nil {
		t.Fatal(err)
	}
	p := parseMessage(t, ts.Received()[0].Data)
	if p.ContentType != "text/plain" || strings.TrimSpace(p.Text) != "solo texto" {
		t.Fatalf("single part = %+v", p)
	}
	if p.Subject != "uno Bcc: x@evil.test" {
		t.Fatalf("subject = %q", p.Subject)
	}
	if strings.Contains(string(ts.Received()[0].Data), "\nBcc:") {
		t.Fatal("subject injected a header")
	}
}

func TestSMTPStartTLSWithAuth(t *testing.T) {
	cert, clientTLS := testCert(t)
	ts := startServer(t, serverOpts{cert: cert, user: "carta", pass: "s3cret-pw"})
	for _, mode := range []string{"", "starttls", "STARTTLS"} {
		s := testSMTP(ts)
		s.TLS, s.Username, s.Password, s.tlsConfig = mode, "carta", "s3cret-pw", clientTLS
		if err := s.Send(context.Background(), Message{To: "a@example.com", Subject: "tls " + mode, Text: "x"}); err != nil {
			t.Fatalf("mode %q: %v", mode, err)
		}
	}
	for _, r := range ts.Received() {
		if !r.TLS || r.User != "carta" {
			t.Fatalf("received over TLS=%v as user %q", r.TLS, r.User)
		}
	}

	// A wrong password fails and the error does not reveal it.
	s := testSMTP(ts)
	s.TLS, s.Username, s.Password, s.tlsConfig = "starttls", "carta", "wrong-pw-123", clientTLS
	err := s.Send(context.Background(), Message{To: "a@example.com", Subject: "x", Text: "x"})
	if err == nil {
		t.Fatal("wrong password accepted")
	}
	if strings.Contains(err.Error(), "wrong-pw-123") {
		t.Fatalf("error reveals the password: %v", err)
	}
}

func TestSMTPImplicitTLS(t *testing.T) {
	cert, clientTLS := testCert(t)
	ts := startServer(t, serverOpts{cert: cert, implicitTLS: true})
	s := testSMTP(ts)
	s.TLS, s.tlsConfig = "tls", clientTLS
	if err := s.Send(context.Background(), Message{To: "a@example.com", Subject: "x", Text: "x"}); err != nil {
		t.Fatal(err)
	}
	if got := ts.Received(); len(got) != 1 || !got[0].TLS {
		t.Fatalf("received %+v", got)
	}
}

func TestSMTPStartTLSRequiredButNotOffered(t *testing.T) {
	ts := startServer(t, serverOpts{})
	s := testSMTP(ts)
	s.TLS = "starttls"
	if err := s.Send(context.Background(), Message{To: "a@example.com", Subject: "x", Text: "x"}); err == nil {
		t.Fatal("sent without the required STARTTLS")
	}
	if len(ts.Received()) != 0 {
		t.Fatal("server received a message")
	}
}

func TestSMTPNoTLSWithAuth(t *testing.T) {
	ts := startServer(t, serverOpts{user: "relay", pass: "pw"})
	s := testSMTP(ts)
	s.TLS, s.Username, s.Password = "none", "relay", "pw"
	if err := s.Send(context.Background(), Message{To: "a@example.com", Subject: "x", Text: "x"}); err != nil {
		t.Fatal(err)
	}
	if got := ts.Received(); len(got) != 1 || got[0].TLS || got[0].User != "relay" {
		t.Fatalf("received %+v", got)
	}
	// In the default mode the password is not sent over a plain connection.
	s.TLS = ""
	if err := s.Send(context.Background(), Message{To: "a@example.com", Subject: "x", Text: "x"}); err == nil {
		t.Fatal("authenticated with PLAIN over an unencrypted connection")
	}
}

func TestSMTPErrors(t *testing.T) {
	ts := startServer(t, serverOpts{})
	ts.rejectRcpt = "nobody@example.com"
	err := testSMTP(ts).Send(context.Background(), Message{To: "nobody@example.com", Subject: "x", Text: "x"})
	if !errors.Is(err, ErrPermanent) {
		t.Fatalf("550 on RCPT = %v, want ErrPermanent", err)
	}
	ts.FailNextData(1)
	err = testSMTP(ts).Send(context.Background(), Message{To: "a@example.com", Subject: "x", Text: "x"})
	if err == nil || errors.Is(err, ErrPermanent) || !strings.Contains(err.Error(), "451") {
		t.Fatalf("451 on DATA = %v, want a temporary error", err)
	}
	for _, bad := range []*SMTP{{From: "a@b.c"}, {Host: "h"}, {Host: "h", From: "a@b.c", TLS: "ssl3"}} {
		if err := bad.Send(context.Background(), Message{To: "a@example.com", Subject: "x", Text: "x"}); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

func TestWelcome(t *testing.T) {
	es := Welcome("", "Ana <script>alert(1)</script>")
	if es.Subject != "¡Bienvenido a Carta, Ana <script>alert(1)</script>!" {
		t.Errorf("es subject = %q", es.Subject)
	}
	if strings.Contains(es.HTML, "<script>") || !strings.Contains(es.HTML, "Ana &lt;script&gt;") {
		t.Errorf("nombre not escaped in HTML:\n%s", es.HTML)
	}
	if !strings.Contains(es.Text, "Hola Ana <script>") || !strings.Contains(es.HTML, `lang="es"`) {
		t.Errorf("es body:\n%s\n%s", es.Text, es.HTML)
	}
	en := Welcome("en", "Bob")
	if en.Subject != "Welcome to Carta, Bob!" || !strings.Contains(en.Text, "Hi Bob") || !strings.Contains(en.HTML, `lang="en"`) {
		t.Errorf("en = %+v", en)
	}
	if Welcome("fr", "Zoé").Subject != "¡Bienvenido a Carta, Zoé!" {
		t.Error("unknown language does not fall back to Spanish")
	}
}

func TestSMTPSendOneClickUnsubscribeHeaders(t *testing.T) {
	ts := startServer(t, serverOpts{})
	s := testSMTP(ts)
	link := "https://carta.test/api/baja?t=abc.def"
	if err := s.Send(context.Background(), Message{To: "a@example.com", Subject: "Oferta", Text: "hola", Unsubscribe: link}); err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), Message{To: "b@example.com", Subject: "Tu pedido", Text: "listo"}); err != nil {
		t.Fatal(err)
	}
	got := ts.Received()
	if len(got) != 2 {
		t.Fatalf("server received %d messages", len(got))
	}
	h := rawHeader(t, got[0].Data)
	if v := h.Get("List-Unsubscribe"); v != "<"+link+">" {
		t.Errorf("List-Unsubscribe = %q", v)
	}
	if v := h.Get("List-Unsubscribe-Post"); v != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post = %q", v)
	}
	// Transactional mail carries no marketing headers.
	h = rawHeader(t, got[1].Data)
	if h.Get("List-Unsubscribe") != "" || h.Get("List-Unsubscribe-Post") != "" {
		t.Errorf("transactional mail has unsubscribe headers: %v", h)
	}
	// A link that could inject a header is refused, permanently.
	for _, bad := range []string{"https://x.test/a\r\nBcc: e@evil.test", "javascript:alert(1)", "/api/baja?t=x", "https://x.test/<a>"} {
		err := s.Send(context.Background(), Message{To: "c@example.com", Subject: "x", Text: "y", Unsubscribe: bad})
		if !errors.Is(err, ErrPermanent) {
			t.Errorf("Unsubscribe %q: err = %v, want permanent", bad, err)
		}
	}
	if n := len(ts.Received()); n != 2 {
		t.Fatalf("bad links sent %d messages", n-2)
	}
}

func rawHeader(t *testing.T, raw []byte) netmail.Header {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return msg.Header
}

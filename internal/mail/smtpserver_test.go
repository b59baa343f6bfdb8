package mail

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/http/httptest"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// testServer is an in-process SMTP server (github.com/emersion/go-smtp)
// that records what it receives.
type testServer struct {
	Port int

	mu         sync.Mutex
	received   []received
	failData   int    // fail the next N DATA commands with 451
	rejectRcpt string // answer RCPT TO this address with 550
	user, pass string // accepted AUTH PLAIN credentials, when set
}

type received struct {
	From string
	To   []string
	Data []byte
	TLS  bool
	User string
}

type serverOpts struct {
	cert        *tls.Certificate // offer STARTTLS (or implicit TLS) with it
	implicitTLS bool
	user, pass  string
}

func startServer(t *testing.T, o serverOpts) *testServer {
	t.Helper()
	ts := &testServer{user: o.user, pass: o.pass}
	s := smtp.NewServer(ts)
	s.Domain = "localhost"
	s.AllowInsecureAuth = true
	s.ReadTimeout = 10 * time.Second
	s.WriteTimeout = 10 * time.Second
	var l net.Listener
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if o.cert != nil {
		s.TLSConfig = &tls.Config{Certificates: []tls.Certificate{*o.cert}, MinVersion: tls.VersionTLS12}
		if o.implicitTLS {
			l = tls.NewListener(l, s.TLSConfig)
		}
	}
	ts.Port = l.Addr().(*net.TCPAddr).Port
	go func() { _ = s.Serve(l) }()
	t.Cleanup(func() { _ = s.Close() })
	return ts
}

func (ts *testServer) FailNextData(n int) {
	ts.mu.Lock()
	ts.failData = n
	ts.mu.Unlock()
}

func (ts *testServer) Received() []received {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]received(nil), ts.received...)
}

func (ts *testServer) NewSession(c *smtp.Conn) (smtp.Session, error) {
	_, isTLS := c.TLSConnectionState()
	return &testSession{srv: ts, conn: c, tls: isTLS}, nil
}

type testSession struct {
	srv  *testServer
	conn *smtp.Conn
	tls  bool
	user string
	from string
	to   []string
}

func (s *testSession) AuthMechanisms() []string {
	if s.srv.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *testSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != s.srv.user || password != s.srv.pass {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "bad credentials"}
		}
		s.user = username
		return nil
	}), nil
}

func (s *testSession) Mail(from string, _ *smtp.MailOptions) error {
	if s.srv.user != "" && s.user == "" {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *testSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.srv.mu.Lock()
	reject := s.srv.rejectRcpt
	s.srv.mu.Unlock()
	if to == reject {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	s.to = append(s.to, to)
	return nil
}

func (s *testSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	// The connection state now reflects a STARTTLS done after the session began.
	_, isTLS := s.conn.TLSConnectionState()
	s.srv.mu.Lock()
	defer s.srv.mu.Unlock()
	if s.srv.failData > 0 {
		s.srv.failData--
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	}
	s.srv.received = append(s.srv.received, received{From: s.from, To: s.to, Data: b, TLS: isTLS || s.tls, User: s.user})
	return nil
}

func (s *testSession) Reset()        { s.from, s.to = "", nil }
func (s *testSession) Logout() error { return nil }

// testCert returns a certificate valid for 127.0.0.1 (httptest's) and a
// client TLS configuration that trusts it.
func testCert(t *testing.T) (*tls.Certificate, *tls.Config) {
	t.Helper()
	hs := httptest.NewUnstartedServer(http.NotFoundHandler())
	hs.StartTLS()
	defer hs.Close()
	cert := hs.TLS.Certificates[0]
	pool := x509.NewCertPool()
	pool.AddCert(hs.Certificate())
	return &cert, &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}
}

// parsed is a received message taken apart.
type parsed struct {
	From, To, Subject string
	ContentType       string
	Text, HTML        string
}

func parseMessage(t *testing.T, raw []byte) parsed {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("parse message: %v\n%s", err, raw)
	}
	dec := new(mime.WordDecoder)
	subject, err := dec.DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	p := parsed{From: msg.Header.Get("From"), To: msg.Header.Get("To"), Subject: subject}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	p.ContentType = mt
	store := func(ct string, body string) {
		switch {
		case strings.HasPrefix(ct, "text/plain"):
			p.Text = body
		case strings.HasPrefix(ct, "text/html"):
			p.HTML = body
		}
	}
	if !strings.HasPrefix(mt, "multipart/") {
		store(mt, decodeBody(t, msg.Header.Get("Content-Transfer-Encoding"), msg.Body))
		return p
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		// multipart.Reader already decodes quoted-printable parts.
		store(part.Header.Get("Content-Type"), decodeBody(t, part.Header.Get("Content-Transfer-Encoding"), part))
	}
	return p
}

func decodeBody(t *testing.T, cte string, r io.Reader) string {
	t.Helper()
	switch strings.ToLower(cte) {
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, r)
	case "quoted-printable":
		r = quotedprintable.NewReader(r)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(string(b), "\r\n", "\n")
}

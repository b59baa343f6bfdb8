package storetest

import (
	"context"
	"io"
	"net"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"carta/internal/store"
)

// Proxy is a TCP proxy to a backend (the test PostgreSQL) that a test can cut (every open
// connection closed, new ones refused) and restore.
type Proxy struct {
	Addr string

	ln      net.Listener
	backend string
	cut     atomic.Bool
	mu      sync.Mutex
	conns   map[net.Conn]struct{}
}

// NewProxy listens on a loopback port and forwards to backend.
func NewProxy(t testing.TB, backend string) *Proxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{Addr: ln.Addr().String(), ln: ln, backend: backend, conns: map[net.Conn]struct{}{}}
	go p.serve()
	t.Cleanup(func() {
		ln.Close()
		p.Cut()
	})
	return p
}

func (p *Proxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		if p.cut.Load() {
			c.Close()
			continue
		}
		b, err := net.DialTimeout("tcp", p.backend, 5*time.Second)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns[c], p.conns[b] = struct{}{}, struct{}{}
		p.mu.Unlock()
		pipe := func(dst, src net.Conn) {
			_, _ = io.Copy(dst, src)
			dst.Close()
			src.Close()
			p.mu.Lock()
			delete(p.conns, dst)
			delete(p.conns, src)
			p.mu.Unlock()
		}
		go pipe(b, c)
		go pipe(c, b)
	}
}

// Cut closes every connection through the proxy and refuses new ones
// until Restore.
func (p *Proxy) Cut() {
	p.cut.Store(true)
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		c.Close()
	}
}

// Restore accepts connections again.
func (p *Proxy) Restore() { p.cut.Store(false) }

// PostgresBehindProxy opens a fresh PostgreSQL database (see PostgresURL;
// the test is skipped without one) whose connections go through a Proxy
// the test can cut; it is not migrated.
func PostgresBehindProxy(t testing.TB) (*store.DB, *Proxy) {
	t.Helper()
	u, err := url.Parse(PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	proxy := NewProxy(t, u.Host)
	u.Host = proxy.Addr
	db, err := store.Open(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, proxy
}

// Package faulttest runs Carta as real processes for the fault and replica
// tests: it builds bin/carta once per test binary, starts it with its
// environment pointing at fake providers, waits for /readyz, and can kill
// it with SIGKILL at a chosen moment and start it again on the same data.
// It also has the network pieces those tests need: a TCP proxy that can
// be cut and restored (the database going away) and a round-robin reverse
// proxy in front of several replicas.
//
// The tests themselves live in this package's _test files; `make test`
// runs their bounded versions, `make test-faults` the long ones
// (CARTA_FAULTS_LONG=1).
package faulttest

import (
	"bufio"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"carta/internal/media/mediatest"
)

// Long reports whether the long versions of the scenarios run
// (CARTA_FAULTS_LONG=1, `make test-faults`); otherwise each runs a bounded
// version.
func Long() bool { return os.Getenv("CARTA_FAULTS_LONG") == "1" }

var build struct {
	once sync.Once
	path string
	err  error
}

// Binary builds cmd/carta once per test binary into a temporary directory
// and returns its path. The web app must have been built (web/dist).
func Binary(t testing.TB) string {
	t.Helper()
	build.once.Do(func() {
		dir, err := os.MkdirTemp("", "carta-faulttest-")
		if err != nil {
			build.err = err
			return
		}
		out, err := exec.Command("go", "env", "GOMOD").Output()
		if err != nil {
			build.err = fmt.Errorf("go env GOMOD: %w", err)
			return
		}
		root := filepath.Dir(strings.TrimSpace(string(out)))
		build.path = filepath.Join(dir, "carta")
		cmd := exec.Command("go", "build", "-o", build.path, "./cmd/carta")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			build.err = fmt.Errorf("go build ./cmd/carta: %v\n%s", err, out)
		}
	})
	if build.err != nil {
		t.Fatal(build.err)
	}
	return build.path
}

// SecretKey is the CARTA_SECRET_KEY the servers get: storetest.TestBox's
// key, so a test can seal secrets in the database it prepares.
func SecretKey() string {
	key := make([]byte, 32)
	for i := range key {
		key[i] = byte(i * 7)
	}
	return base64.StdEncoding.EncodeToString(key)
}

// Server is one carta process.
type Server struct {
	// URL is the app's address, MetricsURL its metrics and pprof listener
	// (both change on each start).
	URL, MetricsURL string
	// Env is the environment of the next start (CARTA_* and AWS_* only;
	// the harness adds PATH and HOME).
	Env map[string]string

	t    testing.TB
	cmd  *exec.Cmd
	done chan struct{}
	logs *logTail
}

// MediaEnv is the environment that makes replicas share their uploads:
// one fake S3 bucket (CARTA_MEDIA_URL), as replicas in production do.
// It is the one place the replicas' media are chosen.
func MediaEnv(t testing.TB) map[string]string {
	fake := mediatest.S3(t)
	return map[string]string{
		"CARTA_MEDIA_URL": "s3://" + fake.Bucket + "/carta", "CARTA_S3_ENDPOINT": fake.Endpoint, "CARTA_S3_PATH_STYLE": "1",
		"CARTA_S3_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": fake.AccessKey, "AWS_SECRET_ACCESS_KEY": fake.SecretKey,
	}
}

// New returns a server to be started with env (merged over the harness's
// defaults: loopback address, a data dir, the test secret key, warn logs).
func New(t testing.TB, env map[string]string) *Server {
	s := &Server{t: t, Env: map[string]string{
		"CARTA_ADDR":         "127.0.0.1:0",
		"CARTA_METRICS_ADDR": "127.0.0.1:0",
		"CARTA_DATA_DIR":     t.TempDir(),
		"CARTA_SECRET_KEY":   SecretKey(),
		"CARTA_LOG_LEVEL":    "warn",
	}}
	for k, v := range env {
		s.Env[k] = v
	}
	t.Cleanup(s.Kill)
	return s
}

// Start runs the process and waits until /readyz answers 200.
func Start(t testing.TB, env map[string]string) *Server {
	s := New(t, env)
	s.Start()
	return s
}

// Start runs the process (which must not be running) and waits until it
// is ready.
func (s *Server) Start() {
	t := s.t
	t.Helper()
	cmd := exec.Command(Binary(t), "serve")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "GOMAXPROCS=2"}
	for k, v := range s.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s.logs = &logTail{}
	cmd.Stderr = s.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.cmd = cmd
	s.done = make(chan struct{})
	urls := make(chan [2]string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		var metrics string
		sent := false
		for sc.Scan() {
			line := sc.Text()
			if m, ok := strings.CutPrefix(line, "metrics on "); ok {
				metrics = strings.TrimSuffix(m, "/metrics")
			}
			if u, ok := strings.CutPrefix(line, "carta listening on "); ok && !sent {
				urls <- [2]string{u, metrics}
				sent = true
			}
		}
		_ = cmd.Wait()
		close(s.done)
	}()
	deadline := time.After(60 * time.Second)
	select {
	case u := <-urls:
		s.URL, s.MetricsURL = u[0], u[1]
	case <-s.done:
		t.Fatalf("carta exited before listening:\n%s", s.logs)
	case <-deadline:
		s.Kill()
		t.Fatalf("carta did not start within 60 s:\n%s", s.logs)
	}
	Eventually(t, 30*time.Second, "carta ready", func() bool {
		resp, err := http.Get(s.URL + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
}

// Kill ends the process with SIGKILL (no shutdown: the "crash" of the
// scenarios) and waits for it to be gone. Killing a stopped server does
// nothing.
func (s *Server) Kill() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
	s.cmd = nil
}

// Restart kills the process and starts it again on the same data.
func (s *Server) Restart() {
	s.Kill()
	s.Start()
}

// Logs is what the process wrote to stderr (its last 64 KiB).
func (s *Server) Logs() string { return s.logs.String() }

// Goroutines is how many goroutines the process runs now (from its pprof
// goroutine profile on the metrics listener).
func (s *Server) Goroutines(t testing.TB) int {
	t.Helper()
	resp, err := http.Get(s.MetricsURL + "/debug/pprof/goroutine?debug=1")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	// "goroutine profile: total 42"
	n, err := strconv.Atoi(strings.TrimSpace(line[strings.LastIndex(line, " ")+1:]))
	if err != nil {
		t.Fatalf("goroutine profile header %q", line)
	}
	return n
}

// logTail keeps the last 64 KiB written to it.
type logTail struct {
	mu  sync.Mutex
	buf []byte
}

func (l *logTail) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	if n := len(l.buf) - 64<<10; n > 0 {
		l.buf = l.buf[n:]
	}
	return len(p), nil
}

func (l *logTail) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return string(l.buf)
}

// Eventually waits until cond holds, polling, and fails the test with what
// after the deadline: a bound for a stuck test, not a latency goal.
func Eventually(t testing.TB, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, limit)
		}
		time.Sleep(20 * time.Millisecond) // polling interval, not a wait for an outcome
	}
}

// RoundRobin is a reverse proxy that sends each request to the next of
// its backends in turn (streams included).
type RoundRobin struct {
	Backends []*Server
	n        atomic.Uint64
}

// ServeHTTP forwards r to the next backend.
func (rr *RoundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b := rr.Backends[int(rr.n.Add(1)-1)%len(rr.Backends)]
	u, _ := url.Parse(b.URL)
	p := httputil.NewSingleHostReverseProxy(u)
	p.FlushInterval = -1
	p.ErrorLog = log.New(io.Discard, "", 0)
	p.ServeHTTP(w, r)
}

// Timeout is ctx with the scenario's bound.
func Timeout(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

package app

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"carta/internal/demo"
	"carta/internal/store"
)

func envFor(dir string, extra ...string) func(string) string {
	m := map[string]string{"CARTA_DATA_DIR": dir, "CARTA_ADDR": "127.0.0.1:0", "CARTA_LOG_LEVEL": "warn", "CARTA_METRICS_ADDR": "127.0.0.1:0"}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i]] = extra[i+1]
	}
	return func(k string) string { return m[k] }
}

func countStaff(t *testing.T, dir string) int {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(dir, "carta.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM staff_users`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCommands(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var out bytes.Buffer
	if err := Run(ctx, []string{"migrate"}, envFor(dir), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if n := countStaff(t, dir); n != 0 {
		t.Fatalf("fresh database has %d accounts without demo mode", n)
	}
	if err := Run(ctx, []string{"create-superadmin", "--email", "Boss@Example.com", "--password", "long-enough"}, envFor(dir), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := Run(ctx, []string{"create-superadmin", "--email", "boss@example.com", "--password", "long-enough"}, envFor(dir), &out, io.Discard); err == nil {
		t.Fatal("duplicate super admin accepted")
	}
	if err := Run(ctx, []string{"create-superadmin", "--email", "x@example.com", "--password", "short"}, envFor(dir), &out, io.Discard); err == nil {
		t.Fatal("short password accepted")
	}
	for range 2 {
		if err := Run(ctx, []string{"seed-demo"}, envFor(dir), &out, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	// The super admin created above and the demo accounts, once.
	if n, want := countStaff(t, dir), 1+len(demo.Accounts); n != want {
		t.Fatalf("after seeding twice: %d accounts, want %d", n, want)
	}
	if err := Run(ctx, []string{"frobnicate"}, envFor(dir), &out, io.Discard); err == nil {
		t.Fatal("unknown command accepted")
	}
	if err := Run(ctx, nil, envFor(dir, "CARTA_ADDR", "bogus"), &out, io.Discard); err == nil || !strings.Contains(err.Error(), "CARTA_ADDR") {
		t.Fatalf("bad config: %v", err)
	}
}

// pipeWriter lets the test read what the server prints while it runs.
type pipeWriter struct{ w *io.PipeWriter }

func (p pipeWriter) Write(b []byte) (int, error) { return p.w.Write(b) }

// startServe runs `carta serve` in-process until the test stops it; it
// returns the served URL, what was printed before it and a stop function
// that shuts the server down gracefully and returns Run's error.
func startServe(t *testing.T, dir string, extra ...string) (string, string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"serve"}, envFor(dir, extra...), pipeWriter{pw}, io.Discard)
		pw.Close()
	}()
	sc := bufio.NewScanner(pr)
	var url string
	var printed []string
	re := regexp.MustCompile(`carta listening on (http://\S+)`)
	for sc.Scan() {
		printed = append(printed, sc.Text())
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			url = m[1]
			break
		}
	}
	go io.Copy(io.Discard, pr)
	if url == "" {
		cancel()
		t.Fatalf("server did not start: %v", <-done)
	}
	stop := func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(20 * time.Second):
			t.Fatal("server did not shut down")
			return nil
		}
	}
	return url, strings.Join(printed, "\n"), stop
}

func TestServeDemoAndGracefulShutdown(t *testing.T) {
	dir := t.TempDir()
	url, printed, stop := startServe(t, dir, "CARTA_DEMO", "1")
	for _, want := range []string{"admin@demo.test", "demo-admin-1", "owner@demo.test", "demo-owner-1", "owner2@demo.test", "demo-owner-2"} {
		if !strings.Contains(printed, want) {
			t.Errorf("demo accounts not printed: missing %s in\n%s", want, printed)
		}
	}
	resp, err := http.Get(url + "/readyz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("readyz: %v %v", resp, err)
	}
	resp.Body.Close()
	if err := stop(); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	// A second demo start does not duplicate the demo data.
	_, _, stop = startServe(t, dir, "CARTA_DEMO", "1")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if n, want := countStaff(t, dir), len(demo.Accounts); n != want {
		t.Fatalf("after two demo starts: %d accounts, want %d", n, want)
	}
}

func TestServeWithoutDemoPrintsNoAccounts(t *testing.T) {
	dir := t.TempDir()
	_, printed, stop := startServe(t, dir)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(printed, "demo-admin-1") || countStaff(t, dir) != 0 {
		t.Fatalf("demo data without demo mode: %q", printed)
	}
}

// Metrics are served on their own (loopback) address, not on the app's port.
func TestMetricsOnTheirOwnAddress(t *testing.T) {
	url, printed, stop := startServe(t, t.TempDir())
	defer stop()
	m := regexp.MustCompile(`metrics on (http://\S+)`).FindStringSubmatch(printed)
	if m == nil || !strings.HasPrefix(m[1], "http://127.0.0.1:") {
		t.Fatalf("metrics address not printed or not loopback:\n%s", printed)
	}
	get := func(u string) string {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	get(url + "/readyz")
	scraped := get(m[1])
	if !strings.Contains(scraped, `carta_http_requests_total{code="200",method="GET",route="GET /readyz"}`) {
		t.Fatal("metrics do not count the app's requests")
	}
	// The queues are counted at each scrape, from the database.
	for _, q := range []string{"outbox", "fees", "pos_orders"} {
		if !strings.Contains(scraped, `carta_queue_depth{queue="`+q+`"} `) {
			t.Fatalf("no depth of the %s queue:\n%s", q, scraped)
		}
	}
	if strings.Contains(get(url+"/metrics"), "carta_http_requests_total") {
		t.Fatal("metrics are public on the app's port")
	}
	// off serves none.
	_, printed, stop2 := startServe(t, t.TempDir(), "CARTA_METRICS_ADDR", "off")
	defer stop2()
	if strings.Contains(printed, "metrics on") {
		t.Fatalf("metrics served with off:\n%s", printed)
	}
}

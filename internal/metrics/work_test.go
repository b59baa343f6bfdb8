package metrics_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"carta/internal/metrics"
	"carta/internal/requestid"
)

// scrape returns the metrics as Prometheus serves them.
func scrape(t *testing.T, m *metrics.Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	return rec.Body.String()
}

func has(t *testing.T, text string, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if !strings.Contains(text, l) {
			t.Errorf("metrics lack %q", l)
		}
	}
}

func TestJobMetrics(t *testing.T) {
	m := metrics.New()
	ctx, done := m.Job(context.Background(), "outbox")
	if requestid.From(ctx) == "" {
		t.Fatal("a job pass has no request id")
	}
	done(nil)
	_, done = m.Job(context.Background(), "outbox")
	done(errors.New("database down"))
	_, done = m.Job(context.Background(), "fees")
	done(context.Canceled)
	// Work a request started keeps the request's id.
	if ctx, _ := m.Job(requestid.With(context.Background(), "req-1"), "pos_sync"); requestid.From(ctx) != "req-1" {
		t.Fatalf("request id %q, want req-1", requestid.From(ctx))
	}
	text := scrape(t, m)
	has(t, text,
		`carta_job_runs_total{job="outbox",outcome="ok"} 1`,
		`carta_job_runs_total{job="outbox",outcome="error"} 1`,
		`carta_job_runs_total{job="fees",outcome="canceled"} 1`,
		`carta_job_duration_seconds_count{job="outbox"} 2`,
		`carta_job_last_success_timestamp_seconds{job="outbox"}`)
	if strings.Contains(text, `carta_job_last_success_timestamp_seconds{job="fees"}`) {
		t.Error("a canceled pass counted as a success")
	}

	var nilMetrics *metrics.Metrics
	_, done = nilMetrics.Job(context.Background(), "x")
	done(nil)
	nilMetrics.Call("smtp")(nil)
}

func TestProviderCallMetricsAndRequestID(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Header.Get(requestid.Header))
		switch r.URL.Path {
		case "/busy":
			w.WriteHeader(http.StatusTooManyRequests)
		case "/broken":
			w.WriteHeader(http.StatusBadGateway)
		case "/missing":
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()
	var logs bytes.Buffer
	log := slog.New(requestid.NewHandler(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	m := metrics.New()
	hc := m.Client("clover_pos", 0, log)
	ctx := requestid.With(context.Background(), "req-42")
	for _, path := range []string{"/ok", "/busy", "/broken", "/missing", "/ok?secret_code=abc"} {
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+path, nil)
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	dead, _ := http.NewRequestWithContext(ctx, "GET", "http://127.0.0.1:1/", nil)
	if _, err := hc.Do(dead); err == nil {
		t.Fatal("a call to a closed port succeeded")
	}
	m.Call("smtp")(errors.New("421 try later"))

	for _, id := range got {
		if id != "req-42" {
			t.Fatalf("provider saw request ids %q, want req-42", got)
		}
	}
	has(t, scrape(t, m),
		`carta_provider_calls_total{outcome="ok",provider="clover_pos"} 2`,
		`carta_provider_calls_total{outcome="throttled",provider="clover_pos"} 1`,
		`carta_provider_calls_total{outcome="server_error",provider="clover_pos"} 1`,
		`carta_provider_calls_total{outcome="client_error",provider="clover_pos"} 1`,
		`carta_provider_calls_total{outcome="error",provider="clover_pos"} 1`,
		`carta_provider_calls_total{outcome="error",provider="smtp"} 1`,
		`carta_provider_call_duration_seconds_count{provider="clover_pos"} 6`)
	if !strings.Contains(logs.String(), "request_id=req-42") || !strings.Contains(logs.String(), "provider=clover_pos") {
		t.Fatalf("provider calls not logged with the request id:\n%s", logs.String())
	}
	if strings.Contains(logs.String(), "secret_code") {
		t.Fatal("a query string was logged")
	}
}

func TestQueueDepth(t *testing.T) {
	m := metrics.New()
	m.Queue("outbox", func(context.Context) (int, error) { return 7, nil })
	m.Queue("fees", func(context.Context) (int, error) { return 0, errors.New("database down") })
	text := scrape(t, m)
	has(t, text, `carta_queue_depth{queue="outbox"} 7`)
	if strings.Contains(text, `queue="fees"`) {
		t.Fatal("a queue whose depth failed was reported")
	}
}

func TestSQLiteWrites(t *testing.T) {
	m := metrics.New()
	m.SQLiteWrites(func() (int64, int64, time.Duration) { return 96, 3, 1500 * time.Millisecond })
	text := scrape(t, m)
	has(t, text, "carta_sqlite_writes_total 96", "carta_sqlite_commits_total 3", "carta_sqlite_write_turn_wait_seconds_total 1.5")
}

package metrics

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"carta/internal/requestid"
)

// work holds the collectors of background jobs, provider calls and queues.
type work struct {
	jobRuns     *prometheus.CounterVec
	jobLatency  *prometheus.HistogramVec
	jobLastOK   *prometheus.GaugeVec
	calls       *prometheus.CounterVec
	callLatency *prometheus.HistogramVec
}

func newWork() work {
	return work{
		jobRuns: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "carta_job_runs_total",
			Help: "Passes of background jobs by job and outcome (ok, error, canceled).",
		}, []string{"job", "outcome"}),
		jobLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "carta_job_duration_seconds",
			Help:    "Duration of a background job's pass.",
			Buckets: []float64{.001, .005, .01, .05, .1, .5, 1, 5, 15, 60, 300},
		}, []string{"job"}),
		jobLastOK: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "carta_job_last_success_timestamp_seconds",
			Help: "Unix time of a job's last pass without error on this replica.",
		}, []string{"job"}),
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "carta_provider_calls_total",
			Help: "Calls to external providers by provider and outcome (ok, client_error, throttled, server_error, error).",
		}, []string{"provider", "outcome"}),
		callLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "carta_provider_call_duration_seconds",
			Help:    "Latency of calls to external providers.",
			Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 20},
		}, []string{"provider"}),
	}
}

func (w work) collectors() []prometheus.Collector {
	return []prometheus.Collector{w.jobRuns, w.jobLatency, w.jobLastOK, w.calls, w.callLatency}
}

// Job starts one pass of the named background job: it returns ctx with a
// request id (a fresh one unless ctx has one: work a request started keeps
// the request's), so the pass's log lines and provider calls can be told
// apart, and the func to call with the pass's error when it ends:
//
//	ctx, done := s.Metrics.Job(ctx, "fees")
//	_, err := s.ChargeFees(ctx)
//	done(err)
//
// A nil *Metrics records nothing, so services built without metrics (tests)
// need no stub.
func (m *Metrics) Job(ctx context.Context, name string) (context.Context, func(error)) {
	if requestid.From(ctx) == "" {
		ctx = requestid.With(ctx, requestid.New())
	}
	if m == nil {
		return ctx, func(error) {}
	}
	start := time.Now()
	return ctx, func(err error) {
		outcome := "ok"
		switch {
		case errors.Is(err, context.Canceled):
			outcome = "canceled"
		case err != nil:
			outcome = "error"
		default:
			m.jobLastOK.WithLabelValues(name).SetToCurrentTime()
		}
		m.jobRuns.WithLabelValues(name, outcome).Inc()
		m.jobLatency.WithLabelValues(name).Observe(time.Since(start).Seconds())
	}
}

// Call starts timing one call to a provider that does not speak HTTP
// (SMTP); call the returned func with the call's error. HTTP providers are
// measured by their client's transport (Client).
func (m *Metrics) Call(provider string) func(error) {
	if m == nil {
		return func(error) {}
	}
	start := time.Now()
	return func(err error) {
		outcome := "ok"
		if err != nil {
			outcome = "error"
		}
		m.observeCall(provider, outcome, time.Since(start))
	}
}

func (m *Metrics) observeCall(provider, outcome string, d time.Duration) {
	m.calls.WithLabelValues(provider, outcome).Inc()
	m.callLatency.WithLabelValues(provider).Observe(d.Seconds())
}

// callOutcome names an HTTP answer's outcome.
func callOutcome(status int) string {
	switch {
	case status == http.StatusTooManyRequests:
		return "throttled"
	case status >= 500:
		return "server_error"
	case status >= 400:
		return "client_error"
	}
	return "ok"
}

// Client returns an HTTP client for a provider with the given timeout
// whose calls are measured (count by outcome, latency), logged at debug
// level with the request id of their context, and carry that id to the
// provider as X-Request-Id. log may be nil. A nil *Metrics still forwards
// the id.
func (m *Metrics) Client(provider string, timeout time.Duration, log *slog.Logger) *http.Client {
	return &http.Client{Timeout: timeout, Transport: m.Transport(provider, nil, log)}
}

// Transport wraps base (http.DefaultTransport when nil) as Client does.
func (m *Metrics) Transport(provider string, base http.RoundTripper, log *slog.Logger) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return &transport{m: m, provider: provider, base: base, log: log}
}

type transport struct {
	m        *Metrics
	provider string
	base     http.RoundTripper
	log      *slog.Logger
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	if id := requestid.From(ctx); id != "" && req.Header.Get(requestid.Header) == "" {
		req = req.Clone(ctx) // a RoundTripper must not change the caller's request
		req.Header.Set(requestid.Header, id)
	}
	start := time.Now()
	resp, err := t.base.RoundTrip(req)
	d := time.Since(start)
	outcome, status := "error", 0
	if err == nil {
		status = resp.StatusCode
		outcome = callOutcome(status)
	}
	if t.m != nil {
		t.m.observeCall(t.provider, outcome, d)
	}
	if t.log != nil && t.log.Enabled(ctx, slog.LevelDebug) {
		// The path only: queries may carry codes and secrets (OAuth).
		t.log.DebugContext(ctx, "provider call", "provider", t.provider, "method", req.Method, "host", req.URL.Host,
			"path", req.URL.Path, "status", status, "outcome", outcome, "duration_ms", float64(d.Microseconds())/1000)
	}
	return resp, err
}

// Queue registers a gauge carta_queue_depth{queue=name} read from depth at
// each scrape (with a 2-second bound), so it is as fresh as the scrape and
// costs nothing when nobody scrapes.
func (m *Metrics) Queue(name string, depth func(context.Context) (int, error)) {
	m.reg.MustRegister(&queueCollector{name: name, depth: depth,
		desc: prometheus.NewDesc("carta_queue_depth", "Rows waiting in a work queue (outbox: e-mails to send; fees: fees to charge; pos_orders: paid orders not yet in the POS; refunds: refunds not settled with the provider).",
			nil, prometheus.Labels{"queue": name})})
}

type queueCollector struct {
	name  string
	depth func(context.Context) (int, error)
	desc  *prometheus.Desc
}

func (c *queueCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *queueCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	n, err := c.depth(ctx)
	if err != nil {
		return // absent for this scrape; an error would fail the whole scrape
	}
	ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(n))
}

// SQLiteWrites registers SQLite's write counters, read at each scrape from
// read (store.DB.WriteStats): carta_sqlite_writes_total,
// carta_sqlite_commits_total (writes ÷ commits: the writes each group
// commit carried) and carta_sqlite_write_turn_wait_seconds_total (÷ writes:
// how long a write waited for its turn on average).
func (m *Metrics) SQLiteWrites(read func() (writes, commits int64, wait time.Duration)) {
	m.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "carta_sqlite_writes_total",
			Help: "SQLite writes (transactions and single statements), committed or not."},
			func() float64 { w, _, _ := read(); return float64(w) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "carta_sqlite_commits_total",
			Help: "SQLite commits; each commits the writes of one group (writes_total ÷ commits_total: writes per commit)."},
			func() float64 { _, c, _ := read(); return float64(c) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "carta_sqlite_write_turn_wait_seconds_total",
			Help: "Time SQLite writes waited for the process's write turn, summed."},
			func() float64 { _, _, d := read(); return d.Seconds() }),
	)
}

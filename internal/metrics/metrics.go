// Package metrics exposes Prometheus metrics: request counts and latency by
// route pattern (never by raw path, so ids do not explode cardinality),
// background job passes, provider calls and queue depths (work.go).
package metrics

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics holds the registry and the HTTP collectors.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	work

	// bound keeps the label-bound collectors of each method, route and
	// status seen, so a request costs a map lookup instead of hashing its
	// label values into the vectors twice.
	mu    sync.RWMutex
	bound map[boundKey]boundCollectors
}

type boundKey struct {
	method, route string
	status        int
}

type boundCollectors struct {
	requests prometheus.Counter
	latency  prometheus.Observer
}

// maxBound caps the bound collectors kept (routes are a fixed set; methods
// come from clients, so the cap guards memory against made-up ones).
const maxBound = 1024

// New creates a registry with Go and process collectors and HTTP metrics.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "carta_http_requests_total",
			Help: "HTTP requests by method, route pattern and status code.",
		}, []string{"method", "route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "carta_http_request_duration_seconds",
			Help:    "HTTP request latency by method and route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"method", "route"}),
		work: newWork(),
	}
	m.reg.MustRegister(m.work.collectors()...)
	m.reg.MustRegister(m.requests, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// Observe records one finished request. route is the ServeMux pattern
// that matched ("" when none did).
func (m *Metrics) Observe(method, route string, status int, d time.Duration) {
	if route == "" {
		route = "unmatched"
	}
	k := boundKey{method, route, status}
	m.mu.RLock()
	c, ok := m.bound[k]
	m.mu.RUnlock()
	if !ok {
		c = boundCollectors{m.requests.WithLabelValues(method, route, strconv.Itoa(status)), m.latency.WithLabelValues(method, route)}
		m.mu.Lock()
		if m.bound == nil {
			m.bound = make(map[boundKey]boundCollectors)
		}
		if len(m.bound) < maxBound {
			m.bound[k] = c
		}
		m.mu.Unlock()
	}
	c.requests.Inc()
	c.latency.Observe(d.Seconds())
}

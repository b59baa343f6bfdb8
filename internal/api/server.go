// Package api is Carta's HTTP layer: the route table, the handlers of the
// JSON API under /api, the health and metrics endpoints and the embedded
// web app with SPA fallback.
package api

import (
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"time"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/metrics"
	"carta/internal/offers"
	"carta/internal/respond"
	"carta/internal/store"
)

// Server holds what the handlers need.
type Server struct {
	DB      *store.DB
	Auth    *auth.Service
	Metrics *metrics.Metrics
	Media   *media.Pipeline
	Sync    *menu.Syncer
	Offers  *offers.Service
	// StripePublishableKey is sent to the browser for Stripe Elements.
	StripePublishableKey string
	// Webhook secrets of the hosted checkout and of Stripe.
	CloverWebhookSecret, StripeWebhookSecret string
	Web                                      fs.FS // the built web app; nil serves no UI
	Log                                      *slog.Logger
	// BaseURL is the public address used in links and QR codes.
	BaseURL string

	menuCache menuCache
	// menuChunks are the preload links of the diner menu's code (from
	// Vite's manifest), added to the menu pages.
	menuChunks string
	// menuIndex is index.html with its stylesheets inlined, the base of
	// the menu pages.
	menuIndex []byte
}

// route is one entry of the route table: the table is the single list the
// mux is built from and the OpenAPI test checks.
type route struct {
	method  string
	pattern string
	handler http.HandlerFunc
}

// Handler builds the whole HTTP handler: routes plus middleware.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	for _, rt := range s.routes() {
		mux.HandleFunc(rt.method+" "+rt.pattern, rt.handler)
	}
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	mux.Handle("GET /metrics", s.Metrics.Handler())
	mux.Handle("GET /media/{name}", s.Media.Handler())
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		respond.Error(w, r, apperr.ErrNotFound)
	})
	mux.Handle("/", s.spa())
	return s.middleware(mux)
}

// middleware recovers panics, sets security headers, logs and measures.
func (s *Server) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &metrics.StatusRecorder{ResponseWriter: w}
		h := rec.Header()
		for k, v := range securityHeaders {
			h[k] = v
		}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
				if rec.Status == 0 {
					respond.Error(rec, r, apperr.E(apperr.Internal, "panic", "panic"))
				}
			}
			d := time.Since(start)
			if rec.Status == 0 {
				rec.Status = http.StatusOK
			}
			s.Metrics.Observe(r.Method, r.Pattern, rec.Status, d)
			if r.Method != http.MethodGet && r.Method != http.MethodHead && rec.Status < 400 {
				// Any successful write may change what diners see.
				s.menuCache.forgetStates()
			}
			if r.Pattern != "GET /healthz" && r.Pattern != "GET /metrics" && s.Log.Enabled(r.Context(), slog.LevelDebug) {
				s.Log.Debug("request", "method", r.Method, "path", r.URL.Path, "route", r.Pattern,
					"status", rec.Status, "duration_ms", float64(d.Microseconds())/1000)
			}
		}()
		next.ServeHTTP(rec, r)
	})
}

// securityHeaders go on every response. The value slices are shared by
// all requests (len == cap, so an Add by a handler copies instead of
// writing into them): no allocation per request.
var securityHeaders = http.Header{
	"X-Content-Type-Options": {"nosniff"},
	"Referrer-Policy":        {"strict-origin-when-cross-origin"},
	"X-Frame-Options":        {"DENY"},
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	respond.JSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	if err := s.DB.Ping(r.Context()); err != nil {
		s.Log.Warn("readiness check failed", "err", err)
		respond.JSON(w, http.StatusServiceUnavailable, map[string]string{"status": "database unavailable"})
		return
	}
	respond.JSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

// clientIP is the address sign-in throttling counts against.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Package api is Carta's HTTP layer: the route table, the middleware, and
// thin handlers (decode, call the domain, encode) split by domain, each
// returning an error that one adapter maps to the response.
package api

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"carta/internal/accounts"
	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/billing"
	"carta/internal/campaigns"
	"carta/internal/checkout"
	"carta/internal/equipo"
	"carta/internal/limits"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/messaging"
	"carta/internal/metrics"
	"carta/internal/offers"
	"carta/internal/onboarding"
	"carta/internal/ordering"
	"carta/internal/panel"
	"carta/internal/refunds"
	"carta/internal/requestid"
	"carta/internal/respond"
	"carta/internal/store"
	"carta/internal/tenant"
	"carta/internal/web"
	"carta/internal/wines"
)

// Server holds the domain services the handlers call.
type Server struct {
	DB       *store.DB // for /readyz
	Auth     *auth.Service
	Accounts *accounts.Service
	Menu     *menu.Service
	Offers   *offers.Service
	Ordering *ordering.Service
	Billing  *billing.Service
	// Refunds is every kind's refunds: the one list of payments owed back.
	Refunds *refunds.Service
	// Onboarding is the super admin's restaurants, links and connections.
	Onboarding *onboarding.Service
	Wines      *wines.Service
	// Equipo is a restaurant's staff: people, invitations, sessions.
	Equipo *equipo.Service
	// Campaigns is the restaurants' 'Campañas' and the unsubscribe link.
	Campaigns *campaigns.Service
	// Panel is the restaurant panel's summary.
	Panel   *panel.Service
	Media   *media.Pipeline
	Site    *web.Site
	Metrics *metrics.Metrics
	Log     *slog.Logger
	// StripePublishableKey is sent to the browser for Stripe Elements.
	StripePublishableKey string
	// Webhook secrets of the hosted checkout and of Stripe.
	CloverWebhookSecret, StripeWebhookSecret string
	// The messaging providers' webhook secrets: Meta's app secret and verify token, Twilio's
	// auth token (messaging_hooks.go).
	WhatsAppAppSecret, WhatsAppVerifyToken, TwilioAuthToken string
	// Messages applies the providers' callbacks (delivery statuses, replies); nil: they are
	// accepted and dropped.
	Messages messaging.Events
	// Checkout confirms payments of every kind of purchase (webhooks and
	// the demo checkout page), with the kinds registered (app.NewServer).
	Checkout *checkout.Confirmer
	// BaseURL is the public address used in links and QR codes.
	BaseURL string
	// TrustedProxies are reverse proxies whose X-Forwarded-For is believed.
	TrustedProxies []*net.IPNet
	// Heartbeat starts a live stream's heartbeat: its beats and how to stop
	// them. Nil: a beat every streamHeartbeat (a test drives the beats).
	Heartbeat func() (beats <-chan time.Time, stop func())

	router *Router
}

// handler is a route's handler: it writes a successful answer, or returns
// the error for handle to map.
type handler func(w http.ResponseWriter, r *http.Request) error

// handle is the one adapter from a handler to http: an error becomes the
// response (its kind → status, its message in the caller's language).
func handle(fn handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			// respond.Error answers a connection failure the store marked as
			// the database down (503).
			respond.Error(w, r, err)
		}
	}
}

// ok answers v as JSON with 200.
func ok(w http.ResponseWriter, v any) error {
	respond.JSON(w, http.StatusOK, v)
	return nil
}

// list answers what load returns (super admin lists).
func list[T any](load func(context.Context) (T, error)) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		v, err := load(r.Context())
		if err != nil {
			return err
		}
		return ok(w, v)
	}
}

// ofTenant answers what load returns for the checked restaurant of the
// {cliente_id} path segment.
func ofTenant[T any](load func(context.Context, tenant.ID) (T, error)) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		t, err := tenantInPath(r)
		if err != nil {
			return err
		}
		v, err := load(r.Context(), t)
		if err != nil {
			return err
		}
		return ok(w, v)
	}
}

// ofDiner answers what load returns for the checked diner of the
// {usuario_id} path segment.
func ofDiner[T any](load func(context.Context, tenant.Diner) (T, error)) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		d, err := dinerOf(r)
		if err != nil {
			return err
		}
		v, err := load(r.Context(), d)
		if err != nil {
			return err
		}
		return ok(w, v)
	}
}

// ofDinerIn is ofDiner for a read of restaurant content the diner reads in
// their language (contentLang).
func ofDinerIn[T any](load func(context.Context, tenant.Diner, string) (T, error)) handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		d, err := dinerOf(r)
		if err != nil {
			return err
		}
		v, err := load(r.Context(), d, contentLang(w, r))
		if err != nil {
			return err
		}
		return ok(w, v)
	}
}

// contentLang is the language a diner reads restaurant content in: the
// menu's ?idioma= when given, else Accept-Language (what the app's API
// client sends); "en" or the default "es". The answer varies with the
// header, so caches are told.
func contentLang(w http.ResponseWriter, r *http.Request) string {
	if v := r.URL.Query().Get("idioma"); v != "" {
		return menu.Lang(v)
	}
	w.Header().Add("Vary", "Accept-Language")
	return respond.Lang(r)
}

// Router is the ServeMux the server registers every route on, keeping the
// list of patterns: the access-matrix test enumerates the routes from it.
type Router struct {
	mux      *http.ServeMux
	patterns []string
}

// Handle registers h for pattern ("METHOD /path").
func (rt *Router) Handle(pattern string, h http.Handler) {
	rt.mux.Handle(pattern, h)
	rt.patterns = append(rt.patterns, pattern)
}

// Patterns lists every registered pattern, in registration order.
func (rt *Router) Patterns() []string { return append([]string(nil), rt.patterns...) }

// Routes is the server's router (built by Handler).
func (s *Server) Routes() *Router { return s.router }

// Handler builds the whole HTTP handler: routes plus middleware. Metrics
// are not part of it: they are served on their own listener (see
// metrics.Metrics.Handler), so they are not public on the app's port.
func (s *Server) Handler() http.Handler {
	rt := &Router{mux: http.NewServeMux()}
	for _, r := range s.routes() {
		rt.Handle(r.method+" "+r.pattern, s.guard(r.access, handle(r.handler)))
	}
	rt.Handle("GET /healthz", handle(s.healthz))
	rt.Handle("GET /readyz", handle(s.readyz))
	rt.Handle("GET /media/{name}", s.Media.Handler())
	rt.Handle("/api/", handle(func(w http.ResponseWriter, r *http.Request) error { return apperr.ErrNotFound }))
	rt.Handle("/", s.Site.Handler())
	s.router = rt
	return s.middleware(rt.mux)
}

// middleware recovers panics, sets security headers, gives the request
// its id, refuses URLs with control characters, logs and measures.
func (s *Server) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &respond.Writer{ResponseWriter: w, Log: s.Log}
		h := rec.Header()
		for k, v := range securityHeaders {
			h[k] = v
		}
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			h["Referrer-Policy"] = referrerPolicy
		}
		// The request id: a proxy's when it is sane, else a new one; sent
		// back, and carried by the context into every log line written
		// with it and every provider call made during the request.
		id := r.Header.Get(requestid.Header)
		if !requestid.Sane(id) {
			id = requestid.New()
		}
		h[requestid.Header] = []string{id}
		ctx := requestid.With(r.Context(), id)
		if r.Method == http.MethodPost { // a sign-in, an invitation, a reset, a registration: a session may open
			ctx = auth.WithClient(ctx, s.clientIP(r), r.UserAgent())
		}
		r = r.WithContext(ctx)
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Log.ErrorContext(r.Context(), "panic", "method", r.Method, "path", logPath(r.URL.Path), "panic", v, "stack", string(debug.Stack()))
				if rec.Status == 0 {
					respond.Error(rec, r, apperr.E(apperr.Internal, "panic", "panic"))
				}
			}
			d := time.Since(start)
			if rec.Status == 0 {
				rec.Status = http.StatusOK
			}
			s.Metrics.Observe(r.Method, r.Pattern, rec.Status, d)
			if r.Pattern != "GET /healthz" && s.Log.Enabled(r.Context(), slog.LevelDebug) {
				s.Log.DebugContext(r.Context(), "request", "method", r.Method, "path", logPath(r.URL.Path), "route", r.Pattern,
					"status", rec.Status, "duration_ms", float64(d.Microseconds())/1000)
			}
		}()
		if !respond.CleanURL(r) {
			respond.Error(rec, r, limits.ErrControl)
			return
		}
		// While the health check cannot reach the database, API calls fail
		// at once (the app's files, /healthz and /readyz still answer).
		if s.DB.Down() && strings.HasPrefix(r.URL.Path, "/api/") {
			respond.Error(rec, r, respond.ErrDatabaseDown)
			return
		}
		next.ServeHTTP(rec, r)
	})
}

// secretPaths are path prefixes whose next segment is a bearer secret (a
// demo checkout session id lets anyone pay or decline that purchase).
var secretPaths = []string{"/api/demo/checkout/", "/demo/checkout/"}

// logPath is the request path as logged: secrets in it are redacted.
func logPath(p string) string {
	for _, prefix := range secretPaths {
		if rest, ok := strings.CutPrefix(p, prefix); ok {
			_, tail, _ := strings.Cut(rest, "/")
			if tail != "" {
				tail = "/" + tail
			}
			return prefix + "[redacted]" + tail
		}
	}
	return p
}

// securityHeaders go on every response. The value slices are shared by
// all requests (len == cap, so an Add by a handler copies instead of
// writing into them): no allocation per request.
var securityHeaders = http.Header{
	"X-Content-Type-Options": {"nosniff"},
	"X-Frame-Options":        {"DENY"},
}

// referrerPolicy goes on every response but the JSON API's: it governs what
// a document's links and loads send, and a JSON answer is no document. Left
// off there, a menu answer keeps its headers within eight, which net/http
// copies and sorts on every response without growing a map (docs/benchmarks.md).
var referrerPolicy = []string{"strict-origin-when-cross-origin"}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) error {
	respond.JSON(w, http.StatusOK, map[string]string{"status": "ok"})
	return nil
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) error {
	if err := s.DB.Check(r.Context()); err != nil {
		s.Log.WarnContext(r.Context(), "readiness check failed", "err", err)
		respond.JSON(w, http.StatusServiceUnavailable, map[string]string{"status": "database unavailable"})
		return nil
	}
	respond.JSON(w, http.StatusOK, map[string]string{"status": "ready"})
	return nil
}

// clientIP is the address sign-in and sign-up throttling count against.
func (s *Server) clientIP(r *http.Request) string { return auth.ClientIP(r, s.TrustedProxies) }

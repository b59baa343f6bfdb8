package app

import (
	"carta/internal/equipo"
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"sync"
	"time"

	"carta/internal/accounts"
	"carta/internal/api"
	"carta/internal/auth"
	"carta/internal/billing"
	"carta/internal/campaigns"
	"carta/internal/checkout"
	clovercheckout "carta/internal/checkout/clover"
	"carta/internal/clientes"
	"carta/internal/config"
	"carta/internal/mail"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/messaging"
	"carta/internal/metrics"
	"carta/internal/notify"
	"carta/internal/offers"
	"carta/internal/onboarding"
	"carta/internal/ordering"
	"carta/internal/panel"
	"carta/internal/pos"
	"carta/internal/refunds"
	"carta/internal/store"
	"carta/internal/web"
	"carta/internal/wines"
	"carta/internal/wines/lookup"
)

// Deps are what a server is built on: its database (whose clock the
// services read), media pipeline, metrics and log, the web build it serves,
// and the adapters to the outside world. serve passes the production ones
// (adapters.deps); the API tests pass fakes (a test web build, the demo
// POS and checkout, a wine lookup that knows one wine, no e-mail sender).
type Deps struct {
	DB      *store.DB
	Media   *media.Pipeline
	Metrics *metrics.Metrics // the API's and the services' (metrics.New())
	Log     *slog.Logger
	Files   fs.FS // the web build (web/dist)

	Catalog    func(clientes.POSConnection) (pos.Catalog, error)       // a restaurant's POS for menu syncs
	POS        func(clientes.POSConnection) (pos.Orders, error)        // a restaurant's POS for online orders
	Checkout   func(clientes.POSConnection) (checkout.Provider, error) // a restaurant's hosted checkout
	Refunds    func(clientes.POSConnection) (checkout.Refunder, error) // a restaurant's refunds
	Connector  onboarding.Connector                                    // connects restaurants to their POS
	Fees       billing.Provider                                        // charges the platform's fees
	WineLookup lookup.Lookup                                           // the wine import form's search
	Mail       mail.Sender                                             // nil: e-mails stay in the outbox
	// Channels sends WhatsApp and SMS messages, one Sender per channel (messaging.ChannelWhatsApp,
	// messaging.ChannelSMS); a channel absent or nil is the demo channel: its messages stay in the
	// outbox for the super admin, as e-mail does without SMTP.
	Channels map[string]messaging.Sender
}

// Server is Carta put together: the API (and the site it serves) on the
// services, and the background jobs, which Start runs and Wait waits for.
type Server struct {
	API *api.Server
	// Messages applies what the WhatsApp and SMS providers' signed callbacks report (delivery
	// statuses, replies BAJA / STOP): the webhook routes hand their events to it.
	Messages messaging.Events

	cfg     config.Config
	deps    Deps
	refunds *refunds.Service
	jobs    sync.WaitGroup
}

// NewServer builds the server configured by cfg on d. Nothing runs until
// Start (the jobs) and the caller serves Handler.
func NewServer(cfg config.Config, d Deps) *Server {
	db, log, mets := d.DB, d.Log, d.Metrics
	menuSvc, wineSvc := newMenu(d), newWines(d)
	refundSvc := &refunds.Service{DB: db, Provider: d.Refunds, Log: log, Metrics: mets}
	offerSvc := &offers.Service{DB: db, BaseURL: cfg.BaseURL, Log: log, Media: d.Media, Checkout: d.Checkout, Metrics: mets}
	offerSvc.UseRefunds(refundSvc)
	billingSvc := &billing.Service{DB: db, Provider: d.Fees, Log: log, BaseURL: cfg.BaseURL, Metrics: mets}
	if mets != nil {
		mets.Queue("outbox", func(ctx context.Context) (int, error) { return mail.CountPending(ctx, db) })
		mets.Queue("fees", func(ctx context.Context) (int, error) { return billing.CountPendingFees(ctx, db) })
		mets.Queue("pos_orders", func(ctx context.Context) (int, error) { return ordering.CountAwaitingPOS(ctx, db) })
		mets.Queue("refunds", func(ctx context.Context) (int, error) { return refunds.CountPending(ctx, db) })
		if db.Dialect() == store.SQLite {
			mets.SQLiteWrites(func() (int64, int64, time.Duration) {
				s := db.WriteStats()
				return s.Writes, s.Commits, s.TurnWait
			})
		}
	}
	authSvc := &auth.Service{DB: db, TTL: cfg.SessionTTL, Log: log, BaseURL: cfg.BaseURL}
	site := &web.Site{Menu: menuSvc, Media: d.Media, Files: d.Files, Stripe: cfg.StripePublishableKey != ""}
	menuSvc.Changed = site.Forget
	orderSvc := &ordering.Service{DB: db, Menu: menuSvc, Auth: authSvc, BaseURL: cfg.BaseURL, Log: log,
		Checkout: d.Checkout, POS: d.POS, Feed: &ordering.Feed{DB: db}, PerAddress: cfg.OrdersPerAddress, Metrics: mets}
	orderSvc.UseRefunds(refundSvc)
	// A menu write of this replica (its settings among them: the place an
	// order's page and e-mail show) is seen at once by both caches.
	menuSvc.Changed = func(clienteID int64) {
		site.Forget(clienteID)
		orderSvc.Forget(clienteID)
	}
	site.OrderingMenu = orderSvc.OnlineMenu
	wineSvc.Changed = site.Forget
	if cfg.WineLookupURL != "" {
		// The endpoint is paid by the call on the platform's key.
		wineSvc.Paid = wines.NewPaidLookups(authSvc, cfg.WineLookupPerHour, cfg.WineLookupConcurrency)
	}
	// The kinds of purchase paid through a hosted checkout (a coupon, an
	// online order, a table tab's payment): a confirmation goes to its
	// session's kind; a session created before sessions were recorded is
	// looked for in coupons, then orders.
	confirmer := &checkout.Confirmer{DB: db, Notifications: clovercheckout.Webhooks{}, PlatformSecret: cfg.CloverWebhookSecret, Log: log}
	confirmer.Register(offerSvc)
	confirmer.Register(orderSvc)
	confirmer.Register(ordering.Tabs{S: orderSvc})
	srv := &api.Server{
		DB:         db,
		Checkout:   confirmer,
		Onboarding: &onboarding.Service{DB: db, Auth: authSvc, POS: d.Connector, BaseURL: cfg.BaseURL, AppID: cfg.CloverAppID},
		Equipo:     &equipo.Service{DB: db, Auth: authSvc, BaseURL: cfg.BaseURL},
		Wines:      wineSvc,
		Panel:      &panel.Service{DB: db, Menu: menuSvc, Ordering: orderSvc},
		Campaigns:  &campaigns.Service{DB: db, BaseURL: cfg.BaseURL, Log: log, Metrics: mets},
		Auth:       authSvc,
		Accounts:   &accounts.Service{DB: db, Auth: authSvc, RegisterPerAddress: cfg.RegisterPerAddress},
		Menu:       menuSvc,
		Offers:     offerSvc,
		Ordering:   orderSvc,
		Billing:    billingSvc,
		Refunds:    refundSvc,
		Media:      d.Media,
		Site:       site,
		Metrics:    mets,
		Log:        log,

		StripePublishableKey: cfg.StripePublishableKey,
		StripeWebhookSecret:  cfg.StripeWebhookSecret,
		CloverWebhookSecret:  cfg.CloverWebhookSecret,
		WhatsAppAppSecret:    cfg.WhatsAppAppSecret,
		WhatsAppVerifyToken:  cfg.WhatsAppVerifyToken,
		TwilioAuthToken:      cfg.TwilioAuthToken,
		BaseURL:              cfg.BaseURL,
		TrustedProxies:       cfg.TrustedProxies,
	}
	msgs := &notify.Service{DB: db, Log: log}
	srv.Messages = msgs // the providers' signed callbacks: delivery statuses, replies BAJA/STOP
	return &Server{API: srv, Messages: msgs, cfg: cfg, deps: d, refunds: refundSvc}
}

// Handler is the server's HTTP handler (the API, the site and the media).
func (s *Server) Handler() http.Handler { return s.API.Handler() }

// Wait returns once the jobs Start started have ended (their context
// ended and their last pass returned) and the e-mails of the password
// resets answered before have been queued: after it nothing the server
// started uses the database.
func (s *Server) Wait() {
	s.jobs.Wait()
	s.API.Auth.WaitResets()
}

// newMenu is the menu service on d (the seeding uses it too).
func newMenu(d Deps) *menu.Service {
	return &menu.Service{DB: d.DB, Media: d.Media, Catalog: d.Catalog, Metrics: d.Metrics}
}

// newWines is the wine service on d.
func newWines(d Deps) *wines.Service {
	return &wines.Service{DB: d.DB, Media: d.Media, Lookup: d.WineLookup}
}

// serve runs the server until ctx ends, then shuts it down: requests in
// flight are answered, the background jobs end their pass, and only then
// does serve return (and Run close the database). newDeps gives the dependencies for a configuration (adapters.deps; a
// test passes its own).
func serve(ctx context.Context, cfg config.Config, log *slog.Logger, newDeps func(config.Config) Deps, stdout io.Writer) error {
	if cfg.Demo {
		if err := seedDemo(ctx, newDeps(cfg)); err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	addr := ln.Addr().(*net.TCPAddr)
	local := fmt.Sprintf("http://%s", net.JoinHostPort(displayHost(addr.IP), fmt.Sprint(addr.Port)))
	if cfg.BaseURL == "" {
		cfg.BaseURL = local
	}
	d := newDeps(cfg)
	srv := NewServer(cfg, d)
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	if d.Mail == nil {
		log.Info("no SMTP server configured: e-mails stay in the outbox (super admin: GET /api/admin/outbox)")
	}
	jctx, stopJobs := context.WithCancel(ctx)
	srv.Start(jctx)
	// However serve ends, it returns only after the jobs: Run closes the
	// database next.
	defer func() {
		stopJobs()
		log.Info("waiting for the background jobs to end")
		srv.Wait()
	}()

	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	if ms := serveMetrics(cfg.MetricsAddr, d.Metrics, log, stdout); ms != nil {
		defer ms.Close()
	}
	if cfg.Demo {
		printDemoAccounts(stdout)
	}
	fmt.Fprintf(stdout, "carta listening on %s\n", local)
	log.Info("listening", "addr", addr.String(), "base_url", cfg.BaseURL, "demo", cfg.Demo)

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// serveMetrics serves Prometheus metrics on their own address (loopback by
// default), so they are never public on the app's port. A metrics address
// that cannot be bound is logged as an error and the app keeps serving:
// diners and payments must not depend on monitoring.
func serveMetrics(addr string, m *metrics.Metrics, log *slog.Logger, stdout io.Writer) *http.Server {
	if addr == "off" {
		return nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Error("metrics not served: cannot listen", "addr", addr, "err", err)
		return nil
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	// Profiles on the same private address, for the benchmarks and for
	// diagnosing a slow production server without redeploying.
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() { _ = hs.Serve(ln) }()
	fmt.Fprintf(stdout, "metrics on http://%s/metrics\n", ln.Addr())
	return hs
}

// displayHost turns an unspecified listen address into localhost for the
// printed URL.
func displayHost(ip net.IP) string {
	if ip == nil || ip.IsUnspecified() {
		return "localhost"
	}
	return ip.String()
}

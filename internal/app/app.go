// Package app wires Carta together and runs its commands: serve (default),
// migrate, seed-demo and create-superadmin.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"carta/internal/accounts"
	"carta/internal/api"
	"carta/internal/auth"
	"carta/internal/billing"
	billingdemo "carta/internal/billing/demo"
	"carta/internal/billing/stripe"
	"carta/internal/checkout"
	clovercheckout "carta/internal/checkout/clover"
	checkoutdemo "carta/internal/checkout/demo"
	"carta/internal/clientes"
	"carta/internal/config"
	"carta/internal/demo"
	"carta/internal/mail"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/metrics"
	"carta/internal/offers"
	"carta/internal/onboarding"
	"carta/internal/ordering"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	posdemo "carta/internal/pos/demo"
	"carta/internal/secrets"
	"carta/internal/store"
	"carta/internal/tenant"
	"carta/internal/web"
	"carta/internal/wines"
	"carta/internal/wines/lookup"
	dist "carta/web"
)

const usage = `usage: carta [command] [flags]

commands:
  serve              start the server (default)
  migrate            apply database migrations and exit
  seed-demo          create the demo restaurants and accounts and exit
  create-superadmin  --email E --password P: create a super admin account
  rotate-secrets     seal every stored secret with the current CARTA_SECRET_KEY

Run "carta serve -h" for the flags; every flag has a CARTA_* variable.
`

// Run executes the command named in args. It is main's only call, so tests
// can run the whole program in-process.
func Run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve", "migrate", "seed-demo", "create-superadmin", "rotate-secrets":
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
	var email, password string
	if cmd == "create-superadmin" {
		var rest []string
		for i := 0; i < len(args); i++ {
			switch {
			case args[i] == "--email" && i+1 < len(args):
				email, i = args[i+1], i+1
			case args[i] == "--password" && i+1 < len(args):
				password, i = args[i+1], i+1
			case strings.HasPrefix(args[i], "--email="):
				email = strings.TrimPrefix(args[i], "--email=")
			case strings.HasPrefix(args[i], "--password="):
				password = strings.TrimPrefix(args[i], "--password=")
			default:
				rest = append(rest, args[i])
			}
		}
		args = rest
	}
	cfg, _, err := config.Load("carta "+cmd, args, getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	if db.Box, err = secretBox(cfg, log); err != nil {
		return err
	}
	n, err := db.Migrate(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	log.Info("database ready", "engine", db.Dialect(), "migrations_applied", n)
	// Secrets stored before sealing existed (or sealed with a key being
	// rotated out) are sealed with the current key.
	sealed, err := clientes.SealPlaintext(ctx, db)
	if err != nil {
		return fmt.Errorf("seal stored secrets: %w", err)
	}
	if sealed > 0 {
		log.Info("sealed stored secrets with the current key", "count", sealed)
	}

	pipe, err := newPipeline(cfg)
	if err != nil {
		return err
	}
	// Carta's Clover app (CARTA_CLOVER_APP_ID/SECRET in CARTA_CLOVER_REGION) refreshes the
	// restaurants' OAuth tokens; without it stored tokens are used as they are.
	oauth, err := cloverOAuth(cfg)
	if err != nil {
		return err
	}
	cloverTokens := cloverTokenSources(db, oauth)
	menuSvc := &menu.Service{DB: db, Media: pipe, Catalog: posCatalog(cfg.CloverBaseURL, cloverTokens)}
	wineSvc := &wines.Service{DB: db, Media: pipe, Lookup: wineLookup(cfg)}
	switch cmd {
	case "migrate":
		fmt.Fprintf(stdout, "applied %d migrations\n", n)
		return nil
	case "seed-demo":
		if err := seedDemo(ctx, db, pipe, menuSvc, wineSvc); err != nil {
			return err
		}
		printDemoAccounts(stdout)
		return nil
	case "create-superadmin":
		return createSuperAdmin(ctx, db, email, password, stdout)
	case "rotate-secrets":
		fmt.Fprintf(stdout, "sealed %d secrets with key %s\n", sealed, db.Box.CurrentID())
		return nil
	}
	if getenv("GOMEMLIMIT") == "" {
		// A soft limit: the collector works harder as the heap nears it,
		// so bursts (image decodes) do not grow the heap GOGC's multiple
		// past what the work needs.
		debug.SetMemoryLimit(serveMemoryLimit)
	}
	if getenv("GOGC") == "" {
		// The server's live heap is small (a few MB plus the menu cache),
		// so the default GOGC=100 collects many times a second under load;
		// a larger target trades a few tens of MB for fewer collections and
		// a shorter latency tail. GOGC and GOMEMLIMIT still override it.
		debug.SetGCPercent(serveGCPercent)
	}
	return serve(ctx, cfg, db, pipe, menuSvc, wineSvc, oauth, cloverTokens, log, stdout)
}

// feedInterval is how often the order feed reads the changes other
// replicas made (this replica's own are read at once).
const feedInterval = 250 * time.Millisecond

// serveGCPercent is the server's GOGC, and serveMemoryLimit its soft
// memory limit, unless the environment sets GOGC or GOMEMLIMIT.
const (
	serveGCPercent   = 400
	serveMemoryLimit = 1 << 30
)

// secretBox is the box sealing the database's secrets: the keys of
// CARTA_SECRET_KEY, or the key file in the data dir (created on first
// start; fine for a demo, but a production key belongs outside the data
// and its backups).
func secretBox(cfg config.Config, log *slog.Logger) (*secrets.Box, error) {
	raw := cfg.SecretKey
	if raw == "" {
		file := filepath.Join(cfg.DataDir, "secret.key")
		k, created, err := secrets.FileKey(file)
		if err != nil {
			return nil, fmt.Errorf("secret key file: %w", err)
		}
		if created {
			log.Warn("no CARTA_SECRET_KEY: created a key file to seal stored secrets; set CARTA_SECRET_KEY in production", "file", file)
		}
		raw = k
	}
	keys, err := secrets.ParseKeys(raw)
	if err != nil {
		return nil, fmt.Errorf("CARTA_SECRET_KEY: %w", err)
	}
	return secrets.New(keys[0], keys[1:]...)
}

// newPipeline is the media pipeline on local disk under the data dir.
func newPipeline(cfg config.Config) (*media.Pipeline, error) {
	disk, err := media.NewDisk(filepath.Join(cfg.DataDir, "media"))
	if err != nil {
		return nil, fmt.Errorf("media storage: %w", err)
	}
	return &media.Pipeline{Store: disk}, nil
}

// cloverOAuth is Carta's Clover app, nil when it is not configured.
func cloverOAuth(cfg config.Config) (*clover.OAuth, error) {
	if cfg.CloverAppID == "" {
		return nil, nil
	}
	region, err := clover.ParseRegion(cfg.CloverRegion)
	if err != nil {
		return nil, err
	}
	o := clover.NewOAuth(region, cfg.CloverAppID, cfg.CloverAppSecret)
	if cfg.CloverBaseURL != region.APIURL() {
		o.APIURL = cfg.CloverBaseURL // a test server
	}
	return o, nil
}

// connector connects restaurants to their POS: through Carta's Clover app,
// or offline with the demo connector.
func connector(cfg config.Config, oauth *clover.OAuth) onboarding.Connector {
	if oauth == nil {
		return onboarding.DemoConnector{}
	}
	return onboarding.CloverConnector{OAuth: oauth, APIURL: cfg.CloverBaseURL}
}

// cloverTokenSources gives each restaurant's Clover client its token
// source, one per restaurant for the process's life: OAuth v2 tokens are
// refreshed before they expire (once, however many callers), and a 401
// marks the restaurant for reconnection. With oauth nil (no Clover app
// configured) stored tokens are used as they are.
func cloverTokenSources(db *store.DB, oauth *clover.OAuth) func(clientes.POSConnection) clover.TokenSource {
	var refresh func(context.Context, string) (clientes.Tokens, error)
	if oauth != nil {
		refresh = func(ctx context.Context, refreshToken string) (clientes.Tokens, error) {
			tk, err := oauth.Refresh(ctx, refreshToken)
			return clientes.Tokens(tk), err
		}
	}
	var mu sync.Mutex
	sources := map[int64]*clientes.TokenSource{}
	return func(conn clientes.POSConnection) clover.TokenSource {
		mu.Lock()
		defer mu.Unlock()
		if s, ok := sources[conn.ClienteID]; ok {
			return s
		}
		if len(sources) >= 10000 {
			clear(sources)
		}
		s := &clientes.TokenSource{DB: db, ID: tenant.System(conn.ClienteID), Refresh: refresh}
		sources[conn.ClienteID] = s
		return s
	}
}

// posCatalog opens a restaurant's point of sale for a sync: the built-in
// demo merchant, or Clover's REST API (the restaurant's own base URL, or
// cloverBase) with the restaurant's token source.
func posCatalog(cloverBase string, tokens func(clientes.POSConnection) clover.TokenSource) func(clientes.POSConnection) (pos.Catalog, error) {
	return func(conn clientes.POSConnection) (pos.Catalog, error) {
		switch conn.Provider {
		case "demo":
			return posdemo.New(conn.Merchant)
		case "clover":
			base := conn.BaseURL
			if base == "" {
				base = cloverBase
			}
			c := clover.New(base, conn.Merchant, conn.Token)
			c.Tokens = tokens(conn)
			return c, nil
		}
		return nil, fmt.Errorf("unknown POS provider %q", conn.Provider)
	}
}

// posOrders opens a restaurant's point of sale for online orders: one
// demo merchant per merchant id for the process's life (its orders live in
// memory), or a Clover client per connection (it caches the merchant's
// order type).
func posOrders(cloverBase string, tokens func(clientes.POSConnection) clover.TokenSource) func(clientes.POSConnection) (pos.Orders, error) {
	var mu sync.Mutex
	demos := map[string]*posdemo.Merchant{}
	clients := map[clientes.POSConnection]*clover.Client{}
	return func(conn clientes.POSConnection) (pos.Orders, error) {
		mu.Lock()
		defer mu.Unlock()
		switch conn.Provider {
		case "demo":
			if m, ok := demos[conn.Merchant]; ok {
				return m, nil
			}
			m, err := posdemo.New(conn.Merchant)
			if err != nil {
				return nil, err
			}
			demos[conn.Merchant] = m
			return m, nil
		case "clover":
			if c, ok := clients[conn]; ok {
				return c, nil
			}
			base := conn.BaseURL
			if base == "" {
				base = cloverBase
			}
			if len(clients) >= 1000 {
				clear(clients)
			}
			c := clover.New(base, conn.Merchant, conn.Token)
			c.Tokens = tokens(conn)
			clients[conn] = c
			return c, nil
		}
		return nil, fmt.Errorf("unknown POS provider %q", conn.Provider)
	}
}

// checkoutFor picks a restaurant's hosted checkout: the demo page on this
// server for the demo POS, Clover's Ecommerce hosted checkout otherwise.
func checkoutFor(baseURL, cloverBase string) func(clientes.POSConnection) (checkout.Provider, error) {
	return func(conn clientes.POSConnection) (checkout.Provider, error) {
		if conn.Provider == "demo" {
			return &checkoutdemo.Provider{BaseURL: baseURL}, nil
		}
		base := conn.BaseURL
		if base == "" {
			base = cloverBase
		}
		return clovercheckout.New(base), nil
	}
}

func seedDemo(ctx context.Context, db *store.DB, pipe *media.Pipeline, menuSvc *menu.Service, wineSvc *wines.Service) error {
	if err := demo.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed demo: %w", err)
	}
	if err := demo.SeedMenus(ctx, db, pipe); err != nil {
		return fmt.Errorf("seed demo menus: %w", err)
	}
	if err := demo.SeedWines(ctx, db, pipe, wineSvc); err != nil {
		return fmt.Errorf("seed demo wines: %w", err)
	}
	// A sync from the demo point of sale fills in what only the POS knows
	// (modifier groups, tax rates) and changes nothing on later starts.
	for _, r := range demo.Restaurants {
		c, err := clientes.ByMerchant(ctx, db, r.MerchantID)
		if err != nil {
			return err
		}
		if _, err := menuSvc.Sync(ctx, tenant.System(c.ID)); err != nil {
			return fmt.Errorf("sync demo POS of %s: %w", r.MerchantID, err)
		}
		// The demo restaurants take pickup orders at any hour, so the
		// ordering flow can be tried whenever the demo runs.
		cfg := ordering.Config{Activo: true, PreparacionMin: 15, Horario: ordering.AlwaysOpen(), PedidosPorFranja: 20, ZonaHoraria: r.Zone}
		if err := ordering.SeedConfig(ctx, db, tenant.System(c.ID), cfg); err != nil {
			return fmt.Errorf("ordering settings of %s: %w", r.MerchantID, err)
		}
	}
	return nil
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func printDemoAccounts(w io.Writer) {
	fmt.Fprintln(w, "demo accounts:")
	for _, a := range demo.Accounts {
		fmt.Fprintf(w, "  %-22s %-18s %s\n", a.Role, a.Email, a.Password)
	}
}

func createSuperAdmin(ctx context.Context, db *store.DB, email, password string, stdout io.Writer) error {
	email = auth.NormalizeEmail(email)
	if email == "" || !strings.Contains(email, "@") {
		return errors.New("create-superadmin needs --email with a valid address")
	}
	if len(password) < 8 {
		return errors.New("create-superadmin needs --password of at least 8 characters")
	}
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	if _, err := auth.CreateStaffUser(ctx, db, auth.StaffUser{Email: email, PasswordHash: hash, Role: tenant.RoleSuperAdmin}); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return fmt.Errorf("an account with e-mail %s already exists", email)
		}
		return err
	}
	fmt.Fprintf(stdout, "super admin %s created\n", email)
	return nil
}

func serve(ctx context.Context, cfg config.Config, db *store.DB, pipe *media.Pipeline, menuSvc *menu.Service, wineSvc *wines.Service, oauth *clover.OAuth,
	cloverTokens func(clientes.POSConnection) clover.TokenSource, log *slog.Logger, stdout io.Writer) error {
	if cfg.Demo {
		if err := seedDemo(ctx, db, pipe, menuSvc, wineSvc); err != nil {
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
	offerSvc := &offers.Service{DB: db, BaseURL: cfg.BaseURL, Log: log, Media: pipe, Checkout: checkoutFor(cfg.BaseURL, cfg.CloverBaseURL)}
	billingSvc := &billing.Service{DB: db, Provider: billingdemo.New(), Log: log, BaseURL: cfg.BaseURL}
	if cfg.StripeSecretKey != "" {
		billingSvc.Provider = stripe.New(cfg.StripeSecretKey)
	}
	go offerSvc.Run(ctx, 30*time.Second)
	go billingSvc.Run(ctx, 30*time.Second)
	mets := metrics.New()
	authSvc := &auth.Service{DB: db, TTL: cfg.SessionTTL}
	site := &web.Site{Menu: menuSvc, Media: pipe, Files: dist.Dist(), Stripe: cfg.StripePublishableKey != ""}
	menuSvc.Changed = site.Forget
	feed := &ordering.Feed{DB: db}
	orderSvc := &ordering.Service{DB: db, Menu: menuSvc, Auth: authSvc, BaseURL: cfg.BaseURL, Log: log,
		Checkout: checkoutFor(cfg.BaseURL, cfg.CloverBaseURL), POS: posOrders(cfg.CloverBaseURL, cloverTokens), Feed: feed,
		PerAddress: cfg.OrdersPerAddress}
	go feed.Run(ctx, feedInterval, func(err error) { log.Warn("order feed", "err", err) })
	go orderSvc.Run(ctx, 30*time.Second)
	onboard := &onboarding.Service{DB: db, Auth: authSvc, POS: connector(cfg, oauth), BaseURL: cfg.BaseURL, AppID: cfg.CloverAppID}
	wineSvc.Changed = site.Forget
	srv := &api.Server{
		DB:         db,
		Onboarding: onboard,
		Wines:      wineSvc,
		Auth:       authSvc,
		Accounts:   &accounts.Service{DB: db, Auth: authSvc, RegisterPerAddress: cfg.RegisterPerAddress},
		Menu:       menuSvc,
		Offers:     offerSvc,
		Ordering:   orderSvc,
		Billing:    billingSvc,
		Media:      pipe,
		Site:       site,
		Metrics:    mets,
		Log:        log,

		StripePublishableKey: cfg.StripePublishableKey,
		StripeWebhookSecret:  cfg.StripeWebhookSecret,
		CloverWebhookSecret:  cfg.CloverWebhookSecret,
		BaseURL:              cfg.BaseURL,
		TrustedProxies:       cfg.TrustedProxies,
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	go sweepSessions(ctx, db, log)
	go pipe.RunSweep(ctx, db, 10*time.Minute, log.Warn)
	worker := &mail.Worker{DB: db, Log: log}
	if cfg.SMTPHost != "" {
		worker.Sender = &mail.SMTP{Host: cfg.SMTPHost, Port: cfg.SMTPPort, Username: cfg.SMTPUser, Password: cfg.SMTPPassword,
			From: cfg.SMTPFrom, TLS: cfg.SMTPTLS}
	} else {
		log.Info("no SMTP server configured: e-mails stay in the outbox (super admin: GET /api/admin/outbox)")
	}
	go worker.Run(ctx)

	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	if ms := serveMetrics(cfg.MetricsAddr, mets, log, stdout); ms != nil {
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

// sweepSessions deletes expired sessions and throttle keys every hour (a
// throttle key is kept a day past its window, so its strikes still count
// when its address comes back soon).
func sweepSessions(ctx context.Context, db *store.DB, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := auth.DeleteExpiredSessions(ctx, db); err != nil && ctx.Err() == nil {
			log.Warn("sweep sessions", "err", err)
		} else if n > 0 {
			log.Debug("swept sessions", "count", n)
		}
		if _, err := auth.DeleteExpiredThrottles(ctx, db, 24*time.Hour); err != nil && ctx.Err() == nil {
			log.Warn("sweep throttle keys", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// wineLookup is the wine search of the import form: an OpenAI-compatible
// endpoint when configured (falling back to the built-in reference), else
// the reference that ships with Carta.
func wineLookup(cfg config.Config) lookup.Lookup {
	if cfg.WineLookupURL == "" {
		return lookup.Builtin()
	}
	return lookup.OpenAI{URL: cfg.WineLookupURL, Model: cfg.WineLookupModel, Key: cfg.WineLookupKey,
		HTTP: &http.Client{Timeout: 20 * time.Second}, Timeout: 15 * time.Second, Fallback: lookup.Builtin()}
}

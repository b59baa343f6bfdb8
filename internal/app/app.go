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
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"carta/internal/api"
	"carta/internal/auth"
	billingdemo "carta/internal/billing/demo"
	"carta/internal/billing/stripe"
	"carta/internal/checkout"
	clovercheckout "carta/internal/checkout/clover"
	checkoutdemo "carta/internal/checkout/demo"
	"carta/internal/config"
	"carta/internal/demo"
	"carta/internal/mail"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/metrics"
	"carta/internal/offers"
	"carta/internal/store"
	"carta/web"
)

const usage = `usage: carta [command] [flags]

commands:
  serve              start the server (default)
  migrate            apply database migrations and exit
  seed-demo          create the demo restaurants and accounts and exit
  create-superadmin  --email E --password P: create a super admin account

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
	case "serve", "migrate", "seed-demo", "create-superadmin":
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
	n, err := db.Migrate(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	log.Info("database ready", "engine", db.Dialect(), "migrations_applied", n)

	pipe, err := newPipeline(cfg)
	if err != nil {
		return err
	}
	syncer := &menu.Syncer{DB: db, CloverBaseURL: cfg.CloverBaseURL}
	switch cmd {
	case "migrate":
		fmt.Fprintf(stdout, "applied %d migrations\n", n)
		return nil
	case "seed-demo":
		if err := seedDemo(ctx, db, pipe, syncer); err != nil {
			return err
		}
		printDemoAccounts(stdout)
		return nil
	case "create-superadmin":
		return createSuperAdmin(ctx, db, email, password, stdout)
	}
	if getenv("GOGC") == "" {
		// The server's live heap is small (a few MB plus the menu cache),
		// so the default GOGC=100 collects many times a second under load;
		// a larger target trades a few tens of MB for fewer collections and
		// a shorter latency tail. GOGC and GOMEMLIMIT still override it.
		debug.SetGCPercent(serveGCPercent)
	}
	return serve(ctx, cfg, db, pipe, syncer, log, stdout)
}

// serveGCPercent is the server's GOGC unless the environment sets one.
const serveGCPercent = 400

// newPipeline is the media pipeline on local disk under the data dir.
func newPipeline(cfg config.Config) (*media.Pipeline, error) {
	disk, err := media.NewDisk(filepath.Join(cfg.DataDir, "media"))
	if err != nil {
		return nil, fmt.Errorf("media storage: %w", err)
	}
	return &media.Pipeline{Store: disk}, nil
}

func seedDemo(ctx context.Context, db *store.DB, pipe *media.Pipeline, syncer *menu.Syncer) error {
	if err := demo.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed demo: %w", err)
	}
	if err := demo.SeedMenus(ctx, db, pipe); err != nil {
		return fmt.Errorf("seed demo menus: %w", err)
	}
	// A sync from the demo point of sale fills in what only the POS knows
	// (modifier groups, tax rates) and changes nothing on later starts.
	for _, r := range demo.Restaurants {
		c, err := store.GetClienteByMerchant(ctx, db, r.MerchantID)
		if err != nil {
			return err
		}
		if _, err := syncer.Sync(ctx, c.ID); err != nil {
			return fmt.Errorf("sync demo POS of %s: %w", r.MerchantID, err)
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
	email = store.NormalizeEmail(email)
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
	if _, err := store.CreateStaffUser(ctx, db, store.StaffUser{Email: email, PasswordHash: hash, Role: store.RoleSuperAdmin}); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return fmt.Errorf("an account with e-mail %s already exists", email)
		}
		return err
	}
	fmt.Fprintf(stdout, "super admin %s created\n", email)
	return nil
}

func serve(ctx context.Context, cfg config.Config, db *store.DB, pipe *media.Pipeline, syncer *menu.Syncer, log *slog.Logger, stdout io.Writer) error {
	if cfg.Demo {
		if err := seedDemo(ctx, db, pipe, syncer); err != nil {
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
	offerSvc := &offers.Service{DB: db, BaseURL: cfg.BaseURL, Log: log, Billing: billingdemo.New(),
		Checkout: func(conn store.POSConnection) (checkout.Provider, error) {
			if conn.Provider == "demo" {
				return &checkoutdemo.Provider{BaseURL: cfg.BaseURL}, nil
			}
			base := conn.BaseURL
			if base == "" {
				base = cfg.CloverBaseURL
			}
			return clovercheckout.New(base), nil
		}}
	if cfg.StripeSecretKey != "" {
		offerSvc.Billing = stripe.New(cfg.StripeSecretKey)
	}
	go offerSvc.Run(ctx, 30*time.Second)
	srv := &api.Server{
		DB:      db,
		Auth:    &auth.Service{DB: db, TTL: cfg.SessionTTL},
		Metrics: metrics.New(),
		Media:   pipe,
		Sync:    syncer,
		Offers:  offerSvc,

		StripePublishableKey: cfg.StripePublishableKey,
		StripeWebhookSecret:  cfg.StripeWebhookSecret,
		CloverWebhookSecret:  cfg.CloverWebhookSecret,
		Web:                  web.Dist(),
		Log:                  log,
		BaseURL:              cfg.BaseURL,
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

// displayHost turns an unspecified listen address into localhost for the
// printed URL.
func displayHost(ip net.IP) string {
	if ip == nil || ip.IsUnspecified() {
		return "localhost"
	}
	return ip.String()
}

// sweepSessions deletes expired sessions every hour.
func sweepSessions(ctx context.Context, db *store.DB, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := store.DeleteExpiredSessions(ctx, db); err != nil && ctx.Err() == nil {
			log.Warn("sweep sessions", "err", err)
		} else if n > 0 {
			log.Debug("swept sessions", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

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
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
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
	"carta/internal/panel"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	posdemo "carta/internal/pos/demo"
	"carta/internal/refunds"
	"carta/internal/requestid"
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
  seed-scale         add generated restaurants for the scale benchmarks (bench/scale.sh):
                     --restaurants 10000 --products 200 --offers 20 --days 365 --orders-per-day 1
  create-superadmin  --email E --password P: create a super admin account
  rotate-secrets     seal every stored secret with the current CARTA_SECRET_KEY
  backup DEST        SQLite: write a consistent copy of the database to the file DEST
                     while the server runs (PostgreSQL: use pg_dump, see docs/deploy.md)
  media migrate      [--from DIR]: copy the local media folder (default <data dir>/media)
                     to the storage of CARTA_MEDIA_URL (s3://...), verifying each file

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
	case "serve", "migrate", "seed-demo", "seed-scale", "create-superadmin", "rotate-secrets", "backup":
	case "media":
		if len(args) == 0 || args[0] != "migrate" {
			fmt.Fprint(stderr, usage)
			return errors.New(`unknown media command: use "carta media migrate"`)
		}
		return mediaMigrate(ctx, args[1:], getenv, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
	var email, password string
	var err error
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
	scale := demo.DefaultScale
	if cmd == "seed-scale" {
		if args, err = scaleFlags(args, &scale); err != nil {
			return err
		}
	}
	cfg, rest, err := config.Load("carta "+cmd, args, getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	if cmd == "backup" {
		// Before migrating: a backup taken ahead of an upgrade keeps the
		// schema the old version runs on.
		return backup(ctx, db, rest, stdout)
	}
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

	mets := metrics.New()
	pipe, err := newPipeline(ctx, cfg)
	if err != nil {
		return err
	}
	pipe.Metrics = mets
	// Carta's Clover app (CARTA_CLOVER_APP_ID/SECRET in CARTA_CLOVER_REGION) refreshes the
	// restaurants' OAuth tokens; without it stored tokens are used as they are.
	oauth, err := cloverOAuth(cfg, mets.Client("clover_oauth", 15*time.Second, log))
	if err != nil {
		return err
	}
	cloverTokens := cloverTokenSources(db, oauth, mets)
	posHTTP := mets.Client("clover_pos", 20*time.Second, log)
	menuSvc := &menu.Service{DB: db, Media: pipe, Catalog: posCatalog(cfg.CloverBaseURL, cloverTokens, posHTTP), Metrics: mets}
	wineSvc := &wines.Service{DB: db, Media: pipe, Lookup: wineLookup(cfg, mets.Client("wine_lookup", 20*time.Second, log))}
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
	case "seed-scale":
		start := time.Now()
		rep, err := demo.SeedScale(ctx, db, scale, stdout)
		if err != nil {
			return fmt.Errorf("seed scale: %w", err)
		}
		fmt.Fprintf(stdout, "restaurants %d to %d added in %s; rows: %v\n", rep.FirstID, rep.LastID, time.Since(start).Round(time.Second), rep.Rows)
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
	return serve(ctx, cfg, db, pipe, menuSvc, wineSvc, oauth, cloverTokens, posHTTP, mets, log, stdout)
}

// feedInterval is how often the order feed reads the changes other
// replicas made (this replica's own are read at once).
const feedInterval = 250 * time.Millisecond

// dbHealthInterval is how often the server checks that the database
// answers (store.DB.Watch): how long requests may still wait on a dead
// database before they fail fast, and how soon they work again after it is
// back.
const dbHealthInterval = time.Second

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

// newPipeline is the media pipeline on the storage of CARTA_MEDIA_URL.
func newPipeline(ctx context.Context, cfg config.Config) (*media.Pipeline, error) {
	st, err := newStorage(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return &media.Pipeline{Store: st}, nil
}

// newStorage is where uploads are kept: a local folder (the data dir's
// media by default), or an S3-compatible bucket for several replicas.
func newStorage(ctx context.Context, cfg config.Config) (media.Storage, error) {
	bucket, prefix, ok := cfg.MediaS3()
	if !ok {
		disk, err := media.NewDisk(cfg.MediaURL)
		if err != nil {
			return nil, fmt.Errorf("media storage: %w", err)
		}
		return disk, nil
	}
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	s3, err := media.NewS3(cctx, media.S3Config{Endpoint: cfg.S3Endpoint, Region: cfg.S3Region, Bucket: bucket, Prefix: prefix,
		AccessKey: cfg.S3AccessKey, SecretKey: cfg.S3SecretKey, SessionToken: cfg.S3SessionToken, PathStyle: cfg.S3PathStyle})
	if err != nil {
		return nil, fmt.Errorf("media storage (CARTA_MEDIA_URL): %w", err)
	}
	return s3, nil
}

// mediaMigrate copies the local media folder (--from, default the data
// dir's media) to the storage of CARTA_MEDIA_URL: files already there with
// the same content are left alone, every copy is read back and compared.
func mediaMigrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var from string
	var rest []string
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "--from" && i+1 < len(args):
			from, i = args[i+1], i+1
		case strings.HasPrefix(args[i], "--from="):
			from = strings.TrimPrefix(args[i], "--from=")
		default:
			rest = append(rest, args[i])
		}
	}
	cfg, _, err := config.Load("carta media migrate", rest, getenv)
	if err != nil {
		return err
	}
	if from == "" {
		from = filepath.Join(cfg.DataDir, "media")
	}
	if _, _, ok := cfg.MediaS3(); !ok {
		if a, b := filepath.Clean(from), filepath.Clean(cfg.MediaURL); a == b {
			return fmt.Errorf("media migrate: CARTA_MEDIA_URL is the folder %s itself; set it to s3://bucket/prefix", a)
		}
	}
	if st, err := os.Stat(from); err != nil || !st.IsDir() {
		return fmt.Errorf("media migrate: %s is not a folder (--from)", from)
	}
	src, err := media.NewDisk(from)
	if err != nil {
		return err
	}
	dst, err := newStorage(ctx, cfg)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	rep, err := media.Copy(ctx, src, dst, func(name string, copied bool) {
		log.Debug("media migrate", "file", name, "copied", copied)
	})
	fmt.Fprintf(stdout, "media migrate: %d copied and verified, %d already there, %d other files left out (from %s to %s)\n",
		rep.Copied, rep.Present, rep.Skipped, from, cfg.MediaURL)
	return err
}

// backup writes a consistent copy of a SQLite database to the file named
// by args while the server may be writing; PostgreSQL is backed up with
// its own tools.
func backup(ctx context.Context, db *store.DB, args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return errors.New("usage: carta backup [flags] DEST (a file that does not exist yet)")
	}
	if db.Dialect() != store.SQLite {
		return errors.New("carta backup copies a SQLite database; back up PostgreSQL with pg_dump -Fc (docs/deploy.md)")
	}
	if err := db.BackupSQLite(ctx, args[0]); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup written to %s\n", args[0])
	return nil
}

// cloverOAuth is Carta's Clover app, nil when it is not configured; hc is
// its HTTP client (measured).
func cloverOAuth(cfg config.Config, hc *http.Client) (*clover.OAuth, error) {
	if cfg.CloverAppID == "" {
		return nil, nil
	}
	region, err := clover.ParseRegion(cfg.CloverRegion)
	if err != nil {
		return nil, err
	}
	o := clover.NewOAuth(region, cfg.CloverAppID, cfg.CloverAppSecret)
	o.HTTP = hc
	if cfg.CloverBaseURL != region.APIURL() {
		o.APIURL, o.WebURL = cfg.CloverBaseURL, cfg.CloverBaseURL // a test server: it serves the authorize page too
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
// configured) stored tokens are used as they are. Each refresh counts as
// a pass of the job token_refresh.
func cloverTokenSources(db *store.DB, oauth *clover.OAuth, mets *metrics.Metrics) func(clientes.POSConnection) clover.TokenSource {
	var refresh func(context.Context, string) (clientes.Tokens, error)
	if oauth != nil {
		refresh = func(ctx context.Context, refreshToken string) (clientes.Tokens, error) {
			ctx, done := mets.Job(ctx, "token_refresh")
			tk, err := oauth.Refresh(ctx, refreshToken)
			done(err)
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
		s := &clientes.TokenSource{DB: db, ID: tenant.FromRecord(conn.ClienteID), Refresh: refresh}
		sources[conn.ClienteID] = s
		return s
	}
}

// posCatalog opens a restaurant's point of sale for a sync: the built-in
// demo merchant, or Clover's REST API (the restaurant's own base URL, or
// cloverBase) with the restaurant's token source, through hc.
func posCatalog(cloverBase string, tokens func(clientes.POSConnection) clover.TokenSource, hc *http.Client) func(clientes.POSConnection) (pos.Catalog, error) {
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
			c.Tokens, c.HTTP = tokens(conn), hc
			return c, nil
		}
		return nil, fmt.Errorf("unknown POS provider %q", conn.Provider)
	}
}

// posOrders opens a restaurant's point of sale for online orders: one
// demo merchant per merchant id for the process's life (its orders live in
// memory), or a Clover client per connection (it caches the merchant's
// order type), through hc.
func posOrders(cloverBase string, tokens func(clientes.POSConnection) clover.TokenSource, hc *http.Client) func(clientes.POSConnection) (pos.Orders, error) {
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
			c.Tokens, c.HTTP = tokens(conn), hc
			clients[conn] = c
			return c, nil
		}
		return nil, fmt.Errorf("unknown POS provider %q", conn.Provider)
	}
}

// checkoutFor picks a restaurant's hosted checkout: the demo page on this
// server for the demo POS, Clover's Ecommerce hosted checkout (through hc)
// otherwise.
func checkoutFor(baseURL, cloverBase string, tokens func(clientes.POSConnection) clover.TokenSource, hc *http.Client) func(clientes.POSConnection) (checkout.Provider, error) {
	return func(conn clientes.POSConnection) (checkout.Provider, error) {
		if conn.Provider == "demo" {
			return &checkoutdemo.Provider{BaseURL: baseURL}, nil
		}
		base := conn.BaseURL
		if base == "" {
			base = cloverBase
		}
		c := clovercheckout.New(base)
		c.HTTP = hc
		return &clovercheckout.Checkouts{Client: c, Tokens: tokens(conn)}, nil
	}
}

// refundsFor opens a restaurant's refunds: the demo checkout's for the demo
// POS, Clover's Ecommerce refunds (its scl host, on the restaurant's OAuth
// token from its token source, through hc) otherwise.
func refundsFor(cloverBase string, tokens func(clientes.POSConnection) clover.TokenSource, hc *http.Client) func(clientes.POSConnection) (checkout.Refunder, error) {
	return func(conn clientes.POSConnection) (checkout.Refunder, error) {
		switch conn.Provider {
		case "demo":
			return &checkoutdemo.Provider{}, nil
		case "clover":
			base := conn.BaseURL
			if base == "" {
				base = cloverBase
			}
			c := clovercheckout.New(clovercheckout.EcommerceURL(base))
			c.HTTP = hc
			return &clovercheckout.Refunds{Client: c, Tokens: tokens(conn)}, nil
		}
		return nil, checkout.ErrNoRefunds
	}
}

// scaleFlags takes seed-scale's own flags (--name N or --name=N) out of
// args into o and returns the rest.
func scaleFlags(args []string, o *demo.ScaleOptions) ([]string, error) {
	fields := map[string]*int{"restaurants": &o.Restaurants, "products": &o.Products, "offers": &o.Offers, "days": &o.Days,
		"orders-per-day": &o.OrdersPerDay, "coupons-sold": &o.CouponsSold, "diners": &o.Diners}
	var rest []string
	for i := 0; i < len(args); i++ {
		name, val, hasVal := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		p, ok := fields[name]
		if !ok || !strings.HasPrefix(args[i], "-") {
			rest = append(rest, args[i])
			continue
		}
		if !hasVal {
			if i+1 == len(args) {
				return nil, fmt.Errorf("seed-scale: --%s needs a number", name)
			}
			val, i = args[i+1], i+1
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("seed-scale: --%s: %q is not a count", name, val)
		}
		*p = n
	}
	if o.Diners == 0 && (o.CouponsSold > 0 || o.OrdersPerDay > 0) {
		return nil, errors.New("seed-scale: --diners must be at least 1")
	}
	return rest, nil
}

func seedDemo(ctx context.Context, db *store.DB, pipe *media.Pipeline, menuSvc *menu.Service, wineSvc *wines.Service) error {
	if err := demo.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed demo: %w", err)
	}
	if err := demo.SeedDiners(ctx, db); err != nil {
		return fmt.Errorf("seed demo diners: %w", err)
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
		if _, err := menuSvc.Sync(ctx, tenant.Job(c.ID)); err != nil {
			return fmt.Errorf("sync demo POS of %s: %w", r.MerchantID, err)
		}
		// The demo restaurants take pickup orders at any hour, so the
		// ordering flow can be tried whenever the demo runs.
		cfg := ordering.Config{Activo: true, PreparacionMin: 15, Horario: ordering.AlwaysOpen(), PedidosPorFranja: 20, ZonaHoraria: r.Zone}
		if err := ordering.SeedConfig(ctx, db, tenant.Job(c.ID), cfg); err != nil {
			return fmt.Errorf("ordering settings of %s: %w", r.MerchantID, err)
		}
	}
	if err := demo.SeedActivity(ctx, db); err != nil {
		return fmt.Errorf("seed demo activity: %w", err)
	}
	return nil
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if cfg.LogFormat == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	// Every line logged with a request's (or a job pass's) context
	// carries its request_id.
	return slog.New(requestid.NewHandler(h))
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
	cloverTokens func(clientes.POSConnection) clover.TokenSource, posHTTP *http.Client, mets *metrics.Metrics, log *slog.Logger, stdout io.Writer) error {
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
	checkoutHTTP := mets.Client("clover_checkout", 15*time.Second, log)
	refundSvc := &refunds.Service{DB: db, Provider: refundsFor(cfg.CloverBaseURL, cloverTokens, checkoutHTTP), Log: log, Metrics: mets}
	offerSvc := &offers.Service{DB: db, BaseURL: cfg.BaseURL, Log: log, Media: pipe, Checkout: checkoutFor(cfg.BaseURL, cfg.CloverBaseURL, cloverTokens, checkoutHTTP), Metrics: mets}
	offerSvc.UseRefunds(refundSvc)
	billingSvc := &billing.Service{DB: db, Provider: billingdemo.New(), Log: log, BaseURL: cfg.BaseURL, Metrics: mets}
	if cfg.StripeSecretKey != "" {
		// stripe-go's own client timeout is 80 s.
		opts := []stripe.Option{stripe.WithHTTPClient(mets.Client("stripe", 80*time.Second, log))}
		if cfg.StripeAPIURL != "" {
			opts = append(opts, stripe.WithBaseURL(cfg.StripeAPIURL))
		}
		billingSvc.Provider = stripe.New(cfg.StripeSecretKey, opts...)
	}
	mets.Queue("outbox", func(ctx context.Context) (int, error) { return mail.CountPending(ctx, db) })
	mets.Queue("fees", func(ctx context.Context) (int, error) { return billing.CountPendingFees(ctx, db) })
	mets.Queue("pos_orders", func(ctx context.Context) (int, error) { return ordering.CountAwaitingPOS(ctx, db) })
	mets.Queue("refunds", func(ctx context.Context) (int, error) { return refunds.CountPending(ctx, db) })
	go offerSvc.Run(ctx, 30*time.Second)
	go billingSvc.Run(ctx, 30*time.Second)
	authSvc := &auth.Service{DB: db, TTL: cfg.SessionTTL, Log: log, BaseURL: cfg.BaseURL}
	site := &web.Site{Menu: menuSvc, Media: pipe, Files: dist.Dist(), Stripe: cfg.StripePublishableKey != ""}
	menuSvc.Changed = site.Forget
	feed := &ordering.Feed{DB: db}
	orderSvc := &ordering.Service{DB: db, Menu: menuSvc, Auth: authSvc, BaseURL: cfg.BaseURL, Log: log,
		Checkout: checkoutFor(cfg.BaseURL, cfg.CloverBaseURL, cloverTokens, checkoutHTTP), POS: posOrders(cfg.CloverBaseURL, cloverTokens, posHTTP), Feed: feed,
		PerAddress: cfg.OrdersPerAddress, Metrics: mets}
	orderSvc.UseRefunds(refundSvc)
	go refundSvc.Run(ctx, 30*time.Second)
	site.OrderingMenu = orderSvc.OnlineMenu
	go feed.Run(ctx, feedInterval, func(err error) { log.Warn("order feed", "err", err) })
	go orderSvc.Run(ctx, 30*time.Second)
	onboard := &onboarding.Service{DB: db, Auth: authSvc, POS: connector(cfg, oauth), BaseURL: cfg.BaseURL, AppID: cfg.CloverAppID}
	wineSvc.Changed = site.Forget
	if cfg.WineLookupURL != "" {
		// The endpoint is paid by the call on the platform's key.
		wineSvc.Paid = wines.NewPaidLookups(authSvc, cfg.WineLookupPerHour, cfg.WineLookupConcurrency)
	}
	srv := &api.Server{
		DB:         db,
		Onboarding: onboard,
		Wines:      wineSvc,
		Panel:      &panel.Service{DB: db, Menu: menuSvc, Ordering: orderSvc},
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
	go db.Watch(ctx, dbHealthInterval, func(down bool, err error) {
		if down {
			log.Error("database unreachable: API calls answer 503 until it is back", "err", err)
		} else {
			log.Warn("database reachable again")
		}
	})
	go sweepSessions(ctx, db, log, mets)
	go pipe.RunSweep(ctx, db, 10*time.Minute, log.Warn)
	worker := &mail.Worker{DB: db, Log: log, Metrics: mets}
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
	// Reset requests answered before the shutdown still get their e-mail.
	authSvc.WaitResets()
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

// sweepSessions deletes expired sessions, throttle keys and POS connection
// states every hour (a throttle key is kept a day past its window, so its
// strikes still count when its address comes back soon).
func sweepSessions(ctx context.Context, db *store.DB, log *slog.Logger, mets *metrics.Metrics) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		pctx, done := mets.Job(ctx, "session_sweep")
		n, err := auth.DeleteExpiredSessions(pctx, db)
		if err != nil && ctx.Err() == nil {
			log.WarnContext(pctx, "sweep sessions", "err", err)
		} else if n > 0 {
			log.DebugContext(pctx, "swept sessions", "count", n)
		}
		_, terr := auth.DeleteExpiredThrottles(pctx, db, 24*time.Hour)
		if terr != nil && ctx.Err() == nil {
			log.WarnContext(pctx, "sweep throttle keys", "err", terr)
		}
		_, serr := onboarding.DeleteExpiredStates(pctx, db)
		if serr != nil && ctx.Err() == nil {
			log.WarnContext(pctx, "sweep POS connection states", "err", serr)
		}
		_, lerr := auth.DeleteOldLinks(pctx, db)
		if lerr != nil && ctx.Err() == nil {
			log.WarnContext(pctx, "sweep e-mailed links", "err", lerr)
		}
		done(errors.Join(err, terr, serr, lerr))
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
func wineLookup(cfg config.Config, hc *http.Client) lookup.Lookup {
	if cfg.WineLookupURL == "" {
		return lookup.Builtin()
	}
	return lookup.OpenAI{URL: cfg.WineLookupURL, Model: cfg.WineLookupModel, Key: cfg.WineLookupKey,
		HTTP: hc, Timeout: cfg.WineLookupTimeout, Fallback: lookup.Builtin()}
}

// Package app wires Carta together and runs its commands: serve (default),
// migrate, seed-demo and create-superadmin. commands.go reads the command
// line, flags.go the commands' own flags, adapters.go builds what talks to
// the outside (POS, checkout, media storage, e-mail), server.go puts the
// server together (NewServer, used by serve and by the API tests) and
// jobs.go lists its background jobs.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/config"
	"carta/internal/demo"
	"carta/internal/media"
	"carta/internal/metrics"
	"carta/internal/ordering"
	"carta/internal/requestid"
	"carta/internal/secrets"
	"carta/internal/store"
	"carta/internal/tenant"
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
	var flags commandFlags
	cfg, rest, err := config.LoadWith("carta "+cmd, args, getenv, flags.define(cmd))
	if err != nil {
		return err
	}
	if err := flags.check(cmd); err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	db.SetMaxConns(cfg.DatabaseMaxConns)
	// Closed last: serve returns only once its requests and background
	// jobs have ended.
	defer db.Close()
	if cmd == "backup" {
		// Before migrating: a backup taken ahead of an upgrade keeps the
		// schema the old version runs on.
		return backup(ctx, db, rest, stdout)
	}
	if db.Box, err = secretBox(cfg, log); err != nil {
		return err
	}
	if cfg.DatabaseReadURL != "" && cmd == "serve" {
		if err := db.OpenReader(ctx, cfg.DatabaseReadURL); err != nil {
			return err
		}
		db.Reader().SetMaxConns(cfg.DatabaseMaxConns)
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
	ad, err := newAdapters(ctx, cfg, db, mets, log)
	if err != nil {
		return err
	}
	switch cmd {
	case "migrate":
		fmt.Fprintf(stdout, "applied %d migrations\n", n)
		return nil
	case "seed-demo":
		if err := seedDemo(ctx, ad.deps(cfg)); err != nil {
			return err
		}
		printDemoAccounts(stdout)
		return nil
	case "seed-scale":
		start := time.Now()
		rep, err := demo.SeedScale(ctx, db, flags.scale, stdout)
		if err != nil {
			return fmt.Errorf("seed scale: %w", err)
		}
		fmt.Fprintf(stdout, "restaurants %d to %d added in %s; rows: %v\n", rep.FirstID, rep.LastID, time.Since(start).Round(time.Second), rep.Rows)
		return nil
	case "create-superadmin":
		return createSuperAdmin(ctx, db, flags.email, flags.password, stdout)
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
	return serve(ctx, cfg, log, ad.deps, stdout)
}

// mediaMigrate copies the local media folder (--from, default the data
// dir's media) to the storage of CARTA_MEDIA_URL: files already there with
// the same content are left alone, every copy is read back and compared.
func mediaMigrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var flags commandFlags
	cfg, _, err := config.LoadWith("carta media migrate", args, getenv, flags.define("media migrate"))
	if err != nil {
		return err
	}
	from := flags.from
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

// seedDemo creates the demo restaurants, accounts, menus, wines and
// activity (again on every start: nothing is duplicated), with the menu
// and wine services built on d as the server builds them.
func seedDemo(ctx context.Context, d Deps) error {
	db, pipe := d.DB, d.Media
	menuSvc, wineSvc := newMenu(d), newWines(d)
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
		// Twelve tables whose QR codes open ordering at the table, paid
		// at the end (a waiter accepts each new table on 'Mesas').
		if err := ordering.SeedTables(ctx, db, tenant.Job(c.ID), 12, ordering.ModoAlFinal); err != nil {
			return fmt.Errorf("tables of %s: %w", r.MerchantID, err)
		}
	}
	if err := demo.SeedActivity(ctx, db); err != nil {
		return fmt.Errorf("seed demo activity: %w", err)
	}
	return nil
}

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

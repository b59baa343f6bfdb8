// Package config reads Carta's settings from CARTA_* environment variables,
// with command-line flags as overrides, and validates them at start.
package config

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"carta/internal/store"
)

// Config is every setting the server needs.
type Config struct {
	Addr        string // CARTA_ADDR, listen address
	DataDir     string // CARTA_DATA_DIR, SQLite file and uploads
	DatabaseURL string // CARTA_DATABASE_URL, sqlite path/URL or postgres://
	// DatabaseReadURL is an optional PostgreSQL read replica (a streaming
	// standby) for the reads that may lag: the menu's cache misses, the
	// public cava, the owner's reports.
	DatabaseReadURL string // CARTA_DATABASE_READ_URL
	// DatabaseMaxConns bounds this replica's PostgreSQL connections (the
	// primary's and the read replica's, each).
	DatabaseMaxConns int           // CARTA_DATABASE_MAX_CONNS
	BaseURL          string        // CARTA_BASE_URL, public URL used in links and e-mails
	Demo             bool          // CARTA_DEMO, seed demo data and print demo accounts
	LogFormat        string        // CARTA_LOG_FORMAT, text or json
	LogLevel         string        // CARTA_LOG_LEVEL, debug, info, warn, error
	SessionTTL       time.Duration // CARTA_SESSION_TTL, lifetime of a sign-in
	// CloverBaseURL is Clover's API for restaurants without their own
	// (sandbox, North America, Europe or Latin America).
	CloverBaseURL string // CARTA_CLOVER_BASE_URL
	// CloverRegion is where Carta's Clover app lives (na, eu, la or
	// sandbox): its OAuth host and, unless CARTA_CLOVER_BASE_URL says
	// otherwise, its API host.
	CloverRegion string // CARTA_CLOVER_REGION
	// CloverAppID and CloverAppSecret are Carta's Clover app (OAuth v2);
	// without them restaurants are connected with the demo connector.
	CloverAppID, CloverAppSecret string
	// SMTP sends the e-mail outbox; with no host, e-mails stay in the outbox
	// (readable by the super admin), as in demo mode.
	SMTPHost     string // CARTA_SMTP_HOST
	SMTPPort     int    // CARTA_SMTP_PORT
	SMTPUser     string // CARTA_SMTP_USER
	SMTPPassword string // CARTA_SMTP_PASSWORD
	SMTPFrom     string // CARTA_SMTP_FROM
	SMTPTLS      string // CARTA_SMTP_TLS: starttls, tls or none
	// Stripe charges the platform fees when its secret key is set; otherwise
	// the demo card form is used.
	StripeSecretKey, StripePublishableKey, StripeWebhookSecret string
	StripeAPIURL                                               string // CARTA_STRIPE_API_URL
	// CloverWebhookSecret verifies the hosted checkout's webhooks of
	// restaurants that have no secret of their own (the demo set-up).
	CloverWebhookSecret string
	// WineLookup* point the wine import's search at an OpenAI-compatible
	// chat-completions endpoint; without a URL the built-in reference
	// answers (offline).
	WineLookupURL, WineLookupModel, WineLookupKey string
	WineLookupTimeout                             time.Duration // CARTA_WINE_LOOKUP_TIMEOUT, the bound of one lookup
	// WineLookupPerHour bounds the searches each restaurant sends to that
	// (paid) endpoint per hour; WineLookupConcurrency how many run at once
	// on a replica.
	WineLookupPerHour     int // CARTA_WINE_LOOKUP_PER_HOUR
	WineLookupConcurrency int // CARTA_WINE_LOOKUP_CONCURRENCY
	// SecretKey seals the secrets stored in the database: base64 keys of
	// 32 bytes, the current first, then those being rotated out. Empty: a
	// key file in the data directory (created on first start).
	SecretKey string // CARTA_SECRET_KEY
	// MetricsAddr is where Prometheus metrics are served ("off": nowhere);
	// loopback by default, never on the app's public port.
	MetricsAddr string // CARTA_METRICS_ADDR
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is
	// believed for the client's address (sign-in and sign-up throttling).
	TrustedProxies []*net.IPNet // CARTA_TRUSTED_PROXIES
	// RegisterPerAddress bounds diner registrations from one address per
	// 10 minutes.
	RegisterPerAddress int // CARTA_REGISTER_PER_ADDRESS
	// OrdersPerAddress bounds online orders placed from one address per
	// 10 minutes (each holds a pickup slot while its checkout is open).
	OrdersPerAddress int // CARTA_ORDERS_PER_ADDRESS
	// MediaURL is where uploads are stored: a local folder (default
	// <data dir>/media) or s3://bucket/prefix, an S3-compatible bucket.
	MediaURL string // CARTA_MEDIA_URL
	// S3Endpoint is the S3-compatible store's URL (MinIO, R2, ...); empty
	// means AWS S3.
	S3Endpoint  string // CARTA_S3_ENDPOINT
	S3Region    string // CARTA_S3_REGION
	S3PathStyle bool   // CARTA_S3_PATH_STYLE
	// S3AccessKey, S3SecretKey and S3SessionToken are the usual
	// AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN;
	// without them the instance's role is used.
	S3AccessKey, S3SecretKey, S3SessionToken string
	// WhatsApp* are Carta's WhatsApp Business number on Meta's Cloud API (one for the platform):
	// with a token and a phone-number id, WhatsApp messages are sent; without them they stay in
	// the outbox (demo). AppSecret verifies the webhook's notifications, VerifyToken answers its
	// subscription check. Secrets come from the environment only and are never logged.
	WhatsAppToken, WhatsAppPhoneNumberID   string // CARTA_WHATSAPP_TOKEN, CARTA_WHATSAPP_PHONE_NUMBER_ID
	WhatsAppAppSecret, WhatsAppVerifyToken string // CARTA_WHATSAPP_APP_SECRET, CARTA_WHATSAPP_VERIFY_TOKEN
	WhatsAppAPIURL, WhatsAppAPIVersion     string // CARTA_WHATSAPP_API_URL, CARTA_WHATSAPP_API_VERSION
	// Twilio* are Carta's Twilio account for SMS: with the SID and token, SMS are sent from From
	// or through the messaging service; without them they stay in the outbox (demo). The token
	// also verifies Twilio's callbacks.
	TwilioAccountSID, TwilioAuthToken     string // CARTA_TWILIO_ACCOUNT_SID, CARTA_TWILIO_AUTH_TOKEN
	TwilioFrom, TwilioMessagingServiceSID string // CARTA_TWILIO_FROM, CARTA_TWILIO_MESSAGING_SERVICE_SID
	TwilioAPIURL                          string // CARTA_TWILIO_API_URL
}

// Vars documents each environment variable with its default; the README
// table is written from it.
var Vars = []struct{ Name, Default, Help string }{
	{"CARTA_ADDR", ":8080", "listen address"},
	{"CARTA_DATA_DIR", "./data", "directory for the SQLite database and uploaded media"},
	{"CARTA_DATABASE_URL", "sqlite file carta.db in the data dir", "`postgres://...` selects PostgreSQL; anything else is a SQLite file path"},
	{"CARTA_DATABASE_READ_URL", "none", "`postgres://...` of a read replica (streaming standby) for the menu's cache misses, the public cava and the owner's reports; needs PostgreSQL as CARTA_DATABASE_URL"},
	{"CARTA_DATABASE_MAX_CONNS", "10", "PostgreSQL connections this process keeps open at most (to the primary, and to the read replica); requests beyond it wait in the process. Keep replicas × this under the server's `max_connections`"},
	{"CARTA_BASE_URL", "http://localhost:<port>", "public URL used in links and e-mails"},
	{"CARTA_DEMO", "0", "1 seeds the demo restaurants and prints the demo accounts"},
	{"CARTA_LOG_FORMAT", "text", "text or json"},
	{"CARTA_LOG_LEVEL", "info", "debug, info, warn or error"},
	{"CARTA_SESSION_TTL", "168h", "how long a sign-in stays valid"},
	{"CARTA_SMTP_HOST", "(none)", "SMTP server for the e-mail outbox; without it e-mails stay in the outbox, readable by the super admin"},
	{"CARTA_SMTP_PORT", "587", "SMTP port"},
	{"CARTA_SMTP_USER / CARTA_SMTP_PASSWORD", "(none)", "SMTP credentials (never logged)"},
	{"CARTA_SMTP_FROM", "Carta <no-reply@localhost>", "sender address"},
	{"CARTA_SMTP_TLS", "starttls", "starttls, tls (implicit) or none"},
	{"CARTA_STRIPE_SECRET_KEY", "(none)", "Stripe secret key: platform fees through Stripe; without it the demo card form is used"},
	{"CARTA_STRIPE_PUBLISHABLE_KEY", "(none)", "Stripe publishable key for Stripe Elements in the browser"},
	{"CARTA_STRIPE_WEBHOOK_SECRET", "(none)", "signing secret of the Stripe webhook endpoint /api/webhooks/stripe"},
	{"CARTA_STRIPE_API_URL", "https://api.stripe.com", "Stripe API root, when it is not Stripe's (stripe-mock or a test server)"},
	{"CARTA_CLOVER_WEBHOOK_SECRET", "(none)", "signing secret of the Clover hosted checkout webhook /api/webhooks/clover-checkout"},
	{"CARTA_METRICS_ADDR", "127.0.0.1:9090", "where Prometheus metrics are served (`GET /metrics`); `off` serves none. Keep it off the public network"},
	{"CARTA_TRUSTED_PROXIES", "(none)", "comma-separated addresses or CIDRs of reverse proxies whose `X-Forwarded-For` gives the client's address"},
	{"CARTA_REGISTER_PER_ADDRESS", "10", "diner registrations allowed from one address per 10 minutes"},
	{"CARTA_ORDERS_PER_ADDRESS", "30", "online orders allowed from one address per 10 minutes"},
	{"CARTA_SECRET_KEY", "a key file `secret.key` in the data dir, created on first start", "seals POS tokens and webhook secrets in the database (AES-256-GCM): base64 of 32 random bytes (`openssl rand -base64 32`); to rotate, put the new key first and the old after a comma, run `carta rotate-secrets`, then drop the old one; environment only"},
	{"CARTA_CLOVER_REGION", "na", "region of Carta's Clover app: `na` (www.clover.com / api.clover.com), `eu` (eu.clover.com / api.eu.clover.com), `la` (la.clover.com / api.la.clover.com) or `sandbox` (sandbox.dev.clover.com / apisandbox.dev.clover.com)"},
	{"CARTA_CLOVER_APP_ID / CARTA_CLOVER_APP_SECRET", "(none)", "Carta's Clover app (OAuth v2: connecting restaurants, refreshing their tokens; site URL `<CARTA_BASE_URL>/api/clover/oauth`, redirect URL `<CARTA_BASE_URL>/api/clover/oauth/callback`); without them restaurants connect with the offline demo connector (codes `demo-…`); environment only"},
	{"CARTA_WINE_LOOKUP_URL", "(none)", "an OpenAI-compatible chat-completions URL (e.g. https://api.openai.com/v1/chat/completions) for the wine import's search; without it the built-in reference answers, offline; it is also the fallback when the endpoint fails"},
	{"CARTA_WINE_LOOKUP_MODEL", "gpt-4o-mini", "the model asked"},
	{"CARTA_WINE_LOOKUP_TIMEOUT", "15s", "the bound of one lookup at that endpoint; past it the built-in reference answers"},
	{"CARTA_WINE_LOOKUP_KEY", "(none)", "its API key; environment only"},
	{"CARTA_WINE_LOOKUP_PER_HOUR", "30", "searches each restaurant (or super admin) may send to that endpoint per hour; past it 429 with Retry-After. A search the endpoint did not charge for (a refused connection, an error status) does not count"},
	{"CARTA_WINE_LOOKUP_CONCURRENCY", "4", "searches sent to that endpoint at once by one replica; a search that waits more than 5 s for its turn gets 503 with Retry-After"},
	{"CARTA_CLOVER_BASE_URL", "the region's API host", "Clover REST API base URL, when it is not the region's (a test server)"},
	{"CARTA_MEDIA_URL", "the folder `media` in the data dir", "where uploads are stored: a local folder, or `s3://bucket/prefix` for an S3-compatible bucket (several replicas)"},
	{"CARTA_S3_ENDPOINT", "AWS S3", "URL of an S3-compatible store (`https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`)"},
	{"CARTA_S3_REGION", "asked from the store", "the bucket's region (`eu-west-1`; `auto` on R2)"},
	{"CARTA_S3_PATH_STYLE", "0", "1 puts the bucket in the URL's path (MinIO and most self-hosted stores); 0 lets the client choose (virtual-hosted on AWS)"},
	{"AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN", "the instance's role", "keys of the S3 bucket; environment only"},
	{"CARTA_WHATSAPP_TOKEN / CARTA_WHATSAPP_PHONE_NUMBER_ID", "(none)", "WhatsApp Cloud API access token and business phone-number id; with both, WhatsApp messages are sent, without them they stay in the outbox; environment only"},
	{"CARTA_WHATSAPP_APP_SECRET", "(none)", "the Meta app's secret: verifies `X-Hub-Signature-256` of `POST /api/webhooks/whatsapp`; environment only"},
	{"CARTA_WHATSAPP_VERIFY_TOKEN", "(none)", "the verify token given to Meta for `GET /api/webhooks/whatsapp`'s subscription check; environment only"},
	{"CARTA_WHATSAPP_API_URL", "https://graph.facebook.com", "Graph API root, when it is not Meta's (a test server)"},
	{"CARTA_WHATSAPP_API_VERSION", "v21.0", "Graph API version"},
	{"CARTA_TWILIO_ACCOUNT_SID / CARTA_TWILIO_AUTH_TOKEN", "(none)", "Twilio account for SMS; with both, SMS are sent, without them they stay in the outbox; the token also verifies `POST /api/webhooks/twilio`; environment only"},
	{"CARTA_TWILIO_FROM / CARTA_TWILIO_MESSAGING_SERVICE_SID", "(none)", "the SMS sender: a Twilio number (E.164) or a messaging service (`MG…`, wins when both are set); one is required with the account"},
	{"CARTA_TWILIO_API_URL", "https://api.twilio.com", "Twilio REST API root, when it is not Twilio's (a test server)"},
}

// Load builds the configuration from getenv, then applies flags from args.
// It returns the remaining positional arguments.
func Load(name string, args []string, getenv func(string) string) (Config, []string, error) {
	return LoadWith(name, args, getenv, nil)
}

// LoadWith is Load for a command with flags of its own: more adds them to
// the flag set before args are parsed (nil adds none).
func LoadWith(name string, args []string, getenv func(string) string, more func(*flag.FlagSet)) (Config, []string, error) {
	env := func(k, def string) string {
		if v := strings.TrimSpace(getenv(k)); v != "" {
			return v
		}
		return def
	}
	var c Config
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.StringVar(&c.Addr, "addr", env("CARTA_ADDR", ":8080"), "listen address (CARTA_ADDR)")
	fs.StringVar(&c.DataDir, "data-dir", env("CARTA_DATA_DIR", "./data"), "data directory (CARTA_DATA_DIR)")
	fs.StringVar(&c.DatabaseURL, "database-url", env("CARTA_DATABASE_URL", ""), "database URL (CARTA_DATABASE_URL)")
	fs.StringVar(&c.DatabaseReadURL, "database-read-url", env("CARTA_DATABASE_READ_URL", ""), "read replica URL (CARTA_DATABASE_READ_URL)")
	fs.StringVar(&c.BaseURL, "base-url", env("CARTA_BASE_URL", ""), "public base URL (CARTA_BASE_URL)")
	demo, err := parseBool(env("CARTA_DEMO", "0"))
	if err != nil {
		return c, nil, fmt.Errorf("CARTA_DEMO: %w", err)
	}
	fs.BoolVar(&c.Demo, "demo", demo, "seed demo data (CARTA_DEMO)")
	fs.StringVar(&c.LogFormat, "log-format", env("CARTA_LOG_FORMAT", "text"), "text or json (CARTA_LOG_FORMAT)")
	fs.StringVar(&c.LogLevel, "log-level", env("CARTA_LOG_LEVEL", "info"), "log level (CARTA_LOG_LEVEL)")
	ttl, err := time.ParseDuration(env("CARTA_SESSION_TTL", "168h"))
	if err != nil {
		return c, nil, fmt.Errorf("CARTA_SESSION_TTL: %w", err)
	}
	fs.DurationVar(&c.SessionTTL, "session-ttl", ttl, "session lifetime (CARTA_SESSION_TTL)")
	fs.StringVar(&c.CloverRegion, "clover-region", env("CARTA_CLOVER_REGION", "na"), "Clover region: na, eu, la or sandbox (CARTA_CLOVER_REGION)")
	fs.StringVar(&c.CloverBaseURL, "clover-base-url", env("CARTA_CLOVER_BASE_URL", ""), "Clover API base URL (CARTA_CLOVER_BASE_URL)")
	fs.StringVar(&c.SMTPHost, "smtp-host", env("CARTA_SMTP_HOST", ""), "SMTP host (CARTA_SMTP_HOST)")
	port, err := strconv.Atoi(env("CARTA_SMTP_PORT", "587"))
	if err != nil {
		return c, nil, fmt.Errorf("CARTA_SMTP_PORT: %w", err)
	}
	fs.IntVar(&c.SMTPPort, "smtp-port", port, "SMTP port (CARTA_SMTP_PORT)")
	fs.StringVar(&c.SMTPUser, "smtp-user", env("CARTA_SMTP_USER", ""), "SMTP user (CARTA_SMTP_USER)")
	c.SMTPPassword = env("CARTA_SMTP_PASSWORD", "") // environment only: flags show up in process lists
	fs.StringVar(&c.SMTPFrom, "smtp-from", env("CARTA_SMTP_FROM", "Carta <no-reply@localhost>"), "sender (CARTA_SMTP_FROM)")
	fs.StringVar(&c.SMTPTLS, "smtp-tls", env("CARTA_SMTP_TLS", "starttls"), "starttls, tls or none (CARTA_SMTP_TLS)")
	// Secrets come from the environment only: flags show up in process lists.
	c.StripeSecretKey = env("CARTA_STRIPE_SECRET_KEY", "")
	c.StripePublishableKey = env("CARTA_STRIPE_PUBLISHABLE_KEY", "")
	c.StripeWebhookSecret = env("CARTA_STRIPE_WEBHOOK_SECRET", "")
	c.StripeAPIURL = env("CARTA_STRIPE_API_URL", "")
	c.CloverWebhookSecret = env("CARTA_CLOVER_WEBHOOK_SECRET", "")
	c.WineLookupURL = env("CARTA_WINE_LOOKUP_URL", "")
	c.WineLookupModel = env("CARTA_WINE_LOOKUP_MODEL", "gpt-4o-mini")
	c.WineLookupKey = env("CARTA_WINE_LOOKUP_KEY", "")
	if c.WineLookupTimeout, err = time.ParseDuration(env("CARTA_WINE_LOOKUP_TIMEOUT", "15s")); err != nil || c.WineLookupTimeout <= 0 {
		return c, nil, fmt.Errorf("CARTA_WINE_LOOKUP_TIMEOUT: must be a positive duration such as 15s")
	}
	for _, v := range []struct {
		name, def string
		dst       *int
	}{{"CARTA_WINE_LOOKUP_PER_HOUR", "30", &c.WineLookupPerHour}, {"CARTA_WINE_LOOKUP_CONCURRENCY", "4", &c.WineLookupConcurrency},
		{"CARTA_DATABASE_MAX_CONNS", strconv.Itoa(store.DefaultPostgresConns), &c.DatabaseMaxConns}} {
		if *v.dst, err = strconv.Atoi(env(v.name, v.def)); err != nil || *v.dst < 1 {
			return c, nil, fmt.Errorf("%s: must be a whole number of at least 1", v.name)
		}
	}
	c.CloverAppID = env("CARTA_CLOVER_APP_ID", "")
	c.CloverAppSecret = env("CARTA_CLOVER_APP_SECRET", "")
	c.SecretKey = env("CARTA_SECRET_KEY", "")
	fs.StringVar(&c.MetricsAddr, "metrics-addr", env("CARTA_METRICS_ADDR", "127.0.0.1:9090"), "metrics listen address or off (CARTA_METRICS_ADDR)")
	proxies := fs.String("trusted-proxies", env("CARTA_TRUSTED_PROXIES", ""), "reverse proxies trusted for X-Forwarded-For (CARTA_TRUSTED_PROXIES)")
	regs, err := strconv.Atoi(env("CARTA_REGISTER_PER_ADDRESS", "10"))
	if err != nil {
		return c, nil, fmt.Errorf("CARTA_REGISTER_PER_ADDRESS: %w", err)
	}
	fs.IntVar(&c.RegisterPerAddress, "register-per-address", regs, "registrations per address per 10 minutes (CARTA_REGISTER_PER_ADDRESS)")
	ords, err := strconv.Atoi(env("CARTA_ORDERS_PER_ADDRESS", "30"))
	if err != nil {
		return c, nil, fmt.Errorf("CARTA_ORDERS_PER_ADDRESS: %w", err)
	}
	fs.IntVar(&c.OrdersPerAddress, "orders-per-address", ords, "online orders per address per 10 minutes (CARTA_ORDERS_PER_ADDRESS)")
	fs.StringVar(&c.MediaURL, "media-url", env("CARTA_MEDIA_URL", ""), "media folder or s3://bucket/prefix (CARTA_MEDIA_URL)")
	fs.StringVar(&c.S3Endpoint, "s3-endpoint", env("CARTA_S3_ENDPOINT", ""), "S3-compatible endpoint URL (CARTA_S3_ENDPOINT)")
	fs.StringVar(&c.S3Region, "s3-region", env("CARTA_S3_REGION", ""), "S3 region (CARTA_S3_REGION)")
	pathStyle, err := parseBool(env("CARTA_S3_PATH_STYLE", "0"))
	if err != nil {
		return c, nil, fmt.Errorf("CARTA_S3_PATH_STYLE: %w", err)
	}
	fs.BoolVar(&c.S3PathStyle, "s3-path-style", pathStyle, "path-style S3 URLs (CARTA_S3_PATH_STYLE)")
	c.S3AccessKey = env("AWS_ACCESS_KEY_ID", "")
	c.S3SecretKey = env("AWS_SECRET_ACCESS_KEY", "")
	c.S3SessionToken = env("AWS_SESSION_TOKEN", "")
	c.WhatsAppToken = env("CARTA_WHATSAPP_TOKEN", "")
	c.WhatsAppPhoneNumberID = env("CARTA_WHATSAPP_PHONE_NUMBER_ID", "")
	c.WhatsAppAppSecret = env("CARTA_WHATSAPP_APP_SECRET", "")
	c.WhatsAppVerifyToken = env("CARTA_WHATSAPP_VERIFY_TOKEN", "")
	c.WhatsAppAPIURL = env("CARTA_WHATSAPP_API_URL", "https://graph.facebook.com")
	c.WhatsAppAPIVersion = env("CARTA_WHATSAPP_API_VERSION", "v21.0")
	c.TwilioAccountSID = env("CARTA_TWILIO_ACCOUNT_SID", "")
	c.TwilioAuthToken = env("CARTA_TWILIO_AUTH_TOKEN", "")
	c.TwilioFrom = env("CARTA_TWILIO_FROM", "")
	c.TwilioMessagingServiceSID = env("CARTA_TWILIO_MESSAGING_SERVICE_SID", "")
	c.TwilioAPIURL = env("CARTA_TWILIO_API_URL", "https://api.twilio.com")
	if more != nil {
		more(fs)
	}
	if err := fs.Parse(args); err != nil {
		return c, nil, err
	}
	var perr error
	if c.TrustedProxies, perr = ParseCIDRs(*proxies); perr != nil {
		return c, nil, fmt.Errorf("CARTA_TRUSTED_PROXIES: %w", perr)
	}
	if err := c.finish(); err != nil {
		return c, nil, err
	}
	return c, fs.Args(), nil
}

func parseBool(s string) (bool, error) {
	switch strings.ToLower(s) {
	case "1", "true", "yes", "on":
		return true, nil
	case "0", "false", "no", "off", "":
		return false, nil
	}
	return false, fmt.Errorf("not a boolean: %q", s)
}

// finish fills derived defaults and validates.
func (c *Config) finish() error {
	var errs []error
	if _, port, err := net.SplitHostPort(c.Addr); err != nil {
		errs = append(errs, fmt.Errorf("CARTA_ADDR %q: %w", c.Addr, err))
	} else if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		errs = append(errs, fmt.Errorf("CARTA_ADDR %q: bad port", c.Addr))
	}
	if c.DataDir == "" {
		errs = append(errs, errors.New("CARTA_DATA_DIR must not be empty"))
	}
	if c.DatabaseURL == "" {
		c.DatabaseURL = filepath.Join(c.DataDir, "carta.db")
	}
	if c.DatabaseReadURL != "" && (!c.IsPostgres() || !isPostgresURL(c.DatabaseReadURL)) {
		errs = append(errs, errors.New("CARTA_DATABASE_READ_URL needs postgres:// URLs in it and in CARTA_DATABASE_URL"))
	}
	if c.BaseURL != "" {
		u, err := url.Parse(c.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("CARTA_BASE_URL %q: must be an absolute http(s) URL", c.BaseURL))
		}
		c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	}
	regionAPI := map[string]string{"na": "https://api.clover.com", "eu": "https://api.eu.clover.com",
		"la": "https://api.la.clover.com", "sandbox": "https://apisandbox.dev.clover.com"}
	if api, ok := regionAPI[c.CloverRegion]; !ok {
		errs = append(errs, fmt.Errorf("CARTA_CLOVER_REGION %q: must be na, eu, la or sandbox", c.CloverRegion))
	} else if c.CloverBaseURL == "" {
		c.CloverBaseURL = api
	}
	if c.WineLookupURL != "" {
		if u, err := url.Parse(c.WineLookupURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("CARTA_WINE_LOOKUP_URL %q: must be an absolute http(s) URL", c.WineLookupURL))
		}
	}
	if (c.CloverAppID == "") != (c.CloverAppSecret == "") {
		errs = append(errs, errors.New("CARTA_CLOVER_APP_ID and CARTA_CLOVER_APP_SECRET go together"))
	}
	if u, err := url.Parse(c.CloverBaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("CARTA_CLOVER_BASE_URL %q: must be an absolute http(s) URL", c.CloverBaseURL))
	}
	c.CloverBaseURL = strings.TrimRight(c.CloverBaseURL, "/")
	if c.StripeAPIURL != "" {
		if u, err := url.Parse(c.StripeAPIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("CARTA_STRIPE_API_URL %q: must be an absolute http(s) URL", c.StripeAPIURL))
		}
	}
	if c.StripeSecretKey != "" && c.StripePublishableKey == "" {
		errs = append(errs, errors.New("CARTA_STRIPE_PUBLISHABLE_KEY is required with CARTA_STRIPE_SECRET_KEY"))
	}
	switch c.SMTPTLS {
	case "starttls", "tls", "none":
	default:
		errs = append(errs, fmt.Errorf("CARTA_SMTP_TLS %q: must be starttls, tls or none", c.SMTPTLS))
	}
	if c.SMTPPort <= 0 || c.SMTPPort > 65535 {
		errs = append(errs, fmt.Errorf("CARTA_SMTP_PORT %d: bad port", c.SMTPPort))
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Errorf("CARTA_LOG_FORMAT %q: must be text or json", c.LogFormat))
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Errorf("CARTA_LOG_LEVEL %q: must be debug, info, warn or error", c.LogLevel))
	}
	if c.MetricsAddr != "off" {
		if _, port, err := net.SplitHostPort(c.MetricsAddr); err != nil {
			errs = append(errs, fmt.Errorf("CARTA_METRICS_ADDR %q: %w", c.MetricsAddr, err))
		} else if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
			errs = append(errs, fmt.Errorf("CARTA_METRICS_ADDR %q: bad port", c.MetricsAddr))
		}
	}
	if c.RegisterPerAddress < 1 {
		errs = append(errs, errors.New("CARTA_REGISTER_PER_ADDRESS must be at least 1"))
	}
	if c.OrdersPerAddress < 1 {
		errs = append(errs, errors.New("CARTA_ORDERS_PER_ADDRESS must be at least 1"))
	}
	if c.MediaURL == "" {
		c.MediaURL = filepath.Join(c.DataDir, "media")
	}
	if bucket, _, ok := c.MediaS3(); ok {
		if !validBucket(bucket) {
			errs = append(errs, fmt.Errorf("CARTA_MEDIA_URL %q: s3://bucket/prefix needs a bucket name (3-63 lowercase letters, digits, dots and dashes)", c.MediaURL))
		}
	} else if strings.Contains(c.MediaURL, "://") {
		errs = append(errs, fmt.Errorf("CARTA_MEDIA_URL %q: must be a folder or s3://bucket/prefix", c.MediaURL))
	}
	if c.S3Endpoint != "" {
		if u, err := url.Parse(c.S3Endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			errs = append(errs, fmt.Errorf("CARTA_S3_ENDPOINT %q: must be an http(s) URL without a path", c.S3Endpoint))
		}
	}
	if (c.S3AccessKey == "") != (c.S3SecretKey == "") {
		errs = append(errs, errors.New("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together"))
	}
	// The messaging providers' errors name the variables, never their (secret) values.
	for _, v := range []struct{ name, val string }{{"CARTA_WHATSAPP_API_URL", c.WhatsAppAPIURL}, {"CARTA_TWILIO_API_URL", c.TwilioAPIURL}} {
		if u, err := url.Parse(v.val); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("%s %q: must be an absolute http(s) URL", v.name, v.val))
		}
	}
	c.WhatsAppAPIURL = strings.TrimRight(c.WhatsAppAPIURL, "/")
	c.TwilioAPIURL = strings.TrimRight(c.TwilioAPIURL, "/")
	if !apiVersion.MatchString(c.WhatsAppAPIVersion) {
		errs = append(errs, fmt.Errorf("CARTA_WHATSAPP_API_VERSION %q: must be a Graph API version such as v21.0", c.WhatsAppAPIVersion))
	}
	if (c.WhatsAppToken == "") != (c.WhatsAppPhoneNumberID == "") {
		errs = append(errs, errors.New("CARTA_WHATSAPP_TOKEN and CARTA_WHATSAPP_PHONE_NUMBER_ID go together"))
	}
	if (c.TwilioAccountSID == "") != (c.TwilioAuthToken == "") {
		errs = append(errs, errors.New("CARTA_TWILIO_ACCOUNT_SID and CARTA_TWILIO_AUTH_TOKEN go together"))
	}
	if c.TwilioAccountSID != "" && c.TwilioFrom == "" && c.TwilioMessagingServiceSID == "" {
		errs = append(errs, errors.New("CARTA_TWILIO_FROM or CARTA_TWILIO_MESSAGING_SERVICE_SID is required with CARTA_TWILIO_ACCOUNT_SID"))
	}
	if c.SessionTTL < time.Minute {
		errs = append(errs, errors.New("CARTA_SESSION_TTL must be at least 1m"))
	}
	return errors.Join(errs...)
}

// apiVersion is a Graph API version ("v21.0").
var apiVersion = regexp.MustCompile(`^v[0-9]+\.[0-9]+$`)

// WhatsAppEnabled reports whether WhatsApp messages are sent (else they stay in the outbox).
func (c Config) WhatsAppEnabled() bool { return c.WhatsAppToken != "" && c.WhatsAppPhoneNumberID != "" }

// TwilioEnabled reports whether SMS are sent through Twilio (else they stay in the outbox).
func (c Config) TwilioEnabled() bool { return c.TwilioAccountSID != "" && c.TwilioAuthToken != "" }

// IsPostgres reports whether the database URL selects PostgreSQL.
func (c Config) IsPostgres() bool {
	return isPostgresURL(c.DatabaseURL)
}

// MediaS3 returns the bucket and prefix of an s3:// CARTA_MEDIA_URL, ok
// false when media are stored in a local folder.
func (c Config) MediaS3() (bucket, prefix string, ok bool) {
	rest, ok := strings.CutPrefix(c.MediaURL, "s3://")
	if !ok {
		return "", "", false
	}
	bucket, prefix, _ = strings.Cut(rest, "/")
	return bucket, strings.Trim(prefix, "/"), true
}

// validBucket accepts S3's bucket names: 3 to 63 lowercase letters,
// digits, dots and dashes.
func validBucket(b string) bool {
	if len(b) < 3 || len(b) > 63 {
		return false
	}
	for _, r := range b {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '-') {
			return false
		}
	}
	return true
}

// ParseCIDRs reads a comma-separated list of addresses ("10.0.0.5") and
// networks ("10.0.0.0/8").
func ParseCIDRs(list string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !strings.Contains(item, "/") {
			ip := net.ParseIP(item)
			if ip == nil {
				return nil, fmt.Errorf("%q is not an address", item)
			}
			bits := 128
			if ip.To4() != nil {
				ip, bits = ip.To4(), 32
			}
			out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(item)
		if err != nil {
			return nil, fmt.Errorf("%q: %w", item, err)
		}
		out = append(out, n)
	}
	return out, nil
}

func isPostgresURL(u string) bool {
	return strings.HasPrefix(u, "postgres://") || strings.HasPrefix(u, "postgresql://")
}

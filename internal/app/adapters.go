package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	billingdemo "carta/internal/billing/demo"
	"carta/internal/billing/stripe"
	"carta/internal/checkout"
	clovercheckout "carta/internal/checkout/clover"
	checkoutdemo "carta/internal/checkout/demo"
	"carta/internal/clientes"
	"carta/internal/config"
	"carta/internal/mail"
	"carta/internal/media"
	"carta/internal/messaging"
	"carta/internal/messaging/twilio"
	"carta/internal/messaging/whatsapp"
	"carta/internal/metrics"
	"carta/internal/onboarding"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	posdemo "carta/internal/pos/demo"
	"carta/internal/store"
	"carta/internal/tenant"
	"carta/internal/wines/lookup"
	dist "carta/web"
)

// adapters is what the server's deps are built from, made once per
// process: the media pipeline, Carta's Clover app and the restaurants'
// token sources, and the measured HTTP clients of the providers.
type adapters struct {
	db           *store.DB
	mets         *metrics.Metrics
	log          *slog.Logger
	pipe         *media.Pipeline
	oauth        *clover.OAuth
	tokens       func(clientes.POSConnection) clover.TokenSource
	posHTTP      *http.Client
	checkoutHTTP *http.Client
	wineHTTP     *http.Client
}

func newAdapters(ctx context.Context, cfg config.Config, db *store.DB, mets *metrics.Metrics, log *slog.Logger) (*adapters, error) {
	pipe, err := newPipeline(ctx, cfg)
	if err != nil {
		return nil, err
	}
	pipe.Metrics = mets
	// Carta's Clover app (CARTA_CLOVER_APP_ID/SECRET in CARTA_CLOVER_REGION) refreshes the
	// restaurants' OAuth tokens; without it stored tokens are used as they are.
	oauth, err := cloverOAuth(cfg, mets.Client("clover_oauth", 15*time.Second, log))
	if err != nil {
		return nil, err
	}
	return &adapters{db: db, mets: mets, log: log, pipe: pipe, oauth: oauth, tokens: cloverTokenSources(db, oauth, mets),
		posHTTP:      mets.Client("clover_pos", 20*time.Second, log),
		checkoutHTTP: mets.Client("clover_checkout", 15*time.Second, log),
		wineHTTP:     mets.Client("wine_lookup", 20*time.Second, log),
	}, nil
}

// deps are the production dependencies of the server configured by cfg
// (cfg.BaseURL set: the demo checkout's page is on it).
func (a *adapters) deps(cfg config.Config) Deps {
	d := Deps{
		DB:         a.db,
		Media:      a.pipe,
		Metrics:    a.mets,
		Log:        a.log,
		Files:      dist.Dist(),
		Catalog:    posCatalog(cfg.CloverBaseURL, a.tokens, a.posHTTP),
		POS:        posOrders(cfg.CloverBaseURL, a.tokens, a.posHTTP),
		Checkout:   checkoutFor(cfg.BaseURL, cfg.CloverBaseURL, a.tokens, a.checkoutHTTP),
		Refunds:    refundsFor(cfg.CloverBaseURL, a.tokens, a.checkoutHTTP),
		Connector:  connector(cfg, a.oauth),
		Fees:       billingdemo.New(),
		WineLookup: wineLookup(cfg, a.wineHTTP),
	}
	if cfg.StripeSecretKey != "" {
		// stripe-go's own client timeout is 80 s.
		opts := []stripe.Option{stripe.WithHTTPClient(a.mets.Client("stripe", 80*time.Second, a.log))}
		if cfg.StripeAPIURL != "" {
			opts = append(opts, stripe.WithBaseURL(cfg.StripeAPIURL))
		}
		d.Fees = stripe.New(cfg.StripeSecretKey, opts...)
	}
	if cfg.SMTPHost != "" {
		d.Mail = &mail.SMTP{Host: cfg.SMTPHost, Port: cfg.SMTPPort, Username: cfg.SMTPUser, Password: cfg.SMTPPassword,
			From: cfg.SMTPFrom, TLS: cfg.SMTPTLS}
	}
	// WhatsApp and SMS: no provider configured is the demo channel (the messages stay in the
	// outbox); a configured provider's Sender goes in under its channel.
	d.Channels = map[string]messaging.Sender{}
	if cfg.WhatsAppEnabled() {
		d.Channels[messaging.ChannelWhatsApp] = &whatsapp.Client{BaseURL: cfg.WhatsAppAPIURL, Version: cfg.WhatsAppAPIVersion,
			PhoneNumberID: cfg.WhatsAppPhoneNumberID, Token: cfg.WhatsAppToken, HTTP: a.mets.Client("whatsapp", 20*time.Second, a.log)}
	}
	if cfg.TwilioEnabled() {
		d.Channels[messaging.ChannelSMS] = &twilio.Client{BaseURL: cfg.TwilioAPIURL, AccountSID: cfg.TwilioAccountSID, AuthToken: cfg.TwilioAuthToken,
			From: cfg.TwilioFrom, MessagingServiceSID: cfg.TwilioMessagingServiceSID, StatusCallback: cfg.BaseURL + "/api/webhooks/twilio",
			HTTP: a.mets.Client("twilio", 20*time.Second, a.log)}
	}
	return d
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
	slots := make(chan struct{}, clientes.RefreshSlots)
	return func(conn clientes.POSConnection) clover.TokenSource {
		mu.Lock()
		defer mu.Unlock()
		if s, ok := sources[conn.ClienteID]; ok {
			return s
		}
		if len(sources) >= 10000 {
			clear(sources)
		}
		s := &clientes.TokenSource{DB: db, ID: tenant.FromRecord(conn.ClienteID), Refresh: refresh, Slots: slots}
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
			return posdemo.ForRestaurant(conn.Merchant, conn.Pais)
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
			key := conn.Merchant + "/" + conn.Pais // the demo merchant stands for the country's
			if m, ok := demos[key]; ok {
				return m, nil
			}
			m, err := posdemo.ForRestaurant(conn.Merchant, conn.Pais)
			if err != nil {
				return nil, err
			}
			demos[key] = m
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

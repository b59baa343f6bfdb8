// Package stripe is the real billing provider: the restaurant's card is
// collected in the browser with Stripe Elements through a SetupIntent
// (usage=off_session) and the platform fee is charged later with an
// off-session PaymentIntent.
package stripe

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	sdk "github.com/stripe/stripe-go/v85"

	"carta/internal/billing"
)

var _ billing.Provider = (*Client)(nil)

// Client talks to the Stripe API. It never logs or returns the secret key.
type Client struct {
	api *sdk.Client
}

// Option configures a Client.
type Option func(*config)

type config struct {
	baseURL    string
	httpClient *http.Client
	retries    *int64
}

// WithBaseURL points the client at another API root (stripe-mock, a test
// fake). The default is https://api.stripe.com.
func WithBaseURL(u string) Option { return func(c *config) { c.baseURL = u } }

// WithHTTPClient sets the HTTP client (timeouts, proxies).
func WithHTTPClient(h *http.Client) Option { return func(c *config) { c.httpClient = h } }

// WithMaxNetworkRetries sets how often the SDK retries a request that
// failed on the network or with 409/5xx (default 2). Every POST is sent with
// an idempotency key, so retries never duplicate a charge.
func WithMaxNetworkRetries(n int64) Option { return func(c *config) { c.retries = &n } }

// New returns a client using secretKey ("sk_live_..." or "sk_test_...").
func New(secretKey string, opts ...Option) *Client {
	var cfg config
	for _, o := range opts {
		o(&cfg)
	}
	bc := &sdk.BackendConfig{
		HTTPClient:        cfg.httpClient,
		MaxNetworkRetries: cfg.retries,
		// The SDK's default logger prints to stderr; errors are returned to
		// the caller, who logs them with slog.
		LeveledLogger: &sdk.LeveledLogger{Level: sdk.LevelNull},
	}
	if cfg.baseURL != "" {
		bc.URL = sdk.String(cfg.baseURL)
	}
	return &Client{api: sdk.NewClient(secretKey, sdk.WithBackends(sdk.NewBackendsWithConfig(bc)))}
}

// Name implements billing.Provider.
func (c *Client) Name() string { return "stripe" }

// SetupCard implements billing.Provider: it ensures the restaurant has a
// Customer and opens a SetupIntent the browser confirms with Elements.
func (c *Client) SetupCard(ctx context.Context, r billing.Restaurant) (string, string, error) {
	customerID, err := c.ensureCustomer(ctx, r)
	if err != nil {
		return "", "", err
	}
	p := &sdk.SetupIntentCreateParams{
		Customer:           sdk.String(customerID),
		Usage:              sdk.String(string(sdk.SetupIntentUsageOffSession)),
		PaymentMethodTypes: []*string{sdk.String("card")},
	}
	p.AddMetadata("cliente_id", strconv.FormatInt(r.ID, 10))
	si, err := c.api.V1SetupIntents.Create(ctx, p)
	if err != nil {
		return "", customerID, fmt.Errorf("billing/stripe: create setup intent: %w", err)
	}
	return si.ClientSecret, customerID, nil
}

// ensureCustomer returns r.CustomerID or creates the Customer. The create
// carries an idempotency key derived from the restaurant, so a retry after a
// lost response (or a lost database write) within Stripe's 24 h key window
// returns the same Customer instead of a duplicate.
func (c *Client) ensureCustomer(ctx context.Context, r billing.Restaurant) (string, error) {
	if r.CustomerID != "" {
		return r.CustomerID, nil
	}
	p := &sdk.CustomerCreateParams{}
	if r.Name != "" {
		p.Name = sdk.String(r.Name)
	}
	if r.Email != "" {
		p.Email = sdk.String(r.Email)
	}
	p.AddMetadata("cliente_id", strconv.FormatInt(r.ID, 10))
	// Stripe refuses a reused key whose parameters differ, so the key
	// covers them: a renamed restaurant gets a fresh key.
	sum := sha256.Sum256([]byte(r.Name + "\x00" + r.Email))
	p.SetIdempotencyKey(fmt.Sprintf("carta-customer-%d-%s", r.ID, hex.EncodeToString(sum[:8])))
	cus, err := c.api.V1Customers.Create(ctx, p)
	if err != nil {
		return "", fmt.Errorf("billing/stripe: create customer: %w", err)
	}
	return cus.ID, nil
}

// RegisterCard implements billing.Provider. token is the PaymentMethod id
// the browser got from confirming the SetupIntent (which already attached
// it to the customer); it is attached here if it was not, and made the
// customer's default. A PaymentMethod saved to another customer is refused.
func (c *Client) RegisterCard(ctx context.Context, r billing.Restaurant, token string) (billing.Card, error) {
	if !strings.HasPrefix(token, "pm_") {
		return billing.Card{}, billing.ErrInvalidToken
	}
	customerID, err := c.ensureCustomer(ctx, r)
	if err != nil {
		return billing.Card{}, err
	}

	rp := &sdk.PaymentMethodRetrieveParams{}
	pm, err := c.api.V1PaymentMethods.Retrieve(ctx, token, rp)
	if err != nil {
		if isCode(err, sdk.ErrorCodeResourceMissing) {
			return billing.Card{}, fmt.Errorf("%w: %s", billing.ErrInvalidToken, stripeMessage(err))
		}
		return billing.Card{}, fmt.Errorf("billing/stripe: retrieve payment method: %w", err)
	}
	if pm.Type != sdk.PaymentMethodTypeCard || pm.Card == nil {
		return billing.Card{}, fmt.Errorf("%w: payment method is %q, not a card", billing.ErrInvalidToken, pm.Type)
	}

	switch {
	case pm.Customer == nil || pm.Customer.ID == "":
		ap := &sdk.PaymentMethodAttachParams{Customer: sdk.String(customerID)}
		ap.SetIdempotencyKey("carta-attach-" + token + "-" + customerID)
		if _, err := c.api.V1PaymentMethods.Attach(ctx, token, ap); err != nil {
			return billing.Card{}, fmt.Errorf("billing/stripe: attach payment method: %w", mapCardError(err))
		}
	case pm.Customer.ID != customerID:
		return billing.Card{}, fmt.Errorf("%w: payment method belongs to another customer", billing.ErrInvalidToken)
	}

	up := &sdk.CustomerUpdateParams{
		InvoiceSettings: &sdk.CustomerUpdateInvoiceSettingsParams{DefaultPaymentMethod: sdk.String(token)},
	}
	if _, err := c.api.V1Customers.Update(ctx, customerID, up); err != nil {
		return billing.Card{}, fmt.Errorf("billing/stripe: set default payment method: %w", err)
	}

	return billing.Card{
		Provider:        c.Name(),
		CustomerID:      customerID,
		PaymentMethodID: pm.ID,
		Brand:           string(pm.Card.Brand),
		Last4:           pm.Card.Last4,
	}, nil
}

// ChargeFee implements billing.Provider with a PaymentIntent created and
// confirmed in one call, off-session, restricted to cards (so no
// return_url is needed). idempotencyKey is sent as the Idempotency-Key
// header and stored in metadata["fee_id"] so webhooks can be matched to the
// fee. On a decline the PaymentIntent id, if Stripe created one, is
// returned along with the error.
func (c *Client) ChargeFee(ctx context.Context, card billing.Card, amount int64, currency, idempotencyKey, description string) (string, error) {
	switch {
	case card.Provider != c.Name():
		return "", fmt.Errorf("billing/stripe: card of provider %q", card.Provider)
	case card.CustomerID == "" || card.PaymentMethodID == "":
		return "", errors.New("billing/stripe: card has no customer or payment method")
	case amount <= 0 || currency == "":
		return "", fmt.Errorf("billing/stripe: invalid amount %d %q", amount, currency)
	case idempotencyKey == "" || len(idempotencyKey) > 255:
		return "", errors.New("billing/stripe: idempotency key must be 1 to 255 characters")
	}

	p := &sdk.PaymentIntentCreateParams{
		Amount:             sdk.Int64(amount),
		Currency:           sdk.String(strings.ToLower(currency)),
		Customer:           sdk.String(card.CustomerID),
		PaymentMethod:      sdk.String(card.PaymentMethodID),
		PaymentMethodTypes: []*string{sdk.String("card")},
		Confirm:            sdk.Bool(true),
		OffSession:         sdk.Bool(true),
	}
	if description != "" {
		p.Description = sdk.String(description)
	}
	p.AddMetadata("fee_id", idempotencyKey)
	p.SetIdempotencyKey(idempotencyKey)

	pi, err := c.api.V1PaymentIntents.Create(ctx, p)
	if err != nil {
		var id string
		var se *sdk.Error
		if errors.As(err, &se) && se.PaymentIntent != nil {
			id = se.PaymentIntent.ID
		}
		return id, fmt.Errorf("billing/stripe: charge fee: %w", mapCardError(err))
	}

	switch pi.Status {
	case sdk.PaymentIntentStatusSucceeded, sdk.PaymentIntentStatusProcessing, sdk.PaymentIntentStatusRequiresCapture:
		return pi.ID, nil
	case sdk.PaymentIntentStatusRequiresAction:
		return pi.ID, fmt.Errorf("billing/stripe: charge fee: %w: payment %s requires action", billing.ErrAuthenticationRequired, pi.ID)
	case sdk.PaymentIntentStatusRequiresPaymentMethod:
		// Stripe answers a failed confirmation with a 402 error, so a 200 in
		// this state means the card was not charged.
		return pi.ID, fmt.Errorf("billing/stripe: charge fee: %w: payment %s has status %s", billing.ErrDeclined, pi.ID, pi.Status)
	default:
		return pi.ID, fmt.Errorf("billing/stripe: charge fee: payment %s has unexpected status %s", pi.ID, pi.Status)
	}
}

// mapCardError turns Stripe's card errors into the port's sentinel errors,
// keeping Stripe's message (which never contains card data or the key).
// Other errors are returned unchanged.
func mapCardError(err error) error {
	var se *sdk.Error
	if !errors.As(err, &se) {
		return err
	}
	switch {
	case se.Code == sdk.ErrorCodeAuthenticationRequired ||
		se.DeclineCode == sdk.DeclineCodeAuthenticationRequired:
		return fmt.Errorf("%w: %s", billing.ErrAuthenticationRequired, se.Msg)
	case se.Code == sdk.ErrorCodeCardDeclined || se.Code == sdk.ErrorCodeExpiredCard || se.DeclineCode != "":
		msg := se.Msg
		if se.DeclineCode != "" {
			msg += " (decline_code " + string(se.DeclineCode) + ")"
		}
		return fmt.Errorf("%w: %s", billing.ErrDeclined, msg)
	}
	return err
}

func isCode(err error, code sdk.ErrorCode) bool {
	var se *sdk.Error
	return errors.As(err, &se) && se.Code == code
}

func stripeMessage(err error) string {
	var se *sdk.Error
	if errors.As(err, &se) {
		return se.Msg
	}
	return err.Error()
}

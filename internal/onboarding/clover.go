package onboarding

import (
	"context"
	"errors"
	"net/http"

	"carta/internal/clientes"
	"carta/internal/pos"
	"carta/internal/pos/clover"
)

// CloverConnector connects merchants through Carta's Clover app (OAuth
// v2): it exchanges the authorization code, then checks with one API call
// that the tokens open the merchant the request names (a code of another
// merchant is refused, never stored on this restaurant).
type CloverConnector struct {
	OAuth *clover.OAuth
	// APIURL is the REST API the merchant's calls go to (the region's).
	APIURL string
}

// Connect implements Connector.
func (c CloverConnector) Connect(ctx context.Context, merchantID, code string) (Connection, error) {
	tk, err := c.OAuth.Exchange(ctx, code)
	var oe *clover.OAuthError
	switch {
	case err == nil:
	case errors.As(err, &oe) && oe.StatusCode == http.StatusBadRequest:
		return Connection{}, ErrBadRequest(oe.Message)
	case errors.Is(err, clover.ErrGrantRefused):
		return Connection{}, ErrCodeRejected
	default:
		return Connection{}, errors.Join(ErrProviderDown, err)
	}
	api := clover.New(c.APIURL, merchantID, tk.Access)
	api.MaxRetries = 1
	if err := api.Verify(ctx); errors.Is(err, pos.ErrUnauthorized) {
		return Connection{}, ErrMerchantRefused
	} else if err != nil {
		return Connection{}, errors.Join(ErrProviderDown, err)
	}
	return Connection{Provider: "clover", BaseURL: c.APIURL, Tokens: clientes.Tokens(tk)}, nil
}

// AuthorizeURL implements Connector: the region's /oauth/v2/authorize page
// for Carta's app, where the merchant logs in and approves; Clover then
// sends the browser to redirectURI with merchant_id, client_id,
// employee_id, code and the state.
func (c CloverConnector) AuthorizeURL(redirectURI, _ string, state string) string {
	return c.OAuth.AuthorizeURL(redirectURI, state)
}

// AppMarket implements Connector: merchants launch Carta's app from the
// Clover App Market, and the code Clover gives them is checked against
// their merchant (Connect).
func (CloverConnector) AppMarket() bool { return true }

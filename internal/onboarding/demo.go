package onboarding

import (
	"context"
	"crypto/rand"
	"net/url"
	"strings"
)

// DemoConnector connects merchants offline (no Clover app configured): a
// code starting with "demo-" is accepted and the merchant gets the demo
// point of sale; any other code is refused as Clover refuses an invalid
// one. Its codes prove nothing about the merchant, so it has no app market:
// only a connection a signed-in super admin or owner started completes.
type DemoConnector struct{}

// Connect implements Connector.
func (DemoConnector) Connect(_ context.Context, merchantID, code string) (Connection, error) {
	if !strings.HasPrefix(code, "demo-") {
		return Connection{}, ErrCodeRejected
	}
	return Connection{Provider: "demo"}, nil
}

// AuthorizeURL implements Connector: there is no authorize page offline, so
// the browser goes straight back to the callback with what Clover's would
// send (merchant_id, a demo code, the state).
func (DemoConnector) AuthorizeURL(redirectURI, merchantID, state string) string {
	q := url.Values{"merchant_id": {merchantID}, "code": {"demo-" + strings.ToLower(rand.Text()[:12])}, "state": {state}}
	return redirectURI + "?" + q.Encode()
}

// AppMarket implements Connector: the demo has none.
func (DemoConnector) AppMarket() bool { return false }

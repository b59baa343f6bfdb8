package onboarding

import (
	"context"
	"strings"
)

// DemoConnector connects merchants offline (no Clover app configured): a
// code starting with "demo-" is accepted and the merchant gets the demo
// point of sale; any other code is refused as Clover refuses an invalid
// one.
type DemoConnector struct{}

// Connect implements Connector.
func (DemoConnector) Connect(_ context.Context, merchantID, code string) (Connection, error) {
	if !strings.HasPrefix(code, "demo-") {
		return Connection{}, ErrCodeRejected
	}
	return Connection{Provider: "demo"}, nil
}

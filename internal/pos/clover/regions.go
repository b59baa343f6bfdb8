package clover

import (
	"fmt"
	"net/url"
	"strings"
)

// Region is the Clover environment a merchant lives in. A merchant's tokens, its OAuth app and its
// REST API all belong to one region; a token of one region is refused by another.
//
// Hosts per region, from Clover's table "Sandbox and production environment URLs"
// (https://docs.clover.com/docs/merchant-dashboard-left-navigation-oauth-flow and
// https://docs.clover.com/docs/high-trust-app-auth-flow): /oauth/v2/authorize is served by the
// merchant-facing web host (sandbox.dev.clover.com, www.clover.com, www.eu.clover.com,
// www.la.clover.com); /oauth/v2/token and /oauth/v2/refresh by the API host (apisandbox.dev.clover.com,
// api.clover.com, api.eu.clover.com, api.la.clover.com), the same host as the REST API v3.
type Region string

// The regions Carta knows, by their configuration names (CARTA_CLOVER_REGION).
const (
	RegionNorthAmerica Region = "na" // United States and Canada
	RegionEurope       Region = "eu"
	RegionLatinAmerica Region = "la"
	RegionSandbox      Region = "sandbox" // Clover's developer sandbox
)

// Regions lists every region, North America first (the default).
var Regions = []Region{RegionNorthAmerica, RegionEurope, RegionLatinAmerica, RegionSandbox}

// ParseRegion reads a region from configuration: "na" (also "us"), "eu", "la" or "sandbox", in any
// case; empty is North America, Clover's default market.
func ParseRegion(s string) (Region, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "na", "us":
		return RegionNorthAmerica, nil
	case "eu":
		return RegionEurope, nil
	case "la":
		return RegionLatinAmerica, nil
	case "sandbox":
		return RegionSandbox, nil
	}
	return "", fmt.Errorf("clover: unknown region %q (want na, eu, la or sandbox)", s)
}

// WebURL is the region's merchant-facing host, which serves the authorize page.
func (r Region) WebURL() string {
	switch r {
	case RegionEurope:
		return "https://www.eu.clover.com"
	case RegionLatinAmerica:
		return "https://www.la.clover.com"
	case RegionSandbox:
		return "https://sandbox.dev.clover.com"
	}
	return "https://www.clover.com"
}

// APIURL is the region's API host: the REST API v3 and the OAuth token and refresh endpoints.
func (r Region) APIURL() string {
	switch r {
	case RegionEurope:
		return Europe
	case RegionLatinAmerica:
		return LatinAmerica
	case RegionSandbox:
		return Sandbox
	}
	return NorthAmerica
}

// AuthorizeURL is where the browser is sent to connect a merchant: the region's
// /oauth/v2/authorize page.
func (r Region) AuthorizeURL(clientID, redirectURI, state string) string {
	return AuthorizeURL(r.WebURL(), clientID, redirectURI, state)
}

// AuthorizeURL builds {webURL}/oauth/v2/authorize?client_id=&redirect_uri=&state=. After the merchant
// logs in and approves the app, Clover redirects the browser to redirect_uri with code,
// merchant_id, client_id (and employee_id) and the state given here, which the callback must check
// against what it issued (state is Clover's CSRF guard: "The Clover authorization server includes
// this value when redirecting the user-agent back to your client", https://docs.clover.com/build/oauth-2-0/).
// redirect_uri must be a subpath of the app's site URL in Clover's developer dashboard; empty
// leaves it out and Clover uses the site URL.
func AuthorizeURL(webURL, clientID, redirectURI, state string) string {
	q := url.Values{"client_id": {clientID}}
	if redirectURI != "" {
		q.Set("redirect_uri", redirectURI)
	}
	if state != "" {
		q.Set("state", state)
	}
	return strings.TrimRight(webURL, "/") + "/oauth/v2/authorize?" + q.Encode()
}

// Callback is what Clover's redirect to the app's redirect_uri carries.
type Callback struct {
	Code       string // the authorization code: single use, exchanged with OAuth.Exchange
	MerchantID string
	ClientID   string // the app id; a callback for another app is not ours
	EmployeeID string // who approved, when Clover says
	State      string
}

// ParseCallback reads the query of Clover's redirect. It fails when the code or the merchant id is
// missing; checking State and ClientID is the caller's job (it knows what it issued).
func ParseCallback(q url.Values) (Callback, error) {
	cb := Callback{
		Code:       strings.TrimSpace(q.Get("code")),
		MerchantID: strings.TrimSpace(q.Get("merchant_id")),
		ClientID:   strings.TrimSpace(q.Get("client_id")),
		EmployeeID: strings.TrimSpace(q.Get("employee_id")),
		State:      q.Get("state"),
	}
	if cb.Code == "" || cb.MerchantID == "" {
		return cb, fmt.Errorf("clover: the OAuth callback lacks code or merchant_id")
	}
	return cb, nil
}

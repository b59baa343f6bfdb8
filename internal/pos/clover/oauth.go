package clover

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"carta/internal/pos"
)

// Clover's v2/OAuth for high-trust apps (apps that keep their secret on a server), as documented at
// https://docs.clover.com/docs/high-trust-app-auth-flow and
// https://docs.clover.com/dev/docs/use-refresh-token-to-generate-new-expiring-token:
//
//	GET  {web}/oauth/v2/authorize?client_id=&redirect_uri=&state=   (the browser; see AuthorizeURL)
//	  → redirect_uri?merchant_id=&client_id=&code=[&employee_id=][&state=]
//	POST {api}/oauth/v2/token   {"client_id", "client_secret", "code"}
//	POST {api}/oauth/v2/refresh {"client_id", "refresh_token"}
//	  → {"access_token", "access_token_expiration", "refresh_token", "refresh_token_expiration"}
//
// Expirations are Unix seconds and differ from token to token ("do not hard code access and
// refresh token expirations or lengths"). A refresh token works ONCE: "Refresh token is for single
// use and becomes invalid immediately after a new access_token and refresh_token pair is
// generated", so refreshes of one merchant must be serialised (clientes.TokenSource) and a refresh
// is never retried blindly: if its answer was lost, the pair it created is lost with it.
// Clover does not document the error bodies of these endpoints; 400, 401 and 403 are taken as
// "this code or refresh token is no good" (RFC 6749 §5.2 answers invalid_grant and invalid_client
// with them), 429 and 5xx as "try again later".

// Tokens are the access and refresh tokens Clover issued for one merchant. Expirations are Unix
// seconds; 0 means none (a legacy non-expiring token). Its fields are those of clientes.Tokens, so
// clientes.Tokens(t) converts.
type Tokens struct {
	Access, Refresh               string
	AccessExpires, RefreshExpires int64
}

// ErrGrantRefused means Clover refused the authorization code or the refresh token (invalid,
// expired, already used or revoked): only connecting the restaurant again helps. It is a
// pos.ErrUnauthorized, the error the rest of Carta already reads as "reconnect".
var ErrGrantRefused = fmt.Errorf("clover: authorization refused, connect the restaurant to Clover again: %w", pos.ErrUnauthorized)

// ErrNotConfigured means the OAuth client lacks the app id or secret (CARTA_CLOVER_APP_ID,
// CARTA_CLOVER_APP_SECRET).
var ErrNotConfigured = errors.New("clover: OAuth app id or secret not configured")

// OAuthError is a failed call to /oauth/v2/token or /oauth/v2/refresh. It unwraps to
// ErrGrantRefused (reconnect needed), pos.ErrUnavailable (network, 429 or 5xx: try again later) or
// pos.ErrMalformed; anything else is a surprise (another 4xx). It never holds a token, code or
// secret.
type OAuthError struct {
	Path       string // "/oauth/v2/token" or "/oauth/v2/refresh"
	StatusCode int    // 0 when no answer came
	Message    string // Clover's message or the network failure, scrubbed and shortened
	Err        error
}

func (e *OAuthError) Error() string {
	msg := "clover: POST " + e.Path
	if e.StatusCode != 0 {
		msg += fmt.Sprintf(": status %d %s", e.StatusCode, http.StatusText(e.StatusCode))
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *OAuthError) Unwrap() error { return e.Err }

// Retryable reports a failure that may pass by itself (network, 429, 5xx). A retried Exchange
// needs a new code all the same if Clover did take the first one.
func (e *OAuthError) Retryable() bool { return errors.Is(e.Err, pos.ErrUnavailable) }

// errUnexpected is the cause of an OAuthError for a status Carta does not expect.
var errUnexpected = errors.New("unexpected answer")

// OAuth exchanges authorization codes and refresh tokens for tokens with Clover. The zero HTTP
// uses a 15 s time-out. It makes ONE attempt per call: codes and refresh tokens are single use.
type OAuth struct {
	HTTP *http.Client
	// Region selects Clover's hosts; APIURL and WebURL, when set, replace the region's API host and
	// its web host (the authorize page): tests give the fake's URL, which serves both.
	Region         Region
	APIURL, WebURL string
	// AppID and AppSecret are the app's "Client ID" and "Client Secret" from Clover's developer
	// dashboard.
	AppID, AppSecret string
	// UserAgent defaults to the REST client's UserAgent.
	UserAgent string
}

// NewOAuth returns a client for the app in region.
func NewOAuth(region Region, appID, appSecret string) *OAuth {
	return &OAuth{Region: region, AppID: appID, AppSecret: appSecret}
}

// BaseURL is the host the token and refresh requests go to.
func (o *OAuth) BaseURL() string {
	if o.APIURL != "" {
		return strings.TrimRight(o.APIURL, "/")
	}
	return o.Region.APIURL()
}

// AuthorizeURL is the region's authorize page for this app (see AuthorizeURL), or WebURL's.
func (o *OAuth) AuthorizeURL(redirectURI, state string) string {
	if o.WebURL != "" {
		return AuthorizeURL(o.WebURL, o.AppID, redirectURI, state)
	}
	return o.Region.AuthorizeURL(o.AppID, redirectURI, state)
}

// Exchange trades the authorization code of Clover's callback for the merchant's tokens.
// ErrGrantRefused: the code is invalid, used or expired (or the app secret is wrong).
func (o *OAuth) Exchange(ctx context.Context, code string) (Tokens, error) {
	if o.AppID == "" || o.AppSecret == "" {
		return Tokens{}, ErrNotConfigured
	}
	body := map[string]string{"client_id": o.AppID, "client_secret": o.AppSecret, "code": code}
	return o.post(ctx, "/oauth/v2/token", body, code)
}

// Refresh trades a refresh token for a new access and refresh pair; the one given stops working.
// ErrGrantRefused: the refresh token is invalid, used, expired or revoked.
func (o *OAuth) Refresh(ctx context.Context, refreshToken string) (Tokens, error) {
	if o.AppID == "" {
		return Tokens{}, ErrNotConfigured
	}
	body := map[string]string{"client_id": o.AppID, "refresh_token": refreshToken}
	return o.post(ctx, "/oauth/v2/refresh", body, refreshToken)
}

type wireTokens struct {
	AccessToken            string `json:"access_token"`
	AccessTokenExpiration  int64  `json:"access_token_expiration"`
	RefreshToken           string `json:"refresh_token"`
	RefreshTokenExpiration int64  `json:"refresh_token_expiration"`
}

// maxOAuthBody bounds what is read of an answer.
const maxOAuthBody = 64 << 10

func (o *OAuth) post(ctx context.Context, path string, body map[string]string, grant string) (Tokens, error) {
	sc := scrubber{o.AppSecret, grant}
	fail := func(status int, msg string, cause error) (Tokens, error) {
		return Tokens{}, &OAuthError{Path: path, StatusCode: status, Message: shorten(sc.scrub(msg)), Err: cause}
	}
	b, err := json.Marshal(body)
	if err != nil {
		return Tokens{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.BaseURL()+path, bytes.NewReader(b))
	if err != nil {
		return fail(0, err.Error(), errUnexpected)
	}
	ua := o.UserAgent
	if ua == "" {
		ua = UserAgent
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", ua)
	hc := o.HTTP
	if hc == nil {
		hc = defaultOAuthHTTP
	}
	resp, err := hc.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return fail(0, "", ctx.Err())
		}
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err // our URL holds no secret, but the cause is all that matters
		}
		return fail(0, "request failed: "+err.Error(), pos.ErrUnavailable)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxOAuthBody))
	if err != nil && resp.StatusCode/100 == 2 {
		return fail(resp.StatusCode, "reading the answer: "+err.Error(), pos.ErrUnavailable)
	}
	switch {
	case resp.StatusCode/100 == 2:
		var w wireTokens
		if err := json.Unmarshal(raw, &w); err != nil {
			return fail(resp.StatusCode, "decoding the answer: "+err.Error(), pos.ErrMalformed)
		}
		if w.AccessToken == "" {
			return fail(resp.StatusCode, "no access_token in the answer", pos.ErrMalformed)
		}
		return Tokens{Access: w.AccessToken, AccessExpires: w.AccessTokenExpiration,
			Refresh: w.RefreshToken, RefreshExpires: w.RefreshTokenExpiration}, nil
	case resp.StatusCode == http.StatusBadRequest, resp.StatusCode == http.StatusUnauthorized, resp.StatusCode == http.StatusForbidden:
		return fail(resp.StatusCode, errorMessage(raw), ErrGrantRefused)
	case resp.StatusCode == http.StatusTooManyRequests, resp.StatusCode >= 500:
		return fail(resp.StatusCode, errorMessage(raw), pos.ErrUnavailable)
	default:
		return fail(resp.StatusCode, errorMessage(raw), errUnexpected)
	}
}

var defaultOAuthHTTP = &http.Client{Timeout: 15 * time.Second}

// errorMessage is Clover's {"message": ...} (or an OAuth {"error", "error_description"}), else the
// body's text.
func errorMessage(raw []byte) string {
	var m struct {
		Message     string `json:"message"`
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	if json.Unmarshal(raw, &m) == nil {
		switch {
		case m.Message != "":
			return m.Message
		case m.Error != "" && m.Description != "":
			return m.Error + ": " + m.Description
		case m.Error != "":
			return m.Error
		}
	}
	return strings.TrimSpace(string(raw))
}

// scrubber removes secrets from a text that may end up in an error or a log.
type scrubber []string

func (s scrubber) scrub(text string) string {
	for _, secret := range s {
		if secret != "" {
			text = strings.ReplaceAll(text, secret, "[redacted]")
		}
	}
	return text
}

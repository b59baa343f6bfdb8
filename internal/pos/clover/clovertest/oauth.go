package clovertest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Clover's v2/OAuth for high-trust apps, as documented at
// https://docs.clover.com/docs/high-trust-app-auth-flow and
// https://docs.clover.com/dev/docs/use-refresh-token-to-generate-new-expiring-token: the authorize
// page redirects to redirect_uri with merchant_id, client_id, employee_id, code (and the state it
// was given); POST /oauth/v2/token trades {client_id, client_secret, code} and POST
// /oauth/v2/refresh {client_id, refresh_token} for {access_token, access_token_expiration,
// refresh_token, refresh_token_expiration} (Unix seconds). Codes and refresh tokens work once; a
// refresh rotates both tokens. Clover does not document its error bodies: the fake answers 401
// {"message"} for wrong app credentials and 400 {"message"} for a bad code or refresh token.

// OAuthConfig turns on the fake's OAuth endpoints (EnableOAuth). Zero TTLs are an hour for access
// tokens and a year for refresh tokens; a nil Now is time.Now.
type OAuthConfig struct {
	AppID, AppSecret      string
	AccessTTL, RefreshTTL time.Duration
	Now                   func() time.Time
	EmployeeID            string // sent back by the authorize page; "E1" when empty
	// BeforeRefresh, when set, runs at the start of every refresh request, before the fake looks
	// at it; tests block it to hold a refresh in flight.
	BeforeRefresh func()
}

// Tokens are tokens the fake issued; their fields are those of clover.Tokens.
type Tokens struct {
	Access, Refresh               string
	AccessExpires, RefreshExpires int64
}

type oauthState struct {
	cfg       OAuthConfig
	codes     map[string]bool  // codes not used yet
	access    map[string]int64 // live access tokens and their expiry
	refresh   map[string]int64 // live refresh tokens and their expiry
	exchanges int
	refreshes int
}

// EnableOAuth serves /oauth/v2/authorize, /oauth/v2/token and /oauth/v2/refresh for the app in cfg.
// From then on the API also accepts the access tokens the fake issued, until they expire or are
// revoked, besides the merchant's fixed Token.
func (s *Server) EnableOAuth(cfg OAuthConfig) {
	if cfg.AccessTTL == 0 {
		cfg.AccessTTL = time.Hour
	}
	if cfg.RefreshTTL == 0 {
		cfg.RefreshTTL = 365 * 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.EmployeeID == "" {
		cfg.EmployeeID = "E1"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.oauth = &oauthState{cfg: cfg, codes: map[string]bool{}, access: map[string]int64{}, refresh: map[string]int64{}}
}

// IssueCode returns a fresh authorization code, as the authorize page gives one.
func (s *Server) IssueCode() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	code := "code-" + randomHex()
	s.oauth.codes[code] = true
	return code
}

// IssueTokens returns a fresh token pair, as an exchange would, without counting one.
func (s *Server) IssueTokens() Tokens {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.issueLocked()
}

// Exchanges is how many codes were traded for tokens.
func (s *Server) Exchanges() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.oauth.exchanges
}

// Refreshes is how many refresh tokens were traded for new pairs.
func (s *Server) Refreshes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.oauth.refreshes
}

// ExpireAccessTokens makes every access token issued so far expired (the refresh tokens still
// work).
func (s *Server) ExpireAccessTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.oauth.access)
}

// Revoke makes one access or refresh token stop working.
func (s *Server) Revoke(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.oauth.access, token)
	delete(s.oauth.refresh, token)
}

// RevokeAll makes every token issued so far stop working, as when the merchant uninstalls the app.
func (s *Server) RevokeAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.oauth.access)
	clear(s.oauth.refresh)
}

func (s *Server) issueLocked() Tokens {
	o := s.oauth
	now := o.cfg.Now()
	t := Tokens{
		Access: "acc-" + randomHex(), AccessExpires: now.Add(o.cfg.AccessTTL).Unix(),
		Refresh: "ref-" + randomHex(), RefreshExpires: now.Add(o.cfg.RefreshTTL).Unix(),
	}
	o.access[t.Access] = t.AccessExpires
	o.refresh[t.Refresh] = t.RefreshExpires
	return t
}

// bearerOK reports whether an Authorization header carries a token the API accepts. The caller
// holds s.mu.
func (s *Server) bearerOK(h string) bool {
	tok, ok := strings.CutPrefix(h, "Bearer ")
	if !ok || tok == "" {
		return false
	}
	if tok == s.m.Token {
		return true
	}
	if s.oauth == nil {
		return false
	}
	exp, ok := s.oauth.access[tok]
	return ok && s.oauth.cfg.Now().Unix() < exp
}

func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.mu.Lock()
	o := s.oauth
	if o == nil || q.Get("client_id") != o.cfg.AppID {
		s.mu.Unlock()
		writeOAuthError(w, http.StatusBadRequest, "Unknown client_id")
		return
	}
	code := "code-" + randomHex()
	o.codes[code] = true
	employee := o.cfg.EmployeeID
	s.mu.Unlock()
	target, err := url.Parse(q.Get("redirect_uri"))
	if err != nil || !target.IsAbs() {
		writeOAuthError(w, http.StatusBadRequest, "Invalid redirect_uri")
		return
	}
	back := target.Query()
	back.Set("merchant_id", s.m.ID)
	back.Set("client_id", o.cfg.AppID)
	back.Set("employee_id", employee)
	back.Set("code", code)
	if st := q.Get("state"); st != "" {
		back.Set("state", st)
	}
	target.RawQuery = back.Encode()
	http.Redirect(w, r, target.String(), http.StatusFound)
}

func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret"`
		Code         string `json:"code"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeOAuthError(w, http.StatusBadRequest, "Malformed request")
		return
	}
	s.mu.Lock()
	o := s.oauth
	switch {
	case o == nil || req.ClientID != o.cfg.AppID || req.ClientSecret != o.cfg.AppSecret:
		s.mu.Unlock()
		writeOAuthError(w, http.StatusUnauthorized, "Invalid client credentials")
		return
	case !o.codes[req.Code]:
		s.mu.Unlock()
		writeOAuthError(w, http.StatusBadRequest, "Invalid or expired authorization code")
		return
	}
	delete(o.codes, req.Code)
	o.exchanges++
	t := s.issueLocked()
	s.mu.Unlock()
	writeTokens(w, t)
}

func (s *Server) refreshToken(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ClientID     string `json:"client_id"`
		RefreshToken string `json:"refresh_token"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeOAuthError(w, http.StatusBadRequest, "Malformed request")
		return
	}
	s.mu.Lock()
	o := s.oauth
	s.mu.Unlock()
	if o != nil && o.cfg.BeforeRefresh != nil {
		o.cfg.BeforeRefresh()
	}
	s.mu.Lock()
	if o == nil || req.ClientID != o.cfg.AppID {
		s.mu.Unlock()
		writeOAuthError(w, http.StatusUnauthorized, "Invalid client_id")
		return
	}
	exp, ok := o.refresh[req.RefreshToken]
	if !ok || o.cfg.Now().Unix() >= exp {
		s.mu.Unlock()
		writeOAuthError(w, http.StatusBadRequest, "Invalid or expired refresh token")
		return
	}
	delete(o.refresh, req.RefreshToken) // single use
	o.refreshes++
	t := s.issueLocked()
	s.mu.Unlock()
	writeTokens(w, t)
}

func writeTokens(w http.ResponseWriter, t Tokens) {
	writeJSON(w, map[string]any{
		"access_token": t.Access, "access_token_expiration": t.AccessExpires,
		"refresh_token": t.Refresh, "refresh_token_expiration": t.RefreshExpires,
	})
}

func writeOAuthError(w http.ResponseWriter, code int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]string{"message": message})
}

func randomHex() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

package web

import (
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"
)

// Content-Security-Policy of the HTML pages. Scripts run only from this
// origin (never inline, except the menu page's own inline scripts, allowed
// one by one by their hash); no plugins, no <base>, no framing. Styles may
// be inline: React's style attributes and the menu page's inlined
// stylesheets need it, and a style cannot run code. Images may come from
// https (a category image can be an https link) and from data:/blob: (the
// upload previews). Stripe's origins are added only when Stripe is
// configured, and never on the diner's menu pages, which do not use it.
const (
	cspBase = "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'; " +
		"img-src 'self' data: blob: https:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; "
	stripeScript  = " https://js.stripe.com"
	stripeConnect = " https://api.stripe.com"
	stripeFrames  = "https://js.stripe.com https://hooks.stripe.com"
)

// appCSP is the policy of the app's index.html (every page but the menu's).
func appCSP(stripe bool) string {
	if !stripe {
		return cspBase + "script-src 'self'; connect-src 'self'; frame-src 'none'"
	}
	return cspBase + "script-src 'self'" + stripeScript + "; connect-src 'self'" + stripeConnect + "; frame-src " + stripeFrames
}

var inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

// pageCSP is the policy of a diner menu page: page's inline scripts are
// allowed by their SHA-256, so the cached page needs no per-response nonce.
func pageCSP(page []byte) string {
	var b strings.Builder
	b.WriteString(cspBase + "script-src 'self'")
	for _, m := range inlineScript.FindAllSubmatch(page, -1) {
		sum := sha256.Sum256(m[1])
		b.WriteString(" 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'")
	}
	b.WriteString("; connect-src 'self'; frame-src 'none'")
	return b.String()
}

package auth

import (
	"context"
	"strings"
	"testing"
)

func TestBrowserName(t *testing.T) {
	for _, c := range []struct{ agent, want string }{
		{"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome · Android"},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari · iPhone"},
		{"Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1", "Chrome · iPad"},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari · macOS"},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge · Windows"},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox · Windows"},
		{"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0", "Opera · Linux"},
		{"Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36", "Samsung Internet · Android"},
		{"Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome · ChromeOS"},
		{"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", "Chrome · Linux"},
		{"Mozilla/5.0 (Windows NT 10.0)", "Windows"},
		{"curl/8.5.0", ""},
		{"", ""},
		{strings.Repeat("x", 600) + " Chrome/131 (Windows)", ""}, // only the first 512 bytes are read
	} {
		if got := BrowserName(c.agent); got != c.want {
			t.Errorf("BrowserName(%.60q) = %q, want %q", c.agent, got, c.want)
		}
	}
}

// TestWithClient: the request's address and agent reach a session opened under its context.
func TestWithClient(t *testing.T) {
	ctx := WithClient(context.Background(), "192.0.2.9", "Mozilla/5.0 (Windows NT 10.0) Firefox/133.0")
	if c := clientOf(ctx); c.ip != "192.0.2.9" || BrowserName(c.userAgent) != "Firefox · Windows" {
		t.Fatalf("client: %+v", c)
	}
	if c := clientOf(context.Background()); c != (client{}) {
		t.Fatalf("no client: %+v", c)
	}
}

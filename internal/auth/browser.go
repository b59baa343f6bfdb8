package auth

import (
	"context"
	"strings"
)

// A session's list ('Mis sesiones', the team's) names each browser sign-in by its browser and
// system ("Chrome · Android"), so a person with a phone and a laptop can tell which to end. The
// name is read from the request's User-Agent when the session opens and stored with it; it is a
// description for people, never a security decision (a client chooses its User-Agent).

// maxAgent bounds how much of a User-Agent is read (the header may be long).
const maxAgent = 512

// browsers are the browser tokens in the order they must be tested: the ones built on Chrome
// or Safari name themselves before the "Chrome/" or "Safari/" they also carry.
var browsers = []struct{ token, name string }{
	{"Edg/", "Edge"}, {"EdgA/", "Edge"}, {"EdgiOS/", "Edge"},
	{"OPR/", "Opera"}, {"SamsungBrowser/", "Samsung Internet"},
	{"FxiOS/", "Firefox"}, {"Firefox/", "Firefox"},
	{"CriOS/", "Chrome"}, {"Chrome/", "Chrome"},
	{"Safari/", "Safari"},
}

// systems are the operating system tokens, tested in order (an iPhone's agent says "like Mac OS
// X", an Android's says "Linux").
var systems = []struct{ token, name string }{
	{"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Android", "Android"}, {"CrOS", "ChromeOS"},
	{"Windows", "Windows"}, {"Macintosh", "macOS"}, {"Mac OS X", "macOS"}, {"Linux", "Linux"},
}

// BrowserName describes the browser and system of userAgent for a list of sessions: "Chrome ·
// Android", "Safari · iPhone", "Windows" when only the system is known; "" when neither is.
func BrowserName(userAgent string) string {
	if len(userAgent) > maxAgent {
		userAgent = userAgent[:maxAgent]
	}
	var browser, system string
	for _, b := range browsers {
		if strings.Contains(userAgent, b.token) {
			browser = b.name
			break
		}
	}
	for _, s := range systems {
		if strings.Contains(userAgent, s.token) {
			system = s.name
			break
		}
	}
	switch {
	case browser != "" && system != "":
		return browser + " · " + system
	case system != "":
		return system
	}
	return browser
}

type clientKey struct{}

// client is the request a session may be opened from: its address and User-Agent.
type client struct{ ip, userAgent string }

// WithClient records in ctx the address and User-Agent of the request (the API does it for the
// requests that may open a session); CreateSession stores them with a session opened under ctx
// when its caller gave none.
func WithClient(ctx context.Context, ip, userAgent string) context.Context {
	return context.WithValue(ctx, clientKey{}, client{ip: ip, userAgent: userAgent})
}

func clientOf(ctx context.Context) client {
	c, _ := ctx.Value(clientKey{}).(client)
	return c
}

package web

import (
	"net/url"
	"strings"
)

// Query is a request's raw query string, read the way url.Values reads it
// (the first value of a key, keys and values unescaped, a pair with a
// semicolon skipped) without building the map: the menu's reads take two
// or three values of it on the hot path (docs/benchmarks.md).
type Query string

// Get is the first value of key ("" when there is none or it does not
// unescape), as url.Values.Get after url.ParseQuery.
func (q Query) Get(key string) string {
	s := string(q)
	for s != "" {
		var pair string
		pair, s, _ = strings.Cut(s, "&")
		if pair == "" || strings.Contains(pair, ";") {
			continue
		}
		k, v, _ := strings.Cut(pair, "=")
		if k != key {
			if !strings.ContainsAny(k, "%+") {
				continue
			}
			var err error
			if k, err = url.QueryUnescape(k); err != nil || k != key {
				continue
			}
		}
		if !strings.ContainsAny(v, "%+") {
			return v
		}
		v, err := url.QueryUnescape(v)
		if err != nil {
			continue
		}
		return v
	}
	return ""
}

package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"time"
)

// gzipMin is the smallest body worth compressing: below it the gzip
// framing eats most of the gain.
const gzipMin = 1024

// body is a response body kept in memory with its gzip encoding, made once
// when the body is cached, so a phone that accepts gzip gets a third of
// the bytes and the server compresses nothing per request.
type body struct {
	raw  []byte
	gz   []byte   // nil when the body is small or does not compress
	etag []string // the ETag header's value: a weak tag of the content
	csp  []string // the Content-Security-Policy of an HTML page, when set
}

func newBody(raw []byte) body {
	sum := sha256.Sum256(raw)
	b := body{raw: raw, etag: []string{`W/"` + hex.EncodeToString(sum[:12]) + `"`}}
	if len(raw) < gzipMin {
		return b
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(raw)
	if zw.Close() == nil && buf.Len() < len(raw)*9/10 {
		b.gz = buf.Bytes()
	}
	return b
}

// pick returns the bytes to send for r and sets the headers that go with
// them: Vary always (caches must keep one copy per encoding), and
// Content-Encoding when the gzip copy is sent.
func (b body) pick(w http.ResponseWriter, r *http.Request) []byte {
	h := w.Header()
	h["Vary"] = varyEncoding
	if b.gz != nil && acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h["Content-Encoding"] = gzipEncoding
		return b.gz
	}
	return b.raw
}

var gzipEncoding = []string{"gzip"}

// serve answers r with the body through http.ServeContent (HEAD, ranges
// and conditional requests: a repeat visit revalidates with the ETag and
// gets a 304); the Content-Type comes from name's extension unless set.
func (b body) serve(w http.ResponseWriter, r *http.Request, name string) {
	w.Header()["Etag"] = b.etag
	if b.csp != nil {
		w.Header()["Content-Security-Policy"] = b.csp
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b.pick(w, r)))
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip (or *)
// with a non-zero quality.
func acceptsGzip(header string) bool {
	ok := false
	for header != "" {
		var part string
		part, header, _ = strings.Cut(header, ",")
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.TrimSpace(coding)
		gzip := strings.EqualFold(coding, "gzip")
		if !gzip && coding != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		allowed := !strings.HasPrefix(q, "q=0") || strings.Trim(strings.TrimPrefix(q, "q="), "0.") != ""
		if gzip { // an explicit gzip entry wins over *
			return allowed
		}
		ok = allowed
	}
	return ok
}

// compressible reports whether a static file of this name is text that
// gzip shrinks (images and video are compressed already).
func compressible(name string) bool {
	for _, ext := range []string{".js", ".css", ".html", ".json", ".svg", ".txt", ".map", ".webmanifest"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

package web

import (
	"crypto/rand"
	"testing"
)

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"":                        false,
		"identity":                false,
		"gzip":                    true,
		"GZIP":                    true,
		"gzip, deflate, br, zstd": true,
		"br;q=1.0, gzip;q=0.8":    true,
		"gzip;q=0":                false,
		"gzip; q=0.000":           false,
		"gzip;q=0.001":            true,
		"*":                       true,
		"*;q=0":                   false,
		"*;q=0, gzip":             true,
		"gzip;q=0, *":             false,
		"deflate, br":             false,
		"x-gzip":                  false,
	} {
		if got := acceptsGzip(header); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", header, got, want)
		}
	}
}

func TestNewBodyCompressesOnlyWhatGains(t *testing.T) {
	if b := newBody([]byte("short")); b.gz != nil {
		t.Fatal("a short body was compressed")
	}
	if b := newBody(make([]byte, 4096)); b.gz == nil || len(b.gz) > 100 {
		t.Fatal("a repetitive body was not compressed")
	}
	random := make([]byte, 4096)
	_, _ = rand.Read(random)
	if b := newBody(random); b.gz != nil || len(b.raw) != 4096 {
		t.Fatal("an incompressible body is kept compressed")
	}
}

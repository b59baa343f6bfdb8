package web

import (
	"net/url"
	"testing"
)

// Query.Get reads a raw query as url.ParseQuery and url.Values.Get do.
func TestQueryGetAsValues(t *testing.T) {
	raws := []string{
		"", "cliente_id=1&idioma=es", "idioma=en&cliente_id=2&cliente_id=3", "cliente%5Fid=4", "cliente_id=%31%32",
		"cliente_id=a+b", "cliente_id=%zz&cliente_id=5", "cliente_id=6;x=1&cliente_id=7", "a=1;cliente_id=8", "cliente_id",
		"cliente_id=&idioma=es", "&&cliente_id=9&", "category_id=C1%20TAPF", "cliente%zz=1&cliente_id=10", "x=%&cliente_id=11",
		"cliente_id==12",
	}
	for _, raw := range raws {
		want, _ := url.ParseQuery(raw)
		for _, k := range []string{"cliente_id", "idioma", "category_id", "missing"} {
			if got := Query(raw).Get(k); got != want.Get(k) {
				t.Errorf("%q: Get(%q) = %q, url.Values has %q", raw, k, got, want.Get(k))
			}
		}
	}
}

func FuzzQueryGetAsValues(f *testing.F) {
	for _, s := range []string{"cliente_id=1&idioma=es", "cliente%5Fid=4", "a=%zz;b&cliente_id=+"} {
		f.Add(s, "cliente_id")
	}
	f.Fuzz(func(t *testing.T, raw, key string) {
		want, _ := url.ParseQuery(raw)
		if got := Query(raw).Get(key); got != want.Get(key) {
			t.Errorf("%q: Get(%q) = %q, url.Values has %q", raw, key, got, want.Get(key))
		}
	})
}

package locale

import (
	"errors"
	"testing"

	"carta/internal/apperr"
)

func TestCountries(t *testing.T) {
	want := map[string][5]string{ // moneda, es, en, zone, tax mode
		"ES": {"EUR", "es-ES", "en-ES", "Europe/Madrid", TaxInclusive},
		"MX": {"MXN", "es-MX", "en-MX", "America/Mexico_City", TaxInclusive},
		"US": {"USD", "es-US", "en-US", "America/New_York", TaxAdded},
	}
	if len(All()) != len(want) {
		t.Fatalf("%d countries", len(All()))
	}
	for _, c := range All() {
		w, ok := want[c.Pais]
		if !ok {
			t.Fatalf("unexpected country %s", c.Pais)
		}
		if got := [5]string{c.Moneda, c.Locale("es"), c.Locale("en"), c.ZonaHoraria, c.TaxMode}; got != w {
			t.Errorf("%s = %v, want %v", c.Pais, got, w)
		}
		if err := c.check(); err != nil {
			t.Error(err)
		}
	}
	if Default() != "US" {
		t.Errorf("default %s", Default())
	}
}

func TestTag(t *testing.T) {
	for _, c := range []struct{ pais, lang, want string }{
		{"ES", "es", "es-ES"}, {"ES", "en", "en-ES"}, {"es", "en-GB", "en-ES"},
		{"MX", "es", "es-MX"}, {"MX", "en", "en-MX"},
		{"US", "es", "es-US"}, {"US", "en", "en-US"},
		{"US", "fr", "es-US"}, // an unknown language: Spanish
		{"", "es", "es-US"},   // no country: the default
		{"ZZ", "en", "en-US"},
	} {
		if got := Tag(c.pais, c.lang); got != c.want {
			t.Errorf("Tag(%q, %q) = %q, want %q", c.pais, c.lang, got, c.want)
		}
	}
}

func TestCheck(t *testing.T) {
	if c, err := Check(""); err != nil || c.Pais != "US" {
		t.Errorf("Check(\"\") = %v, %v", c.Pais, err)
	}
	if c, err := Check(" es "); err != nil || c.Pais != "ES" {
		t.Errorf("Check(es) = %v, %v", c.Pais, err)
	}
	_, err := Check("FR")
	var e *apperr.Error
	if !errors.As(err, &e) || e.Kind != apperr.Invalid {
		t.Fatalf("Check(FR) = %v", err)
	}
	if e.Message("es") != "El país debe ser uno de: ES, MX, US." || e.Message("en") != "The country must be one of: ES, MX, US." {
		t.Errorf("message %q / %q", e.Message("es"), e.Message("en"))
	}
}

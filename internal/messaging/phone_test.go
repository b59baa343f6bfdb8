package messaging

import (
	"errors"
	"testing"
)

func TestPhone(t *testing.T) {
	for _, c := range []struct{ in, country, want string }{
		{"600 111 222", "ES", "+34600111222"},
		{"600-11-12-22", "es", "+34600111222"},
		{"912.345.678", "ES", "+34912345678"},
		{"+34 600 111 222", "ES", "+34600111222"},
		{"0034600111222", "ES", "+34600111222"},
		{"+34600111222", "", "+34600111222"},
		{"55 1234 5678", "MX", "+525512345678"},
		{"044 55 1234 5678", "MX", "+525512345678"},
		{"1 55 1234 5678", "MX", "+525512345678"},
		{"+52 1 55 1234 5678", "MX", "+5215512345678"}, // an international number is kept as given
		{"(212) 555-0123", "US", "+12125550123"},
		{"1 212 555 0123", "US", "+12125550123"},
		{"+1 212 555 0123", "ES", "+12125550123"},
		{" +44 20 7946 0958 ", "US", "+442079460958"},
		{"\u00a0600\u00a0111\u00a0222", "ES", "+34600111222"},
		{"", "ES", ""},
		{"600 111 22", "ES", ""},      // eight digits
		{"500 111 222", "ES", ""},     // not a Spanish prefix
		{"5512345678", "ES", ""},      // a Mexican number read as Spanish
		{"600111222", "US", ""},       // nine digits in the US
		{"112 555 0123", "US", ""},    // area code cannot begin with 1
		{"212 155 0123", "US", ""},    // nor the exchange
		{"600111222", "FR", ""},       // no national plan for other countries
		{"+0034600111222", "ES", ""},  // + then 0
		{"+1234567", "ES", ""},        // too short
		{"+1234567890123456", "", ""}, // 16 digits
		{"600 111 222 ext 4", "ES", ""},
		{"6001+11222", "ES", ""},
		{"++34600111222", "ES", ""},
	} {
		got, err := Phone(c.in, c.country)
		if c.want == "" {
			if !errors.Is(err, ErrPhone) {
				t.Errorf("Phone(%q, %q) = %q, %v; want ErrPhone", c.in, c.country, got, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Phone(%q, %q) = %q, %v; want %q", c.in, c.country, got, err, c.want)
		}
	}
}

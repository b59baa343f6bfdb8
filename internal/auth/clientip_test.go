package auth_test

import (
	"testing"

	"carta/internal/auth"
)

// An IPv4 address is its own block (however it is written); an IPv6 address's block is its /64
// (the network one host is usually given), in one spelling however the
// address was written.
func TestAddressBlock(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.7":                  "203.0.113.7",
		"::ffff:203.0.113.7":           "203.0.113.7",
		"2001:db8:5:6::1":              "2001:db8:5:6::/64",
		"2001:db8:5:6:ffff:1:2:3":      "2001:db8:5:6::/64",
		"2001:0DB8:0005:0006:0000::99": "2001:db8:5:6::/64",
		"2001:db8:5:7::1":              "2001:db8:5:7::/64",
		"::1":                          "::/64",
		"not an address":               "not an address",
		"":                             "",
	} {
		if got := auth.AddressBlock(in); got != want {
			t.Errorf("AddressBlock(%q) = %q, want %q", in, got, want)
		}
	}
}

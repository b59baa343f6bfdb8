package tenant_test

import (
	"errors"
	"testing"

	"carta/internal/tenant"
)

func TestParseClienteID(t *testing.T) {
	for raw, want := range map[string]int64{"1": 1, " 42 ": 42, "9007199254740993": 9007199254740993} {
		if id, err := tenant.ParseClienteID(raw); err != nil || id != want {
			t.Errorf("ParseClienteID(%q) = %d, %v; want %d", raw, id, err, want)
		}
	}
	for _, raw := range []string{"", "0", "-3", "1.5", "abc", "1e3", "99999999999999999999"} {
		if _, err := tenant.ParseClienteID(raw); !errors.Is(err, tenant.ErrClienteID) {
			t.Errorf("ParseClienteID(%q): %v, want ErrClienteID", raw, err)
		}
	}
}

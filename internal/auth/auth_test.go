package auth

import (
	"errors"
	"strings"
	"testing"

	"carta/internal/apperr"
)

func TestPasswordHash(t *testing.T) {
	h, err := HashPassword("s3cret-pass")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$") || strings.Contains(h, "s3cret") {
		t.Fatalf("hash %q", h)
	}
	h2, _ := HashPassword("s3cret-pass")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	if ok, err := CheckPassword(h, "s3cret-pass"); !ok || err != nil {
		t.Fatalf("right password refused: %v", err)
	}
	if ok, _ := CheckPassword(h, "s3cret-pasS"); ok {
		t.Fatal("wrong password accepted")
	}
	if _, err := CheckPassword("plain", "x"); err == nil {
		t.Fatal("malformed hash accepted")
	}
}

func TestTokens(t *testing.T) {
	a, ha, err := NewToken()
	if err != nil {
		t.Fatal(err)
	}
	b, _, _ := NewToken()
	if a == b || len(a) < 40 || ha == a || HashToken(a) != ha {
		t.Fatalf("tokens %q %q hash %q", a, b, ha)
	}
}

func TestCanActOn(t *testing.T) {
	cases := []struct {
		name string
		p    *Principal
		id   int64
		want error
	}{
		{"anonymous", nil, 1, apperr.ErrUnauthorized},
		{"super admin any", &Principal{Role: RoleSuperAdmin}, 2, nil},
		{"own restaurant", &Principal{Role: RoleCliente, ClienteID: 1}, 1, nil},
		{"other restaurant", &Principal{Role: RoleCliente, ClienteID: 1}, 2, apperr.ErrForbidden},
		{"diner", &Principal{Role: RoleUsuario, SubjectID: 1}, 1, apperr.ErrForbidden},
		{"cliente without restaurant", &Principal{Role: RoleCliente}, 0, apperr.ErrForbidden},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.p.CanActOn(c.id); !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
		})
	}
}

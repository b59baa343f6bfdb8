package auth

import (
	"strings"
	"testing"
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

package secrets

import (
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func key(b byte) []byte {
	k := make([]byte, KeySize)
	for i := range k {
		k[i] = b + byte(i)
	}
	return k
}

func TestSealOpen(t *testing.T) {
	box, err := New(key(1))
	if err != nil {
		t.Fatal(err)
	}
	s, err := box.Seal("clover-token-123", "clientes.pos_token:7")
	if err != nil {
		t.Fatal(err)
	}
	if !IsSealed(s) || strings.Contains(s, "clover-token-123") || !box.Current(s) {
		t.Fatalf("sealed %q", s)
	}
	again, _ := box.Seal("clover-token-123", "clientes.pos_token:7")
	if again == s {
		t.Fatal("two seals of one secret are equal (nonce reused)")
	}
	if got, err := box.Open(s, "clientes.pos_token:7"); err != nil || got != "clover-token-123" {
		t.Fatalf("open: %q %v", got, err)
	}
	// Bound to its place: another row or column does not open it.
	if _, err := box.Open(s, "clientes.pos_token:8"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("other place: %v", err)
	}
	// Tampering is detected.
	raw := []byte(s)
	raw[len(raw)-3] ^= 1
	if _, err := box.Open(string(raw), "clientes.pos_token:7"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("tampered: %v", err)
	}
	// Plain text from before sealing passes through; empty stays empty.
	if got, _ := box.Open("legacy-plain", "x"); got != "legacy-plain" {
		t.Fatal(got)
	}
	if s, _ := box.Seal("", "x"); s != "" {
		t.Fatal(s)
	}
}

func TestRotation(t *testing.T) {
	old, _ := New(key(1))
	sealed, _ := old.Seal("secreto", "p")
	rotated, err := New(key(2), key(1))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := rotated.Open(sealed, "p"); err != nil || got != "secreto" {
		t.Fatalf("old value with the previous key: %q %v", got, err)
	}
	if rotated.Current(sealed) {
		t.Fatal("a value of the previous key is current")
	}
	resealed, _ := rotated.Seal("secreto", "p")
	if !rotated.Current(resealed) {
		t.Fatal("a new value is not current")
	}
	onlyNew, _ := New(key(2))
	if _, err := onlyNew.Open(sealed, "p"); !errors.Is(err, ErrUnknownKey) {
		t.Fatalf("dropped key: %v", err)
	}
	var none *Box
	if _, err := none.Seal("x", "p"); !errors.Is(err, ErrNoKey) {
		t.Fatal(err)
	}
}

func TestParseKeys(t *testing.T) {
	a, b := base64.StdEncoding.EncodeToString(key(1)), base64.RawURLEncoding.EncodeToString(key(2))
	keys, err := ParseKeys(" " + a + " , " + b)
	if err != nil || len(keys) != 2 || string(keys[1]) != string(key(2)) {
		t.Fatalf("%v %v", keys, err)
	}
	for _, bad := range []string{"", "not base64!", base64.StdEncoding.EncodeToString([]byte("short"))} {
		if _, err := ParseKeys(bad); err == nil {
			t.Fatalf("%q accepted", bad)
		}
	}
}

func TestFileKey(t *testing.T) {
	file := filepath.Join(t.TempDir(), "keys", "secret.key")
	k1, created, err := FileKey(file)
	if err != nil || !created {
		t.Fatal(err)
	}
	fi, _ := os.Stat(file)
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", fi.Mode())
	}
	k2, created, err := FileKey(file)
	if err != nil || created || k2 != k1 {
		t.Fatalf("second read: %v %v", created, err)
	}
	if _, err := ParseKeys(k1); err != nil {
		t.Fatal(err)
	}
}

func TestSignVerify(t *testing.T) {
	k1, k2 := make([]byte, KeySize), make([]byte, KeySize)
	k2[0] = 1
	old, _ := New(k1)
	rotated, _ := New(k2, k1)
	other, _ := New(k2)
	sig, err := old.Sign("baja", []byte("u1.2.email"))
	if err != nil {
		t.Fatal(err)
	}
	if !old.Verify("baja", []byte("u1.2.email"), sig) || !rotated.Verify("baja", []byte("u1.2.email"), sig) {
		t.Fatal("a signature does not verify with its key")
	}
	for name, ok := range map[string]bool{
		"other message": old.Verify("baja", []byte("u1.3.email"), sig),
		"other purpose": old.Verify("otro", []byte("u1.2.email"), sig),
		"dropped key":   other.Verify("baja", []byte("u1.2.email"), sig),
		"garbage":       old.Verify("baja", []byte("u1.2.email"), "xx"),
		"empty":         old.Verify("baja", []byte("u1.2.email"), ""),
	} {
		if ok {
			t.Errorf("%s verifies", name)
		}
	}
	if _, err := (&Box{}).Sign("baja", nil); err == nil {
		t.Error("a box without keys signs")
	}
}

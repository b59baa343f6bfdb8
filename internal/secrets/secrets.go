// Package secrets seals the short secrets Carta keeps for restaurants
// (point-of-sale tokens, webhook signing secrets) with AES-256-GCM, so the
// database never holds them in plain text. A sealed value names the key
// that sealed it, so keys can be rotated: new values use the current key,
// older ones open with the previous keys until they are sealed again.
package secrets

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// prefix starts every sealed value: "v1:<key id>:<nonce and ciphertext,
// base64url>".
const prefix = "v1:"

// KeySize is the size of a key: AES-256.
const KeySize = 32

// Errors.
var (
	ErrUnknownKey = errors.New("secrets: sealed with a key that is not configured")
	ErrCorrupt    = errors.New("secrets: sealed value is damaged or belongs elsewhere")
	ErrNoKey      = errors.New("secrets: no key configured")
)

// Box seals and opens secrets. The zero Box has no key: it opens nothing
// and seals nothing (ErrNoKey).
type Box struct {
	current string
	aeads   map[string]cipher.AEAD
	macs    map[string][]byte // each key's signing root (Sign)
}

// KeyID names a key in sealed values: the first 8 hex digits of its
// SHA-256 (not enough to guess the key, enough to pick it).
func KeyID(key []byte) string {
	sum := sha256.Sum256(key)
	return hex.EncodeToString(sum[:4])
}

// New returns a box sealing with current and opening with current and
// previous (keys being rotated out).
func New(current []byte, previous ...[]byte) (*Box, error) {
	b := &Box{aeads: map[string]cipher.AEAD{}, macs: map[string][]byte{}}
	for i, k := range append([][]byte{current}, previous...) {
		if len(k) != KeySize {
			return nil, fmt.Errorf("secrets: key %d has %d bytes, want %d", i+1, len(k), KeySize)
		}
		block, err := aes.NewCipher(k)
		if err != nil {
			return nil, err
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, err
		}
		id := KeyID(k)
		if i == 0 {
			b.current = id
		}
		b.aeads[id] = aead
		root := hmac.New(sha256.New, k)
		root.Write([]byte("carta/mac"))
		b.macs[id] = root.Sum(nil)
	}
	return b, nil
}

// ParseKeys reads keys written as base64 (standard or URL alphabet, padded
// or not), separated by commas: the first is the current key.
func ParseKeys(s string) ([][]byte, error) {
	var keys [][]byte
	for i, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		var k []byte
		var err error
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			if k, err = enc.DecodeString(part); err == nil {
				break
			}
		}
		if err != nil {
			return nil, fmt.Errorf("secrets: key %d is not base64", i+1)
		}
		if len(k) != KeySize {
			return nil, fmt.Errorf("secrets: key %d has %d bytes, want %d (openssl rand -base64 32)", i+1, len(k), KeySize)
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return nil, ErrNoKey
	}
	return keys, nil
}

// NewKey returns a random key, base64-encoded.
func NewKey() (string, error) {
	k := make([]byte, KeySize)
	if _, err := rand.Read(k); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(k), nil
}

// FileKey reads the key kept in file (created with a random key, readable
// by the owner only, when it does not exist): the fallback when no key is
// configured, so a demo or a first start works and still seals.
func FileKey(file string) (string, bool, error) {
	b, err := os.ReadFile(file)
	if err == nil {
		return strings.TrimSpace(string(b)), false, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return "", false, err
	}
	k, err := NewKey()
	if err != nil {
		return "", false, err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o750); err != nil {
		return "", false, err
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) { // another process created it meanwhile
		return FileKey(file)
	}
	if err != nil {
		return "", false, err
	}
	defer f.Close()
	if _, err := f.WriteString(k + "\n"); err != nil {
		return "", false, err
	}
	return k, true, f.Sync()
}

// IsSealed reports whether s is a sealed value (anything else in a
// secret's column is plain text from before sealing).
func IsSealed(s string) bool { return strings.HasPrefix(s, prefix) }

// Seal encrypts plain for the place it is stored (bound as additional
// data: a sealed value copied to another row or column does not open). An
// empty secret stays empty.
func (b *Box) Seal(plain, place string) (string, error) {
	if plain == "" {
		return "", nil
	}
	if b == nil || b.current == "" {
		return "", ErrNoKey
	}
	aead := b.aeads[b.current]
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(plain)+aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := aead.Seal(nonce, nonce, []byte(plain), []byte(place))
	return prefix + b.current + ":" + base64.RawURLEncoding.EncodeToString(out), nil
}

// Open decrypts a value sealed for place. Plain text from before sealing
// is returned as it is (sealed values always carry the prefix).
func (b *Box) Open(sealed, place string) (string, error) {
	if !IsSealed(sealed) {
		return sealed, nil
	}
	id, data, ok := strings.Cut(strings.TrimPrefix(sealed, prefix), ":")
	if !ok {
		return "", ErrCorrupt
	}
	if b == nil {
		return "", ErrNoKey
	}
	aead, ok := b.aeads[id]
	if !ok {
		return "", ErrUnknownKey
	}
	raw, err := base64.RawURLEncoding.DecodeString(data)
	if err != nil || len(raw) < aead.NonceSize()+aead.Overhead() {
		return "", ErrCorrupt
	}
	plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], []byte(place))
	if err != nil {
		return "", ErrCorrupt
	}
	return string(plain), nil
}

// CurrentID is the id of the key new values are sealed with.
func (b *Box) CurrentID() string { return b.current }

// Current reports whether sealed uses the current key (rotation seals the
// others again).
func (b *Box) Current(sealed string) bool {
	return strings.HasPrefix(sealed, prefix+b.current+":")
}

// Signing: short values the server hands out and later takes back (a
// diner's unsubscribe link) are signed with HMAC-SHA256 under a key derived
// from the box's keys, one per purpose (a signature for one purpose never
// verifies for another). A signature names its key, so rotating keys keeps
// links signed with a previous key working until that key is dropped.

// macKey is the signing key of purpose derived from the box key id.
func (b *Box) macKey(id, purpose string) []byte {
	k, ok := b.macs[id]
	if !ok {
		return nil
	}
	m := hmac.New(sha256.New, k)
	m.Write([]byte("carta/sign/" + purpose))
	return m.Sum(nil)
}

// Sign returns the signature of msg for purpose: "<key id>.<HMAC-SHA256,
// base64url>".
func (b *Box) Sign(purpose string, msg []byte) (string, error) {
	if b == nil || b.current == "" {
		return "", ErrNoKey
	}
	m := hmac.New(sha256.New, b.macKey(b.current, purpose))
	m.Write(msg)
	return b.current + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil)), nil
}

// Verify reports whether sig is Sign's signature of msg for purpose under
// one of the box's keys (constant time).
func (b *Box) Verify(purpose string, msg []byte, sig string) bool {
	if b == nil {
		return false
	}
	id, enc, ok := strings.Cut(sig, ".")
	if !ok {
		return false
	}
	key := b.macKey(id, purpose)
	got, err := base64.RawURLEncoding.DecodeString(enc)
	if key == nil || err != nil {
		return false
	}
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return hmac.Equal(got, m.Sum(nil))
}

// Package demo is Carta's own hosted checkout for restaurants on the demo
// provider: the checkout URL is Carta's page /demo/checkout/{session_id},
// whose 'Pagar' and 'Rechazar' buttons confirm or decline through the same
// path as a real provider's webhook.
package demo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"carta/internal/checkout"
)

// SessionLife matches Clover's hosted checkout sessions.
const SessionLife = 15 * time.Minute

// Provider creates demo checkout sessions.
type Provider struct {
	BaseURL string // Carta's public URL
	Now     func() time.Time
}

var _ checkout.Provider = (*Provider)(nil)

// Create returns a session whose URL is Carta's demo checkout page.
func (p *Provider) Create(ctx context.Context, r checkout.Request) (checkout.Session, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return checkout.Session{}, err
	}
	now := time.Now
	if p.Now != nil {
		now = p.Now
	}
	id := "demo_cs_" + hex.EncodeToString(b)
	return checkout.Session{ID: id, URL: p.BaseURL + "/demo/checkout/" + id, ExpiresAt: now().Add(SessionLife)}, nil
}

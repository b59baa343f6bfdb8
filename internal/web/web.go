// Package web serves what browsers load: the built React app with its
// client-side routes, text files compressed once and kept in memory, the
// diner menu's pages painted before their JavaScript, the strict
// Content-Security-Policy of every page, and the public menu's cached JSON
// answers (ServeMenu).
package web

import (
	"context"
	"io/fs"

	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/tenant"
)

// Site is the web app and the public menu cache.
type Site struct {
	Menu  *menu.Service
	Media *media.Pipeline
	// Files is the built app (nil serves no UI).
	Files fs.FS
	// Stripe allows Stripe's origins in the app's policy (Stripe is configured).
	Stripe bool
	// OrderingMenu reads a restaurant's online ordering menu, as the
	// ordering page does first (ordering.Service.OnlineMenu): the page's
	// first picture is preloaded with its HTML. Nil: no such hint.
	OrderingMenu func(ctx context.Context, t tenant.Public, lang string) (ordering.OnlineMenu, error)

	cache menuCache
	// menuChunks are the preload links of the diner menu's code (from
	// Vite's manifest), added to the menu pages.
	menuChunks string
	// menuReads are the URL templates of the menu's first API reads.
	menuReads []string
	// viewHints and viewChunks are each publicViews page's reads and the
	// preload links of its code.
	viewHints  []pageHints
	viewChunks []string
	// scripts are the build's inline scripts of the menu's copies.
	scripts map[string]string
	// menuIndex is index.html with its stylesheets inlined, the base of
	// the menu pages (and the first views' of the other public pages).
	menuIndex []byte
	// menuTemplates are the menu's first view (nil: the build has none).
	menuTemplates *menuTemplates
}

// Forget drops what this replica caches of a restaurant's menu state after
// it changed the menu (menu.Service.Changed): the next read sees the new
// version. Other replicas see it in the database within a second or two.
func (s *Site) Forget(clienteID int64) { s.cache.forget(clienteID) }

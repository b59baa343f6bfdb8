package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"carta/internal/store"
)

// spa serves the built web app: files that exist are served as they are
// (hashed assets cached for a year), every other path gets index.html so the
// client-side router can handle it. index.html is never cached.
func (s *Server) spa() http.Handler {
	if s.Web == nil {
		return http.NotFoundHandler()
	}
	index, _ := fs.ReadFile(s.Web, "index.html")
	files := http.FileServerFS(s.Web)
	s.menuChunks = menuChunkPreloads(s.Web, string(index))
	menuIndex := inlineStylesheets(s.Web, index)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if p != "" && p != "index.html" && !strings.HasPrefix(p, ".vite/") {
			if st, err := fs.Stat(s.Web, p); err == nil && !st.IsDir() {
				if strings.HasPrefix(p, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "public, max-age=3600")
				}
				files.ServeHTTP(w, r)
				return
			}
		}
		if index == nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		page := index
		if hints, shell := s.menuHead(r); hints != "" {
			page = bytes.Replace(menuIndex, []byte("</head>"), []byte(hints+"</head>"), 1)
			if shell != "" {
				page = bytes.Replace(page, []byte(`<div id="root">`), []byte(shell+`<div id="root">`), 1)
			}
		}
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(page))
	})
}

// menuPath matches the diner menu's pages and captures the restaurant id.
var menuPath = regexp.MustCompile(`^/(?:menu|clientes/menu|restaurante)/([0-9]+)(?:/menu)?/?$`)

// menuHead returns what the first view of a diner menu page adds to the
// HTML: preload hints (see menuPreloads) and the static promotion copy (see
// promoShell). Both depend only on the restaurant's menu version, so they
// are built once per version and kept with the menu's other responses.
// Other pages, deeper menu views and unavailable menus get nothing.
func (s *Server) menuHead(r *http.Request) (hints, shell string) {
	m := menuPath.FindStringSubmatch(r.URL.Path)
	if m == nil || r.URL.Query().Get("categoria") != "" {
		return "", ""
	}
	id, err := parseClienteID(m[1])
	if err != nil {
		return "", ""
	}
	st, err := s.menuCache.state(r.Context(), s.DB, id)
	if err != nil || st.Estado == store.EstadoSuspendido {
		return "", ""
	}
	key := strconv.FormatInt(id, 10) + "|head"
	if b, ok := s.menuCache.get(key, st.Version); ok {
		hints, shell, _ = strings.Cut(string(b), "\x00")
		return hints, shell
	}
	pops, err := store.ListPopups(r.Context(), s.DB, id)
	if err != nil {
		return "", ""
	}
	set, err := store.GetSettings(r.Context(), s.DB, id)
	if err != nil {
		return "", ""
	}
	var promo *store.Popup
	if len(pops) > 0 && strings.HasPrefix(pops[0].FileType, "image/") && strings.HasPrefix(pops[0].FileURL, "/media/") {
		promo = &pops[0]
	}
	hints = s.menuPreloads(id, promo, set.Logo)
	if promo != nil {
		shell = s.promoShell(r.Context(), id, *promo)
	}
	s.menuCache.put(key, st.Version, []byte(hints+"\x00"+shell))
	return hints, shell
}

// menuPreloads returns <link rel=preload> hints for a diner menu page: the
// promotion's image (the largest paint on a first visit) first and at high
// priority, the menu's code, the settings, categories and popups calls the
// app makes first, and the logo. The browser fetches them while it is
// still loading the JavaScript, which saves round trips on a phone's slow
// network.
func (s *Server) menuPreloads(id int64, promo *store.Popup, logo string) string {
	var b strings.Builder
	if promo != nil {
		fmt.Fprintf(&b, `<link rel="preload" as="image" fetchpriority="high" href="%s">`, html.EscapeString(promo.FileURL))
	}
	b.WriteString(s.menuChunks)
	for _, api := range []string{"configuraciones?cliente_id=%d", "categories?cliente_id=%d&amp;idioma=es", "popups?cliente_id=%d"} {
		fmt.Fprintf(&b, `<link rel="preload" as="fetch" crossorigin href="/api/`+api+`">`, id)
	}
	if strings.HasPrefix(logo, "/media/") {
		fmt.Fprintf(&b, `<link rel="preload" as="image" href="%s">`, html.EscapeString(logo))
	}
	return b.String()
}

// manifestChunk is one entry of Vite's build manifest.
type manifestChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	CSS     []string `json:"css"`
	IsEntry bool     `json:"isEntry"`
}

// menuChunkPreloads reads Vite's manifest and returns modulepreload and
// stylesheet preload links for the diner menu's lazy route modules (with
// everything they import) and the Spanish messages, so the browser fetches
// them in parallel with the entry instead of one after the other.
func menuChunkPreloads(web fs.FS, index string) string {
	raw, err := fs.ReadFile(web, ".vite/manifest.json")
	if err != nil {
		return ""
	}
	var m map[string]manifestChunk
	if json.Unmarshal(raw, &m) != nil {
		return ""
	}
	seen := map[string]bool{}
	var b strings.Builder
	var walk func(key string)
	walk = func(key string) {
		c, ok := m[key]
		if !ok || seen[key] || c.IsEntry {
			return
		}
		seen[key] = true
		if strings.Contains(index, c.File) { // already loaded by index.html
			return
		}
		for _, imp := range c.Imports {
			walk(imp)
		}
		fmt.Fprintf(&b, `<link rel="modulepreload" crossorigin href="/%s">`, html.EscapeString(c.File))
		for _, css := range c.CSS {
			fmt.Fprintf(&b, `<link rel="preload" as="style" crossorigin href="/%s">`, html.EscapeString(css))
		}
	}
	for _, k := range []string{"src/features/menu/routes/MenuPage.tsx", "src/i18n/locales/es.json"} {
		walk(k)
	}
	return b.String()
}

// promoShell returns, for the first view of a diner menu with an active
// image promotion, a static copy of the promotion popup painted with the
// HTML, before any JavaScript: the promotion is usually the largest thing a
// diner sees on a first visit, and a phone on a slow network would
// otherwise wait for the code to see it. An inline script removes the copy
// at once when the browser's stored state says the popup stays closed (the
// same rule as the app: same popup and closed before). The app removes it
// when its own popup has rendered (web/src/features/menu/lib/shell.ts); it
// takes no clicks, is hidden from assistive technology, and goes away by
// itself after 8 s if the app never starts.
func (s *Server) promoShell(ctx context.Context, id int64, p store.Popup) string {
	if s.Media == nil {
		return ""
	}
	w, h, err := s.Media.ImageSize(ctx, p.FileURL)
	if err != nil {
		return ""
	}
	// The app's stored copy: JSON.stringify({id, name, file_url, file_type}).
	var data bytes.Buffer
	enc := json.NewEncoder(&data)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(struct {
		ID       int64  `json:"id"`
		Name     string `json:"name"`
		FileURL  string `json:"file_url"`
		FileType string `json:"file_type"`
	}{p.ID, p.Name, p.FileURL, p.FileType})
	stored, _ := json.Marshal(strings.TrimSuffix(data.String(), "\n")) // a JS string literal, <>& escaped
	title := p.Name
	if strings.TrimSpace(title) == "" {
		title = "Promoción"
	}
	return fmt.Sprintf(`<style>#menu-shell{position:fixed;inset:0;z-index:40;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;padding:1rem;pointer-events:none}`+
		`#menu-shell>div{background:#fff;border-radius:12px;width:100%%;max-width:480px;padding:.75rem;font-family:system-ui,sans-serif}`+
		`#menu-shell p{display:flex;align-items:center;min-height:44px;margin:0 0 .5rem;font-size:1.15rem;font-weight:700}`+
		`#menu-shell p::after{content:attr(data-t)}#menu-shell img{display:block;width:100%%;height:auto;max-height:70vh;object-fit:contain;border-radius:8px}</style>`+
		`<div id="menu-shell" aria-hidden="true"><div><p data-t="%s"></p><img src="%s" width="%d" height="%d" alt="" decoding="async" fetchpriority="high"></div></div>`+
		`<script>(function(){var e=document.getElementById("menu-shell");try{var s=localStorage;if(s.getItem("popup_data_%d")===%s&&s.getItem("popup_closed_%d")==="true"){e.remove();return}}catch(x){}setTimeout(function(){e.remove()},8000)})()</script>`,
		html.EscapeString(title), html.EscapeString(p.FileURL), w, h, id, stored, id)
}

var stylesheetLink = regexp.MustCompile(`<link rel="stylesheet" crossorigin href="/(assets/[^"]+\.css)">`)

// inlineStylesheets returns index.html with its stylesheets inlined, for
// the diner menu's pages: with no stylesheet to fetch, a phone paints the
// page (and the promotion copy) as soon as the HTML arrives instead of a
// round trip later. Staff pages keep the cacheable links.
func inlineStylesheets(web fs.FS, index []byte) []byte {
	return stylesheetLink.ReplaceAllFunc(index, func(link []byte) []byte {
		m := stylesheetLink.FindSubmatch(link)
		css, err := fs.ReadFile(web, string(m[1]))
		if err != nil || bytes.Contains(css, []byte("</")) {
			return link
		}
		return append(append([]byte("<style>"), css...), "</style>"...)
	})
}

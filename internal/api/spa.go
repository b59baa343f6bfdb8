package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"path"
	"regexp"
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
		if hints := s.menuPreloads(r); hints != "" {
			page = bytes.Replace(index, []byte("</head>"), []byte(hints+"</head>"), 1)
		}
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(page))
	})
}

// menuPath matches the diner menu's pages and captures the restaurant id.
var menuPath = regexp.MustCompile(`^/(?:menu|clientes/menu|restaurante)/([0-9]+)(?:/menu)?/?$`)

// menuPreloads returns <link rel=preload> hints for a diner menu page: the
// settings, categories and popups calls the app makes first, and the images
// of the logo, the promotion and the first category cards (the largest
// paint). The browser
// fetches them while it is still loading the JavaScript, which saves a round
// trip on a phone's slow network. Other pages get none.
func (s *Server) menuPreloads(r *http.Request) string {
	m := menuPath.FindStringSubmatch(r.URL.Path)
	if m == nil || r.URL.Query().Get("categoria") != "" {
		return ""
	}
	id, err := parseClienteID(m[1])
	if err != nil {
		return ""
	}
	st, err := s.menuCache.state(r.Context(), s.DB, id)
	if err != nil || st.Estado == store.EstadoSuspendido {
		return ""
	}
	var b strings.Builder
	b.WriteString(s.menuChunks)
	fmt.Fprintf(&b, `<link rel="preload" as="fetch" crossorigin href="/api/configuraciones?cliente_id=%d">`, id)
	fmt.Fprintf(&b, `<link rel="preload" as="fetch" crossorigin href="/api/categories?cliente_id=%d&amp;idioma=es">`, id)
	img := func(u string) {
		if strings.HasPrefix(u, "/media/") {
			fmt.Fprintf(&b, `<link rel="preload" as="image" href="%s">`, html.EscapeString(u))
		}
	}
	if set, err := store.GetSettings(r.Context(), s.DB, id); err == nil {
		img(set.Logo)
	}
	// The promotion popup opens on a first visit and is often the largest paint.
	fmt.Fprintf(&b, `<link rel="preload" as="fetch" crossorigin href="/api/popups?cliente_id=%d">`, id)
	if pops, err := store.ListPopups(r.Context(), s.DB, id); err == nil && len(pops) > 0 && strings.HasPrefix(pops[0].FileType, "image/") {
		img(pops[0].FileURL)
	}
	if cats, err := store.ListCategorias(r.Context(), s.DB, id, "es"); err == nil {
		for i, c := range cats {
			if i == 2 {
				break
			}
			img(c.ImagePath)
		}
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

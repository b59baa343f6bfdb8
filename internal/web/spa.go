package web

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
	"sync"

	"carta/internal/clientes"
	"carta/internal/menu"
	"carta/internal/tenant"
)

// Handler serves the built web app: files that exist are served as they
// are (hashed assets cached for a year, text files gzip-compressed once and
// kept in memory), missing files are 404s, and every other path gets
// index.html so the client-side router can handle it (the diner menu's
// pages their own, see menuPage). index.html is never cached.
func (s *Site) Handler() http.Handler {
	if s.Files == nil {
		return http.NotFoundHandler()
	}
	index, _ := fs.ReadFile(s.Files, "index.html")
	files := http.FileServerFS(s.Files)
	s.menuIndex = inlineStylesheets(s.Files, index)
	s.menuTemplates = loadMenuTemplates(s.Files)
	built := readFirstViews(s.Files)
	if built == nil {
		built = &firstViews{}
	}
	s.scripts = built.Scripts
	s.menuReads = built.Pages["menu"].Reads
	s.menuChunks = chunkPreloads(s.Files, string(index), built.Pages["menu"].Modules...)
	s.viewHints = make([]pageHints, len(publicViews))
	s.viewChunks = make([]string, len(publicViews))
	for i, v := range publicViews {
		s.viewHints[i] = built.Pages[v.page]
		s.viewChunks[i] = chunkPreloads(s.Files, string(index), built.Pages[v.page].Modules...)
	}
	indexBody := newBody(index)
	indexBody.csp = []string{appCSP(s.Stripe)}
	var texts sync.Map // path → body: the compressible static files served so far
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if p != "" && p != "index.html" && !strings.HasPrefix(p, ".vite/") {
			if st, err := fs.Stat(s.Files, p); err == nil && !st.IsDir() {
				if strings.HasPrefix(p, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "public, max-age=3600")
				}
				if !compressible(p) {
					files.ServeHTTP(w, r)
					return
				}
				b, ok := texts.Load(p)
				if !ok {
					raw, err := fs.ReadFile(s.Files, p)
					if err != nil {
						files.ServeHTTP(w, r)
						return
					}
					b, _ = texts.LoadOrStore(p, newBody(raw))
				}
				b.(body).serve(w, r, p)
				return
			}
		}
		if index == nil || (path.Ext(p) != "" && p != "index.html") {
			// A missing file (a stale chunk after a deploy, favicon.ico) is
			// a 404, not the app's HTML under a script's name.
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		page, ok := s.menuPage(r)
		if !ok {
			page, ok = s.firstView(w, r)
		}
		if !ok {
			page = indexBody
		}
		page.serve(w, r, "index.html")
	})
}

// menuPath matches the diner menu's pages and captures the restaurant id.
var menuPath = regexp.MustCompile(`^/(?:menu|clientes/menu|restaurante)/([0-9]+)(?:/menu)?/?$`)

// menuPage returns the HTML of the first view of a diner menu page, built
// for a phone on a slow network (see buildMenuPage). It depends only on the
// restaurant's menu version, so it is built once per version and kept,
// compressed, with the menu's other responses. Other pages, deeper menu
// views and unavailable menus get the plain index.html (ok false).
func (s *Site) menuPage(r *http.Request) (body, bool) {
	m := menuPath.FindStringSubmatch(r.URL.Path)
	if m == nil || r.URL.Query().Get("categoria") != "" {
		return body{}, false
	}
	id, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil || id <= 0 {
		return body{}, false
	}
	// The painted copy is the page the app renders for /menu/{id} (the
	// diner shell around MenuPage, see web/src/first-view/render.tsx);
	// /restaurante/{id} renders another page (the diner's restaurant
	// page) and gets none.
	withFirstView := !strings.HasPrefix(r.URL.Path, "/restaurante/")
	key := "page"
	if !withFirstView {
		key = "page-r"
	}
	return s.cachedPage(r.Context(), id, key, func() ([]byte, error) { return s.buildMenuPage(r.Context(), id, withFirstView) })
}

// cachedPage answers a restaurant's public page built by build, once per
// menu version and kept, compressed, with the menu's other responses;
// unknown and suspended restaurants, and failed builds, get the plain
// index.html (ok false).
func (s *Site) cachedPage(ctx context.Context, id int64, key string, build func() ([]byte, error)) (body, bool) {
	st, err := s.cache.state(ctx, s.Menu.DB, id)
	if err != nil || st.Estado == clientes.EstadoSuspendido {
		return body{}, false
	}
	key = strconv.FormatInt(id, 10) + "|" + key
	if b, ok := s.cache.get(key, st.Version); ok {
		return b, true
	}
	page, err := build()
	if err != nil {
		return body{}, false
	}
	b := newBody(page)
	b.csp = []string{pageCSP(page)}
	return s.cache.put(key, st.Version, b), true
}

// buildMenuPage returns index.html for a diner menu: stylesheets inlined
// (see inlineStylesheets), preload hints for what the menu needs first
// (see menuPreloads) and, when the restaurant has an image promotion, a
// static copy of it painted with the HTML (see promoShell). With the
// promotion on screen first, the app's code starts once its image has
// painted: on a slow link the image would otherwise share the bandwidth
// with the code and the diner would wait longer for the first thing they see.
func (s *Site) buildMenuPage(ctx context.Context, id int64, withFirstView bool) ([]byte, error) {
	t := tenant.PublicMenu(id)
	pops, err := s.Menu.Popups(ctx, t, "es")
	if err != nil {
		return nil, err
	}
	set, err := s.Menu.Settings(ctx, t)
	if err != nil {
		return nil, err
	}
	var promo *menu.Popup
	if len(pops) > 0 && strings.HasPrefix(pops[0].FileType, "image/") && strings.HasPrefix(pops[0].FileURL, "/media/") {
		promo = &pops[0]
	}
	cats, err := s.Menu.Categories(ctx, t, "es")
	if err != nil {
		return nil, err
	}
	var firstRow []string
	for _, c := range cats {
		if len(firstRow) == menuFirstRow {
			break
		}
		firstRow = append(firstRow, c.ImagePath)
	}
	hints := s.menuPreloads(id, set.Logo, firstRow)
	// With a copy on screen first (the promotion's, the categories'), the
	// code's tags leave the head; a copy's script adds them once its
	// pictures have painted.
	page, code, entry := s.menuIndex, "", ""
	if promo != nil || withFirstView {
		page, code, entry = splitCode(s.menuIndex)
	}
	var shell string
	if promo != nil && entry != "" {
		shell = s.promoShell(ctx, id, *promo, code+hints, entry)
	}
	var first string
	if withFirstView {
		first = s.menuTemplates.menuFirstView(id, set, cats, shell != "")
	}
	var script string
	switch {
	case shell != "":
		hints = fmt.Sprintf(`<link rel="preload" as="image" fetchpriority="high" href="%s">`, html.EscapeString(promo.FileURL))
		if first != "" {
			if script = s.firstViewScript("", ""); script == "" { // the promotion's copy starts the code
				first = ""
			}
			first += script
		}
	case first != "" && entry != "":
		script = s.firstViewScript(code+hints, entry)
		if script != "" {
			first += script
			hints = preloadHints(id, nil, set.Logo, firstRow)
			break
		}
		fallthrough
	default: // no copy after all: the code starts as usual
		page, first = s.menuIndex, ""
		if promo != nil {
			hints = fmt.Sprintf(`<link rel="preload" as="image" fetchpriority="high" href="%s">`, html.EscapeString(promo.FileURL)) + hints
		}
	}
	page = bytes.Replace(page, []byte("</head>"), []byte(hints+"</head>"), 1)
	if shell+first != "" {
		page = bytes.Replace(page, []byte(`<div id="root">`), []byte(shell+first+`<div id="root">`), 1)
	}
	return page, nil
}

// splitCode takes the tags that load the app's code out of index.html:
// the page without them, the modulepreload links, and the entry module.
func splitCode(index []byte) (page []byte, code, entry string) {
	var b strings.Builder
	page = codeTag.ReplaceAllFunc(index, func(tag []byte) []byte {
		if m := codeTag.FindSubmatch(tag); len(m[1]) > 0 {
			entry = string(m[1])
		} else {
			b.Write(bytes.TrimSpace(tag))
		}
		return nil
	})
	return page, b.String(), entry
}

// codeTag matches the tags of index.html that load the app's code: the
// entry module (its src captured) and Vite's modulepreload links.
var codeTag = regexp.MustCompile(`\s*(?:<script type="module" crossorigin src="(/assets/[^"]+)"></script>|<link rel="modulepreload" crossorigin href="/assets/[^"]+">)`)

// menuFirstRow is how many category pictures the menu's first row shows
// on a phone (FIRST_ROW in web/src/features/menu/components/MenuViews.tsx).
const menuFirstRow = 2

// menuPreloads returns <link rel=preload> hints for a diner menu page: the
// menu's code, the settings, categories and popups calls the app makes
// first, the logo and the pictures of the categories' first row (images).
// The browser fetches them while it is still loading the JavaScript, which
// saves round trips on a phone's slow network: without a promotion, a
// first-row picture is the largest paint.
func (s *Site) menuPreloads(id int64, logo string, images []string) string {
	return s.menuChunks + preloadHints(id, s.menuReads, logo, images)
}

// preloadHints returns <link rel=preload> hints for a restaurant's page:
// its first API reads (the build's URL templates, see pageHints: the
// restaurant is their slot cartaslotcliente), its logo and its first pictures.
func preloadHints(id int64, reads []string, logo string, images []string) string {
	var b strings.Builder
	for _, read := range reads {
		url := strings.ReplaceAll(read, "cartaslotcliente", strconv.FormatInt(id, 10))
		fmt.Fprintf(&b, `<link rel="preload" as="fetch" crossorigin href="%s">`, html.EscapeString(url))
	}
	if strings.HasPrefix(logo, "/media/") {
		fmt.Fprintf(&b, `<link rel="preload" as="image" href="%s">`, html.EscapeString(logo))
	}
	for _, img := range images {
		if strings.HasPrefix(img, "/media/") {
			fmt.Fprintf(&b, `<link rel="preload" as="image" fetchpriority="high" href="%s">`, html.EscapeString(img))
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

// chunkPreloads reads Vite's manifest and returns modulepreload links for
// the given modules (a page's lazy route module, the Spanish messages) with
// everything they import, so the browser fetches them in parallel with the
// entry instead of one after the other; their stylesheets come inlined
// (inlineStylesheets): parsed with the page instead of fetched, added and
// waited for by the app when it loads the route (Vite's loader of lazy
// chunks skips a stylesheet whose link is on the page, disabled or not).
func chunkPreloads(web fs.FS, index string, modules ...string) string {
	m := readManifest(web)
	if m == nil {
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
			if seen[css] || strings.Contains(index, css) {
				continue
			}
			seen[css] = true
			link := fmt.Sprintf(`<link rel="stylesheet" crossorigin href="/%s">`, html.EscapeString(css))
			b.Write(inlineStylesheets(web, []byte(link)))
		}
	}
	for _, k := range modules {
		walk(k)
	}
	return b.String()
}

// readManifest reads Vite's build manifest (nil without one).
func readManifest(web fs.FS) map[string]manifestChunk {
	raw, err := fs.ReadFile(web, ".vite/manifest.json")
	if err != nil {
		return nil
	}
	var m map[string]manifestChunk
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	return m
}

// publicView is a public page of a restaurant other than the menu whose
// first view the server helps: its stylesheets inlined, and preload hints
// for its route's code and the API reads it makes first (the build's
// pageHints under the name page: the URLs exactly as the app asks them),
// so a phone on a slow network fetches them while the entry script loads.
type publicView struct {
	// path matches the page and captures the restaurant id and, for a
	// table's page, the table's printed code.
	path *regexp.Regexp
	page string // its name in the build's pages (web/src/first-view/manifest.ts)
	// pictures returns the page's first pictures (nil: none known), the
	// largest paint of a phone's first screen, preloaded with the HTML
	// instead of found once the code has rendered the page.
	pictures func(s *Site, ctx context.Context, id int64) []string
}

var publicViews = []publicView{
	{path: regexp.MustCompile(`^/cava/([0-9]+)/?$`), page: "cava"},
	{path: regexp.MustCompile(`^/ordenar-en-linea/([0-9]+)/?$`), page: "ordering", pictures: (*Site).orderingPictures},
	// A table's printed QR: its landing looks the table up and shows the
	// ordering page in table mode. The code's form is the one
	// ordering.tableByCode accepts; another gets the plain index.html.
	{path: regexp.MustCompile(`^/mesa/([0-9]+)/([A-Za-z0-9_-]{16,64})/?$`), page: "table", pictures: (*Site).orderingPictures},
}

// codeSlot is the table code's slot in a read's URL template. Such a read
// is the URL's own, not the restaurant's: it is preloaded by a Link header
// sent with the page (tableReads), and the page itself stays one per
// restaurant.
const codeSlot = "cartaslotcodigo"

// tableReads returns the Link header that preloads the reads among reads
// that carry the table's code, filled with id and code ("" when none does).
// The code matched publicView.path, so it needs no escaping in a URL.
func tableReads(id int64, code string, reads []string) string {
	var links []string
	for _, read := range reads {
		if strings.Contains(read, codeSlot) {
			url := strings.ReplaceAll(strings.ReplaceAll(read, "cartaslotcliente", strconv.FormatInt(id, 10)), codeSlot, code)
			links = append(links, "<"+url+">; rel=preload; as=fetch; crossorigin")
		}
	}
	return strings.Join(links, ", ")
}

// restaurantReads returns reads without those that carry a table's code.
func restaurantReads(reads []string) []string {
	out := make([]string, 0, len(reads))
	for _, read := range reads {
		if !strings.Contains(read, codeSlot) {
			out = append(out, read)
		}
	}
	return out
}

// orderingFirstPictures is how many product pictures the ordering page's
// first screen shows on a phone (EAGER_PICTURES in
// web/src/features/ordering/routes/OrderOnlinePage.tsx).
const orderingFirstPictures = 1

// orderingPictures returns the pictures of the first products the ordering
// page shows (its first category's), nil when it has none or the menu
// cannot be read (the page then reports it itself).
func (s *Site) orderingPictures(ctx context.Context, id int64) []string {
	if s.OrderingMenu == nil {
		return nil
	}
	m, err := s.OrderingMenu(ctx, tenant.PublicMenu(id), "es")
	if err != nil || len(m.Categorias) == 0 {
		return nil
	}
	var out []string
	for _, p := range m.Categorias[0].Productos {
		if len(out) == orderingFirstPictures {
			break
		}
		out = append(out, p.ImagePath)
	}
	return out
}

// firstView returns the HTML of such a page, built once per menu version
// (the restaurant's public data) and kept with the menu's responses; the
// reads of a table's page that carry its code are preloaded by a Link
// header set on w. Unknown and suspended restaurants get the plain
// index.html (ok false).
func (s *Site) firstView(w http.ResponseWriter, r *http.Request) (body, bool) {
	for i, v := range publicViews {
		m := v.path.FindStringSubmatch(r.URL.Path)
		if m == nil {
			continue
		}
		id, err := strconv.ParseInt(m[1], 10, 64)
		if err != nil || id <= 0 {
			return body{}, false
		}
		page, ok := s.cachedPage(r.Context(), id, "view"+strconv.Itoa(i), func() ([]byte, error) {
			set, err := s.Menu.Settings(r.Context(), tenant.PublicMenu(id))
			if err != nil {
				return nil, err
			}
			var pictures []string
			if v.pictures != nil {
				pictures = v.pictures(s, r.Context(), id)
			}
			hints := s.viewChunks[i] + preloadHints(id, restaurantReads(s.viewHints[i].Reads), set.Logo, pictures)
			return bytes.Replace(s.menuIndex, []byte("</head>"), []byte(hints+"</head>"), 1), nil
		})
		if ok && len(m) > 2 {
			if links := tableReads(id, m[2], s.viewHints[i].Reads); links != "" {
				w.Header().Set("Link", links)
			}
		}
		return page, ok
	}
	return body{}, false
}

// promoShell returns, for the first view of a diner menu with an active
// image promotion, a static copy of the promotion popup painted with the
// HTML, before any JavaScript: the promotion is usually the largest thing a
// diner sees on a first visit, and a phone on a slow network would
// otherwise wait for the code to see it. Its inline script
// (web/src/first-view/scripts/promotion.ts) starts the app: it adds code
// (the preload links) and the entry module once the image has painted,
// failed, or after a bound at the latest, and lets the categories' first
// view set its waiting pictures then (see firstViewScript). It removes the
// copy and starts the app at once when the browser's stored state says the
// popup stays closed (the app's own rule, on the same popup). The app
// removes the copy in the frame its own popup shows (its decision made and
// the app no longer hidden behind the categories' first view:
// PromoPopup.tsx, web/src/lib/first-view.ts); it takes no clicks, is hidden
// from assistive technology, and goes away by itself after 8 s if the app
// never starts. "" when the build has no such script.
func (s *Site) promoShell(ctx context.Context, id int64, p menu.Popup, code, entry string) string {
	if s.Media == nil {
		return ""
	}
	w, h, err := s.Media.ImageSize(ctx, p.FileURL)
	if err != nil {
		return ""
	}
	// The arguments of the script (PromotionArgs): the popup as the app
	// reads it from GET /api/popups, with the fields it compares.
	script := fillScript(s.scripts[scriptPromotion], struct {
		codeArgs
		Cliente string     `json:"cliente"`
		Popup   promoPopup `json:"popup"`
	}{codeArgs{Code: code, Entry: entry}, strconv.FormatInt(id, 10), promoPopup{p.ID, p.Name, p.FileURL, p.FileType}})
	if script == "" {
		return ""
	}
	title := p.Name
	if strings.TrimSpace(title) == "" {
		title = "Promoción"
	}
	return fmt.Sprintf(`<style>#menu-shell{position:fixed;inset:0;z-index:40;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;padding:1rem;pointer-events:none}`+
		`#menu-shell>div{background:#fff;border-radius:12px;width:100%%;max-width:480px;padding:.75rem;font-family:system-ui,sans-serif}`+
		`#menu-shell p{display:flex;align-items:center;min-height:44px;margin:0 0 .5rem;font-size:1.15rem;font-weight:700}`+
		`#menu-shell p::after{content:attr(data-t)}#menu-shell img{display:block;width:100%%;height:auto;max-height:70vh;object-fit:contain;border-radius:8px}</style>`+
		`<div id="menu-shell" aria-hidden="true"><div><p data-t="%s"></p><img src="%s" width="%d" height="%d" alt="" decoding="async" fetchpriority="high"></div></div>%s`,
		html.EscapeString(title), html.EscapeString(p.FileURL), w, h, script)
}

// promoPopup is a popup as GET /api/popups answers it (the fields the
// app's serializePopup keeps).
type promoPopup struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	FileURL  string `json:"file_url"`
	FileType string `json:"file_type"`
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
		// The disabled link is never fetched; it tells Vite's loader of lazy
		// chunks that the stylesheet is on the page already.
		return append(append(append([]byte("<style>"), css...), "</style>"...), bytes.ReplaceAll(link, []byte(">"), []byte(" disabled>"))...)
	})
}

package web

import (
	"encoding/json"
	"errors"
	"html"
	"io/fs"
	"regexp"
	"strconv"
	"strings"

	"carta/internal/menu"
)

// The diner menu's first view painted by the server: the categories as the
// app shows them, in the HTML, so a phone paints them (and their first
// row's pictures, the largest paint) before any JavaScript has arrived.
//
// The markup is not written here: the build renders the app's own
// MenuScreen with React's server renderer, with slots (cartaslot…) in
// place of the data (web/src/first-view/render.tsx, and
// web/scripts/first-views.mjs, which writes the templates to
// .vite/first-views.json). The server fills the slots from the menu it
// reads for the page anyway, escaping every value; what it computes itself
// is only what the app computes from the settings: the card style
// (cardStyle) and the pictures' URLs (mediaURL). The inline scripts of the
// menu's copies, the browser-storage keys they read and the URLs of the
// pages' first reads come from the build too (firstViews): the server
// fills their slots. The app renders into
// #root and removes the copy (#first-view) in the commit where its own
// categories appear (useFirstViewTakeover in
// web/src/features/menu/lib/shell.ts).

// firstViews is what web/scripts/first-views.mjs writes to
// .vite/first-views.json: besides the menu's templates, the inline scripts
// of the menu's copies (bundled from web/src/first-view/scripts, each with
// at most one slot, cartaslotargs, filled by fillScript), the
// browser-storage keys those scripts read (the server names none:
// ownership_test.go), and per public page the route's modules and the URL
// templates of its first API reads (web/src/first-view/manifest.ts).
type firstViews struct {
	Menu        menuTemplates        `json:"menu"`
	Scripts     map[string]string    `json:"scripts"`
	StorageKeys []string             `json:"storageKeys"`
	Pages       map[string]pageHints `json:"pages"`
}

// pageHints are a public page's preloads: the route's modules (keys of
// Vite's manifest) and its first API reads, URLs with the restaurant as
// the slot cartaslotcliente, exactly as the app asks them.
type pageHints struct {
	Modules []string `json:"modules"`
	Reads   []string `json:"reads"`
}

// The inline scripts of the build (firstViews.Scripts).
const (
	scriptFirstView      = "firstView"               // after the first view, which starts the code
	scriptUnderPromotion = "firstViewUnderPromotion" // after the first view, under the promotion's copy
	scriptPromotion      = "promotion"               // the promotion's copy
)

// readFirstViews reads the build's first views (nil when it has none).
func readFirstViews(web fs.FS) *firstViews {
	raw, err := fs.ReadFile(web, ".vite/first-views.json")
	if err != nil {
		return nil
	}
	var v firstViews
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	return &v
}

// menuTemplates are the templates of the menu's first view.
type menuTemplates struct {
	// Pages, by "LNB" (1 or 0: logo, restaurant name, background present),
	// hold the page around the category cards (slot cartaslotitems).
	Pages map[string]string `json:"pages"`
	// Cards, by position and picture ("01": the first card, with a
	// picture); position FirstRow-1 serves every later card.
	Cards    map[string]string `json:"cards"`
	FirstRow int               `json:"firstRow"`
}

// loadMenuTemplates reads the templates from the built app (nil when it
// has none: the menu is served without a first view).
func loadMenuTemplates(web fs.FS) *menuTemplates {
	v := readFirstViews(web)
	if v == nil || len(v.Menu.Pages) != 8 || v.Menu.FirstRow < 1 {
		return nil
	}
	return &v.Menu
}

// argsSlot is the slot of an inline script's arguments.
const argsSlot = "cartaslotargs"

// fillScript returns the build's inline script tpl as a <script> element,
// its slot filled with args as a JSON object ("" without the script).
// json.Marshal escapes <, > and & (and U+2028, U+2029), so no value can
// end the element. The page's policy allows it by its hash (pageCSP).
func fillScript(tpl string, args any) string {
	if tpl == "" {
		return ""
	}
	if args != nil {
		b, err := json.Marshal(args)
		if err != nil || strings.Count(tpl, argsSlot) != 1 {
			return ""
		}
		tpl = strings.Replace(tpl, argsSlot, string(b), 1)
	}
	return "<script>" + tpl + "</script>"
}

// codeArgs are the arguments of a script that starts the app's code
// (CodeArgs in web/src/first-view/scripts/start.ts).
type codeArgs struct {
	Code  string `json:"code"`  // the preload links (HTML)
	Entry string `json:"entry"` // the entry module
}

// slot matches the templates' slots.
var slot = regexp.MustCompile(`cartaslot[a-z]+`)

var errSlot = errors.New("web: first view template with an unknown slot")

// fill replaces the slots of tpl with the HTML-escaped values (raw: the
// values that are markup already). Every value lands in text or in a
// double-quoted attribute, where escaping is enough. A slot without a
// value is an error (the template and this code disagree).
func fill(tpl string, values map[string]string, raw map[string]string) (string, error) {
	var err error
	out := slot.ReplaceAllStringFunc(tpl, func(s string) string {
		if v, ok := raw[s]; ok {
			return v
		}
		v, ok := values[s]
		if !ok {
			err = errSlot
			return ""
		}
		return html.EscapeString(v)
	})
	return out, err
}

// menuFirstView returns the server-painted categories of a restaurant's
// menu (its settings and Spanish categories) inside #first-view, or ""
// when there is nothing to paint (no templates, no categories) or the
// templates do not fit.
//
// Only the pictures of the largest paint load with the HTML; the others
// wait, their URL in data-src (the background in #first-view's data-bg),
// for the first view's script to set (see firstViewScript): on a phone's
// slow link they would otherwise share the bandwidth with it. Without
// later, the largest paint is the first row of categories: the logo and
// the first row load at once, the later categories' pictures and the
// background once the first row has painted. With later, the largest paint
// is the promotion's copy: every picture waits for the promotion's image.
func (t *menuTemplates) menuFirstView(id int64, set menu.Settings, cats []menu.Categoria, later bool) string {
	if t == nil || len(cats) == 0 {
		return ""
	}
	wait := func(s string) string { return strings.ReplaceAll(s, ` src="cartaslot`, ` data-src="cartaslot`) }
	tpl := func(s string) string {
		if later {
			return wait(s)
		}
		return s
	}
	style := cardStyle(set)
	var items strings.Builder
	for i, c := range cats {
		pos := min(i, t.FirstRow-1)
		img := mediaURL(c.ImagePath)
		key := strconv.Itoa(pos) + bit(img != "")
		cardTpl := tpl(t.Cards[key])
		if i >= menuFirstRow {
			cardTpl = wait(t.Cards[key])
		}
		card, err := fill(cardTpl, map[string]string{
			"cartaslotcliente":   strconv.FormatInt(id, 10),
			"cartaslotitemid":    strconv.FormatInt(c.ID, 10),
			"cartaslotitemname":  c.Name,
			"cartaslotitemimg":   img,
			"cartaslotcardstyle": style,
		}, nil)
		if err != nil || t.Cards[key] == "" {
			return ""
		}
		items.WriteString(card)
	}
	logo, bg := mediaURL(set.Logo), mediaURL(set.BackgroundImage)
	shellBg, open := bg, `<div id="first-view">`
	if bg != "" {
		shellBg, open = "", `<div id="first-view" data-bg="`+html.EscapeString(bg)+`">`
	}
	page, err := fill(tpl(t.Pages[bit(logo != "")+bit(set.NombreRestaurante != "")+bit(bg != "")]), map[string]string{
		"cartaslotcliente":    strconv.FormatInt(id, 10),
		"cartaslotlogo":       logo,
		"cartaslotname":       set.NombreRestaurante,
		"cartaslotshellstyle": shellStyle(set, shellBg),
	}, map[string]string{"cartaslotitems": items.String()})
	if err != nil || page == "" {
		return ""
	}
	return open + page + `</div>`
}

// firstViewScript returns the inline script after the first view
// (web/src/first-view/scripts/first-view.ts): a diner who chose English or
// signed in gets no Spanish copy; otherwise it starts the app's code (code:
// the preload links, entry: the entry module) once the copy's first
// pictures have painted, and then sets the pictures that waited. Under the
// promotion's copy (entry ""), which starts the code, it sets them when
// that copy's script starts it. "" when the build has no such script.
func (s *Site) firstViewScript(code, entry string) string {
	if entry == "" {
		return fillScript(s.scripts[scriptUnderPromotion], nil)
	}
	return fillScript(s.scripts[scriptFirstView], codeArgs{Code: code, Entry: entry})
}

func bit(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// mediaURL is the app's mediaUrl (web/src/lib/media-url.ts) for the
// pictures of the first view: http(s) links and absolute paths as they
// are, other paths made absolute. It is stricter: a URL with quotes,
// backslashes, parentheses, angle brackets or spaces (which no upload
// has) is left out, so it is also safe inside the background's CSS url("").
func mediaURL(p string) string {
	p = strings.TrimSpace(p)
	if p == "" || strings.ContainsAny(p, "\"'\\()<> \t\r\n") {
		return ""
	}
	lower := strings.ToLower(p)
	switch {
	case strings.HasPrefix(lower, "https://"), strings.HasPrefix(lower, "http://"):
		return p
	case strings.HasPrefix(p, "//"), strings.Contains(lower, ":") && !strings.HasPrefix(p, "/"):
		return "" // another scheme (javascript:, data:) or another host
	case strings.HasPrefix(p, "/"):
		return p
	}
	return "/" + p
}

var (
	hexColor   = regexp.MustCompile(`(?i)^#[0-9a-f]{3,8}$`)
	namedColor = regexp.MustCompile(`(?i)^[a-z]+$`)
	rgbColor   = regexp.MustCompile(`(?i)^rgba?\([\d\s.,%]+\)$`)
	bareLength = regexp.MustCompile(`^\d+(\.\d+)?$`)
	unitLength = regexp.MustCompile(`^\d+(\.\d+)?(px|rem|em|%)$`)
	fontJunk   = regexp.MustCompile(`["';{}]`)
)

// look is what the app computes from the settings for the menu's cards
// (cardStyle in web/src/api/settings.ts, with the menu's 10px default
// radius): the same rules for colours, lengths and the font stack.
type look struct{ bg, fg, radius, size, font string }

func lookOf(s menu.Settings) look {
	color := func(v, fallback string) string {
		v = strings.TrimSpace(v)
		if hexColor.MatchString(v) || namedColor.MatchString(v) || rgbColor.MatchString(v) {
			return v
		}
		return fallback
	}
	length := func(v, fallback string) string {
		v = strings.TrimSpace(v)
		if bareLength.MatchString(v) {
			return v + "px"
		}
		if unitLength.MatchString(v) {
			return v
		}
		return fallback
	}
	font := strings.TrimSpace(fontJunk.ReplaceAllString(s.FontFamily, ""))
	if font == "" {
		font = "Arial"
	}
	generic := map[string]string{"Georgia": "serif", "Times New Roman": "serif", "Courier New": "monospace"}[font]
	if generic == "" {
		generic = "sans-serif"
	}
	return look{
		bg: color(s.CardColor, "#f0f0f0"), fg: color(s.TextColor, "#000000"),
		radius: length(s.CardBorderRadius, "10px"), size: length(s.FontSize, "16px"),
		font: `"` + font + `", ` + generic,
	}
}

// cardStyle is the style attribute React writes for a menu card's
// cardStyle. The browser test 'the first view is the app's own markup'
// compares the two.
func cardStyle(s menu.Settings) string {
	l := lookOf(s)
	return "background-color:" + l.bg + ";color:" + l.fg + ";border-radius:" + l.radius +
		";font-size:" + l.size + ";font-family:" + l.font
}

// shellStyle is the style attribute React writes for the diner shell
// (web/src/components/DinerShell.tsx): the card look as variables and the
// restaurant's background (bg: its URL from mediaURL, or "").
func shellStyle(s menu.Settings, bg string) string {
	l := lookOf(s)
	style := "--diner-font:" + l.font + ";--diner-card-bg:" + l.bg + ";--diner-card-fg:" + l.fg + ";--diner-card-radius:" + l.radius
	if bg != "" {
		style += `;background-image:url("` + strings.ReplaceAll(bg, `"`, "%22") + `")`
	}
	return style
}

package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"time"

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
// (cardStyle) and the pictures' URLs (mediaURL). The app renders into
// #root and removes the copy (#first-view) in the commit where its own
// categories appear (useFirstViewTakeover in
// web/src/features/menu/lib/shell.ts).

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
	raw, err := fs.ReadFile(web, ".vite/first-views.json")
	if err != nil {
		return nil
	}
	var v struct {
		Menu menuTemplates `json:"menu"`
	}
	if json.Unmarshal(raw, &v) != nil || len(v.Menu.Pages) != 8 || v.Menu.FirstRow < 1 {
		return nil
	}
	return &v.Menu
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

// firstViewScript is the inline script after the first view: a diner who
// chose English gets no Spanish copy, nor does a signed-in diner (whose
// header and page differ from a visitor's): the app paints theirs at once.
// Otherwise, like the promotion's copy, it starts the app's code (code:
// the preload links, entry: the entry module; none when the promotion's
// copy starts it) once the copy's first pictures have loaded (or failed)
// and been painted (see paintedJS), or after firstViewCodeWait at the
// latest: on a phone's slow link the code would otherwise take the
// bandwidth the largest paint needs.
//
// The copy's waiting pictures (see menuFirstView) are set when the code
// starts, after the first row has painted. Under the promotion's copy
// (entry ""), they are set when the promotion's script starts the code
// (it marks #menu-shell with data-go and sends a carta-go event), so after
// the promotion's image has painted, and at once when the promotion's copy
// is not on the page (its own script removed it: the diner closed that
// promotion before).
func firstViewScript(code, entry string) string {
	painted := paintedJS
	if entry == "" {
		painted = "" // the promotion's script waits for the paint
	}
	return fmt.Sprintf(`<script>(function(){var v=document.getElementById("first-view"),d=%t;%s`+
		`function go(){if(d)return;d=1;pics();document.head.insertAdjacentHTML("beforeend",%s);var c=document.createElement("script");c.type="module";c.crossOrigin="";c.src=%s;document.head.appendChild(c)}`+
		`try{var s=localStorage;if(s.getItem("language")==="en"||s.getItem("auth_token")&&s.getItem("usuario_id")){v.remove();go();return}}catch(x){}`+
		`function pics(){var a=v.querySelectorAll("img[data-src]");for(var k=0;k<a.length;k++){a[k].src=a[k].getAttribute("data-src");a[k].removeAttribute("data-src")}`+
		`var b=v.getAttribute("data-bg");if(b){v.removeAttribute("data-bg");v.querySelector(".diner-shell").style.backgroundImage='url("'+b+'")'}}`+
		`if(d){var m=document.getElementById("menu-shell");if(!m||m.hasAttribute("data-go"))pics();else document.addEventListener("carta-go",pics);return}`+
		`var im=v.querySelectorAll("img[fetchpriority=high]"),n=im.length+1;function one(){if(--n===0)painted(go,im)}`+
		`for(var k=0;k<im.length;k++){if(im[k].complete)one();else im[k].onload=im[k].onerror=one}one();setTimeout(go,%d)})()</script>`,
		entry == "", painted, jsString(code), jsString(entry), firstViewCodeWait.Milliseconds())
}

// paintedJS defines painted(f, a), which runs f once, a task after the
// browser has painted the pictures a, which have just loaded (or failed).
// "Painted" is the browser's own word for it: a largest-contentful-paint
// entry for one of them (the entry comes once the frame is on screen).
// When they are not the largest paint no such entry comes, and
// firstViewFrames frames after they are decoded (img.decode, so a busy
// phone's slow decoding does not count as painting) are taken as painted.
// Starting anything sooner (the code, the other pictures) puts it before
// the largest paint, where a phone on a slow link waits for it and
// Lighthouse's simulation counts it. Only the pictures' own entries count:
// an entry for a text painted meanwhile says nothing about them.
var paintedJS = fmt.Sprintf(`function painted(f,a){var n=0,o;function done(){if(n<0)return;n=-1;if(o)o.disconnect();setTimeout(f,0)}`+
	`function frame(){if(n>=0)if(++n<%d)requestAnimationFrame(frame);else done()}`+
	`var w=[];for(var k=0;k<a.length;k++)w.push(a[k].decode?a[k].decode().catch(function(){}):0);Promise.all(w).then(function(){requestAnimationFrame(frame)});`+
	`try{o=new PerformanceObserver(function(l){var e=l.getEntries();for(var k=0;k<e.length;k++)for(var j=0;j<a.length;j++)if(e[k].element===a[j]||e[k].url&&e[k].url===a[j].currentSrc){done();return}});`+
	`o.observe({type:"largest-contentful-paint",buffered:true})}catch(x){}}`,
	firstViewFrames)

// firstViewFrames is how many frames after the pictures are decoded the code
// starts when no paint of them is reported (they are not the largest).
const firstViewFrames = 6

// firstViewCodeWait bounds how long the menu's code waits for the first
// view's pictures on a very slow network.
const firstViewCodeWait = 2 * time.Second

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

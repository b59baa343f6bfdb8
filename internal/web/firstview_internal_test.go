package web

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"carta/internal/menu"
	dist "carta/web"
)

// testTemplates has the shape web/scripts/first-views.mjs writes (the
// markup trimmed to what the tests look at).
func testTemplates(t *testing.T) *menuTemplates {
	t.Helper()
	pages := map[string]string{}
	for _, k := range []string{"000", "001", "010", "011", "100", "101", "110", "111"} {
		// The background is in the shell's style (one slot, shellStyle).
		p := `<div class="diner-shell" style="cartaslotshellstyle"><div class="menu-page"><header>`
		if k[0] == '1' {
			p += `<img class="menu-header__logo" src="cartaslotlogo" alt="cartaslotname">`
		}
		if k[1] == '1' {
			p += `<p class="menu-header__name">cartaslotname</p>`
		}
		pages[k] = p + `</header><ul class="menu-grid">cartaslotitems</ul></div></div>`
	}
	card := func(img string) string {
		return `<li><a class="menu-card" style="cartaslotcardstyle" href="/menu/cartaslotcliente?categoria=cartaslotitemid">` + img +
			`<span class="menu-card__name">cartaslotitemname</span></a></li>`
	}
	empty := card(`<span class="menu-image menu-image--empty"></span>`)
	raw, _ := json.Marshal(map[string]any{"menu": map[string]any{"pages": pages, "firstRow": 3, "cards": map[string]string{
		"00": empty, "01": card(`<img src="cartaslotitemimg" loading="eager" fetchpriority="high">`),
		"10": empty, "11": card(`<img src="cartaslotitemimg" loading="eager" fetchpriority="high">`),
		"20": empty, "21": card(`<img src="cartaslotitemimg" loading="lazy">`),
	}}})
	tpl := loadMenuTemplates(fstest.MapFS{".vite/first-views.json": {Data: raw}})
	if tpl == nil {
		t.Fatal("templates not loaded")
	}
	return tpl
}

func TestMenuFirstView(t *testing.T) {
	tpl := testTemplates(t)
	set := menu.DefaultSettings(7)
	set.NombreRestaurante = "Casa Pepe"
	set.BackgroundImage = "/media/fondo.jpg"
	cats := []menu.Categoria{
		{ID: 11, Name: "Tacos", ImagePath: "/media/a.jpg"},
		{ID: 12, Name: "Postres", ImagePath: ""},
		{ID: 13, Name: "Bebidas", ImagePath: "static/b.png"},
		{ID: 14, Name: "Vinos", ImagePath: "https://cdn.example/v.jpg"},
	}
	got := tpl.menuFirstView(7, set, cats, false)
	for _, want := range []string{
		// The background waits for the first row (see TestMenuFirstViewLaterPictures).
		`<div id="first-view" data-bg="/media/fondo.jpg"><div class="diner-shell" style="--diner-font:`,
		`<img class="menu-header__logo" src="/static/images/default-logo.png" alt="Casa Pepe">`,
		`<p class="menu-header__name">Casa Pepe</p>`,
		// The first row's pictures load eagerly, the later ones lazily once
		// the first row has painted; a category without one gets the placeholder.
		`href="/menu/7?categoria=11"><img src="/media/a.jpg" loading="eager" fetchpriority="high"><span class="menu-card__name">Tacos</span>`,
		`href="/menu/7?categoria=12"><span class="menu-image menu-image--empty"></span><span class="menu-card__name">Postres</span>`,
		`href="/menu/7?categoria=13"><img data-src="/static/b.png" loading="lazy">`,
		`href="/menu/7?categoria=14"><img data-src="https://cdn.example/v.jpg" loading="lazy">`,
		// The card style React writes for the default settings (10px radius on the menu).
		`style="background-color:#f0f0f0;color:#000000;border-radius:8px;font-size:16px;font-family:&#34;Arial&#34;, sans-serif"`,
	} {
		if !strings.Contains(got, want) {
			t.Fatalf("first view without\n%s\n%s", want, got)
		}
	}
	if strings.Contains(got, "cartaslot") || strings.Count(got, "<li>") != 4 {
		t.Fatalf("slots left or cards missing:\n%s", got)
	}

	// No categories, no templates, or a template with a slot this code does
	// not know: no first view (the plain page).
	if tpl.menuFirstView(7, set, nil, false) != "" || (*menuTemplates)(nil).menuFirstView(7, set, cats, false) != "" {
		t.Fatal("a first view without categories or templates")
	}
	bad := *tpl
	bad.Cards = map[string]string{}
	for _, k := range []string{"00", "01", "10", "11", "20", "21"} {
		bad.Cards[k] = "<li>cartaslotunknown</li>"
	}
	if bad.menuFirstView(7, set, cats, false) != "" {
		t.Fatal("a template with an unknown slot was filled")
	}
}

// Restaurant content is untrusted: every value is escaped, and pictures
// whose URL could leave its attribute or the background's CSS are left out.
func TestMenuFirstViewEscapes(t *testing.T) {
	tpl := testTemplates(t)
	set := menu.Settings{
		NombreRestaurante: `"><script>alert(1)</script>`,
		Logo:              `javascript:alert(1)`,
		BackgroundImage:   `/media/x.jpg");background:url(https://evil.example/`,
		CardColor:         `red;background:url(https://evil.example/)`,
		TextColor:         `#fff" onmouseover="alert(1)`,
		CardBorderRadius:  `1px;position:fixed`,
		FontSize:          `12`,
		FontFamily:        `Georgia"; } body { color: red`,
	}
	cats := []menu.Categoria{
		{ID: 1, Name: `<img src=x onerror=alert(1)>&amp;`, ImagePath: `/media/a.jpg" onerror="alert(1)`},
		{ID: 2, Name: `</ul><script>alert(2)</script>`, ImagePath: `javascript:alert(2)`},
		{ID: 3, Name: "Sopa", ImagePath: `data:image/svg+xml,<svg onload=alert(3)>`},
		{ID: 4, Name: "Pan", ImagePath: `//evil.example/p.jpg`},
	}
	got := tpl.menuFirstView(1, set, cats, false)
	if got == "" {
		t.Fatal("no first view")
	}
	for _, bad := range []string{"<script", "<img src=x", `" onerror`, "onmouseover", "javascript:", "evil.example", "<svg", "position:fixed", "</ul><script"} {
		if strings.Contains(got, bad) {
			t.Fatalf("first view carries %q:\n%s", bad, got)
		}
	}
	for _, want := range []string{
		`&lt;img src=x onerror=alert(1)&gt;&amp;amp;`, `&lt;/ul&gt;&lt;script&gt;alert(2)&lt;/script&gt;`,
		`<p class="menu-header__name">&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>`,
		// The logo and background fall back to none, the card style to the
		// app's defaults for what it refuses (the same rules as cardStyle).
		`<div class="menu-page"><header><p`,
		`style="background-color:#f0f0f0;color:#000000;border-radius:10px;font-size:12px;font-family:&#34;Georgia  body  color: red&#34;, sans-serif"`,
	} {
		if !strings.Contains(got, want) {
			t.Fatalf("first view without\n%s\n%s", want, got)
		}
	}
	if n := strings.Count(got, "menu-image--empty"); n != 4 {
		t.Fatalf("%d cards without a picture, want 4:\n%s", n, got)
	}
}

// cardStyle and mediaURL follow the app's cardStyle (web/src/api/settings.ts)
// and mediaUrl (web/src/lib/media-url.ts).
func TestFirstViewValues(t *testing.T) {
	for _, c := range []struct {
		set  menu.Settings
		want string
	}{
		{menu.Settings{}, `background-color:#f0f0f0;color:#000000;border-radius:10px;font-size:16px;font-family:"Arial", sans-serif`},
		{menu.Settings{CardColor: " #ABC ", TextColor: "rgba(0, 0, 0, .5)", CardBorderRadius: "12", FontSize: "1.2rem", FontFamily: "Courier New"},
			`background-color:#ABC;color:rgba(0, 0, 0, .5);border-radius:12px;font-size:1.2rem;font-family:"Courier New", monospace`},
		{menu.Settings{CardColor: "white", CardBorderRadius: "50%", FontFamily: "Times New Roman"},
			`background-color:white;color:#000000;border-radius:50%;font-size:16px;font-family:"Times New Roman", serif`},
	} {
		if got := cardStyle(c.set); got != c.want {
			t.Errorf("cardStyle(%+v) = %s, want %s", c.set, got, c.want)
		}
	}
	// The shell's style: the same look as variables, and the background.
	shell := menu.Settings{CardColor: "#123456", TextColor: "white", CardBorderRadius: "4", FontFamily: "Georgia"}
	for bg, want := range map[string]string{
		"":             `--diner-font:"Georgia", serif;--diner-card-bg:#123456;--diner-card-fg:white;--diner-card-radius:4px`,
		"/media/b.jpg": `--diner-font:"Georgia", serif;--diner-card-bg:#123456;--diner-card-fg:white;--diner-card-radius:4px;background-image:url("/media/b.jpg")`,
	} {
		if got := shellStyle(shell, bg); got != want {
			t.Errorf("shellStyle(%q) = %s, want %s", bg, got, want)
		}
	}
	for in, want := range map[string]string{
		"": "", " /media/a.jpg ": "/media/a.jpg", "static/images/default-logo.png": "/static/images/default-logo.png",
		"HTTPS://x.example/a.png": "HTTPS://x.example/a.png", "http://x.example/a.png": "http://x.example/a.png",
		"javascript:alert(1)": "", "data:image/png;base64,AAAA": "", "//x.example/a.png": "", "/media/a b.jpg": "", `/media/a".jpg`: "",
	} {
		if got := mediaURL(in); got != want {
			t.Errorf("mediaURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// Pictures that are not the largest paint wait: their URLs are in data-src
// and the background in data-bg, for the script to set. Without a
// promotion the logo and the first row load at once, the rest once the
// first row has painted; under a promotion's copy every picture waits for
// the promotion's image.
func TestMenuFirstViewLaterPictures(t *testing.T) {
	page := `<div class="diner-shell" style="cartaslotshellstyle"><a href="/menu/cartaslotcliente"><img class="diner-brand__logo" src="cartaslotlogo" alt=""><span>cartaslotname</span></a><ul class="menu-grid">cartaslotitems</ul></div>`
	card := `<li><a style="cartaslotcardstyle" href="/menu/cartaslotcliente?categoria=cartaslotitemid"><img class="menu-image" src="cartaslotitemimg" alt="" fetchpriority="high"><span>cartaslotitemname</span></a></li>`
	tpl := &menuTemplates{Pages: map[string]string{"111": page}, Cards: map[string]string{"01": card}, FirstRow: 1}
	set := menu.DefaultSettings(3)
	set.NombreRestaurante = "Casa"
	set.Logo = "/media/logo.png"
	set.BackgroundImage = "/media/fondo.jpg"
	cats := []menu.Categoria{{ID: 1, Name: "Tacos", ImagePath: "/media/a.jpg"}, {ID: 2, Name: "Postres", ImagePath: "/media/b.jpg"},
		{ID: 3, Name: "Bebidas", ImagePath: "/media/c.jpg"}}

	now := tpl.menuFirstView(3, set, cats, false)
	for _, want := range []string{`<div id="first-view" data-bg="/media/fondo.jpg"><div class="diner-shell" style="`,
		` src="/media/logo.png"`, ` src="/media/a.jpg"`, ` src="/media/b.jpg"`, ` data-src="/media/c.jpg"`} {
		if !strings.Contains(now, want) {
			t.Fatalf("first view without %s:\n%s", want, now)
		}
	}
	if strings.Contains(now, "background-image") {
		t.Fatalf("first view loads its background with the first row:\n%s", now)
	}
	later := tpl.menuFirstView(3, set, cats, true)
	for _, want := range []string{`<div id="first-view" data-bg="/media/fondo.jpg"><div class="diner-shell" style="`,
		`data-src="/media/logo.png"`, `data-src="/media/a.jpg"`, `data-src="/media/b.jpg"`, `data-src="/media/c.jpg"`} {
		if !strings.Contains(later, want) {
			t.Fatalf("first view under a promotion without %s:\n%s", want, later)
		}
	}
	if strings.Contains(later, ` src="`) || strings.Contains(later, "background-image") {
		t.Fatalf("first view under a promotion loads a picture:\n%s", later)
	}
	// The script sets them when it starts the code, once the first row has
	// painted, or under the promotion's copy when the promotion's script
	// starts the code (once the promotion's image has painted). The
	// scripts are the build's (web/src/first-view/scripts, whose tests
	// check what they do): the server picks one and fills its slot.
	site := &Site{scripts: builtFirstViews(t).Scripts}
	if s := site.firstViewScript("", ""); !strings.Contains(s, "img[data-src]") || !strings.Contains(s, "data-go") || !strings.Contains(s, "carta-go") ||
		strings.Contains(s, "largest-contentful-paint") || strings.Contains(s, "cartaslot") || !strings.HasPrefix(s, "<script>") {
		t.Fatalf("first view script does not set the pictures:\n%s", s)
	}
	if s := site.firstViewScript("<link>", "/assets/index.js"); !strings.Contains(s, "img[data-src]") || !strings.Contains(s, "largest-contentful-paint") ||
		!strings.Contains(s, `({"code":"\u003clink\u003e","entry":"/assets/index.js"})`) || strings.Contains(s, "cartaslot") {
		t.Fatalf("first view script does not set the pictures when the code starts, after the paint:\n%s", s)
	}
}

// builtFirstViews is the web build's .vite/first-views.json (make web
// writes it; carta/web embeds it).
func builtFirstViews(t *testing.T) *firstViews {
	t.Helper()
	v := readFirstViews(dist.Dist())
	if v == nil || len(v.Scripts) != 3 || len(v.StorageKeys) == 0 || len(v.Pages) == 0 {
		t.Fatal("the web build has no first views with scripts, storage keys and pages: run make web")
	}
	return v
}

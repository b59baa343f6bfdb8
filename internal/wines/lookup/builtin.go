package lookup

import (
	"cmp"
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Builtin returns the offline lookup backed by the reference in reference.go. It recognises
// grapes, regions and appellations, a few producers, countries and style words in the name and the
// grape field, tolerating case, accents and typos, and infers the rest from what it recognised.
// It is deterministic and needs no network; it is Carta's default.
func Builtin() Lookup { return builtin{ix: loadIndex()} }

type builtin struct{ ix *index }

var _ Lookup = builtin{}

// kind of a reference entry; its order is the tie-break between equal matches in the name.
type kind int

const (
	kindRegion kind = iota
	kindProducer
	kindGrape
	kindCountry
)

// variant is one name of an entry (canonical name or alias) as normalised tokens.
type variant struct {
	tokens []string
	kind   kind
	idx    int // index into grapes, regions, producers or countries
	order  int // position in the index, the last tie-break
}

// phrase is a style or ageing expression as normalised tokens.
type phrase struct {
	tokens []string
	tipo   string // style words
	label  string // ageing words
}

type index struct {
	variants []variant
	styles   []phrase // longest first
	aging    []phrase // longest first
	grapeBy  map[string]int
	regionBy map[string]int
	// reserved are the one-word style and ageing words: a one-word name matches them only
	// exactly, so "tinto" never passes for a typo of something else.
	reserved map[string]bool
}

var loadIndex = sync.OnceValue(buildIndex)

func buildIndex() *index {
	ix := &index{grapeBy: map[string]int{}, regionBy: map[string]int{}, reserved: map[string]bool{}}
	add := func(k kind, i int, names ...string) {
		seen := map[string]bool{}
		for _, n := range names {
			toks := tokens(n)
			key := strings.Join(toks, " ")
			if len(toks) == 0 || seen[key] {
				continue
			}
			seen[key] = true
			ix.variants = append(ix.variants, variant{tokens: toks, kind: k, idx: i, order: len(ix.variants)})
		}
	}
	for i, g := range grapes {
		ix.grapeBy[g.name] = i
		add(kindGrape, i, append([]string{g.name}, g.aliases...)...)
	}
	for i, r := range regions {
		ix.regionBy[r.name] = i
		add(kindRegion, i, append([]string{r.name}, r.aliases...)...)
	}
	for i, p := range producers {
		add(kindProducer, i, append([]string{p.name}, p.aliases...)...)
	}
	for i, c := range countries {
		add(kindCountry, i, append([]string{c.name}, c.aliases...)...)
	}
	for _, s := range styleWords {
		for _, w := range s.words {
			if toks := tokens(w); len(toks) > 0 {
				ix.styles = append(ix.styles, phrase{tokens: toks, tipo: s.tipo})
			}
		}
	}
	for _, a := range agingWords {
		ix.aging = append(ix.aging, phrase{tokens: tokens(a.word), label: a.label})
	}
	for _, p := range append(slices.Clone(ix.styles), ix.aging...) {
		if len(p.tokens) == 1 {
			ix.reserved[p.tokens[0]] = true
		}
	}
	longestFirst := func(a, b phrase) int { return cmp.Compare(len(b.tokens), len(a.tokens)) }
	slices.SortStableFunc(ix.styles, longestFirst)
	slices.SortStableFunc(ix.aging, longestFirst)
	return ix
}

// ---- normalisation and distance ----

// maxInput bounds how much of a field is looked at.
const maxInput = 200

// fold lower-cases s, removes accents and turns everything but letters and digits into spaces.
func fold(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.ToLower(s) {
		if n++; n > maxInput {
			break
		}
		switch r {
		case 'á', 'à', 'ä', 'â', 'ã', 'å':
			r = 'a'
		case 'é', 'è', 'ë', 'ê':
			r = 'e'
		case 'í', 'ì', 'ï', 'î':
			r = 'i'
		case 'ó', 'ò', 'ö', 'ô', 'õ', 'ø':
			r = 'o'
		case 'ú', 'ù', 'ü', 'û', 'ű':
			r = 'u'
		case 'ő':
			r = 'o'
		case 'ñ':
			r = 'n'
		case 'ç':
			r = 'c'
		case 'ß':
			b.WriteString("ss")
			continue
		case 'æ':
			b.WriteString("ae")
			continue
		case 'œ':
			b.WriteString("oe")
			continue
		case '·', '\'', '’', '`', '´':
			// Catalan l·l joins its letters (Xarel·lo is "xarello"), and so do apostrophes
			// (L'Ermita is "lermita", not the word "ermita"; Hawke's Bay is "hawkes bay").
			continue
		}
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// tokens folds s and splits it into words, dropping stopwords and single characters.
func tokens(s string) []string {
	var out []string
	for _, w := range strings.Fields(fold(s)) {
		if len(w) < 2 || stopwords[w] {
			continue
		}
		out = append(out, w)
	}
	return out
}

// allowed is how many edits two words may differ by: none up to five letters, one up to eight,
// two beyond, judged on the shorter word so "roja" never becomes "rioja" nor "santa" "salta".
func allowed(a, b string) int {
	switch m := min(len(a), len(b)); {
	case m <= 5:
		return 0
	case m <= 8:
		return 1
	default:
		return 2
	}
}

// distance is the optimal-string-alignment edit distance (insertions, deletions, substitutions
// and adjacent transpositions) of two ASCII words, or max+1 once it exceeds max.
func distance(a, b string, maxD int) int {
	if a == b {
		return 0
	}
	if d := len(a) - len(b); d > maxD || -d > maxD {
		return maxD + 1
	}
	// Three rows; on the stack for words of ordinary length.
	var buf [3 * 48]int
	var rows []int
	if n := len(b) + 1; 3*n <= len(buf) {
		rows = buf[:3*n]
	} else {
		rows = make([]int, 3*n)
	}
	w := len(b) + 1
	prev2, prev, cur := rows[:w], rows[w:2*w], rows[2*w:]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > maxD {
			return maxD + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// ---- matching ----

type field int

const (
	fieldNombre field = iota
	fieldUva
)

type match struct {
	v     *variant
	start int
	cost  int
}

func (m match) end() int { return m.start + len(m.v.tokens) }

// priority orders equal matches: in the name a region before a producer or a grape ("Cariñena"
// is the appellation), in the grape field a grape first ("Cariñena" is the grape).
func priority(k kind, f field) int {
	if f == fieldUva && k == kindGrape {
		return -1
	}
	return int(k)
}

// entities finds the reference entries named in toks: every variant is tried at every position,
// then the longest, closest matches are kept without overlapping. used marks the tokens taken.
func (ix *index) entities(toks []string, f field) ([]match, []bool) {
	var cands []match
	for vi := range ix.variants {
		v := &ix.variants[vi]
		n := len(v.tokens)
	starts:
		for s := 0; s+n <= len(toks); s++ {
			cost := 0
			for j, want := range v.tokens {
				got := toks[s+j]
				if got == want {
					continue
				}
				// One-word names tolerate no typo when the word is a style word or the name a
				// producer's: brands are short and look like ordinary words ("Casa de la
				// Ermita" is not L'Ermita).
				if n == 1 && (ix.reserved[got] || v.kind == kindProducer) {
					continue starts
				}
				maxD := allowed(got, want)
				d := distance(got, want, maxD)
				if d > maxD {
					continue starts
				}
				cost += d
			}
			cands = append(cands, match{v: v, start: s, cost: cost})
		}
	}
	slices.SortFunc(cands, func(a, b match) int {
		return cmp.Or(
			cmp.Compare(len(b.v.tokens), len(a.v.tokens)),
			cmp.Compare(a.cost, b.cost),
			cmp.Compare(priority(a.v.kind, f), priority(b.v.kind, f)),
			cmp.Compare(a.start, b.start),
			cmp.Compare(a.v.order, b.v.order),
		)
	})
	used := make([]bool, len(toks))
	var out []match
	for _, c := range cands {
		if slices.Contains(used[c.start:c.end()], true) {
			continue
		}
		for i := c.start; i < c.end(); i++ {
			used[i] = true
		}
		out = append(out, c)
	}
	// Report them in the order they were written.
	slices.SortStableFunc(out, func(a, b match) int { return cmp.Compare(a.start, b.start) })
	return out, used
}

// phrases finds the phrases in the unused tokens, longest first, marking what they take.
func phrases(toks []string, used []bool, list []phrase) []phrase {
	type hit struct {
		p     phrase
		start int
	}
	var hits []hit
	for _, p := range list {
		n := len(p.tokens)
		for s := 0; s+n <= len(toks); s++ {
			if slices.Contains(used[s:s+n], true) || !slices.Equal(toks[s:s+n], p.tokens) {
				continue
			}
			for i := s; i < s+n; i++ {
				used[i] = true
			}
			hits = append(hits, hit{p, s})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return cmp.Compare(a.start, b.start) })
	out := make([]phrase, len(hits))
	for i, h := range hits {
		out[i] = h.p
	}
	return out
}

// ---- the lookup ----

// recognised is what the two fields named.
type recognised struct {
	grapesUva, grapesName []int
	region, producer      int // -1 when none
	country               int
	styles                []string // tipos in the order written, name first
	aging                 string   // first ageing mention
}

func (ix *index) recognise(q Query) recognised {
	r := recognised{region: -1, producer: -1, country: -1}
	var regionN int // tokens of the best region match so far
	for _, f := range []field{fieldNombre, fieldUva} {
		text := q.Nombre
		if f == fieldUva {
			text = q.Uva
		}
		toks := tokens(text)
		ms, used := ix.entities(toks, f)
		for _, m := range ms {
			switch m.v.kind {
			case kindGrape:
				if f == fieldUva {
					r.grapesUva = appendNew(r.grapesUva, m.v.idx)
				} else {
					r.grapesName = appendNew(r.grapesName, m.v.idx)
				}
			case kindRegion:
				// The most specific (longest) region named wins; the name before the grape field.
				if r.region < 0 || len(m.v.tokens) > regionN {
					r.region, regionN = m.v.idx, len(m.v.tokens)
				}
			case kindProducer:
				if r.producer < 0 {
					r.producer = m.v.idx
				}
			case kindCountry:
				if r.country < 0 {
					r.country = m.v.idx
				}
			}
		}
		for _, p := range phrases(toks, used, ix.styles) {
			r.styles = append(r.styles, p.tipo)
		}
		if a := phrases(toks, used, ix.aging); len(a) > 0 && r.aging == "" {
			r.aging = a[0].label
		}
	}
	return r
}

func appendNew(s []int, v int) []int {
	if slices.Contains(s, v) {
		return s
	}
	return append(s, v)
}

var yearRe = regexp.MustCompile(`\b(19|20)\d\d\b`)

// vintageIn returns the first year in a wine's name that can be a vintage (1900 to next year), so
// "Viña Ardanza 2016" gives 2016 and a brand such as "Cuvée 1865" gives nothing.
func vintageIn(name string) string {
	for _, y := range yearRe.FindAllString(name, -1) {
		if n, _ := strconv.Atoi(y); n <= time.Now().Year()+1 {
			return y
		}
	}
	return ""
}

// Find implements Lookup. ctx is not consulted: the work is a few milliseconds of CPU.
func (b builtin) Find(_ context.Context, q Query) (Result, error) {
	ix := b.ix
	rec := ix.recognise(q)
	if len(rec.grapesUva) == 0 && len(rec.grapesName) == 0 && rec.region < 0 && rec.producer < 0 && rec.country < 0 {
		return Result{}, ErrNotFound
	}
	res := Result{
		Nombre:   bound(q.Nombre, maxNombre),
		Anio:     bound(q.Anio, maxAnio),
		Region:   Desconocida,
		Tipo:     Desconocido,
		Uvas:     []string{Desconocida},
		Maridaje: []string{},
		Fuente:   FuenteBuiltin,
	}
	inferred := map[string]bool{}
	if res.Anio == "" {
		if y := vintageIn(q.Nombre); y != "" {
			res.Anio, inferred["anio"] = y, true
		}
	}

	var reg *region
	if rec.producer >= 0 {
		p := producers[rec.producer]
		res.Bodega = p.name
		if rec.region < 0 {
			rec.region = ix.regionBy[p.region]
		}
	}
	if rec.region >= 0 {
		reg = &regions[rec.region]
		res.Region, res.Pais = reg.name, reg.pais
	} else if rec.country >= 0 {
		res.Pais = countries[rec.country].name
	}

	grapeIdx := rec.grapesUva
	if len(grapeIdx) == 0 {
		grapeIdx = rec.grapesName
	}
	res.Tipo = chooseTipo(rec, reg, grapeIdx)

	fromRegion := false // the grapes are the region's, not the wine's
	switch {
	case len(rec.grapesUva) > 0:
		res.Uvas = grapeNames(rec.grapesUva)
	case strings.TrimSpace(q.Uva) != "":
		res.Uvas = splitList(q.Uva) // typed but not recognised: keep what the admin wrote
	case len(rec.grapesName) > 0:
		res.Uvas = grapeNames(rec.grapesName)
	case reg != nil:
		grapeIdx = ix.regionGrapes(reg, res.Tipo)
		if len(grapeIdx) > 0 {
			res.Uvas, fromRegion = grapeNames(grapeIdx), true
		}
	}
	if len(rec.grapesUva) == 0 && strings.TrimSpace(q.Uva) == "" && len(grapeIdx) > 0 {
		inferred["uvas"] = true
	}
	res.Maridaje = pairings(res.Tipo, grapeIdx)
	res.Descripcion = describe(res, rec, fromRegion)

	inferred["bodega"] = res.Bodega != ""
	inferred["region"] = res.Region != Desconocida
	inferred["pais"] = res.Pais != ""
	inferred["tipo"] = res.Tipo != Desconocido
	inferred["maridaje"] = len(res.Maridaje) > 0
	inferred["descripcion"] = res.Descripcion != ""
	res.Inferidos = inferredList(inferred)
	return res, nil
}

// chooseTipo decides the style: a special style word (sparkling, fortified, sweet) first, then an
// appellation that is a style by itself, a colour word, the grapes, the region's usual style, and
// finally an ageing mention (crianza, reserva: a red).
func chooseTipo(rec recognised, reg *region, grapeIdx []int) string {
	for _, t := range rec.styles {
		if t == espumoso || t == generoso || t == dulce {
			return t
		}
	}
	if reg != nil && reg.strong {
		return reg.tipo
	}
	if len(rec.styles) > 0 {
		return rec.styles[0]
	}
	if len(grapeIdx) > 0 {
		return grapes[grapeIdx[0]].tipo
	}
	if reg != nil && reg.tipo != "" {
		return reg.tipo
	}
	if rec.aging != "" {
		return tinto
	}
	return Desconocido
}

// regionGrapes are a region's signature grapes that can make tipo: red grapes for a red or a
// rosé, white ones for a white, all of them otherwise.
func (ix *index) regionGrapes(reg *region, tipo string) []int {
	var out []int
	for _, name := range reg.uvas {
		i, ok := ix.grapeBy[name]
		if !ok {
			continue
		}
		c := grapes[i].color
		switch tipo {
		case tinto, rosado:
			if c != red {
				continue
			}
		case blanco:
			if c != white {
				continue
			}
		}
		out = append(out, i)
	}
	return out
}

const maxPairings = 6

// pairings are the first grapes' pairings when they make this style, topped up with the style's.
func pairings(tipo string, grapeIdx []int) []string {
	out := []string{}
	addAll := func(list []string) {
		for _, p := range list {
			if len(out) < maxPairings && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	for _, i := range grapeIdx {
		if len(out) >= 4 {
			break
		}
		if g := grapes[i]; g.tipo == tipo {
			addAll(g.maridaje)
		}
	}
	if len(out) < 4 {
		addAll(pairingsByTipo[tipo])
	}
	return out
}

var tipoPhrase = map[string]string{
	tinto: "Vino tinto", blanco: "Vino blanco", rosado: "Vino rosado",
	espumoso: "Vino espumoso", generoso: "Vino generoso", dulce: "Vino dulce",
}

// describe writes a short Spanish description from what was recognised and inferred.
func describe(res Result, rec recognised, grapesFromRegion bool) string {
	var b strings.Builder
	b.WriteString(cmp.Or(tipoPhrase[res.Tipo], "Vino"))
	switch {
	case res.Region != Desconocida:
		b.WriteString(" de " + res.Region + " (" + res.Pais + ")")
	case res.Pais != "":
		b.WriteString(" de " + res.Pais)
	}
	if res.Bodega != "" {
		b.WriteString(", elaborado por " + res.Bodega)
	}
	b.WriteString(".")
	if len(res.Uvas) > 0 && res.Uvas[0] != Desconocida {
		if grapesFromRegion {
			b.WriteString(" Variedades habituales de la zona: " + joinES(res.Uvas) + ".")
		} else {
			b.WriteString(" Variedades: " + joinES(res.Uvas) + ".")
		}
	}
	if rec.aging != "" {
		b.WriteString(" Mención de envejecimiento: " + rec.aging + ".")
	}
	return bound(b.String(), maxDescripcion)
}

// joinES joins names the Spanish way: "a, b y c".
func joinES(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " y " + s[len(s)-1]
}

func grapeNames(idx []int) []string {
	out := make([]string, 0, len(idx))
	for _, i := range idx {
		out = append(out, grapes[i].name)
	}
	return out
}

// splitList splits a typed list of grapes ("Tempranillo, Garnacha y Graciano").
func splitList(s string) []string {
	s = strings.NewReplacer(" y ", ",", " Y ", ",", " and ", ",", ";", ",", "/", ",", "+", ",", "&", ",").Replace(s)
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = bound(p, maxItem); p != "" && !slices.Contains(out, p) && len(out) < maxItems {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return []string{Desconocida}
	}
	return out
}

// inferredOrder is Result's JSON order of the fields a lookup can infer.
var inferredOrder = []string{"bodega", "anio", "region", "pais", "tipo", "uvas", "maridaje", "descripcion"}

func inferredList(m map[string]bool) []string {
	out := []string{}
	for _, f := range inferredOrder {
		if m[f] {
			out = append(out, f)
		}
	}
	return out
}

// Bounds on the strings of a Result, in characters.
const (
	maxNombre      = 200
	maxAnio        = 16
	maxShort       = 120 // bodega, region, pais
	maxItem        = 60  // one grape or pairing
	maxItems       = 10
	maxDescripcion = 600
)

// bound trims s, collapses its white space and control characters and cuts it to n characters.
func bound(s string, n int) string {
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r) || r == utf8.RuneError
	}), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

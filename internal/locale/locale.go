// Package locale is where a restaurant is: its country and what the country
// implies (currency, the locales its pages and e-mails are written in, its
// default time zone, whether menu prices include tax). The countries are
// data (countries.json), not code: adding one is adding an entry there; see
// docs/decisions.md 'Countries'.
package locale

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	_ "time/tzdata" // every country's zone, whatever the host has

	"carta/internal/apperr"
	"carta/internal/money"
)

// Tax modes: in a VAT country menu prices include tax (the diner pays the
// price shown); elsewhere taxes are added on top at checkout (US style).
const (
	TaxInclusive = "inclusive"
	TaxAdded     = "added"
)

// Country is one country a restaurant can be in.
type Country struct {
	// Pais is its ISO 3166-1 alpha-2 code (clientes.pais).
	Pais string `json:"pais"`
	// Nombre is its name per UI language.
	Nombre map[string]string `json:"nombre"`
	// Moneda is the currency a new restaurant there charges in (ISO 4217).
	Moneda string `json:"moneda"`
	// Locales is the Intl locale per UI language: es → the country's
	// Spanish (es-ES), en → English as written there (en-ES).
	Locales map[string]string `json:"locales"`
	// ZonaHoraria is the default time zone (IANA) of a restaurant there.
	ZonaHoraria string `json:"zona_horaria"`
	// TaxMode is TaxInclusive or TaxAdded.
	TaxMode string `json:"tax_mode"`
	// AvisoPrivacidad is what the privacy notice is called there:
	// NoticePolitica ('Política de privacidad', Spain) or NoticeAviso
	// ('Aviso de privacidad': Mexico's LFPDPPP, and the US).
	AvisoPrivacidad string `json:"aviso_privacidad"`
}

// Names of the privacy notice (Country.AvisoPrivacidad).
const (
	NoticePolitica = "politica"
	NoticeAviso    = "aviso"
)

// Locale is the Intl locale of UI language lang ("es" or "en"; anything
// else is Spanish) in the country.
func (c Country) Locale(lang string) string {
	if l, ok := c.Locales[baseLang(lang)]; ok {
		return l
	}
	return c.Locales["es"]
}

//go:embed countries.json
var countriesJSON []byte

var (
	countries   map[string]Country
	ordered     []Country
	defaultPais string
)

func init() {
	var data struct {
		Default   string    `json:"default"`
		Countries []Country `json:"countries"`
	}
	if err := json.Unmarshal(countriesJSON, &data); err != nil {
		panic(fmt.Sprintf("locale: countries.json: %v", err))
	}
	countries = map[string]Country{}
	for _, c := range data.Countries {
		if err := c.check(); err != nil {
			panic(fmt.Sprintf("locale: countries.json: %s: %v", c.Pais, err))
		}
		countries[c.Pais] = c
	}
	ordered = data.Countries
	sort.Slice(ordered, func(i, j int) bool { return ordered[i].Pais < ordered[j].Pais })
	if _, ok := countries[data.Default]; !ok {
		panic("locale: countries.json: the default country is not in the list")
	}
	defaultPais = data.Default
}

// check is what every entry must hold (countries_test.go loads the file
// through it too).
func (c Country) check() error {
	if len(c.Pais) != 2 || strings.ToUpper(c.Pais) != c.Pais {
		return fmt.Errorf("pais %q is not an ISO 3166-1 alpha-2 code", c.Pais)
	}
	if len(c.Moneda) != 3 || strings.ToUpper(c.Moneda) != c.Moneda {
		return fmt.Errorf("moneda %q is not an ISO 4217 code", c.Moneda)
	}
	for _, lang := range []string{"es", "en"} {
		if c.Nombre[lang] == "" || c.Locales[lang] == "" {
			return fmt.Errorf("no name or locale for %s", lang)
		}
		if _, ok := formats[c.Locales[lang]]; !ok {
			return fmt.Errorf("locale %s has no line in formats.go", c.Locales[lang])
		}
		if !money.Knows(c.Locales[lang]) {
			return fmt.Errorf("locale %s has no line in internal/money", c.Locales[lang])
		}
	}
	if c.TaxMode != TaxInclusive && c.TaxMode != TaxAdded {
		return fmt.Errorf("tax_mode %q", c.TaxMode)
	}
	if c.AvisoPrivacidad != NoticePolitica && c.AvisoPrivacidad != NoticeAviso {
		return fmt.Errorf("aviso_privacidad %q", c.AvisoPrivacidad)
	}
	if _, err := loadZone(c.ZonaHoraria); err != nil {
		return err
	}
	return nil
}

// Default is the country of a restaurant created without one (US: how
// every restaurant was written before countries existed, in dollars).
func Default() string { return defaultPais }

// All is every country, by code.
func All() []Country { return append([]Country(nil), ordered...) }

// Lookup is the country of a code (any case, spaces trimmed).
func Lookup(pais string) (Country, bool) {
	c, ok := countries[strings.ToUpper(strings.TrimSpace(pais))]
	return c, ok
}

// Of is the country of a restaurant's stored code; the default country for
// a code no longer in the list (never written by Carta).
func Of(pais string) Country {
	if c, ok := Lookup(pais); ok {
		return c
	}
	return countries[defaultPais]
}

// Tag is the Intl locale a restaurant in pais writes for UI language lang:
// Tag("ES", "es") = "es-ES", Tag("ES", "en") = "en-ES".
func Tag(pais, lang string) string { return Of(pais).Locale(lang) }

// ErrPais is the answer to a country Carta does not know.
func ErrPais() error {
	codes := make([]string, len(ordered))
	for i, c := range ordered {
		codes[i] = c.Pais
	}
	list := strings.Join(codes, ", ")
	return apperr.E(apperr.Invalid, "El país debe ser uno de: "+list+".", "The country must be one of: "+list+".")
}

// Check normalises a requested country: "" is the default, an unknown code
// is ErrPais.
func Check(pais string) (Country, error) {
	if strings.TrimSpace(pais) == "" {
		return countries[defaultPais], nil
	}
	c, ok := Lookup(pais)
	if !ok {
		return Country{}, ErrPais()
	}
	return c, nil
}

func baseLang(lang string) string {
	return strings.ToLower(strings.SplitN(strings.TrimSpace(lang), "-", 2)[0])
}

package locale

import (
	"strconv"
	"strings"
	"time"
)

// How each locale of countries.json writes a date and a clock time, as the
// web's Intl.DateTimeFormat writes them (lib/clock.ts, lib/dates.ts):
// testdata/dates.json holds cases both test suites check. A locale not
// here is written as es-MX.
type format struct {
	// mdy: month before day (12/15/2026); else day first (15/12/2026).
	mdy bool
	// am and pm mark a 12-hour clock ('2:05 p.m.'); empty: 24 hours
	// ('14:05', '0:05').
	am, pm string
}

var formats = map[string]format{
	"es-ES": {},
	"en-ES": {},
	"es-MX": {am: "a.m.", pm: "p.m."},
	"en-MX": {mdy: true, am: "AM", pm: "PM"},
	"es-US": {am: "a.m.", pm: "p.m."},
	"en-US": {mdy: true, am: "AM", pm: "PM"},
}

func formatOf(tag string) format {
	if f, ok := formats[tag]; ok {
		return f
	}
	return formats["es-MX"]
}

// Clock is t's time of day as the locale writes it ('14:05', '2:05 p.m.',
// '2:05 PM'), in t's location: put t in the restaurant's zone first.
func Clock(t time.Time, tag string) string {
	f := formatOf(tag)
	h, m := t.Hour(), t.Minute()
	mm := strconv.Itoa(m)
	if m < 10 {
		mm = "0" + mm
	}
	if f.am == "" {
		return strconv.Itoa(h) + ":" + mm
	}
	mark := f.am
	if h >= 12 {
		mark = f.pm
	}
	h %= 12
	if h == 0 {
		h = 12
	}
	return strconv.Itoa(h) + ":" + mm + " " + mark
}

// Date is t's day in digits as the locale writes it ('15/12/2026',
// '12/15/2026'), in t's location.
func Date(t time.Time, tag string) string {
	d, m := two(t.Day()), two(int(t.Month()))
	y := strconv.Itoa(t.Year())
	if formatOf(tag).mdy {
		return m + "/" + d + "/" + y
	}
	return d + "/" + m + "/" + y
}

// DateTime is Date and Clock as the locale joins them ('15/12/2026, 14:05').
func DateTime(t time.Time, tag string) string {
	return Date(t, tag) + ", " + Clock(t, tag)
}

func two(n int) string {
	s := strconv.Itoa(n)
	return strings.Repeat("0", 2-len(s)) + s
}

// loadZone loads an IANA time zone ("" and "Local" are not zones).
func loadZone(name string) (*time.Location, error) {
	if name == "" || name == "Local" {
		return nil, &time.ParseError{Value: name, Message: ": not a time zone"}
	}
	return time.LoadLocation(name)
}

// ZoneOf is a restaurant's time zone: zona (its ordering settings') when it
// is one, else its country's.
func ZoneOf(pais, zona string) *time.Location {
	if loc, err := loadZone(zona); err == nil {
		return loc
	}
	loc, err := loadZone(Of(pais).ZonaHoraria)
	if err != nil { // the countries' zones are checked at start
		return time.UTC
	}
	return loc
}

// Moment is t as a restaurant in pais with time zone zona writes it for UI
// language lang, its zone named: '15/12/2026, 14:05 (Europe/Madrid)'.
func Moment(t time.Time, pais, zona, lang string) string {
	loc := ZoneOf(pais, zona)
	return DateTime(t.In(loc), Tag(pais, lang)) + " (" + loc.String() + ")"
}

package ordering

import (
	"testing"
	"time"

	"carta/internal/locale"
	"carta/internal/menu"
)

func TestPickupWhenSaysTheDay(t *testing.T) {
	loc, _ := time.LoadLocation("America/Mexico_City")
	now := time.Date(2026, 11, 27, 22, 30, 0, 0, loc) // a Friday, late
	for _, c := range []struct {
		at         time.Time
		pais, lang string
		want       string
	}{
		{time.Date(2026, 11, 27, 23, 5, 0, 0, loc), "MX", "es", "hoy, viernes 27 de noviembre, 11:05 p.m."},
		{time.Date(2026, 11, 28, 9, 0, 0, 0, loc), "MX", "es", "mañana, sábado 28 de noviembre, 9:00 a.m."},
		{time.Date(2026, 11, 30, 14, 15, 0, 0, loc), "ES", "es", "lunes 30 de noviembre, 14:15"},
		{time.Date(2027, 1, 2, 14, 15, 0, 0, loc), "ES", "es", "sábado 2 de enero de 2027, 14:15"},
		{time.Date(2026, 11, 27, 23, 5, 0, 0, loc), "MX", "en", "today, Friday, November 27, 11:05 PM"},
		{time.Date(2026, 11, 28, 9, 0, 0, 0, loc), "US", "en", "tomorrow, Saturday, November 28, 9:00 AM"},
		{time.Date(2027, 1, 2, 14, 15, 0, 0, loc), "ES", "en", "Saturday, January 2, 2027, 14:15"},
	} {
		// The instant is the restaurant's: written in UTC it still reads local.
		if d, h := pickupWhen(c.at.UTC(), now.UTC(), loc, c.lang, locale.Tag(c.pais, c.lang)); d+", "+h != c.want {
			got := d + ", " + h
			t.Errorf("pickupWhen(%v, %s, %s) = %q, want %q", c.at, c.pais, c.lang, got, c.want)
		}
	}
}

// Issue 29, item 5: the e-mail's pickup time is the restaurant's clock on
// both sides of a daylight-saving change, in Madrid and in New York; the
// day ("hoy" / "mañana") is the restaurant's day, not UTC's.
func TestPickupWhenAcrossDaylightSaving(t *testing.T) {
	madrid, _ := time.LoadLocation("Europe/Madrid")
	ny, _ := time.LoadLocation("America/New_York")
	utc := func(s string) time.Time { v, _ := time.Parse(time.RFC3339, s); return v }
	for _, c := range []struct {
		at, now    time.Time
		loc        *time.Location
		pais, lang string
		want       string
	}{
		// Madrid, 29 March 2026: 02:00 CET becomes 03:00 CEST.
		{utc("2026-03-29T00:45:00Z"), utc("2026-03-28T23:30:00Z"), madrid, "ES", "es", "hoy, domingo 29 de marzo, 1:45"},
		{utc("2026-03-29T01:15:00Z"), utc("2026-03-28T23:30:00Z"), madrid, "ES", "es", "hoy, domingo 29 de marzo, 3:15"},
		// Madrid, 25 October 2026: 02:30 happens twice.
		{utc("2026-10-25T00:30:00Z"), utc("2026-10-24T21:00:00Z"), madrid, "ES", "en", "tomorrow, Sunday, October 25, 2:30"},
		{utc("2026-10-25T01:30:00Z"), utc("2026-10-24T21:00:00Z"), madrid, "ES", "en", "tomorrow, Sunday, October 25, 2:30"},
		// 23:30 UTC is already the next day in Madrid.
		{utc("2026-07-04T23:30:00Z"), utc("2026-07-04T20:00:00Z"), madrid, "ES", "es", "mañana, domingo 5 de julio, 1:30"},
		// New York, 8 March 2026: 02:00 EST becomes 03:00 EDT.
		{utc("2026-03-08T06:45:00Z"), utc("2026-03-08T05:00:00Z"), ny, "US", "en", "today, Sunday, March 8, 1:45 AM"},
		{utc("2026-03-08T07:15:00Z"), utc("2026-03-08T05:00:00Z"), ny, "US", "en", "today, Sunday, March 8, 3:15 AM"},
		// New York, 1 November 2026: 01:30 happens twice.
		{utc("2026-11-01T05:30:00Z"), utc("2026-11-01T04:30:00Z"), ny, "US", "es", "hoy, domingo 1 de noviembre, 1:30 a.m."},
		{utc("2026-11-01T06:30:00Z"), utc("2026-11-01T04:30:00Z"), ny, "US", "es", "hoy, domingo 1 de noviembre, 1:30 a.m."},
		// 02:00 UTC on 2 November is still 1 November in New York.
		{utc("2026-11-02T02:00:00Z"), utc("2026-11-01T22:00:00Z"), ny, "US", "en", "today, Sunday, November 1, 9:00 PM"},
	} {
		if d, h := pickupWhen(c.at, c.now, c.loc, c.lang, locale.Tag(c.pais, c.lang)); d+", "+h != c.want {
			t.Errorf("pickupWhen(%v in %s, %s) = %q, want %q", c.at, c.loc, c.lang, d+", "+h, c.want)
		}
	}
}

func TestTelHrefAndDirections(t *testing.T) {
	for in, want := range map[string]string{"+1 (555) 010-2000": "tel:+15550102000", "55 1234 5678": "tel:5512345678", "": "", "n/a": "", "+": "", "555+1": "tel:5551"} {
		if got := TelHref(in); got != want {
			t.Errorf("TelHref(%q) = %q, want %q", in, got, want)
		}
	}
	if l := lugarOf(menu.Settings{}); l != (Lugar{}) {
		t.Errorf("nothing set: %+v", l)
	}
	if l := lugarOf(menu.Settings{Direccion: "Av. Juárez 10"}); l.MapaURL != "https://www.google.com/maps/search/?api=1&query=Av.+Ju%C3%A1rez+10" {
		t.Errorf("search link: %+v", l)
	}
}

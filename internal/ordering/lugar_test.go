package ordering

import (
	"testing"
	"time"

	"carta/internal/menu"
)

func TestPickupWhenSaysTheDay(t *testing.T) {
	loc, _ := time.LoadLocation("America/Mexico_City")
	now := time.Date(2026, 11, 27, 22, 30, 0, 0, loc) // a Friday, late
	for _, c := range []struct {
		at   time.Time
		lang string
		want string
	}{
		{time.Date(2026, 11, 27, 23, 5, 0, 0, loc), "es", "hoy, viernes 27 de noviembre, 23:05"},
		{time.Date(2026, 11, 28, 9, 0, 0, 0, loc), "es", "mañana, sábado 28 de noviembre, 09:00"},
		{time.Date(2026, 11, 30, 14, 15, 0, 0, loc), "es", "lunes 30 de noviembre, 14:15"},
		{time.Date(2027, 1, 2, 14, 15, 0, 0, loc), "es", "sábado 2 de enero de 2027, 14:15"},
		{time.Date(2026, 11, 27, 23, 5, 0, 0, loc), "en", "today, Friday, November 27, 11:05 PM"},
		{time.Date(2026, 11, 28, 9, 0, 0, 0, loc), "en", "tomorrow, Saturday, November 28, 9:00 AM"},
		{time.Date(2027, 1, 2, 14, 15, 0, 0, loc), "en", "Saturday, January 2, 2027, 2:15 PM"},
	} {
		// The instant is the restaurant's: written in UTC it still reads local.
		if d, h := pickupWhen(c.at.UTC(), now.UTC(), loc, c.lang); d+", "+h != c.want {
			got := d + ", " + h
			t.Errorf("pickupWhen(%v, %s) = %q, want %q", c.at, c.lang, got, c.want)
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

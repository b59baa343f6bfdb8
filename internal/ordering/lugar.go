package ordering

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"carta/internal/locale"
	"carta/internal/menu"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Where and when a diner picks up: the restaurant's address with a
// directions link, its phone, and the pickup time with its day (issue 27,
// item 2), for the order's page and its e-mails.

// Lugar is where an order is picked up.
type Lugar struct {
	// Direccion is the restaurant's street address ('' when not set).
	Direccion string `json:"direccion"`
	// Telefono is the restaurant's contact phone as the owner wrote it.
	Telefono string `json:"telefono_restaurante"`
	// MapaURL is the directions link: the owner's Google Maps link, else a
	// Google Maps search for the restaurant's name and address; '' with
	// neither.
	MapaURL string `json:"mapa_url"`
	// pais is the restaurant's country: how its e-mails write money and
	// clock times (locale.Tag).
	pais string
}

// lugarOf is the pickup place of a restaurant from its settings.
func lugarOf(s menu.Settings) Lugar {
	l := Lugar{Direccion: s.Direccion, Telefono: s.TelefonoContacto, MapaURL: s.UbicacionGoogleMaps, pais: s.Pais}
	if l.MapaURL == "" && s.Direccion != "" {
		q := s.Direccion
		if s.NombreRestaurante != "" {
			q = s.NombreRestaurante + ", " + s.Direccion
		}
		l.MapaURL = "https://www.google.com/maps/search/?api=1&query=" + url.QueryEscape(q)
	}
	return l
}

// readLugar reads a restaurant's pickup place.
func readLugar(ctx context.Context, q store.Querier, clienteID int64) (Lugar, error) {
	s, err := menu.ReadSettings(ctx, q, tenant.PublicMenu(clienteID))
	if err != nil {
		return Lugar{}, err
	}
	return lugarOf(s), nil
}

// TelHref is the tel: link of a phone as written ("+1 (555) 010-2000" →
// "tel:+15550102000"); ” when it has no digits.
func TelHref(phone string) string {
	var b strings.Builder
	for _, r := range phone {
		if (r >= '0' && r <= '9') || (r == '+' && b.Len() == 0) {
			b.WriteRune(r)
		}
	}
	if strings.Trim(b.String(), "+") == "" {
		return ""
	}
	return "tel:" + b.String()
}

var (
	diasSemana = map[string][7]string{
		"es": {"domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"},
		"en": {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
	}
	meses = map[string][12]string{
		"es": {"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"},
		"en": {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	}
	relDia = map[string][2]string{"es": {"hoy", "mañana"}, "en": {"today", "tomorrow"}}
)

// pickupWhen is a pickup time's day and clock time, in the restaurant's zone
// loc, language lang and locale tag (locale.Tag), as the e-mail says them:
// "hoy, viernes 27 de noviembre" and "14:05" in Spain, "2:05 p.m." in
// Mexico ("today, Friday, November 27", "2:05 PM"); "mañana" for the next
// day, the date alone for any other (now is when the e-mail is written).
func pickupWhen(at, now time.Time, loc *time.Location, lang, tag string) (day, clock string) {
	at, now = at.In(loc), now.In(loc)
	var date string
	if lang == "en" {
		date = fmt.Sprintf("%s, %s %d", diasSemana["en"][at.Weekday()], meses["en"][at.Month()-1], at.Day())
		if at.Year() != now.Year() {
			date += fmt.Sprintf(", %d", at.Year())
		}
	} else {
		lang = "es"
		date = fmt.Sprintf("%s %d de %s", diasSemana["es"][at.Weekday()], at.Day(), meses["es"][at.Month()-1])
		if at.Year() != now.Year() {
			date += fmt.Sprintf(" de %d", at.Year())
		}
	}
	clock = locale.Clock(at, tag)
	y1, m1, d1 := at.Date()
	y2, m2, d2 := now.Date()
	switch time.Date(y1, m1, d1, 0, 0, 0, 0, time.UTC).Sub(time.Date(y2, m2, d2, 0, 0, 0, 0, time.UTC)) {
	case 0:
		date = relDia[lang][0] + ", " + date
	case 24 * time.Hour:
		date = relDia[lang][1] + ", " + date
	}
	return date, clock
}

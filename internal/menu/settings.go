package menu

import (
	"context"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/audit"
	"carta/internal/limits"
	"carta/internal/store"
	"carta/internal/tenant"
)

// FontFamilies are the families the settings offer (spec section 9).
var FontFamilies = []string{"Arial", "Verdana", "Tahoma", "Georgia", "Times New Roman", "Courier New"}

var (
	hexColor = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)
	pxSize   = regexp.MustCompile(`^([0-9]{1,3})(?:px)?$`)
	currency = regexp.MustCompile(`^[A-Z]{3}$`)
)

func invalid(es, en string) error { return apperr.E(apperr.Invalid, es, en) }

// px normalises a pixel size ("12" or "12px") within [min, max].
func px(v string, min, max int) (string, bool) {
	m := pxSize.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		return "", false
	}
	n, _ := strconv.Atoi(m[1])
	if n < min || n > max {
		return "", false
	}
	return strconv.Itoa(n) + "px", true
}

// apply validates the editable fields of in and copies them onto cur (the
// logo and the background change only through their uploads).
func (in Settings) apply(cur *Settings) error {
	if !hexColor.MatchString(in.CardColor) || !hexColor.MatchString(in.TextColor) {
		return invalid("Los colores deben tener el formato #RRGGBB.", "Colours must look like #RRGGBB.")
	}
	radius, ok := px(in.CardBorderRadius, 0, 50)
	if !ok {
		return invalid("El radio del borde debe estar entre 0 y 50 px.", "The border radius must be between 0 and 50 px.")
	}
	size, ok := px(in.FontSize, 10, 32)
	if !ok {
		return invalid("El tamaño de letra debe estar entre 10 y 32 px.", "The font size must be between 10 and 32 px.")
	}
	if !slices.Contains(FontFamilies, in.FontFamily) {
		return invalid("Tipo de letra no válido.", "Invalid font family.")
	}
	name, err := limits.Restaurant.Check(in.NombreRestaurante)
	if err != nil {
		return err
	}
	phone, err := limits.ContactPhone.Check(in.TelefonoContacto)
	if err != nil {
		return err
	}
	direccion, err := limits.Address.Check(in.Direccion)
	if err != nil {
		return err
	}
	maps, err := limits.MapsURL.Check(in.UbicacionGoogleMaps)
	if err != nil {
		return err
	}
	if maps != "" {
		u, err := url.Parse(maps)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return invalid("La ubicación debe ser un enlace de Google Maps (https://...).", "The location must be a Google Maps link (https://...).")
		}
	}
	moneda := strings.ToUpper(strings.TrimSpace(in.Moneda))
	if moneda == "" {
		moneda = cur.Moneda
	}
	if !currency.MatchString(moneda) {
		return invalid("La moneda debe ser un código ISO de tres letras (USD, MXN, EUR).", "The currency must be a three-letter ISO code (USD, MXN, EUR).")
	}
	cur.CardColor, cur.TextColor, cur.CardBorderRadius, cur.FontSize, cur.FontFamily = in.CardColor, in.TextColor, radius, size, in.FontFamily
	cur.NombreRestaurante, cur.TelefonoContacto, cur.UbicacionGoogleMaps, cur.Moneda = name, phone, maps, moneda
	cur.Direccion = direccion
	return nil
}

// SaveSettings validates and stores the restaurant's look and feel (every
// field but the logo and the background, which change by upload); a
// change of currency is recorded with rec.
func (s *Service) SaveSettings(ctx context.Context, t tenant.ID, in Settings, rec ...audit.Recorder) (Settings, error) {
	var out Settings
	err := s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		cur, err := getSettings(ctx, tx, t)
		if err != nil {
			return err
		}
		was := cur.Moneda
		if err := in.apply(&cur); err != nil {
			return err
		}
		out = cur
		if err := SaveSettings(ctx, tx, t, cur); err != nil {
			return err
		}
		// The currency is what every price is read in: a change is audited.
		if cur.Moneda != was {
			return audit.Note(ctx, tx, rec, t, "configuracion.moneda", "Moneda de la carta", was+" → "+cur.Moneda)
		}
		return nil
	})
	return out, err
}

// Settings images: which one an upload replaces.
const (
	Logo       = "logo"
	Background = "background"
)

// SetSettingsImage sets the logo or the background (uploaded for the
// restaurant); the old file goes with the media sweep.
func (s *Service) SetSettingsImage(ctx context.Context, t tenant.ID, which, url string) error {
	return s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
		if err := s.Media.Use(ctx, tx, t, url); err != nil {
			return err
		}
		cur, err := getSettings(ctx, tx, t)
		if err != nil {
			return err
		}
		if which == Logo {
			cur.Logo = url
		} else {
			cur.BackgroundImage = url
		}
		return SaveSettings(ctx, tx, t, cur)
	})
}

package onboarding_test

import (
	"context"
	"testing"

	"carta/internal/locale"
	"carta/internal/menu"
	"carta/internal/onboarding"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// Issue 29, item 1: the country chosen when the restaurant is created (or
// changed later by the super admin) sets its currency, its locale and its
// time zone; an unknown country changes nothing.
func TestCountrySetsCurrencyLocaleAndZone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, _ := newService(t, db, onboarding.DemoConnector{})
		local := func(id int64) menu.Settings {
			t.Helper()
			set, err := menu.ReadSettings(ctx, db, tenant.PublicMenu(id))
			if err != nil {
				t.Fatal(err)
			}
			return set
		}

		es, err := s.Create(ctx, onboarding.NewCliente{Nombre: "Casa Lucio", Pais: "es"})
		if err != nil || es.Pais != "ES" {
			t.Fatalf("create ES: %+v %v", es, err)
		}
		if set := local(es.ID); set.Moneda != "EUR" || set.Pais != "ES" || set.Locale != "es-ES" ||
			set.Locales != (menu.Locales{ES: "es-ES", EN: "en-ES"}) || set.ZonaHoraria != "Europe/Madrid" {
			t.Fatalf("ES settings: %+v", set)
		}

		// No country: the default (US), as every restaurant was before.
		us, err := s.Create(ctx, onboarding.NewCliente{Nombre: "Diner"})
		if err != nil || us.Pais != locale.Default() {
			t.Fatalf("create default: %+v %v", us, err)
		}
		if set := local(us.ID); set.Moneda != "USD" || set.Locale != "es-US" || set.ZonaHoraria != "America/New_York" {
			t.Fatalf("US settings: %+v", set)
		}

		// An unknown country: 400 in both languages, nothing created.
		if _, err := s.Create(ctx, onboarding.NewCliente{Nombre: "Chez", Pais: "FR"}); !isErr(err, locale.ErrPais()) {
			t.Fatalf("FR: %v", err)
		}
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM clientes`).Scan(&n); err != nil || n != 2 {
			t.Fatalf("restaurants: %d %v", n, err)
		}

		// Moved to Mexico: pesos and Mexico City; an unknown or empty
		// country is refused and changes nothing.
		mx := "MX"
		got, err := s.Update(ctx, tenant.Job(us.ID), onboarding.Edit{Pais: &mx})
		if err != nil || got.Pais != "MX" {
			t.Fatalf("move to MX: %+v %v", got, err)
		}
		if set := local(us.ID); set.Moneda != "MXN" || set.Locale != "es-MX" || set.ZonaHoraria != "America/Mexico_City" {
			t.Fatalf("MX settings: %+v", set)
		}
		for _, bad := range []string{"XX", " "} {
			if _, err := s.Update(ctx, tenant.Job(us.ID), onboarding.Edit{Pais: &bad}); !isErr(err, locale.ErrPais()) {
				t.Fatalf("%q: %v", bad, err)
			}
		}
		if set := local(us.ID); set.Moneda != "MXN" || set.Pais != "MX" {
			t.Fatalf("refused change changed: %+v", set)
		}
		// Another edit keeps the country, its currency and its zone.
		name := "Diner MX"
		if got, err := s.Update(ctx, tenant.Job(us.ID), onboarding.Edit{Nombre: &name}); err != nil || got.Pais != "MX" {
			t.Fatalf("rename: %+v %v", got, err)
		}
	})
}

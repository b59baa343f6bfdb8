package offers_test

import (
	"context"
	"testing"
	"time"

	"carta/internal/apperr"
	"carta/internal/billing"
	"carta/internal/checkout"
	"carta/internal/clientes"
	"carta/internal/offers"
	"carta/internal/ordering"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// Issue 29, item 5: an offer's expiry date is the end of that day where the
// restaurant is (its ordering settings' zone, else its country's), not in
// UTC nor on the owner's device: 15/12 in Madrid ends at 23:59:59 in
// Madrid, and the owner's list and the diner's purchases read 15/12 there.
func TestExpiryDateEndsTheRestaurantsDay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := &offers.Service{DB: db}
		restaurant := func(pais string) tenant.ID {
			t.Helper()
			id, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Ofertas " + pais, Email: pais + "@example.com", Pais: pais, Estado: clientes.EstadoActivo})
			if err != nil {
				t.Fatal(err)
			}
			if err := billing.SaveTarjeta(ctx, db, tenant.Job(id), billing.Tarjeta{Provider: "fake", Brand: "visa", Last4: "4242"}); err != nil {
				t.Fatal(err)
			}
			return tenant.Job(id)
		}
		madrid, mexico, newYork := restaurant("ES"), restaurant("MX"), restaurant("US")
		// A restaurant in Spain whose ordering settings name the Canaries:
		// the settings' zone wins over the country's.
		canarias := restaurant("ES")
		if err := ordering.SetZone(ctx, db, canarias, "Atlantic/Canary"); err != nil {
			t.Fatal(err)
		}
		form := func(fecha string) offers.OfferForm {
			return offers.OfferForm{Titulo: "2x1", Descripcion: "Dos por uno", Codigo: "DOS", Descuento: "50", Precio: "10",
				FechaExpiracion: fecha, CantidadDisponible: "5"}
		}
		at := func(s string) time.Time {
			v, err := time.Parse(time.RFC3339, s)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		t.Cleanup(func() { db.Now = time.Now })

		for _, c := range []struct {
			name  string
			now   string
			t     tenant.ID
			fecha string
			want  string // the expiry, UTC
		}{
			{"Madrid in winter", "2026-12-01T10:00:00Z", madrid, "2026-12-15", "2026-12-15T22:59:59Z"},
			{"Mexico City (UTC-6 all year)", "2026-12-01T10:00:00Z", mexico, "2026-12-15", "2026-12-16T05:59:59Z"},
			{"New York in winter", "2026-12-01T10:00:00Z", newYork, "2026-12-15", "2026-12-16T04:59:59Z"},
			{"Mexico City in summer: no daylight saving since 2022", "2026-06-01T10:00:00Z", mexico, "2026-07-15", "2026-07-16T05:59:59Z"},
			// Created in winter, expiring after the spring change: the
			// expiry day's offset, not today's.
			{"Madrid across the spring change", "2026-03-20T10:00:00Z", madrid, "2026-04-15", "2026-04-15T21:59:59Z"},
			{"New York across the spring change", "2026-03-01T10:00:00Z", newYork, "2026-03-20", "2026-03-21T03:59:59Z"},
			// The days of the changes themselves end in the new offset.
			{"Madrid, the day of the spring change", "2026-03-20T10:00:00Z", madrid, "2026-03-29", "2026-03-29T21:59:59Z"},
			{"Madrid, the day of the autumn change", "2026-10-01T10:00:00Z", madrid, "2026-10-25", "2026-10-25T22:59:59Z"},
			{"New York, the day of the autumn change", "2026-10-01T10:00:00Z", newYork, "2026-11-01", "2026-11-02T04:59:59Z"},
			{"The ordering settings' zone", "2026-12-01T10:00:00Z", canarias, "2026-12-15", "2026-12-15T23:59:59Z"},
			// A date and a time from a datetime-local field: that clock time there.
			{"Madrid, a time of day", "2026-12-01T10:00:00Z", madrid, "2026-12-15T20:00", "2026-12-15T19:00:00Z"},
			{"New York, a time of day after the change", "2026-03-01T10:00:00Z", newYork, "2026-03-20T20:00", "2026-03-21T00:00:00Z"},
			// RFC 3339 names its own offset.
			{"An explicit offset", "2026-12-01T10:00:00Z", madrid, "2026-12-15T12:00:00-06:00", "2026-12-15T18:00:00Z"},
			// Today is still valid until the restaurant's day ends.
			{"Mexico City, today at 17:30 there", "2026-12-15T23:30:00Z", mexico, "2026-12-15", "2026-12-16T05:59:59Z"},
		} {
			now := at(c.now)
			db.Now = func() time.Time { return now }
			got, err := svc.CheckOffer(ctx, c.t, form(c.fecha))
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			if want := at(c.want); got.FechaExpiracion != want.Unix() {
				t.Errorf("%s: %s expires at %s, want %s", c.name, c.fecha, time.Unix(got.FechaExpiracion, 0).UTC().Format(time.RFC3339), c.want)
			}
		}

		// 23:30 UTC on the 15th is the 16th in Madrid: the 15th is over
		// there (it was still allowed in Mexico City, above).
		now := at("2026-12-15T23:30:00Z")
		db.Now = func() time.Time { return now }
		if _, err := svc.CheckOffer(ctx, madrid, form("2026-12-15")); !isInvalid(err) {
			t.Fatalf("Madrid's past day: %v", err)
		}
		if _, err := svc.CheckOffer(ctx, madrid, form("15/12/2026")); !isInvalid(err) {
			t.Fatalf("a date not in ISO form: %v", err)
		}
	})
}

// A diner's purchase carries its restaurant's zone, so 'Mis Compras' writes
// the voucher's expiry as the restaurant's day whichever restaurant's page
// the diner reads it on.
func TestPurchasesCarryTheRestaurantsZone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 5, 1)
		if _, err := db.Exec(ctx, `UPDATE clientes SET pais = 'ES' WHERE id = ?`, f.cliente); err != nil {
			t.Fatal(err)
		}
		d := f.diners[0]
		p, err := f.svc.Buy(ctx, f.cupon, offers.Buyer{UsuarioID: d, Email: "d0@example.com"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Confirm(ctx, checkout.Outcome{Session: sessionOf(t, db, p.CompraID), Approved: true}); err != nil {
			t.Fatal(err)
		}
		zone := func() string {
			t.Helper()
			list, err := f.svc.Compras(ctx, tenant.DinerFromRecord(d), "es")
			if err != nil || len(list) != 1 {
				t.Fatalf("purchases: %+v %v", list, err)
			}
			return list[0].ZonaHoraria
		}
		if got := zone(); got != "Europe/Madrid" {
			t.Fatalf("zone %q, want the country's Europe/Madrid", got)
		}
		if err := ordering.SetZone(ctx, db, tenant.Job(f.cliente), "Atlantic/Canary"); err != nil {
			t.Fatal(err)
		}
		if got := zone(); got != "Atlantic/Canary" {
			t.Fatalf("zone %q, want the ordering settings' Atlantic/Canary", got)
		}
	})
}

func isInvalid(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == apperr.Invalid
}

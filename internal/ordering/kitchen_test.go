package ordering_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"carta/internal/apperr"
	"carta/internal/menu"
	"carta/internal/ordering"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// Issue 27, item 3: the board's late thresholds and one-tap start are
// ordering settings, validated (whole minutes, amber before red, bounded;
// both 0 = derived from the preparation time) and kept on both engines.
// One tap is the default; the two steps are the option.
func TestBoardSettings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		cfg, err := f.svc.Config(ctx, f.cliente)
		if err != nil {
			t.Fatal(err)
		}
		if a, r := cfg.Avisos(); cfg.AvisoAmbarMin != 0 || cfg.DosPasos || a != 20 || r != 40 {
			t.Fatalf("defaults: %+v → %d/%d", cfg, a, r)
		}
		for _, bad := range [][2]int{{0, 10}, {10, 0}, {10, 10}, {12, 8}, {-1, 5}, {5, ordering.MaxAviso + 1}} {
			c := cfg
			c.AvisoAmbarMin, c.AvisoRojoMin = bad[0], bad[1]
			_, err := f.svc.SaveConfig(ctx, f.cliente, c)
			var ae *apperr.Error
			if !errors.Is(err, ordering.ErrAvisos) || !errors.As(err, &ae) || ae.Kind != apperr.Invalid {
				t.Fatalf("%v accepted: %v", bad, err)
			}
		}
		if got, _ := f.svc.Config(ctx, f.cliente); got.AvisoAmbarMin != 0 || got.AvisoRojoMin != 0 {
			t.Fatalf("a refused save changed the settings: %+v", got)
		}
		// Saving other settings keeps one tap; the two steps are chosen.
		cfg.AvisoAmbarMin, cfg.AvisoRojoMin = 10, 25
		if _, err := f.svc.SaveConfig(ctx, f.cliente, cfg); err != nil {
			t.Fatal(err)
		}
		got, err := f.svc.Config(ctx, f.cliente)
		if a, r := got.Avisos(); err != nil || got.DosPasos || a != 10 || r != 25 {
			t.Fatalf("saved: %+v %v", got, err)
		}
		got.DosPasos = true
		if _, err := f.svc.SaveConfig(ctx, f.cliente, got); err != nil {
			t.Fatal(err)
		}
		if got, err = f.svc.Config(ctx, f.cliente); err != nil || !got.DosPasos || got.AvisoRojoMin != 25 {
			t.Fatalf("two steps: %+v %v", got, err)
		}
		// The other restaurant keeps its own, the default.
		if other, _ := f.svc.Config(ctx, f.other); other.DosPasos || other.AvisoAmbarMin != 0 {
			t.Fatalf("other restaurant: %+v", other)
		}
		// A restaurant without settings starts in one tap, and so does a row
		// written without the setting (a bulk insert, a replica still on the
		// previous version): the stored column is dos_pasos, 0 by default
		// (migration 0043).
		if _, err := db.Exec(ctx, `DELETE FROM pedidos_config WHERE cliente_id = ?`, f.other.Int64()); err != nil {
			t.Fatal(err)
		}
		if other, err := f.svc.Config(ctx, f.other); err != nil || other.DosPasos {
			t.Fatalf("no settings: %+v %v", other, err)
		}
		if _, err := db.Exec(ctx, `INSERT INTO pedidos_config (cliente_id, activo, horario_json, updated_at) VALUES (?, 1, '[]', 0)`, f.other.Int64()); err != nil {
			t.Fatal(err)
		}
		if other, err := f.svc.Config(ctx, f.other); err != nil || other.DosPasos || !other.Activo {
			t.Fatalf("a row without the setting: %+v %v", other, err)
		}
		// A short preparation time still warns after 5 minutes, red at 10.
		if a, r := (ordering.Config{PreparacionMin: 0}).Avisos(); a != 5 || r != 10 {
			t.Fatalf("derived from 0 min: %d/%d", a, r)
		}
	})
}

// Starting an order acknowledges it: the one-tap "aceptar e iniciar" (the
// board's default) stops its alert on every board.
func TestStartingAnOrderAcknowledgesIt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		if cfg, err := f.svc.Config(ctx, f.cliente); err != nil || cfg.DosPasos {
			t.Fatalf("the board does not start in one tap by default: %+v %v", cfg, err)
		}
		p, err := f.place(t, ordering.PlaceInput{Idioma: "es"})
		if err != nil {
			t.Fatal(err)
		}
		f.pay(t, p.PedidoID)
		moved, err := f.svc.Move(ctx, f.cliente, p.PedidoID, ordering.EstadoPreparacion, "")
		if err != nil || moved.Estado != ordering.EstadoPreparacion || !moved.Visto {
			t.Fatalf("one tap: %+v %v", moved, err)
		}
		// Another restaurant's staff cannot start it.
		if _, err := f.svc.Move(ctx, f.other, p.PedidoID, ordering.EstadoListo, ""); !errors.Is(err, ordering.ErrNotFound) {
			t.Fatalf("other restaurant moved it: %v", err)
		}
	})
}

// Issue 27, item 2: the order's page and its e-mail say where (address,
// directions, phone), when (with the day) and what to say at the counter.
func TestThePickupPlaceOnThePageAndInTheEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db, 0)
		s, err := menu.ReadSettings(ctx, db, f.cliente)
		if err != nil {
			t.Fatal(err)
		}
		s.NombreRestaurante, s.Direccion, s.TelefonoContacto = "La Cava", "Calle Mayor 5, Madrid", "+1 (555) 010-2000"
		if err := menu.SaveSettings(ctx, db, f.cliente, s); err != nil {
			t.Fatal(err)
		}
		p, err := f.place(t, ordering.PlaceInput{Idioma: "es"})
		if err != nil {
			t.Fatal(err)
		}
		f.pay(t, p.PedidoID)
		sg, err := f.svc.Follow(ctx, p.PedidoID, p.Token, nil)
		if err != nil {
			t.Fatal(err)
		}
		const search = "https://www.google.com/maps/search/?api=1&query=La+Cava%2C+Calle+Mayor+5%2C+Madrid"
		if sg.Direccion != "Calle Mayor 5, Madrid" || sg.Telefono != "+1 (555) 010-2000" || sg.MapaURL != search {
			t.Fatalf("the page's place: %+v", sg.Lugar)
		}
		var text, html string
		if err := db.QueryRow(ctx, `SELECT body_text, body_html FROM outbox WHERE kind = 'pedido' ORDER BY id DESC LIMIT 1`).Scan(&text, &html); err != nil {
			t.Fatal(err)
		}
		// Tuesday 24 November 2026, 13:00 in New York: ready in 20 minutes,
		// written as a restaurant in the US writes it in Spanish (es-US).
		for _, want := range []string{"Recoger: hoy, martes 24 de noviembre, lo antes posible (hacia las 1:20 p.m.)", "En el mostrador di tu número de pedido: #1",
			"Dónde recoger: La Cava", "Calle Mayor 5, Madrid", "Cómo llegar: " + search, "Teléfono: +1 (555) 010-2000 (tel:+15550102000)"} {
			if !strings.Contains(text, want) {
				t.Fatalf("e-mail text without %q:\n%s", want, text)
			}
		}
		for _, want := range []string{`href="tel:&#43;15550102000"`, `>#1</p>`, "Calle Mayor 5, Madrid", `href="https://www.google.com/maps/search/?api=1&amp;query=La&#43;Cava`} {
			if !strings.Contains(html, want) {
				t.Fatalf("e-mail HTML without %q:\n%s", want, html)
			}
		}

		// The owner's own Google Maps link wins; an English order reads English.
		s.UbicacionGoogleMaps = "https://maps.app.goo.gl/lacava"
		if err := menu.SaveSettings(ctx, db, f.cliente, s); err != nil {
			t.Fatal(err)
		}
		f.svc.Forget(f.cliente.Int64()) // as this replica's menu service tells it (app.NewServer)
		p2, err := f.place(t, ordering.PlaceInput{Idioma: "en"})
		if err != nil {
			t.Fatal(err)
		}
		f.pay(t, p2.PedidoID)
		if sg, _ := f.svc.Follow(ctx, p2.PedidoID, p2.Token, nil); sg.MapaURL != "https://maps.app.goo.gl/lacava" {
			t.Fatalf("the owner's link: %+v", sg.Lugar)
		}
		db.QueryRow(ctx, `SELECT body_text, body_html FROM outbox WHERE kind = 'pedido' ORDER BY id DESC LIMIT 1`).Scan(&text, &html)
		for _, want := range []string{"Pickup: today, Tuesday, November 24, as soon as possible (around 1:20 PM)", "At the counter, give your order number: #2", "Where to pick up: La Cava",
			"Directions: https://maps.app.goo.gl/lacava", "Phone: +1 (555) 010-2000"} {
			if !strings.Contains(text, want) {
				t.Fatalf("English e-mail without %q:\n%s", want, text)
			}
		}
		if strings.Contains(text, "Cómo llegar") || strings.Contains(html, "Dónde recoger") {
			t.Fatalf("English e-mail with Spanish labels:\n%s", text)
		}
	})
}

// On the wire the setting is un_toque (one tap), the inverse of DosPasos; a
// request without it keeps what the settings had.
func TestOneTapOnTheWire(t *testing.T) {
	for _, c := range []struct {
		in       string
		was, dos bool
	}{
		{`{"un_toque": true}`, true, false},
		{`{"un_toque": false}`, false, true},
		{`{"preparacion_min": 10}`, false, false},
		{`{"preparacion_min": 10}`, true, true},
	} {
		cfg := ordering.Config{DosPasos: c.was}
		if err := json.Unmarshal([]byte(c.in), &cfg); err != nil || cfg.DosPasos != c.dos {
			t.Fatalf("%s over DosPasos %v: %+v %v", c.in, c.was, cfg, err)
		}
		out, err := json.Marshal(cfg)
		if want := fmt.Sprintf(`"un_toque":%v`, !c.dos); err != nil || !strings.Contains(string(out), want) || strings.Contains(string(out), "DosPasos") {
			t.Fatalf("%s: %s %v", want, out, err)
		}
	}
	var cfg ordering.Config
	if err := json.Unmarshal([]byte(`{"preparacion_min": 15, "un_toque": false, "horario": [{"dia": 1, "abre": "09:00", "cierra": "17:00"}]}`), &cfg); err != nil ||
		cfg.PreparacionMin != 15 || !cfg.DosPasos || len(cfg.Horario) != 1 {
		t.Fatalf("the other fields: %+v %v", cfg, err)
	}
}

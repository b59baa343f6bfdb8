package panel_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"carta/internal/clientes"
	"carta/internal/panel"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// The first-run checklist ticks each step from the restaurant's own rows,
// and only its own: a new restaurant starts with nothing done.
func TestFirstSteps(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		mk := func(nombre string) tenant.ID {
			id, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: nombre})
			if err != nil {
				t.Fatal(err)
			}
			return tenant.Job(id)
		}
		fresh, other := mk("Nuevo"), mk("Otro")
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.Exec(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		check := func(step string, want map[string]bool) {
			t.Helper()
			got, err := panel.FirstSteps(ctx, db, fresh)
			if err != nil {
				t.Fatal(err)
			}
			complete := true
			keys := []string{}
			for _, p := range got.Pasos {
				keys = append(keys, p.Clave)
				if p.Hecho != want[p.Clave] {
					t.Errorf("%s: %s done = %v, want %v", step, p.Clave, p.Hecho, want[p.Clave])
				}
				complete = complete && want[p.Clave]
			}
			if len(keys) != 6 || keys[0] != panel.PasoPOS || keys[5] != panel.PasoQR {
				t.Errorf("%s: steps %v", step, keys)
			}
			if got.Completo != complete {
				t.Errorf("%s: complete = %v", step, got.Completo)
			}
		}
		done := map[string]bool{}
		check("new restaurant", done)

		// The POS: connected, unless it refused Carta.
		exec(`UPDATE clientes SET pos_token = 'tok' WHERE id = ?`, fresh.Int64())
		done[panel.PasoPOS] = true
		check("connected", done)
		exec(`UPDATE clientes SET pos_reconectar = 1 WHERE id = ?`, fresh.Int64())
		done[panel.PasoPOS] = false
		check("refused", done)
		exec(`UPDATE clientes SET pos_reconectar = 0 WHERE id = ?`, fresh.Int64())
		done[panel.PasoPOS] = true

		// The menu: synced.
		exec(`UPDATE clientes SET pos_synced_at = ? WHERE id = ?`, now.Unix(), fresh.Int64())
		done[panel.PasoMenu] = true
		check("synced", done)

		// The look: settings saved as they came are not the restaurant's own.
		exec(`INSERT INTO configuraciones (cliente_id, updated_at) VALUES (?, ?)`, fresh.Int64(), now.Unix())
		check("default settings", done)
		exec(`UPDATE configuraciones SET logo = '/media/logo.png' WHERE cliente_id = ?`, fresh.Int64())
		done[panel.PasoMarca] = true
		check("logo", done)

		// Ordering: on, with opening hours.
		exec(`INSERT INTO pedidos_config (cliente_id, activo, horario_json, updated_at) VALUES (?, 0, '[{"dia":1,"abre":"09:00","cierra":"17:00"}]', ?)`,
			fresh.Int64(), now.Unix())
		check("ordering off", done)
		exec(`UPDATE pedidos_config SET activo = 1 WHERE cliente_id = ?`, fresh.Int64())
		done[panel.PasoHorario] = true
		check("ordering on", done)

		// An order: only a paid one counts.
		order := func(cliente tenant.ID, token string, paid int64) {
			exec(`INSERT INTO pedidos (cliente_id, token, estado, nombre, email, recoger_at, franja,
				subtotal, impuestos, total, moneda, expires_at, created_at, paid_at, updated_at)
				VALUES (?, ?, 'pendiente_pago', 'Ana', 'ana@example.com', 0, 0, 100, 0, 100, 'USD', 0, 0, ?, 0)`,
				cliente.Int64(), token, paid)
		}
		order(fresh, "unpaid", 0)
		order(other, "other-paid", now.Unix())
		check("unpaid order", done)
		order(fresh, "paid", now.Unix())
		done[panel.PasoPedido] = true
		check("paid order", done)

		// The QR codes: recorded once, the first time kept.
		if err := panel.MarkQRPrinted(ctx, db, fresh); err != nil {
			t.Fatal(err)
		}
		done[panel.PasoQR] = true
		check("printed", done)
		now = now.Add(time.Hour)
		if err := panel.MarkQRPrinted(ctx, db, fresh); err != nil {
			t.Fatal(err)
		}
		var at int64
		if err := db.QueryRow(ctx, `SELECT qr_impreso_at FROM clientes WHERE id = ?`, fresh.Int64()).Scan(&at); err != nil {
			t.Fatal(err)
		}
		if at != now.Add(-time.Hour).Unix() {
			t.Errorf("qr_impreso_at = %d, want the first time", at)
		}

		// The other restaurant's checklist is its own.
		got, err := panel.FirstSteps(ctx, db, other)
		if err != nil {
			t.Fatal(err)
		}
		if got.Completo || got.Pasos[4].Hecho != true || got.Pasos[0].Hecho || got.Pasos[5].Hecho {
			t.Errorf("other restaurant: %+v", got)
		}
		if _, err := panel.FirstSteps(ctx, db, tenant.Job(999999)); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown restaurant: %v", err)
		}
	})
}

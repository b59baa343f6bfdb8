package ordering

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"carta/internal/menu"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// TestReadsUseTheirIndexes: every view of a tab (the diner's page, the
// waiter's 'Mesas', each payment's start and confirmation) reads the lines
// its payments hold through an index on the tab, not by walking every
// tab's lines in every restaurant (migration 0045); the super admin's
// refunds read the orders with a refund, not every order (0046). On both
// engines.
func TestReadsUseTheirIndexes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		storetest.UsesIndex(t, db, "cuenta_pago_lineas_cuenta", tabClaimsSQL, int64(1))
		// A tab's amounts, read inside writes (amountsOf).
		for _, index := range []string{"pedidos_cuenta", "cuenta_pagos_cuenta"} {
			storetest.UsesIndex(t, db, index, tabAmountsSQL, int64(1), int64(1))
		}
		storetest.UsesIndex(t, db, "pedidos_reembolsos", `SELECT `+pedidoCols+pedidoFrom+` WHERE `+refundsOwedWhere+` ORDER BY `+refundsOwedOrder)
	})
}

// TestFeedOutwaitsIdleTransactions: the feed looks for a late event longer
// than PostgreSQL may leave a transaction idle before ending it (store.Open
// refuses a server that keeps one longer), so a late event is never missed.
func TestFeedOutwaitsIdleTransactions(t *testing.T) {
	if gapWait <= store.MaxIdleInTransaction {
		t.Fatalf("gapWait %s, store.MaxIdleInTransaction %s", gapWait, store.MaxIdleInTransaction)
	}
}

// TestPlaceReadsWhatTheSettingsSay: a tab's restaurant part, read in one
// statement (placeOf), is what the restaurant's settings read one by one
// say: with nothing saved (the country's defaults, the default currency)
// and with a look and a dining room saved. On both engines.
func TestPlaceReadsWhatTheSettingsSay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		id, err := store.InsertID(ctx, db, `INSERT INTO clientes (nombre, pais, created_at) VALUES ('La Taberna', 'ES', 0)`)
		if err != nil {
			t.Fatal(err)
		}
		check := func(wantName string) {
			t.Helper()
			p, err := placeOf(ctx, db, id, nil)
			if err != nil {
				t.Fatal(err)
			}
			moneda, err := menu.Currency(ctx, db, tenant.PublicMenu(id))
			if err != nil {
				t.Fatal(err)
			}
			tc, err := tablesConfigIn(ctx, db, id, "ES")
			if err != nil {
				t.Fatal(err)
			}
			if p.restaurante != wantName || p.moneda != moneda || !reflect.DeepEqual(p.tc, tc) {
				t.Fatalf("place %q %q %+v, the settings say %q %q %+v", p.restaurante, p.moneda, p.tc, wantName, moneda, tc)
			}
			if g, err := getTablesConfig(ctx, db, id); err != nil || !reflect.DeepEqual(g, tc) {
				t.Fatalf("getTablesConfig %+v (%v), want %+v", g, err, tc)
			}
		}
		check("La Taberna")
		s := menu.DefaultSettings(id)
		s.NombreRestaurante, s.Moneda = "Taberna del Puerto", "EUR"
		if err := menu.SaveSettings(ctx, db, tenant.FromRecord(id), s); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `INSERT INTO pedidos_config (cliente_id, activo, mesas_modo, propinas_json, recoger_activo, updated_at)
			VALUES (?, 1, 'al_final', '{"activo":true,"porcentajes":[5,10],"defecto":10}', 0, 0)`, id); err != nil {
			t.Fatal(err)
		}
		check("Taberna del Puerto")
		if _, err := placeOf(ctx, db, id+1000, nil); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("another restaurant's place: %v", err)
		}
	})
}

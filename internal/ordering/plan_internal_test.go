package ordering

import (
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
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

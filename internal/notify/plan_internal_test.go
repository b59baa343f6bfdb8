package notify

import (
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

// TestStopRepliesUseTheirIndexes: a "STOP" reply reads the accounts, guests and guest orders
// whose phone ends in its digits, not every row of the three tables (migration 0047).
func TestStopRepliesUseTheirIndexes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := db.Dialect()
		for _, flag := range []string{"whatsapp_notificaciones", "sms_notificaciones"} {
			storetest.UsesIndex(t, db, "usuarios_telefono_fin", accountsByPhone(d, flag), "55501234")
		}
		storetest.UsesIndex(t, db, "invitados_telefono_fin", guestsByPhone(d), "sms", "55501234")
		storetest.UsesIndex(t, db, "pedidos_telefono_fin", guestOrdersByPhone(d), "whatsapp", "55501234")
	})
}

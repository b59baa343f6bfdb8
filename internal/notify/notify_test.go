package notify_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"carta/internal/accounts"
	"carta/internal/mail"
	"carta/internal/messaging"
	"carta/internal/notify"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

type fixture struct {
	t   *testing.T
	db  *store.DB
	seq int
}

func (f *fixture) exec(q string, args ...any) int64 {
	f.t.Helper()
	id, err := store.InsertID(context.Background(), f.db, q, args...)
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

func (f *fixture) restaurant() int64 {
	return f.exec(`INSERT INTO clientes (nombre, pais, created_at) VALUES ('La Taberna', 'ES', 0)`)
}

// diner is an account with a channel choice and consents.
func (f *fixture) diner(email, tel, canal string, wa, sms bool) int64 {
	return f.exec(`INSERT INTO usuarios (nombre, email, telefono, password_hash, avisos_canal, whatsapp_notificaciones, sms_notificaciones, created_at)
		VALUES ('Ana', ?, ?, 'x', ?, ?, ?, 1)`, email, tel, canal, store.BoolInt(wa), store.BoolInt(sms))
}

// order is a pickup order (mesa 0) or a table's (mesa > 0) in estado.
func (f *fixture) order(cliente, usuario int64, canal, tel, estado, idioma string, mesa int) int64 {
	f.seq++
	if canal == "" {
		canal = "email"
	}
	var u any
	if usuario > 0 {
		u = usuario
	}
	return f.exec(`INSERT INTO pedidos (cliente_id, numero, usuario_id, token, estado, nombre, email, telefono, avisos_canal, idioma, recoger_at, franja,
		subtotal, impuestos, total, moneda, expires_at, created_at, paid_at, updated_at, mesa_numero, motivo_cancelacion)
		VALUES (?, (SELECT COALESCE(MAX(numero), 41) + 1 FROM pedidos WHERE cliente_id = ?), ?, ?, ?, 'Ana', 'ana@example.com', ?, ?, ?, 0, 0, 1250, 0, 1250, 'EUR', 0, 1, 1, 1, ?, 'Sin existencias')`,
		cliente, cliente, u, fmt.Sprintf("tok-%d", f.seq), estado, tel, canal, idioma, mesa)
}

func (f *fixture) outbox() []mail.OutboxMessage {
	f.t.Helper()
	l, err := mail.ListOutbox(context.Background(), f.db, 100)
	if err != nil {
		f.t.Fatal(err)
	}
	return l
}

func TestOrderMessages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := &fixture{t: t, db: db}
		wa := f.diner("wa@example.com", "600 111 222", "whatsapp", true, false)
		noConsent := f.diner("nc@example.com", "600 333 444", "whatsapp", false, false)
		email := f.diner("em@example.com", "600 555 666", "email", true, true)
		noPhone := f.diner("np@example.com", "", "sms", false, true)
		cases := []struct {
			name          string
			usuario       int64
			canal, tel    string
			estado, lang  string
			mesa          int
			wantChannel   string // "" nothing queued
			wantOnlyThere bool
			wantTemplate  string
			wantText      string
		}{
			{"ready on WhatsApp", wa, "", "", "listo", "es", 0, "whatsapp", true, "carta_pedido_listo", "La Taberna: ¡tu pedido #42 está listo para recoger!"},
			{"ready in English", wa, "", "", "listo", "en", 0, "whatsapp", true, "carta_pedido_listo", "La Taberna: your order #42 is ready for pickup!"},
			{"confirmed", wa, "", "", "recibido", "es", 0, "whatsapp", false, "carta_pedido_confirmado", "(12,50"},
			{"cancelled with reason and refund", wa, "", "", "cancelado", "es", 0, "whatsapp", false, "carta_pedido_cancelado", "Motivo: Sin existencias. Reembolso: 12,50"},
			{"served at a table", wa, "", "", "entregado", "es", 7, "whatsapp", false, "carta_pedido_servido", "mesa 7"},
			{"a pickup order picked up: nothing", wa, "", "", "entregado", "es", 0, "", false, "", ""},
			{"preparing: nothing", wa, "", "", "en_preparacion", "es", 0, "", false, "", ""},
			{"no WhatsApp consent: e-mail as before", noConsent, "", "", "listo", "es", 0, "", false, "", ""},
			{"chose e-mail", email, "", "", "listo", "es", 0, "", false, "", ""},
			{"SMS without a phone", noPhone, "", "", "listo", "es", 0, "", false, "", ""},
			{"guest on SMS", 0, "sms", "+34 611 222 333", "listo", "es", 0, "sms", true, "", "La Taberna: ¡tu pedido #42 está listo para recoger!"},
			{"guest on WhatsApp, bad phone", 0, "whatsapp", "abc", "listo", "es", 0, "", false, "", ""},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				before := len(f.outbox())
				r := f.restaurant()
				id := f.order(r, c.usuario, c.canal, c.tel, c.estado, c.lang, c.mesa)
				only, err := notify.Order(ctx, db, id)
				if err != nil {
					t.Fatal(err)
				}
				list := f.outbox()
				if c.wantChannel == "" {
					if len(list) != before || only {
						t.Fatalf("queued %+v (only %v)", list[:len(list)-before], only)
					}
					return
				}
				if len(list) != before+1 || only != c.wantOnlyThere {
					t.Fatalf("queued %d, only %v", len(list)-before, only)
				}
				m := list[0]
				if m.Channel != c.wantChannel || m.Template != c.wantTemplate || !strings.Contains(m.Text, c.wantText) ||
					!strings.HasPrefix(m.To, "+34") || m.Subject == "" || m.ClienteID != r {
					t.Fatalf("queued %+v", m)
				}
				if c.wantChannel == "sms" && len([]rune(m.Text)) > 160 {
					t.Fatalf("SMS of %d characters", len([]rune(m.Text)))
				}
				// The same event again (the state set twice, a second replica): once.
				if only, err := notify.Order(ctx, db, id); err != nil || only != c.wantOnlyThere || len(f.outbox()) != before+1 {
					t.Fatalf("again: only %v, err %v, %d queued", only, err, len(f.outbox())-before)
				}
			})
		}
	})
}

func TestVoucherAndTabReceipt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := &fixture{t: t, db: db}
		r := f.restaurant()
		sms := f.diner("sms@example.com", "+34600999888", "sms", false, true)
		em := f.diner("em@example.com", "", "email", false, false)
		compra := f.exec(`INSERT INTO compras (usuario_id, cliente_id, descripcion, estado, subtotal, total, codigo_voucher, idioma, created_at)
			VALUES (?, ?, 'Menú degustación', 'pagado', 3000, 3000, 'ABC-123', 'es', 1)`, sms, r)
		if err := notify.Voucher(ctx, db, compra); err != nil {
			t.Fatal(err)
		}
		list := f.outbox()
		if len(list) != 1 || list[0].Channel != "sms" || list[0].To != "+34600999888" || !strings.Contains(list[0].Text, "ABC-123") ||
			list[0].DedupeKey != fmt.Sprintf("bono_comprado:%d", compra) {
			t.Fatalf("voucher: %+v", list)
		}
		mesa := f.exec(`INSERT INTO mesas (cliente_id, numero, nombre, codigo, created_at, updated_at) VALUES (?, 3, 'Terraza 3', 'c0de', 1, 1)`, r)
		cuenta := f.exec(`INSERT INTO cuentas (cliente_id, mesa_id, token, estado, modo, abierta_at, actividad_at)
			VALUES (?, ?, 'tab', 'abierta', 'al_final', 1, 1)`, r, mesa)
		for _, u := range []int64{sms, em, sms} {
			id := f.order(r, u, "", "", "entregado", "es", 3)
			if _, err := db.Exec(ctx, `UPDATE pedidos SET cuenta_id = ?, mesa_nombre = 'Terraza 3' WHERE id = ?`, cuenta, id); err != nil {
				t.Fatal(err)
			}
		}
		f.exec(`INSERT INTO cuenta_pagos (cuenta_id, cliente_id, token, modo, metodo, importe, base, moneda, estado, created_at, updated_at) VALUES (?, ?, 'p1', 'todo', 'tarjeta', 3750, 3750, 'EUR', 'pagado', 1, 1)`, cuenta, r)
		if err := notify.TabReceipt(ctx, db, cuenta); err != nil {
			t.Fatal(err)
		}
		if err := notify.TabReceipt(ctx, db, cuenta); err != nil {
			t.Fatal(err)
		}
		list = f.outbox()
		if len(list) != 3 {
			t.Fatalf("receipts: %+v", list)
		}
		byChannel := map[string]mail.OutboxMessage{}
		for _, m := range list[:2] {
			byChannel[m.Channel] = m
		}
		if m := byChannel["sms"]; !strings.Contains(m.Text, "Terraza 3") || !strings.Contains(m.Text, "37,50") {
			t.Fatalf("SMS receipt %+v", m)
		}
		if m := byChannel["email"]; m.To != "em@example.com" || !strings.Contains(m.HTML, "Terraza 3") {
			t.Fatalf("e-mail receipt %+v", m)
		}
	})
}

func TestIsStop(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{{"BAJA", true}, {" baja ", true}, {"Bája", true}, {"stop", true}, {"STOP!", true}, {"Cancelar.", true},
		{"unsubscribe", true}, {"STOPALL", true}, {"end", true}, {"Quit", true},
		{"no quiero baja", false}, {"hola", false}, {"", false}, {"stopp", false}} {
		if got := notify.IsStop(c.in); got != c.want {
			t.Errorf("IsStop(%q) = %v", c.in, got)
		}
	}
}

func TestE164(t *testing.T) {
	for _, c := range []struct{ in, pais, want string }{
		{"600 111 222", "ES", "+34600111222"}, {"+34 600-111-222", "US", "+34600111222"}, {"0034600111222", "ES", "+34600111222"},
		{"(555) 010-2000", "US", "+15550102000"}, {"1 555 010 2000", "US", "+15550102000"}, {"600111222", "ZZ", ""},
		{"abc", "ES", ""}, {"+0123456789", "ES", ""}, {"", "ES", ""},
	} {
		got, ok := notify.E164(c.in, c.pais)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("E164(%q, %s) = %q, %v", c.in, c.pais, got, ok)
		}
	}
}

func TestApply(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Unix(1_700_000_000, 0)
		db.Now = func() time.Time { return now }
		f := &fixture{t: t, db: db}
		r := f.restaurant()
		both := f.diner("ana@example.com", "600 111 222", "whatsapp", true, true)
		other := f.diner("otro@example.com", "+34 699 000 000", "whatsapp", true, false)
		// Phones as people write them: every separator E164 accepts (and sends to) must match a reply.
		guestOrder := f.order(r, 0, "whatsapp", "+34 (600) 111/222", "recibido", "es", 0)
		guest := f.exec(`INSERT INTO invitados (cliente_id, email, nombre, telefono, avisos_canal, last_seen_at, created_at)
			VALUES (?, 'inv@example.com', 'Inv', '600.111.222', 'whatsapp', 1, 1)`, r)
		svc := &notify.Service{DB: db}

		// A delivery status reaches its outbox message.
		id, err := mail.Enqueue(ctx, db, mail.OutboxMessage{Channel: "whatsapp", Kind: "pedido_listo", To: "+34600111222", Template: "t", Text: "x"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `UPDATE outbox SET status = 'sent', provider_id = 'wamid.1', delivery = 'sent' WHERE id = ?`, id); err != nil {
			t.Fatal(err)
		}
		if err := svc.Apply(ctx, []messaging.Event{{Channel: "whatsapp", ProviderID: "wamid.1", Status: "read", At: now}}); err != nil {
			t.Fatal(err)
		}
		if m, _ := mail.GetMessage(ctx, db, id); m.Delivery != "read" {
			t.Fatalf("delivery %q", m.Delivery)
		}
		// A status Carta does not know is ignored, not an error the provider would retry forever.
		if err := svc.Apply(ctx, []messaging.Event{{Channel: "whatsapp", ProviderID: "wamid.1", Status: "deleted"}}); err != nil {
			t.Fatal(err)
		}
		if m, _ := mail.GetMessage(ctx, db, id); m.Delivery != "read" {
			t.Fatalf("delivery %q after an unknown status", m.Delivery)
		}

		// Replies: only a stop word on that channel withdraws, for every person with that phone.
		steps := []struct {
			ev              messaging.Event
			wantWA, wantSMS bool // the account's consents after
			wantOtherWA     bool
			wantGuestCanal  string
			wantOrderCanal  string
		}{
			{messaging.Event{Channel: "whatsapp", From: "+34600111222", Text: "hola"}, true, true, true, "whatsapp", "whatsapp"},
			{messaging.Event{Channel: "sms", From: "+34600111222", Text: " Stop "}, true, false, true, "whatsapp", "whatsapp"},
			{messaging.Event{Channel: "whatsapp", From: "+34600111222", Text: "BAJA"}, false, false, true, "email", "email"},
			{messaging.Event{Channel: "whatsapp", From: "+34600111222", Text: "baja"}, false, false, true, "email", "email"}, // again: nothing more
		}
		for i, s := range steps {
			if err := svc.Apply(ctx, []messaging.Event{s.ev}); err != nil {
				t.Fatal(err)
			}
			var wa, sms, owa int
			var canal, gcanal, ocanal string
			if err := db.QueryRow(ctx, `SELECT whatsapp_notificaciones, sms_notificaciones, avisos_canal FROM usuarios WHERE id = ?`, both).Scan(&wa, &sms, &canal); err != nil {
				t.Fatal(err)
			}
			_ = db.QueryRow(ctx, `SELECT whatsapp_notificaciones FROM usuarios WHERE id = ?`, other).Scan(&owa)
			_ = db.QueryRow(ctx, `SELECT avisos_canal FROM invitados WHERE id = ?`, guest).Scan(&gcanal)
			_ = db.QueryRow(ctx, `SELECT avisos_canal FROM pedidos WHERE id = ?`, guestOrder).Scan(&ocanal)
			if (wa == 1) != s.wantWA || (sms == 1) != s.wantSMS || (owa == 1) != s.wantOtherWA || gcanal != s.wantGuestCanal || ocanal != s.wantOrderCanal {
				t.Fatalf("step %d: wa %d sms %d other %d guest %s order %s", i, wa, sms, owa, gcanal, ocanal)
			}
			if !s.wantWA && canal != "email" {
				t.Fatalf("step %d: the account still chooses %s", i, canal)
			}
		}
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM consentimientos WHERE origen = 'respuesta' AND valor = 0`).Scan(&n); err != nil || n != 3 {
			t.Fatalf("%d consents recorded by reply, %v", n, err)
		}
		// The next message goes by e-mail: nothing on WhatsApp.
		id2 := f.order(r, both, "", "", "listo", "es", 0)
		if only, err := notify.Order(ctx, db, id2); err != nil || only {
			t.Fatalf("after BAJA: only %v, %v", only, err)
		}
		if err := svc.Apply(ctx, []messaging.Event{{Channel: "fax", From: "+1"}}); err == nil {
			t.Fatal("an unknown channel was accepted")
		}
	})
}

func TestGuestCheckoutChoice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := &fixture{t: t, db: db}
		r := f.restaurant()
		id := f.order(r, 0, "whatsapp", "+34 622 333 444", "recibido", "es", 0)
		var guest int64
		err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
			var err error
			guest, err = accounts.RecordGuest(ctx, tx, tenant.Job(r), accounts.GuestOrder{PedidoID: id, Nombre: "Ana",
				Email: "ana@example.com", Telefono: "+34 622 333 444", PlacedAt: 1})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		var canal string
		if err := db.QueryRow(ctx, `SELECT avisos_canal FROM invitados WHERE id = ?`, guest).Scan(&canal); err != nil || canal != "whatsapp" {
			t.Fatalf("guest's channel %q, %v", canal, err)
		}
		got, err := accounts.Consents(ctx, db, 0, guest)
		if err != nil {
			t.Fatal(err)
		}
		var wa []accounts.Consent
		for _, c := range got {
			if c.Channel == "whatsapp" {
				wa = append(wa, c)
			}
		}
		if len(wa) != 1 || !wa[0].Yes || wa[0].From != accounts.FromCheckout || wa[0].PedidoID != id {
			t.Fatalf("consents %+v", got)
		}
		if _, err := notify.Order(ctx, db, id); err != nil {
			t.Fatal(err)
		}
		if l := f.outbox(); len(l) != 1 || l[0].Channel != "whatsapp" || l[0].To != "+34622333444" || l[0].Template != "carta_pedido_confirmado" {
			t.Fatalf("outbox %+v", l)
		}

		// Later orders: WhatsApp again is no new consent; e-mail changes the guest's
		// channel (and consents to nothing); WhatsApp after it is consent again.
		for i, c := range []struct {
			canal string
			wa    int
		}{{"whatsapp", 1}, {"email", 1}, {"whatsapp", 2}} {
			next := f.order(r, 0, c.canal, "+34 622 333 444", "recibido", "es", 0)
			err := db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
				g, err := accounts.RecordGuest(ctx, tx, tenant.Job(r), accounts.GuestOrder{PedidoID: next, Nombre: "Ana",
					Email: "ana@example.com", Telefono: "+34 622 333 444", PlacedAt: 2})
				if err == nil && g != guest {
					err = fmt.Errorf("guest %d, want %d", g, guest)
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if err := db.QueryRow(ctx, `SELECT avisos_canal FROM invitados WHERE id = ?`, guest).Scan(&canal); err != nil || canal != c.canal {
				t.Fatalf("order %d: guest's channel %q, %v", i, canal, err)
			}
			var n int
			if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM consentimientos WHERE invitado_id = ? AND canal = 'whatsapp'`, guest).Scan(&n); err != nil || n != c.wa {
				t.Fatalf("order %d: %d WhatsApp consents, want %d (%v)", i, n, c.wa, err)
			}
		}
	})
}

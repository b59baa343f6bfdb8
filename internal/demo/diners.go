package demo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"

	"carta/internal/accounts"
	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/tenant"
)

// demoDiner is a diner of a demo restaurant: when they last came (days
// ago), what they consented to, and the coupons they bought there long
// enough ago (over 30 days) not to change the panel's summary.
type demoDiner struct {
	merchant, nombre, email, telefono string
	mailing, whatsapp                 bool
	registered, lastSeen              int // days ago
	coupons                           []int64
}

// Diners fill the owner's 'Clientes' page of the demo restaurants.
var Diners = []demoDiner{
	{"DEMOMERCHANT1", "Lucía Fernández", "lucia.fernandez@demo.test", "+1 305 555 0142", true, true, 120, 1, []int64{4000, 2500}},
	{"DEMOMERCHANT1", "Marco Rossi", "marco.rossi@demo.test", "+1 305 555 0178", true, false, 95, 3, []int64{3200}},
	{"DEMOMERCHANT1", "Sofía Castillo", "sofia.castillo@demo.test", "", false, false, 80, 6, nil},
	{"DEMOMERCHANT1", "James O'Connor", "james.oconnor@demo.test", "+1 786 555 0110", false, true, 70, 12, []int64{5600, 1800, 2400}},
	{"DEMOMERCHANT1", "Valentina Ruiz", "valentina.ruiz@demo.test", "+1 305 555 0191", true, true, 45, 20, nil},
	{"DEMOMERCHANT1", "Diego Morales", "diego.morales@demo.test", "", true, false, 40, 33, []int64{2000}},
	{"DEMOMERCHANT2", "Ana Gutiérrez", "ana.gutierrez@demo.test", "+52 55 5555 0123", true, true, 60, 2, []int64{1500}},
	{"DEMOMERCHANT2", "Roberto Díaz", "roberto.diaz@demo.test", "+52 55 5555 0177", false, true, 50, 9, nil},
}

const day = 24 * 60 * 60

// SeedDiners adds the demo diners that are missing, with their visits,
// redeemed coupons and the points those earned (1 per currency unit). A
// diner's password is random: nobody signs in as them.
func SeedDiners(ctx context.Context, db *store.DB) error {
	return db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		var hash string
		now := tx.NowUnix()
		for i, d := range Diners {
			var one int
			err := tx.QueryRow(ctx, `SELECT 1 FROM usuarios WHERE email = ?`, d.email).Scan(&one)
			if err == nil {
				continue
			} else if !errors.Is(store.NotFound(err), store.ErrNotFound) {
				return err
			}
			c, err := clientes.ByMerchant(ctx, tx, d.merchant)
			if err != nil {
				return fmt.Errorf("demo diner %s: %w", d.email, err)
			}
			if hash == "" {
				secret := make([]byte, 16)
				_, _ = rand.Read(secret)
				if hash, err = auth.HashPassword(hex.EncodeToString(secret)); err != nil {
					return err
				}
			}
			id, err := accounts.Create(ctx, tx, accounts.Usuario{Nombre: d.nombre, Email: d.email, Telefono: d.telefono, PasswordHash: hash,
				SuscritoMailing: d.mailing, WhatsappNotificaciones: d.whatsapp, ClienteID: &c.ID})
			if err != nil {
				return fmt.Errorf("demo diner %s: %w", d.email, err)
			}
			registered := now - int64(d.registered)*day
			if _, err := tx.Exec(ctx, `UPDATE usuarios SET created_at = ?, welcome_sent = 1 WHERE id = ?`, registered, id); err != nil {
				return err
			}
			if err := accounts.RecordRegistered(ctx, tx, accounts.Usuario{ID: id, SuscritoMailing: d.mailing,
				WhatsappNotificaciones: d.whatsapp, ClienteID: &c.ID}, registered); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO usuario_restaurantes (usuario_id, cliente_id, last_seen_at) VALUES (?, ?, ?)`,
				id, c.ID, now-int64(d.lastSeen)*day-int64(i)*3600); err != nil {
				return err
			}
			for j, subtotal := range d.coupons {
				paid := registered + int64(j+1)*day
				compra, err := store.InsertID(ctx, tx, `INSERT INTO compras (usuario_id, cliente_id, descripcion, estado, subtotal, fee, total,
					codigo_voucher, paid_at, redeemed_at, created_at) VALUES (?, ?, 'Cupón de bienvenida', 'canjeado', ?, 500, ?, ?, ?, ?, ?)`,
					id, c.ID, subtotal, subtotal+500, fmt.Sprintf("DEMO-%d-%d", id, j+1), paid, paid+day, paid)
				if err != nil {
					return err
				}
				if err := accounts.CreditPoints(ctx, tx, tenant.DinerFromRecord(id), tenant.Job(c.ID), accounts.PointsForPurchase(compra), subtotal/100, "Compra de cupón"); err != nil {
					return err
				}
				if err := backdatePoints(ctx, tx, `compra_id = ?`, compra, paid); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// Package demo seeds the demo restaurants and accounts used by `make run`
// and the browser tests. Seeding is idempotent: running it again changes
// nothing.
package demo

import (
	"context"
	"errors"
	"fmt"

	"carta/internal/auth"
	"carta/internal/store"
)

// Account is a demo sign-in printed at start in demo mode.
type Account struct {
	Role, Email, Password string
}

// Restaurant is a demo tenant.
type Restaurant struct {
	Nombre, MerchantID, Email string
}

// Restaurants are the two demo tenants; cliente 1 and cliente 2 on a fresh database.
var Restaurants = []Restaurant{
	{"La Cava Demo", "DEMOMERCHANT1", "owner@demo.test"},
	{"Taquería Demo", "DEMOMERCHANT2", "owner2@demo.test"},
}

// Accounts are the fixed demo accounts.
var Accounts = []Account{
	{"superadmin", "admin@demo.test", "demo-admin-1"},
	{"cliente DEMOMERCHANT1", "owner@demo.test", "demo-owner-1"},
	{"cliente DEMOMERCHANT2", "owner2@demo.test", "demo-owner-2"},
}

// Seed creates what is missing of the demo data in one transaction.
func Seed(ctx context.Context, db *store.DB) error {
	return db.InTx(ctx, func(tx *store.Tx) error {
		ids := map[string]int64{}
		for _, r := range Restaurants {
			c, err := store.GetClienteByMerchant(ctx, tx, r.MerchantID)
			if errors.Is(err, store.ErrNotFound) {
				mid := r.MerchantID
				fecha := "2027-01-01"
				id, err := store.CreateCliente(ctx, tx, store.Cliente{Nombre: r.Nombre, MerchantID: &mid, Email: r.Email,
					Estado: store.EstadoActivo, FechaProximoPago: &fecha})
				if err != nil {
					return err
				}
				ids[r.MerchantID] = id
				if err := store.SetPOSProvider(ctx, tx, id, "demo"); err != nil {
					return err
				}
				continue
			}
			if err != nil {
				return err
			}
			ids[r.MerchantID] = c.ID
		}
		for _, a := range Accounts {
			if _, err := store.GetStaffUserByEmail(ctx, tx, a.Email); err == nil {
				continue
			} else if !errors.Is(err, store.ErrNotFound) {
				return err
			}
			hash, err := auth.HashPassword(a.Password)
			if err != nil {
				return err
			}
			u := store.StaffUser{Email: a.Email, PasswordHash: hash, Role: store.RoleSuperAdmin}
			var merchant string
			if _, err := fmt.Sscanf(a.Role, "cliente %s", &merchant); err == nil {
				id := ids[merchant]
				u.Role, u.ClienteID = store.RoleCliente, &id
			}
			if _, err := store.CreateStaffUser(ctx, tx, u); err != nil {
				return err
			}
		}
		return nil
	})
}

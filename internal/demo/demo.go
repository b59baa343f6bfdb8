// Package demo seeds the demo restaurants and accounts used by `make run`
// and the browser tests. Seeding is idempotent: running it again changes
// nothing.
package demo

import (
	"context"
	"errors"
	"fmt"

	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Account is a demo sign-in printed at start in demo mode.
type Account struct {
	Role, Email, Password string
}

// Restaurant is a demo tenant.
type Restaurant struct {
	Nombre, MerchantID, Email string
	Zone                      string // time zone of its ordering hours
}

// Restaurants are the two demo tenants; cliente 1 and cliente 2 on a fresh database.
var Restaurants = []Restaurant{
	{"La Cava Demo", "DEMOMERCHANT1", "owner@demo.test", "America/New_York"},
	{"Taquería Demo", "DEMOMERCHANT2", "owner2@demo.test", "America/Mexico_City"},
}

// Accounts are the fixed demo accounts.
var Accounts = []Account{
	{"superadmin", "admin@demo.test", "demo-admin-1"},
	{"cliente DEMOMERCHANT1", "owner@demo.test", "demo-owner-1"},
	{"cliente DEMOMERCHANT2", "owner2@demo.test", "demo-owner-2"},
}

// Seed creates what is missing of the demo data in one transaction.
func Seed(ctx context.Context, db *store.DB) error {
	return db.InTx(ctx, func(ctx context.Context, tx *store.Tx) error {
		ids := map[string]int64{}
		for _, r := range Restaurants {
			c, err := clientes.ByMerchant(ctx, tx, r.MerchantID)
			if errors.Is(err, store.ErrNotFound) {
				mid := r.MerchantID
				fecha := "2027-01-01"
				id, err := clientes.Create(ctx, tx, clientes.Cliente{Nombre: r.Nombre, MerchantID: &mid, Email: r.Email,
					Estado: clientes.EstadoActivo, FechaProximoPago: &fecha})
				if err != nil {
					return err
				}
				ids[r.MerchantID] = id
				if err := clientes.SetPOSProvider(ctx, tx, tenant.Job(id), "demo"); err != nil {
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
			if _, err := auth.StaffUserByEmail(ctx, tx, a.Email); err == nil {
				continue
			} else if !errors.Is(err, store.ErrNotFound) {
				return err
			}
			hash, err := auth.HashPassword(a.Password)
			if err != nil {
				return err
			}
			u := auth.StaffUser{Email: a.Email, PasswordHash: hash, Role: tenant.RoleSuperAdmin}
			var merchant string
			if _, err := fmt.Sscanf(a.Role, "cliente %s", &merchant); err == nil {
				id := ids[merchant]
				u.Role, u.ClienteID = tenant.RoleCliente, &id
			}
			if _, err := auth.CreateStaffUser(ctx, tx, u); err != nil {
				return err
			}
		}
		return nil
	})
}

// Package demo seeds the demo restaurants and accounts used by `make run`
// and the browser tests. Seeding is idempotent: running it again changes
// nothing.
package demo

import (
	"context"
	"errors"
	"sync"

	"carta/internal/auth"
	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Account is a demo sign-in printed at start in demo mode. Role is its
// printed label; At is the restaurants a staff account works at (none: a
// super admin).
type Account struct {
	Role, Email, Password string
	At                    []Member
}

// Member is a demo staff account's role at one demo restaurant.
type Member struct {
	MerchantID string
	Rol        tenant.StaffRole
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

// Accounts are the fixed demo accounts: the super admin, each
// restaurant's owner, La Cava's kitchen tablet, waiter and manager, and a
// group owner of both restaurants (propietario of La Cava, gerente of the
// Taquería) for the restaurant switcher.
var Accounts = []Account{
	{"superadmin", "admin@demo.test", "demo-admin-1", nil},
	{"cliente DEMOMERCHANT1", "owner@demo.test", "demo-owner-1", []Member{{"DEMOMERCHANT1", tenant.Propietario}}},
	{"cliente DEMOMERCHANT2", "owner2@demo.test", "demo-owner-2", []Member{{"DEMOMERCHANT2", tenant.Propietario}}},
	{"cocina DEMOMERCHANT1", "cocina@demo.test", "demo-cocina-1", []Member{{"DEMOMERCHANT1", tenant.Cocina}}},
	{"mesero DEMOMERCHANT1", "mesero@demo.test", "demo-mesero-1", []Member{{"DEMOMERCHANT1", tenant.Mesero}}},
	{"gerente DEMOMERCHANT1", "gerente@demo.test", "demo-gerente-1", []Member{{"DEMOMERCHANT1", tenant.Gerente}}},
	{"grupo DEMOMERCHANT1+2", "grupo@demo.test", "demo-grupo-1", []Member{{"DEMOMERCHANT1", tenant.Propietario}, {"DEMOMERCHANT2", tenant.Gerente}}},
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
			hash, err := demoHash(a.Password)
			if err != nil {
				return err
			}
			u := auth.StaffUser{Email: a.Email, PasswordHash: hash, Role: tenant.RoleSuperAdmin}
			if len(a.At) == 0 {
				if _, err := auth.CreateStaffUser(ctx, tx, u); err != nil {
					return err
				}
				continue
			}
			// The account belongs to its first restaurant with its role
			// there, then to the others.
			first := ids[a.At[0].MerchantID]
			u.Role, u.ClienteID = tenant.RoleCliente, &first
			id, err := auth.CreateStaffUser(ctx, tx, u, a.At[0].Rol)
			if err != nil {
				return err
			}
			for _, m := range a.At[1:] {
				if err := auth.SetMembership(ctx, tx, id, ids[m.MerchantID], m.Rol); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// hashes are the demo passwords' hashes, made once per process: the tests
// seed a fresh database for each server and a hash costs tens of
// milliseconds on purpose.
var hashes sync.Map

func demoHash(password string) (string, error) {
	if h, ok := hashes.Load(password); ok {
		return h.(string), nil
	}
	h, err := auth.HashPassword(password)
	if err != nil {
		return "", err
	}
	hashes.Store(password, h)
	return h, nil
}

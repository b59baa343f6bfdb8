package clientes_test

import (
	"context"
	"errors"
	"testing"

	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

func ptr[T any](v T) *T { return &v }

func TestClientes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		id, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Uno", MerchantID: ptr("M1"), Email: "a@b.c"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Dos", MerchantID: ptr("M1")}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("duplicate merchant id: got %v, want ErrConflict", err)
		}
		// Restaurants without a merchant id yet may coexist.
		for range 2 {
			if _, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Sin merchant"}); err != nil {
				t.Fatalf("cliente without merchant: %v", err)
			}
		}
		c, err := clientes.Get(ctx, db, tenant.Job(id))
		if err != nil {
			t.Fatal(err)
		}
		if c.Nombre != "Uno" || *c.MerchantID != "M1" || c.Estado != clientes.EstadoPendiente || c.FechaProximoPago != nil {
			t.Fatalf("got %+v", c)
		}
		byM, err := clientes.ByMerchant(ctx, db, "M1")
		if err != nil || byM.ID != id {
			t.Fatalf("by merchant: %+v %v", byM, err)
		}
		if _, err := clientes.Get(ctx, db, tenant.Job(999)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing cliente: %v", err)
		}
		all, err := clientes.List(ctx, db)
		if err != nil || len(all) != 3 || all[0].ID != id {
			t.Fatalf("list: %d %v", len(all), err)
		}
		if _, err := db.Exec(ctx, `UPDATE clientes SET estado = 'borrado' WHERE id = ?`, id); err == nil {
			t.Fatal("an unknown estado was accepted")
		}
	})
}

package tenant

import (
	"errors"
	"testing"

	"carta/internal/apperr"
)

// The tenant check: a super admin may act on any restaurant, a cliente
// only on a restaurant they belong to with a role the route admits,
// anyone else on none.
func TestTenant(t *testing.T) {
	cases := []struct {
		name string
		p    *Principal
		id   int64
		want error
	}{
		{"anonymous", nil, 1, apperr.ErrUnauthorized},
		{"super admin any", NewPrincipal(PrincipalFields{Role: RoleSuperAdmin}), 2, nil},
		{"own restaurant", owner(1), 1, nil},
		{"other restaurant", owner(1), 2, apperr.ErrForbidden},
		{"second restaurant", member(1, map[int64]StaffRole{1: Cocina, 2: Propietario}), 2, nil},
		{"route admits the role", member(1, map[int64]StaffRole{1: Cocina}).Allow(Propietario, Cocina), 1, nil},
		{"route does not admit the role", member(1, map[int64]StaffRole{1: Cocina}).Allow(Propietario, Gerente), 1, ErrRole},
		{"role admitted at the other restaurant only", member(1, map[int64]StaffRole{1: Cocina, 2: Propietario}).Allow(Propietario), 1, ErrRole},
		{"super admin whatever the route", NewPrincipal(PrincipalFields{Role: RoleSuperAdmin}).Allow(Propietario), 2, nil},
		{"diner", NewPrincipal(PrincipalFields{Role: RoleUsuario, SubjectID: 1}), 1, apperr.ErrForbidden},
		{"cliente without restaurant", NewPrincipal(PrincipalFields{Role: RoleCliente}), 0, apperr.ErrForbidden},
		{"super admin, no restaurant", NewPrincipal(PrincipalFields{Role: RoleSuperAdmin}), 0, apperr.ErrForbidden},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id, err := c.p.Tenant(c.id)
			if !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			if err == nil && id.Int64() != c.id {
				t.Fatalf("id %d, want %d", id.Int64(), c.id)
			}
			if err != nil && id != (ID{}) {
				t.Fatal("a refused check produced an id")
			}
		})
	}
}

func owner(id int64) *Principal { return member(id, map[int64]StaffRole{id: Propietario}) }

func member(active int64, m map[int64]StaffRole) *Principal {
	return NewPrincipal(PrincipalFields{Role: RoleCliente, SubjectID: 9, ClienteID: active, Members: m})
}

func TestOwnAndDiner(t *testing.T) {
	if id, ok := owner(4).Own(); !ok || id.Int64() != 4 {
		t.Fatalf("own: %v %v", id, ok)
	}
	if _, ok := member(4, map[int64]StaffRole{4: Mesero}).Allow(Propietario, Gerente).Own(); ok {
		t.Fatal("a waiter's own restaurant on a manager's route")
	}
	if !member(4, map[int64]StaffRole{4: Mesero, 5: Gerente}).Allow(Gerente).MayAny() {
		t.Fatal("a manager elsewhere may call a manager's route")
	}
	if member(4, map[int64]StaffRole{4: Mesero}).Allow(Gerente).MayAny() {
		t.Fatal("a waiter may call a manager's route")
	}
	if _, ok := NewPrincipal(PrincipalFields{Role: RoleSuperAdmin}).Own(); ok {
		t.Fatal("a super admin has a restaurant of its own")
	}
	if _, err := NewPrincipal(PrincipalFields{Role: RoleUsuario, SubjectID: 3}).Diner(4); !errors.Is(err, apperr.ErrForbidden) {
		t.Fatalf("another diner: %v", err)
	}
	if d, err := NewPrincipal(PrincipalFields{Role: RoleUsuario, SubjectID: 3}).Self(); err != nil || d.Int64() != 3 {
		t.Fatalf("self: %v %v", d, err)
	}
	if _, err := NewPrincipal(PrincipalFields{Role: RoleCliente, SubjectID: 3, ClienteID: 1}).Diner(3); !errors.Is(err, apperr.ErrForbidden) {
		t.Fatal("staff acting as a diner")
	}
}

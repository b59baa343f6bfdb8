// Package tenant decides who may act on which restaurant, and carries the
// answer in the types: store code that reads or writes a restaurant's data
// takes an ID, and the only way to get one is the check (Principal.Tenant).
// A handler that forgets the check does not compile.
package tenant

import (
	"carta/internal/apperr"
)

// Role of an authenticated caller.
type Role string

const (
	RoleSuperAdmin Role = "superadmin"
	RoleCliente    Role = "cliente" // restaurant staff, bound to one restaurant
	RoleUsuario    Role = "usuario" // a diner
)

// Principal is who made a request. It is built by auth from a session
// (and by tests); nothing else constructs one.
type Principal struct {
	Role       Role
	SubjectID  int64  // staff user id or diner id
	ClienteID  int64  // the restaurant of a cliente; 0 for a super admin
	MerchantID string // the restaurant's merchant id, when known
	TokenHash  string
}

// IsStaff reports whether the principal is a super admin or restaurant staff.
func (p *Principal) IsStaff() bool {
	return p != nil && (p.Role == RoleSuperAdmin || p.Role == RoleCliente)
}

// ID is a restaurant the caller was checked to act on: read its private
// data and change it. Only Principal.Tenant (and System, for the server's
// own jobs) make one.
type ID struct{ v int64 }

// Int64 is the restaurant's id.
func (t ID) Int64() int64 { return t.v }

func (ID) scope() {}

// Tenant is THE tenant check: a super admin may act on any restaurant, a
// cliente only on its own, anyone else on none.
func (p *Principal) Tenant(clienteID int64) (ID, error) {
	switch {
	case p == nil:
		return ID{}, apperr.ErrUnauthorized
	case clienteID <= 0:
		return ID{}, apperr.ErrForbidden
	case p.Role == RoleSuperAdmin:
		return ID{clienteID}, nil
	case p.Role == RoleCliente && p.ClienteID == clienteID:
		return ID{clienteID}, nil
	}
	return ID{}, apperr.ErrForbidden
}

// Own is the restaurant of a cliente, for routes that name only an object
// (its lookup then carries the tenant and finds nothing of another
// restaurant). A super admin has no restaurant of its own: such a route
// needs the restaurant named (cliente_id).
func (p *Principal) Own() (ID, bool) {
	if p != nil && p.Role == RoleCliente && p.ClienteID > 0 {
		return ID{p.ClienteID}, true
	}
	return ID{}, false
}

// System is a restaurant the server acts on for its own reasons (background
// jobs, seeding, a provider's signed webhook), never for a request's
// caller: request handlers go through Principal.Tenant.
func System(clienteID int64) ID { return ID{clienteID} }

// Public is a restaurant whose public menu anyone may read: its published
// categories, products, settings and popups, nothing private and nothing
// to change.
type Public struct{ v int64 }

// PublicMenu is the explicit public path to a restaurant's menu.
func PublicMenu(clienteID int64) Public { return Public{clienteID} }

// Int64 is the restaurant's id.
func (p Public) Int64() int64 { return p.v }

func (Public) scope() {}

// Scope is what a read of public menu data takes: a checked ID (staff see
// it too) or a Public.
type Scope interface {
	Int64() int64
	scope()
}

// Diner is a diner account the caller was checked to act as.
type Diner struct{ v int64 }

// Int64 is the diner's id.
func (d Diner) Int64() int64 { return d.v }

// Diner is the diner check: only the diner may read or change their own
// account, purchases and points.
func (p *Principal) Diner(usuarioID int64) (Diner, error) {
	switch {
	case p == nil:
		return Diner{}, apperr.ErrUnauthorized
	case p.Role == RoleUsuario && p.SubjectID == usuarioID && usuarioID > 0:
		return Diner{usuarioID}, nil
	}
	return Diner{}, apperr.ErrForbidden
}

// SystemDiner is a diner the server acts for on its own (confirming a
// purchase a provider reports), never for a request's caller.
func SystemDiner(usuarioID int64) Diner { return Diner{usuarioID} }

// Self is the signed-in diner (routes that name no diner).
func (p *Principal) Self() (Diner, error) {
	if p == nil {
		return Diner{}, apperr.ErrUnauthorized
	}
	return p.Diner(p.SubjectID)
}

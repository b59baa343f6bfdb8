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
	RoleCliente    Role = "cliente" // restaurant staff: a member of one or more restaurants
	RoleUsuario    Role = "usuario" // a diner
)

// StaffRole is what a staff person may do at one restaurant they belong to.
type StaffRole string

const (
	Propietario StaffRole = "propietario" // everything, including the card, fees and staff
	Gerente     StaffRole = "gerente"     // everything but billing and staff
	Cocina      StaffRole = "cocina"      // the order board, pausing orders, sold-out today
	Mesero      StaffRole = "mesero"      // the board, tables, voucher redemption, the menu read-only
)

// StaffRoles are every staff role, the most powerful first.
var StaffRoles = []StaffRole{Propietario, Gerente, Cocina, Mesero}

// Valid reports whether r is one of StaffRoles.
func (r StaffRole) Valid() bool {
	for _, v := range StaffRoles {
		if r == v {
			return true
		}
	}
	return false
}

// ErrRole is the answer to a staff member whose role at the restaurant
// does not allow the action.
var ErrRole = apperr.E(apperr.Forbidden,
	"Tu rol en este restaurante no permite esta acción.",
	"Your role at this restaurant does not allow this action.")

// Principal is who made a request. Its fields are unexported: the only way
// to make one with a role is NewPrincipal, which auth calls for a session
// (and tests call); rules_test.go fails when any other package calls it.
type Principal struct {
	role       Role
	subjectID  int64  // staff user id or diner id
	clienteID  int64  // the restaurant a cliente acts on by default; 0 for a super admin
	merchantID string // that restaurant's merchant id, when known
	tokenHash  string
	// members is a cliente's role at each restaurant they belong to.
	members map[int64]StaffRole
	// allowed is the roles the route being served admits (set by the
	// route's guard with Allow); empty: any member.
	allowed []StaffRole
}

// PrincipalFields are what a session says about its holder.
type PrincipalFields struct {
	Role       Role
	SubjectID  int64  // staff user id or diner id
	ClienteID  int64  // the restaurant a cliente acts on by default; 0 otherwise
	MerchantID string // that restaurant's merchant id, when known
	TokenHash  string // the session token's hash
	// Members is a cliente's role at each restaurant they belong to; a
	// cliente acts only on these.
	Members map[int64]StaffRole
}

// NewPrincipal is the caller a session resolved to. Only auth (from a
// session it verified) and tests call it.
func NewPrincipal(f PrincipalFields) *Principal {
	return &Principal{role: f.Role, subjectID: f.SubjectID, clienteID: f.ClienteID, merchantID: f.MerchantID, tokenHash: f.TokenHash, members: f.Members}
}

// Allow is p limited to a route that admits roles: the tenant check then
// refuses a member whose role at the restaurant is not one of them (a
// super admin is never limited by it). Only the route guard calls it.
func (p *Principal) Allow(roles ...StaffRole) *Principal {
	if p == nil {
		return nil
	}
	q := *p
	q.allowed = roles
	return &q
}

// RoleAt is the caller's role at restaurant clienteID ("" when not a member).
func (p *Principal) RoleAt(clienteID int64) StaffRole {
	if p == nil || p.role != RoleCliente {
		return ""
	}
	return p.members[clienteID]
}

// Memberships is a cliente's restaurants and roles.
func (p *Principal) Memberships() map[int64]StaffRole {
	if p == nil {
		return nil
	}
	return p.members
}

// MayAny reports whether a cliente holds one of the route's allowed roles
// at some restaurant (a super admin always may): the guard's first check,
// before the handler names the restaurant.
func (p *Principal) MayAny() bool {
	if p == nil {
		return false
	}
	if p.role == RoleSuperAdmin {
		return true
	}
	if p.role != RoleCliente {
		return false
	}
	for _, r := range p.members {
		if p.admits(r) {
			return true
		}
	}
	return false
}

// admits reports whether the route admits role r.
func (p *Principal) admits(r StaffRole) bool {
	if r == "" {
		return false
	}
	if len(p.allowed) == 0 {
		return true
	}
	for _, a := range p.allowed {
		if a == r {
			return true
		}
	}
	return false
}

// Role is the caller's role ("" for nil).
func (p *Principal) Role() Role {
	if p == nil {
		return ""
	}
	return p.role
}

// SubjectID is the staff user's or the diner's id.
func (p *Principal) SubjectID() int64 {
	if p == nil {
		return 0
	}
	return p.subjectID
}

// ClienteID is the restaurant a cliente acts on when a request names none
// (0 for anyone else). It names the restaurant; acting on it still goes
// through Tenant or Own.
func (p *Principal) ClienteID() int64 {
	if p == nil {
		return 0
	}
	return p.clienteID
}

// MerchantID is the restaurant's merchant id, when known.
func (p *Principal) MerchantID() string {
	if p == nil {
		return ""
	}
	return p.merchantID
}

// TokenHash is the hash of the session's token (signing out revokes it).
func (p *Principal) TokenHash() string {
	if p == nil {
		return ""
	}
	return p.tokenHash
}

// IsStaff reports whether the principal is a super admin or restaurant staff.
func (p *Principal) IsStaff() bool {
	return p != nil && (p.role == RoleSuperAdmin || p.role == RoleCliente)
}

// ID is a restaurant the caller was checked to act on: read its private
// data and change it. Principal.Tenant and Own make one for a request;
// Job and FromRecord make one where there is no caller to check, and
// rules_test.go holds the list of files allowed to call them.
type ID struct{ v int64 }

// Int64 is the restaurant's id.
func (t ID) Int64() int64 { return t.v }

func (ID) scope() {}

// Tenant is THE tenant check: a super admin may act on any restaurant, a
// cliente only on a restaurant they belong to with a role the route
// admits (ErrRole otherwise), anyone else on none.
func (p *Principal) Tenant(clienteID int64) (ID, error) {
	switch {
	case p == nil:
		return ID{}, apperr.ErrUnauthorized
	case clienteID <= 0:
		return ID{}, apperr.ErrForbidden
	case p.role == RoleSuperAdmin:
		return ID{clienteID}, nil
	case p.role == RoleCliente:
		r, ok := p.members[clienteID]
		if !ok {
			return ID{}, apperr.ErrForbidden
		}
		if !p.admits(r) {
			return ID{}, ErrRole
		}
		return ID{clienteID}, nil
	}
	return ID{}, apperr.ErrForbidden
}

// Own is the restaurant a cliente acts on by default (the session's), for
// routes that name only an object (its lookup then carries the tenant and
// finds nothing of another restaurant), when the route admits the
// caller's role there. A super admin has no restaurant of its own: such a
// route needs the restaurant named (cliente_id).
func (p *Principal) Own() (ID, bool) {
	if p != nil && p.role == RoleCliente && p.clienteID > 0 && p.admits(p.members[p.clienteID]) {
		return ID{p.clienteID}, true
	}
	return ID{}, false
}

// Job is a restaurant the server acts on for its own reasons: a background
// job's pass over every restaurant, seeding, a command-line tool. There is
// no caller; a request never uses it (rules_test.go lists the files that
// may).
func Job(clienteID int64) ID { return ID{clienteID} }

// FromRecord is the restaurant a row the server already trusts belongs
// to: an order, a purchase, a coupon, a refund, an onboarding link, a
// session's account, a provider's signed confirmation. A request may use
// it only for the restaurant of a row it found by a secret or a checked id,
// never for a restaurant the caller named (that is Principal.Tenant);
// rules_test.go lists the files that may.
func FromRecord(clienteID int64) ID { return ID{clienteID} }

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
	case p.role == RoleUsuario && p.subjectID == usuarioID && usuarioID > 0:
		return Diner{usuarioID}, nil
	}
	return Diner{}, apperr.ErrForbidden
}

// DinerFromRecord is the diner a trusted row names (the buyer of a
// purchase a provider confirmed), never a request's caller; rules_test.go
// lists the files that may call it.
func DinerFromRecord(usuarioID int64) Diner { return Diner{usuarioID} }

// Self is the signed-in diner (routes that name no diner).
func (p *Principal) Self() (Diner, error) {
	if p == nil {
		return Diner{}, apperr.ErrUnauthorized
	}
	return p.Diner(p.subjectID)
}

package tenant

import (
	"strconv"
	"strings"

	"carta/internal/apperr"
)

// ErrClienteID is the answer to a cliente_id that names no restaurant.
var ErrClienteID = apperr.E(apperr.Invalid, "Error: cliente_id no está disponible.", "Error: cliente_id is not available.")

// ParseClienteID reads a restaurant id sent by a client (a path segment, a
// query or a body field): a positive whole number, or ErrClienteID. It
// checks nothing else: the API then asks Principal.Tenant, the public menu
// PublicMenu.
func ParseClienteID(raw string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(raw), 10, 64)
	if err != nil || id <= 0 {
		return 0, ErrClienteID
	}
	return id, nil
}

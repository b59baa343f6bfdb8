package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"carta/internal/apperr"
	"carta/internal/auth"
	"carta/internal/respond"
	"carta/internal/store"
)

var errClienteID = apperr.E(apperr.Invalid, "Error: cliente_id no está disponible.", "Error: cliente_id is not available.")

// parseClienteID reads a restaurant id; a missing or malformed id is the
// spec's 'cliente_id no está disponible' error.
func parseClienteID(raw string) (int64, error) {
	id, err := strconv.ParseInt(strings.TrimSpace(raw), 10, 64)
	if err != nil || id <= 0 {
		return 0, errClienteID
	}
	return id, nil
}

// tenant parses raw as a restaurant id and checks that the caller may act
// on it. Every staff handler that names a restaurant goes through here.
func tenant(r *http.Request, raw string) (int64, error) {
	id, err := parseClienteID(raw)
	if err != nil {
		return 0, err
	}
	if err := auth.FromContext(r.Context()).CanActOn(id); err != nil {
		return 0, err
	}
	return id, nil
}

var errClienteNotFound = apperr.E(apperr.NotFound, "Restaurante no encontrado.", "Restaurant not found.")

// getCliente returns one restaurant to its staff or a super admin.
func (s *Server) getCliente(w http.ResponseWriter, r *http.Request) {
	id, err := tenant(r, r.PathValue("cliente_id"))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	c, err := store.GetCliente(r.Context(), s.DB, id)
	if errors.Is(err, store.ErrNotFound) {
		err = errClienteNotFound
	}
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, c)
}

// listClientes lists every restaurant (super admin).
func (s *Server) listClientes(w http.ResponseWriter, r *http.Request) {
	cs, err := store.ListClientes(r.Context(), s.DB)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	respond.JSON(w, http.StatusOK, cs)
}

// listFor answers the list load returns for the id scope resolves from the
// request: the caller's own diner id (usuarioOf) or a restaurant the
// caller may act on (clienteInPath). The check runs before any read.
func listFor[T any](s *Server, scope func(*http.Request) (int64, error), load func(context.Context, store.Querier, int64) (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := scope(r)
		if err != nil {
			respond.Error(w, r, err)
			return
		}
		list, err := load(r.Context(), s.DB, id)
		if err != nil {
			respond.Error(w, r, err)
			return
		}
		respond.JSON(w, http.StatusOK, list)
	}
}

// clienteInPath is the tenant-checked restaurant of the {cliente_id} path.
func clienteInPath(r *http.Request) (int64, error) { return tenant(r, r.PathValue("cliente_id")) }

package api

import (
	"fmt"
	"net/http"
	"strconv"

	"carta/internal/apperr"
	"carta/internal/clientes"
	"carta/internal/qr"
	"carta/internal/tenant"
)

// getCliente returns one restaurant to its staff or a super admin. The
// date of its next payment to the platform is billing: only its owner and
// the super admin get it (null for the rest of the staff).
func (s *Server) getCliente(w http.ResponseWriter, r *http.Request) error {
	t, err := tenantInPath(r)
	if err != nil {
		return err
	}
	c, err := clientes.Get(r.Context(), s.DB, t)
	if err != nil {
		return clientes.Found(err)
	}
	if !ownerAt(r, t) {
		c.FechaProximoPago = nil
	}
	return ok(w, c)
}

// maxMesa is the highest table number a table's QR code may carry.
const maxMesa = 500

var errMesa = apperr.E(apperr.Invalid, "El número de mesa debe ser un entero entre 1 y 500.", "The table number must be a whole number from 1 to 500.")

// menuQR answers a printable QR code of the public menu URL, as PNG (default)
// or SVG (?format=svg); with ?mesa=N the URL names the table
// (/menu/{id}?mesa=N). Public: the URL it encodes is public.
func (s *Server) menuQR(w http.ResponseWriter, r *http.Request) error {
	id, err := parseClienteID(r.PathValue("cliente_id"))
	if err != nil {
		return err
	}
	if _, err := clientes.Get(r.Context(), s.DB, tenant.PublicMenu(id)); err != nil {
		return clientes.Found(err)
	}
	url := fmt.Sprintf("%s/menu/%d", s.BaseURL, id)
	name, ctype := fmt.Sprintf("menu-%d-qr", id), "image/png"
	// A table's code: the same menu, with the table's number in the URL.
	if raw := r.URL.Query().Get("mesa"); raw != "" {
		mesa, err := strconv.Atoi(raw)
		if err != nil || mesa < 1 || mesa > maxMesa {
			return errMesa
		}
		url += fmt.Sprintf("?mesa=%d", mesa)
		name = fmt.Sprintf("menu-%d-mesa-%d-qr", id, mesa)
	}
	var b []byte
	if r.URL.Query().Get("format") == "svg" {
		name, ctype = name+".svg", "image/svg+xml"
		b, err = qr.SVG(url, true)
	} else {
		name += ".png"
		b, err = qr.PNG(url, 1024)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `inline; filename="`+name+`"`)
	_, _ = w.Write(b)
	return nil
}

package api

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"

	qrcode "github.com/skip2/go-qrcode"

	"carta/internal/respond"
	"carta/internal/store"
)

// menuURL is the public address of a restaurant's menu.
func (s *Server) menuURL(clienteID int64) string {
	return fmt.Sprintf("%s/menu/%d", s.BaseURL, clienteID)
}

// menuQR answers a printable QR code of the public menu URL, as PNG (default)
// or SVG (?format=svg). Public: the URL it encodes is public.
func (s *Server) menuQR(w http.ResponseWriter, r *http.Request) {
	id, err := parseClienteID(r.PathValue("cliente_id"))
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	if _, err := store.GetCliente(r.Context(), s.DB, id); errors.Is(err, store.ErrNotFound) {
		respond.Error(w, r, errClienteNotFound)
		return
	} else if err != nil {
		respond.Error(w, r, err)
		return
	}
	q, err := qrcode.New(s.menuURL(id), qrcode.High)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	name := fmt.Sprintf("menu-%d-qr", id)
	w.Header().Set("Cache-Control", "public, max-age=3600")
	if r.URL.Query().Get("format") == "svg" {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Content-Disposition", `inline; filename="`+name+`.svg"`)
		_, _ = w.Write(qrSVG(q.Bitmap()))
		return
	}
	b, err := q.PNG(1024)
	if err != nil {
		respond.Error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Content-Disposition", `inline; filename="`+name+`.png"`)
	_, _ = w.Write(b)
}

// qrSVG draws the QR modules as one SVG path, which prints sharply at any size.
func qrSVG(bits [][]bool) []byte {
	n := len(bits)
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, n, n)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y, row := range bits {
		for x, on := range row {
			if on {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x, y)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes()
}

// qrSVGOf encodes text as an SVG QR code.
func qrSVGOf(text string) ([]byte, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	return qrSVG(q.Bitmap()), nil
}

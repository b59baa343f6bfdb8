package api

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strconv"
	"sync"

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

var (
	defaultLogoOnce sync.Once
	defaultLogoPNG  []byte
)

// defaultLogo serves the spec's default logo (static/images/default-logo.png):
// a plate drawn at start, so no binary asset is needed.
func (s *Server) defaultLogo(w http.ResponseWriter, r *http.Request) {
	defaultLogoOnce.Do(func() {
		const size = 192
		img := image.NewNRGBA(image.Rect(0, 0, size, size))
		c := float64(size) / 2
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				dx, dy := float64(x)-c+0.5, float64(y)-c+0.5
				d := dx*dx + dy*dy
				switch {
				case d < 40*40:
					img.Set(x, y, color.NRGBA{0xf7, 0xf1, 0xe8, 0xff})
				case d < 62*62:
					img.Set(x, y, color.NRGBA{0xe8, 0xdc, 0xca, 0xff})
				case d < 90*90:
					img.Set(x, y, color.NRGBA{0x8b, 0x1e, 0x3f, 0xff})
				}
			}
		}
		var buf bytes.Buffer
		_ = png.Encode(&buf, img)
		defaultLogoPNG = buf.Bytes()
	})
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("Content-Length", strconv.Itoa(len(defaultLogoPNG)))
	_, _ = w.Write(defaultLogoPNG)
}

// Package qr draws QR codes: the printable code of a restaurant's public
// menu and the code of a diner's voucher.
package qr

import (
	"bytes"
	"fmt"

	qrcode "github.com/skip2/go-qrcode"
)

// PNG encodes text as a size×size PNG with high error correction (codes
// printed on tables get scratched).
func PNG(text string, size int) ([]byte, error) {
	q, err := qrcode.New(text, qrcode.High)
	if err != nil {
		return nil, err
	}
	return q.PNG(size)
}

// SVG encodes text as an SVG QR code, which prints sharply at any size;
// high selects high error correction, medium otherwise.
func SVG(text string, high bool) ([]byte, error) {
	level := qrcode.Medium
	if high {
		level = qrcode.High
	}
	q, err := qrcode.New(text, level)
	if err != nil {
		return nil, err
	}
	return draw(q.Bitmap()), nil
}

// draw paints the QR modules as one SVG path.
func draw(bits [][]bool) []byte {
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

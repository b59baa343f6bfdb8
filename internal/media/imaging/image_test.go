package imaging

import (
	"image"
	"testing"
)

// Noise is the worst case for both encoders; it must fit the buffers encode
// allocates up front (pngCap, jpegCap).
func TestEncodeFitsItsBuffer(t *testing.T) {
	noise := image.NewRGBA(image.Rect(0, 0, FullSize, FullSize*3/4))
	seed := uint32(1)
	for i := range noise.Pix {
		seed = seed*1664525 + 1013904223
		noise.Pix[i] = uint8(seed >> 24)
	}
	for _, alpha := range []bool{true, false} {
		for i := 3; i < len(noise.Pix); i += 4 {
			if !alpha {
				noise.Pix[i] = 0xFF
			}
			a := noise.Pix[i]
			noise.Pix[i-3], noise.Pix[i-2], noise.Pix[i-1] = min(noise.Pix[i-3], a), min(noise.Pix[i-2], a), min(noise.Pix[i-1], a)
		}
		out, err := encode(noise, alpha)
		if err != nil {
			t.Fatalf("alpha %v: %v", alpha, err)
		}
		w, h := noise.Rect.Dx(), noise.Rect.Dy()
		t.Logf("alpha %v: %d bytes, %.2f a pixel, cap %d", alpha, len(out), float64(len(out))/float64(w*h), cap(out))
	}
}

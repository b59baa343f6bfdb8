package imaging

import (
	"bytes"
	"image"
	"image/color/palette"
	"image/draw"
	"image/jpeg"
	"testing"

	xdraw "golang.org/x/image/draw"

	"carta/internal/media/mediatest"
)

func TestResizeMatchesCatmullRom(t *testing.T) {
	nrgba := mediatest.Gradient(333, 257, true)
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, mediatest.Gradient(401, 299, false), &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	ycbcr, err := jpeg.Decode(&jb)
	if err != nil {
		t.Fatal(err)
	}
	pal := image.NewPaletted(image.Rect(0, 0, 300, 200), palette.Plan9)
	draw.Draw(pal, pal.Bounds(), mediatest.Gradient(300, 200, false), image.Point{}, draw.Src)
	gray16 := image.NewGray16(image.Rect(0, 0, 250, 180))
	for i := range gray16.Pix {
		gray16.Pix[i] = uint8(i * 7)
	}
	offset := mediatest.Gradient(120, 100, true).(*image.NRGBA).SubImage(image.Rect(10, 20, 110, 90))

	tests := []struct {
		name string
		src  image.Image
		w, h int
	}{
		{"NRGBA with alpha, shrink", nrgba, 100, 77},
		{"NRGBA, same size", nrgba, 333, 257},
		{"NRGBA, slight shrink", nrgba, 320, 247},
		{"YCbCr 4:2:0, shrink", ycbcr, 160, 119},
		{"paletted, shrink", pal, 97, 65},
		{"gray16, shrink", gray16, 61, 44},
		{"very wide", nrgba, 333, 3},
		{"very tall", nrgba, 2, 257},
		{"to one pixel", nrgba, 1, 1},
		{"sub-image not at the origin", offset, 37, 26},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := resize(tc.src, tc.w, tc.h)
			want := image.NewRGBA(image.Rect(0, 0, tc.w, tc.h))
			xdraw.CatmullRom.Scale(want, want.Bounds(), tc.src, tc.src.Bounds(), xdraw.Src, nil)
			worst := 0
			for i := range want.Pix {
				d := int(got.Pix[i]) - int(want.Pix[i])
				worst = max(worst, d, -d)
			}
			// Float rounding in a different order, on 8-bit output.
			if worst > 1 {
				t.Fatalf("differs from x/image/draw's CatmullRom by up to %d", worst)
			}
		})
	}
}

func TestResizeAllocatesWithinBound(t *testing.T) {
	src := mediatest.Gradient(2000, 1500, true)
	for _, sz := range [][2]int{{1600, 1200}, {480, 360}, {2000, 1500}, {1600, 1}, {1, 1200}} {
		got := mediatest.Allocated(func() { resize(src, sz[0], sz[1]) })
		bound := resizeBytes(2000, 1500, sz[0], sz[1])
		if got > bound {
			t.Errorf("resize to %v allocated %d, bound %d", sz, got, bound)
		}
	}
}

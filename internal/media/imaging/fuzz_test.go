package imaging

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"

	"carta/internal/apperr"
)

// maxFuzzCost keeps a fuzzed image's decode within what a short fuzz run
// can afford; the pipeline charges Cost to its decode budget the same way.
const maxFuzzCost = 64 << 20

// FuzzImage sniffs, inspects and decodes fuzzed files as the upload
// pipeline does. Invariants: never panics; every refusal is a 400
// (Invalid); an inspected image has a positive cost; a processed image
// gives a full size (and maybe a card) that decode again, in the format
// its extension names, within FullSize.
func FuzzImage(f *testing.F) {
	for _, seed := range fuzzSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		format := Sniff(data)
		if format != Sniff(data) {
			t.Fatal("sniffing is not deterministic")
		}
		switch format {
		case GIF:
			info, err := InspectGIF(data)
			if err != nil {
				invalid(t, err)
				return
			}
			if info.Cost <= 0 {
				t.Fatalf("GIF cost %d", info.Cost)
			}
			if info.Cost <= maxFuzzCost {
				if err := DecodeGIF(data); err != nil {
					invalid(t, err)
				}
			}
		case JPEG, PNG, WebP:
			info, err := Inspect(format, data)
			if err != nil {
				invalid(t, err)
				return
			}
			if info.Cost <= 0 {
				t.Fatalf("image cost %d", info.Cost)
			}
			if info.Cost > maxFuzzCost {
				return
			}
			full, card, ext, ctype, err := info.Process(data)
			if err != nil {
				invalid(t, err)
				return
			}
			for _, out := range [][]byte{full, card} {
				if out == nil {
					continue
				}
				cfg, kind, err := image.DecodeConfig(bytes.NewReader(out))
				if err != nil || map[string]string{"jpeg": ".jpg", "png": ".png"}[kind] != ext || "image/"+kind != ctype {
					t.Fatalf("output %s %s does not decode as itself: %v (%s)", ext, ctype, err, kind)
				}
				if cfg.Width > FullSize || cfg.Height > FullSize || cfg.Width < 1 || cfg.Height < 1 {
					t.Fatalf("output of %dx%d", cfg.Width, cfg.Height)
				}
			}
		default:
			if _, err := Inspect(format, data); err == nil {
				t.Fatal("an unsupported format was inspected")
			}
		}
	})
}

func invalid(t *testing.T, err error) {
	t.Helper()
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.Invalid {
		t.Fatalf("refusal is not a 400: %v", err)
	}
}

// fuzzSeeds are small valid files of each format the pipeline decodes,
// plus the magic bytes of each format alone.
func fuzzSeeds(tb testing.TB) [][]byte {
	img := image.NewNRGBA(image.Rect(0, 0, 9, 5))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	var p, j, g bytes.Buffer
	if err := png.Encode(&p, img); err != nil {
		tb.Fatal(err)
	}
	if err := jpeg.Encode(&j, img, nil); err != nil {
		tb.Fatal(err)
	}
	pal := image.NewPaletted(image.Rect(0, 0, 4, 3), color.Palette{color.Black, color.White})
	if err := gif.EncodeAll(&g, &gif.GIF{Image: []*image.Paletted{pal, pal}, Delay: []int{1, 1}}); err != nil {
		tb.Fatal(err)
	}
	return [][]byte{p.Bytes(), j.Bytes(), g.Bytes(),
		[]byte("\x89PNG\r\n\x1a\n"), {0xFF, 0xD8, 0xFF}, []byte("GIF89a"), []byte("RIFF\x00\x00\x00\x00WEBPVP8 "),
		[]byte("\x00\x00\x00\x18ftypisom"), {0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x84, 'w', 'e', 'b', 'm'}}
}

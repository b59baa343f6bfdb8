package imaging

import (
	"bytes"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"testing"

	"carta/internal/media/mediatest"
)

func TestImageBytesBoundsAllocation(t *testing.T) {
	const w, h = 800, 600 // under FullSize: no resizing, the decode dominates
	grayA := color.NRGBA{G: 200, A: 255}
	jpegs := func(name string, s mediatest.JPEGSpec) []struct {
		name string
		data []byte
	} {
		base := s
		prog := s
		prog.Progressive = true
		return []struct {
			name string
			data []byte
		}{
			{"JPEG " + name, mediatest.FlatJPEG(w, h, base)},
			{"JPEG progressive " + name, mediatest.FlatJPEG(w, h, prog)},
		}
	}
	type fixture = struct {
		name string
		data []byte
	}
	var cases []fixture
	for _, c := range []struct {
		name             string
		depth, colorType byte
		trns             bool
	}{
		{"grey 1-bit", 1, 0, false},
		{"grey 8-bit", 8, 0, false},
		{"grey 8-bit tRNS", 8, 0, true},
		{"grey 16-bit", 16, 0, false},
		{"grey 16-bit tRNS", 16, 0, true},
		{"grey+alpha 8-bit", 8, 4, false},
		{"grey+alpha 16-bit", 16, 4, false},
		{"RGB 8-bit", 8, 2, false},
		{"RGB 8-bit tRNS", 8, 2, true},
		{"RGB 16-bit", 16, 2, false},
		{"RGB 16-bit tRNS", 16, 2, true},
		{"RGBA 8-bit", 8, 6, false},
		{"RGBA 16-bit", 16, 6, false},
		{"paletted 4-bit", 4, 3, false},
		{"paletted 8-bit tRNS", 8, 3, true},
	} {
		cases = append(cases,
			fixture{"PNG " + c.name, mediatest.RawPNG(t, w, h, c.depth, c.colorType, false, c.trns)},
			fixture{"PNG interlaced " + c.name, mediatest.RawPNG(t, w, h, c.depth, c.colorType, true, c.trns)})
	}
	cases = append(cases, fixture{"PNG from image/png", mediatest.PNG(t, w, h, true)})
	cases = append(cases, fixture{"JPEG from image/jpeg", mediatest.JPEG(t, w, h)})
	cases = append(cases, jpegs("grey", mediatest.JPEGSpec{IDs: []byte{1}, HV: []byte{0x11}, Adobe: -1})...)
	cases = append(cases, jpegs("4:4:4", mediatest.JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x11, 0x11, 0x11}, Adobe: -1})...)
	cases = append(cases, jpegs("4:2:2", mediatest.JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x21, 0x11, 0x11}, Adobe: -1})...)
	cases = append(cases, jpegs("4:2:0", mediatest.JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x22, 0x11, 0x11}, Adobe: -1})...)
	cases = append(cases, jpegs("4:4:0", mediatest.JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x12, 0x11, 0x11}, Adobe: -1})...)
	cases = append(cases, jpegs("4:1:1", mediatest.JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x41, 0x11, 0x11}, Adobe: -1})...)
	cases = append(cases, jpegs("4:1:0", mediatest.JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x42, 0x11, 0x11}, Adobe: -1})...)
	cases = append(cases, jpegs("RGB by ids", mediatest.JPEGSpec{IDs: []byte{'R', 'G', 'B'}, HV: []byte{0x11, 0x11, 0x11}, Adobe: -1})...)
	cases = append(cases, jpegs("RGB by Adobe", mediatest.JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x11, 0x11, 0x11}, Adobe: 0})...)
	cases = append(cases, jpegs("YCbCr by Adobe", mediatest.JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x22, 0x11, 0x11}, Adobe: 1})...)
	cases = append(cases, jpegs("CMYK", mediatest.JPEGSpec{IDs: []byte{1, 2, 3, 4}, HV: []byte{0x11, 0x11, 0x11, 0x11}, Adobe: 0})...)
	cases = append(cases, jpegs("YCCK 2x2", mediatest.JPEGSpec{IDs: []byte{1, 2, 3, 4}, HV: []byte{0x22, 0x11, 0x11, 0x22}, Adobe: 2})...)
	cases = append(cases,
		fixture{"WebP lossy", mediatest.RIFFWebP(mediatest.FlatVP8(w, h))},
		fixture{"WebP lossy in VP8X", mediatest.RIFFWebP(mediatest.VP8X(w, h, false), mediatest.FlatVP8(w, h))},
		fixture{"WebP lossy, raw alpha", mediatest.RIFFWebP(mediatest.VP8X(w, h, true), mediatest.ALPHChunk(w, h, false), mediatest.FlatVP8(w, h))},
		fixture{"WebP lossy, lossless alpha", mediatest.RIFFWebP(mediatest.VP8X(w, h, true), mediatest.ALPHChunk(w, h, true), mediatest.FlatVP8(w, h))},
		fixture{"WebP lossless", mediatest.RIFFWebP(mediatest.FlatVP8L(w, h, grayA))},
		fixture{"WebP lossless in VP8X", mediatest.RIFFWebP(mediatest.VP8X(w, h, true), mediatest.FlatVP8L(w, h, color.NRGBA{G: 9, A: 100}))},
	)

	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := Sniff(tc.data)
			img, err := Inspect(f, tc.data)
			if err != nil {
				t.Fatal(err)
			}
			var decodeErr error
			decoded := mediatest.Allocated(func() { _, decodeErr = img.decode(bytes.NewReader(tc.data)) })
			if decodeErr != nil {
				t.Fatalf("fixture does not decode: %v", decodeErr)
			}
			var processErr error
			total := mediatest.Allocated(func() { _, _, _, _, processErr = img.Process(tc.data) })
			if processErr != nil {
				t.Fatal(processErr)
			}
			decodeEst := img.Cost - processBytes(w, h)
			// A lossless WebP is charged the worst case of its Huffman
			// trees, which the header cannot tell; the rest must be tight.
			var fixed int64
			if info, _ := parseWebP(tc.data); f == WebP && (info.lossless || info.alphaLossless) {
				fixed = vp8lMaxGroups * (vp8lGroupBytes + vp8lGroupGarbage)
			}
			t.Logf("decode %d, estimate %d (%.2fx); with processing %d, estimate %d (%.2fx)",
				decoded, decodeEst, float64(decodeEst-fixed)/float64(decoded),
				total, img.Cost, float64(img.Cost-fixed)/float64(total))
			if decoded > decodeEst {
				t.Errorf("decoding allocated %d, more than the estimate %d", decoded, decodeEst)
			}
			if total > img.Cost {
				t.Errorf("processing allocated %d, more than the estimate %d", total, img.Cost)
			}
			if img.Cost-fixed > 3*total {
				t.Errorf("estimate %d is more than 3x the %d allocated", img.Cost-fixed, total)
			}
		})
	}
}

func TestImageBytesBoundsResizing(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"JPEG 4:2:0 2400x1800", mediatest.JPEG(t, 2400, 1800)},
		{"JPEG progressive 4:4:4 3000x500", mediatest.FlatJPEG(3000, 500, mediatest.JPEGSpec{Progressive: true, IDs: []byte{1, 2, 3}, HV: []byte{0x11, 0x11, 0x11}, Adobe: -1})},
		{"PNG RGBA 2000x2600", mediatest.RawPNG(t, 2000, 2600, 8, 6, false, false)},
		{"PNG interlaced 16-bit 1700x1700", mediatest.RawPNG(t, 1700, 1700, 16, 6, true, false)},
		{"WebP lossy 2100x900", mediatest.RIFFWebP(mediatest.FlatVP8(2100, 900))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, err := Inspect(Sniff(tc.data), tc.data)
			if err != nil {
				t.Fatal(err)
			}
			var processErr error
			total := mediatest.Allocated(func() { _, _, _, _, processErr = img.Process(tc.data) })
			if processErr != nil {
				t.Fatal(processErr)
			}
			t.Logf("allocated %d, estimate %d (%.2fx)", total, img.Cost, float64(img.Cost)/float64(total))
			if total > img.Cost || img.Cost > 3*total {
				t.Errorf("allocated %d, estimate %d", total, img.Cost)
			}
		})
	}
}

func TestGIFBytesBoundsAllocation(t *testing.T) {
	transparent := func() []byte {
		g := &gif.GIF{}
		for i := 0; i < 4; i++ {
			f := image.NewPaletted(image.Rect(0, 0, 300, 200), palette.WebSafe)
			g.Image = append(g.Image, f)
			g.Delay = append(g.Delay, 5)
		}
		var buf bytes.Buffer
		if err := gif.EncodeAll(&buf, g); err != nil {
			t.Fatal(err)
		}
		b := buf.Bytes()
		// A graphic control extension with a transparent index before
		// each frame makes image/gif copy the palette per frame.
		gce := []byte{0x21, 0xF9, 4, 1, 5, 0, 7, 0}
		return bytes.ReplaceAll(b, []byte{0x21, 0xF9, 4, 0, 5, 0, 0, 0}, gce)
	}()
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"still", mediatest.GIF(t, 800, 600, 1)},
		{"three frames", mediatest.GIF(t, 400, 300, 3)},
		{"interlaced", interlaceGIF(t, mediatest.GIF(t, 400, 300, 3))},
		{"transparent index", transparent},
		{"400 small frames", mediatest.GIF(t, 20, 20, 400)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := gifScan(tc.data)
			if err != nil {
				t.Fatal(err)
			}
			var decodeErr error
			got := mediatest.Allocated(func() { _, decodeErr = gif.DecodeAll(bytes.NewReader(tc.data)) })
			if decodeErr != nil {
				t.Fatal(decodeErr)
			}
			est := gifBytes(g)
			t.Logf("%d frames: allocated %d, estimate %d (%.2fx)", g.frames, got, est, float64(est)/float64(got))
			if got > est || est > 3*got {
				t.Errorf("allocated %d, estimate %d", got, est)
			}
		})
	}
}

// Package mediatest builds the files the tests of media and media/imaging
// upload: images, GIFs and videos, generated here so no binary files live in
// the repo, among them layouts the standard encoders cannot write, built by
// hand. Only tests import it.
package mediatest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"image/jpeg"
	"image/png"
	"runtime"
	"testing"
)

// ---- images the standard encoders write ----

// Gradient is a w x h NRGBA gradient, transparent towards the left when
// alpha is set.
func Gradient(w, h int, alpha bool) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			a := uint8(255)
			if alpha && x < w/2 {
				a = uint8(x * 255 / w)
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x + y) % 256), a})
		}
	}
	return img
}

// JPEG is a Gradient encoded by image/jpeg at quality 90.
func JPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, Gradient(w, h, false), &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// PNG is a Gradient encoded by image/png.
func PNG(t testing.TB, w, h int, alpha bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, Gradient(w, h, alpha)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// GIF is an animation of the given number of w x h frames, each a different
// pattern of the Plan 9 palette.
func GIF(t testing.TB, w, h, frames int) []byte {
	t.Helper()
	g := &gif.GIF{}
	for i := 0; i < frames; i++ {
		f := image.NewPaletted(image.Rect(0, 0, w, h), palette.Plan9)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				f.SetColorIndex(x, y, uint8((x+y+i*7)%256))
			}
		}
		g.Image = append(g.Image, f)
		g.Delay = append(g.Delay, 10)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, g); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// RepeatedGIF is a GIF of n copies of one flat w x h frame, built by
// repeating its image block between the header and the trailer: a huge
// animation in a small file, quick to build.
func RepeatedGIF(t testing.TB, w, h, n int) []byte {
	t.Helper()
	var buf bytes.Buffer
	flat := image.NewPaletted(image.Rect(0, 0, w, h), palette.Plan9)
	if err := gif.Encode(&buf, flat, nil); err != nil {
		t.Fatal(err)
	}
	one := buf.Bytes()
	start := 13 + 3<<(int(one[10]&7)+1)
	if one[10]&0x80 == 0 || one[start] != 0x2C || one[len(one)-1] != 0x3B {
		t.Fatalf("unexpected GIF layout at %d", start)
	}
	many := append([]byte{}, one[:start]...)
	for i := 0; i < n; i++ {
		many = append(many, one[start:len(one)-1]...)
	}
	return append(many, 0x3B)
}

// ---- files the standard encoders cannot write, built by hand ----

func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(append([]byte(typ), data...)))
}

// RawPNG is a valid PNG of w x h with the given bit depth and colour type,
// every sample zero, optionally Adam7-interlaced and with a tRNS chunk. The
// image data is zeros compressed by zlib, so even a huge image is a small
// file.
func RawPNG(t testing.TB, w, h int, depth, colorType byte, interlace, trns bool) []byte {
	t.Helper()
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	il := byte(0)
	if interlace {
		il = 1
	}
	ihdr = append(ihdr, depth, colorType, 0, 0, il)
	b := []byte("\x89PNG\r\n\x1a\n")
	b = append(b, pngChunk("IHDR", ihdr)...)
	if colorType == 3 {
		n := min(256, 1<<depth)
		plte := make([]byte, 3*n)
		for i := range plte {
			plte[i] = byte(i / 3 * 255 / max(1, n-1))
		}
		b = append(b, pngChunk("PLTE", plte)...)
	}
	if trns {
		switch colorType {
		case 0:
			b = append(b, pngChunk("tRNS", []byte{0, 0})...)
		case 2:
			b = append(b, pngChunk("tRNS", make([]byte, 6))...)
		case 3:
			b = append(b, pngChunk("tRNS", []byte{0})...)
		}
	}
	bits := int64(depth) * map[byte]int64{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colorType]
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zeros := make([]byte, 1<<20)
	write := func(n int64) {
		for n > 0 {
			k := min(n, int64(len(zeros)))
			if _, err := zw.Write(zeros[:k]); err != nil {
				t.Fatal(err)
			}
			n -= k
		}
	}
	passes := [][4]int{{0, 0, 1, 1}} // x, y offset, x, y step
	if interlace {
		passes = [][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}
	}
	for _, p := range passes {
		pw := (w - p[0] + p[2] - 1) / p[2]
		ph := (h - p[1] + p[3] - 1) / p[3]
		if pw > 0 && ph > 0 {
			write(int64(ph) * (1 + (bits*int64(pw)+7)/8))
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	b = append(b, pngChunk("IDAT", z.Bytes())...)
	return append(b, pngChunk("IEND", nil)...)
}

// PNGHead is only a PNG's header, IHDR with the given layout and a junk
// IDAT: enough for DecodeConfig and the estimate, not for decoding.
func PNGHead(w, h int, depth, colorType byte) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, depth, colorType, 0, 0, 0)
	b := []byte("\x89PNG\r\n\x1a\n")
	b = append(b, pngChunk("IHDR", ihdr)...)
	return append(b, pngChunk("IDAT", []byte("not zlib at all"))...)
}

// JPEGSpec describes a flat JPEG for FlatJPEG.
type JPEGSpec struct {
	Progressive bool
	IDs, HV     []byte // component identifiers and sampling factors
	Adobe       int    // APP14 transform, -1 for no APP14 segment
}

// FlatJPEG is a valid JPEG of w x h with any layout image/jpeg reads
// (image/jpeg only writes baseline 4:2:0 or grey): every block has DC
// difference 0 and no AC coefficients, coded with one-symbol Huffman tables,
// so the entropy-coded data is all zero bits.
func FlatJPEG(w, h int, s JPEGSpec) []byte {
	seg := func(marker byte, data []byte) []byte {
		b := []byte{0xFF, marker, 0, 0}
		binary.BigEndian.PutUint16(b[2:], uint16(len(data)+2))
		return append(b, data...)
	}
	b := []byte{0xFF, 0xD8}
	if s.Adobe >= 0 {
		b = append(b, seg(0xEE, append([]byte("Adobe\x00\x64\x00\x00\x00\x00"), byte(s.Adobe)))...)
	}
	b = append(b, seg(0xDB, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...))...)
	n := len(s.IDs)
	sof := []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), byte(n)}
	hmax, vmax := 1, 1
	for i := range n {
		sof = append(sof, s.IDs[i], s.HV[i], 0)
		hmax, vmax = max(hmax, int(s.HV[i]>>4)), max(vmax, int(s.HV[i]&15))
	}
	marker := byte(0xC0)
	if s.Progressive {
		marker = 0xC2
	}
	b = append(b, seg(marker, sof)...)
	one := append([]byte{1}, make([]byte, 15)...) // one code, of length 1
	b = append(b, seg(0xC4, append(append([]byte{0x00}, one...), 0x00))...)
	b = append(b, seg(0xC4, append(append([]byte{0x10}, one...), 0x00))...)
	// Enough zero bytes for any scan: 2 bits per block, padded to whole MCUs.
	mcus := ((w + 8*hmax - 1) / (8 * hmax)) * ((h + 8*vmax - 1) / (8 * vmax))
	zeros := make([]byte, mcus*hmax*vmax*n/4+64)
	sos := func(ids []byte, ss, se byte) {
		d := []byte{byte(len(ids))}
		for _, id := range ids {
			d = append(d, id, 0x00)
		}
		b = append(b, seg(0xDA, append(d, ss, se, 0))...)
		b = append(b, zeros...)
	}
	if !s.Progressive {
		sos(s.IDs, 0, 63)
	} else {
		sos(s.IDs, 0, 0)
		for _, id := range s.IDs {
			sos([]byte{id}, 1, 63)
		}
	}
	return append(b, 0xFF, 0xD9)
}

// RIFFWebP wraps chunks in a RIFF WEBP container.
func RIFFWebP(chunks ...[]byte) []byte {
	var body []byte
	for _, c := range chunks {
		body = append(body, c...)
	}
	b := []byte("RIFF")
	b = binary.LittleEndian.AppendUint32(b, uint32(4+len(body)))
	return append(append(b, "WEBP"...), body...)
}

func riffChunk(id string, data []byte) []byte {
	b := binary.LittleEndian.AppendUint32([]byte(id), uint32(len(data)))
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

// FlatVP8 is a VP8 key frame of w x h whose two partitions are all zero
// bytes: a boolean decoder reading zeros gets 0 for every bit whatever its
// probability, which here means no segments, no loop filter, quantiser 0,
// no probability updates, and every macroblock B_PRED with DC sub-blocks and
// no coefficients (end of block at once). A flat grey picture.
func FlatVP8(w, h int) []byte {
	mbs := ((w + 15) / 16) * ((h + 15) / 16)
	first := make([]byte, 256+8*mbs)
	tokens := make([]byte, 256+8*mbs)
	n := len(first)
	b := []byte{byte(0x10 | (n&7)<<5), byte(n >> 3), byte(n >> 11)} // key frame, shown
	b = append(b, 0x9d, 0x01, 0x2a, byte(w), byte(w>>8&0x3f), byte(h), byte(h>>8&0x3f))
	b = append(b, first...)
	return riffChunk("VP8 ", append(b, tokens...))
}

// VP8X is an extended-format header chunk for a w x h image, flagged as
// having alpha when alpha is set.
func VP8X(w, h int, alpha bool) []byte {
	d := make([]byte, 10)
	if alpha {
		d[0] = 0x10
	}
	d[4], d[5], d[6] = byte(w-1), byte((w-1)>>8), byte((w-1)>>16)
	d[7], d[8], d[9] = byte(h-1), byte((h-1)>>8), byte((h-1)>>16)
	return riffChunk("VP8X", d)
}

type bitWriter struct {
	b   []byte
	acc uint64
	n   uint
}

func (w *bitWriter) put(v uint32, n uint) {
	w.acc |= uint64(v) << w.n
	w.n += n
	for w.n >= 8 {
		w.b = append(w.b, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

func (w *bitWriter) bytes() []byte {
	if w.n > 0 {
		return append(w.b, byte(w.acc))
	}
	return w.b
}

// vp8lBody is a VP8L image body (after the header) of one colour: no
// transforms, no colour cache, one group of five one-symbol Huffman trees,
// so each pixel takes no bits at all.
func vp8lBody(bw *bitWriter, c color.NRGBA) {
	bw.put(0, 1) // no transform
	bw.put(0, 1) // no colour cache
	bw.put(0, 1) // no meta Huffman image
	for _, sym := range []uint8{c.G, c.R, c.B, c.A, 0} {
		bw.put(1, 1) // simple code
		bw.put(0, 1) // one symbol
		bw.put(1, 1) // of 8 bits
		bw.put(uint32(sym), 8)
	}
}

// FlatVP8L is a lossless VP8L image of w x h, every pixel c.
func FlatVP8L(w, h int, c color.NRGBA) []byte {
	var bw bitWriter
	bw.put(0x2f, 8)
	bw.put(uint32(w-1), 14)
	bw.put(uint32(h-1), 14)
	bw.put(1, 1) // alpha is used
	bw.put(0, 3) // version
	vp8lBody(&bw, c)
	return riffChunk("VP8L", bw.bytes())
}

// ALPHChunk is an ALPH chunk of w x h: raw bytes, or VP8L-compressed.
func ALPHChunk(w, h int, lossless bool) []byte {
	if !lossless {
		return riffChunk("ALPH", append([]byte{0}, bytes.Repeat([]byte{128}, w*h)...))
	}
	bw := bitWriter{b: []byte{1}}
	vp8lBody(&bw, color.NRGBA{G: 128})
	return riffChunk("ALPH", bw.bytes())
}

// ---- videos ----

// FakeMP4 is an ftyp box with major brand brand and an mdat of filler:
// enough to be sniffed, not to be played.
func FakeMP4(brand string) []byte {
	b := []byte{0, 0, 0, 0x18}
	b = append(b, "ftyp"+brand+"\x00\x00\x02\x00isomiso2"...)
	mdat := bytes.Repeat([]byte{0x42, 0x13}, 500)
	b = binary.BigEndian.AppendUint32(b, uint32(8+len(mdat)))
	b = append(b, "mdat"...)
	return append(b, mdat...)
}

// FakeWebM is an EBML header with the given DocType and a Segment of
// unknown size with filler: enough to be sniffed, not to be played.
func FakeWebM(docType string) []byte {
	el := func(id []byte, data []byte) []byte {
		b := append([]byte{}, id...)
		b = append(b, 0x80|byte(len(data)))
		return append(b, data...)
	}
	var hdr []byte
	hdr = append(hdr, el([]byte{0x42, 0x86}, []byte{1})...)
	hdr = append(hdr, el([]byte{0x42, 0xF7}, []byte{1})...)
	hdr = append(hdr, el([]byte{0x42, 0xF2}, []byte{4})...)
	hdr = append(hdr, el([]byte{0x42, 0xF3}, []byte{8})...)
	hdr = append(hdr, el([]byte{0x42, 0x82}, []byte(docType))...)
	hdr = append(hdr, el([]byte{0x42, 0x87}, []byte{4})...)
	hdr = append(hdr, el([]byte{0x42, 0x85}, []byte{2})...)
	b := append([]byte{0x1A, 0x45, 0xDF, 0xA3, 0x80 | byte(len(hdr))}, hdr...)
	b = append(b, 0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF) // Segment, unknown size
	return append(b, bytes.Repeat([]byte{0xA3, 0x00}, 400)...)
}

// ---- measuring ----

// Allocated is what f allocates, garbage included.
func Allocated(f func()) int64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

package imaging

import (
	"bytes"
	"encoding/binary"
)

// The upload pipeline's decode budget needs, before any pixel is decoded, an
// upper bound of the memory an upload will take: ImageInfo.Cost and
// GIFInfo.Cost. Everything here is worked out from the header bytes alone,
// following how each decoder sizes its buffers (image/png, image/jpeg,
// image/gif, golang.org/x/image/webp at the versions in go.mod); where a
// header leaves a choice open, the larger one is counted. The bounds are of
// bytes allocated, garbage included, so they also bound the peak.

// decoderState is an allowance for a decoder's fixed state: Huffman and
// quantisation tables, the zlib window, read buffers, palettes.
const decoderState = 128 << 10

// mem rounds an allocation of n bytes up the way the Go allocator does, or
// a little more: size classes step by at most 1/8 below 32 KiB, and larger
// objects take whole 8 KiB pages.
func mem(n int64) int64 {
	if n <= 0 {
		return 0
	}
	if n <= 32<<10 {
		return n + n/8 + 16
	}
	return (n + 8191) &^ 8191
}

// imageBytes bounds what processing an image of format f and size w x h
// allocates: decoding it, then the resized copies and the encoded files.
func imageBytes(f Format, data []byte, w, h int) int64 {
	var n int64
	switch f {
	case PNG:
		n = pngBytes(data, w, h)
	case JPEG:
		n = jpegBytes(data, w, h)
	case WebP:
		n = webpBytes(data, w, h)
	}
	return n + processBytes(w, h)
}

// processBytes bounds what ImageInfo.Process allocates after decoding a w x h
// image: the full-size copy, its encoding, and the same for the card.
func processBytes(w, h int) int64 {
	fw, fh := fit(w, h, FullSize)
	n := resizeBytes(w, h, fw, fh) + encodeBytes(fw, fh)
	if cw, ch := fit(fw, fh, CardSize); cw != fw || ch != fh {
		n += resizeBytes(fw, fh, cw, ch) + encodeBytes(cw, ch)
	}
	return n
}

// pngEncoderState is image/png's encoder without its rows: mostly the
// deflate compressor (about 850 KiB).
const pngEncoderState = 1 << 20

// encodeBytes bounds encode of a w x h image, JPEG or PNG (which one is only
// known after decoding): the output buffer, allocated once at its cap, and
// the encoder's state and rows.
func encodeBytes(w, h int) int64 {
	png := mem(pngCap(w, h)) + pngEncoderState + 8*mem(int64(1+4*w))
	jpg := mem(jpegCap(w, h)) + 16<<10
	return max(png, jpg)
}

// pngCap is the most image/png writes for a w x h RGBA image: the raw rows
// (filter byte and 4 bytes a pixel) when deflate cannot shrink them, plus
// stored-block, IDAT chunk and header overhead.
func pngCap(w, h int) int64 {
	raw := int64(h) * int64(1+4*w)
	return raw + raw/1024 + 4096
}

// jpegCap caps the JPEG of a w x h image at quality JPEGQuality: 4:2:0
// noise comes out at about 0.7 bytes a pixel, so 2 is far from reached.
func jpegCap(w, h int) int64 {
	return 2*int64(w)*int64(h) + 64<<10
}

// ---- PNG ----

// pngHeaderInfo is what image/png's buffers depend on: IHDR's bit depth,
// colour type and interlace method, and whether a tRNS chunk comes before
// the image data (a grey or truecolour image with one decodes to NRGBA or
// NRGBA64 instead of Gray, Gray16, RGBA or RGBA64).
type pngHeaderInfo struct {
	depth, colorType, interlace byte
	trns                        bool
}

// parsePNG reads IHDR and walks the chunks up to the first IDAT. ok is false
// when the layout is not the one image/png would accept.
func parsePNG(b []byte) (info pngHeaderInfo, ok bool) {
	if len(b) < 8+8+13 || string(b[12:16]) != "IHDR" {
		return info, false
	}
	info.depth, info.colorType, info.interlace = b[24], b[25], b[28]
	for i := 8; i+8 <= len(b); {
		n := int64(binary.BigEndian.Uint32(b[i:]))
		switch string(b[i+4 : i+8]) {
		case "IDAT":
			return info, true
		case "tRNS":
			info.trns = true
		}
		if n > int64(len(b)-i-12) {
			return info, false
		}
		i += 12 + int(n)
	}
	return info, false
}

// pngPixelBytes is the bytes per pixel of the image type image/png
// allocates, and the bits per pixel of its rows.
func pngPixelBytes(info pngHeaderInfo) (pixel, rowBits int64) {
	d := int64(info.depth)
	switch info.colorType {
	case 0: // grey: Gray or Gray16, NRGBA or NRGBA64 with tRNS
		switch {
		case d == 16 && info.trns:
			return 8, d
		case d == 16:
			return 2, d
		case info.trns:
			return 4, d
		}
		return 1, d
	case 2: // truecolour: RGBA or NRGBA, RGBA64 or NRGBA64
		if d == 16 {
			return 8, 3 * d
		}
		return 4, 3 * d
	case 3: // paletted
		return 1, d
	case 4: // grey and alpha: NRGBA or NRGBA64
		if d == 16 {
			return 8, 2 * d
		}
		return 4, 2 * d
	case 6: // truecolour and alpha: NRGBA or NRGBA64
		if d == 16 {
			return 8, 4 * d
		}
		return 4, 4 * d
	}
	return 8, 64
}

// adam7 are the Adam7 passes: x offset, y offset, x step, y step.
var adam7 = [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}

// pngBytes bounds image/png's Decode: the image, the current and previous
// row, and for an interlaced image the full image plus one image per pass.
func pngBytes(data []byte, w, h int) int64 {
	info, ok := parsePNG(data)
	if !ok {
		// Assume the costliest layout for the size: interlaced 16-bit.
		info = pngHeaderInfo{depth: 16, colorType: 6, interlace: 1, trns: true}
	}
	px, bits := pngPixelBytes(info)
	rows := func(w int) int64 { return 2 * mem(1+(bits*int64(w)+7)/8) }
	n := int64(decoderState) + mem(px*int64(w)*int64(h))
	if info.interlace == 0 {
		return n + rows(w)
	}
	for _, p := range adam7 {
		pw := (w - p[0] + p[2] - 1) / p[2]
		ph := (h - p[1] + p[3] - 1) / p[3]
		if pw > 0 && ph > 0 {
			n += mem(px*int64(pw)*int64(ph)) + rows(pw)
		}
	}
	return n
}

// ---- JPEG ----

// jpegHeaderInfo is what image/jpeg's buffers depend on, from the frame
// header (SOF): progressive or not, the components and their sampling
// factors (as the decoder normalises them).
type jpegHeaderInfo struct {
	progressive bool
	nComp       int
	id          [4]byte
	h, v        [4]int
}

// parseJPEG walks the markers the way image/jpeg does up to the first SOS
// and reads the frame header. ok is false when no SOF0/1/2 with 1, 3 or 4
// components comes before it.
func parseJPEG(b []byte) (info jpegHeaderInfo, ok bool) {
	if len(b) < 2 || b[0] != 0xFF || b[1] != 0xD8 {
		return info, false
	}
	i := 2
	for {
		// Skip anything up to a marker, as the decoder does.
		for i < len(b) && b[i] != 0xFF {
			i++
		}
		for i < len(b) && b[i] == 0xFF {
			i++
		}
		if i >= len(b) {
			return info, false
		}
		marker := b[i]
		i++
		switch {
		case marker == 0x00 || (0xD0 <= marker && marker <= 0xD7):
			continue // stuffed byte or stray restart marker
		case marker == 0xD9: // EOI
			return info, false
		}
		if i+2 > len(b) {
			return info, false
		}
		n := int(b[i])<<8 | int(b[i+1])
		if n < 2 || i+n > len(b) {
			return info, false
		}
		seg := b[i+2 : i+n]
		i += n
		switch marker {
		case 0xC0, 0xC1, 0xC2:
			if info.nComp != 0 {
				return info, false
			}
			if len(seg) < 6 {
				return info, false
			}
			nc := int(seg[5])
			if (nc != 1 && nc != 3 && nc != 4) || len(seg) != 6+3*nc {
				return info, false
			}
			info.progressive = marker == 0xC2
			info.nComp = nc
			for c := 0; c < nc; c++ {
				hv := seg[7+3*c]
				info.id[c] = seg[6+3*c]
				info.h[c], info.v[c] = int(hv>>4), int(hv&0x0F)
				if nc == 1 {
					info.h[c], info.v[c] = 1, 1
				}
				if info.h[c] < 1 || info.h[c] > 4 || info.v[c] < 1 || info.v[c] > 4 {
					return info, false
				}
			}
		case 0xDA: // SOS: the image data starts
			return info, info.nComp != 0
		}
	}
}

// mayBeAdobeRGB reports whether an Adobe APP14 segment with transform 0
// ("unknown", meaning RGB) could be anywhere in b: image/jpeg reads APP14
// segments wherever they are, after the image data too, and the last one
// decides. False positives only overestimate.
func mayBeAdobeRGB(b []byte) bool {
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte("Adobe"))
		if j < 0 {
			return false
		}
		i += j
		if i+11 < len(b) && b[i+11] == 0 {
			return true
		}
		i++
	}
}

// jpegBytes bounds image/jpeg's Decode: the YCbCr (or Gray) image padded to
// whole MCUs, the black plane of a 4-component image, the RGBA or CMYK image
// a 4-component or RGB image is converted into, and for a progressive image
// the DCT coefficients of every block (256 bytes per 8x8 block).
func jpegBytes(data []byte, w, h int) int64 {
	info, ok := parseJPEG(data)
	if !ok {
		// Assume the costliest layout: progressive CMYK at full resolution.
		return decoderState + 24*int64(w+32)*int64(h+32)
	}
	n := int64(decoderState)
	if info.nComp == 1 {
		blocks := int64((w+7)/8) * int64((h+7)/8)
		n += mem(64 * blocks)
		if info.progressive {
			n += mem(256 * blocks)
		}
		return n
	}
	h0, v0 := info.h[0], info.v[0]
	mcus := int64((w+8*h0-1)/(8*h0)) * int64((h+8*v0-1)/(8*v0))
	samples := func(c int) int64 { return 64 * int64(info.h[c]*info.v[c]) * mcus }
	n += mem(samples(0) + 2*samples(1)) // image.NewYCbCr: one allocation
	if info.nComp == 4 {
		n += mem(samples(3)) + mem(4*int64(w)*int64(h))
	} else if (info.id[0] == 'R' && info.id[1] == 'G' && info.id[2] == 'B') || mayBeAdobeRGB(data) {
		n += mem(4 * int64(w) * int64(h))
	}
	if info.progressive {
		for c := 0; c < info.nComp; c++ {
			n += mem(4 * samples(c))
		}
	}
	return n
}

// ---- WebP ----

// webpHeaderInfo is which decoder golang.org/x/image/webp will run: VP8
// (lossy, YCbCr 4:2:0), VP8L (lossless, NRGBA), and for VP8 whether an ALPH
// chunk comes first and whether it is VP8L-compressed.
type webpHeaderInfo struct {
	lossless      bool
	alpha         bool
	alphaLossless bool
	chunk         int64 // the VP8 chunk's length, as claimed: the decoder reads it all
}

// parseWebP walks the RIFF chunks up to the first VP8 or VP8L chunk.
func parseWebP(b []byte) (info webpHeaderInfo, ok bool) {
	if len(b) < 12 {
		return info, false
	}
	for i := 12; i+8 <= len(b); {
		n := int64(binary.LittleEndian.Uint32(b[i+4:]))
		data := b[i+8:]
		switch string(b[i : i+4]) {
		case "ALPH":
			info.alpha = true
			info.alphaLossless = len(data) == 0 || data[0]&0x03 != 0
		case "VP8 ":
			info.chunk = n
			return info, true
		case "VP8L":
			info.lossless = true
			return info, true
		}
		if n > int64(len(b)-i-8) {
			return info, false
		}
		i += 8 + int(n) + int(n&1)
	}
	return info, false
}

// vp8MaxPartitions is the most x/image/vp8 reads into memory whatever the
// chunk claims: the first partition's length has 19 bits, and a last
// partition of 16 MiB or more is refused before it is allocated.
const vp8MaxPartitions = 1<<19 + 1<<24 + 64

// webpBytes bounds x/image/webp's Decode.
func webpBytes(data []byte, w, h int) int64 {
	info, ok := parseWebP(data)
	if !ok {
		lossy := vp8Bytes(w, h, vp8MaxPartitions) + mem(int64(w)*int64(h)) + vp8lBytes(w, h)
		return max(lossy, vp8lBytes(w, h))
	}
	if info.lossless {
		return vp8lBytes(w, h)
	}
	n := vp8Bytes(w, h, min(info.chunk, vp8MaxPartitions))
	if info.alpha {
		n += mem(int64(w) * int64(h)) // the alpha plane
		if info.alphaLossless {
			n += vp8lBytes(w, h) // decoded as a VP8L NRGBA image first
		}
	}
	return n
}

// vp8Bytes bounds golang.org/x/image/vp8: a 4:2:0 YCbCr image padded to
// whole 16x16 macroblocks, per-macroblock filter parameters and the
// partitions, read into memory (chunk bytes at most).
func vp8Bytes(w, h int, chunk int64) int64 {
	mbw, mbh := int64((w+15)/16), int64((h+15)/16)
	return decoderState + mem(384*mbw*mbh) + mem(4*mbw*mbh) + mem(6*mbw) + mem(chunk)
}

// VP8L decoding keeps Huffman trees whose number and size the header does
// not tell: up to 2600 groups of five trees (x/image/vp8l refuses more),
// only those used by some 4x4 or larger tile kept, each kept group at most
// 2680 bytes plus its nodes (2*2328-1 for green with the largest colour
// cache, 2*256-1 for red, blue and alpha, 2*40-1 for distance, 8 bytes each,
// rounded as allocated), and every decoded tree also leaving its code
// lengths and codes (8 bytes per symbol) and a small code-length tree as
// garbage. A crafted file of a few hundred KiB reaches this, so it is
// counted for every lossless WebP.
const (
	vp8lMaxGroups     = 2600
	vp8lGroupBytes    = 2680 + 40960 + 3*4096 + 640
	vp8lGroupGarbage  = 2*9472 + 6*1024 + 2*160 + 5*1024
	vp8lSubImageExtra = vp8lGroupBytes + vp8lGroupGarbage + 8192 // one group and a colour cache
)

// vp8lBytes bounds golang.org/x/image/vp8l's Decode of a w x h image: the
// pixels (4 bytes each), re-expanded to a new buffer when a colour-indexing
// transform packs several pixels a byte, the predictor, colour and
// meta-Huffman images (one pixel per 4x4 tile or larger), and the trees.
func vp8lBytes(w, h int) int64 {
	area := int64(w) * int64(h)
	tiles := int64((w+3)/4) * int64((h+3)/4)
	n := int64(decoderState)
	n += mem(4*area) + mem(2*int64(w+1)*int64(h))
	n += 3 * (mem(4*tiles) + vp8lSubImageExtra)
	n += mem(1024) + mem(8192) // palette and colour cache
	n += min(vp8lMaxGroups, tiles)*vp8lGroupBytes + vp8lMaxGroups*vp8lGroupGarbage + mem(2*vp8lMaxGroups)
	return n
}

// ---- GIF ----

// gifFrameBytes is what image/gif allocates per frame besides its pixels:
// an LZW reader (about 21 KiB), up to two 256-colour palettes and small
// structs.
const gifFrameBytes = 40 << 10

// gifBytes bounds image/gif's DecodeAll from the block walk: every frame's
// pixels (1 byte each, all frames are kept), a second buffer for each
// interlaced frame, and the per-frame state.
func gifBytes(g gifLayout) int64 {
	return decoderState + g.bytes + int64(g.frames)*gifFrameBytes
}

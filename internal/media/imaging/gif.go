package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image/gif"
)

// GIFInfo is a GIF checked from its header and block structure, not yet
// decoded.
type GIFInfo struct {
	Cost int64 // what DecodeGIF allocates at most, see gifBytes
}

// InspectGIF checks the screen size from the header and the total frame
// area from the block structure, so neither a huge frame nor thousands of
// frames get allocated, and works out what decoding every frame will cost.
// Nothing is decoded.
func InspectGIF(data []byte) (GIFInfo, error) {
	cfg, err := gif.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return GIFInfo{}, damaged(err)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return GIFInfo{}, ErrTooManyPixels
	}
	g, err := gifScan(data)
	if err != nil || g.frames == 0 {
		return GIFInfo{}, damaged(err)
	}
	if g.pixels > MaxGIFPixels {
		return GIFInfo{}, ErrTooManyFrames
	}
	return GIFInfo{Cost: gifBytes(g)}, nil
}

// DecodeGIF validates a GIF by decoding every frame: the block walk does not
// look inside the compressed data. Call it after InspectGIF, with its Cost
// reserved.
func DecodeGIF(data []byte) error {
	if _, err := gif.DecodeAll(bytes.NewReader(data)); err != nil {
		return damaged(err)
	}
	return nil
}

var errGIF = errors.New("malformed GIF")

// gifLayout is what the GIF block walk finds without decompressing anything.
type gifLayout struct {
	frames int
	pixels int64 // the area of all frames
	bytes  int64 // what image/gif allocates for their pixels (see gifBytes)
}

// gifPixels adds up the area of every frame by walking the GIF block
// structure without decompressing anything, so an animation of thousands of
// full-screen frames is refused before image/gif allocates them all.
func gifPixels(b []byte) (frames int, pixels int64, err error) {
	g, err := gifScan(b)
	return g.frames, g.pixels, err
}

// gifScan walks the GIF block structure: frames, their area, and the bytes
// image/gif will allocate for their pixels (a frame's pixels, and once more
// to undo the interlacing of an interlaced frame).
func gifScan(b []byte) (gifLayout, error) {
	var g gifLayout
	if len(b) < 13 {
		return gifLayout{}, errGIF
	}
	i := 13
	if b[10]&0x80 != 0 {
		i += 3 << (int(b[10]&7) + 1)
	}
	skipSubBlocks := func() error {
		for {
			if i >= len(b) {
				return errGIF
			}
			n := int(b[i])
			i += 1 + n
			if n == 0 {
				return nil
			}
		}
	}
	for {
		if i >= len(b) {
			return gifLayout{}, errGIF
		}
		switch b[i] {
		case 0x21: // extension: label then sub-blocks
			i += 2
			if err := skipSubBlocks(); err != nil {
				return gifLayout{}, err
			}
		case 0x2C: // image descriptor
			if i+10 > len(b) {
				return gifLayout{}, errGIF
			}
			w := int64(binary.LittleEndian.Uint16(b[i+5:]))
			h := int64(binary.LittleEndian.Uint16(b[i+7:]))
			packed := b[i+9]
			i += 10
			if packed&0x80 != 0 {
				i += 3 << (int(packed&7) + 1)
			}
			i++ // LZW minimum code size
			if err := skipSubBlocks(); err != nil {
				return gifLayout{}, err
			}
			g.frames++
			g.pixels += w * h
			g.bytes += mem(w * h)
			if packed&0x40 != 0 { // interlaced
				g.bytes += mem(w * h)
			}
		case 0x3B: // trailer
			return g, nil
		default:
			return gifLayout{}, errGIF
		}
	}
}

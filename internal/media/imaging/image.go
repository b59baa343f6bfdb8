package imaging

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/webp"

	"carta/internal/apperr"
)

// Limits and sizes.
const (
	// MaxPixels bounds an image's (or a GIF frame's) area, checked from the
	// header before anything is decoded. The memory a decode takes is bounded
	// by the pipeline's decode budget, charged the Cost worked out here,
	// which also counts the bytes per pixel; this is a coarse first check
	// that lets 48 and 50 MP phone photos through.
	MaxPixels = 50_000_000
	// MaxGIFPixels bounds the area of all frames of a GIF together.
	MaxGIFPixels = 100_000_000

	FullSize    = 1600 // "full" fits FullSize x FullSize
	CardSize    = 480  // "card" fits CardSize x CardSize
	JPEGQuality = 82
)

// Errors a client can cause. Each is an apperr Invalid error with the
// Spanish and English text; package media re-exports them.
var (
	ErrUnsupported   = apperr.E(apperr.Invalid, "Formato no soportado.", "Unsupported format.")
	ErrDamaged       = apperr.E(apperr.Invalid, "La imagen está dañada o incompleta.", "The image is damaged or incomplete.")
	ErrTooManyPixels = apperr.E(apperr.Invalid, "La imagen es demasiado grande (máximo 50 megapíxeles).", "The image is too large (maximum 50 megapixels).")
	ErrTooManyFrames = apperr.E(apperr.Invalid, "La animación es demasiado grande.", "The animation is too large.")
	// ErrTooLargeToProcess refuses an image whose decoding would take more
	// than the per-image budget, before any pixel is decoded.
	ErrTooLargeToProcess = apperr.E(apperr.Invalid,
		"La imagen es demasiado grande para procesarla. Redúcela o guárdala como JPEG.",
		"The image is too large to process. Make it smaller or save it as JPEG.")
)

func damaged(cause error) error {
	e := *ErrDamaged
	e.Err = cause
	return &e
}

// ImageInfo is an image checked from its header, not yet decoded.
type ImageInfo struct {
	decode func(io.Reader) (image.Image, error)
	Cost   int64 // what Process allocates at most, see imageBytes
}

// Inspect reads the header of an image of format f (JPEG, PNG or WebP): its
// size, which must be within MaxPixels, and from the header's layout what
// decoding and processing it will cost. Nothing is decoded.
func Inspect(f Format, data []byte) (ImageInfo, error) {
	var decodeConfig func(io.Reader) (image.Config, error)
	var decode func(io.Reader) (image.Image, error)
	switch f {
	case JPEG:
		decodeConfig, decode = jpeg.DecodeConfig, jpeg.Decode
	case PNG:
		decodeConfig, decode = png.DecodeConfig, png.Decode
	case WebP:
		decodeConfig, decode = webp.DecodeConfig, webp.Decode
	default:
		return ImageInfo{}, ErrUnsupported
	}
	cfg, err := decodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return ImageInfo{}, damaged(err)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return ImageInfo{}, ErrTooManyPixels
	}
	return ImageInfo{decode: decode, Cost: imageBytes(f, data, cfg.Width, cfg.Height)}, nil
}

// Process decodes the image and re-encodes a full and a card size, as JPEG
// (ext ".jpg") or, when it has transparency, PNG (".png"). card is nil when
// it would be the same as full, i.e. the image already fits the card size.
func (img ImageInfo) Process(data []byte) (full, card []byte, ext, ctype string, err error) {
	src, err := img.decode(bytes.NewReader(data))
	if err != nil {
		return nil, nil, "", "", damaged(err)
	}

	alpha := false
	if o, ok := src.(interface{ Opaque() bool }); ok {
		alpha = !o.Opaque()
	}
	ext, ctype = ".jpg", "image/jpeg"
	if alpha {
		ext, ctype = ".png", "image/png"
	}

	b := src.Bounds()
	fw, fh := fit(b.Dx(), b.Dy(), FullSize)
	fullImg := resize(src, fw, fh)
	if full, err = encode(fullImg, alpha); err != nil {
		return nil, nil, "", "", err
	}
	cw, ch := fit(fw, fh, CardSize)
	if cw == fw && ch == fh {
		return full, nil, ext, ctype, nil
	}
	// The card is scaled from the full size: cheaper, and as sharp.
	if card, err = encode(resize(fullImg, cw, ch), alpha); err != nil {
		return nil, nil, "", "", err
	}
	return full, card, ext, ctype, nil
}

// fit scales w x h down (never up) to fit box x box, keeping the aspect.
func fit(w, h, box int) (int, int) {
	if w <= box && h <= box {
		return w, h
	}
	if w >= h {
		return box, max(1, int(math.Round(float64(h)*float64(box)/float64(w))))
	}
	return max(1, int(math.Round(float64(w)*float64(box)/float64(h)))), box
}

// encode writes img as PNG (alpha) or JPEG into a buffer allocated once at
// the most that format can take (pngCap, jpegCap), so what encoding costs is
// known before decoding.
func encode(img *image.RGBA, alpha bool) ([]byte, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	var err error
	var out *capBuffer
	if alpha {
		out = &capBuffer{b: make([]byte, 0, pngCap(w, h))}
		err = png.Encode(out, img)
	} else {
		out = &capBuffer{b: make([]byte, 0, jpegCap(w, h))}
		err = jpeg.Encode(out, img, &jpeg.Options{Quality: JPEGQuality})
	}
	if errors.Is(err, errCapExceeded) {
		return nil, ErrTooLargeToProcess
	}
	if err != nil {
		return nil, fmt.Errorf("media: encode image: %w", err)
	}
	return out.b, nil
}

var errCapExceeded = errors.New("media: encoded image larger than its buffer")

// capBuffer is a writer into a slice that never grows past its capacity.
type capBuffer struct{ b []byte }

func (c *capBuffer) Write(p []byte) (int, error) {
	if len(p) > cap(c.b)-len(c.b) {
		return 0, errCapExceeded
	}
	c.b = append(c.b, p...)
	return len(p), nil
}

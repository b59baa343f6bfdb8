// Package media is the pipeline every upload in Carta goes through: it decides
// what a file is from its content (never its name or the client's
// Content-Type), re-encodes and resizes images so EXIF/GPS data and polyglot
// payloads do not survive, stores files under random content-hashed names and
// serves them with long-lived cache headers.
package media

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/webp"

	"carta/internal/apperr"
)

// Kind is the family of an upload; endpoints say which kinds they accept.
type Kind string

const (
	KindImage Kind = "image" // JPEG, PNG or WebP, re-encoded as JPEG or PNG
	KindGIF   Kind = "gif"   // animated or still GIF, stored as uploaded
	KindVideo Kind = "video" // MP4 or WebM, stored as uploaded
)

// Default limits and sizes.
const (
	DefaultMaxImageBytes = 10 << 20
	DefaultMaxGIFBytes   = 8 << 20
	DefaultMaxVideoBytes = 25 << 20
	DefaultURLPrefix     = "/media/"

	// MaxPixels bounds an image's (or a GIF frame's) area, checked from the
	// header before anything is decoded, against decompression bombs.
	MaxPixels = 40_000_000
	// MaxGIFPixels bounds the area of all frames of a GIF together.
	MaxGIFPixels = 100_000_000

	FullSize    = 1600 // "full" fits FullSize x FullSize
	CardSize    = 480  // "card" fits CardSize x CardSize
	JPEGQuality = 82

	// multipartSlack is room for the other fields and part headers of a
	// multipart form on top of the file itself.
	multipartSlack = 1 << 20
)

// Errors a client can cause. Each is an apperr Invalid error with the
// Spanish and English text; the too-large error carries its limit and is
// built per call.
var (
	ErrNoFile        = apperr.E(apperr.Invalid, "Selecciona un archivo.", "Choose a file.")
	ErrUnsupported   = apperr.E(apperr.Invalid, "Formato no soportado.", "Unsupported format.")
	ErrDamaged       = apperr.E(apperr.Invalid, "La imagen está dañada o incompleta.", "The image is damaged or incomplete.")
	ErrNotAllowed    = apperr.E(apperr.Invalid, "Tipo de archivo no permitido.", "File type not allowed.")
	ErrTooManyPixels = apperr.E(apperr.Invalid, "La imagen es demasiado grande (máximo 40 megapíxeles).", "The image is too large (maximum 40 megapixels).")
	ErrTooManyFrames = apperr.E(apperr.Invalid, "La animación es demasiado grande.", "The animation is too large.")
)

// tooLarge reports a file over limit bytes, with the limit in MB.
func tooLarge(limit int64) *apperr.Error {
	mb := float64(limit) / (1 << 20)
	n := strconv.FormatFloat(mb, 'f', -1, 64)
	if mb != math.Trunc(mb) {
		n = strconv.FormatFloat(mb, 'f', 1, 64)
	}
	return apperr.E(apperr.Invalid,
		"El archivo es demasiado grande (máximo "+n+" MB).",
		"The file is too large (maximum "+n+" MB).")
}

// Stored describes a saved upload; callers keep the URLs.
type Stored struct {
	Kind        Kind   `json:"kind"`
	URL         string `json:"url"`          // full size, e.g. "/media/3f9a...-c41d2e.jpg"
	CardURL     string `json:"card_url"`     // card size for images; same as URL for gif/video and small images
	ContentType string `json:"content_type"` // image/jpeg, image/png, image/gif, video/mp4, video/webm
}

// Pipeline validates, transforms and stores uploads. The zero limits mean
// the defaults, so a Pipeline{Store: disk} is ready to use.
type Pipeline struct {
	Store         Storage
	MaxImageBytes int64 // default 10 MiB when 0
	MaxVideoBytes int64 // default 25 MiB when 0
	MaxGIFBytes   int64 // default 8 MiB when 0
	URLPrefix     string
}

func (p *Pipeline) limit(k Kind) int64 {
	pick := func(v, def int64) int64 {
		if v > 0 {
			return v
		}
		return def
	}
	switch k {
	case KindImage:
		return pick(p.MaxImageBytes, DefaultMaxImageBytes)
	case KindGIF:
		return pick(p.MaxGIFBytes, DefaultMaxGIFBytes)
	case KindVideo:
		return pick(p.MaxVideoBytes, DefaultMaxVideoBytes)
	}
	return 0
}

func (p *Pipeline) prefix() string {
	if p.URLPrefix == "" {
		return DefaultURLPrefix
	}
	if !strings.HasSuffix(p.URLPrefix, "/") {
		return p.URLPrefix + "/"
	}
	return p.URLPrefix
}

// allowed returns the set of accepted kinds (every kind when none is given)
// and the largest byte limit among them, which bounds how much is read.
func (p *Pipeline) allowed(allow []Kind) (map[Kind]bool, int64) {
	if len(allow) == 0 {
		allow = []Kind{KindImage, KindGIF, KindVideo}
	}
	set := make(map[Kind]bool, len(allow))
	var largest int64
	for _, k := range allow {
		if l := p.limit(k); l > 0 {
			set[k] = true
			largest = max(largest, l)
		}
	}
	return set, largest
}

// Save reads the upload (never more than the largest allowed limit plus one
// byte), decides its type by content, refuses kinds not in allow (no kinds
// means every kind) and stores it. Images are decoded and re-encoded into a
// full and a card size; GIFs and videos are validated and stored as they
// are. On any error nothing is left in the store.
func (p *Pipeline) Save(ctx context.Context, r io.Reader, allow ...Kind) (Stored, error) {
	if p.Store == nil {
		return Stored{}, errors.New("media: pipeline has no store")
	}
	set, readMax := p.allowed(allow)
	if readMax == 0 {
		return Stored{}, ErrNotAllowed
	}
	data, err := io.ReadAll(io.LimitReader(r, readMax+1))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return Stored{}, tooLarge(readMax)
		}
		return Stored{}, fmt.Errorf("media: read upload: %w", err)
	}
	f := sniff(data)
	kind := f.kind()
	if kind == "" {
		return Stored{}, ErrUnsupported
	}
	if !set[kind] {
		return Stored{}, ErrNotAllowed
	}
	if limit := p.limit(kind); int64(len(data)) > limit {
		return Stored{}, tooLarge(limit)
	}

	var full, card []byte
	var ext, ctype string
	switch f {
	case formatJPEG, formatPNG, formatWebP:
		var err error
		full, card, ext, ctype, err = processImage(f, data)
		if err != nil {
			return Stored{}, err
		}
	case formatGIF:
		if err := checkGIF(data); err != nil {
			return Stored{}, err
		}
		full, ext, ctype = data, ".gif", "image/gif"
	case formatMP4:
		full, ext, ctype = data, ".mp4", "video/mp4"
	case formatWebM:
		full, ext, ctype = data, ".webm", "video/webm"
	}
	if err := ctx.Err(); err != nil {
		return Stored{}, err
	}
	return p.store(ctx, kind, full, card, ext, ctype)
}

// store writes the full file and then the card file, removing the first if
// the second fails, so a failed upload leaves nothing behind.
func (p *Pipeline) store(ctx context.Context, kind Kind, full, card []byte, ext, ctype string) (Stored, error) {
	fullName := newName(full, ext)
	if err := p.Store.Put(ctx, fullName, full, ctype); err != nil {
		return Stored{}, fmt.Errorf("media: store: %w", err)
	}
	s := Stored{Kind: kind, URL: p.prefix() + fullName, ContentType: ctype}
	s.CardURL = s.URL
	if card != nil {
		cardName := newName(card, ext)
		if err := p.Store.Put(ctx, cardName, card, ctype); err != nil {
			_ = p.Store.Delete(context.WithoutCancel(ctx), fullName)
			return Stored{}, fmt.Errorf("media: store card: %w", err)
		}
		s.CardURL = p.prefix() + cardName
	}
	return s, nil
}

// newName is 8 random bytes in hex, a dash, the first 12 hex digits of the
// SHA-256 of data, and ext: unguessable, content-hashed, never the client's.
func newName(data []byte, ext string) string {
	var rnd [8]byte
	_, _ = rand.Read(rnd[:]) // never fails since Go 1.24
	sum := sha256.Sum256(data)
	return hex.EncodeToString(rnd[:]) + "-" + hex.EncodeToString(sum[:])[:12] + ext
}

// processImage decodes the image (after checking its header's area) and
// re-encodes a full and a card size. card is nil when it would be the same
// as full, i.e. the image already fits the card size.
func processImage(f format, data []byte) (full, card []byte, ext, ctype string, err error) {
	var decodeConfig func(io.Reader) (image.Config, error)
	var decode func(io.Reader) (image.Image, error)
	switch f {
	case formatJPEG:
		decodeConfig, decode = jpeg.DecodeConfig, jpeg.Decode
	case formatPNG:
		decodeConfig, decode = png.DecodeConfig, png.Decode
	case formatWebP:
		decodeConfig, decode = webp.DecodeConfig, webp.Decode
	default:
		return nil, nil, "", "", ErrUnsupported
	}
	cfg, err := decodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, nil, "", "", damaged(err)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, nil, "", "", ErrTooManyPixels
	}
	src, err := decode(bytes.NewReader(data))
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

func damaged(cause error) error {
	e := *ErrDamaged
	e.Err = cause
	return &e
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

// resize draws src into a new w x h RGBA image; copying even at the same size
// means the encoder only ever sees decoded pixels, never the source bytes.
func resize(src image.Image, w, h int) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	b := src.Bounds()
	if b.Dx() == w && b.Dy() == h {
		xdraw.Draw(dst, dst.Bounds(), src, b.Min, xdraw.Src)
	} else {
		xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, b, xdraw.Src, nil)
	}
	return dst
}

func encode(img image.Image, alpha bool) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	if alpha {
		err = png.Encode(&buf, img)
	} else {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: JPEGQuality})
	}
	if err != nil {
		return nil, fmt.Errorf("media: encode image: %w", err)
	}
	return buf.Bytes(), nil
}

// checkGIF validates a GIF by decoding every frame, after checking the
// screen size from the header and the total frame area from the block
// structure, so neither a huge frame nor thousands of frames get allocated.
func checkGIF(data []byte) error {
	cfg, err := gif.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return damaged(err)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return ErrTooManyPixels
	}
	frames, pixels, err := gifPixels(data)
	if err != nil || frames == 0 {
		return damaged(err)
	}
	if pixels > MaxGIFPixels {
		return ErrTooManyFrames
	}
	if _, err := gif.DecodeAll(bytes.NewReader(data)); err != nil {
		return damaged(err)
	}
	return nil
}

// SaveMultipart saves the file in the named field of a multipart request,
// parsing the form (with the body bounded) when the caller has not yet.
func (p *Pipeline) SaveMultipart(r *http.Request, field string, allow ...Kind) (Stored, error) {
	_, readMax := p.allowed(allow)
	if r.MultipartForm == nil && r.Body != nil {
		r.Body = http.MaxBytesReader(nil, r.Body, readMax+multipartSlack)
	}
	file, _, err := r.FormFile(field)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return Stored{}, tooLarge(readMax)
		}
		e := *ErrNoFile
		e.Err = err
		return Stored{}, &e
	}
	defer file.Close()
	return p.Save(r.Context(), file, allow...)
}

// name returns the stored name behind a pipeline URL.
func (p *Pipeline) name(url string) (string, bool) {
	name, ok := strings.CutPrefix(url, p.prefix())
	if !ok || !validName(name) {
		return "", false
	}
	return name, true
}

// IsMediaURL reports whether url points at a file this pipeline stored, as
// opposed to an external URL (http...) that is used as it is.
func (p *Pipeline) IsMediaURL(url string) bool {
	_, ok := p.name(url)
	return ok
}

// Delete removes the stored file behind url, so a replaced image does not
// linger. URLs that are not the pipeline's are ignored. Delete the card URL
// separately; deleting an already deleted file is not an error.
func (p *Pipeline) Delete(ctx context.Context, url string) error {
	name, ok := p.name(url)
	if !ok {
		return nil
	}
	return p.Store.Delete(ctx, name)
}

// ImageSize returns the pixel size of a stored image (read from its header
// only), for width/height attributes that keep the layout from shifting.
func (p *Pipeline) ImageSize(ctx context.Context, url string) (int, int, error) {
	name, ok := p.name(url)
	if !ok {
		return 0, 0, ErrBadName
	}
	f, err := p.Store.Open(ctx, name)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	cfg, _, err := image.DecodeConfig(f)
	if err != nil {
		return 0, 0, err
	}
	return cfg.Width, cfg.Height, nil
}

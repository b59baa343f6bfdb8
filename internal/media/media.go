// Package media is the pipeline every upload in Carta goes through: it decides
// what a file is from its content (never its name or the client's
// Content-Type), re-encodes and resizes images so EXIF/GPS data and polyglot
// payloads do not survive, stores files under random content-hashed names and
// serves them with long-lived cache headers.
//
// The pixel work is in the subpackage imaging: sniffing, the decode-cost
// estimates from headers, resizing and re-encoding. This package decides
// what each endpoint accepts and how large it may be, charges each decode to
// a shared memory budget (budget.go), stores files (disk.go), serves them
// (http.go), records which restaurant owns each and sweeps the files nothing
// references (owners.go, store.go).
package media

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	// ImageSize reads the headers of stored files with image.DecodeConfig.
	_ "image/gif"
	_ "image/jpeg"
	_ "image/png"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/semaphore"

	"carta/internal/apperr"
	"carta/internal/media/imaging"
	"carta/internal/metrics"
)

// Kind is the family of an upload; endpoints say which kinds they accept.
type Kind string

const (
	KindImage Kind = "image" // JPEG, PNG or WebP, re-encoded as JPEG or PNG
	KindGIF   Kind = "gif"   // animated or still GIF, stored as uploaded
	KindVideo Kind = "video" // MP4 or WebM, stored as uploaded
)

// kindOf is the kind of an upload of format f, "" when it is none.
func kindOf(f imaging.Format) Kind {
	switch f {
	case imaging.JPEG, imaging.PNG, imaging.WebP:
		return KindImage
	case imaging.GIF:
		return KindGIF
	case imaging.MP4, imaging.WebM:
		return KindVideo
	}
	return ""
}

// Default limits and sizes.
const (
	DefaultMaxImageBytes = 10 << 20
	DefaultMaxGIFBytes   = 8 << 20
	DefaultMaxVideoBytes = 25 << 20
	DefaultURLPrefix     = "/media/"

	// MaxPixels bounds an image's (or a GIF frame's) area, checked from the
	// header before anything is decoded. The memory a decode takes is bounded
	// by the decode budget (MaxDecodeBytes), which also counts the bytes per
	// pixel; this is a coarse first check that lets 48 and 50 MP phone
	// photos through.
	MaxPixels = imaging.MaxPixels
	// MaxGIFPixels bounds the area of all frames of a GIF together.
	MaxGIFPixels = imaging.MaxGIFPixels

	FullSize    = imaging.FullSize    // "full" fits FullSize x FullSize
	CardSize    = imaging.CardSize    // "card" fits CardSize x CardSize
	JPEGQuality = imaging.JPEGQuality // of the re-encoded JPEGs

	// multipartSlack is room for the other fields and part headers of a
	// multipart form on top of the file itself.
	multipartSlack = 1 << 20
)

// Errors a client can cause. Each is an apperr Invalid error with the
// Spanish and English text; the too-large error carries its limit and is
// built per call. Those about the content are imaging's, which returns
// them: the same values, so errors.Is works with either name.
var (
	ErrNoFile        = apperr.E(apperr.Invalid, "Selecciona un archivo.", "Choose a file.")
	ErrUnsupported   = imaging.ErrUnsupported
	ErrDamaged       = imaging.ErrDamaged
	ErrNotAllowed    = apperr.E(apperr.Invalid, "Tipo de archivo no permitido.", "File type not allowed.")
	ErrTooManyPixels = imaging.ErrTooManyPixels
	ErrTooManyFrames = imaging.ErrTooManyFrames
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
// the defaults, so a Pipeline{Store: disk} is ready to use. Use one Pipeline
// (by pointer) for the whole server: its decode budget is shared by every
// Save through it.
type Pipeline struct {
	Store         Storage
	MaxImageBytes int64 // default 10 MiB when 0
	MaxVideoBytes int64 // default 25 MiB when 0
	MaxGIFBytes   int64 // default 8 MiB when 0
	URLPrefix     string

	// MaxDecodeBytes bounds the memory one image may take to decode, resize
	// and re-encode, estimated from its header before any pixel is decoded;
	// more is refused with ErrTooLargeToProcess (ErrTooManyFrames for a
	// GIF). Default DefaultMaxDecodeBytes when 0; never more than
	// DecodeBudget.
	MaxDecodeBytes int64
	// DecodeBudget bounds the estimated bytes of all decodes running at once
	// through this Pipeline. Default DefaultDecodeBudget when 0; read once,
	// at the first decode.
	DecodeBudget int64
	// DecodeWait is how long a Save waits for room in DecodeBudget before
	// giving up with ErrBusy. Default DefaultDecodeWait when 0.
	DecodeWait time.Duration
	// Metrics counts the sweep's passes; nil records nothing.
	Metrics *metrics.Metrics

	sem *semaphore.Weighted // DecodeBudget; created at the first decode
	// onDecode, for tests, runs after a decode got n bytes of the budget and
	// before it decodes anything.
	onDecode func(n int64)
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
//
// Before decoding an image or GIF, Save estimates from its header the
// memory it will take: over MaxDecodeBytes it is refused
// (ErrTooLargeToProcess, ErrTooManyFrames), else Save waits up to
// DecodeWait for that much room in DecodeBudget, or answers ErrBusy.
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
	f := imaging.Sniff(data)
	kind := kindOf(f)
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
	case imaging.JPEG, imaging.PNG, imaging.WebP:
		img, err := imaging.Inspect(f, data)
		if err != nil {
			return Stored{}, err
		}
		if img.Cost > p.maxDecode() {
			return Stored{}, ErrTooLargeToProcess
		}
		res, err := p.reserve(ctx, img.Cost)
		if err != nil {
			return Stored{}, err
		}
		defer res.done()
		full, card, ext, ctype, err = img.Process(data)
		if err != nil {
			return Stored{}, err
		}
		// The encoded files stay in memory until stored; the rest is free.
		res.keep(int64(cap(full) + cap(card)))
	case imaging.GIF:
		if err := p.checkGIF(ctx, data); err != nil {
			return Stored{}, err
		}
		full, ext, ctype = data, ".gif", "image/gif"
	case imaging.MP4:
		full, ext, ctype = data, ".mp4", "video/mp4"
	case imaging.WebM:
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

// checkGIF validates a GIF by decoding every frame, after checking the
// screen size from the header and the total frame area from the block
// structure, so neither a huge frame nor thousands of frames get allocated.
// The decode is charged to the decode budget like an image's.
func (p *Pipeline) checkGIF(ctx context.Context, data []byte) error {
	g, err := imaging.InspectGIF(data)
	if err != nil {
		return err
	}
	if g.Cost > p.maxDecode() {
		return ErrTooManyFrames
	}
	res, err := p.reserve(ctx, g.Cost)
	if err != nil {
		return err
	}
	defer res.done()
	return imaging.DecodeGIF(data)
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

package media

import (
	"context"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"

	"carta/internal/apperr"
	"carta/internal/media/imaging"
)

// Decode budget defaults. A decode is charged the bytes imaging estimates
// from the header (ImageInfo.Cost, GIFInfo.Cost): the decoded pixels (which
// depend on the bytes per pixel, not only the area), the resized copies and
// the encoded files.
const (
	// DefaultMaxDecodeBytes bounds one image. A 48 MP 4:2:0 JPEG is
	// estimated at 93 MB, a 4000x3000 RGBA PNG at 68 MB; a 6300x6300 16-bit
	// RGBA PNG (a 300 KiB file) at 344 MB, and is refused. Lossless WebP is
	// charged about 230 MB for its Huffman trees (see vp8lBytes in imaging),
	// so it passes up to about 2 MP.
	DefaultMaxDecodeBytes = 256 << 20
	// DefaultDecodeBudget bounds all decodes of a Pipeline at once: two of
	// the largest images, or about a dozen 12 MP photos.
	DefaultDecodeBudget = 512 << 20
	// DefaultDecodeWait is how long a Save waits for room in the budget.
	DefaultDecodeWait = 5 * time.Second

	// busyRetryAfter is the Retry-After, in seconds, of ErrBusy.
	busyRetryAfter = 5
)

var (
	// ErrTooLargeToProcess refuses an image whose decoding would take more
	// than the per-image budget, before any pixel is decoded (imaging's, which
	// also returns it when an encoded image outgrows its buffer).
	ErrTooLargeToProcess = imaging.ErrTooLargeToProcess
	// ErrBusy answers a Save that found no room in the decode budget within
	// DecodeWait; it carries a Retry-After.
	ErrBusy = &apperr.Error{
		Kind:       apperr.Unavailable,
		ES:         "El servidor está ocupado procesando imágenes. Inténtalo de nuevo en unos segundos.",
		EN:         "The server is busy processing images. Try again in a few seconds.",
		RetryAfter: busyRetryAfter,
	}
)

func (p *Pipeline) decodeBudget() int64 {
	if p.DecodeBudget > 0 {
		return p.DecodeBudget
	}
	return DefaultDecodeBudget
}

// maxDecode is the per-image budget, never more than the total.
func (p *Pipeline) maxDecode() int64 {
	m := int64(DefaultMaxDecodeBytes)
	if p.MaxDecodeBytes > 0 {
		m = p.MaxDecodeBytes
	}
	return min(m, p.decodeBudget())
}

func (p *Pipeline) decodeWait() time.Duration {
	if p.DecodeWait > 0 {
		return p.DecodeWait
	}
	return DefaultDecodeWait
}

// semMu guards the lazy creation of every Pipeline's semaphore, so the zero
// Pipeline works and the struct stays free of locks (it is copied by value).
var semMu sync.Mutex

func (p *Pipeline) decodeSem() *semaphore.Weighted {
	semMu.Lock()
	defer semMu.Unlock()
	if p.sem == nil {
		p.sem = semaphore.NewWeighted(p.decodeBudget())
	}
	return p.sem
}

// reservation is part of the decode budget held by one Save.
type reservation struct {
	sem  *semaphore.Weighted
	held int64
}

// reserve takes n bytes of the decode budget (n is at most maxDecode, so it
// always fits): at once when there is room and nobody waiting, else waiting
// in line at most DecodeWait and never past ctx.
func (p *Pipeline) reserve(ctx context.Context, n int64) (*reservation, error) {
	sem := p.decodeSem()
	if !sem.TryAcquire(n) {
		wctx, cancel := context.WithTimeout(ctx, p.decodeWait())
		defer cancel()
		if err := sem.Acquire(wctx, n); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, ErrBusy
		}
	}
	if p.onDecode != nil {
		p.onDecode(n)
	}
	return &reservation{sem: sem, held: n}, nil
}

// keep gives back all but n of the reserved bytes.
func (r *reservation) keep(n int64) {
	if give := r.held - max(n, 0); give > 0 {
		r.sem.Release(give)
		r.held -= give
	}
}

// done gives back the rest.
func (r *reservation) done() { r.keep(0) }

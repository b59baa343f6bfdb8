package media

import (
	"bytes"
	"context"
	"errors"
	"image/color"
	"sync/atomic"
	"testing"
	"time"

	"carta/internal/apperr"
	"carta/internal/media/imaging"
	"carta/internal/media/mediatest"
)

var colorOpaque = color.NRGBA{R: 10, G: 20, B: 30, A: 255}

const tooLargeToProcess = "La imagen es demasiado grande para procesarla. Redúcela o guárdala como JPEG."

// The attack: a 300 KiB PNG of 6300x6300 16-bit RGBA is 39.7 MP, under
// MaxPixels, and decodes to 317 MB. It must be refused from its header.
func TestSaveRefusesDecodeBomb(t *testing.T) {
	bomb := mediatest.RawPNG(t, 6300, 6300, 16, 6, false, false)
	if len(bomb) > 400<<10 {
		t.Fatalf("the bomb is %d bytes, want a small file", len(bomb))
	}
	p, dir := newPipeline(t)
	var err error
	got := mediatest.Allocated(func() { _, err = p.Save(context.Background(), bytes.NewReader(bomb)) })
	wantErr(t, err, tooLargeToProcess)
	if got > 16<<20 {
		t.Fatalf("Save allocated %d bytes: it decoded the image (317 MB decoded)", got)
	}
	if got := files(t, dir); len(got) != 0 {
		t.Fatalf("store has %v", got)
	}
}

func TestSaveRefusesBombsBeforeDecoding(t *testing.T) {
	// Each is under MaxPixels but over the per-image budget once the bytes
	// per pixel (and what the decoder keeps besides) are counted.
	tests := []struct {
		name string
		data []byte
		err  string
	}{
		{"interlaced 8-bit RGBA 6000x6000: the passes double it", mediatest.RawPNG(t, 6000, 6000, 8, 6, true, false), tooLargeToProcess},
		{"16-bit grey with tRNS 7000x7000: decodes to NRGBA64", mediatest.RawPNG(t, 7000, 7000, 16, 0, false, true), tooLargeToProcess},
		{"progressive 4:4:4 JPEG 7000x7000: keeps every coefficient", mediatest.FlatJPEG(7000, 7000, mediatest.JPEGSpec{Progressive: true, IDs: []byte{1, 2, 3}, HV: []byte{0x11, 0x11, 0x11}, Adobe: -1}), tooLargeToProcess},
		{"CMYK JPEG 6000x6000", mediatest.FlatJPEG(6000, 6000, mediatest.JPEGSpec{IDs: []byte{1, 2, 3, 4}, HV: []byte{0x11, 0x11, 0x11, 0x11}, Adobe: 0}), tooLargeToProcess},
		{"lossless WebP 6000x6000", mediatest.RIFFWebP(mediatest.FlatVP8L(6000, 6000, colorOpaque)), tooLargeToProcess},
		{"GIF of 8000 tiny frames", mediatest.GIF(t, 2, 2, 8000), "La animación es demasiado grande."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, dir := newPipeline(t)
			p.onDecode = func(int64) { t.Error("the decode budget was taken: it was going to decode") }
			var err error
			got := mediatest.Allocated(func() { _, err = p.Save(context.Background(), bytes.NewReader(tc.data)) })
			wantErr(t, err, tc.err)
			if limit := int64(len(tc.data))*4 + 16<<20; got > limit {
				t.Fatalf("Save allocated %d bytes", got)
			}
			if got := files(t, dir); len(got) != 0 {
				t.Fatalf("store has %v", got)
			}
		})
	}
}

// Ordinary phone photos fit one image's budget: checked on their headers,
// as decoding 48 MP in a test takes seconds.
func TestOrdinaryPhotosFitTheBudget(t *testing.T) {
	yuv420 := mediatest.JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x22, 0x11, 0x11}, Adobe: -1}
	progressive420 := yuv420
	progressive420.Progressive = true
	yuv444 := mediatest.JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x11, 0x11, 0x11}, Adobe: -1}
	tests := []struct {
		name string
		data []byte
		fits bool
	}{
		{"48 MP 4:2:0 JPEG 8000x6000", mediatest.FlatJPEG(8000, 6000, yuv420), true},
		{"48 MP 4:2:0 JPEG 8064x6048", mediatest.FlatJPEG(8064, 6048, yuv420), true},
		{"50 MP 4:2:0 JPEG 8160x6120", mediatest.FlatJPEG(8160, 6120, yuv420), true},
		{"48 MP 4:4:4 JPEG 8000x6000", mediatest.FlatJPEG(8000, 6000, yuv444), true},
		{"24 MP progressive 4:2:0 JPEG 6000x4000", mediatest.FlatJPEG(6000, 4000, progressive420), true},
		{"12 MP RGBA PNG 4000x3000", mediatest.PNGHead(4000, 3000, 8, 6), true},
		{"12 MP 16-bit RGBA PNG 4000x3000", mediatest.PNGHead(4000, 3000, 16, 6), true},
		{"24 MP RGBA PNG 6000x4000", mediatest.PNGHead(6000, 4000, 8, 6), true},
		{"12 MP lossy WebP", mediatest.RIFFWebP(mediatest.FlatVP8(4000, 3000)), true},
		{"12 MP lossy WebP with raw alpha", mediatest.RIFFWebP(mediatest.VP8X(4000, 3000, true), mediatest.ALPHChunk(4000, 3000, false), mediatest.FlatVP8(4000, 3000)), true},
		{"1080p lossless WebP", mediatest.RIFFWebP(mediatest.FlatVP8L(1920, 1080, colorOpaque)), true},
		{"1200x1200 lossy WebP with lossless alpha", mediatest.RIFFWebP(mediatest.VP8X(1200, 1200, true), mediatest.ALPHChunk(1200, 1200, true), mediatest.FlatVP8(1200, 1200)), true},
		// VP8L data is charged x/image/vp8l's worst case for its Huffman
		// trees (about 230 MB, see vp8lBytes), so lossless WebP stays
		// around 2 MP.
		{"12 MP lossy WebP with lossless alpha", mediatest.RIFFWebP(mediatest.VP8X(4000, 3000, true), mediatest.ALPHChunk(4000, 3000, true), mediatest.FlatVP8(4000, 3000)), false},
		{"48 MP progressive 4:2:0 JPEG 8000x6000", mediatest.FlatJPEG(8000, 6000, progressive420), false},
		{"40 MP 16-bit RGBA PNG 6300x6300", mediatest.PNGHead(6300, 6300, 16, 6), false},
	}
	p := &Pipeline{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img, err := imaging.Inspect(imaging.Sniff(tc.data), tc.data)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("estimate %.0f MB", float64(img.Cost)/1e6)
			if fits := img.Cost <= p.maxDecode(); fits != tc.fits {
				t.Fatalf("estimate %d within %d: %v, want %v", img.Cost, p.maxDecode(), fits, tc.fits)
			}
		})
	}
}

func TestSaveLargePNG(t *testing.T) {
	p, _ := newPipeline(t)
	s, err := p.Save(context.Background(), bytes.NewReader(mediatest.RawPNG(t, 4000, 3000, 8, 6, false, false)))
	if err != nil {
		t.Fatal(err)
	}
	if w, h, f := dims(t, readURL(t, p, s.URL)); w != 1600 || h != 1200 || f != "png" {
		t.Fatalf("full %dx%d %s, want a 1600x1200 png", w, h, f)
	}
}

// blockingHook makes every decode wait, holding its part of the budget,
// until release is sent to; it tracks the bytes held at once.
type blockingHook struct {
	entered        chan struct{}
	release        chan struct{}
	inFlight, peak atomic.Int64
}

func newBlockingHook() *blockingHook {
	return &blockingHook{entered: make(chan struct{}, 64), release: make(chan struct{})}
}

func (h *blockingHook) onDecode(n int64) {
	cur := h.inFlight.Add(n)
	for old := h.peak.Load(); cur > old && !h.peak.CompareAndSwap(old, cur); old = h.peak.Load() {
	}
	h.entered <- struct{}{}
	<-h.release
	h.inFlight.Add(-n)
}

func imageCost(t *testing.T, data []byte) int64 {
	t.Helper()
	img, err := imaging.Inspect(imaging.Sniff(data), data)
	if err != nil {
		t.Fatal(err)
	}
	return img.Cost
}

func TestDecodeBudgetBoundsConcurrentDecodes(t *testing.T) {
	data := mediatest.JPEG(t, 64, 48)
	cost := imageCost(t, data)
	p, dir := newPipeline(t)
	p.DecodeBudget = 2 * cost  // room for two decodes at once
	p.DecodeWait = time.Minute // nobody gives up here
	hook := newBlockingHook()
	p.onDecode = hook.onDecode

	const saves = 6
	errs := make(chan error, saves)
	for range saves {
		go func() {
			_, err := p.Save(context.Background(), bytes.NewReader(data))
			errs <- err
		}()
	}
	<-hook.entered
	<-hook.entered
	// Two decodes hold the whole budget; the other four wait for room.
	if p.decodeSem().TryAcquire(1) {
		t.Fatal("the budget has room with two decodes holding it")
	}
	if got := hook.inFlight.Load(); got != 2*cost {
		t.Fatalf("%d bytes decoding, want %d", got, 2*cost)
	}
	for i := range saves {
		hook.release <- struct{}{}
		if i < saves-2 {
			<-hook.entered // a waiting Save takes the room given back
		}
	}
	for range saves {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if got := hook.peak.Load(); got != 2*cost {
		t.Fatalf("at most %d bytes decoding at once, want %d (the budget)", got, 2*cost)
	}
	if got := files(t, dir); len(got) != saves {
		t.Fatalf("store has %d files, want %d", len(got), saves)
	}
	if !p.decodeSem().TryAcquire(p.DecodeBudget) {
		t.Fatal("the budget was not all given back")
	}
}

func TestDecodeBudgetGivesUpWhenBusy(t *testing.T) {
	data := mediatest.JPEG(t, 64, 48)
	p, dir := newPipeline(t)
	p.DecodeBudget = imageCost(t, data) // room for one decode
	p.DecodeWait = time.Nanosecond      // a Save finding no room gives up at once
	hook := newBlockingHook()
	p.onDecode = hook.onDecode

	first := make(chan error, 1)
	go func() {
		_, err := p.Save(context.Background(), bytes.NewReader(data))
		first <- err
	}()
	<-hook.entered

	_, err := p.Save(context.Background(), bytes.NewReader(data))
	if !errors.Is(err, ErrBusy) {
		t.Fatalf("err = %v, want ErrBusy", err)
	}
	e, _ := apperr.As(err)
	if e.Kind != apperr.Unavailable || e.RetryAfter <= 0 || e.EN == "" ||
		e.ES != "El servidor está ocupado procesando imágenes. Inténtalo de nuevo en unos segundos." {
		t.Fatalf("error = %+v, want Unavailable with a Retry-After", e)
	}

	// A request that ends while waiting gets its own error, not ErrBusy.
	p.DecodeWait = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Save(ctx, bytes.NewReader(data)); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if got := files(t, dir); len(got) != 0 {
		t.Fatalf("store has %v", got)
	}

	hook.release <- struct{}{}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if got := files(t, dir); len(got) != 1 {
		t.Fatalf("store has %v, want the first upload", got)
	}
}

func TestDecodeBudgetCountsGIFsAndFailures(t *testing.T) {
	gifData := mediatest.GIF(t, 40, 30, 3)
	g, err := imaging.InspectGIF(gifData)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data []byte
		cost int64
		err  string
	}{
		{"GIF", gifData, g.Cost, ""},
		{"GIF with a corrupt frame", corruptGIF(t), 0, "La imagen está dañada o incompleta."},
		{"PNG that fails to decode", pngHeader(100, 100), imageCost(t, pngHeader(100, 100)), "La imagen está dañada o incompleta."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := newPipeline(t)
			var charged int64
			p.onDecode = func(n int64) { charged += n }
			_, err := p.Save(context.Background(), bytes.NewReader(tc.data))
			if tc.err != "" {
				wantErr(t, err, tc.err)
			} else if err != nil {
				t.Fatal(err)
			}
			if charged == 0 || (tc.cost != 0 && charged != tc.cost) {
				t.Fatalf("charged %d to the budget, want %d", charged, tc.cost)
			}
			if !p.decodeSem().TryAcquire(p.decodeBudget()) {
				t.Fatal("the budget was not all given back")
			}
		})
	}
}

func TestDecodeBudgetDefaults(t *testing.T) {
	var p Pipeline
	if p.maxDecode() != DefaultMaxDecodeBytes || p.decodeBudget() != DefaultDecodeBudget || p.decodeWait() != DefaultDecodeWait {
		t.Fatalf("zero Pipeline: %d, %d, %v", p.maxDecode(), p.decodeBudget(), p.decodeWait())
	}
	if DefaultMaxDecodeBytes > DefaultDecodeBudget {
		t.Fatal("the default per-image budget is over the total")
	}
	p = Pipeline{MaxDecodeBytes: 64 << 20, DecodeBudget: 32 << 20}
	if p.maxDecode() != 32<<20 {
		t.Fatalf("per-image budget %d over the total %d", p.maxDecode(), p.decodeBudget())
	}
}

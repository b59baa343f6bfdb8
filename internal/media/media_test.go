package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"carta/internal/apperr"
	"carta/internal/media/imaging"
	"carta/internal/media/mediatest"
)

// ---- fixtures of this package's own; mediatest has the shared ones ----

// corruptGIF keeps a GIF's block structure intact but fills the first
// frame's LZW data with invalid codes, so only decoding the frames notices.
func corruptGIF(t testing.TB) []byte {
	t.Helper()
	b := mediatest.GIF(t, 40, 30, 2)
	i := 13
	if b[10]&0x80 != 0 {
		i += 3 << (int(b[10]&7) + 1)
	}
	for b[i] == 0x21 { // extensions before the first frame
		i += 2
		for b[i] != 0 {
			i += 1 + int(b[i])
		}
		i++
	}
	if b[i] != 0x2C {
		t.Fatalf("unexpected GIF layout at %d", i)
	}
	packed := b[i+9]
	i += 10 // image descriptor
	if packed&0x80 != 0 {
		i += 3 << (int(packed&7) + 1)
	}
	i++ // LZW minimum code size
	for j := i + 1; j <= i+int(b[i]); j++ {
		b[j] = 0xFF
	}
	if _, err := imaging.InspectGIF(b); err != nil {
		t.Fatalf("corrupted GIF lost its structure: %v", err)
	}
	return b
}

const gpsMarker = "GPSLatitude=40.4168N;GPSLongitude=3.7038W"

// withEXIF splices an APP1 EXIF segment carrying GPS text right after SOI.
func withEXIF(t testing.TB, j []byte) []byte {
	t.Helper()
	payload := append([]byte("Exif\x00\x00MM\x00\x2a"), gpsMarker...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	seg = append(seg, payload...)
	out := append([]byte{}, j[:2]...)
	out = append(out, seg...)
	out = append(out, j[2:]...)
	if _, err := jpeg.Decode(bytes.NewReader(out)); err != nil {
		t.Fatalf("fixture with EXIF does not decode: %v", err)
	}
	return out
}

// pngHeader is a PNG signature and a valid IHDR claiming w x h, followed by a
// junk IDAT: DecodeConfig accepts it, decoding would fail.
func pngHeader(w, h uint32) []byte {
	chunk := func(typ string, data []byte) []byte {
		b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
		b = append(b, typ...)
		b = append(b, data...)
		return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0) // 8-bit RGBA
	b := []byte("\x89PNG\r\n\x1a\n")
	b = append(b, chunk("IHDR", ihdr)...)
	return append(b, chunk("IDAT", []byte("not zlib at all"))...)
}

// countingReader yields prefix and then filler up to 64 MiB (far past every
// limit), counting what was read.
type countingReader struct {
	prefix []byte
	n      int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	const total = 64 << 20
	if c.n >= total {
		return 0, io.EOF
	}
	if rest := total - c.n; int64(len(p)) > rest {
		p = p[:rest]
	}
	for i := range p {
		if c.n < int64(len(c.prefix)) {
			p[i] = c.prefix[c.n]
		} else {
			p[i] = 0x55
		}
		c.n++
	}
	return len(p), nil
}

// ---- helpers ----

func newPipeline(t *testing.T) (*Pipeline, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "media")
	d, err := NewDisk(dir)
	if err != nil {
		t.Fatal(err)
	}
	return &Pipeline{Store: d}, dir
}

func files(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func readURL(t *testing.T, p *Pipeline, url string) []byte {
	t.Helper()
	name, ok := p.name(url)
	if !ok {
		t.Fatalf("%q is not a pipeline URL", url)
	}
	f, err := p.Store.Open(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func dims(t *testing.T, b []byte) (int, int, string) {
	t.Helper()
	cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("stored image does not decode: %v", err)
	}
	if _, _, err := image.Decode(bytes.NewReader(b)); err != nil {
		t.Fatalf("stored image does not decode: %v", err)
	}
	return cfg.Width, cfg.Height, format
}

// wantErr checks err is the apperr Invalid error with the Spanish text es.
func wantErr(t *testing.T, err error, es string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok {
		t.Fatalf("error = %v, want apperr %q", err, es)
	}
	if e.Kind != apperr.Invalid || e.ES != es || e.EN == "" {
		t.Fatalf("error = kind %v %q / %q, want Invalid %q with an English text", e.Kind, e.ES, e.EN, es)
	}
}

var nameRE = regexp.MustCompile(`^/media/([0-9a-f]{16})-([0-9a-f]{12})\.(jpg|png|gif|mp4|webm)$`)

func checkURL(t *testing.T, p *Pipeline, url string) {
	t.Helper()
	m := nameRE.FindStringSubmatch(url)
	if m == nil {
		t.Fatalf("URL %q does not look like /media/<16 hex>-<12 hex>.<ext>", url)
	}
	sum := sha256.Sum256(readURL(t, p, url))
	if got := hex.EncodeToString(sum[:])[:12]; got != m[2] {
		t.Fatalf("URL %q: hash part %s, content hash %s", url, m[2], got)
	}
}

// ---- Save ----

func TestSave(t *testing.T) {
	plainJPEG := mediatest.JPEG(t, 200, 150)
	exifJPEG := withEXIF(t, plainJPEG)
	if !bytes.Contains(exifJPEG, []byte("GPS")) || !bytes.Contains(exifJPEG, []byte{0xFF, 0xE1}) {
		t.Fatal("fixture lacks EXIF")
	}
	polyglot := append(append([]byte{}, plainJPEG...), []byte("<script>alert(1)</script>PK\x03\x04zipzipzip")...)
	gifData := mediatest.GIF(t, 40, 30, 3)
	mp4 := mediatest.FakeMP4("isom")
	webm := mediatest.FakeWebM("webm")
	bigJPEG := mediatest.JPEG(t, 3000, 2000)

	tests := []struct {
		name  string
		data  []byte
		allow []Kind
		err   string // Spanish text of the expected error; "" for success
		check func(t *testing.T, p *Pipeline, s Stored, full, card []byte)
	}{
		{
			name: "EXIF and GPS stripped", data: exifJPEG, allow: []Kind{KindImage},
			check: func(t *testing.T, p *Pipeline, s Stored, full, card []byte) {
				for _, b := range [][]byte{full, card} {
					if bytes.Contains(b, []byte{0xFF, 0xE1}) || bytes.Contains(b, []byte("Exif")) || bytes.Contains(b, []byte("GPS")) {
						t.Fatal("stored file still carries APP1/EXIF/GPS")
					}
					dims(t, b)
				}
				if s.ContentType != "image/jpeg" || s.Kind != KindImage {
					t.Fatalf("stored %+v", s)
				}
			},
		},
		{
			name: "large image resized to full and card keeping aspect", data: bigJPEG,
			check: func(t *testing.T, p *Pipeline, s Stored, full, card []byte) {
				fw, fh, ff := dims(t, full)
				cw, ch, cf := dims(t, card)
				if fw != 1600 || fh != 1067 || ff != "jpeg" {
					t.Fatalf("full %dx%d %s, want 1600x1067 jpeg", fw, fh, ff)
				}
				if cw != 480 || ch != 320 || cf != "jpeg" {
					t.Fatalf("card %dx%d %s, want 480x320 jpeg", cw, ch, cf)
				}
				if s.URL == s.CardURL {
					t.Fatal("card must be its own file")
				}
			},
		},
		{
			name: "small image not upscaled", data: mediatest.PNG(t, 100, 80, false),
			check: func(t *testing.T, p *Pipeline, s Stored, full, card []byte) {
				for _, b := range [][]byte{full, card} {
					if w, h, f := dims(t, b); w != 100 || h != 80 || f != "jpeg" {
						t.Fatalf("got %dx%d %s, want 100x80 jpeg (opaque PNG becomes JPEG)", w, h, f)
					}
				}
			},
		},
		{
			name: "PNG with alpha stays PNG", data: mediatest.PNG(t, 800, 600, true),
			check: func(t *testing.T, p *Pipeline, s Stored, full, card []byte) {
				if s.ContentType != "image/png" || !strings.HasSuffix(s.URL, ".png") || !strings.HasSuffix(s.CardURL, ".png") {
					t.Fatalf("stored %+v", s)
				}
				img, err := png.Decode(bytes.NewReader(card))
				if err != nil {
					t.Fatal(err)
				}
				if img.Bounds().Dx() != 480 || img.Bounds().Dy() != 360 {
					t.Fatalf("card %v", img.Bounds())
				}
				if _, _, _, a := img.At(10, 100).RGBA(); a == 0xFFFF {
					t.Fatal("transparency lost")
				}
			},
		},
		{
			name: "polyglot payload dropped", data: polyglot,
			check: func(t *testing.T, p *Pipeline, s Stored, full, card []byte) {
				for _, bad := range []string{"<script>", "PK\x03\x04", "zipzip"} {
					if bytes.Contains(full, []byte(bad)) || bytes.Contains(card, []byte(bad)) {
						t.Fatalf("stored file contains %q", bad)
					}
				}
				dims(t, full)
			},
		},
		{
			name: "GIF stored byte-identical", data: gifData, allow: []Kind{KindGIF},
			check: func(t *testing.T, p *Pipeline, s Stored, full, card []byte) {
				if !bytes.Equal(full, gifData) || s.CardURL != s.URL || s.ContentType != "image/gif" || s.Kind != KindGIF {
					t.Fatalf("stored %+v, identical=%v", s, bytes.Equal(full, gifData))
				}
			},
		},
		{
			name: "mp4 stored as is", data: mp4, allow: []Kind{KindImage, KindVideo},
			check: func(t *testing.T, p *Pipeline, s Stored, full, card []byte) {
				if !bytes.Equal(full, mp4) || s.ContentType != "video/mp4" || s.Kind != KindVideo || s.CardURL != s.URL {
					t.Fatalf("stored %+v", s)
				}
			},
		},
		{
			name: "webm stored as is", data: webm, allow: []Kind{KindVideo},
			check: func(t *testing.T, p *Pipeline, s Stored, full, card []byte) {
				if !bytes.Equal(full, webm) || s.ContentType != "video/webm" || !strings.HasSuffix(s.URL, ".webm") {
					t.Fatalf("stored %+v", s)
				}
			},
		},
		{name: "text is unsupported", data: []byte("hello, I am a PNG, trust me\n"), err: "Formato no soportado."},
		{name: "empty is unsupported", data: nil, err: "Formato no soportado."},
		{name: "HTML is unsupported", data: []byte("<html><script>alert(1)</script></html>"), err: "Formato no soportado."},
		{name: "SVG is unsupported", data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`), err: "Formato no soportado."},
		{name: "QuickTime brand is unsupported", data: mediatest.FakeMP4("qt  "), err: "Formato no soportado."},
		{name: "Matroska is unsupported", data: mediatest.FakeWebM("matroska"), err: "Formato no soportado."},
		{name: "video refused where only images", data: mp4, allow: []Kind{KindImage}, err: "Tipo de archivo no permitido."},
		{name: "webm refused where only images", data: webm, allow: []Kind{KindImage}, err: "Tipo de archivo no permitido."},
		{name: "GIF refused where only images", data: gifData, allow: []Kind{KindImage}, err: "Tipo de archivo no permitido."},
		{name: "image refused where only video", data: plainJPEG, allow: []Kind{KindVideo}, err: "Tipo de archivo no permitido."},
		{name: "truncated JPEG is damaged", data: plainJPEG[:len(plainJPEG)/2], err: "La imagen está dañada o incompleta."},
		{name: "truncated PNG is damaged", data: func() []byte { b := mediatest.PNG(t, 100, 80, true); return b[:len(b)/2] }(), err: "La imagen está dañada o incompleta."},
		{name: "truncated GIF is damaged", data: gifData[:len(gifData)/2], allow: []Kind{KindGIF}, err: "La imagen está dañada o incompleta."},
		{name: "GIF with corrupt frame data is damaged", data: corruptGIF(t), err: "La imagen está dañada o incompleta."},
		{name: "bare JPEG magic is damaged", data: []byte{0xFF, 0xD8, 0xFF, 0xE0}, err: "La imagen está dañada o incompleta."},
		{name: "junk WebP is damaged", data: []byte("RIFF\x20\x00\x00\x00WEBPVP8 junkjunkjunkjunk"), err: "La imagen está dañada o incompleta."},
		{name: "50000x50000 PNG header refused before decoding", data: pngHeader(50000, 50000), err: "La imagen es demasiado grande (máximo 50 megapíxeles)."},
		{name: "huge GIF screen refused", data: func() []byte {
			b := mediatest.GIF(t, 4, 4, 1)
			binary.LittleEndian.PutUint16(b[6:], 65535)
			binary.LittleEndian.PutUint16(b[8:], 65535)
			return b
		}(), err: "La imagen es demasiado grande (máximo 50 megapíxeles)."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, dir := newPipeline(t)
			s, err := p.Save(context.Background(), bytes.NewReader(tc.data), tc.allow...)
			if tc.err != "" {
				wantErr(t, err, tc.err)
				if got := files(t, dir); len(got) != 0 {
					t.Fatalf("failed save left files %v", got)
				}
				return
			}
			if err != nil {
				t.Fatalf("Save: %v", err)
			}
			checkURL(t, p, s.URL)
			checkURL(t, p, s.CardURL)
			want := 2
			if s.CardURL == s.URL {
				want = 1
			}
			if got := files(t, dir); len(got) != want {
				t.Fatalf("store has %v, want %d files", got, want)
			}
			tc.check(t, p, s, readURL(t, p, s.URL), readURL(t, p, s.CardURL))
		})
	}
}

func TestPNGPixelCheckDoesNotDecode(t *testing.T) {
	// The same crafted header under the limit gets past DecodeConfig and then
	// fails to decode: proof the refusal above came from the header alone.
	p, _ := newPipeline(t)
	_, err := p.Save(context.Background(), bytes.NewReader(pngHeader(100, 100)))
	wantErr(t, err, "La imagen está dañada o incompleta.")
}

func TestSaveNamesAreRandom(t *testing.T) {
	p, _ := newPipeline(t)
	data := mediatest.JPEG(t, 50, 50)
	a, err := p.Save(context.Background(), bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Save(context.Background(), bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if a.URL == b.URL {
		t.Fatalf("same upload twice got the same URL %s", a.URL)
	}
	if a.URL[len(a.URL)-16:] != b.URL[len(b.URL)-16:] {
		t.Fatalf("same content, different hash part: %s %s", a.URL, b.URL)
	}
}

func TestSaveTooLarge(t *testing.T) {
	jpegMagic := mediatest.JPEG(t, 8, 8)[:20]
	tests := []struct {
		name     string
		p        Pipeline
		prefix   []byte
		allow    []Kind
		maxRead  int64
		wantText string
	}{
		{name: "image, default limit", prefix: jpegMagic, allow: []Kind{KindImage},
			maxRead: 10<<20 + 1, wantText: "El archivo es demasiado grande (máximo 10 MB)."},
		{name: "image among all kinds reports the image limit", prefix: jpegMagic,
			maxRead: 25<<20 + 1, wantText: "El archivo es demasiado grande (máximo 10 MB)."},
		{name: "video, default limit", prefix: mediatest.FakeMP4("mp42")[:40], allow: []Kind{KindVideo},
			maxRead: 25<<20 + 1, wantText: "El archivo es demasiado grande (máximo 25 MB)."},
		{name: "gif, custom limit", p: Pipeline{MaxGIFBytes: 3 << 20}, prefix: []byte("GIF89a"), allow: []Kind{KindGIF},
			maxRead: 3<<20 + 1, wantText: "El archivo es demasiado grande (máximo 3 MB)."},
		{name: "odd limit", p: Pipeline{MaxImageBytes: 1536 << 10}, prefix: jpegMagic, allow: []Kind{KindImage},
			maxRead: 1536<<10 + 1, wantText: "El archivo es demasiado grande (máximo 1.5 MB)."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			base, dir := newPipeline(t)
			p := tc.p
			p.Store = base.Store
			r := &countingReader{prefix: tc.prefix}
			_, err := p.Save(context.Background(), r, tc.allow...)
			wantErr(t, err, tc.wantText)
			if r.n > tc.maxRead {
				t.Fatalf("read %d bytes, limit+1 is %d", r.n, tc.maxRead)
			}
			if got := files(t, dir); len(got) != 0 {
				t.Fatalf("store has %v", got)
			}
		})
	}
}

// flakyStore is a fake Storage in memory whose nth Put fails.
type flakyStore struct {
	mu     sync.Mutex
	files  map[string][]byte
	puts   int
	failOn int
	// corrupt stores a flipped copy of the first byte (a store that lies).
	corrupt bool
}

func (s *flakyStore) Put(_ context.Context, name string, data []byte, _ string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.puts++
	if s.puts == s.failOn {
		return errors.New("disk full")
	}
	s.files[name] = append([]byte{}, data...)
	if s.corrupt && len(data) > 0 {
		s.files[name][0] ^= 0xff
	}
	return nil
}

func (s *flakyStore) Open(_ context.Context, name string) (io.ReadSeekCloser, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.files[name]
	if !ok {
		return nil, fmt.Errorf("open %s: %w", name, fs.ErrNotExist)
	}
	return nopCloser{bytes.NewReader(b)}, nil
}

func (s *flakyStore) Delete(_ context.Context, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.files, name)
	return nil
}

type nopCloser struct{ io.ReadSeeker }

func (nopCloser) Close() error { return nil }

func TestSaveStoreFailureLeavesNothing(t *testing.T) {
	for _, failOn := range []int{1, 2} {
		t.Run(fmt.Sprintf("put %d fails", failOn), func(t *testing.T) {
			st := &flakyStore{files: map[string][]byte{}, failOn: failOn}
			p := &Pipeline{Store: st}
			_, err := p.Save(context.Background(), bytes.NewReader(mediatest.JPEG(t, 1000, 800)))
			if err == nil || apperr.KindOf(err) != apperr.Internal {
				t.Fatalf("err = %v, want an internal error", err)
			}
			if len(st.files) != 0 {
				t.Fatalf("store kept %d files", len(st.files))
			}
		})
	}
}

// ---- SaveMultipart ----

func multipartRequest(t *testing.T, field, filename, ctype string, data []byte) *http.Request {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("titulo", "Promo")
	if field != "" {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, field, filename))
		h.Set("Content-Type", ctype)
		w, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(data)
	}
	_ = mw.Close()
	r := httptest.NewRequest(http.MethodPost, "/api/upload", &body)
	r.Header.Set("Content-Type", mw.FormDataContentType())
	return r
}

func TestSaveMultipart(t *testing.T) {
	tests := []struct {
		name   string
		req    func(t *testing.T) *http.Request
		parsed bool
		allow  []Kind
		err    string
		ctype  string
	}{
		{name: "image", req: func(t *testing.T) *http.Request {
			return multipartRequest(t, "imagen", "photo.txt", "text/plain", mediatest.JPEG(t, 300, 200))
		}, allow: []Kind{KindImage}, ctype: "image/jpeg"},
		{name: "already parsed form", parsed: true, req: func(t *testing.T) *http.Request {
			return multipartRequest(t, "imagen", "p.gif", "image/gif", mediatest.GIF(t, 10, 10, 2))
		}, ctype: "image/gif"},
		{name: "text named x.png", req: func(t *testing.T) *http.Request {
			return multipartRequest(t, "imagen", "x.png", "image/png", []byte("just some text, not a picture"))
		}, err: "Formato no soportado."},
		{name: "missing field", req: func(t *testing.T) *http.Request {
			return multipartRequest(t, "", "", "", nil)
		}, err: "Selecciona un archivo."},
		{name: "other field name", req: func(t *testing.T) *http.Request {
			return multipartRequest(t, "file", "a.jpg", "image/jpeg", mediatest.JPEG(t, 10, 10))
		}, err: "Selecciona un archivo."},
		{name: "not multipart", req: func(t *testing.T) *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/api/upload", strings.NewReader(`{"a":1}`))
			r.Header.Set("Content-Type", "application/json")
			return r
		}, err: "Selecciona un archivo."},
		{name: "body over the limit", allow: []Kind{KindImage}, req: func(t *testing.T) *http.Request {
			big := append(mediatest.JPEG(t, 8, 8)[:20], bytes.Repeat([]byte{0x55}, 12<<20)...)
			return multipartRequest(t, "imagen", "a.jpg", "image/jpeg", big)
		}, err: "El archivo es demasiado grande (máximo 10 MB)."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, dir := newPipeline(t)
			r := tc.req(t)
			if tc.parsed {
				if err := r.ParseMultipartForm(1 << 20); err != nil {
					t.Fatal(err)
				}
			}
			s, err := p.SaveMultipart(r, "imagen", tc.allow...)
			if tc.err != "" {
				wantErr(t, err, tc.err)
				if got := files(t, dir); len(got) != 0 {
					t.Fatalf("store has %v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.ContentType != tc.ctype {
				t.Fatalf("content type %q, want %q", s.ContentType, tc.ctype)
			}
			checkURL(t, p, s.URL)
		})
	}
}

// ---- Handler ----

func TestHandler(t *testing.T) {
	p, dir := newPipeline(t)
	ctx := context.Background()
	img, err := p.Save(ctx, bytes.NewReader(mediatest.JPEG(t, 600, 400)))
	if err != nil {
		t.Fatal(err)
	}
	vid, err := p.Save(ctx, bytes.NewReader(mediatest.FakeMP4("isom")))
	if err != nil {
		t.Fatal(err)
	}
	webm, err := p.Save(ctx, bytes.NewReader(mediatest.FakeWebM("webm")))
	if err != nil {
		t.Fatal(err)
	}
	// A file next to the media folder that traversal would reach.
	if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "secret.jpg"), []byte("SECRET"), 0o644); err != nil {
		t.Fatal(err)
	}

	mux := http.NewServeMux()
	mux.Handle("GET /media/{name}", p.Handler())
	direct := p.Handler()

	tests := []struct {
		name    string
		method  string
		path    string
		header  map[string]string
		status  int
		ctype   string
		body    []byte // checked when not nil
		headers map[string]string
	}{
		{name: "image", method: "GET", path: img.URL, status: 200, ctype: "image/jpeg", body: readURL(t, p, img.URL)},
		{name: "card", method: "GET", path: img.CardURL, status: 200, ctype: "image/jpeg", body: readURL(t, p, img.CardURL)},
		{name: "head", method: "HEAD", path: img.URL, status: 200, ctype: "image/jpeg", body: []byte{}},
		{name: "webm", method: "GET", path: webm.URL, status: 200, ctype: "video/webm"},
		{name: "video range", method: "GET", path: vid.URL, header: map[string]string{"Range": "bytes=0-9"},
			status: 206, ctype: "video/mp4", body: readURL(t, p, vid.URL)[:10],
			headers: map[string]string{"Content-Range": fmt.Sprintf("bytes 0-9/%d", len(readURL(t, p, vid.URL)))}},
		{name: "conditional", method: "GET", path: img.URL, header: map[string]string{"If-None-Match": `"` + strings.TrimPrefix(img.URL, "/media/") + `"`}, status: 304},
		{name: "unknown name", method: "GET", path: "/media/0123456789abcdef-0123456789ab.jpg", status: 404},
		{name: "unknown extension", method: "GET", path: "/media/notes.txt", status: 404},
		{name: "encoded traversal", method: "GET", path: "/media/..%2Fsecret.jpg", status: 404},
		{name: "encoded traversal to etc", method: "GET", path: "/media/..%2F..%2F..%2Fetc%2Fpasswd", status: 404},
		{name: "backslash traversal", method: "GET", path: "/media/..%5Csecret.jpg", status: 404},
		{name: "post", method: "POST", path: img.URL, status: 405},
	}
	for _, tc := range tests {
		for _, via := range []struct {
			name string
			h    http.Handler
		}{{"direct", direct}, {"mux", mux}} {
			t.Run(tc.name+"/"+via.name, func(t *testing.T) {
				if via.name == "mux" && tc.method == "POST" {
					t.Skip("the mux answers methods itself")
				}
				r := httptest.NewRequest(tc.method, tc.path, nil)
				for k, v := range tc.header {
					r.Header.Set(k, v)
				}
				w := httptest.NewRecorder()
				via.h.ServeHTTP(w, r)
				res := w.Result()
				body, _ := io.ReadAll(res.Body)
				if bytes.Contains(body, []byte("SECRET")) {
					t.Fatal("served a file outside the media folder")
				}
				if res.StatusCode != tc.status {
					t.Fatalf("status %d, want %d (%s)", res.StatusCode, tc.status, body)
				}
				if tc.status >= 300 {
					return
				}
				h := res.Header
				if h.Get("Cache-Control") != "public, max-age=31536000, immutable" {
					t.Fatalf("Cache-Control %q", h.Get("Cache-Control"))
				}
				if h.Get("X-Content-Type-Options") != "nosniff" {
					t.Fatalf("X-Content-Type-Options %q", h.Get("X-Content-Type-Options"))
				}
				if h.Get("Content-Type") != tc.ctype {
					t.Fatalf("Content-Type %q, want %q", h.Get("Content-Type"), tc.ctype)
				}
				if tc.body != nil && !bytes.Equal(body, tc.body) {
					t.Fatalf("body %d bytes, want %d", len(body), len(tc.body))
				}
				for k, v := range tc.headers {
					if h.Get(k) != v {
						t.Fatalf("%s %q, want %q", k, h.Get(k), v)
					}
				}
			})
		}
	}
}

// ---- Delete / IsMediaURL ----

func TestDelete(t *testing.T) {
	p, dir := newPipeline(t)
	ctx := context.Background()
	s, err := p.Save(ctx, bytes.NewReader(mediatest.JPEG(t, 900, 900)))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		url   string
		media bool
	}{
		{s.URL, true},
		{s.CardURL, true},
		{"https://cdn.example.com/x.jpg", false},
		{"http://example.com/media/abc.jpg", false},
		{"static/images/default-logo.png", false},
		{"/media/../secret.jpg", false},
		{"/media/a/b.jpg", false},
		{"/media/", false},
		{"", false},
	}
	for _, tc := range tests {
		if got := p.IsMediaURL(tc.url); got != tc.media {
			t.Errorf("IsMediaURL(%q) = %v, want %v", tc.url, got, tc.media)
		}
		if err := p.Delete(ctx, tc.url); err != nil {
			t.Errorf("Delete(%q): %v", tc.url, err)
		}
	}
	if got := files(t, dir); len(got) != 0 {
		t.Fatalf("files left after delete: %v", got)
	}
	if err := p.Delete(ctx, s.URL); err != nil {
		t.Fatalf("second delete: %v", err)
	}
}

// ---- Disk ----

func TestDiskNames(t *testing.T) {
	root := t.TempDir()
	d, err := NewDisk(filepath.Join(root, "a", "b"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	bad := []string{"", ".", "..", "../x.jpg", "a/b.jpg", "/etc/passwd", `a\b.jpg`, "x..jpg", ".hidden", "a\x00.jpg", "ñ.jpg", strings.Repeat("a", 300)}
	for _, name := range bad {
		t.Run(fmt.Sprintf("bad %q", name), func(t *testing.T) {
			if err := d.Put(ctx, name, []byte("x"), "image/jpeg"); !errors.Is(err, ErrBadName) {
				t.Fatalf("Put: %v, want ErrBadName", err)
			}
			if _, err := d.Open(ctx, name); !errors.Is(err, ErrBadName) {
				t.Fatalf("Open: %v, want ErrBadName", err)
			}
			if err := d.Delete(ctx, name); !errors.Is(err, ErrBadName) {
				t.Fatalf("Delete: %v, want ErrBadName", err)
			}
		})
	}
	if ents, _ := os.ReadDir(root); len(ents) != 1 {
		t.Fatalf("files written outside the store: %v", ents)
	}

	t.Run("round trip", func(t *testing.T) {
		name := "0123456789abcdef-0123456789ab.jpg"
		if _, err := d.Open(ctx, name); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("Open missing: %v, want fs.ErrNotExist", err)
		}
		if err := d.Put(ctx, name, []byte("hello"), "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		f, err := d.Open(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(f)
		f.Close()
		if string(b) != "hello" {
			t.Fatalf("read %q", b)
		}
		if err := d.Delete(ctx, name); err != nil {
			t.Fatal(err)
		}
		if err := d.Delete(ctx, name); err != nil {
			t.Fatalf("deleting a missing file: %v", err)
		}
		if ents, _ := os.ReadDir(d.Dir()); len(ents) != 0 {
			t.Fatalf("left %v", ents)
		}
	})
}

func TestGIFFrameBudget(t *testing.T) {
	// 2000x2000 frames stay under the per-frame limit; 30 of them exceed the
	// total, which must be refused from the block walk alone (imaging's
	// TestGIFPixels checks the walk counts this fixture's frames).
	many := mediatest.RepeatedGIF(t, 2000, 2000, 30)
	p, dir := newPipeline(t)
	_, err := p.Save(context.Background(), bytes.NewReader(many), KindGIF)
	wantErr(t, err, "La animación es demasiado grande.")
	if got := files(t, dir); len(got) != 0 {
		t.Fatalf("store has %v", got)
	}
}

package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"carta/internal/media/mediatest"
	"carta/internal/store"
	"carta/internal/store/storetest"
)

// countingTransport counts the requests a storage sends to its store.
type countingTransport struct{ n atomic.Int64 }

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return http.DefaultTransport.RoundTrip(r)
}

// newS3 is an S3 storage on a fresh in-process fake, under a prefix.
func newS3(t *testing.T) (*S3, *countingTransport) {
	t.Helper()
	fake := mediatest.S3(t)
	tr := &countingTransport{}
	s, err := NewS3(context.Background(), S3Config{Endpoint: fake.Endpoint, Bucket: fake.Bucket, Prefix: "/carta/media/",
		AccessKey: fake.AccessKey, SecretKey: fake.SecretKey, PathStyle: true, Region: "us-east-1", Transport: tr})
	if err != nil {
		t.Fatal(err)
	}
	return s, tr
}

// eachStorage runs fn on every storage: local disk and S3 (in-process).
// A new storage passes the same contract by being added here.
func eachStorage(t *testing.T, fn func(t *testing.T, s Storage)) {
	t.Run("disk", func(t *testing.T) {
		d, err := NewDisk(filepath.Join(t.TempDir(), "media"))
		if err != nil {
			t.Fatal(err)
		}
		fn(t, d)
	})
	t.Run("s3", func(t *testing.T) {
		s, _ := newS3(t)
		fn(t, s)
	})
}

func readAll(t *testing.T, s Storage, name string) []byte {
	t.Helper()
	f, err := s.Open(context.Background(), name)
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

// The contract every Storage keeps (the interface's doc comments).
func TestStorageContract(t *testing.T) {
	eachStorage(t, func(t *testing.T, s Storage) {
		ctx := context.Background()
		t.Run("bad names", func(t *testing.T) {
			bad := []string{"", ".", "..", "../x.jpg", "a/b.jpg", "/etc/passwd", `a\b.jpg`, "x..jpg", ".hidden", "a\x00.jpg", "ñ.jpg", strings.Repeat("a", 300)}
			for _, name := range bad {
				if err := s.Put(ctx, name, []byte("x"), "image/jpeg"); !errors.Is(err, ErrBadName) {
					t.Fatalf("Put(%q): %v, want ErrBadName", name, err)
				}
				if _, err := s.Open(ctx, name); !errors.Is(err, ErrBadName) {
					t.Fatalf("Open(%q): %v, want ErrBadName", name, err)
				}
				if err := s.Delete(ctx, name); !errors.Is(err, ErrBadName) {
					t.Fatalf("Delete(%q): %v, want ErrBadName", name, err)
				}
			}
		})
		t.Run("round trip", func(t *testing.T) {
			name := "0123456789abcdef-0123456789ab.jpg"
			if _, err := s.Open(ctx, name); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("Open missing: %v, want fs.ErrNotExist", err)
			}
			data := bytes.Repeat([]byte("0123456789"), 1000)
			if err := s.Put(ctx, name, data, "image/jpeg"); err != nil {
				t.Fatal(err)
			}
			if got := readAll(t, s, name); !bytes.Equal(got, data) {
				t.Fatalf("read %d bytes, want %d", len(got), len(data))
			}
			// Replacing a name stores the new content.
			if err := s.Put(ctx, name, []byte("second"), "image/jpeg"); err != nil {
				t.Fatal(err)
			}
			if got := readAll(t, s, name); string(got) != "second" {
				t.Fatalf("after replace: %q", got)
			}
			if err := s.Delete(ctx, name); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Open(ctx, name); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("Open deleted: %v, want fs.ErrNotExist", err)
			}
			if err := s.Delete(ctx, name); err != nil {
				t.Fatalf("deleting a missing file: %v", err)
			}
		})
		t.Run("seek", func(t *testing.T) {
			name := "seek-0123456789ab.mp4"
			data := []byte("abcdefghijklmnopqrstuvwxyz")
			if err := s.Put(ctx, name, data, "video/mp4"); err != nil {
				t.Fatal(err)
			}
			f, err := s.Open(ctx, name)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if n, err := f.Seek(0, io.SeekEnd); err != nil || n != int64(len(data)) {
				t.Fatalf("Seek end: %d %v", n, err)
			}
			if n, err := f.Seek(20, io.SeekStart); err != nil || n != 20 {
				t.Fatalf("Seek 20: %d %v", n, err)
			}
			b := make([]byte, 3)
			if _, err := io.ReadFull(f, b); err != nil || string(b) != "uvw" {
				t.Fatalf("read at 20: %q %v", b, err)
			}
			if _, err := f.Seek(-26, io.SeekCurrent); err == nil {
				t.Fatal("seek before the start accepted")
			}
			if _, err := f.Seek(2, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			rest, err := io.ReadAll(f)
			if err != nil || string(rest) != string(data[2:]) {
				t.Fatalf("read from 2: %q %v", rest, err)
			}
		})
		t.Run("cancelled", func(t *testing.T) {
			cctx, cancel := context.WithCancel(ctx)
			cancel()
			if err := s.Put(cctx, "cancel-0123456789ab.jpg", []byte("x"), "image/jpeg"); err == nil {
				t.Fatal("Put with a cancelled context succeeded")
			}
			if _, err := s.Open(ctx, "cancel-0123456789ab.jpg"); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("a cancelled Put left a file: %v", err)
			}
		})
		t.Run("pipeline and handler", func(t *testing.T) {
			p := &Pipeline{Store: s}
			img, err := p.Save(ctx, bytes.NewReader(mediatest.JPEG(t, 900, 600)))
			if err != nil {
				t.Fatal(err)
			}
			vid, err := p.Save(ctx, bytes.NewReader(mediatest.FakeMP4("isom")))
			if err != nil {
				t.Fatal(err)
			}
			if w, h, err := p.ImageSize(ctx, img.CardURL); err != nil || w != CardSize && h != CardSize {
				t.Fatalf("ImageSize %dx%d %v", w, h, err)
			}
			full := readURL(t, p, vid.URL)
			for _, tc := range []struct {
				path, rng string
				status    int
				body      []byte
			}{
				{img.URL, "", 200, readURL(t, p, img.URL)},
				{vid.URL, "", 200, full},
				{vid.URL, "bytes=10-19", 206, full[10:20]},
				{vid.URL, "bytes=-5", 206, full[len(full)-5:]},
				{"/media/0123456789abcdef-0123456789ab.jpg", "", 404, nil},
			} {
				r := httptest.NewRequest("GET", tc.path, nil)
				if tc.rng != "" {
					r.Header.Set("Range", tc.rng)
				}
				w := httptest.NewRecorder()
				p.Handler().ServeHTTP(w, r)
				if w.Code != tc.status {
					t.Fatalf("%s %s: %d %s", tc.path, tc.rng, w.Code, w.Body)
				}
				if tc.status >= 300 {
					continue
				}
				if !bytes.Equal(w.Body.Bytes(), tc.body) {
					t.Fatalf("%s %s: %d bytes, want %d", tc.path, tc.rng, w.Body.Len(), len(tc.body))
				}
				if w.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" || w.Header().Get("ETag") == "" {
					t.Fatalf("headers %v", w.Header())
				}
			}
			if err := p.Delete(ctx, img.URL); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Open(ctx, strings.TrimPrefix(img.URL, "/media/")); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("deleted file opens: %v", err)
			}
		})
	})
}

// A plain GET of /media/ costs one request to S3 (ServeContent's seeks to
// learn the size are answered from the first response); a Range request
// one more.
func TestS3RequestsPerServe(t *testing.T) {
	s, tr := newS3(t)
	ctx := context.Background()
	if err := s.Put(ctx, "a-0123456789ab.mp4", bytes.Repeat([]byte{7}, 4096), "video/mp4"); err != nil {
		t.Fatal(err)
	}
	h := (&Pipeline{Store: s}).Handler()
	for _, tc := range []struct {
		rng  string
		want int64
	}{{"", 1}, {"bytes=100-199", 2}} {
		before := tr.n.Load()
		r := httptest.NewRequest("GET", "/media/a-0123456789ab.mp4", nil)
		if tc.rng != "" {
			r.Header.Set("Range", tc.rng)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code >= 300 {
			t.Fatalf("status %d", w.Code)
		}
		if got := tr.n.Load() - before; got != tc.want {
			t.Fatalf("range %q: %d requests to S3, want %d", tc.rng, got, tc.want)
		}
	}
}

func TestNewS3Refuses(t *testing.T) {
	fake := mediatest.S3(t)
	ctx := context.Background()
	for name, c := range map[string]S3Config{
		"no bucket":      {Endpoint: fake.Endpoint, PathStyle: true},
		"missing bucket": {Endpoint: fake.Endpoint, Bucket: "nope", PathStyle: true, AccessKey: "k", SecretKey: "s", Region: "us-east-1"},
		"bad endpoint":   {Endpoint: "ftp://x", Bucket: fake.Bucket},
		"endpoint path":  {Endpoint: fake.Endpoint + "/bucket", Bucket: fake.Bucket},
	} {
		if _, err := NewS3(ctx, c); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// The sweep removes unreferenced files from either storage, on either
// engine.
func TestSweepOnEachStorage(t *testing.T) {
	eachStorage(t, func(t *testing.T, s Storage) {
		storetest.Each(t, func(t *testing.T, db *store.DB) {
			ctx := context.Background()
			p := &Pipeline{Store: s}
			var names []string
			for i := range 3 {
				name := fmt.Sprintf("sweep%d-%s-0123456789ab.jpg", i, db.Dialect())
				if err := s.Put(ctx, name, []byte("x"), "image/jpeg"); err != nil {
					t.Fatal(err)
				}
				if err := recordMedia(ctx, db, 1, name); err != nil {
					t.Fatal(err)
				}
				names = append(names, name)
			}
			// Within the grace period nothing goes.
			if n, err := p.Sweep(ctx, db, SweepGrace); err != nil || n != 0 {
				t.Fatalf("sweep now: %d %v", n, err)
			}
			later := time.Now().Add(SweepGrace + time.Minute)
			db.Now = func() time.Time { return later }
			if n, err := p.Sweep(ctx, db, SweepGrace); err != nil || n != 3 {
				t.Fatalf("sweep later: %d %v", n, err)
			}
			for _, name := range names {
				if _, err := s.Open(ctx, name); !errors.Is(err, fs.ErrNotExist) {
					t.Fatalf("%s still stored: %v", name, err)
				}
			}
		})
	})
}

// Copy moves a local folder to S3: every file copied and read back, a
// second run copies nothing, a damaged copy is replaced, and files that are
// not the pipeline's are left out.
func TestCopyToS3(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "media")
	d, err := NewDisk(dir)
	if err != nil {
		t.Fatal(err)
	}
	p := &Pipeline{Store: d}
	img, err := p.Save(ctx, bytes.NewReader(mediatest.JPEG(t, 900, 600)))
	if err != nil {
		t.Fatal(err)
	}
	gif, err := p.Save(ctx, bytes.NewReader(mediatest.GIF(t, 20, 20, 2)))
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{".tmp-123": "half", "notes with spaces.txt": "x"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s3, _ := newS3(t)
	var seen []string
	rep, err := Copy(ctx, d, s3, func(name string, copied bool) { seen = append(seen, name) })
	if err != nil {
		t.Fatal(err)
	}
	if rep != (CopyReport{Copied: 3, Skipped: 2}) || len(seen) != 3 {
		t.Fatalf("first copy: %+v %v", rep, seen)
	}
	for _, u := range []string{img.URL, img.CardURL, gif.URL} {
		name, _ := p.Name(u)
		if !bytes.Equal(readAll(t, s3, name), readAll(t, d, name)) {
			t.Fatalf("%s differs after the copy", name)
		}
	}
	// Idempotent: nothing to do the second time.
	if rep, err := Copy(ctx, d, s3, nil); err != nil || rep != (CopyReport{Present: 3, Skipped: 2}) {
		t.Fatalf("second copy: %+v %v", rep, err)
	}
	// A damaged object (an earlier copy cut short by hand, say) is copied again.
	name, _ := p.Name(gif.URL)
	if err := s3.Put(ctx, name, []byte("damaged"), "image/gif"); err != nil {
		t.Fatal(err)
	}
	if rep, err := Copy(ctx, d, s3, nil); err != nil || rep != (CopyReport{Copied: 1, Present: 2, Skipped: 2}) {
		t.Fatalf("after damage: %+v %v", rep, err)
	}
	if !bytes.Equal(readAll(t, s3, name), readAll(t, d, name)) {
		t.Fatal("the damaged copy was not replaced")
	}
}

// A destination that stores something else than it was given is caught by
// the read-back.
func TestCopyVerifies(t *testing.T) {
	ctx := context.Background()
	d, err := NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Put(ctx, "a-0123456789ab.jpg", []byte("original"), "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	bad := &flakyStore{files: map[string][]byte{}, corrupt: true}
	if _, err := Copy(ctx, d, bad, nil); err == nil || !strings.Contains(err.Error(), "reads back different") {
		t.Fatalf("corrupting store: %v", err)
	}
}

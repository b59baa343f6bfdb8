package media_test

import (
	"bytes"
	"context"
	"errors"
	"mime/multipart"
	"net/http/httptest"
	"net/textproto"
	"testing"

	"carta/internal/apperr"
	"carta/internal/limits"
	"carta/internal/media"
	"carta/internal/media/mediatest"
	"carta/internal/respond"
)

// FuzzSaveMultipart posts fuzzed multipart bodies through the upload path
// of the handlers: respond.ParseMultipart, then Pipeline.SaveMultipart
// (sniffing, header checks, decoding, re-encoding, storing). Invariants:
// never panics; a refusal is a 400 (or a 503 when the decode budget is
// busy), never an internal error; an accepted upload is stored and reads
// back; no text field with a control character gets through.
func FuzzSaveMultipart(f *testing.F) {
	for _, file := range [][]byte{mediatest.PNG(f, 12, 7, true), mediatest.JPEG(f, 20, 10), mediatest.GIF(f, 6, 4, 2), []byte("\x89PNG\r\n\x1a\n"), []byte("hola")} {
		body, boundary := multipartOf(f, "file", file, "nombre", "Chuletón")
		f.Add(body, boundary)
	}
	body, boundary := multipartOf(f, "imagen", []byte("GIF89a"), "nota", "a\x01b")
	f.Add(body, boundary)
	f.Add([]byte("--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\n\xff\xd8\xff\r\n--x--\r\n"), "x")
	f.Add([]byte("--x\r\n\r\n--x"), "")
	disk, err := media.NewDisk(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	p := &media.Pipeline{Store: disk, MaxImageBytes: 256 << 10, MaxGIFBytes: 256 << 10, MaxVideoBytes: 256 << 10,
		MaxDecodeBytes: 64 << 20, DecodeBudget: 64 << 20}
	f.Fuzz(func(t *testing.T, body []byte, boundary string) {
		r := httptest.NewRequest("POST", "/api/vinos/1/imagen", bytes.NewReader(body))
		r.Header.Set("Content-Type", "multipart/form-data; boundary="+boundary)
		w := httptest.NewRecorder()
		if err := respond.ParseMultipart(w, r, 512<<10); err != nil {
			if e, ok := apperr.As(err); !ok || e.Kind != apperr.Invalid {
				t.Fatalf("form refused with %v", err)
			}
			return
		}
		for k, vs := range r.MultipartForm.Value {
			for _, v := range append(vs, k) {
				if limits.HasControl(v) {
					t.Fatalf("field %q with a control character accepted", k)
				}
			}
		}
		defer func() { _ = r.MultipartForm.RemoveAll() }()
		s, err := p.SaveMultipart(r, "file", media.KindImage, media.KindGIF, media.KindVideo)
		if err != nil {
			if e, ok := apperr.As(err); !ok || (e.Kind != apperr.Invalid && !errors.Is(err, media.ErrBusy)) {
				t.Fatalf("upload refused with %v", err)
			}
			return
		}
		for _, u := range []string{s.URL, s.CardURL} {
			if !p.IsMediaURL(u) {
				t.Fatalf("stored under %q", u)
			}
		}
		if err := p.Delete(context.Background(), s.URL); err != nil {
			t.Fatal(err)
		}
		if s.CardURL != s.URL {
			_ = p.Delete(context.Background(), s.CardURL)
		}
	})
}

// multipartOf is a form with one file part and one text field.
func multipartOf(tb testing.TB, fileField string, file []byte, name, value string) ([]byte, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="`+fileField+`"; filename="x.bin"`)
	h.Set("Content-Type", "application/octet-stream")
	part, err := w.CreatePart(h)
	if err != nil {
		tb.Fatal(err)
	}
	_, _ = part.Write(file)
	_ = w.WriteField(name, value)
	_ = w.Close()
	return b.Bytes(), w.Boundary()
}

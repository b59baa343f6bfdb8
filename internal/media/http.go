package media

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/respond"
)

// contentTypes maps the extensions the pipeline writes to what is served;
// any other extension is not the pipeline's and answers 404.
var contentTypes = map[string]string{
	".jpg":  "image/jpeg",
	".png":  "image/png",
	".gif":  "image/gif",
	".mp4":  "video/mp4",
	".webm": "video/webm",
}

// Handler serves GET and HEAD of stored files. Mount it as
// "GET /media/{name}" (the name comes from the {name} wildcard, or else from
// the path after URLPrefix). Names are content-hashed and never rewritten,
// so responses are cacheable forever; Range requests work for video.
func (p *Pipeline) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			msg := "Método no permitido."
			if respond.Lang(r) == "en" {
				msg = "Method not allowed."
			}
			respond.JSON(w, http.StatusMethodNotAllowed, map[string]string{"error": msg})
			return
		}
		name := r.PathValue("name")
		if name == "" {
			name = strings.TrimPrefix(r.URL.Path, p.prefix())
		}
		ctype, ok := contentTypes[path.Ext(name)]
		if !ok || !validName(name) {
			respond.Error(w, r, apperr.ErrNotFound)
			return
		}
		f, err := p.Store.Open(r.Context(), name)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrBadName) {
				err = apperr.ErrNotFound
			}
			respond.Error(w, r, err)
			return
		}
		defer f.Close()
		h := w.Header()
		h.Set("Content-Type", ctype)
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("ETag", `"`+name+`"`)
		http.ServeContent(w, r, name, time.Time{}, f)
	})
}

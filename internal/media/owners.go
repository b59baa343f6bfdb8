package media

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	neturl "net/url"
	"strings"
	"time"

	"carta/internal/apperr"
	"carta/internal/jobs"
	"carta/internal/store"
	"carta/internal/tenant"
)

// Size is the variant of an image a use keeps: a logo or a card shows the
// card size, a background or a popup the full size.
type Size int

const (
	Full Size = iota
	Card
)

// ErrNotOwned answers a write that names another restaurant's file (or one
// being removed).
var ErrNotOwned = apperr.E(apperr.Invalid, "La imagen no pertenece a este restaurante o ya no existe. Súbela de nuevo.",
	"The image does not belong to this restaurant or no longer exists. Upload it again.")

// Name returns the stored name behind one of the pipeline's URLs.
func (p *Pipeline) Name(url string) (string, bool) { return p.name(url) }

// SaveFor stores the file of a multipart field for a restaurant: it keeps
// the variant size asks for (a GIF or a video has one), records the
// restaurant as the file's owner and returns the kept file. The other
// variant, new and unreferenced, is deleted at once; a failure leaves
// nothing behind.
func (p *Pipeline) SaveFor(r *http.Request, db *store.DB, t tenant.ID, field string, size Size, allow ...Kind) (Stored, error) {
	st, err := p.SaveMultipart(r, field, allow...)
	if err != nil {
		return Stored{}, err
	}
	keep, drop := st.URL, st.CardURL
	if size == Card {
		keep, drop = st.CardURL, st.URL
	}
	ctx := context.WithoutCancel(r.Context())
	if drop != keep {
		_ = p.Delete(ctx, drop)
	}
	st.URL, st.CardURL = keep, keep
	name, _ := p.name(keep)
	if err := recordMedia(ctx, db, t.Int64(), name); err != nil {
		_ = p.Delete(ctx, keep)
		return Stored{}, fmt.Errorf("media: record owner: %w", err)
	}
	return st, nil
}

// ErrImageSource answers an image a client names that is neither one of
// the restaurant's uploads nor an https link.
var ErrImageSource = apperr.E(apperr.Invalid, "La imagen debe ser un archivo subido o un enlace https.",
	"The image must be an uploaded file or an https link.")

// Use checks, in the transaction that references url, where an image a
// restaurant names comes from: one of its own stored files (see
// store.UseMedia), or an https link to another site; anything else
// (javascript:, data:, http:, a scheme-relative //host, another
// restaurant's file) is refused. An empty url (no image) passes.
func (p *Pipeline) Use(ctx context.Context, q store.Querier, t tenant.ID, url string) error {
	if url == "" {
		return nil
	}
	name, ok := p.name(url)
	if !ok {
		if strings.HasPrefix(url, p.prefix()) {
			return ErrNotOwned
		}
		if !httpsLink(url) {
			return ErrImageSource
		}
		return nil
	}
	err := useMedia(ctx, q, t.Int64(), name)
	if errors.Is(err, errMediaNotOwned) {
		return ErrNotOwned
	}
	return err
}

// Adopt records the restaurant as the owner of a file stored with Save
// (seeding stores files first and the rows that use them in one
// transaction).
func (p *Pipeline) Adopt(ctx context.Context, q store.Querier, t tenant.ID, url string) error {
	name, ok := p.name(url)
	if !ok {
		return fmt.Errorf("media: %q is not a stored file", url)
	}
	return recordMedia(ctx, q, t.Int64(), name)
}

// SweepGrace is how long a file must have gone unused before the sweep
// removes it: longer than any upload takes to be referenced.
const SweepGrace = time.Hour

// Sweep removes the stored files nothing references any more (a replaced
// or deleted image, an upload whose write failed) once they have gone
// unused for grace: they are marked in the database first, so no write can
// start using them, then deleted from storage, then forgotten. It returns
// how many files it removed.
func (p *Pipeline) Sweep(ctx context.Context, db *store.DB, grace time.Duration) (int, error) {
	n := 0
	for {
		names, err := doomUnreferenced(ctx, db, db.Now().Add(-grace), 200)
		if err != nil || len(names) == 0 {
			return n, err
		}
		for _, name := range names {
			if err := p.Store.Delete(ctx, name); err != nil {
				return n, err
			}
			if err := forget(ctx, db, name); err != nil {
				return n, err
			}
			n++
		}
		if len(names) < 200 {
			return n, nil
		}
	}
}

// RunSweep sweeps every interval until ctx ends.
func (p *Pipeline) RunSweep(ctx context.Context, db *store.DB, interval time.Duration, errorf func(msg string, args ...any)) {
	jobs.Every(ctx, "media_sweep", interval, func(pctx context.Context) error {
		_, err := p.Sweep(pctx, db, SweepGrace)
		if err != nil && ctx.Err() == nil {
			errorf("media sweep", "err", err)
		}
		return err
	}, jobs.Measured(p.Metrics))
}

// httpsLink reports whether s is an absolute https URL with a host (and no
// credentials in it).
func httpsLink(s string) bool {
	u, err := neturl.Parse(s)
	return err == nil && u.Scheme == "https" && u.Host != "" && u.User == nil && u.Opaque == ""
}

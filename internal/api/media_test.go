package api_test

import (
	"context"
	"fmt"
	"image/color"
	"testing"
	"time"

	"carta/internal/media"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// sweepLater runs the media sweep as it would run once the grace period
// has passed (the clock moves on; nothing sleeps).
func (e *env) sweepLater() int {
	e.t.Helper()
	later := time.Now().Add(media.SweepGrace + time.Minute)
	e.db.Now = func() time.Time { return later }
	defer func() { e.db.Now = time.Now }()
	n, err := e.api.Media.Sweep(context.Background(), e.db, media.SweepGrace)
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

// Every stored file has an owner: one restaurant cannot reference, and so
// cannot delete, another's files; a file goes only when nothing of its
// owner references it any more.
func TestMediaOwnership(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMenuEnv(t, db)
		pop := e.do("POST", "/api/popups", e.owner1, form(map[string]any{"cliente_id": 1, "name": "Promo", "file": pngImage(600, 400, color.RGBA{200, 10, 10, 255})}, "p.png"))
		if pop.status != 201 {
			t.Fatalf("popup: %d %s", pop.status, pop.body)
		}
		popURL := pop.json["file_url"].(string)
		jamon := e.productID(e.owner1, 1, "Jamón Ibérico")
		img := e.do("POST", fmt.Sprintf("/api/clover/products/%d/image", jamon), e.owner1, form(map[string]any{"cliente_id": 1, "image": pngImage(500, 500, color.RGBA{1, 2, 3, 255})}, "i.png"))
		if img.status != 200 {
			t.Fatalf("product image: %d %s", img.status, img.body)
		}
		prodURL := img.json["url"].(string)

		// The attack: restaurant 2 names restaurant 1's files in its own
		// category (then would delete it). Refused; nothing is stored.
		for _, u := range []string{popURL, prodURL, "/media/../carta.db", "/media/nope.jpg"} {
			r := e.do("POST", "/api/categories", e.owner2, map[string]any{"name": "Robada", "cliente_id": 2, "image_path": u})
			if r.status != 400 {
				t.Fatalf("owner 2 naming %s: %d %s", u, r.status, r.body)
			}
		}
		if e.count(`SELECT COUNT(*) FROM categorias WHERE name = 'Robada'`) != 0 {
			t.Fatal("a refused category was stored")
		}
		// A super admin acting for restaurant 2 cannot either.
		if r := e.do("POST", "/api/categories", e.admin, map[string]any{"name": "Robada", "cliente_id": 2, "image_path": popURL}); r.status != 400 {
			t.Fatalf("admin for restaurant 2: %d", r.status)
		}
		// Restaurant 1 may reuse its own file: two rows share it.
		cat := e.do("POST", "/api/categories", e.owner1, map[string]any{"name": "Promos", "cliente_id": 1, "image_path": popURL})
		if cat.status != 201 {
			t.Fatalf("own file: %d %s", cat.status, cat.body)
		}
		catID := int(cat.json["categoria"].(map[string]any)["id"].(float64))
		if r := e.do("DELETE", fmt.Sprintf("/api/categories/%d", catID), e.owner1, nil); r.status != 200 {
			t.Fatalf("delete category: %d", r.status)
		}
		// The popup still uses the file: the sweep keeps it.
		e.sweepLater()
		for _, u := range []string{popURL, prodURL} {
			if r := e.do("GET", u, "", nil); r.status != 200 {
				t.Fatalf("%s after deleting a category that shared it: %d", u, r.status)
			}
		}
		// Replaced and deleted: only then is a file removed.
		if r := e.do("POST", fmt.Sprintf("/api/clover/products/%d/image", jamon), e.owner1, form(map[string]any{"cliente_id": 1, "image": pngImage(400, 400, color.White)}, "i.png")); r.status != 200 {
			t.Fatal(r.body)
		}
		if r := e.do("DELETE", fmt.Sprintf("/api/popups/%v", pop.json["id"]), e.owner1, nil); r.status != 204 {
			t.Fatal(r.body)
		}
		if e.do("GET", popURL, "", nil).status != 200 {
			t.Fatal("a file was removed before the grace period")
		}
		if n := e.sweepLater(); n < 2 {
			t.Fatalf("sweep removed %d files, want at least the popup's and the old product image", n)
		}
		for _, u := range []string{popURL, prodURL} {
			if r := e.do("GET", u, "", nil); r.status != 404 {
				t.Fatalf("%s after nothing uses it: %d", u, r.status)
			}
		}
		// Every image the demo menus and the tests still use is served.
		rows, err := db.Query(context.Background(), `SELECT image_path FROM productos WHERE image_path LIKE '/media/%' UNION SELECT image_path FROM categorias WHERE image_path LIKE '/media/%'`)
		if err != nil {
			t.Fatal(err)
		}
		var used []string
		for rows.Next() {
			var u string
			rows.Scan(&u)
			used = append(used, u)
		}
		rows.Close()
		for _, u := range used {
			if r := e.do("GET", u, "", nil); r.status != 200 {
				t.Fatalf("the sweep removed %s, still in use", u)
			}
		}
	})
}

// A file the sweep has marked can no longer be used: the write fails
// instead of pointing at a file about to disappear.
func TestMediaDoomedFileCannotBeUsed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		if err := e.pipe.Adopt(ctx, db, tenant.Job(1), "/media/abandonada-0123456789ab.jpg"); err != nil {
			t.Fatal(err)
		}
		// The sweep's first step marks it (its deletion has not happened yet).
		if _, err := db.Exec(ctx, `UPDATE media SET doomed_at = 1 WHERE name = 'abandonada-0123456789ab.jpg'`); err != nil {
			t.Fatal(err)
		}
		r := e.do("POST", "/api/categories", e.owner1, map[string]any{"name": "Tarde", "cliente_id": 1, "image_path": "/media/abandonada-0123456789ab.jpg"})
		if r.status != 400 {
			t.Fatalf("using a doomed file: %d %s", r.status, r.body)
		}
	})
}

package menu_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"testing"
	"time"

	"carta/internal/apperr"
	"carta/internal/clientes"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/pos"
	"carta/internal/pos/clover"
	"carta/internal/pos/clover/clovertest"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// setup creates a restaurant connected to a fake Clover merchant.
func setup(t testing.TB, db *store.DB, m clovertest.Merchant) (tenant.ID, *clovertest.Server, *menu.Service) {
	t.Helper()
	ctx := context.Background()
	srv := clovertest.NewServer(t, m)
	mid := m.ID
	cid, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "R " + m.ID, MerchantID: &mid, Estado: clientes.EstadoActivo})
	if err != nil {
		t.Fatal(err)
	}
	id := tenant.Job(cid)
	if err := clientes.SetPOSConnection(ctx, db, id, clientes.POSConnection{Provider: "clover", Token: m.Token, BaseURL: srv.URL}); err != nil {
		t.Fatal(err)
	}
	s := &menu.Service{DB: db, Media: &media.Pipeline{}, Catalog: func(conn clientes.POSConnection) (pos.Catalog, error) {
		c := clover.New(conn.BaseURL, conn.Merchant, conn.Token)
		c.Sleep = func(ctx context.Context, d time.Duration) error { return ctx.Err() } // no real waiting in tests
		return c, nil
	}}
	return id, srv, s
}

// snapshot is everything a sync may touch, to compare before and after.
func snapshot(t testing.TB, s *menu.Service, id tenant.ID) string {
	t.Helper()
	ctx := context.Background()
	ps, err := s.AllProducts(ctx, id, "en")
	if err != nil {
		t.Fatal(err)
	}
	cats, err := s.POSCategories(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := menu.GetState(ctx, s.DB, id)
	return fmt.Sprintf("v%d %+v %+v", st.Version, cats, ps)
}

func TestSyncFromClover(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		m := clovertest.GenerateMerchant("M1", "tok-1", 6, 1200)
		id, srv, s := setup(t, db, m)

		res, err := s.Sync(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if res.Categorias != 6 || res.Productos != 1200 || res.Creados != 1200 {
			t.Fatalf("first sync: %+v", res)
		}
		if n := srv.Requests("/v3/merchants/M1/items"); n != 2 {
			t.Fatalf("item pages fetched: %d, want 2 (1000 + 200)", n)
		}
		all, _ := s.AllProducts(ctx, id, "es")
		hidden := 0
		for _, p := range all {
			if !p.Visible {
				hidden++
			}
		}
		if len(all) != 1200 || hidden != 80 {
			t.Fatalf("%d products, %d hidden; want 1200 and 80 (items hidden in the POS)", len(all), hidden)
		}
		var mods, taxes string
		if err := db.QueryRow(ctx, `SELECT modifiers_json, taxes_json FROM productos WHERE cliente_id = ? AND clover_item_id = ?`, id.Int64(), m.Items[0].ID).Scan(&mods, &taxes); err != nil {
			t.Fatal(err)
		}
		if taxes == "[]" {
			t.Fatalf("taxes not imported for %s: %s", m.Items[0].ID, taxes)
		}

		// Running it again changes nothing.
		before := snapshot(t, s, id)
		res, err = s.Sync(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if res.Creados+res.Actualizados+res.Eliminados != 0 {
			t.Fatalf("second sync changed things: %+v", res)
		}
		if after := snapshot(t, s, id); after != before {
			t.Fatal("second sync changed the menu")
		}
	})
}

func TestSyncKeepsLocalEditsAndRemovesDeleted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		m := clovertest.GenerateMerchant("M2", "tok-2", 3, 30)
		id, _, s := setup(t, db, m)
		if _, err := s.Sync(ctx, id); err != nil {
			t.Fatal(err)
		}
		// The owner edits an item, builds a main category and links a POS category.
		p, _, err := getByCloverID(db, id, m.Items[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		s.SetDescription(ctx, id, p, "Receta de la abuela")
		db.Exec(ctx, `UPDATE productos SET image_path = '/media/local.jpg' WHERE id = ?`, p)
		s.SetVisible(ctx, id, p, false)
		menu.SetTranslation(ctx, db, id, "producto", strconv.FormatInt(p, 10), "en", "name", "Grandma's")
		cat, _ := menu.CreateCategoria(ctx, db, id, "Especiales", "")
		one := int64(1)
		menu.LinkSubcategoria(ctx, db, id, cat, m.Categories[0].ID, &one)
		menu.LinkSubcategoria(ctx, db, id, cat, m.Categories[2].ID, nil)

		// The POS renames and reprices the item, deletes another and a category.
		gone := m.Items[1].ID
		m2 := m
		m2.Items = append([]pos.Item{}, m.Items...)
		m2.Items[0].Name, m2.Items[0].Price = "Nuevo nombre", 9999
		m2.Items = append(m2.Items[:1], m2.Items[2:]...)
		m2.Categories = m.Categories[:2]
		for i := range m2.Items {
			var keep []string
			for _, c := range m2.Items[i].CategoryIDs {
				if c != m.Categories[2].ID {
					keep = append(keep, c)
				}
			}
			m2.Items[i].CategoryIDs = keep
		}
		srv2 := clovertest.NewServer(t, m2)
		clientes.SetPOSConnection(ctx, db, id, clientes.POSConnection{Provider: "clover", Token: m.Token, BaseURL: srv2.URL})
		res, err := s.Sync(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if res.Eliminados != 1 {
			t.Fatalf("result %+v, want one removed", res)
		}
		ps, _ := s.AllProducts(ctx, id, "en")
		var found *menu.Producto
		for i := range ps {
			if ps[i].ID == p {
				found = &ps[i]
			}
		}
		if found == nil || found.Price != 9999 || found.Description != "Receta de la abuela" || found.ImagePath != "/media/local.jpg" ||
			found.Visible || found.Name != "Grandma's" || found.Translations["en"]["name"] != "Grandma's" {
			t.Fatalf("after sync: %+v", found)
		}
		es, _ := s.AllProducts(ctx, id, "es")
		for _, x := range es {
			if x.ID == p && x.Name != "Nuevo nombre" {
				t.Fatalf("POS name not updated: %q", x.Name)
			}
		}
		if _, _, err := getByCloverID(db, id, gone); !errors.Is(err, store.ErrNotFound) {
			t.Fatal("an item deleted in the POS is still on the menu")
		}
		subs, _ := s.Subcategories(ctx, id, cat, "es")
		if len(subs) != 1 || subs[0].CloverCategoryID != m.Categories[0].ID {
			t.Fatalf("links after the POS category was deleted: %+v", subs)
		}
	})
}

func getByCloverID(db *store.DB, cliente tenant.ID, cloverID string) (int64, string, error) {
	var id int64
	var name string
	err := db.QueryRow(context.Background(), `SELECT id, name FROM productos WHERE cliente_id = ? AND clover_item_id = ?`, cliente.Int64(), cloverID).Scan(&id, &name)
	if err != nil {
		return 0, "", store.ErrNotFound
	}
	return id, name, nil
}

// failingCatalog fails after yielding n items.
type failingCatalog struct {
	pos.Catalog
	n int
}

func (f failingCatalog) Items(ctx context.Context, fn func(pos.Item) error) error {
	i := 0
	return f.Catalog.Items(ctx, func(it pos.Item) error {
		if i++; i > f.n {
			return errors.New("connection reset")
		}
		return fn(it)
	})
}

func TestSyncFailureLeavesMenuIntact(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		m := clovertest.GenerateMerchant("M3", "tok-3", 4, 1500)
		id, srv, s := setup(t, db, m)
		if _, err := s.Sync(ctx, id); err != nil {
			t.Fatal(err)
		}
		before := snapshot(t, s, id)

		// The POS fails mid-way (after the first page of items).
		changed := m
		changed.Items = append([]pos.Item{}, m.Items...)
		for i := range changed.Items {
			changed.Items[i].Price++
		}
		srv2 := clovertest.NewServer(t, changed)
		clientes.SetPOSConnection(ctx, db, id, clientes.POSConnection{Provider: "clover", Token: m.Token, BaseURL: srv2.URL})
		inner := s.Catalog
		s.Catalog = func(c clientes.POSConnection) (pos.Catalog, error) {
			cat, err := inner(c)
			return failingCatalog{cat, 1100}, err
		}
		_, err := s.Sync(ctx, id)
		if e, ok := apperr.As(err); !ok || e.ES != "Error al sincronizar con Clover." {
			t.Fatalf("mid-way failure: %v", err)
		}
		if after := snapshot(t, s, id); after != before {
			t.Fatal("a failed sync changed the menu")
		}

		// An expired token is reported so the super admin can reconnect.
		s.Catalog = inner
		clientes.SetPOSConnection(ctx, db, id, clientes.POSConnection{Provider: "clover", Token: "revoked", BaseURL: srv.URL})
		_, err = s.Sync(ctx, id)
		if !errors.Is(err, pos.ErrUnauthorized) || !errors.Is(err, menu.ErrPOSExpired) && !isExpired(err) {
			t.Fatalf("401: %v", err)
		}
		// A POS that keeps failing.
		clientes.SetPOSConnection(ctx, db, id, clientes.POSConnection{Provider: "clover", Token: m.Token, BaseURL: srv.URL})
		srv.FailNext(500, "", 100)
		if _, err := s.Sync(ctx, id); !errors.Is(err, pos.ErrUnavailable) {
			t.Fatalf("500s: %v", err)
		}
		if after := snapshot(t, s, id); after != before {
			t.Fatal("failed syncs changed the menu")
		}
	})
}

func isExpired(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.ES == menu.ErrPOSExpired.ES
}

func TestSyncWithoutConnection(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		id, _ := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Sin POS"})
		_, err := (&menu.Service{DB: db}).Sync(ctx, tenant.Job(id))
		if !errors.Is(err, menu.ErrNoPOSConfig) {
			t.Fatalf("got %v", err)
		}
	})
}

// BenchmarkSync5000 syncs a merchant of 5,000 items in 50 categories served
// by the fake Clover server (first import, then an unchanged re-sync), on
// each engine; it reports the peak heap growth.
func BenchmarkSync5000(b *testing.B) {
	for _, d := range storetest.Engines() {
		b.Run(string(d), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				db := storetest.Open(b, d)
				id, _, s := setup(b, db, clovertest.GenerateMerchant("BENCH", "tok", 50, 5000))
				runtime.GC()
				var ms0, ms1 runtime.MemStats
				runtime.ReadMemStats(&ms0)
				b.StartTimer()
				start := time.Now()
				res, err := s.Sync(context.Background(), id)
				first := time.Since(start)
				if err != nil || res.Creados != 5000 {
					b.Fatalf("%+v %v", res, err)
				}
				start = time.Now()
				if _, err := s.Sync(context.Background(), id); err != nil {
					b.Fatal(err)
				}
				again := time.Since(start)
				b.StopTimer()
				runtime.ReadMemStats(&ms1)
				b.ReportMetric(first.Seconds(), "s/first-sync")
				b.ReportMetric(again.Seconds(), "s/re-sync")
				b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/(1<<20), "MiB-allocated")
			}
		})
	}
}

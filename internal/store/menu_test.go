package store_test

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"carta/internal/store"
	"carta/internal/store/storetest"
)

func TestMenuStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c1, _ := store.CreateCliente(ctx, db, store.Cliente{Nombre: "Uno"})
		c2, _ := store.CreateCliente(ctx, db, store.Cliente{Nombre: "Dos"})

		s, err := store.GetSettings(ctx, db, c1)
		if err != nil || s != store.DefaultSettings(c1) {
			t.Fatalf("defaults: %+v %v", s, err)
		}
		st0, _ := store.GetMenuState(ctx, db, c1)
		s.CardColor = "#111111"
		if err := store.SaveSettings(ctx, db, s); err != nil {
			t.Fatal(err)
		}
		s.FontFamily = "Georgia"
		if err := store.SaveSettings(ctx, db, s); err != nil {
			t.Fatal(err)
		}
		got, _ := store.GetSettings(ctx, db, c1)
		if got.CardColor != "#111111" || got.FontFamily != "Georgia" {
			t.Fatalf("saved settings %+v", got)
		}
		st1, _ := store.GetMenuState(ctx, db, c1)
		if st1.Version != st0.Version+2 {
			t.Fatalf("menu version %d → %d, want +2", st0.Version, st1.Version)
		}
		if _, err := store.GetMenuState(ctx, db, 999); !errors.Is(err, store.ErrNotFound) {
			t.Fatal(err)
		}

		cat, err := store.CreateCategoria(ctx, db, c1, "Entradas", "")
		if err != nil {
			t.Fatal(err)
		}
		cat2, _ := store.CreateCategoria(ctx, db, c1, "Postres", "")
		if err := store.SetTranslation(ctx, db, c1, "categoria", itoa(cat), "en", "name", "Starters"); err != nil {
			t.Fatal(err)
		}
		cats, _ := store.ListCategorias(ctx, db, c1, "en")
		if len(cats) != 2 || cats[0].Name != "Starters" || cats[1].Name != "Postres" {
			t.Fatalf("english with fallback: %+v", cats)
		}
		if cats, _ := store.ListCategorias(ctx, db, c2, "es"); len(cats) != 0 {
			t.Fatal("categories leak across restaurants")
		}
		if _, err := store.GetCategoria(ctx, db, c2, cat); !errors.Is(err, store.ErrNotFound) {
			t.Fatal("another restaurant's category was found")
		}
		// Removing a translation falls back to Spanish.
		store.SetTranslation(ctx, db, c1, "categoria", itoa(cat), "en", "name", "")
		if cats, _ := store.ListCategorias(ctx, db, c1, "en"); cats[0].Name != "Entradas" {
			t.Fatalf("removed translation: %+v", cats[0])
		}

		for i, id := range []string{"A", "B", "C", "D"} {
			store.UpsertPosCategoria(ctx, db, c1, id, "Sub "+id, i)
		}
		p3, p1 := int64(3), int64(1)
		store.LinkSubcategoria(ctx, db, c1, cat, "A", nil)
		store.LinkSubcategoria(ctx, db, c1, cat, "B", &p3)
		store.LinkSubcategoria(ctx, db, c1, cat, "C", &p1)
		store.LinkSubcategoria(ctx, db, c1, cat2, "D", &p1)
		subs, err := store.ListSubcategorias(ctx, db, c1, cat, "es")
		if err != nil {
			t.Fatal(err)
		}
		var order string
		for _, s := range subs {
			order += s.CloverCategoryID
		}
		if order != "CBA" {
			t.Fatalf("subcategory order %s, want CBA (missing position last)", order)
		}
		// Relinking updates the position instead of duplicating.
		store.LinkSubcategoria(ctx, db, c1, cat, "A", &p1)
		subs, _ = store.ListSubcategorias(ctx, db, c1, cat, "es")
		if len(subs) != 3 || subs[0].CloverCategoryID != "A" && subs[1].CloverCategoryID != "A" {
			t.Fatalf("relink: %+v", subs)
		}

		id, err := store.UpsertProducto(ctx, db, c1, store.ProductoInput{CloverItemID: "I1", Name: "Pan", Description: "Rico", Price: 250, Visible: true, Categories: []string{"A"}})
		if err != nil {
			t.Fatal(err)
		}
		store.UpsertProducto(ctx, db, c1, store.ProductoInput{CloverItemID: "I2", Name: "Oculto", Price: 100, Visible: false, Categories: []string{"A"}})
		store.SetTranslation(ctx, db, c1, "producto", itoa(id), "en", "name", "Bread")
		ps, _ := store.ListProductos(ctx, db, c1, "A", "en", true)
		if len(ps) != 1 || ps[0].Name != "Bread" || ps[0].Description != "Rico" || ps[0].Price != 250 {
			t.Fatalf("visible products: %+v", ps)
		}
		all, _ := store.ListProductos(ctx, db, c1, "", "es", false)
		if len(all) != 2 {
			t.Fatalf("admin list: %+v", all)
		}
		// Re-import from the POS updates name and price, keeps local description and visibility.
		if _, err := db.Exec(ctx, `UPDATE productos SET description = 'Local', visible = 0 WHERE id = ?`, id); err != nil {
			t.Fatal(err)
		}
		id2, _ := store.UpsertProducto(ctx, db, c1, store.ProductoInput{CloverItemID: "I1", Name: "Pan Nuevo", Description: "POS", Price: 300, Visible: true, Categories: []string{"B"}})
		if id2 != id {
			t.Fatalf("upsert created a new row %d != %d", id2, id)
		}
		all, _ = store.ListProductos(ctx, db, c1, "B", "es", false)
		if len(all) != 1 || all[0].Name != "Pan Nuevo" || all[0].Price != 300 || all[0].Description != "Local" || all[0].Visible {
			t.Fatalf("after re-import: %+v", all)
		}
		if _, err := db.Exec(ctx, `UPDATE productos SET price = -1 WHERE id = ?`, id); err == nil {
			t.Fatal("negative price accepted")
		}

		pa, _ := store.CreatePopup(ctx, db, store.Popup{ClienteID: c1, Name: "A", FileURL: "/media/a.jpg", FileType: "image/jpeg"})
		pb, _ := store.CreatePopup(ctx, db, store.Popup{ClienteID: c1, Name: "B", FileURL: "/media/b.mp4", FileType: "video/mp4"})
		pops, _ := store.ListPopups(ctx, db, c1)
		if len(pops) != 2 || pops[0].ID != pb {
			t.Fatalf("popups newest first: %+v", pops)
		}
		if err := store.DeletePopup(ctx, db, c2, pa); !errors.Is(err, store.ErrNotFound) {
			t.Fatal("another restaurant deleted a popup")
		}
		if err := store.DeletePopup(ctx, db, c1, pa); err != nil {
			t.Fatal(err)
		}
	})
}

func itoa(i int64) string { return strconv.FormatInt(i, 10) }

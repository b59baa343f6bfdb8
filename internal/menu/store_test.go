package menu

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"carta/internal/clientes"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

func TestMenuStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		id1, _ := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Uno"})
		id2, _ := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Dos"})
		c1, c2 := tenant.Job(id1), tenant.Job(id2)
		svc := &Service{DB: db}

		s, err := getSettings(ctx, db, c1)
		if err != nil || s != DefaultSettings(id1) {
			t.Fatalf("defaults: %+v %v", s, err)
		}
		// Every write through the service bumps the menu version once.
		st0, _ := GetState(ctx, db, c1)
		s.CardColor = "#111111"
		if _, err := svc.SaveSettings(ctx, c1, s); err != nil {
			t.Fatal(err)
		}
		s.FontFamily = "Georgia"
		if _, err := svc.SaveSettings(ctx, c1, s); err != nil {
			t.Fatal(err)
		}
		got, _ := getSettings(ctx, db, c1)
		if got.CardColor != "#111111" || got.FontFamily != "Georgia" {
			t.Fatalf("saved settings %+v", got)
		}
		st1, _ := GetState(ctx, db, c1)
		if st1.Version != st0.Version+2 {
			t.Fatalf("menu version %d → %d, want +2", st0.Version, st1.Version)
		}
		if st2, _ := GetState(ctx, db, c2); st2.Version != st0.Version {
			t.Fatal("another restaurant's version moved")
		}
		if _, err := GetState(ctx, db, tenant.PublicMenu(999)); !errors.Is(err, store.ErrNotFound) {
			t.Fatal(err)
		}

		cat, err := CreateCategoria(ctx, db, c1, "Entradas", "")
		if err != nil {
			t.Fatal(err)
		}
		cat2, _ := CreateCategoria(ctx, db, c1, "Postres", "")
		if err := SetTranslation(ctx, db, c1, "categoria", itoa(cat), "en", "name", "Starters"); err != nil {
			t.Fatal(err)
		}
		cats, _ := listCategorias(ctx, db, c1, "en")
		if len(cats) != 2 || cats[0].Name != "Starters" || cats[1].Name != "Postres" {
			t.Fatalf("english with fallback: %+v", cats)
		}
		if cats, _ := listCategorias(ctx, db, c2, "es"); len(cats) != 0 {
			t.Fatal("categories leak across restaurants")
		}
		if _, err := getCategoria(ctx, db, c2, cat); !errors.Is(err, store.ErrNotFound) {
			t.Fatal("another restaurant's category was found")
		}
		// Removing a translation falls back to Spanish.
		SetTranslation(ctx, db, c1, "categoria", itoa(cat), "en", "name", "")
		if cats, _ := listCategorias(ctx, db, c1, "en"); cats[0].Name != "Entradas" {
			t.Fatalf("removed translation: %+v", cats[0])
		}

		for i, id := range []string{"A", "B", "C", "D"} {
			UpsertPosCategoria(ctx, db, c1, id, "Sub "+id, i)
		}
		p3, p1 := int64(3), int64(1)
		LinkSubcategoria(ctx, db, c1, cat, "A", nil)
		LinkSubcategoria(ctx, db, c1, cat, "B", &p3)
		LinkSubcategoria(ctx, db, c1, cat, "C", &p1)
		LinkSubcategoria(ctx, db, c1, cat2, "D", &p1)
		subs, err := listSubcategorias(ctx, db, c1, cat, "es")
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
		LinkSubcategoria(ctx, db, c1, cat, "A", &p1)
		subs, _ = listSubcategorias(ctx, db, c1, cat, "es")
		if len(subs) != 3 || subs[0].CloverCategoryID != "A" && subs[1].CloverCategoryID != "A" {
			t.Fatalf("relink: %+v", subs)
		}

		id, err := UpsertProducto(ctx, db, c1, ProductoInput{CloverItemID: "I1", Name: "Pan", Description: "Rico", Price: 250, Visible: true, Categories: []string{"A"}})
		if err != nil {
			t.Fatal(err)
		}
		UpsertProducto(ctx, db, c1, ProductoInput{CloverItemID: "I2", Name: "Oculto", Price: 100, Visible: false, Categories: []string{"A"}})
		SetTranslation(ctx, db, c1, "producto", itoa(id), "en", "name", "Bread")
		ps, _ := listProductos(ctx, db, c1, "A", "en", false)
		if len(ps) != 1 || ps[0].Name != "Bread" || ps[0].Description != "Rico" || ps[0].Price != 250 {
			t.Fatalf("visible products: %+v", ps)
		}
		all, _ := listProductos(ctx, db, c1, "", "es", true)
		if len(all) != 2 {
			t.Fatalf("admin list: %+v", all)
		}
		// Re-import from the POS updates name and price, keeps local description and visibility.
		if _, err := db.Exec(ctx, `UPDATE productos SET description = 'Local', visible = 0 WHERE id = ?`, id); err != nil {
			t.Fatal(err)
		}
		idAgain, _ := UpsertProducto(ctx, db, c1, ProductoInput{CloverItemID: "I1", Name: "Pan Nuevo", Description: "POS", Price: 300, Visible: true, Categories: []string{"B"}})
		if idAgain != id {
			t.Fatalf("upsert created a new row %d != %d", idAgain, id)
		}
		all, _ = listProductos(ctx, db, c1, "B", "es", true)
		if len(all) != 1 || all[0].Name != "Pan Nuevo" || all[0].Price != 300 || all[0].Description != "Local" || all[0].Visible {
			t.Fatalf("after re-import: %+v", all)
		}
		if _, err := db.Exec(ctx, `UPDATE productos SET price = -1 WHERE id = ?`, id); err == nil {
			t.Fatal("negative price accepted")
		}

		pa, _ := CreatePopup(ctx, db, c1, Popup{Name: "A", FileURL: "/media/a.jpg", FileType: "image/jpeg"})
		pb, _ := CreatePopup(ctx, db, c1, Popup{Name: "Bienvenida", NameEN: "Welcome", FileURL: "/media/b.mp4", FileType: "video/mp4"})
		pops, _ := listPopups(ctx, db, c1, "es")
		if len(pops) != 2 || pops[0].ID != pb || pops[0].Name != "Bienvenida" || pops[0].NameEN != "Welcome" {
			t.Fatalf("popups newest first: %+v", pops)
		}
		// In English: the English name where given, else the Spanish one.
		if pops, _ = listPopups(ctx, db, c1, "en"); len(pops) != 2 || pops[0].Name != "Welcome" || pops[1].Name != "A" {
			t.Fatalf("popups in English: %+v", pops)
		}
		if err := deletePopup(ctx, db, c2, pa); !errors.Is(err, store.ErrNotFound) {
			t.Fatal("another restaurant deleted a popup")
		}
		if err := deletePopup(ctx, db, c1, pa); err != nil {
			t.Fatal(err)
		}
	})
}

func itoa(i int64) string { return strconv.FormatInt(i, 10) }

package menu_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"carta/internal/clientes"
	"carta/internal/menu"
	"carta/internal/pos/clover/clovertest"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

func TestCheckDietary(t *testing.T) {
	for _, c := range []struct {
		name    string
		a, e    []string
		wantA   []string
		wantE   []string
		wantErr error
	}{
		{"canonical order, no repeats", []string{"leche", "gluten", "leche"}, []string{"picante", "vegetariano"}, []string{"gluten", "leche"}, []string{"vegetariano", "picante"}, nil},
		{"empty", []string{}, []string{}, []string{}, []string{}, nil},
		{"unknown allergen", []string{"nueces"}, nil, nil, nil, menu.ErrUnknownAllergen},
		{"unknown tag", nil, []string{"keto"}, nil, nil, menu.ErrUnknownDietTag},
		{"case matters", []string{"Gluten"}, nil, nil, nil, menu.ErrUnknownAllergen},
		{"gluten-free with gluten", []string{"gluten"}, []string{"sin_gluten"}, nil, nil, menu.ErrGlutenFree},
		{"vegan with milk", []string{"leche"}, []string{"vegano"}, nil, nil, menu.ErrNotVegan},
		{"vegetarian with fish", []string{"pescado"}, []string{"vegetariano"}, nil, nil, menu.ErrNotVegetarian},
		{"vegetarian with eggs", []string{"huevos"}, []string{"vegetariano"}, []string{"huevos"}, []string{"vegetariano"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, e, err := menu.CheckDietary(c.a, c.e)
			if !errors.Is(err, c.wantErr) {
				t.Fatalf("err %v, want %v", err, c.wantErr)
			}
			if err == nil && (!slices.Equal(a, c.wantA) || !slices.Equal(e, c.wantE)) {
				t.Fatalf("got %v %v, want %v %v", a, e, c.wantA, c.wantE)
			}
		})
	}
}

// productOf finds a product in the owner's list.
func productOf(t *testing.T, s *menu.Service, id tenant.ID, p int64) menu.Producto {
	t.Helper()
	ps, err := s.AllProducts(context.Background(), id, "es")
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range ps {
		if x.ID == p {
			return x
		}
	}
	t.Fatalf("product %d not listed", p)
	return menu.Producto{}
}

func TestDietarySurvivesSyncAndBumpsVersion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		m := clovertest.GenerateMerchant("M7", "tok-7", 2, 6)
		id, _, s := setup(t, db, m)
		if _, err := s.Sync(ctx, id); err != nil {
			t.Fatal(err)
		}
		p, _, err := getByCloverID(db, id, m.Items[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		before, _ := menu.GetState(ctx, db, id)
		a, e, err := s.SetDietary(ctx, id, p, []string{"sesamo", "gluten"}, []string{"picante"})
		if err != nil || !slices.Equal(a, []string{"gluten", "sesamo"}) || !slices.Equal(e, []string{"picante"}) {
			t.Fatalf("SetDietary: %v %v %v", a, e, err)
		}
		after, _ := menu.GetState(ctx, db, id)
		if after.Version != before.Version+1 {
			t.Fatalf("version %d → %d, want bumped once", before.Version, after.Version)
		}
		// A refused change changes nothing, not even the version.
		if _, _, err := s.SetDietary(ctx, id, p, []string{"gluten"}, []string{"sin_gluten"}); !errors.Is(err, menu.ErrGlutenFree) {
			t.Fatalf("contradiction: %v", err)
		}
		if st, _ := menu.GetState(ctx, db, id); st.Version != after.Version {
			t.Fatal("a refused change bumped the version")
		}

		// The POS renames the item; the owner's allergens stay.
		m2 := m
		m2.Items = slices.Clone(m.Items)
		m2.Items[0].Name = "Renombrado"
		srv2 := clovertest.NewServer(t, m2)
		if err := clientes.SetPOSConnection(ctx, db, id, clientes.POSConnection{Provider: "clover", Token: m.Token, BaseURL: srv2.URL}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Sync(ctx, id); err != nil {
			t.Fatal(err)
		}
		got := productOf(t, s, id, p)
		if got.Name != "Renombrado" || !slices.Equal(got.Alergenos, []string{"gluten", "sesamo"}) || !slices.Equal(got.Etiquetas, []string{"picante"}) {
			t.Fatalf("after sync: %+v", got)
		}
		if len(got.Categorias) == 0 {
			t.Fatalf("owner's list without POS categories: %+v", got)
		}
		// The public reads carry them too: the menu's and online ordering's.
		pub, err := s.Products(ctx, tenant.PublicMenu(id.Int64()), got.Categorias[0], "en")
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range pub {
			if x.ID == p && !slices.Equal(x.Alergenos, []string{"gluten", "sesamo"}) {
				t.Fatalf("public product: %+v", x)
			}
			if x.Categorias != nil {
				t.Fatalf("public product carries the owner's categories: %+v", x)
			}
		}
		items, err := menu.OrderItems(ctx, db, tenant.PublicMenu(id.Int64()), "es", nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			if it.ID == p && !slices.Equal(it.Etiquetas, []string{"picante"}) {
				t.Fatalf("order item: %+v", it)
			}
		}

		// Another restaurant cannot touch it.
		other, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "Otro", Estado: clientes.EstadoActivo})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.SetDietary(ctx, tenant.Job(other), p, []string{}, []string{}); !errors.Is(err, menu.ErrProductNotFound) {
			t.Fatalf("other restaurant: %v", err)
		}
	})
}

func TestSetVisibleMany(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		m := clovertest.GenerateMerchant("M8", "tok-8", 1, 4)
		id, _, s := setup(t, db, m)
		if _, err := s.Sync(ctx, id); err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, it := range m.Items[:3] {
			p, _, err := getByCloverID(db, id, it.ID)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, p)
		}
		before, _ := menu.GetState(ctx, db, id)
		if err := s.SetVisibleMany(ctx, id, append(ids, ids[0]), false); err != nil {
			t.Fatal(err)
		}
		for _, p := range ids {
			if productOf(t, s, id, p).Visible {
				t.Fatalf("product %d still visible", p)
			}
		}
		if st, _ := menu.GetState(ctx, db, id); st.Version != before.Version+1 {
			t.Fatalf("version %d → %d, want one bump for the batch", before.Version, st.Version)
		}
		// One id not of this restaurant: nothing changes.
		if err := s.SetVisibleMany(ctx, id, []int64{ids[0], 999999}, true); !errors.Is(err, menu.ErrProductNotFound) {
			t.Fatalf("unknown id: %v", err)
		}
		if productOf(t, s, id, ids[0]).Visible {
			t.Fatal("a refused batch changed a product")
		}
		if err := s.SetVisibleMany(ctx, id, nil, true); !errors.Is(err, menu.ErrBulkSelection) {
			t.Fatalf("empty batch: %v", err)
		}
		many := make([]int64, menu.MaxBulk+1)
		for i := range many {
			many[i] = int64(i + 1)
		}
		if err := s.SetVisibleMany(ctx, id, many, true); !errors.Is(err, menu.ErrBulkSelection) {
			t.Fatalf("oversized batch: %v", err)
		}
	})
}

package menu_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"carta/internal/apperr"
	"carta/internal/clientes"
	"carta/internal/media"
	"carta/internal/menu"
	"carta/internal/pos"
	"carta/internal/store"
	"carta/internal/store/storetest"
	"carta/internal/tenant"
)

// memCatalog is a point of sale held in memory: what a sync reads.
type memCatalog struct {
	cats  []pos.Category
	items []pos.Item
}

func (c *memCatalog) Categories(context.Context) ([]pos.Category, error) { return c.cats, nil }
func (c *memCatalog) Items(_ context.Context, fn func(pos.Item) error) error {
	for _, it := range c.items {
		if err := fn(it); err != nil {
			return err
		}
	}
	return nil
}

var (
	punto = pos.ModifierGroup{ID: "G-PUNTO", Name: "Punto de cocción", MinRequired: 1, MaxAllowed: 1, Modifiers: []pos.Modifier{
		{ID: "M-POCO", Name: "Poco hecho"}, {ID: "M-BIEN", Name: "Bien hecho"}}}
	guarnicion = pos.ModifierGroup{ID: "G-GUAR", Name: "Guarnición", Modifiers: []pos.Modifier{{ID: "M-PAPAS", Name: "Papas", Price: 300}}}
	salesTax   = pos.TaxRate{ID: "T-SALES", Name: "Sales Tax 8.25%", Rate: 825000}
)

// posNamesSetup is a restaurant on an in-memory POS: a steak with both
// groups and a soup with the doneness only, both under the sales tax.
func posNamesSetup(t *testing.T, db *store.DB) (tenant.ID, *memCatalog, *menu.Service) {
	t.Helper()
	ctx := context.Background()
	cid, err := clientes.Create(ctx, db, clientes.Cliente{Nombre: "La Cava", Estado: clientes.EstadoActivo})
	if err != nil {
		t.Fatal(err)
	}
	id := tenant.Job(cid)
	if err := clientes.SetPOSProvider(ctx, db, id, "demo"); err != nil {
		t.Fatal(err)
	}
	cat := &memCatalog{cats: []pos.Category{{ID: "C1", Name: "Carnes"}}, items: []pos.Item{
		{ID: "I-STEAK", Name: "Chuletón de Res", Price: 4200, Available: true, CategoryIDs: []string{"C1"},
			ModifierGroups: []pos.ModifierGroup{punto, guarnicion}, TaxRates: []pos.TaxRate{salesTax}},
		{ID: "I-SOUP", Name: "Sopa", Price: 900, Available: true, CategoryIDs: []string{"C1"},
			ModifierGroups: []pos.ModifierGroup{punto}, TaxRates: []pos.TaxRate{salesTax}},
	}}
	s := &menu.Service{DB: db, Media: &media.Pipeline{}, Catalog: func(clientes.POSConnection) (pos.Catalog, error) { return cat, nil }}
	if _, err := s.Sync(ctx, id); err != nil {
		t.Fatal(err)
	}
	return id, cat, s
}

// orderNames is how the online ordering reads a product's group, modifier
// and tax names in lang.
func orderNames(t *testing.T, db *store.DB, id tenant.ID, lang, product string) []string {
	t.Helper()
	items, err := menu.OrderItems(context.Background(), db, id, lang, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.POSName != product {
			continue
		}
		var out []string
		for _, g := range it.Groups {
			out = append(out, it.Names.Group(g))
			for _, m := range g.Modifiers {
				out = append(out, it.Names.Modifier(m))
			}
		}
		for _, r := range it.Taxes {
			out = append(out, it.Names.Tax(r))
		}
		return out
	}
	t.Fatalf("no product %s", product)
	return nil
}

func TestPOSNamesTranslated(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		id, _, s := posNamesSetup(t, db)

		list, err := s.POSNames(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		// Groups and taxes by name; a group shared by two products once, its modifiers in the POS's order.
		if len(list.Grupos) != 2 || list.Grupos[0].ID != "G-GUAR" || list.Grupos[1].ID != "G-PUNTO" ||
			len(list.Grupos[1].Modificadores) != 2 || list.Grupos[1].Modificadores[0].Name != "Poco hecho" ||
			len(list.Impuestos) != 1 || list.Impuestos[0].Name != "Sales Tax 8.25%" || list.Impuestos[0].Rate != 825000 {
			t.Fatalf("POS names: %+v", list)
		}
		before, _ := menu.GetState(ctx, db, id)
		list, err = s.SetPOSNames(ctx, id, []menu.NombrePOSInput{
			{Entidad: menu.EntidadGrupo, ID: "G-PUNTO", Idioma: "en", Name: " Doneness "},
			{Entidad: menu.EntidadModificador, ID: "M-POCO", Idioma: "en", Name: "Rare"},
			{Entidad: menu.EntidadImpuesto, ID: "T-SALES", Idioma: "es", Name: "Impuesto sobre ventas 8.25%"},
		})
		if err != nil {
			t.Fatal(err)
		}
		if list.Grupos[1].Translations["en"]["name"] != "Doneness" || list.Impuestos[0].Translations["es"]["name"] != "Impuesto sobre ventas 8.25%" {
			t.Fatalf("saved: %+v", list)
		}
		// Diners see it: the menu's version moved.
		if after, _ := menu.GetState(ctx, db, id); after.Version <= before.Version {
			t.Fatalf("version %d → %d", before.Version, after.Version)
		}
		// English: the owner's names where given, the POS's elsewhere; Spanish: the Spanish tax name.
		if got := strings.Join(orderNames(t, db, id, "en", "Chuletón de Res"), "|"); got != "Doneness|Rare|Bien hecho|Guarnición|Papas|Sales Tax 8.25%" {
			t.Fatalf("English names: %s", got)
		}
		if got := strings.Join(orderNames(t, db, id, "es", "Sopa"), "|"); got != "Punto de cocción|Poco hecho|Bien hecho|Impuesto sobre ventas 8.25%" {
			t.Fatalf("Spanish names: %s", got)
		}
		// An empty name gives the POS's back.
		if _, err := s.SetPOSNames(ctx, id, []menu.NombrePOSInput{{Entidad: menu.EntidadModificador, ID: "M-POCO", Idioma: "en", Name: ""}}); err != nil {
			t.Fatal(err)
		}
		if got := orderNames(t, db, id, "en", "Sopa"); got[1] != "Poco hecho" {
			t.Fatalf("after removing: %v", got)
		}
	})
}

func TestPOSNamesRefusedChangeNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		id, _, s := posNamesSetup(t, db)
		ok := menu.NombrePOSInput{Entidad: menu.EntidadGrupo, ID: "G-PUNTO", Idioma: "en", Name: "Doneness"}
		for name, in := range map[string][]menu.NombrePOSInput{
			"none":       nil,
			"unknown id": {ok, {Entidad: menu.EntidadModificador, ID: "M-OTHER", Idioma: "en", Name: "X"}},
			"wrong kind": {ok, {Entidad: menu.EntidadImpuesto, ID: "G-PUNTO", Idioma: "en", Name: "X"}},
			"product":    {ok, {Entidad: "producto", ID: "1", Idioma: "en", Name: "X"}},
			"language":   {ok, {Entidad: menu.EntidadGrupo, ID: "G-GUAR", Idioma: "fr", Name: "Garniture"}},
			"too long":   {ok, {Entidad: menu.EntidadGrupo, ID: "G-GUAR", Idioma: "en", Name: strings.Repeat("x", 121)}},
			"too many at once": func() []menu.NombrePOSInput {
				out := make([]menu.NombrePOSInput, menu.MaxPOSNamesPerSave+1)
				for i := range out {
					out[i] = ok
				}
				return out
			}(),
		} {
			_, err := s.SetPOSNames(ctx, id, in)
			if e, isApp := apperr.As(err); !isApp || e.Kind != apperr.Invalid {
				t.Fatalf("%s: %v, want a 400", name, err)
			}
		}
		list, _ := s.POSNames(ctx, id)
		for _, g := range list.Grupos {
			if len(g.Translations) != 0 {
				t.Fatalf("a refused save wrote %+v", g)
			}
		}
		// Another restaurant's save cannot name this one's modifiers.
		other, _, s2 := posNamesSetup(t, db)
		db.Exec(ctx, `DELETE FROM productos WHERE cliente_id = ?`, other.Int64())
		if _, err := s2.SetPOSNames(ctx, other, []menu.NombrePOSInput{ok}); !errors.Is(err, menu.ErrPOSNameGone) {
			t.Fatalf("other restaurant: %v", err)
		}
	})
}

// TestSyncKeepsPOSNameTranslations: a sync keeps the owner's names (the
// POS's new name becomes the default), and drops those of names gone from
// the POS.
func TestSyncKeepsPOSNameTranslations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		id, cat, s := posNamesSetup(t, db)
		if _, err := s.SetPOSNames(ctx, id, []menu.NombrePOSInput{
			{Entidad: menu.EntidadGrupo, ID: "G-PUNTO", Idioma: "en", Name: "Doneness"},
			{Entidad: menu.EntidadGrupo, ID: "G-GUAR", Idioma: "en", Name: "Side"},
			{Entidad: menu.EntidadModificador, ID: "M-PAPAS", Idioma: "en", Name: "Fries"},
			{Entidad: menu.EntidadImpuesto, ID: "T-SALES", Idioma: "es", Name: "Impuesto sobre ventas"},
		}); err != nil {
			t.Fatal(err)
		}
		// The POS renames the doneness and a modifier, and the steak loses its side dishes.
		renamed := punto
		renamed.Name = "Término"
		renamed.Modifiers = []pos.Modifier{{ID: "M-POCO", Name: "Rojo"}, {ID: "M-BIEN", Name: "Bien hecho"}}
		cat.items[0].ModifierGroups = []pos.ModifierGroup{renamed}
		cat.items[1].ModifierGroups = []pos.ModifierGroup{renamed}
		if _, err := s.Sync(ctx, id); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(orderNames(t, db, id, "en", "Chuletón de Res"), "|"); got != "Doneness|Rojo|Bien hecho|Sales Tax 8.25%" {
			t.Fatalf("English after the sync: %s", got)
		}
		if got := strings.Join(orderNames(t, db, id, "es", "Chuletón de Res"), "|"); got != "Término|Rojo|Bien hecho|Impuesto sobre ventas" {
			t.Fatalf("Spanish after the sync: %s", got)
		}
		var n int
		db.QueryRow(ctx, `SELECT COUNT(*) FROM traducciones WHERE cliente_id = ? AND entidad_id IN ('G-GUAR', 'M-PAPAS')`, id.Int64()).Scan(&n)
		if n != 0 {
			t.Fatalf("%d translations of names gone from the POS", n)
		}
		// Syncing again changes nothing.
		before, _ := menu.GetState(ctx, db, id)
		if _, err := s.Sync(ctx, id); err != nil {
			t.Fatal(err)
		}
		if after, _ := menu.GetState(ctx, db, id); after.Version != before.Version {
			t.Fatalf("an unchanged sync bumped the version")
		}
	})
}

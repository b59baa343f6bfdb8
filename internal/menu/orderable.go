package menu

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"carta/internal/pos"
	"carta/internal/store"
	"carta/internal/tenant"
)

// What online ordering reads of the menu: the products with the modifier
// groups and tax rates the POS sync stored, and whether each can be
// ordered now. The menu owns these tables; ordering prices and shows them.

// OrderItem is a product as online ordering sees it.
type OrderItem struct {
	ID           int64
	CloverItemID string
	// Name and Description are in the asked language; POSName is the
	// POS's own name (tickets and the POS order use it).
	Name, POSName, Description, ImagePath string
	Price                                 int64 // cents
	// Groups and Taxes carry the POS's names; Names gives them in the
	// asked language.
	Groups               []pos.ModifierGroup
	Taxes                []pos.TaxRate
	Names                POSNames
	Categories           []string // POS category ids
	Alergenos, Etiquetas []string // allergen and dietary tag codes
	// Orderable: shown on the menu, not hidden or unavailable in the POS
	// and not sold out today.
	Orderable bool
}

// OrderItems returns the restaurant's products, names in lang, ordered by
// name, with their POS categories; only those of ids when ids is not nil
// (pricing an order: then without their categories).
func OrderItems(ctx context.Context, q store.Querier, t tenant.Scope, lang string, ids []int64) ([]OrderItem, error) {
	query := `SELECT id, clover_item_id, name, description, price, image_path, modifiers_json, taxes_json, alergenos, etiquetas,
		visible = 1 AND pos_hidden = 0 AND pos_available = 1 AND agotado_hasta <= ? FROM productos WHERE cliente_id = ?`
	args := []any{q.NowUnix(), t.Int64()}
	var tr map[string]Translations
	var err error
	if ids != nil {
		if len(ids) == 0 {
			return []OrderItem{}, nil
		}
		in := ` IN (` + store.Placeholders(len(ids)) + `)`
		query += ` AND id` + in
		trArgs := []any{t.Int64()}
		for _, id := range ids {
			args = append(args, id)
			trArgs = append(trArgs, strconv.FormatInt(id, 10))
		}
		if lang != "es" {
			tr, err = translationsOf(ctx, q, `cliente_id = ? AND entidad = 'producto' AND entidad_id`+in, trArgs...)
		}
	} else {
		tr, err = translations(ctx, q, t, "producto")
	}
	if err != nil {
		return nil, err
	}
	names, err := loadPOSNames(ctx, q, t, lang)
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, query+` ORDER BY name, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []OrderItem{}
	byID := map[int64]int{}
	for rows.Next() {
		var it OrderItem
		var mods, taxes, alergenos, etiquetas string
		if err := rows.Scan(&it.ID, &it.CloverItemID, &it.POSName, &it.Description, &it.Price, &it.ImagePath, &mods, &taxes, &alergenos, &etiquetas, &it.Orderable); err != nil {
			return nil, err
		}
		it.Alergenos, it.Etiquetas = splitCodes(alergenos), splitCodes(etiquetas)
		it.Names = names
		if err := json.Unmarshal([]byte(mods), &it.Groups); err != nil {
			return nil, fmt.Errorf("product %d modifiers: %w", it.ID, err)
		}
		if err := json.Unmarshal([]byte(taxes), &it.Taxes); err != nil {
			return nil, fmt.Errorf("product %d taxes: %w", it.ID, err)
		}
		trs := tr[strconv.FormatInt(it.ID, 10)]
		it.Name = trs.localize(lang, "name", it.POSName)
		it.Description = trs.localize(lang, "description", it.Description)
		byID[it.ID] = len(out)
		out = append(out, it)
	}
	if err := rows.Err(); err != nil || ids != nil {
		return out, err
	}
	rows.Close()
	crows, err := q.Query(ctx, `SELECT pc.producto_id, pc.clover_category_id FROM producto_categorias pc
		JOIN pos_categorias c ON c.cliente_id = pc.cliente_id AND c.clover_category_id = pc.clover_category_id
		WHERE pc.cliente_id = ? ORDER BY pc.producto_id, pc.clover_category_id`, t.Int64())
	if err != nil {
		return nil, err
	}
	defer crows.Close()
	for crows.Next() {
		var id int64
		var cat string
		if err := crows.Scan(&id, &cat); err != nil {
			return nil, err
		}
		if i, ok := byID[id]; ok {
			out[i].Categories = append(out[i].Categories, cat)
		}
	}
	return out, crows.Err()
}

// POSCategory is a category of the point of sale, its name in the asked
// language.
type POSCategory struct {
	ID, Name string
}

// OrderCategories lists the restaurant's POS categories in the POS's order.
func OrderCategories(ctx context.Context, q store.Querier, t tenant.Scope, lang string) ([]POSCategory, error) {
	tr, err := translations(ctx, q, t, "pos_categoria")
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, `SELECT clover_category_id, name FROM pos_categorias WHERE cliente_id = ? ORDER BY sort_order, name`, t.Int64())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []POSCategory{}
	for rows.Next() {
		var c POSCategory
		if err := rows.Scan(&c.ID, &c.Name); err != nil {
			return nil, err
		}
		c.Name = tr[c.ID].localize(lang, "name", c.Name)
		out = append(out, c)
	}
	return out, rows.Err()
}

// SetSoldOut marks a product sold out until the given time (the
// restaurant's next midnight), or available again with until 0.
func (s *Service) SetSoldOut(ctx context.Context, t tenant.ID, id int64, until int64) error {
	return s.product(ctx, t, id, func(ctx context.Context, tx *store.Tx) error {
		return setProducto(ctx, tx, t, id, "agotado_hasta", until)
	})
}

// soldOutEndedSQL finds the restaurants with a "sold out today" that ended
// (index productos_agotados, migration 0046: the job runs every pass over
// the products marked, not over every restaurant's catalogue).
const soldOutEndedSQL = `SELECT DISTINCT cliente_id FROM productos WHERE agotado_hasta > 0 AND agotado_hasta <= ? LIMIT 500`

// ClearSoldOut makes the products whose "sold out today" ended available
// again, bumping each restaurant's menu version so cached menus follow. It
// returns how many restaurants changed; replicas running it at once do the
// work once (the update is conditional).
func (s *Service) ClearSoldOut(ctx context.Context) (int, error) {
	rows, err := s.DB.Query(ctx, soldOutEndedSQL, s.DB.NowUnix())
	if err != nil {
		return 0, err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		t := tenant.Job(id)
		err := s.write(ctx, t, func(ctx context.Context, tx *store.Tx) error {
			res, err := tx.Exec(ctx, `UPDATE productos SET agotado_hasta = 0 WHERE cliente_id = ? AND agotado_hasta > 0 AND agotado_hasta <= ?`, id, tx.NowUnix())
			if err != nil {
				return err
			}
			if k, _ := res.RowsAffected(); k == 0 {
				return errUnchanged
			}
			return nil
		})
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

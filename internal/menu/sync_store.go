package menu

import (
	"context"
	"slices"
	"strconv"

	"carta/internal/store"
	"carta/internal/tenant"
)

type existingItem struct {
	id                int64
	name, mods, taxes string
	price             int64
	posHidden         bool
	available         bool
	cats              []string
}

// applyCatalog makes the restaurant's POS tables match cats and items, in
// the caller's transaction. POS fields (names, prices, categories,
// modifiers, taxes) follow the POS; what the owner edits locally
// (description, image, visibility, translations — of products, categories
// and of the POS's modifier, group and tax names —, main categories and
// their links) is kept. Items and categories gone from the POS are removed.
// Nothing is written when nothing changed (changed is false), so a repeated
// sync is a no-op.
func applyCatalog(ctx context.Context, tx store.Querier, t tenant.ID, cats []SyncCategory, items []SyncItem) (res SyncResult, changed bool, err error) {
	clienteID := t.Int64()
	res = SyncResult{Categorias: len(cats), Productos: len(items)}

	// Categories.
	have := map[string]SyncCategory{}
	rows, err := tx.Query(ctx, `SELECT clover_category_id, name, sort_order FROM pos_categorias WHERE cliente_id = ?`, clienteID)
	if err != nil {
		return res, false, err
	}
	for rows.Next() {
		var c SyncCategory
		if err := rows.Scan(&c.ID, &c.Name, &c.SortOrder); err != nil {
			rows.Close()
			return res, false, err
		}
		have[c.ID] = c
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return res, false, err
	}
	seen := map[string]bool{}
	for _, c := range cats {
		seen[c.ID] = true
		if old, ok := have[c.ID]; ok && old == c {
			continue
		}
		changed = true
		if err := UpsertPosCategoria(ctx, tx, t, c.ID, c.Name, c.SortOrder); err != nil {
			return res, false, err
		}
	}
	for id := range have {
		if seen[id] {
			continue
		}
		changed = true
		for _, q := range []string{
			`DELETE FROM pos_categorias WHERE cliente_id = ? AND clover_category_id = ?`,
			`DELETE FROM subcategorias WHERE cliente_id = ? AND clover_category_id = ?`,
			`DELETE FROM traducciones WHERE cliente_id = ? AND entidad = 'pos_categoria' AND entidad_id = ?`,
		} {
			if _, err := tx.Exec(ctx, q, clienteID, id); err != nil {
				return res, false, err
			}
		}
	}

	// Items.
	ex := map[string]*existingItem{}
	rows, err = tx.Query(ctx, `SELECT id, clover_item_id, name, price, modifiers_json, taxes_json, pos_hidden, pos_available FROM productos WHERE cliente_id = ?`, clienteID)
	if err != nil {
		return res, false, err
	}
	for rows.Next() {
		var e existingItem
		var cid string
		var hidden, available int
		if err := rows.Scan(&e.id, &cid, &e.name, &e.price, &e.mods, &e.taxes, &hidden, &available); err != nil {
			rows.Close()
			return res, false, err
		}
		e.posHidden = hidden == 1
		e.available = available == 1
		ex[cid] = &e
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return res, false, err
	}
	rows, err = tx.Query(ctx, `SELECT p.clover_item_id, pc.clover_category_id FROM producto_categorias pc
		JOIN productos p ON p.id = pc.producto_id WHERE p.cliente_id = ? ORDER BY pc.clover_category_id`, clienteID)
	if err != nil {
		return res, false, err
	}
	for rows.Next() {
		var item, cat string
		if err := rows.Scan(&item, &cat); err != nil {
			rows.Close()
			return res, false, err
		}
		if e := ex[item]; e != nil {
			e.cats = append(e.cats, cat)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return res, false, err
	}

	inPOS := map[string]bool{}
	for _, it := range items {
		inPOS[it.ID] = true
		cats := slices.Clone(it.CategoryIDs)
		slices.Sort(cats)
		cats = slices.Compact(cats)
		if it.ModifiersJSON == "" {
			it.ModifiersJSON = "[]"
		}
		if it.TaxesJSON == "" {
			it.TaxesJSON = "[]"
		}
		e := ex[it.ID]
		var id int64
		switch {
		case e == nil:
			id, err = store.InsertID(ctx, tx, `INSERT INTO productos (cliente_id, clover_item_id, name, description, price, image_path, visible,
				modifiers_json, taxes_json, pos_hidden, pos_available) VALUES (?, ?, ?, '', ?, '', ?, ?, ?, ?, ?)`,
				clienteID, it.ID, it.Name, it.Price, store.BoolInt(!it.Hidden), it.ModifiersJSON, it.TaxesJSON, store.BoolInt(it.Hidden),
				store.BoolInt(it.Available))
			if err != nil {
				return res, false, err
			}
			res.Creados++
		case e.name != it.Name || e.price != it.Price || e.mods != it.ModifiersJSON || e.taxes != it.TaxesJSON ||
			e.posHidden != it.Hidden || e.available != it.Available || !slices.Equal(e.cats, cats):
			id = e.id
			// Hiding an item in the POS hides it on the menu; showing it
			// again in the POS leaves the owner's choice alone.
			q := `UPDATE productos SET name = ?, price = ?, modifiers_json = ?, taxes_json = ?, pos_hidden = ?, pos_available = ?`
			if it.Hidden && !e.posHidden {
				q += `, visible = 0`
			}
			if _, err := tx.Exec(ctx, q+` WHERE id = ?`, it.Name, it.Price, it.ModifiersJSON, it.TaxesJSON, store.BoolInt(it.Hidden),
				store.BoolInt(it.Available), id); err != nil {
				return res, false, err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM producto_categorias WHERE producto_id = ?`, id); err != nil {
				return res, false, err
			}
			res.Actualizados++
		default:
			continue
		}
		changed = true
		for _, c := range cats {
			if _, err := tx.Exec(ctx, `INSERT INTO producto_categorias (producto_id, cliente_id, clover_category_id) VALUES (?, ?, ?)`, id, clienteID, c); err != nil {
				return res, false, err
			}
		}
	}
	for cid, e := range ex {
		if inPOS[cid] {
			continue
		}
		changed = true
		res.Eliminados++
		if _, err := tx.Exec(ctx, `DELETE FROM productos WHERE id = ?`, e.id); err != nil {
			return res, false, err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM traducciones WHERE cliente_id = ? AND entidad = 'producto' AND entidad_id = ?`,
			clienteID, strconv.FormatInt(e.id, 10)); err != nil {
			return res, false, err
		}
	}
	// The owner's translations of modifier, group and tax names stay; those
	// of names no product carries any more go.
	if pruned, err := prunePOSNames(ctx, tx, t, items); err != nil {
		return res, false, err
	} else if pruned {
		changed = true
	}
	if _, err := tx.Exec(ctx, `UPDATE clientes SET pos_synced_at = ? WHERE id = ?`, tx.NowUnix(), clienteID); err != nil {
		return res, false, err
	}
	return res, changed, nil
}

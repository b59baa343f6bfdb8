package menu

import (
	"context"
	"database/sql"
	"strconv"
	"strings"

	"carta/internal/store"
	"carta/internal/tenant"
)

// The menu's SQL. Every function takes the restaurant as a tenant value: a
// checked tenant.ID to write or to read what only staff see, a
// tenant.Scope (checked or public) to read the published menu. A lookup by
// an object's id always carries the restaurant, so another restaurant's
// row is simply not found.

const settingsCols = `logo, background_image, card_color, text_color, card_border_radius, font_size, font_family,
	nombre_restaurante, telefono_contacto, ubicacion_google_maps, moneda, direccion`

// settingsFields are settingsCols one by one, in the order of
// Settings.fields.
var settingsFields = strings.Fields(strings.ReplaceAll(settingsCols, ",", " "))

// fields are the saved settings' fields, in the order of settingsCols.
func (s *Settings) fields() []*string {
	return []*string{&s.Logo, &s.BackgroundImage, &s.CardColor, &s.TextColor, &s.CardBorderRadius, &s.FontSize, &s.FontFamily,
		&s.NombreRestaurante, &s.TelefonoContacto, &s.UbicacionGoogleMaps, &s.Moneda, &s.Direccion}
}

func getSettings(ctx context.Context, q store.Querier, t tenant.Scope) (Settings, error) {
	s := DefaultSettings(t.Int64())
	// The look saved (none: the defaults), the country, the time zone and
	// the tax mode: the restaurant's row and its ordering settings' zone
	// (none saved: the country's), in one statement.
	var has int64 // a look saved: its cliente_id
	saved := make([]sql.NullString, len(settingsFields))
	dest := []any{&has}
	for i := range saved {
		dest = append(dest, &saved[i])
	}
	var pais, zona string
	var included int
	dest = append(dest, &pais, &zona, &included)
	err := q.QueryRow(ctx, `SELECT COALESCE(s.cliente_id, 0), s.`+strings.Join(settingsFields, ", s.")+`,
		c.pais, COALESCE(p.zona_horaria, ''), c.pos_impuestos_incluidos
		FROM clientes c LEFT JOIN configuraciones s ON s.cliente_id = c.id LEFT JOIN pedidos_config p ON p.cliente_id = c.id
		WHERE c.id = ?`, t.Int64()).Scan(dest...)
	if err == sql.ErrNoRows {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	if has != 0 {
		for i, f := range s.fields() {
			*f = saved[i].String
		}
	}
	s.ImpuestosIncluidos = included == 1
	return s.withCountry(pais, zona), nil
}

// ReadSettings is the restaurant's settings read in q (a transaction's
// reads, e.g. the order e-mails' address and phone).
func ReadSettings(ctx context.Context, q store.Querier, t tenant.Scope) (Settings, error) {
	return getSettings(ctx, q, t)
}

// SaveSettings stores every field of s for the restaurant.
func SaveSettings(ctx context.Context, q store.Querier, t tenant.ID, s Settings) error {
	_, err := q.Exec(ctx, `INSERT INTO configuraciones (cliente_id, `+settingsCols+`, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (cliente_id) DO UPDATE SET logo = excluded.logo, background_image = excluded.background_image,
			card_color = excluded.card_color, text_color = excluded.text_color,
			card_border_radius = excluded.card_border_radius, font_size = excluded.font_size,
			font_family = excluded.font_family, nombre_restaurante = excluded.nombre_restaurante,
			telefono_contacto = excluded.telefono_contacto, ubicacion_google_maps = excluded.ubicacion_google_maps,
			moneda = excluded.moneda, direccion = excluded.direccion, updated_at = excluded.updated_at`,
		t.Int64(), s.Logo, s.BackgroundImage, s.CardColor, s.TextColor, s.CardBorderRadius, s.FontSize, s.FontFamily,
		s.NombreRestaurante, s.TelefonoContacto, s.UbicacionGoogleMaps, s.Moneda, s.Direccion, q.NowUnix())
	return err
}

// BumpVersion marks the restaurant's public menu as changed, so cached
// copies and ETags everywhere are invalidated. Service.write calls it in
// every write's transaction; seeding calls it once at the end.
func BumpVersion(ctx context.Context, q store.Querier, t tenant.ID) error {
	_, err := q.Exec(ctx, `UPDATE clientes SET menu_version = menu_version + 1 WHERE id = ?`, t.Int64())
	return err
}

// GetState returns the restaurant's menu version and state,
// store.ErrNotFound for an unknown restaurant.
func GetState(ctx context.Context, q store.Querier, t tenant.Scope) (State, error) {
	var m State
	err := q.QueryRow(ctx, `SELECT menu_version, estado FROM clientes WHERE id = ?`, t.Int64()).Scan(&m.Version, &m.Estado)
	return m, store.NotFound(err)
}

// Index returns the ids of the restaurant's main categories and of its POS
// categories: what a public menu read may name.
func Index(ctx context.Context, q store.Querier, t tenant.Scope) (cats []int64, posCats []string, err error) {
	rows, err := q.Query(ctx, `SELECT id FROM categorias WHERE cliente_id = ?`, t.Int64())
	if err != nil {
		return nil, nil, err
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, nil, err
		}
		cats = append(cats, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	rows, err = q.Query(ctx, `SELECT clover_category_id FROM pos_categorias WHERE cliente_id = ?`, t.Int64())
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, nil, err
		}
		posCats = append(posCats, id)
	}
	return cats, posCats, rows.Err()
}

// translations loads every translation of one entity type of a restaurant,
// keyed by entity id.
func translations(ctx context.Context, q store.Querier, t tenant.Scope, entidad string) (map[string]Translations, error) {
	return translationsOf(ctx, q, `cliente_id = ? AND entidad = ?`, t.Int64(), entidad)
}

// translationsOf reads the translations that match where.
func translationsOf(ctx context.Context, q store.Querier, where string, args ...any) (map[string]Translations, error) {
	rows, err := q.Query(ctx, `SELECT entidad_id, idioma, campo, valor FROM traducciones WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]Translations{}
	for rows.Next() {
		var id, idioma, campo, valor string
		if err := rows.Scan(&id, &idioma, &campo, &valor); err != nil {
			return nil, err
		}
		if out[id] == nil {
			out[id] = Translations{}
		}
		if out[id][idioma] == nil {
			out[id][idioma] = map[string]string{}
		}
		out[id][idioma][campo] = valor
	}
	return out, rows.Err()
}

// SetTranslation stores (or with an empty valor removes) one translation:
// entidad is categoria, pos_categoria, producto, modificador_grupo,
// modificador or impuesto, campo name or description.
func SetTranslation(ctx context.Context, q store.Querier, t tenant.ID, entidad, entidadID, idioma, campo, valor string) error {
	if valor == "" {
		_, err := q.Exec(ctx, `DELETE FROM traducciones WHERE cliente_id = ? AND entidad = ? AND entidad_id = ? AND idioma = ? AND campo = ?`,
			t.Int64(), entidad, entidadID, idioma, campo)
		return err
	}
	_, err := q.Exec(ctx, `INSERT INTO traducciones (cliente_id, entidad, entidad_id, idioma, campo, valor) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (cliente_id, entidad, entidad_id, idioma, campo) DO UPDATE SET valor = excluded.valor`,
		t.Int64(), entidad, entidadID, idioma, campo, valor)
	return err
}

func listCategorias(ctx context.Context, q store.Querier, t tenant.Scope, idioma string) ([]Categoria, error) {
	tr, err := translations(ctx, q, t, "categoria")
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, `SELECT id, name, image_path FROM categorias WHERE cliente_id = ? ORDER BY position, id`, t.Int64())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Categoria{}
	for rows.Next() {
		c := Categoria{ClienteID: t.Int64()}
		if err := rows.Scan(&c.ID, &c.Name, &c.ImagePath); err != nil {
			return nil, err
		}
		c.Translations = orEmpty(tr[strconv.FormatInt(c.ID, 10)])
		c.Name = c.Translations.localize(idioma, "name", c.Name)
		out = append(out, c)
	}
	return out, rows.Err()
}

func getCategoria(ctx context.Context, q store.Querier, t tenant.ID, id int64) (Categoria, error) {
	c := Categoria{ClienteID: t.Int64()}
	err := q.QueryRow(ctx, `SELECT id, name, image_path FROM categorias WHERE id = ? AND cliente_id = ?`, id, t.Int64()).
		Scan(&c.ID, &c.Name, &c.ImagePath)
	if err != nil {
		return c, store.NotFound(err)
	}
	tr, err := translations(ctx, q, t, "categoria")
	c.Translations = orEmpty(tr[strconv.FormatInt(id, 10)])
	return c, err
}

// CreateCategoria adds a main category at the end.
func CreateCategoria(ctx context.Context, q store.Querier, t tenant.ID, name, imagePath string) (int64, error) {
	return store.InsertID(ctx, q, `INSERT INTO categorias (cliente_id, name, image_path, position, created_at)
		VALUES (?, ?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM categorias WHERE cliente_id = ?), ?)`,
		t.Int64(), name, imagePath, t.Int64(), q.NowUnix())
}

func deleteCategoria(ctx context.Context, q store.Querier, t tenant.ID, id int64) error {
	res, err := q.Exec(ctx, `DELETE FROM categorias WHERE id = ? AND cliente_id = ?`, id, t.Int64())
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	_, err = q.Exec(ctx, `DELETE FROM traducciones WHERE cliente_id = ? AND entidad = 'categoria' AND entidad_id = ?`, t.Int64(), strconv.FormatInt(id, 10))
	return err
}

func setCategoria(ctx context.Context, q store.Querier, t tenant.ID, id int64, col, v string) error {
	_, err := q.Exec(ctx, `UPDATE categorias SET `+col+` = ? WHERE id = ? AND cliente_id = ?`, v, id, t.Int64())
	return err
}

func listSubcategorias(ctx context.Context, q store.Querier, t tenant.Scope, categoriaID int64, idioma string) ([]Subcategoria, error) {
	tr, err := translations(ctx, q, t, "pos_categoria")
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, `SELECT s.id, s.clover_category_id, COALESCE(p.name, s.clover_category_id), s.position
		FROM subcategorias s
		LEFT JOIN pos_categorias p ON p.cliente_id = s.cliente_id AND p.clover_category_id = s.clover_category_id
		WHERE s.cliente_id = ? AND s.categoria_id = ?
		ORDER BY CASE WHEN s.position IS NULL THEN 1 ELSE 0 END, s.position, p.name, s.id`, t.Int64(), categoriaID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Subcategoria{}
	for rows.Next() {
		var s Subcategoria
		var pos sql.NullInt64
		if err := rows.Scan(&s.ID, &s.CloverCategoryID, &s.Name, &pos); err != nil {
			return nil, err
		}
		if pos.Valid {
			s.Position = &pos.Int64
		}
		s.Translations = orEmpty(tr[s.CloverCategoryID])
		s.Name = s.Translations.localize(idioma, "name", s.Name)
		out = append(out, s)
	}
	return out, rows.Err()
}

// LinkSubcategoria links a POS category to a main category (or updates its
// position when already linked).
func LinkSubcategoria(ctx context.Context, q store.Querier, t tenant.ID, categoriaID int64, cloverCategoryID string, position *int64) error {
	_, err := q.Exec(ctx, `INSERT INTO subcategorias (cliente_id, categoria_id, clover_category_id, position) VALUES (?, ?, ?, ?)
		ON CONFLICT (categoria_id, clover_category_id) DO UPDATE SET position = excluded.position`,
		t.Int64(), categoriaID, cloverCategoryID, position)
	return err
}

func unlinkSubcategoria(ctx context.Context, q store.Querier, t tenant.ID, categoriaID int64, cloverCategoryID string) error {
	res, err := q.Exec(ctx, `DELETE FROM subcategorias WHERE cliente_id = ? AND categoria_id = ? AND clover_category_id = ?`, t.Int64(), categoriaID, cloverCategoryID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// UpsertPosCategoria stores a POS category.
func UpsertPosCategoria(ctx context.Context, q store.Querier, t tenant.ID, cloverCategoryID, name string, sortOrder int) error {
	_, err := q.Exec(ctx, `INSERT INTO pos_categorias (cliente_id, clover_category_id, name, sort_order) VALUES (?, ?, ?, ?)
		ON CONFLICT (cliente_id, clover_category_id) DO UPDATE SET name = excluded.name, sort_order = excluded.sort_order`,
		t.Int64(), cloverCategoryID, name, sortOrder)
	return err
}

func listPosCategorias(ctx context.Context, q store.Querier, t tenant.ID) ([]PosCategoria, error) {
	rows, err := q.Query(ctx, `SELECT clover_category_id, name, sort_order FROM pos_categorias WHERE cliente_id = ? ORDER BY sort_order, name`, t.Int64())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PosCategoria{}
	for rows.Next() {
		var p PosCategoria
		if err := rows.Scan(&p.CloverCategoryID, &p.SubcategoriaNombre, &p.Position); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// UpsertProducto inserts a product or updates its POS fields (name, price,
// categories), keeping local edits (description, image, visibility).
func UpsertProducto(ctx context.Context, q store.Querier, t tenant.ID, p ProductoInput) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO productos (cliente_id, clover_item_id, name, description, price, image_path, visible)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (cliente_id, clover_item_id) DO UPDATE SET name = excluded.name, price = excluded.price
		RETURNING id`, t.Int64(), p.CloverItemID, p.Name, p.Description, p.Price, p.ImagePath, store.BoolInt(p.Visible)).Scan(&id)
	if err != nil {
		return 0, err
	}
	if _, err := q.Exec(ctx, `DELETE FROM producto_categorias WHERE producto_id = ?`, id); err != nil {
		return 0, err
	}
	for _, c := range p.Categories {
		if _, err := q.Exec(ctx, `INSERT INTO producto_categorias (producto_id, cliente_id, clover_category_id) VALUES (?, ?, ?)`, id, t.Int64(), c); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// listProductos returns the products of the restaurant (of one POS
// category when cloverCategoryID is set), localized to idioma, ordered by
// name; hidden ones only with all (which only staff may ask for: it takes
// a tenant.ID).
func listProductos(ctx context.Context, q store.Querier, t tenant.Scope, cloverCategoryID, idioma string, all bool) ([]Producto, error) {
	query := `SELECT p.id, p.name, p.description, p.price, p.image_path, p.visible, p.pos_available, p.agotado_hasta, p.alergenos, p.etiquetas FROM productos p`
	args := []any{t.Int64()}
	if cloverCategoryID != "" {
		query += ` JOIN producto_categorias pc ON pc.producto_id = p.id AND pc.clover_category_id = ?`
		args = []any{cloverCategoryID, t.Int64()}
	}
	query += ` WHERE p.cliente_id = ?`
	if !all {
		query += ` AND p.visible = 1`
	}
	query += ` ORDER BY p.name, p.id`
	now := q.NowUnix()
	tr, err := translations(ctx, q, t, "producto")
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Producto{}
	for rows.Next() {
		var p Producto
		var vis, avail int
		var until int64
		var alergenos, etiquetas string
		if err := rows.Scan(&p.ID, &p.Name, &p.Description, &p.Price, &p.ImagePath, &vis, &avail, &until, &alergenos, &etiquetas); err != nil {
			return nil, err
		}
		p.Alergenos, p.Etiquetas = splitCodes(alergenos), splitCodes(etiquetas)
		p.Visible = vis == 1
		p.AgotadoHoy = until > now
		p.Agotado = avail == 0 || p.AgotadoHoy
		p.Translations = orEmpty(tr[strconv.FormatInt(p.ID, 10)])
		p.Name = p.Translations.localize(idioma, "name", p.Name)
		p.Description = p.Translations.localize(idioma, "description", p.Description)
		out = append(out, p)
	}
	return out, rows.Err()
}

// productCategories maps each product of the restaurant to its POS
// category ids, in the POS's order.
func productCategories(ctx context.Context, q store.Querier, t tenant.ID) (map[int64][]string, error) {
	rows, err := q.Query(ctx, `SELECT pc.producto_id, pc.clover_category_id FROM producto_categorias pc
		JOIN pos_categorias c ON c.cliente_id = pc.cliente_id AND c.clover_category_id = pc.clover_category_id
		WHERE pc.cliente_id = ? ORDER BY pc.producto_id, c.sort_order, c.name`, t.Int64())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64][]string{}
	for rows.Next() {
		var id int64
		var cat string
		if err := rows.Scan(&id, &cat); err != nil {
			return nil, err
		}
		out[id] = append(out[id], cat)
	}
	return out, rows.Err()
}

func getProducto(ctx context.Context, q store.Querier, t tenant.ID, id int64) (Producto, error) {
	var p Producto
	var vis, avail int
	var until int64
	var alergenos, etiquetas string
	err := q.QueryRow(ctx, `SELECT id, name, description, price, image_path, visible, pos_available, agotado_hasta, alergenos, etiquetas FROM productos WHERE id = ? AND cliente_id = ?`, id, t.Int64()).
		Scan(&p.ID, &p.Name, &p.Description, &p.Price, &p.ImagePath, &vis, &avail, &until, &alergenos, &etiquetas)
	p.Alergenos, p.Etiquetas = splitCodes(alergenos), splitCodes(etiquetas)
	p.Visible = vis == 1
	p.AgotadoHoy = until > q.NowUnix()
	p.Agotado = avail == 0 || p.AgotadoHoy
	return p, store.NotFound(err)
}

func setProducto(ctx context.Context, q store.Querier, t tenant.ID, id int64, col string, v any) error {
	_, err := q.Exec(ctx, `UPDATE productos SET `+col+` = ? WHERE id = ? AND cliente_id = ?`, v, id, t.Int64())
	return err
}

// listPopups lists the restaurant's popups, newest first, named in idioma
// (the English name where given).
func listPopups(ctx context.Context, q store.Querier, t tenant.Scope, idioma string) ([]Popup, error) {
	rows, err := q.Query(ctx, `SELECT id, cliente_id, name, name_en, file_url, file_type, created_at FROM popups
		WHERE cliente_id = ? ORDER BY created_at DESC, id DESC`, t.Int64())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Popup{}
	for rows.Next() {
		var p Popup
		if err := rows.Scan(&p.ID, &p.ClienteID, &p.Name, &p.NameEN, &p.FileURL, &p.FileType, &p.CreatedAt); err != nil {
			return nil, err
		}
		if idioma == "en" && p.NameEN != "" {
			p.Name = p.NameEN
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// CreatePopup stores a popup of the restaurant.
func CreatePopup(ctx context.Context, q store.Querier, t tenant.ID, p Popup) (int64, error) {
	return store.InsertID(ctx, q, `INSERT INTO popups (cliente_id, name, name_en, file_url, file_type, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		t.Int64(), p.Name, p.NameEN, p.FileURL, p.FileType, q.NowUnix())
}

func getPopup(ctx context.Context, q store.Querier, t tenant.ID, id int64) (Popup, error) {
	var p Popup
	err := q.QueryRow(ctx, `SELECT id, cliente_id, name, name_en, file_url, file_type, created_at FROM popups WHERE id = ? AND cliente_id = ?`, id, t.Int64()).
		Scan(&p.ID, &p.ClienteID, &p.Name, &p.NameEN, &p.FileURL, &p.FileType, &p.CreatedAt)
	return p, store.NotFound(err)
}

func deletePopup(ctx context.Context, q store.Querier, t tenant.ID, id int64) error {
	res, err := q.Exec(ctx, `DELETE FROM popups WHERE id = ? AND cliente_id = ?`, id, t.Int64())
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// Currency is the restaurant's currency (an ISO code; USD by default):
// offers and orders charge in it.
func Currency(ctx context.Context, q store.Querier, t tenant.Scope) (string, error) {
	s, err := getSettings(ctx, q, t)
	return s.Moneda, err
}

// Local is the restaurant's currency and country: what an e-mail needs to
// write its amounts (money.Format with locale.Tag(pais, lang)).
func Local(ctx context.Context, q store.Querier, t tenant.Scope) (moneda, pais string, err error) {
	s, err := getSettings(ctx, q, t)
	return s.Moneda, s.Pais, err
}

// SetCurrency sets the restaurant's currency (its country's, when the super
// admin sets the country), keeping every other setting.
func SetCurrency(ctx context.Context, q store.Querier, t tenant.ID, moneda string) error {
	s, err := getSettings(ctx, q, t)
	if err != nil {
		return err
	}
	s.Moneda = moneda
	return SaveSettings(ctx, q, t, s)
}
